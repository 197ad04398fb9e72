// What a listing engine answers, before cards are loaded and facets labelled. Both the SQL engine (the
// baseline and fallback) and the in-memory index return exactly this, for the same ResolvedQuery.
import type { Facet, SortKey, SortOrder } from './search.types'
import type { CatalogMeta, ResolvedQuery } from './search-catalog.server'

export type RawListing = {
  /** The ids of the requested page, in order. */
  ids: number[]
  count: number
  /** Each count excludes its own section's filter (spec §4). */
  brandCounts: Map<number, number>
  categoryCounts: Map<number, number>
  /** Lowest and highest price in cents, and how many products that covers. */
  price: { min: number | null; max: number | null; count: number }
  /** Products per whole star (floor of the rating, 0..5). */
  ratingHistogram: number[]
  onSaleCount: number
  availableCount: number
}

export type EngineQuery = ResolvedQuery & { sort: SortKey; order: SortOrder; offset: number; limit: number }

export interface ListingEngine {
  readonly name: string
  run(query: EngineQuery, meta: CatalogMeta): Promise<RawListing>
}

/** Listing 'new': created within this many days of the newest product (as the storefront defines it). */
export const NEW_PRODUCT_DAYS = 90
/** Listing 'best': well reviewed products. */
export const BEST_MIN_RATING = 4
export const BEST_MIN_REVIEWS = 25
export { ELECTRONIC_GIFT_CARD_MAX_CENTS as GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS as GIFT_CARD_MIN_CENTS } from '../catalog/catalog.constants'

const RATING_LABELS = ['5', '4 & up', '3 & up', '2 & up', '1 & up']

/** Labels the raw counts as the spec's facets, in the filter drawer's order. */
export function buildFacets(raw: RawListing, meta: CatalogMeta): Facet[] {
  const brands = [...raw.brandCounts]
    .flatMap(([id, count]) => {
      const b = meta.brandById.get(id)
      return b && count > 0 ? [{ label: b.name, value: b.slug, count }] : []
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
  const categories = [...raw.categoryCounts]
    .flatMap(([id, count]) => {
      const c = meta.categoryById.get(id)
      return c && count > 0 ? [{ label: c.title, value: c.urlSlug, count }] : []
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
  const dollars = (cents: number | null) => (cents === null ? '0' : (cents / 100).toFixed(2).replace(/\.00$/, ''))
  let atLeast = 0
  const rating = [5, 4, 3, 2, 1].map((stars, i) => {
    atLeast += raw.ratingHistogram[stars] ?? 0
    return { label: RATING_LABELS[i]!, value: String(stars), count: atLeast }
  })
  return [
    { key: 'categories', label: 'Category', type: 'multi-select', values: categories },
    { key: 'brands', label: 'Brand', type: 'multi-select', values: brands },
    {
      key: 'price',
      label: 'Price',
      type: 'numeric-range',
      values: [
        { label: 'Min', value: dollars(raw.price.min), count: raw.price.count },
        { label: 'Max', value: dollars(raw.price.max), count: raw.price.count },
      ],
    },
    { key: 'minRating', label: 'Rating', type: 'rating', values: rating },
    { key: 'onSale', label: 'On Sale', type: 'boolean', values: [{ label: 'On Sale', value: 'true', count: raw.onSaleCount }] },
    { key: 'available', label: 'In Stock', type: 'boolean', values: [{ label: 'In Stock', value: 'true', count: raw.availableCount }] },
  ]
}
