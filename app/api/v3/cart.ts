import { createRoute, z } from '@hono/zod-openapi'
import { apiBodyLimit } from '../body-limit'
import { addToCartInput, updateCartItemInput } from '~/modules/cart/cart.validation'
import { availabilitySubscriptionInput, restockInput } from '~/modules/inventory/inventory.validation'
import { apiCartViewer, apiViewer, requireApiStaff, requireApiUser } from '../auth'
import { apiError } from '../error-handler'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } })

const CartLineSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    title: z.string(),
    brand: z.string(),
    imageUrl: z.string(),
    href: z.string().openapi({ example: '/gp/cloud-swaddle/1234' }),
    options: z.object({ size: z.string().optional(), color: z.string().optional() }),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    lineTotalCents: z.number().int(),
    isGiftCard: z.boolean(),
    unavailable: z.string().nullable().openapi({ description: "Why the line cannot be bought now ('Sorry, this is sold out.'), or null" }),
    gift: z
      .object({ registryId: z.number().int(), regItemId: z.number().int(), familyName: z.string(), shipsTo: z.string().nullable().openapi({ example: 'Boise, ID' }) })
      .nullable()
      .openapi({ description: "A gift for a registry item: ships to the family (only their city and state are shown)" }),
  })
  .openapi('CartLine')

const CartSchema = z
  .object({
    lines: z.array(CartLineSchema),
    itemCount: z.number().int(),
    subtotalCents: z.number().int(),
    shippingCents: z.number().int(),
    freeShippingRemainingCents: z.number().int().openapi({ description: 'How much more of items that ship reaches free shipping ($45); 0 when reached' }),
    totalBeforeTaxCents: z.number().int(),
  })
  .openapi('Cart')

const IdParam = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: 'id', in: 'path' }, example: 12 }) })

const getCart = createRoute({
  method: 'get',
  path: '/api/v3/cart',
  tags: ['cart'],
  summary: "The shopper's cart (signed in: the account's; a guest: the cart of the guest cart cookie)",
  responses: { 200: json('The cart (empty when there is none)', CartSchema), ...errorResponses },
})

const addItem = createRoute({
  method: 'post',
  path: '/api/v3/cart_items',
  tags: ['cart'],
  summary: 'Add a product to the cart',
  description:
    'Adds to the line that already holds this product with these options (and registry item), at most 99 per line. A product with sizes or ' +
    "colors needs them chosen. `regItemId` makes it a gift for that registry item (it must still be needed). A guest without a cart gets the " +
    'guest cart cookie. Sold out, or more than the stock left (counting the cart): 409.',
  request: { body: { required: true, content: { 'application/json': { schema: addToCartInput } } } },
  responses: {
    201: json('Added', z.object({ cart: CartSchema, lineId: z.number().int() })),
    404: err('No such product, or the registry item is gone'),
    409: err('Sold out, not that many left, or the gift is no longer needed'),
    ...errorResponses,
  },
})

const updateItem = createRoute({
  method: 'patch',
  path: '/api/v3/cart_items/{id}',
  tags: ['cart'],
  summary: "Change a cart line's quantity",
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: updateCartItemInput } } } },
  responses: {
    200: json('The cart', CartSchema),
    404: err('No such line in this cart'),
    409: err('Not that many left'),
    ...errorResponses,
  },
})

const removeItem = createRoute({
  method: 'delete',
  path: '/api/v3/cart_items/{id}',
  tags: ['cart'],
  summary: 'Remove a cart line',
  request: { params: IdParam },
  responses: { 200: json('The cart', CartSchema), 404: err('No such line in this cart'), ...errorResponses },
})

const ConvertInput = z
  .object({ lineIds: z.array(z.number().int().positive()).max(100).optional().openapi({ description: 'The lines to move; all lines when left out' }) })
  .openapi('ConvertToRegistryItems')

const convert = createRoute({
  method: 'post',
  path: '/api/v3/cart/convert_to_registry_items',
  tags: ['cart'],
  summary: "Move cart lines to the signed-in shopper's registry",
  description:
    'Each moved line becomes a registry item (same product, options and quantity) and leaves the cart. Gifts for a registry stay in the cart, ' +
    'and so does anything the registry refuses (for example a sold-out product), listed in `kept` with the reason.',
  request: { body: { required: false, content: { 'application/json': { schema: ConvertInput } } } },
  responses: {
    200: json(
      'What moved and what stayed',
      z.object({
        registryId: z.number().int(),
        registryTitle: z.string(),
        moved: z.array(z.object({ lineId: z.number().int(), regItemId: z.number().int(), title: z.string() })),
        kept: z.array(z.object({ lineId: z.number().int(), title: z.string(), reason: z.string() })),
        cart: CartSchema,
      }),
    ),
    401: err('Not signed in'),
    404: err('A line id is not in this cart'),
    ...errorResponses,
  },
})

const subscribe = createRoute({
  method: 'post',
  path: '/api/v3/product_availability_subscriptions',
  tags: ['cart'],
  summary: "'Notify me when available' for a sold-out product (or one option of it)",
  description:
    'One email, "Back in stock: {product}", goes out when stock returns. Signed in: the account email is used and `email` is ignored. ' +
    'Idempotent per email, product and option (201 the first time, 200 after). A product in stock answers 409.',
  request: { body: { required: true, content: { 'application/json': { schema: availabilitySubscriptionInput } } } },
  responses: {
    201: json('Subscribed', z.object({ email: z.string() })),
    200: json('Already subscribed', z.object({ email: z.string() })),
    404: err('No such product'),
    409: err('The product is in stock'),
    ...errorResponses,
  },
})

const restock = createRoute({
  method: 'post',
  path: '/api/v3/products/{id}/restock',
  tags: ['cart'],
  summary: 'Staff: add stock to a product option, then email everyone waiting for it',
  request: {
    params: IdParam,
    body: { required: true, content: { 'application/json': { schema: restockInput } } },
  },
  responses: {
    200: json('The option’s new quantity and how many subscribers were emailed', z.object({ optionKey: z.string(), quantity: z.number().int(), notified: z.number().int() })),
    404: err('No such product (or not staff)'),
    ...errorResponses,
  },
})

export const cartRouter = createRouter()
const small = apiBodyLimit(8 * 1024)
for (const path of ['/api/v3/cart', '/api/v3/cart/*', '/api/v3/cart_items', '/api/v3/cart_items/*', '/api/v3/product_availability_subscriptions']) {
  cartRouter.use(path, small)
  cartRouter.use(path, async (c, next) => {
    // One shopper's cart: never kept by a shared cache. Set before the answer is made (cheaper: see privateJson).
    c.header('Cache-Control', 'no-store')
    await next()
    if (c.res.headers.get('Cache-Control') !== 'no-store') c.header('Cache-Control', 'no-store')
  })
}

cartRouter.openapi(getCart, async (c) => {
  const { viewer } = await apiCartViewer(c)
  return c.json(await c.var.services.cart.view(viewer), 200)
})

cartRouter.openapi(addItem, async (c) => {
  const { viewer } = await apiCartViewer(c, { create: true })
  return c.json(await c.var.services.cart.add(viewer, c.req.valid('json')), 201)
})

cartRouter.openapi(updateItem, async (c) => {
  const { viewer } = await apiCartViewer(c)
  return c.json(await c.var.services.cart.update(viewer, c.req.valid('param').id, c.req.valid('json')), 200)
})

cartRouter.openapi(removeItem, async (c) => {
  const { viewer } = await apiCartViewer(c)
  const id = c.req.valid('param').id
  const before = await c.var.services.cart.view(viewer)
  if (!before.lines.some((l) => l.id === id)) return c.json(apiError('not_found', 'That item is no longer in your cart.'), 404)
  return c.json(await c.var.services.cart.remove(viewer, id), 200)
})

cartRouter.openapi(convert, async (c) => {
  const v = await requireApiUser(c)
  const body = c.req.header('Content-Type')?.includes('application/json') ? c.req.valid('json') : {}
  return c.json(await c.var.services.cart.convertToRegistryItems(v.user.id, body?.lineIds), 200)
})

cartRouter.openapi(subscribe, async (c) => {
  const v = await apiViewer(c)
  const result = await c.var.services.inventory.subscribe(v ? { userId: v.user.id, email: v.user.email } : null, c.req.valid('json'))
  return c.json({ email: result.email }, result.created ? 201 : 200)
})

cartRouter.openapi(restock, async (c) => {
  await requireApiStaff(c)
  return c.json(await c.var.services.inventory.restock(c.req.valid('param').id, c.req.valid('json')), 200)
})
