import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { GuideCardSchema } from './brands'
import { FacetSchema, ListingResultSchema, listingFromUrl, listingQueryParams } from './search'

const FaqSchema = z.object({ question: z.string(), answer: z.string() })

type CategoryShape = {
  id: number
  title: string
  path: string
  urlSlug: string
  isSortable: boolean
  hidden: boolean
  sortType: string | null
  sortOrder: string | null
  teaser: { imageUrl: string | null; text: string | null }
  teaserLinkText: string | null
  teaserLinkUrl: string | null
  imageUrl: string | null
  seoTitle: string | null
  seoDescription: string | null
  frequentlyAskedQuestions: { question: string; answer: string }[]
  gridCallout: { title: string; message: string; small?: boolean } | null
  slugSet: string[]
  children: CategoryShape[] | null
}

const CategorySchema: z.ZodType<CategoryShape> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      title: z.string(),
      path: z.string(),
      urlSlug: z.string(),
      isSortable: z.boolean(),
      hidden: z.boolean(),
      sortType: z.string().nullable(),
      sortOrder: z.string().nullable(),
      teaser: z.object({ imageUrl: z.string().nullable(), text: z.string().nullable() }),
      teaserLinkText: z.string().nullable(),
      teaserLinkUrl: z.string().nullable(),
      imageUrl: z.string().nullable(),
      seoTitle: z.string().nullable(),
      seoDescription: z.string().nullable(),
      frequentlyAskedQuestions: z.array(FaqSchema),
      gridCallout: z
        .object({ title: z.string(), message: z.string(), small: z.boolean().optional() })
        .nullable()
        .openapi({ description: 'The callout tile shown after the image grid of subcategories (heart, heading, message); null: none' }),
      slugSet: z.array(z.string()),
      children: z.array(CategorySchema).nullable(),
    }),
  )
  .openapi('Category')

/**
 * One category as a lookup answers it (spec §3 'Category' … guides, guideIds): the guides its page shows
 * (its own, else its nearest ancestor's) and their ids.
 */
export const CategoryDetailSchema = z
  .intersection(CategorySchema, z.object({ guides: z.array(GuideCardSchema), guideIds: z.array(z.number().int()) }))
  .openapi('CategoryDetail')

const list = createRoute({
  method: 'get',
  path: '/api/v3/catalog_categories',
  tags: ['catalog'],
  summary: 'The whole store category tree',
  responses: {
    200: { description: 'Top-level categories with their descendants', content: { 'application/json': { schema: z.array(CategorySchema) } } },
    ...errorResponses,
  },
})

const show = createRoute({
  method: 'get',
  path: '/api/v3/catalog_categories/{id}',
  tags: ['catalog'],
  summary: 'One category with its children resolved',
  request: {
    params: z.object({
      id: z.coerce.number({ error: 'Category id must be a number.' }).int('Category id must be a whole number.').positive('Category id must be positive.').max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 100 }),
    }),
  },
  responses: {
    200: { description: 'The category, with its guides', content: { 'application/json': { schema: CategoryDetailSchema } } },
    404: { description: 'No such category', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

const categoryIdParam = z.object({
  id: z.coerce.number({ error: 'Category id must be a number.' }).int('Category id must be a whole number.').positive('Category id must be positive.').max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 100 }),
})

const facets = createRoute({
  method: 'get',
  path: '/api/v3/catalog_categories/{id}/facets',
  tags: ['catalog'],
  summary: "Facet counts of a category's products under the given filters",
  request: { params: categoryIdParam, query: z.object(listingQueryParams) },
  responses: {
    200: { description: 'The facets', content: { 'application/json': { schema: z.object({ facets: z.array(FacetSchema), count: z.number().int() }) } } },
    404: { description: 'No such category', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

const products = createRoute({
  method: 'get',
  path: '/api/v3/catalog_categories/{id}/products',
  tags: ['catalog'],
  summary: "A page of a category's products (with its descendants), filtered and sorted, with facets",
  request: { params: categoryIdParam, query: z.object(listingQueryParams) },
  responses: {
    200: { description: 'One page of products', content: { 'application/json': { schema: ListingResultSchema } } },
    404: { description: 'No such category', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const catalogCategoriesRouter = createRouter()
  .openapi(facets, async (c) => {
    const category = await c.var.services.catalog.category({ id: c.req.valid('param').id })
    const defaults = { categorySlug: category.urlSlug, limit: 1 }
    const result = await c.var.services.search.listing(listingFromUrl(c.req.url, defaults))
    return c.json({ facets: result.facets, count: result.count }, 200)
  })
  .openapi(products, async (c) => {
    const category = await c.var.services.catalog.category({ id: c.req.valid('param').id })
    return c.json(await c.var.services.search.listing(listingFromUrl(c.req.url, { categorySlug: category.urlSlug })), 200)
  })
  .openapi(list, async (c) => c.json(await c.var.services.catalog.categoryTree(), 200))
  .openapi(show, async (c) => {
    const category = await c.var.services.catalog.category({ id: c.req.valid('param').id })
    const guides = await c.var.services.storefront.guidesForCategory(category.urlSlug)
    return c.json({ ...category, guides, guideIds: guides.map((g) => g.id) }, 200)
  })
