import { Link } from 'react-router'

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
          <Link
            to={`/mobile-app-download?path=${encodeURIComponent(returnPath)}`}
            className="font-semibold text-berry-700 underline underline-offset-2"
          >
            You can add from any store with the 5-star app.
          </Link>
        </p>
      </div>
    </aside>
  )
}
