// From a listing page's address to the engine's query: what the category, search, brand and special
// listing loaders share. Pure, so the rules are tested without a server.
import { isDomainError } from '~/lib/errors'
import { parseListingParams } from '~/modules/search/listing-query'
import type { ListingQuery, ListingResult } from '~/modules/search/search.types'
import { needsTidying, parseSelection, selectionHref, type SortState } from './filter-state'

/**
 * The filters and sort of an address as a ListingQuery (18 products a page) with the engine's own
 * parser; `base` names what is listed. Returns the parser's message when a value is not valid (a 400).
 */
export function listingQueryFrom(
  params: URLSearchParams,
  base: Pick<ListingQuery, 'searchTerm' | 'categorySlug' | 'brandId' | 'listing' | 'exclude'>,
  options: { page: number; defaultSort: SortState },
): { query: ListingQuery; error?: undefined } | { query?: undefined; error: string } {
  // The page and the term are checked by the page itself (a 404 and a 400 with their own messages).
  const rest = new URLSearchParams(params)
  rest.delete('page')
  rest.delete('search_term')
  try {
    const parsed = parseListingParams(rest, { sort: options.defaultSort.sort, order: options.defaultSort.order })
    return { query: { ...parsed, ...base, page: options.page } }
  } catch (error) {
    if (isDomainError(error) && error.code === 'invalid_input') return { error: error.message }
    throw error
  }
}

/**
 * The tidy address for a query string a plain form sent (empty fields, repeated keys), or null when it
 * is tidy already. Loaders redirect to it, so shared addresses stay short and readable.
 */
export function tidyHref(url: URL, defaultSort: SortState): string | null {
  if (!needsTidying(url.searchParams)) return null
  return selectionHref(url.pathname, parseSelection(url.searchParams), { keep: url.searchParams, defaultSort })
}

/** The message for a page past the last one, or null when the page exists. */
export function missingPageMessage(result: Pick<ListingResult, 'page' | 'pageCount'>): string | null {
  if (result.page <= 1 || result.page <= result.pageCount) return null
  const last = Math.max(result.pageCount, 1)
  return `There is no page ${result.page}: these products fit on ${last} ${last === 1 ? 'page' : 'pages'}.`
}
