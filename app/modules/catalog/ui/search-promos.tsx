import { SiteLink } from '~/lib/site-link'
import { LinkButton } from '~/ui'

/**
 * The search page's mobile-only promo block (spec §2 'Search results page'): on phones, people who do not find
 * a product here can add it from any store with the Nestlist app (/mobile-app-download).
 */
export function MobileAppPromo({ returnPath }: { returnPath: string }) {
  return (
    <aside aria-labelledby="app-promo-heading" className="mt-8 flex items-center gap-4 rounded-card bg-sky-50 p-4 sm:hidden">
      <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
      <div className="min-w-0">
        <h2 id="app-promo-heading" className="font-bold">
          Don't see what you're looking for?
        </h2>
        <p className="mt-0.5 text-sm">
          <SiteLink
            to={`/mobile-app-download?path=${encodeURIComponent(returnPath)}`}
            className="font-semibold text-berry-700 underline underline-offset-2"
          >
            You can add from any store with the 5-star app.
          </SiteLink>
        </p>
      </div>
    </aside>
  )
}

/**
 * The search page's button-banner (spec §2), hidden on small screens: on a computer, the Nestlist button adds
 * items from any store's page (/add-items explains it).
 */
export function ButtonBanner() {
  return (
    <aside aria-labelledby="button-banner-heading" className="mt-8 hidden items-center justify-between gap-6 rounded-card border border-line bg-white p-5 shadow-card sm:flex">
      <div>
        <h2 id="button-banner-heading" className="text-lg font-bold">
          Don't see what you're looking for?
        </h2>
        <p className="mt-1 text-muted">Install the Nestlist Button to add items from any store.</p>
      </div>
      <LinkButton to="/add-items" className="shrink-0">
        Get the Nestlist Button
      </LinkButton>
    </aside>
  )
}
