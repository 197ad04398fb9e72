import { useEffect, useRef } from 'react'
import { Form, useLocation } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { Icon } from '~/ui'
import { cx } from '~/ui/cx'

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

export type HeaderViewer = { firstName: string; role: 'user' | 'staff'; emailVerified: boolean } | null

/**
 * The header's account corner: 'Sign in' for visitors; for a signed-in person a small menu (a native
 * <details>, so it opens with the keyboard and works before JavaScript) with settings and sign out.
 */
export function AccountMenu({ viewer, className }: { viewer: HeaderViewer; className?: string }) {
  const { pathname, search } = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    // With JavaScript the menu also closes on Escape, on a click elsewhere, and after navigating.
    const details = menu.current
    if (!details) return
    details.open = false
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
  if (!viewer) {
    const here = pathname + search
    const back = pathname === '/login' || pathname === '/signup' || pathname === '/logout' ? '' : `?redirect_path=${encodeURIComponent(here)}`
    return (
      <SiteLink
        to={`/login${back}`}
        className={cx(
          'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800',
          className,
        )}
      >
        <Icon name="user" className="size-5" />
        <span className="max-[400px]:sr-only">Sign in</span>
      </SiteLink>
    )
  }
  return (
    <details ref={menu} className={cx('group relative shrink-0', className)} data-account-menu>
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800 [&::-webkit-details-marker]:hidden">
        <Icon name="user" className="size-5" />
        <span className="max-w-[9rem] truncate max-[400px]:sr-only">
          <span className="sr-only">Account menu for </span>
          {viewer.firstName}
        </span>
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180 max-[400px]:hidden" />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-2xl border border-line bg-white p-2 shadow-lg">
        <ul className="flex flex-col">
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
