import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { BrandLinkSchema, ListingResultSchema, listingFromUrl, listingQueryParams } from './search'

const FaqSchema = z.object({ question: z.string(), answer: z.string() })

export const GuideCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  type: z.string(),
  path: z.string(),
  featuredImage: z.object({ url: z.string(), description: z.string() }),
})

const BrandSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    logoUrl: z.string(),
    meta: z.object({ seoTitle: z.string().nullable(), seoDescription: z.string().nullable() }),
    frequentlyAskedQuestions: z.array(FaqSchema),
    guides: z.array(GuideCardSchema),
    brandPageUrl: z.string().openapi({ example: '/store/b/nuna/12' }),
  })
  .openapi('Brand')

const BrandSummarySchema = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), title: z.string(), brandPageUrl: z.string() })
  .openapi('BrandSummary')

const brandIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'A brand id is a whole number.')
    .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})

const show = createRoute({
  method: 'get',
  path: '/api/v3/brands/{id}',
  tags: ['catalog'],
  summary: 'One brand, as its brand page shows it',
  request: { params: brandIdParam },
  responses: {
    200: { description: 'The brand', content: { 'application/json': { schema: BrandSchema } } },
    404: { description: 'No such brand', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

const list = createRoute({
  method: 'get',
  path: '/api/v3/brands',
  tags: ['catalog'],
  summary: 'Brands whose name matches the search term; `brand` is the one the whole term names, if any',
  request: { query: z.object({ search_term: z.string().optional().openapi({ example: 'nuna' }) }) },
  responses: {
    200: {
      description: 'Matching brands',
      content: { 'application/json': { schema: z.object({ brand: BrandLinkSchema.nullable(), brands: z.array(BrandSummarySchema) }) } },
    },
    ...errorResponses,
  },
})

const products = createRoute({
  method: 'get',
  path: '/api/v3/brand/{id}/products',
  tags: ['catalog'],
  summary: "A page of a brand's products, filtered and sorted, with facets",
  request: { params: brandIdParam, query: z.object(listingQueryParams) },
  responses: {
    200: { description: 'One page of products', content: { 'application/json': { schema: ListingResultSchema } } },
    404: { description: 'No such brand', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const v3BrandsRouter = createRouter()
  .openapi(show, async (c) => {
    c.header('Cache-Control', 'public, max-age=600')
    return c.json(await c.var.services.storefront.brand(c.req.valid('param').id), 200)
  })
  .openapi(list, async (c) => {
    const term = (c.req.valid('query').search_term ?? '').slice(0, 200)
    const search = c.var.services.search
    const [brands, brand] = await Promise.all([search.brands(term), search.brandForTerm(term)])
    return c.json({ brand: brand ?? null, brands }, 200)
  })
  .openapi(products, async (c) => {
    const id = Number(c.req.valid('param').id)
    return c.json(await c.var.services.search.listing(listingFromUrl(c.req.url, { brandId: id })), 200)
  })
