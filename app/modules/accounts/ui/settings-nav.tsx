import { useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'
import { cx } from '~/ui'

/** The settings sections; later issues add their pages (orders, gift cards) here when they land. */
export const settingsSections = [
  { to: '/settings', label: 'Overview', end: true },
  { to: '/settings/account', label: 'Account' },
  { to: '/settings/email-preferences', label: 'Email preferences' },
  { to: '/settings/shipping', label: 'Shipping address' },
  { to: '/settings/your-orders', label: 'Your orders' },
  { to: '/settings/payment-methods', label: 'Payment methods' },
  { to: '/settings/two-factor', label: 'Two-factor sign-in' },
  { to: '/settings/registry', label: 'Registry', end: true },
  { to: '/settings/registry/visibility', label: 'Registry privacy' },
  { to: '/settings/collaborators', label: 'Collaborators' },
  { to: '/settings/cash-fund-preferences', label: 'Cash fund preferences' },
  { to: '/settings/gift-cards-and-promos', label: 'Gift cards and promos' },
] as const

/**
 * Settings navigation: a column beside the page on wide screens, a row of pills that scrolls sideways on
 * narrow ones (down to 320 px). NavLink marks the current page with aria-current="page".
 */
export function SettingsNav() {
  const list = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  useEffect(() => {
    // On narrow screens, bring the current section into the scrolled row (horizontally only).
    const ul = list.current
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return
    const left = current.getBoundingClientRect().left - ul.getBoundingClientRect().left + ul.scrollLeft
    if (left < ul.scrollLeft || left + current.offsetWidth > ul.scrollLeft + ul.clientWidth) ul.scrollLeft = left - 16
  }, [pathname])
  return (
    <nav aria-label="Settings">
      <ul
        ref={list}
        className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:pb-0"
      >
        {settingsSections.map((s) => (
          <li key={s.to} className="shrink-0 snap-start">
            <NavLink
              to={s.to}
              end={'end' in s ? s.end : false}
              prefetch="intent"
              className={({ isActive }) =>
                cx(
                  // No colour transition: the current pill must meet contrast the moment it is marked (axe runs right after navigation).
                  'flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap',
                  'lg:rounded-xl lg:border-transparent lg:px-4 lg:text-base',
                  isActive
                    ? 'border-berry-700 bg-berry-700 text-white lg:bg-berry-50 lg:text-berry-800 lg:shadow-[inset_3px_0_0_var(--color-berry-700)]'
                    : 'border-line-strong bg-white text-ink hover:bg-berry-50 hover:text-berry-800 lg:bg-transparent',
                )
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
