import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'

const NavbarCategorySchema = z
  .object({
    title: z.string(),
    urlSlug: z.string(),
    children: z.array(z.object({ title: z.string(), urlSlug: z.string() })),
    guides: z.array(z.object({ title: z.string(), url: z.string(), featuredImageUrl: z.string() })),
  })
  .openapi('NavbarCategory')

const navbarCategories = createRoute({
  method: 'get',
  path: '/store/api/navbar_categories',
  tags: ['store'],
  summary: 'The store navigation tree',
  responses: {
    200: { description: 'Top-level categories with children and guides', content: { 'application/json': { schema: z.array(NavbarCategorySchema) } } },
    ...errorResponses,
  },
})

export const navbarRouter = createRouter().openapi(navbarCategories, async (c) => {
  c.header('Cache-Control', 'public, max-age=300')
  return c.json(await c.var.services.catalog.navbarCategories(), 200)
})
