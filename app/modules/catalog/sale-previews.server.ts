// The sale page's preview rows (spec §9 'Sale preview slugs: two (gear and essentials)'). Each row is the first
// products of the sale listing filtered to its group's categories, read through the listing service (the
// in-memory index once loaded, decision 009), so a row is exactly the start of the listing its 'Shop all'
// link opens and follows catalogue changes as that listing does. No SQL of its own.
import { SALE_PREVIEW_PRODUCTS, SALE_PREVIEWS, type SalePreview, type SalePreviewSlug } from '~/modules/config/app-config'
import type { ListingQuery, ListingResult } from '~/modules/search/search.types'
import type { ProductCardView } from './catalog.service.server'
import { listingView } from './product-card.server'
import { DEFAULT_SORT, selectionHref, type SortState } from './ui/filters/filter-state'

/** Where the sale listing lives; the rows' links filter it. */
export const SALE_LISTING_PATH = '/store/sale'

/** A preview row as the sale page renders it. */
export type SalePreviewView = {
  slug: SalePreviewSlug
  title: string
  shopAllLabel: string
  /** The sale listing filtered to the group's categories: shareable, and what the filter bar writes itself. */
  href: string
  /** How many products of the group are on sale (the 'Shop all' listing's count). */
  count: number
  products: ProductCardView[]
}

type Lister = { listing: (query: ListingQuery) => Promise<ListingResult> }

/** The 'Shop all' address of a group: /store/sale?categories=strollers,car-seats,… (as the filter bar writes it). */
export function salePreviewHref(preview: Pick<SalePreview, 'categorySlugs'>, defaultSort: SortState = DEFAULT_SORT): string {
  return selectionHref(SALE_LISTING_PATH, { filters: { categories: [...preview.categorySlugs] }, sort: null }, { defaultSort })
}

/** The listing query of a group's row: the sale listing, the group's categories, the page's default sort, the first few. */
export function salePreviewQuery(preview: Pick<SalePreview, 'categorySlugs'>, sort: SortState = DEFAULT_SORT, limit = SALE_PREVIEW_PRODUCTS): ListingQuery {
  return { listing: 'sale', filters: { categories: [...preview.categorySlugs] }, sort: sort.sort, order: sort.order, page: 1, limit }
}

/** The rows to show, in SALE_PREVIEWS order; a group with nothing on sale is left out. */
export async function salePreviews(
  search: Lister,
  options: { previews?: readonly SalePreview[]; sort?: SortState; limit?: number } = {},
): Promise<SalePreviewView[]> {
  const { previews = SALE_PREVIEWS, sort = DEFAULT_SORT, limit = SALE_PREVIEW_PRODUCTS } = options
  const results = await Promise.all(previews.map((preview) => search.listing(salePreviewQuery(preview, sort, limit))))
  return previews.flatMap((preview, i) => {
    const result = results[i]!
    if (result.count === 0 || result.heroProducts.length === 0) return []
    return [
      {
        slug: preview.slug,
        title: preview.title,
        shopAllLabel: preview.shopAllLabel,
        href: salePreviewHref(preview, sort),
        count: result.count,
        products: listingView(result).heroProducts,
      },
    ]
  })
}

/**
 * The group whose 'Shop all' listing these filters are (exactly its categories, in any order, and nothing else
 * chosen), so that page can be headed 'Gear on sale' instead of 'Sale'; null for any other choice.
 */
export function salePreviewForFilters(filters: { categories?: readonly string[] } & Record<string, unknown>, previews: readonly SalePreview[] = SALE_PREVIEWS): SalePreview | null {
  const { categories, ...others } = filters
  if (!categories || Object.values(others).some((value) => value !== undefined)) return null
  const chosen = new Set(categories)
  return previews.find((preview) => preview.categorySlugs.length === chosen.size && preview.categorySlugs.every((slug) => chosen.has(slug))) ?? null
}
