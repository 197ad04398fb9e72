// /api/v3/cart_items: add a product to the caller's cart (a signed-in shopper's, or a guest's, whose cart
// cookie is set on the first add). Minimal for the checkout API; the cart work adds the rest of /api/v3/cart.
import { createRoute, z } from '@hono/zod-openapi'
import { apiCartViewer } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['cart']

const AddCartItemBody = z
  .object({
    productId: z.number().int().openapi({ example: 1001 }),
    quantity: z.number().int().optional().openapi({ description: '1 to 99 (default 1)' }),
    size: z.string().optional().openapi({ description: 'required when the product has sizes' }),
    color: z.string().optional().openapi({ description: 'required when the product has colours' }),
    regItemId: z.number().int().optional().openapi({ description: 'a registry item: bought as a gift, shipped to the family' }),
  })
  .openapi('AddCartItem')

const CartLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  href: z.string(),
  options: z.object({ size: z.string().optional(), color: z.string().optional() }),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  isGiftCard: z.boolean(),
  unavailable: z.string().nullable(),
  gift: z.object({ registryId: z.number().int(), regItemId: z.number().int(), familyName: z.string(), shipsTo: z.string().nullable() }).nullable(),
})

const CartSchema = z
  .object({
    lines: z.array(CartLineSchema),
    itemCount: z.number().int(),
    subtotalCents: z.number().int(),
    shippingCents: z.number().int(),
    freeShippingRemainingCents: z.number().int(),
    totalBeforeTaxCents: z.number().int(),
  })
  .openapi('Cart')

const addCartItem = createRoute({
  method: 'post',
  path: '/api/v3/cart_items',
  tags,
  summary: "Add a product to the caller's cart (more of it if already there)",
  description: 'A guest without a cart cookie gets one (Set-Cookie: nestlist_cart).',
  request: body(AddCartItemBody),
  responses: { 201: ok('Added', z.object({ cart: CartSchema, lineId: z.number().int() })), 404: err('No such product'), 409: err('Sold out'), ...errorResponses },
})

export const cartRouter = createRouter()
privateJson(cartRouter, ['/api/v3/cart_items'])

cartRouter.openapi(addCartItem, async (c) => {
  const { viewer } = await apiCartViewer(c, { create: true })
  return c.json(await c.var.services.cart.add(viewer, c.req.valid('json')), 201)
})
