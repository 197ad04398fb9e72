import { type KeyboardEvent, lazy, Suspense } from 'react'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'

export type NavbarDropdownProps = {
  id: string
  category: NavbarCategory
  open: boolean
  /** A link was clicked: the dropdown closes. A category link passes itself, for analytics. */
  onNavigate: (category?: { title: string; urlSlug: string; isLeaf: boolean }) => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
}

/** Fetches the panel's code; the bar calls it as soon as the pointer or focus reaches it (the 400 ms hover delay covers it). */
export const loadNavbarPanel = () => import('./navbar-panel')
const NavbarPanel = lazy(() => loadNavbarPanel().then((m) => ({ default: m.NavbarPanel })))

/**
 * The panel under a navbar item: the category's children (links once category pages exist, plain
 * text before that) beside the category's illustration. The (empty, hidden) panel is always in the
 * document so aria-controls points somewhere; its contents render when it opens.
 */
export function NavbarDropdown({ id, category, open, onNavigate, onKeyDown }: NavbarDropdownProps) {
  return (
    <div
      id={id}
      hidden={!open}
      onKeyDown={onKeyDown}
      className="absolute inset-x-0 top-full z-40 border-t border-line bg-white shadow-pop animate-fade-in"
    >
      {/* The panel's contents render only while it is open: eleven closed panels were a quarter of every
          page's HTML and render time (bench/ssr.bench.ts), and every link in them is also on the category pages.
          Their code is not part of the first load either. */}
      {open ? (
        <Suspense fallback={null}>
          <NavbarPanel category={category} onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </div>
  )
}
