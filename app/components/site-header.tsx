import { lazy, Suspense } from 'react'
import { KeptServerHtml } from '~/lib/kept-server-html'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { MiniCart } from '~/modules/cart/ui/mini-cart'
import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'
import { Container, Icon, Tooltip } from '~/ui'
import { AccountMenu, type HeaderViewer } from './account-menu'
import { SITE_LOGO } from './kept-parts'
import { Logo } from './logo'
import { MobileMenu } from './mobile-menu'
import { MobileSearchBar } from './mobile-search-bar'
import { SearchBox } from './search-box'
import { livePages } from './site-links'
import { HeaderStoreNav } from './header-store-nav'

/** The spec's free-shipping threshold and registry discount (section 9; the discount's numbers live in app-config). */
export const FREE_SHIPPING_THRESHOLD = 45
export const REGISTRY_DISCOUNT_PERCENT = REGISTRY_DISCOUNT.percent

/** The spec's store returns window (section 9). */
export const RETURNS_WINDOW = '9 months'

/**
 * The top of every page. From the desktop breakpoint: logo, search box and the store navigation bar.
 * Below it: a menu button with the categories in a drawer, the logo, and the mobile search bar.
 */
export function SiteHeader({ navbar, viewer }: { navbar: NavbarCategory[]; viewer: HeaderViewer }) {
  return (
    <header className="relative z-30 bg-white shadow-[0_1px_0_var(--color-line)]">
      <AnnouncementBar />
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
          <AccountMenu viewer={viewer} />
          <MiniCart />
        </div>
      </Container>
      {livePages.storeSearch ? <MobileSearchBar /> : null}
      <HeaderStoreNav navbar={navbar} />
    </header>
  )
}

function AnnouncementBar() {
  return (
    <div className="bg-berry-800 text-white">
      <Container className="flex min-h-9 items-center justify-center gap-x-6 py-1 text-[0.8125rem] font-semibold">
        <p className="flex items-center gap-1.5">
          <Icon name="truck" className="size-4" />
          <span>
            Free shipping <span className="max-[400px]:hidden">on orders </span>over ${FREE_SHIPPING_THRESHOLD}
          </span>
          <Tooltip label="About free shipping" triggerClassName="text-white hover:text-berry-100 aria-expanded:text-white" align="end">
            Standard shipping is free on orders over ${FREE_SHIPPING_THRESHOLD}. Some exclusions apply, such as oversized and
            freight items.
          </Tooltip>
        </p>
        <p className="hidden items-center gap-1.5 md:flex">
          <Icon name="tag" className="size-4" />
          <span>{REGISTRY_DISCOUNT_PERCENT}% registry discount</span>
          <Tooltip label="About the registry discount" triggerClassName="text-white hover:text-berry-100 aria-expanded:text-white" align="end">
            With a registry you get {REGISTRY_DISCOUNT_PERCENT}% off starting {REGISTRY_DISCOUNT.preArrivalDays} days before your due date, on items
            sold by Nestlist. Your registry must be active for {REGISTRY_DISCOUNT.registryCreationMinDays} days.
          </Tooltip>
        </p>
      </Container>
    </div>
  )
}

const LazyLogo = lazy(() => import('./logo').then((m) => ({ default: m.Logo })))

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
