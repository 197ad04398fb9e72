import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

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
      slugSet: z.array(z.string()),
      children: z.array(CategorySchema).nullable(),
    }),
  )
  .openapi('Category')

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
    200: { description: 'The category', content: { 'application/json': { schema: CategorySchema } } },
    404: { description: 'No such category', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const catalogCategoriesRouter = createRouter()
  .openapi(list, async (c) => c.json(await c.var.services.catalog.categoryTree(), 200))
  .openapi(show, async (c) => c.json(await c.var.services.catalog.category({ id: c.req.valid('param').id }), 200))
