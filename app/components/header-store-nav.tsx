import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { KeptServerHtml, useLiveOnFirstUse } from '~/lib/kept-server-html'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { STORE_NAV } from './kept-parts'
import { trackFlyoutClick } from './navbar-analytics'
import { StoreNav, type StoreNavResume } from './store-nav'
import { loadChunk } from '~/lib/chunk-load'

const loadStoreNav = () => loadChunk('store-nav', () => import('./store-nav'))

/** Keys the live bar acts on (store-nav.tsx `onItemKeyDown`): pressed before its code is there, they are replayed. */
const ITEM_KEYS = new Set(['ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'])

const itemSlug = (target: EventTarget | null) =>
  (target instanceof Element ? target.closest('[aria-controls^="nav-panel-"]')?.getAttribute('aria-controls')?.slice('nav-panel-'.length) : undefined) ?? null

/**
 * The header's store navigation (decision 018, amendment h18). The server renders the real bar. The browser keeps
 * the server's HTML (app/lib/kept-server-html.tsx; its links navigate in the app) and loads the bar's code on the
 * first sign that someone is about to use it: the pointer over it, focus inside it, or a navigation to another page
 * (whose current category the bar must show). Then the live bar replaces the kept HTML in one commit and takes over
 * what was under way: the focused item keeps focus, a hovered item opens after the usual delay, a pressed category
 * button opens, and an arrow key pressed in between is acted on.
 */
export function HeaderStoreNav({ navbar }: { navbar: NavbarCategory[] }) {
  if (import.meta.env.SSR) return <StoreNav navbar={navbar} />
  return <KeptStoreNav navbar={navbar} />
}

function KeptStoreNav({ navbar }: { navbar: NavbarCategory[] }) {
  const { pathname } = useLocation()
  const [firstPath] = useState(pathname)
  const [live, setLive] = useState<{ Nav: typeof StoreNav; resume: StoreNavResume } | null>(null)
  // What the visitor is doing on the kept bar. The live bar reads it when it first commits (not when its code
  // arrives), so a key pressed while React renders it is carried on too.
  const pending = useRef<StoreNavResume>({ focus: -1, hover: null, open: null, key: null })
  const focusIndex = (target: EventTarget | null) => {
    const nav = document.getElementById(STORE_NAV.id)
    return nav ? Array.from(nav.querySelectorAll('a[href], button')).indexOf(target as Element) : -1
  }

  // A link pressed while the code arrives is followed: the live bar waits for the pointer's release.
  const { wake, onPointerDown } = useLiveOnFirstUse(loadStoreNav, ({ StoreNav: Nav }) => {
    pending.current.focus = focusIndex(document.activeElement)
    setLive({ Nav, resume: pending.current })
  })

  useEffect(() => {
    // Another page (the bar shows its category), or a page whose server HTML had no bar (the sign-in popup).
    if (pathname !== firstPath || !document.getElementById(STORE_NAV.id)) wake()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])

  if (live) return <live.Nav navbar={navbar} resume={live.resume} />
  return (
    <KeptServerHtml
      as="nav"
      id={STORE_NAV.id}
      aria-label={STORE_NAV.label}
      className={STORE_NAV.className}
      fallback={null}
      onPointerOver={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') pending.current.hover = itemSlug(event.target)
        wake()
      }}
      onPointerLeave={() => (pending.current.hover = null)}
      onPointerDown={onPointerDown}
      onFocus={(event) => {
        pending.current.focus = focusIndex(event.target)
        wake()
      }}
      // Focus moved out of the bar (not the kept HTML removed, which has no next target).
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) pending.current.focus = -1
      }}
      onClickCapture={(event) => {
        const slug = itemSlug(event.target)
        if (slug && (event.target as Element).closest('button')) pending.current.open = pending.current.open === slug ? null : slug
        // A category followed from the kept bar is recorded as the live bar records it (its link navigates through
        // followSiteLink; the panels' links exist only once the live bar has opened one).
        const category = slug && (event.target as Element).closest('a[href]') ? navbar.find((c) => c.urlSlug === slug) : undefined
        if (category) trackFlyoutClick(category.title, category.urlSlug, category.children.length === 0)
        wake()
      }}
      onKeyDownCapture={(event: KeyboardEvent) => {
        if (ITEM_KEYS.has(event.key) && itemSlug(event.target)) {
          event.preventDefault()
          pending.current.key = event.key
        }
      }}
    />
  )
}
