// URL query <-> ListingQuery (spec §4 'Filters and sort'). Pure: safe to import from routes and components.
import { z } from 'zod'
import { DomainError } from '~/lib/errors'
import { MAX_PAGE, SEARCH_TERM_MAX_LENGTH, STORE_PRODUCTS_PER_PAGE } from '../catalog/catalog.validation'
import type { ListingQuery, ProductFilters, SortKey, SortOrder } from './search.types'

/** The query keys a listing page reads and writes. */
export const LISTING_PARAM_KEYS = [
  'sort',
  'order',
  'brands',
  'categories',
  'onSale',
  'minPrice',
  'maxPrice',
  'available',
  'minRating',
  'page',
  'search_term',
] as const

const SORT_KEYS: readonly SortKey[] = ['popular', 'price', 'newest', 'rating', 'reviews']

/** The sort option values of the sort menu (spec §4 and §9) and the criterion and direction each means. */
export const SORT_OPTIONS: Record<string, { sort: SortKey; order: SortOrder }> = {
  price_asc: { sort: 'price', order: 'asc' },
  price_desc: { sort: 'price', order: 'desc' },
  newest: { sort: 'newest', order: 'desc' },
  highest_rated: { sort: 'rating', order: 'desc' },
  most_reviewed: { sort: 'reviews', order: 'desc' },
}

/** Maps a sort menu value to criterion and direction: anything unknown (or empty) is Popular descending. */
export function sortOption(value: string | null | undefined): { sort: SortKey; order: SortOrder } {
  return (value && Object.hasOwn(SORT_OPTIONS, value) ? SORT_OPTIONS[value] : undefined) ?? { sort: 'popular', order: 'desc' }
}

/** The most values a list filter may carry, and the longest value. */
export const MAX_LIST_VALUES = 100
export const MAX_LIST_VALUE_LENGTH = 120
/** Prices are whole or decimal dollars up to this bound. */
export const MAX_PRICE_DOLLARS = 1_000_000

const booleanParam = (key: string) =>
  z.string().transform((v, ctx) => {
    const s = v.trim().toLowerCase()
    if (s === 'true' || s === '1') return true
    if (s === 'false' || s === '0') return false
    ctx.addIssue({ code: 'custom', message: `${key} must be true or false.` })
    return z.NEVER
  })

const numberParam = (key: string, max: number) =>
  z.string().transform((v, ctx) => {
    const s = v.trim()
    const n = /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${key} must be a number from 0 to ${max}.` })
      return z.NEVER
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: `${key} must be at most ${max}.` })
      return z.NEVER
    }
    return n
  })

const listParam = (key: string) =>
  z
    .array(z.string())
    .transform((values) => [...new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(MAX_LIST_VALUE_LENGTH, `Each ${key} value has at most ${MAX_LIST_VALUE_LENGTH} characters.`))
        .max(MAX_LIST_VALUES, `Choose at most ${MAX_LIST_VALUES} ${key}.`),
    )

const pageParam = z.string().transform((v, ctx) => {
  const s = v.trim()
  const n = /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
    ctx.addIssue({ code: 'custom', message: `page must be a whole number from 1 to ${MAX_PAGE}.` })
    return z.NEVER
  }
  return n
})

const termParam = z
  .string()
  .transform((t) => t.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(SEARCH_TERM_MAX_LENGTH, `Search terms can be at most ${SEARCH_TERM_MAX_LENGTH} characters long.`))

const paramsSchema = z.object({
  sort: z.string().max(40, 'sort is not a sort option.').optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }).optional(),
  brands: listParam('brands').optional(),
  categories: listParam('categories').optional(),
  onSale: booleanParam('onSale').optional(),
  available: booleanParam('available').optional(),
  minPrice: numberParam('minPrice', MAX_PRICE_DOLLARS).optional(),
  maxPrice: numberParam('maxPrice', MAX_PRICE_DOLLARS).optional(),
  minRating: numberParam('minRating', 5).optional(),
  page: pageParam.optional(),
  search_term: termParam.optional(),
})

/** Reads one value or a list from URLSearchParams or a plain record (Hono's c.req.queries()). */
type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>

function readAll(source: ParamSource, key: string): string[] {
  if (source instanceof URLSearchParams) return [...source.getAll(key), ...source.getAll(`${key}[]`)]
  const raw = [source[key], source[`${key}[]`]].flat()
  return raw.filter((v): v is string => typeof v === 'string')
}

/**
 * Parses the listing query keys (spec §4: typed values, empty values dropped) into a ListingQuery.
 * Lists come as repeated keys or comma-separated. Invalid values raise DomainError('invalid_input')
 * with one message per field; unknown keys are ignored.
 */
export function parseListingParams(source: ParamSource, defaults: Partial<ListingQuery> = {}): ListingQuery {
  const raw: Record<string, string | string[]> = {}
  for (const key of LISTING_PARAM_KEYS) {
    const values = readAll(source, key)
    if (key === 'brands' || key === 'categories') {
      const kept = values.filter((v) => v.trim() !== '')
      if (kept.length) raw[key] = kept
    } else {
      // A scalar key given twice: the last one wins, as a browser form would send it.
      const last = values.filter((v) => v.trim() !== '').at(-1)
      if (last !== undefined) raw[key] = last
    }
  }
  const parsed = paramsSchema.safeParse(raw)
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? '_error')] ??= []).push(issue.message)
    const first = parsed.error.issues[0]?.message ?? 'The listing parameters are not valid.'
    throw new DomainError('invalid_input', first, { fields })
  }
  const p = parsed.data
  const filters: ProductFilters = { ...defaults.filters }
  if (p.brands?.length) filters.brands = p.brands
  if (p.categories?.length) filters.categories = p.categories
  if (p.onSale !== undefined) filters.onSale = p.onSale
  if (p.available !== undefined) filters.available = p.available
  if (p.minPrice !== undefined) filters.minPrice = p.minPrice
  if (p.maxPrice !== undefined) filters.maxPrice = p.maxPrice
  if (p.minRating !== undefined) filters.minRating = p.minRating

  let sort: SortKey = defaults.sort ?? 'popular'
  let order: SortOrder = defaults.order ?? (sort === 'popular' ? 'asc' : 'desc')
  if (p.sort !== undefined) {
    if ((SORT_KEYS as readonly string[]).includes(p.sort)) {
      sort = p.sort as SortKey
      order = p.order ?? (sort === 'price' ? 'asc' : sort === 'popular' ? 'asc' : 'desc')
    } else {
      ;({ sort, order } = sortOption(p.sort))
    }
  } else if (p.order !== undefined) {
    order = p.order
  }

  const query: ListingQuery = {
    ...defaults,
    filters,
    sort,
    order,
    page: p.page ?? 1,
    limit: defaults.limit ?? STORE_PRODUCTS_PER_PAGE,
  }
  if (p.search_term) query.searchTerm = p.search_term
  return query
}

/**
 * The reverse of parseListingParams for URL sync: only the keys a shopper chose, empty values and
 * lists dropped, lists comma-separated, page only past the first, the default sort left out.
 */
export function listingSearchParams(query: Partial<ListingQuery>, defaults: { sort?: SortKey; order?: SortOrder } = {}): URLSearchParams {
  const out = new URLSearchParams()
  if (query.searchTerm?.trim()) out.set('search_term', query.searchTerm.trim())
  const sort = query.sort ?? 'popular'
  const order = query.order ?? 'asc'
  const isDefault = sort === (defaults.sort ?? 'popular') && order === (defaults.order ?? 'asc')
  if (!isDefault) {
    out.set('sort', sort)
    out.set('order', order)
  }
  const f = query.filters ?? {}
  const list = (key: 'brands' | 'categories') => {
    const values = (f[key] ?? []).map((v) => v.trim()).filter(Boolean)
    if (values.length) out.set(key, values.join(','))
  }
  list('brands')
  list('categories')
  if (f.onSale !== undefined) out.set('onSale', String(f.onSale))
  if (f.minPrice !== undefined && Number.isFinite(f.minPrice)) out.set('minPrice', String(f.minPrice))
  if (f.maxPrice !== undefined && Number.isFinite(f.maxPrice)) out.set('maxPrice', String(f.maxPrice))
  if (f.available !== undefined) out.set('available', String(f.available))
  if (f.minRating !== undefined && Number.isFinite(f.minRating)) out.set('minRating', String(f.minRating))
  if (query.page && query.page > 1) out.set('page', String(query.page))
  return out
}
