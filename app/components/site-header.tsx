import { Suspense, useMemo } from 'react'
import { KeptServerHtml } from '~/lib/kept-server-html'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { MiniCart } from '~/modules/cart/ui/mini-cart'
import { Container } from '~/ui'
import { ACCOUNT_CORNER_CLASSES, AccountMenu } from './account-menu'
import { HeaderAnnouncementBar } from './header-announcement-bar'
import { SITE_LOGO } from './kept-parts'
import { Logo } from './logo'
import { MobileMenu } from './mobile-menu'
import { MobileSearchBar } from './mobile-search-bar'
import { SearchBox } from './search-box'
import { livePages } from './site-links'
import { HeaderStoreNav } from './header-store-nav'
import { useVisitor } from './visitor'
import { lazyChunk } from '~/lib/chunk-load'

// The spec's shop promises (section 9), in a module of their own so that the announcement bar's code, loaded on
// first use, does not import the header.
export { FREE_SHIPPING_THRESHOLD, REGISTRY_DISCOUNT_PERCENT, RETURNS_WINDOW } from './store-perks'

/**
 * The top of every page. From the desktop breakpoint: logo, search box and the store navigation bar.
 * Below it: a menu button with the categories in a drawer, the logo, and the mobile search bar.
 */
export function SiteHeader({ navbar }: { navbar: NavbarCategory[] }) {
  const facts = useVisitor().facts
  // Not known yet (undefined): the neutral account corner. The same objects while the facts say the same, so that a new
  // answer does not re-render the account menu (a menu opened before its code came stays open as it hydrates).
  const viewer = useSame(facts ? facts.viewer : undefined)
  const myRegistry = useSame(facts?.myRegistry ?? null)
  return (
    <header className="relative z-30 bg-white shadow-[0_1px_0_var(--color-line)]">
      <HeaderAnnouncementBar />
      <Container className="flex h-16 items-center gap-3 lg:h-20 lg:gap-8">
        <div className="lg:hidden">
          <MobileMenu navbar={navbar} />
        </div>
        <HeaderLogo />
        <p className="hidden border-l border-line pl-4 text-sm leading-tight text-muted xl:block">
          The universal baby
          <br />
          registry &amp; shop
        </p>
        {livePages.storeSearch ? <SearchBox className="mx-auto hidden max-w-2xl flex-1 lg:block" /> : null}
        <div className="ml-auto flex items-center lg:ml-0">
          <div className={ACCOUNT_CORNER_CLASSES}>
            <AccountMenu viewer={viewer} myRegistry={myRegistry} />
          </div>
          <MiniCart count={facts ? facts.cartCount : null} />
        </div>
      </Container>
      {livePages.storeSearch ? <MobileSearchBar /> : null}
      <HeaderStoreNav navbar={navbar} />
    </header>
  )
}

/** `value` as one object for as long as it says the same (as JSON): a stable prop for memoised parts. */
function useSame<T>(value: T): T {
  const json = value === undefined ? '' : JSON.stringify(value)
  return useMemo(() => (json === '' ? undefined : JSON.parse(json)) as T, [json])
}

const LazyLogo = lazyChunk('logo', () => import('./logo').then((m) => ({ default: m.Logo })))

/** The logo: the real one on the server; in the browser, the server's HTML kept (no code for its SVG). */
function HeaderLogo() {
  if (import.meta.env.SSR) return <Logo />
  return (
    <KeptServerHtml
      as="a"
      id={SITE_LOGO.id}
      href="/"
      data-discover="true"
      className={SITE_LOGO.className}
      fallback={
        <Suspense fallback={null}>
          <LazyLogo />
        </Suspense>
      }
    />
  )
}
