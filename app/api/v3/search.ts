import { createRoute, z } from '@hono/zod-openapi'
import { DomainError } from '~/lib/errors'
import { parseListingParams } from '~/modules/search/listing-query'
import type { ListingQuery } from '~/modules/search/search.types'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { ProductCardSchema } from '../store/products'

export const FacetSchema = z
  .object({
    key: z.enum(['brands', 'categories', 'price', 'minRating', 'onSale', 'available']),
    label: z.string(),
    type: z.enum(['boolean', 'multi-select', 'numeric-range', 'rating']),
    values: z.array(z.object({ label: z.string(), value: z.string(), count: z.number().int() })),
  })
  .openapi('Facet')

export const BrandLinkSchema = z.object({ id: z.number().int(), title: z.string(), brandPageUrl: z.string() }).openapi('BrandLink')

export const ListingResultSchema = z
  .object({
    heroProducts: z.array(ProductCardSchema),
    facets: z.array(FacetSchema),
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    searchId: z.string().optional(),
    brand: BrandLinkSchema.optional(),
    didYouMean: z
      .array(z.object({ searchTerm: z.string(), url: z.string() }))
      .optional()
      .openapi({ description: 'For a search with no results: nearby terms that do find products, best first', example: [{ searchTerm: 'stroller', url: '/store/search?search_term=stroller' }] }),
  })
  .openapi('ListingResult')

/** The listing query keys every listing endpoint reads (spec §4); values are parsed by type, empty ones dropped. */
export const listingQueryParams = {
  sort: z.string().optional().openapi({ description: 'price_asc, price_desc, newest, highest_rated, most_reviewed, or a sort key (popular, price, newest, rating, reviews)' }),
  order: z.string().optional().openapi({ description: 'asc or desc' }),
  brands: z.string().optional().openapi({ description: 'Brand slugs or names, comma-separated or repeated' }),
  categories: z.string().optional().openapi({ description: 'Category url slugs, comma-separated or repeated' }),
  onSale: z.string().optional().openapi({ example: 'true' }),
  available: z.string().optional().openapi({ example: 'true' }),
  minPrice: z.string().optional().openapi({ description: 'Dollars', example: '20' }),
  maxPrice: z.string().optional().openapi({ description: 'Dollars', example: '150' }),
  minRating: z.string().optional().openapi({ example: '4' }),
  page: z.string().optional().openapi({ example: '1' }),
  limit: z.string().optional().openapi({ description: 'Products per page, 1 to 100; 18 by default', example: '18' }),
}

/** Reads the listing keys of a request URL; `limit` is 1..100. Invalid values raise invalid_input (422). */
export function listingFromUrl(url: string, defaults: Partial<ListingQuery> = {}, extra: { termKey?: string } = {}): ListingQuery {
  const params = new URL(url).searchParams
  if (extra.termKey && extra.termKey !== 'search_term') {
    params.delete('search_term')
    for (const v of params.getAll(extra.termKey)) params.append('search_term', v)
  }
  const rawLimit = params.get('limit')?.trim()
  let limit = defaults.limit
  if (rawLimit) {
    const n = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : Number.NaN
    if (!(n >= 1 && n <= 100)) throw new DomainError('invalid_input', 'limit must be a whole number from 1 to 100.', { fields: { limit: ['limit must be a whole number from 1 to 100.'] } })
    limit = n
  }
  return parseListingParams(params, { ...defaults, ...(limit ? { limit } : {}) })
}

const searchRoute = createRoute({
  method: 'get',
  path: '/api/v3/search',
  tags: ['search'],
  summary: 'Search products: cards, count, facets, searchId, and the brand the term names',
  request: {
    query: z.object({
      q: z.string().optional().openapi({ example: 'stroller' }),
      event_location: z.string().optional().openapi({ description: 'Where the search was made (analytics); not used to rank', example: 'navbar' }),
      ...listingQueryParams,
    }),
  },
  responses: {
    200: { description: 'One page of results', content: { 'application/json': { schema: ListingResultSchema } } },
    ...errorResponses,
  },
})

export const v3SearchRouter = createRouter().openapi(searchRoute, async (c) => {
  const query = listingFromUrl(c.req.url, {}, { termKey: 'q' })
  return c.json(await c.var.services.search.listing(query), 200)
})

export { ErrorSchema }
