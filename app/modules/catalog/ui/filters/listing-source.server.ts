// Which engine answers a listing: the search module's listing service when the composition root has
// one, else the catalogue's plain page (no facets, no filters). Kept for pages that adopted it early;
// the category and search pages call context.services.search.listing directly.
import type { AppLoadContext } from 'react-router'
import type { ProductPage } from '~/modules/catalog/catalog.service.server'
import type { ListingQuery, ListingResult } from '~/modules/search/search.types'

type Lister = { listing: (query: ListingQuery) => Promise<ListingResult> }

/** The listing service, when the composition root has one. */
export function listingService(context: AppLoadContext): Lister | null {
  const search = (context.services as unknown as { search?: Partial<Lister> }).search
  return search && typeof search.listing === 'function' ? (search as Lister) : null
}

/** A plain catalogue page as a ListingResult without facets. */
export function fromProductPage(page: ProductPage): ListingResult {
  return { heroProducts: page.items, facets: [], count: page.total, page: page.page, pageSize: page.pageSize, pageCount: page.pageCount }
}
