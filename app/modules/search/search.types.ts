// The contract between the product listing engine (search module) and the pages and API that show listings.
// Pure types: safe to import from routes and components.
import type { ProductCard, ProductCardView } from '../catalog/catalog.service.server'

/** Sort criteria (spec §3 'Sort keys') and directions. */
export type SortKey = 'popular' | 'price' | 'newest' | 'rating' | 'reviews'
export type SortOrder = 'asc' | 'desc'

/** The spec's filter state (§3 'Filter state'); absent keys do not filter. Prices are whole dollars. */
export type ProductFilters = {
  brands?: string[]
  categories?: string[]
  onSale?: boolean
  minPrice?: number
  maxPrice?: number
  available?: boolean
  minRating?: number
}

export type FacetValue = { label: string; value: string; count: number }

/**
 * A facet (spec §3 'Facet'): key, label, type and values. numeric-range has two values labelled 'Min'
 * and 'Max' whose value is numeric text; rating lists 5 stars downward with label and count; boolean has
 * one value whose count is the number of matches when it is on. Counts for a section exclude that
 * section's own filter (spec §4), so a shopper sees what choosing another option would give.
 */
export type Facet = {
  key: 'brands' | 'categories' | 'price' | 'minRating' | 'onSale' | 'available'
  label: string
  type: 'boolean' | 'multi-select' | 'numeric-range' | 'rating'
  values: FacetValue[]
}

/** What a listing shows: a search, a category, a brand or a curated listing, with filters, sort and page. */
export type ListingQuery = {
  searchTerm?: string
  /** The category's url slug; its descendants are included. */
  categorySlug?: string
  brandId?: number
  /** The fixed store listings: /store/sale, /store/new, /store/fsa-hsa-eligible, /best-baby-products. */
  listing?: 'sale' | 'new' | 'fsa-hsa-eligible' | 'best'
  filters: ProductFilters
  /**
   * Products left out of the listing whatever the filters (the registry discount's exclusions): brands and
   * categories by slug (a category takes its subcategories with it), and everything that is not a shop
   * product (gift cards, cash funds, favors) when shopProductsOnly is set.
   */
  exclude?: { brands?: readonly string[]; categories?: readonly string[]; shopProductsOnly?: boolean }
  sort: SortKey
  order: SortOrder
  /** 1-based. */
  page: number
  /** Products per page; 18 in the store (spec §9). */
  limit: number
}

export type ListingResult = {
  heroProducts: ProductCard[]
  facets: Facet[]
  /** How many products match the query and its filters. */
  count: number
  page: number
  pageSize: number
  pageCount: number
  /** Set for searches; the client stores it after a successful search (spec §4). */
  searchId?: string
  /** The brand whose name the search term matches, when it has a brand page (spec 'Search data'). */
  brand?: { id: number; title: string; brandPageUrl: string }
  /** For a search that found nothing: nearby terms that do find products, best first, with their search page. */
  didYouMean?: { searchTerm: string; url: string }[]
}

/** A listing as the shop's pages send it to the browser: the cards trimmed to what they render (`listingView`). */
export type ListingView = Omit<ListingResult, 'heroProducts'> & { heroProducts: ProductCardView[] }
