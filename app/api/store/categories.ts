import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { CategoryDetailSchema } from '../v3/catalog-categories'

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
    200: { description: 'The category, with its children resolved and its guides', content: { 'application/json': { schema: CategoryDetailSchema } } },
    404: { description: 'No such category', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

/**
 * Spec §3 'Category' carries guides and guideIds: the guides the category page shows (its own, else its
 * nearest ancestor's), as guide cards, and their ids.
 */
export const storeCategoriesRouter = createRouter().openapi(category, async (c) => {
  const { slug } = c.req.valid('param')
  const [view, guides] = await Promise.all([c.var.services.catalog.category({ urlSlug: slug }), c.var.services.storefront.guidesForCategory(slug)])
  return c.json({ ...view, guides, guideIds: guides.map((g) => g.id) }, 200)
})
