// The filter and sort rules of the listing pages (spec §3 'Filter state', 'Sort keys'; §4 'Filters and
// sort'; §5 range slider and label rules). Pure: shared by the loaders, the components and the tests.
import type { Facet, FacetValue, ProductFilters, SortKey, SortOrder } from '~/modules/search/search.types'
import { formatCount } from '~/lib/format'

/** The query keys that hold filters, in the order they are written to the URL. */
export const FILTER_KEYS = ['brands', 'categories', 'onSale', 'minPrice', 'maxPrice', 'available', 'minRating'] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

/** Every query key the filter UI owns; anything else (search_term, unified_search) is kept as it is. */
export const LISTING_KEYS = ['sort', 'order', 'page', 'panel', ...FILTER_KEYS] as const

/** The sort menu (spec §9): label and value; Popular has the empty value. */
export const SORT_OPTIONS = [
  { label: 'Popular', value: '' },
  { label: 'Newest', value: 'newest' },
  { label: 'Price High to Low', value: 'price_desc' },
  { label: 'Price Low to High', value: 'price_asc' },
  { label: 'Highest Rated', value: 'highest_rated' },
  { label: 'Most Reviewed', value: 'most_reviewed' },
] as const
export type SortOptionValue = (typeof SORT_OPTIONS)[number]['value']

export type SortState = { sort: SortKey; order: SortOrder }

/** Spec §4: the default sort is popular ascending. */
export const DEFAULT_SORT: SortState = { sort: 'popular', order: 'asc' }

const SORT_KEYS: readonly SortKey[] = ['popular', 'price', 'newest', 'rating', 'reviews']

/** Spec §4: price_asc, price_desc, newest, highest_rated, most_reviewed; anything else is Popular descending. */
export function sortOptionToState(value: string): SortState {
  switch (value) {
    case 'price_asc':
      return { sort: 'price', order: 'asc' }
    case 'price_desc':
      return { sort: 'price', order: 'desc' }
    case 'newest':
      return { sort: 'newest', order: 'desc' }
    case 'highest_rated':
      return { sort: 'rating', order: 'desc' }
    case 'most_reviewed':
      return { sort: 'reviews', order: 'desc' }
    default:
      return { sort: 'popular', order: 'desc' }
  }
}

/** The menu option that shows a sort; a sort the menu does not list shows as Popular. */
export function sortStateToOption(state: SortState): SortOptionValue {
  if (state.sort === 'price') return state.order === 'asc' ? 'price_asc' : 'price_desc'
  if (state.sort === 'newest') return 'newest'
  if (state.sort === 'rating') return 'highest_rated'
  if (state.sort === 'reviews') return 'most_reviewed'
  return ''
}

/** A category's sortType and sortOrder, when they name a known sort, are its page's default (spec §4). */
export function categoryDefaultSort(sortType: string | null | undefined, sortOrder: string | null | undefined): SortState {
  const sort = SORT_KEYS.find((k) => k === sortType?.trim().toLowerCase())
  if (!sort) return DEFAULT_SORT
  const order = sortOrder?.trim().toLowerCase()
  return { sort, order: order === 'asc' || order === 'desc' ? order : sort === 'popular' ? 'asc' : 'desc' }
}

/** What the shopper has chosen: filters and sort. A sort of null means the page's default. */
export type Selection = { filters: ProductFilters; sort: SortState | null }

const BOOLEAN_TRUE = new Set(['true', '1', 'on', 'yes'])

function listValues(params: URLSearchParams, key: string): string[] | undefined {
  // Both `brands=a,b` (what we write) and `brands=a&brands=b` (what a plain form sends) are read.
  const values = params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
  return values.length ? [...new Set(values)].slice(0, 100) : undefined
}

function numberValue(params: URLSearchParams, key: string, max: number): number | undefined {
  const raw = params.get(key)?.trim()
  if (!raw) return undefined
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) return undefined
  return Math.min(n, max)
}

/** Reads filters from a query string by type (spec §4); values that do not parse are ignored. */
export function parseFilters(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {}
  const brands = listValues(params, 'brands')
  if (brands) filters.brands = brands
  const categories = listValues(params, 'categories')
  if (categories) filters.categories = categories
  if (BOOLEAN_TRUE.has(params.get('onSale')?.trim().toLowerCase() ?? '')) filters.onSale = true
  const minPrice = numberValue(params, 'minPrice', 1_000_000)
  if (minPrice !== undefined) filters.minPrice = Math.floor(minPrice)
  const maxPrice = numberValue(params, 'maxPrice', 1_000_000)
  if (maxPrice !== undefined) filters.maxPrice = Math.ceil(maxPrice)
  if (BOOLEAN_TRUE.has(params.get('available')?.trim().toLowerCase() ?? '')) filters.available = true
  const minRating = numberValue(params, 'minRating', 5)
  if (minRating !== undefined && minRating > 0) filters.minRating = Math.floor(minRating)
  return filters
}

/** Reads the sort: a menu value in `sort` (price_asc…), or a sort key with `order`; null when absent or unknown. */
export function parseSort(params: URLSearchParams): SortState | null {
  const sort = params.get('sort')?.trim().toLowerCase() ?? ''
  const order = params.get('order')?.trim().toLowerCase() ?? ''
  const key = SORT_KEYS.find((k) => k === sort)
  if (key) return { sort: key, order: order === 'asc' || order === 'desc' ? order : key === 'popular' || key === 'price' ? 'asc' : 'desc' }
  if (SORT_OPTIONS.some((o) => o.value !== '' && o.value === sort)) return sortOptionToState(sort)
  return null
}

export function parseSelection(params: URLSearchParams): Selection {
  return { filters: parseFilters(params), sort: parseSort(params) }
}

/** Writes filters to query parameters; empty values and empty lists are dropped (spec §4). */
export function writeFilters(params: URLSearchParams, filters: ProductFilters): void {
  for (const key of FILTER_KEYS) params.delete(key)
  if (filters.brands?.length) params.set('brands', filters.brands.join(','))
  if (filters.categories?.length) params.set('categories', filters.categories.join(','))
  if (filters.onSale) params.set('onSale', 'true')
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice))
  if (filters.available) params.set('available', 'true')
  if (filters.minRating !== undefined && filters.minRating > 0) params.set('minRating', String(filters.minRating))
}

/**
 * The address of a selection on `pathname`: page 1, the kept parameters (search_term…), then sort and
 * filters. A sort equal to the page's default is left out, so the plain page keeps its plain address.
 */
export function selectionHref(pathname: string, selection: Selection, options: { keep?: URLSearchParams; defaultSort?: SortState } = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of options.keep ?? []) {
    if (!(LISTING_KEYS as readonly string[]).includes(key) && value !== '') params.append(key, value)
  }
  const sort = selection.sort
  const def = options.defaultSort ?? DEFAULT_SORT
  if (sort && !(sort.sort === def.sort && sort.order === def.order)) {
    params.set('sort', sort.sort)
    params.set('order', sort.order)
  }
  writeFilters(params, selection.filters)
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** True when any filter is set. */
export function hasFilters(filters: ProductFilters): boolean {
  return FILTER_KEYS.some((key) => {
    const v = filters[key]
    return Array.isArray(v) ? v.length > 0 : v !== undefined && v !== false
  })
}

/**
 * True when a query string is in the shape a plain (no JavaScript) form sends: empty filter values or
 * repeated list keys. The loader then redirects to the tidy address.
 */
export function needsTidying(params: URLSearchParams): boolean {
  for (const key of [...FILTER_KEYS, 'sort', 'order']) {
    const values = params.getAll(key)
    if (values.some((v) => v.trim() === '')) return true
    if (values.length > 1) return true
  }
  return false
}

// ---- Multi-select with 'View All' (spec §4) ----

/** View All is checked exactly when nothing is selected; it cannot be unchecked by itself. */
export const viewAllChecked = (selected: readonly string[]) => selected.length === 0

/** Toggling one value: selecting adds it (View All unchecks), deselecting the last one leaves View All checked. */
export function toggleValue(selected: readonly string[], value: string, checked: boolean): string[] {
  if (checked) return selected.includes(value) ? [...selected] : [...selected, value]
  return selected.filter((v) => v !== value)
}

/** Checking View All clears the selection; unchecking it does nothing. */
export function toggleViewAll(selected: readonly string[], checked: boolean): string[] {
  return checked ? [] : [...selected]
}

// ---- Range slider (spec §5) ----

export type SliderBounds = { min: number; max: number; step: number; disabled: boolean }

/**
 * Whole-number bounds of a range slider. The filter version rounds the minimum down and the maximum up;
 * the facet version (`reverse`) rounds the minimum up and the maximum down. Step 1 when the spread is
 * under 20, else 10; spread under 1 disables (and hides) the price section.
 */
export function sliderBounds(rawMin: number, rawMax: number, options: { reverse?: boolean } = {}): SliderBounds {
  const lo = Math.min(rawMin, rawMax)
  const hi = Math.max(rawMin, rawMax)
  let min = options.reverse ? Math.ceil(lo) : Math.floor(lo)
  let max = options.reverse ? Math.floor(hi) : Math.ceil(hi)
  if (max < min) [min, max] = [Math.floor(lo), Math.ceil(hi)]
  const spread = hi - lo
  const step = spread < 20 ? 1 : 10
  if (step === 10) {
    // Ends on the step grid, so the thumbs can reach both ends.
    const down = (n: number) => Math.floor(n / 10) * 10
    const up = (n: number) => Math.ceil(n / 10) * 10
    const [a, b] = options.reverse ? [up(min), down(max)] : [down(min), up(max)]
    if (b > a) [min, max] = [a, b]
  }
  return { min, max, step, disabled: spread < 1 }
}

/** The bounds of a numeric-range facet from its 'Min' and 'Max' values (numeric text); null when unreadable. */
export function facetRange(facet: Pick<Facet, 'values'>): { min: number; max: number } | null {
  const find = (label: string) => Number(facet.values.find((v) => v.label.toLowerCase() === label)?.value)
  const min = find('min')
  const max = find('max')
  return Number.isFinite(min) && Number.isFinite(max) ? { min, max } : null
}

/** Price labels carry the '$' prefix. */
export const priceLabel = (n: number) => `$${formatCount(n)}`

// ---- Labels (spec §5, §9) ----

export const PRODUCT_TYPE_LABEL_MAX = 26

/** Product type labels are cut to 26 characters, the cut marked with an ellipsis inside the limit. */
export function truncateLabel(label: string, max = PRODUCT_TYPE_LABEL_MAX): string {
  const chars = Array.from(label)
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('').trimEnd()}…`
}

/** The rating options: '5', '4 & up' … '1 & up', then 'Show All Ratings' (no filter). */
export function ratingLabel(stars: number): string {
  return stars >= 5 ? '5' : `${stars} & up`
}
export const SHOW_ALL_RATINGS = 'Show All Ratings'

/** The count of an option, 0 when the facet does not list it. */
export function optionCount(values: readonly FacetValue[], value: string): number {
  return values.find((v) => v.value === value)?.count ?? 0
}

/** The drawer's sections, in the spec's order. */
export const SECTION_ORDER = ['sort', 'brands', 'categories', 'minRating', 'price', 'available', 'onSale'] as const
export type SectionKey = (typeof SECTION_ORDER)[number]

export const SECTION_LABELS: Record<SectionKey, string> = {
  sort: 'Sort',
  brands: 'Brands',
  categories: 'Product Type',
  minRating: 'Rating',
  price: 'Price Range',
  available: 'In Stock',
  onSale: 'On Sale',
}

export function isSectionKey(value: string | null | undefined): value is SectionKey {
  return (SECTION_ORDER as readonly string[]).includes(value ?? '')
}

/** A facet's section and pill title: the spec's name for the sections it lists, else the facet's own label. */
export function facetTitle(facet: Pick<Facet, 'key' | 'label'>): string {
  return isSectionKey(facet.key) ? SECTION_LABELS[facet.key] : facet.label
}

const FACET_ORDER = ['brands', 'categories', 'minRating', 'price', 'available', 'onSale']

/** Facets in the drawer's order; any facet the order does not name comes last. */
export function orderFacets(facets: Facet[]): Facet[] {
  const rank = (f: Facet) => {
    const i = FACET_ORDER.indexOf(f.key)
    return i === -1 ? FACET_ORDER.length : i
  }
  return [...facets].sort((a, b) => rank(a) - rank(b))
}
