import { type KeyboardEvent, type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { StaticMarkup } from '~/lib/static-markup'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { cx } from '~/ui'
import { createDropdownController } from './dropdown-controller'
import { trackFlyoutClick } from './navbar-analytics'
import { NavbarDropdown } from './navbar-dropdown'
import { STORE_NAV } from './kept-parts'
import { categoryHref } from './site-links'

const panelId = (slug: string) => `nav-panel-${slug}`
const HINT_ID = 'store-nav-hint'

/**
 * The desktop store navigation bar: the top-level categories in a row, each with a dropdown of its
 * children. Hover opens after 400 ms (at once when another is open) and closes 400 ms after the
 * pointer leaves; a press outside or a click on a category closes it. Keyboard: Enter, Space or
 * Down Arrow open, arrows move, Escape closes and returns focus to the item.
 */
/**
 * What was under way on the kept server HTML of the bar when its code arrived (header-store-nav.tsx): the index of the
 * focused link or button (-1: none), the item under the mouse, a category button pressed, an arrow key pressed.
 */
export type StoreNavResume = { focus: number; hover: string | null; open: string | null; key: string | null }

export function StoreNav({ navbar, resume }: { navbar: NavbarCategory[]; resume?: StoreNavResume }) {
  const [openId, setOpenId] = useState<string | null>(null)
  const [dropdown] = useState(() => createDropdownController(setOpenId))
  const { pathname } = useLocation()
  const navRef = useRef<HTMLElement>(null)
  const itemRefs = useRef(new Map<string, HTMLElement>())

  useEffect(() => () => dropdown.dispose(), [dropdown])

  // Taking over from the kept server HTML: carry on with what the visitor had started there. A layout effect: in the
  // commit that replaces the kept HTML, so no key lands on the page's body in between.
  useLayoutEffect(() => {
    if (!resume) return
    const focused = resume.focus >= 0 ? navRef.current?.querySelectorAll<HTMLElement>('a[href], button')[resume.focus] : undefined
    focused?.focus()
    if (resume.open) dropdown.open(resume.open)
    else if (resume.hover) dropdown.pointerEnterItem(resume.hover)
    // An arrow key pressed on an item: the item's own handler acts on it now.
    if (resume.key && focused) focused.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: resume.key, bubbles: true, cancelable: true }))
    // Once, when the live bar first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (openId === null) return
    function onMouseDown(event: MouseEvent) {
      if (!navRef.current?.contains(event.target as Node)) dropdown.close()
    }
    document.addEventListener('mousedown', onMouseDown)
    return () => document.removeEventListener('mousedown', onMouseDown)
  }, [openId, dropdown])

  // While loading, the bar renders nothing (spec).
  if (navbar.length === 0) return null

  const slugs = navbar.map((c) => c.urlSlug)
  const active = activeTopLevel(navbar, pathname)

  function focusItem(slug: string | undefined) {
    if (slug) itemRefs.current.get(slug)?.focus()
  }

  function panelLinks(slug: string): HTMLElement[] {
    const panel = document.getElementById(panelId(slug))
    return panel ? Array.from(panel.querySelectorAll<HTMLElement>('a[href]')) : []
  }

  function onItemKeyDown(event: KeyboardEvent<HTMLElement>, slug: string, index: number) {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault()
        dropdown.open(slug)
        // The panel is in the DOM already (hidden); wait for it to show before focusing inside.
        requestAnimationFrame(() => panelLinks(slug)[0]?.focus())
        break
      }
      case 'ArrowRight':
      case 'ArrowLeft': {
        event.preventDefault()
        const next = slugs[(index + (event.key === 'ArrowRight' ? 1 : -1) + slugs.length) % slugs.length]
        if (next && openId !== null) dropdown.open(next)
        focusItem(next)
        break
      }
      case 'Home':
      case 'End': {
        event.preventDefault()
        focusItem(event.key === 'Home' ? slugs[0] : slugs[slugs.length - 1])
        break
      }
      case 'Escape': {
        if (openId !== null) {
          event.preventDefault()
          dropdown.close()
        }
        break
      }
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLElement>, slug: string) {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      dropdown.close()
      focusItem(slug)
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const links = panelLinks(slug)
    const at = links.indexOf(document.activeElement as HTMLElement)
    event.preventDefault()
    if (event.key === 'ArrowUp' && at <= 0) focusItem(slug)
    else links[event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1]?.focus()
  }

  const mouseOnly = (handler: () => void) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') handler()
  }

  return (
    <nav
      ref={navRef}
      id={STORE_NAV.id}
      aria-label={STORE_NAV.label}
      className={STORE_NAV.className}
      onPointerEnter={mouseOnly(() => dropdown.pointerEnterNav())}
      onPointerLeave={mouseOnly(() => dropdown.pointerLeaveNav())}
      onBlur={(event) => {
        // Tabbing out of the bar and its panel closes the dropdown.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dropdown.close()
      }}
    >
      <span id={HINT_ID} hidden>
        Press Down Arrow to show this category’s sections.
      </span>
      {/* On the server no panel is open, so the bar's HTML depends on the categories and the current one only:
          the server writes a copy (app/lib/static-markup.tsx). */}
      <StaticMarkup
        as="ul"
        markupKey={() => storeNavKey(navbar, active, pathname)}
        className="mx-auto flex w-full max-w-7xl items-stretch justify-between px-[26px] xl:px-[22px]">
        {navbar.map((category, index) => {
          const href = categoryHref(category.urlSlug)
          const open = openId === category.urlSlug
          const current = active === category.urlSlug
          const common = {
            ref: (el: HTMLElement | null) => {
              if (el) itemRefs.current.set(category.urlSlug, el)
              else itemRefs.current.delete(category.urlSlug)
            },
            'aria-expanded': open,
            'aria-controls': panelId(category.urlSlug),
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => onItemKeyDown(event, category.urlSlug, index),
            onPointerEnter: mouseOnly(() => dropdown.pointerEnterItem(category.urlSlug)),
            onPointerLeave: mouseOnly(() => dropdown.pointerLeaveItem()),
            className: cx(
              'group relative flex h-12 items-center rounded-md px-1.5 text-sm font-semibold whitespace-nowrap transition-colors xl:px-2.5 xl:text-[0.9375rem]',
              open || current ? 'text-berry-700' : 'text-ink hover:text-berry-700',
            ),
          }
          const label = (
            <>
              {category.title}
              <span
                aria-hidden="true"
                className={cx(
                  'absolute inset-x-1.5 bottom-0 h-[3px] rounded-t-full bg-berry-700 transition-opacity xl:inset-x-2.5',
                  open || current ? 'opacity-100' : 'opacity-0 group-hover:opacity-100',
                )}
              />
            </>
          )
          return (
            <li key={category.urlSlug} className="flex">
              {href ? (
                <SiteLink
                  to={href}
                  aria-describedby={HINT_ID}
                  aria-current={current ? (pathname === href ? 'page' : 'true') : undefined}
                  onClick={() => {
                    trackFlyoutClick(category.title, category.urlSlug, category.children.length === 0)
                    dropdown.close()
                  }}
                  {...common}
                >
                  {label}
                </SiteLink>
              ) : (
                <button type="button" onClick={() => dropdown.toggle(category.urlSlug)} {...common}>
                  {label}
                </button>
              )}
              <NavbarDropdown
                id={panelId(category.urlSlug)}
                category={category}
                open={open}
                onNavigate={(link) => {
                  if (link) trackFlyoutClick(link.title, link.urlSlug, link.isLeaf)
                  dropdown.close()
                }}
                onKeyDown={(event) => onPanelKeyDown(event, category.urlSlug)}
              />
            </li>
          )
        })}
      </StaticMarkup>
    </nav>
  )
}

/** Everything the bar's server HTML is made of (no panel open): the categories, the current one and whether it is the page. */
export function storeNavKey(navbar: readonly NavbarCategory[], active: string | null, pathname: string): string {
  let key = `store-nav\u0000${active ?? ''}\u0000${active !== null && pathname === categoryHref(active) ? 'page' : ''}`
  for (const category of navbar) key += `\u0000${category.urlSlug}\u0001${category.title}`
  return key
}

/** The top-level category the current store page belongs to (itself or one of its children), if any. */
export function activeTopLevel(navbar: NavbarCategory[], pathname: string): string | null {
  if (!pathname.startsWith('/store/')) return null
  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  return navbar.find((c) => c.urlSlug === slug || c.children.some((child) => child.urlSlug === slug))?.urlSlug ?? null
}

