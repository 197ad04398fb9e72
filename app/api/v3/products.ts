import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { ProductCardSchema } from '../store/products'

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

export const v3ProductsRouter = createRouter().openapi(show, async (c) => {
  c.header('Cache-Control', 'public, max-age=300')
  return c.json(await c.var.services.catalog.product({ id: Number(c.req.valid('param').id) }), 200)
})
