import { useId, useState } from 'react'
import { SiteLink } from '~/lib/site-link'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { cx, Drawer, Icon } from '~/ui'
import { categoryHref, FIND_REGISTRY_PATH, REGISTRY_NEW_PATH } from './site-links'

/** The mobile menu's drawer: the store categories, each expanding to its children (loaded on first use). */
export function MobileMenuDrawer({ navbar, open, onClose }: { navbar: NavbarCategory[]; open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title="Shop by category" side="left" bodyClassName="px-3 sm:px-4">
      <ul className="divide-y divide-line">
        {navbar.map((category) => (
          <MobileCategory key={category.urlSlug} category={category} onNavigate={onClose} />
        ))}
      </ul>
      <div className="mt-6 rounded-card bg-berry-50 p-4">
        <p className="flex items-center gap-2 font-bold text-ink">
          <Icon name="gift" className="size-5 text-berry-700" />
          Nestlist registry
        </p>
        <p className="mt-1 text-sm text-muted">One list for everything your baby needs, from any store.</p>
        <ul className="mt-3 flex flex-col gap-1">
          <li>
            <SiteLink to={REGISTRY_NEW_PATH} onClick={onClose} className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2">
              Start your registry
            </SiteLink>
          </li>
          <li>
            <SiteLink to={FIND_REGISTRY_PATH} onClick={onClose} className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2">
              Find a registry
            </SiteLink>
          </li>
        </ul>
      </div>
    </Drawer>
  )
}

function MobileCategory({ category, onNavigate }: { category: NavbarCategory; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  const allHref = categoryHref(category.urlSlug)
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((v) => !v)}
        className="flex min-h-13 w-full items-center gap-3 rounded-lg px-2 text-left font-semibold text-ink hover:bg-berry-50"
      >
        <img
          src={`/images/categories/${category.urlSlug}.svg`}
          alt=""
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-lg bg-peach-50 object-cover"
        />
        <span className="flex-1">{category.title}</span>
        <Icon name="chevron-down" className={cx('size-5 text-muted transition-transform', expanded && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!expanded} className="pb-3 pl-15">
        {allHref ? (
          <li>
            <SiteLink to={allHref} onClick={onNavigate} className="block rounded-md py-2 font-semibold text-berry-700">
              Shop all {category.title}
            </SiteLink>
          </li>
        ) : null}
        {category.children.map((child) => {
          const href = categoryHref(child.urlSlug)
          return (
            <li key={child.urlSlug}>
              {href ? (
                <SiteLink to={href} onClick={onNavigate} className="block rounded-md py-2 text-ink hover:text-berry-700">
                  {child.title}
                </SiteLink>
              ) : (
                <span className="block py-1.5 text-ink">{child.title}</span>
              )}
            </li>
          )
        })}
      </ul>
    </li>
  )
}
