import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { Container, ToastProvider } from '~/ui'
import { BackToTop } from './back-to-top'
import { isFluidPath } from './layout'
import { PageViewTracker } from './page-view-tracker'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { SkipLink } from './skip-link'

/**
 * The spec's app container around every page: skip link, header with the store navigation (desktop)
 * or menu and mobile search bar (small screens), the page, the footer and a back-to-top button.
 * Content is fluid on the store root and on product paths (/gp/), in the max-width container elsewhere.
 */
export function AppShell({ navbar, children }: { navbar: NavbarCategory[]; children: React.ReactNode }) {
  const { pathname } = useLocation()
  useEffect(() => {
    // Lets browser tests (and anyone curious) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <ToastProvider>
      <div id="top" tabIndex={-1} className="flex min-h-dvh flex-col outline-none">
        <SkipLink />
        <SiteHeader navbar={navbar} />
        <main id="main" tabIndex={-1} className="flex-1 scroll-mt-4 outline-none">
          {isFluidPath(pathname) ? children : <Container className="py-6 sm:py-10">{children}</Container>}
        </main>
        <SiteFooter navbar={navbar} />
        <BackToTop />
        <PageViewTracker />
      </div>
    </ToastProvider>
  )
}
