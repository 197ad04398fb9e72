import { Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { KeptServerHtml } from '~/lib/kept-server-html'
import { SiteLink, useSiteLinkNavigation } from '~/lib/site-link'
import type { FlashKey, FlashNote } from '~/lib/flash'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { Alert, Container, ToastProvider } from '~/ui'
import { BACK_TO_TOP_AFTER_PX } from './back-to-top-threshold'
import { IconSprite } from './icon-sprite'
import { SITE_FOOTER } from './kept-parts'
import { isFluidPath } from './layout'
import { PageViewTracker } from './page-view-tracker'
import { RouteChangeListener } from './route-change-listener'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { SkipLink } from './skip-link'
import { useVisitor } from './visitor'
import { lazyChunk } from '~/lib/chunk-load'

/**
 * The spec's app container around every page: skip link, header with the store navigation (desktop)
 * or menu and mobile search bar (small screens), the page, the footer and a back-to-top button.
 * Content is fluid on the store root and on product paths (/gp/), in the max-width container elsewhere.
 */
export function AppShell({
  navbar,
  flash,
  bare = false,
  children,
}: {
  navbar: NavbarCategory[]
  /** A one-time message from the previous page (after a redirect); a request that brings one is never given the shared page. */
  flash: FlashNote | null
  /** Just the page (a sign-in popup): no header, footer or navigation. */
  bare?: boolean
  children: React.ReactNode
}) {
  const { pathname } = useLocation()
  const viewer = useVisitor().facts?.viewer ?? null
  useSiteLinkNavigation()
  useEffect(() => {
    // Lets browser tests (and anyone curious) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  if (bare) {
    return (
      <ToastProvider>
        <IconSprite />
        <main id="main" className="mx-auto max-w-md px-4 py-6">
          {children}
        </main>
      </ToastProvider>
    )
  }
  return (
    <ToastProvider>
      <IconSprite />
      <div id="top" tabIndex={-1} className="flex min-h-dvh flex-col outline-none">
        <SkipLink />
        <SiteHeader navbar={navbar} />
        <main id="main" tabIndex={-1} className="flex-1 scroll-mt-4 outline-none">
          <FlashMessage flash={flash} />
          {viewer && !viewer.emailVerified && pathname !== '/verify_email' ? <ConfirmEmailReminder /> : null}
          {isFluidPath(pathname) ? children : <Container className="py-6 sm:py-10">{children}</Container>}
        </main>
        <Footer navbar={navbar} />
        <BackToTopOnScroll />
        <PageViewTracker />
        <RouteChangeListener />
      </div>
    </ToastProvider>
  )
}

const LazyBackToTop = lazyChunk('back-to-top', () => import('./back-to-top').then((m) => ({ default: m.BackToTop })))

/**
 * 'Back to top' (back-to-top.tsx) is hidden until the page is scrolled past its threshold, so the server writes
 * nothing and its code loads the first time that happens (decision 018, amendment h19): not at start.
 */
function BackToTopOnScroll() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (wanted) return
    const onScroll = () => window.scrollY > BACK_TO_TOP_AFTER_PX && setWanted(true)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [wanted])
  return wanted ? (
    <Suspense fallback={null}>
      <LazyBackToTop />
    </Suspense>
  ) : null
}

const LazySiteFooter = lazyChunk('site-footer', () => import('./site-footer').then((m) => ({ default: m.SiteFooter })))

/** The footer: the real one on the server; in the browser, the server's HTML kept (app/lib/kept-server-html.tsx). */
function Footer({ navbar }: { navbar: NavbarCategory[] }) {
  if (import.meta.env.SSR) return <SiteFooter navbar={navbar} />
  return (
    <KeptServerHtml
      as="footer"
      id={SITE_FOOTER.id}
      className={SITE_FOOTER.className}
      fallback={
        <Suspense fallback={null}>
          <LazySiteFooter navbar={navbar} />
        </Suspense>
      }
    />
  )
}

/** The one-time message after a redirect, shown at the top of the page (announced politely). */
function FlashMessage({ flash }: { flash: FlashNote | null }) {
  const [dismissed, setDismissed] = useState<FlashKey | null>(null)
  if (!flash || dismissed === flash.key) return null
  const { tone, message } = flash
  return (
    <Container className="pt-4">
      <Alert tone={tone} onDismiss={() => setDismissed(flash.key)}>
        {message}
      </Alert>
    </Container>
  )
}

/** Until the address is confirmed, a quiet reminder with a way to get a new link. */
function ConfirmEmailReminder() {
  return (
    <Container className="pt-4">
      <Alert tone="info">
        Please confirm your email address: we sent you a link.{' '}
        <SiteLink to="/verify_email" className="font-semibold text-berry-700 underline underline-offset-2">
          Send a new link
        </SiteLink>
      </Alert>
    </Container>
  )
}
