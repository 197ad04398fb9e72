import { SiteLink } from '~/lib/site-link'
import { StaticMarkup } from '~/lib/static-markup'
import { track } from '~/modules/analytics/track'
import { cx, Icon } from '~/ui'
import type { CategoryNavItem } from '../catalog.service.server'

type CategoryNavProps = {
  items: CategoryNavItem[]
  /** The slug chain of the page being shown: its branch opens and its own entry is marked current. */
  activeSlugSet: string[]
}

function NavList({ items, activeSlugSet, depth }: CategoryNavProps & { depth: number }) {
  const current = activeSlugSet.at(-1)
  return (
    <ul className={cx('flex flex-col', depth > 0 && 'mt-1 mb-2 ml-3 border-l-2 border-berry-100 pl-2')}>
      {items.map((item) => {
        const open = activeSlugSet.includes(item.urlSlug)
        const isCurrent = item.urlSlug === current
        return (
          <li key={item.urlSlug}>
            <SiteLink
              to={item.path}
              aria-current={isCurrent ? 'page' : undefined}
              onClick={() =>
                track({ name: 'store_category_clicked', categoryName: item.title, isLeafCategory: item.leaf ?? item.children.length === 0, slug: item.urlSlug, location: 'left_nav' })
              }
              className={cx(
                'block rounded-lg px-2 py-1.5 leading-snug hover:bg-berry-50 hover:text-berry-800',
                depth === 0 ? 'font-semibold' : 'text-sm',
                isCurrent && 'bg-berry-50 text-berry-700',
                open && !isCurrent && depth === 0 && 'text-berry-700',
              )}
            >
              {item.title}
            </SiteLink>
            {open && item.children.length > 0 ? <NavList items={item.children} activeSlugSet={activeSlugSet} depth={depth + 1} /> : null}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The left category navigation: every top-level category, with the current branch opened. On phones
 * it folds into a disclosure so the products come first.
 */
export function CategoryNav({ items, activeSlugSet }: CategoryNavProps) {
  const list = <NavList items={items} activeSlugSet={activeSlugSet} depth={0} />
  return (
    // Its HTML depends on the items and the open branch only, and the list is in it twice: the server
    // writes a copy per catalogue version and branch (app/lib/static-markup.tsx).
    <StaticMarkup as="nav" markupKey={() => categoryNavKey(items, activeSlugSet)} aria-label="Browse categories">
      <details className="group rounded-card border border-line bg-white sm:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 font-semibold [&::-webkit-details-marker]:hidden">
          Browse categories
          <Icon name="chevron-down" className="transition-transform group-open:rotate-180" />
        </summary>
        <div className="border-t border-line px-2 py-2">{list}</div>
      </details>
      <div className="hidden sm:block">
        <h2 className="mb-2 px-2 text-xs font-bold tracking-wider text-muted uppercase">Categories</h2>
        {list}
      </div>
    </StaticMarkup>
  )
}

/** Everything the navigation's HTML is made of: each item's slug, title, path, leaf mark and shown children. */
export function categoryNavKey(items: readonly CategoryNavItem[], activeSlugSet: readonly string[]): string {
  let key = `category-nav\u0000${activeSlugSet.join('/')}`
  const add = (list: readonly CategoryNavItem[], depth: number) => {
    for (const item of list) {
      key += `\u0000${depth}\u0001${item.urlSlug}\u0001${item.title}\u0001${item.path}\u0001${item.leaf ?? ''}\u0001${item.children.length}`
      add(item.children, depth + 1)
    }
  }
  add(items, 0)
  return key
}
