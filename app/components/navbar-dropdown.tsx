import type { KeyboardEvent } from 'react'
import { SiteLink } from '~/lib/site-link'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { Container, cx, Icon } from '~/ui'
import { categoryHref, livePages } from './site-links'

type NavbarDropdownProps = {
  id: string
  category: NavbarCategory
  open: boolean
  /** A link was clicked: the dropdown closes. A category link passes itself, for analytics. */
  onNavigate: (category?: { title: string; urlSlug: string; isLeaf: boolean }) => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
}

/**
 * The panel under a navbar item: the category's children (links once category pages exist, plain
 * text before that) beside the category's illustration. The (empty, hidden) panel is always in the
 * document so aria-controls points somewhere; its contents render when it opens.
 */
export function NavbarDropdown({ id, category, open, onNavigate, onKeyDown }: NavbarDropdownProps) {
  const allHref = categoryHref(category.urlSlug)
  const showGuides = livePages.guides && category.guides.length > 0
  return (
    <div
      id={id}
      hidden={!open}
      onKeyDown={onKeyDown}
      className="absolute inset-x-0 top-full z-40 border-t border-line bg-white shadow-pop animate-fade-in"
    >
      {/* The panel's contents render only while it is open: eleven closed panels were a quarter of every
          page's HTML and render time (bench/ssr.bench.ts), and every link in them is also on the category pages. */}
      {open ? (
      <Container className="grid grid-cols-[minmax(0,1fr)_16rem] gap-10 py-7 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <div className="flex items-baseline justify-between gap-4">
            <p className="text-xl font-extrabold text-ink">{category.title}</p>
            {allHref ? (
              <SiteLink
                to={allHref}
                onClick={() => onNavigate({ title: category.title, urlSlug: category.urlSlug, isLeaf: category.children.length === 0 })}
                className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-berry-700 hover:underline">
                Shop all {category.title}
                <Icon name="arrow-right" className="size-4" />
              </SiteLink>
            ) : null}
          </div>
          {category.children.length > 0 ? (
            <ul className="mt-4 grid grid-cols-3 gap-x-8 gap-y-1">
              {category.children.map((child) => {
                const href = categoryHref(child.urlSlug)
                const itemClass = 'block rounded-md py-1.5 text-[0.9375rem]'
                return (
                  <li key={child.urlSlug}>
                    {href ? (
                      <SiteLink
                        to={href}
                        onClick={() => onNavigate({ title: child.title, urlSlug: child.urlSlug, isLeaf: true })}
                        className={cx(itemClass, 'text-ink hover:text-berry-700 hover:underline')}>
                        {child.title}
                      </SiteLink>
                    ) : (
                      <span className={cx(itemClass, 'text-ink')}>{child.title}</span>
                    )}
                  </li>
                )
              })}
            </ul>
          ) : null}
          {!allHref ? <p className="mt-5 text-sm text-muted">Category pages are opening soon.</p> : null}
          {showGuides ? (
            <div className="mt-6 border-t border-line pt-5">
              <p className="text-sm font-bold text-ink">Shop by {category.title} Guide</p>
              <ul className="mt-3 grid grid-cols-3 gap-4">
                {category.guides.slice(0, 3).map((guide) => (
                  <li key={guide.url}>
                    <SiteLink to={guide.url} onClick={() => onNavigate()} className="group flex items-center gap-3 rounded-lg">
                      <img src={guide.featuredImageUrl} alt="" className="size-14 shrink-0 rounded-lg bg-cream-200 object-cover" loading="lazy" />
                      <span className="text-sm font-semibold text-ink group-hover:text-berry-700 group-hover:underline">{guide.title}</span>
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="self-start overflow-hidden rounded-card bg-peach-50">
          <img src={`/images/categories/${category.urlSlug}.svg`} alt="" width={288} height={216} className="aspect-[4/3] w-full object-cover" />
        </div>
      </Container>
      ) : null}
    </div>
  )
}
