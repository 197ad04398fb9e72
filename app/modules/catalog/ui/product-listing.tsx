import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react'
import { SiteLink } from '~/lib/site-link'
import type { ListingResult, ListingView } from '~/modules/search/search.types'
import { FilterBar } from './filters/filter-bar'
import * as filterPanel from './filters/filter-panel'
import { DEFAULT_SORT, hasFilters, type SortState } from './filters/filter-state'
import { useListingFilters } from './filters/use-listing-filters'
import { pageHref, Pagination } from './pagination'
import { type GuideCardData, ProductGrid } from './product-grid'
import { formatCount } from '~/lib/format'
import { loadChunk } from '~/lib/chunk-load'

export const EMPTY_FILTER_MESSAGE_START = "Whoops! We couldn't find any matches that fit your current filters. Adjust your selections or "
export const EMPTY_FILTER_MESSAGE_END = ' to see all available products.'

type ProductListingProps = {
  result: ListingView
  /** The current address (path and query): filters, sort and page are read from it. */
  href: string
  /** Names the product list for assistive technology, e.g. 'Strollers products'. */
  label: string
  /** The page's default sort: a category's sortType and sortOrder (spec §4), else popular. */
  defaultSort?: SortState
  slugSet?: string[]
  guides?: GuideCardData[]
  /** The heading above the bar; omitted when the page has its own. */
  heading?: ReactNode
  /** Whether to show the product count line ('Showing 1–18 of 240 products'). */
  showCount?: boolean
  /** Products shown above the grid (a search's hero strip) are left out of it. */
  skip?: number
}

/** 'Showing 19–36 of 240 products' across pages, '12 products' on one. */
export function countText(result: Pick<ListingResult, 'count' | 'page' | 'pageSize' | 'pageCount'>, onPage: number): string {
  const total = formatCount(result.count)
  if (result.pageCount > 1) {
    const first = (result.page - 1) * result.pageSize + 1
    return `Showing ${first}–${first + onPage - 1} of ${total} products`
  }
  return `${total} ${result.count === 1 ? 'product' : 'products'}`
}

// The drawer and the no-JavaScript panel (with every facet section and the range slider) are a chunk of
// their own: the drawer is fetched when a shopper first opens it, so it is not part of a listing page's
// first load. The server renders the no-JavaScript panel directly (import.meta.env.SSR is false in the
// browser build, where the static import then goes unused and is left out).
const loadPanel = () => loadChunk('filter-panel', () => import('./filters/filter-panel'))
const FilterDrawer = lazy(() => loadPanel().then((m) => ({ default: m.FilterDrawer })))
const InlineFilterPanel = import.meta.env.SSR ? filterPanel.InlineFilterPanel : lazy(() => loadPanel().then((m) => ({ default: m.InlineFilterPanel })))

/**
 * A product listing: the filter bar and drawer, the count, the grid and pagination, and the empty-filter
 * message. Reused by the category, search, brand and special listing pages. Works without JavaScript:
 * the pills are links and the panel a GET form.
 */
export function ProductListing({ result, href, label, defaultSort = DEFAULT_SORT, slugSet, guides, heading, showCount = true, skip = 0 }: ProductListingProps) {
  const state = useListingFilters({ href, defaultSort })
  const countId = useId()
  const filtered = hasFilters(state.applied.filters)
  // The same array while the result is the same: the grid (memoised) then skips the render that follows hydration,
  // when the listing's hydrated flag turns true (an update React runs in one uninterrupted task).
  const products = useMemo(() => result.heroProducts.slice(skip), [result.heroProducts, skip])
  // Mounted from the first opening on (so closing can animate and reopening is instant).
  const [drawerWanted, setDrawerWanted] = useState(false)
  if (state.open && !drawerWanted) setDrawerWanted(true)
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <FilterBar state={state} facets={result.facets} />
        {showCount ? (
          <p id={countId} className="text-sm text-muted" aria-live="polite">
            {result.count === 0 ? '0 products' : countText(result, result.heroProducts.length)}
          </p>
        ) : null}
      </div>
      {state.inlinePanel ? (
        <Suspense fallback={null}>
          <InlineFilterPanel state={state} facets={result.facets} defaultSort={defaultSort} />
        </Suspense>
      ) : null}
      {state.hydrated && drawerWanted ? (
        <Suspense fallback={null}>
          <FilterDrawer state={state} facets={result.facets} defaultSort={defaultSort} />
        </Suspense>
      ) : null}
      {result.count === 0 ? (
        filtered ? (
          <p className="max-w-[480px] py-6 leading-relaxed">
            {EMPTY_FILTER_MESSAGE_START}
            <SiteLink to={state.clearHref} className="font-semibold text-berry-700 underline underline-offset-4">
              clear all filters
            </SiteLink>
            {EMPTY_FILTER_MESSAGE_END}
          </p>
        ) : (
          <p className="max-w-[480px] py-6 text-muted">There are no products here right now.</p>
        )
      ) : (
        <>
          {products.length > 0 ? <ProductGrid products={products} label={label} slugSet={slugSet} guides={guides} /> : null}
          <Pagination className="mt-6" page={result.page} pageCount={result.pageCount} hrefFor={(p) => pageHref(href, p)} />
        </>
      )}
    </div>
  )
}
