import { createRoute, z } from '@hono/zod-openapi'
import { DomainError } from '~/lib/errors'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { ProductCardSchema } from '../store/products'
import { ListingResultSchema, listingFromUrl, listingQueryParams } from './search'

const CategoryLinkSchema = z.object({ title: z.string(), urlSlug: z.string(), path: z.string() })

const ProductDetailSchema = ProductCardSchema.extend({
  description: z.string(),
  options: z.object({ sizes: z.array(z.string()).optional(), colors: z.array(z.string()).optional() }),
  shortCode: z.string().nullable(),
  createdAt: z.string().openapi({ format: 'date-time' }),
  category: CategoryLinkSchema,
  trail: z.array(CategoryLinkSchema),
}).openapi('ProductDetail')

const show = createRoute({
  method: 'get',
  path: '/api/v3/products/{id}',
  tags: ['catalog'],
  summary: 'One product, as its product page shows it',
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^\d{1,10}$/, 'A product id is a whole number.')
        .openapi({ param: { name: 'id', in: 'path' }, example: '1042' }),
    }),
  },
  responses: {
    200: { description: 'The product', content: { 'application/json': { schema: ProductDetailSchema } } },
    404: { description: 'No such product', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

const list = createRoute({
  method: 'get',
  path: '/api/v3/products',
  tags: ['catalog'],
  summary: 'A page of products: a search and/or categories, with filters, sort, count and facet counts',
  description:
    'search_term matches every word by prefix in the product or brand name (plurals and typos forgiven); ' +
    'category_ids[] (repeated or comma-separated) keeps those categories and their descendants. ' +
    'Each facet section counts what choosing one of its options would give (its own filter left out).',
  request: {
    query: z.object({
      search_term: z.string().optional().openapi({ example: 'stroller' }),
      'category_ids[]': z.string().optional().openapi({ description: 'Category ids', example: '100' }),
      ...listingQueryParams,
    }),
  },
  responses: {
    200: { description: 'One page of products with count, facets and (for a search) searchId', content: { 'application/json': { schema: ListingResultSchema } } },
    ...errorResponses,
  },
})

const CATEGORY_ID = /^\d{1,10}$/

export const v3ProductsRouter = createRouter()
  .openapi(list, async (c) => {
    const url = new URL(c.req.url)
    const ids = [...url.searchParams.getAll('category_ids[]'), ...url.searchParams.getAll('category_ids')]
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean)
    const bad = ids.find((id) => !CATEGORY_ID.test(id))
    if (bad !== undefined) {
      const message = 'category_ids must be whole numbers.'
      throw new DomainError('invalid_input', message, { fields: { category_ids: [message] } })
    }
    const query = listingFromUrl(c.req.url)
    if (ids.length) query.filters = { ...query.filters, categories: [...(query.filters.categories ?? []), ...ids] }
    return c.json(await c.var.services.search.listing(query), 200)
  })
  .openapi(show, async (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(await c.var.services.catalog.product({ id: Number(c.req.valid('param').id) }), 200)
  })
