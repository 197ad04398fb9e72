import { useEffect } from 'react'
import { redirect, useNavigate, useRouteLoaderData } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { trackSearch } from '~/modules/analytics/track'
import type { CategoryNavItem } from '~/modules/catalog/catalog.service.server'
import { firstIssue, pageInput, searchTermInput } from '~/modules/catalog/catalog.validation'
import { categoryPath } from '~/modules/catalog/category-path'
import { isShortCode } from '~/modules/catalog/product-path'
import { CategoryNav } from '~/modules/catalog/ui/category-nav'
import { DEFAULT_SORT, hasFilters, parseFilters, parseSort, selectionHref } from '~/modules/catalog/ui/filters/filter-state'
import { listingView } from '~/modules/catalog/product-card.server'
import { listingQueryFrom, missingPageMessage, tidyHref } from '~/modules/catalog/ui/filters/listing-request'
import { STORED_SORT_KEY } from '~/modules/catalog/ui/filters/use-listing-filters'
import { pageHref } from '~/modules/catalog/ui/pagination'
import { ProductCard } from '~/modules/catalog/ui/product-card'
import { ProductListing } from '~/modules/catalog/ui/product-listing'
import { ButtonBanner, MobileAppPromo } from '~/modules/catalog/ui/search-promos'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import type { loader as rootLoader } from '~/root'
import { sharedPageHeaders } from '~/lib/shared-pages'
import { RegistryDiscountBanner } from '~/modules/discount/ui/registry-discount-banner'
import type { Route } from './+types/search'
import { badRequest, domainErrorCode, notFound, orNotFound } from './http-errors'
import { formatCount } from '~/lib/format'

/** How many of the first products the hero strip shows above the grid (page 1 of a full result). */
export const HERO_STRIP_SIZE = 3

/** /store/search?search_term=… (unified_search=true is accepted too): products matching every word. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not request.url: with v8_passThroughRequests the request of a client navigation ends in .data.
  const term = searchTermInput.safeParse(url.searchParams.get('search_term') ?? '')
  if (!term.success) {
    badRequest({ message: `${firstIssue(term.error)} Try a shorter search.`, retryHref: '/store/search', retryLabel: 'Start a new search' })
  }
  const searchTerm = term.data
  const page = pageInput.safeParse(url.searchParams.get('page'))
  if (!page.success) notFound({ message: 'Page numbers are whole numbers from 1.', retryHref: pageHref(url, 1), retryLabel: 'Go to the first page' })

  // Without JavaScript the search box submits here; a short code still leads to its product.
  if (isShortCode(searchTerm) && page.data === 1) {
    const found = await context.services.catalog.productByShortCode(searchTerm).catch((error: unknown) => {
      if (domainErrorCode(error) === 'not_found') return null
      throw error
    })
    if (found) throw redirect(found.path, 302)
  }

  const retry = { retryHref: pageHref(url, 1), retryLabel: 'Go to the first page' }
  const tidy = tidyHref(url, DEFAULT_SORT)
  if (tidy) throw redirect(tidy, 303)
  const request = listingQueryFrom(url.searchParams, { searchTerm }, { page: page.data, defaultSort: DEFAULT_SORT })
  if (request.error !== undefined) {
    badRequest({ message: request.error, retryHref: `/store/search?search_term=${encodeURIComponent(searchTerm)}`, retryLabel: 'Clear the filters' })
  }
  const results = await orNotFound(context.services.search.listing(request.query), retry)
  const missing = missingPageMessage(results)
  if (missing) notFound({ message: missing, ...retry })
  // The search id names one search as a visitor saw it (analytics): made in the browser, since the page is shared.
  const { searchId: _shared, ...shown } = listingView(results)
  return { searchTerm, results: shown, href: `${url.pathname}${url.search}` }
}

/** The same page for everyone (app/lib/shared-pages.ts): kept by shared caches for a few seconds. */
export const headers: Route.HeadersFunction = () => sharedPageHeaders()

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.searchTerm || 'Search' },
  { name: 'robots', content: 'noindex' },
]

/** The left navigation's categories, from the store navbar the root loader already read. */
function useCategoryNav(): CategoryNavItem[] {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return (root?.navbar ?? []).map((top) => ({
    title: top.title,
    urlSlug: top.urlSlug,
    path: categoryPath(top.urlSlug),
    children: top.children.map((child) => ({ title: child.title, urlSlug: child.urlSlug, path: categoryPath(child.urlSlug), children: [] })),
  }))
}

/**
 * Spec: a search address with neither sort nor order takes the sort stored earlier in this tab, by
 * replacing (not pushing) the address.
 */
function useStoredSort(href: string) {
  const navigate = useNavigate()
  useEffect(() => {
    const url = new URL(href, window.location.origin)
    if (url.searchParams.has('sort') || url.searchParams.has('order')) return
    let stored = null
    try {
      const raw = sessionStorage.getItem(STORED_SORT_KEY)
      stored = raw ? parseSort(new URLSearchParams(JSON.parse(raw) as Record<string, string>)) : null
    } catch {
      stored = null
    }
    if (!stored || (stored.sort === DEFAULT_SORT.sort && stored.order === DEFAULT_SORT.order)) return
    const next = selectionHref(url.pathname, { filters: parseFilters(url.searchParams), sort: stored }, { keep: url.searchParams })
    const page = url.searchParams.get('page')
    void navigate(page ? pageHref(next, Number(page)) : next, { replace: true, preventScrollReset: true })
  }, [href, navigate])
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { searchTerm, results, href } = loaderData
  const nav = useCategoryNav()
  useStoredSort(href)
  const productIds = results.heroProducts.slice(0, 20).map((p) => p.productId).join(',')
  useEffect(() => {
    if (!searchTerm) return
    trackSearch({ searchTerm, searchId: crypto.randomUUID(), productIds: productIds ? productIds.split(',').map(Number) : [] })
  }, [searchTerm, productIds])

  const filtered = hasFilters(parseFilters(new URL(href, 'http://localhost').searchParams))
  const count = `${formatCount(results.count)} ${results.count === 1 ? 'product' : 'products'}`
  // The hero strip: the first products of the first page, above the grid that holds the rest.
  const strip = results.page === 1 && results.heroProducts.length > HERO_STRIP_SIZE * 2 ? results.heroProducts.slice(0, HERO_STRIP_SIZE) : []
  return (
    <div className="grid gap-6 sm:grid-cols-12 sm:gap-8">
      <div className="flex min-w-0 flex-col sm:order-2 sm:col-span-9">
        <RegistryDiscountBanner className="mb-4" />
        {searchTerm ? (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">
              <span className="sr-only">Search results for </span>"{searchTerm}"
            </h1>
            {results.count === 0 && !filtered ? (
              <div className="mt-4 max-w-[480px]">
                <p className="text-lg">Sorry, there are no products matching '{searchTerm.toUpperCase()}'.</p>
                {results.didYouMean?.length ? (
                  <p className="mt-3 text-lg" data-testid="did-you-mean">
                    Did you mean{' '}
                    {results.didYouMean.map((s, i) => (
                      <span key={s.searchTerm}>
                        {i > 0 ? (i === results.didYouMean!.length - 1 ? ' or ' : ', ') : null}
                        <SiteLink to={s.url} className="font-semibold text-berry-700 underline underline-offset-4 hover:text-berry-800">
                          {s.searchTerm}
                        </SiteLink>
                      </span>
                    ))}
                    ?
                  </p>
                ) : null}
                <p className="mt-3 text-muted">Check the spelling, try fewer or more general words, or browse the categories.</p>
                <MobileAppPromo returnPath={href} />
                <ButtonBanner />
              </div>
            ) : (
              <>
                <div className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
                  <p className="text-muted">{count}</p>
                  {results.brand ? (
                    <SiteLink to={results.brand.brandPageUrl} className="font-semibold text-berry-700 underline underline-offset-4 hover:text-berry-800">
                      Shop all {results.brand.title} products
                    </SiteLink>
                  ) : null}
                </div>
                {strip.length ? (
                  <section aria-labelledby="top-results-heading" className="mt-6 rounded-card bg-peach-50 p-4 sm:p-5">
                    <h2 id="top-results-heading" className="text-lg font-bold">
                      Top results
                    </h2>
                    <ul className="mt-3 flex snap-x gap-3 overflow-x-auto pb-2 sm:grid sm:grid-cols-3 sm:gap-5 sm:overflow-visible sm:pb-0" aria-label="Top results">
                      {strip.map((product, i) => (
                        <li key={product.productId} className="w-[44%] shrink-0 snap-start sm:w-auto">
                          <ProductCard product={product} reloadDocument eager={i < 3} />
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                <div className="mt-6">
                  <ProductListing
                    key={searchTerm}
                    result={results}
                    href={href}
                    label={`Products matching ${searchTerm}`}
                    showCount={false}
                    skip={strip.length}
                  />
                </div>
                <MobileAppPromo returnPath={href} />
                <ButtonBanner />
              </>
            )}
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Search</h1>
            <p className="mt-2 text-muted">Type a product or a brand into the search box to search the shop, or browse the categories.</p>
          </>
        )}
      </div>
      <aside className="sm:order-1 sm:col-span-3">
        <CategoryNav items={nav} activeSlugSet={[]} />
      </aside>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
