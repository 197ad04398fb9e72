import { useEffect, useRef } from 'react'
import { Form, useLocation } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { Icon } from '~/ui'
import { cx } from '~/ui/cx'
import { ACCOUNT_BUTTON_CLASSES, type HeaderViewer } from './account-menu'

/** The staff pages the menu lists for staff, in this order. */
const STAFF_LINKS = [
  ['/admin/emails', 'Staff: email outbox'],
  ['/admin/insert-cards', 'Staff: insert card orders'],
  ['/admin/shipments', 'Staff: shipments'],
  ['/admin/stock', 'Staff: stock'],
  ['/admin/store-credit', 'Staff: store credit'],
  ['/admin/gift-cards', 'Staff: gift cards'],
  ['/admin/reservations', 'Staff: reservations'],
  ['/admin/returns', 'Staff: gift returns'],
  ['/admin/payouts', 'Staff: bank transfer payouts'],
  ['/admin/shop-caches', 'Staff: shop caches'],
  ['/admin/banner-ads', 'Staff: banner ads'],
] as const

/**
 * A signed-in person's account menu: a native <details>, so it opens with the keyboard and works before
 * JavaScript, with settings, shipments, the staff pages for staff, and sign out. Its code loads only for people
 * who are signed in (account-menu.tsx).
 */
export function SignedInMenu({ viewer, myRegistry, className }: { viewer: NonNullable<HeaderViewer>; myRegistry?: { href: string } | null; className?: string }) {
  const { pathname } = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)
  const shownFor = useRef(pathname)
  useEffect(() => {
    // With JavaScript the menu also closes on Escape, on a click elsewhere, and after navigating (not when its code
    // arrives: a menu opened before that stays open).
    const details = menu.current
    if (!details) return
    if (shownFor.current !== pathname) {
      shownFor.current = pathname
      details.open = false
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && details.open) {
        details.open = false
        details.querySelector('summary')?.focus()
      }
    }
    const onClick = (e: MouseEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [pathname, viewer])
  return (
    <details ref={menu} className={cx('group relative shrink-0', className)} data-account-menu>
      <summary className={ACCOUNT_BUTTON_CLASSES}>
        <Icon name="user" className="size-5" />
        <span className="max-w-[9rem] truncate max-[400px]:sr-only">
          <span className="sr-only">Account menu for </span>
          {viewer.firstName}
        </span>
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180 max-[400px]:hidden" />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-2xl border border-line bg-white p-2 shadow-lg">
        <ul className="flex flex-col">
          {myRegistry ? (
            <li>
              <SiteLink to={myRegistry.href} className="flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold hover:bg-berry-50">
                My registry
              </SiteLink>
            </li>
          ) : null}
          <li>
            <SiteLink to="/settings" className="flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold hover:bg-berry-50">
              Account settings
            </SiteLink>
          </li>
          <li>
            <SiteLink to="/shipments" className="flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold hover:bg-berry-50">
              Your shipments
            </SiteLink>
          </li>
          {viewer.role === 'staff'
            ? STAFF_LINKS.map(([to, label]) => (
                <li key={to}>
                  <SiteLink to={to} className="flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold hover:bg-berry-50">
                    {label}
                  </SiteLink>
                </li>
              ))
            : null}
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className="flex min-h-11 w-full items-center rounded-xl px-3 text-left text-sm font-semibold hover:bg-berry-50">
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  )
}
