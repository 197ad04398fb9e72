import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const category = createRoute({
  method: 'get',
  path: '/store/api/categories/{slug}',
  tags: ['store'],
  summary: 'A store category by url slug, with its children resolved',
  request: {
    params: z.object({
      slug: z
        .string()
        .max(120)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A category slug has lowercase letters, digits and dashes.')
        .openapi({ param: { name: 'slug', in: 'path' }, example: 'strollers' }),
    }),
  },
  responses: {
    200: { description: 'The category (see Category in /api/v3/catalog_categories/{id})', content: { 'application/json': { schema: z.object({}).passthrough() } } },
    404: { description: 'No such category', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const storeCategoriesRouter = createRouter().openapi(category, async (c) =>
  c.json(await c.var.services.catalog.category({ urlSlug: c.req.valid('param').slug }), 200),
)
