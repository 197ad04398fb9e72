// GET /api/v3/me/header: the personal parts of a page for whoever asks (docs/decisions/037). Shop pages are the same
// for everyone and cached; the browser asks this once per page load, and again after signing in or out and after
// cart changes, and puts the answer into the space the page keeps for it (app/components/visitor.tsx). Never kept
// by any cache.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'

const CategorySchema = z.object({ id: z.number().int(), title: z.string(), isDefault: z.boolean() })

export const VisitorHeaderSchema = z
  .object({
    viewer: z.object({ firstName: z.string(), role: z.enum(['user', 'staff']), emailVerified: z.boolean() }).nullable(),
    email: z.string().nullable().openapi({ description: "The signed-in visitor's own address ('Notify me' prefill); null for guests." }),
    cartCount: z.number().int().openapi({ description: "Items in the visitor's cart (their account's, or a guest cart's)." }),
    myRegistry: z.object({ href: z.string() }).nullable().openapi({ description: "The owner's registry home; null for anyone who owns no registry." }),
    discountBanner: z
      .object({ discount: z.object({ percent: z.number() }).passthrough(), modalFlag: z.boolean() })
      .nullable()
      .openapi({ description: "The registry discount banner for an owner whose discount is open; null otherwise." }),
    birthdayPrompt: z
      .object({ id: z.number().int(), createdAt: z.string(), registries: z.array(z.object({ id: z.number().int(), ownerId: z.number().int(), registryType: z.string() })) })
      .nullable(),
    addTarget: z.object({ registryId: z.number().int(), title: z.string(), categories: z.array(CategorySchema) }).nullable().openapi({ description: "Where 'Add to Registry' adds: the visitor's registry and its categories." }),
    quickBuy: z.boolean().openapi({ description: "'Buy now in one step' is offered: the visitor has a saved shipping address and an unexpired saved card." }),
  })
  .openapi('VisitorHeader')

const getHeader = createRoute({
  method: 'get',
  path: '/api/v3/me/header',
  tags: ['account'],
  summary: "The current visitor's personal page parts: header, cart count, registry link and discount, Add to Registry target",
  description: 'Answers every visitor (signed in, a guest with a cart, or nobody) with `Cache-Control: private, no-store`.',
  responses: { 200: { description: "The visitor's facts", content: { 'application/json': { schema: VisitorHeaderSchema } } }, ...errorResponses },
})

export const meRouter = createRouter()
meRouter.openapi(getHeader, async (c) => {
  const facts = await c.var.services.visitor(c.req.header('cookie'))
  c.header('Cache-Control', 'private, no-store')
  return c.json(facts, 200)
})
