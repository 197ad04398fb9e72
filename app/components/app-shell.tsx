import { Link } from 'react-router'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'

/** Header, store navigation, content and footer around every page. */
export function AppShell({ navbar, children }: { navbar: NavbarCategory[]; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-2xl font-extrabold text-berry-700">
            Nestlist
          </Link>
        </div>
        <nav aria-label="Shop categories" className="mx-auto max-w-7xl px-4">
          <ul className="flex gap-4 overflow-x-auto py-2 text-sm">
            {navbar.map((c) => (
              <li key={c.urlSlug}>{c.title}</li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-line bg-white px-4 py-8 text-sm text-muted">© Nestlist</footer>
    </div>
  )
}
