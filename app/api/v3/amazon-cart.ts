// /api/v3/amazon_cart_items and /api/v3/amazon_cart_items/{id}: the giver's Amazon cart (cart type amazonCart,
// docs/decisions/032-amazon-cart.md). The cart is the store cart's (the account's, or the guest cart cookie's);
// each line holds its gift through a reservation. Answers never carry the family's street or the giver's email.
import { createRoute, z } from '@hono/zod-openapi'
import { addAmazonCartItemInput, updateAmazonCartItemInput } from '~/modules/cart/amazon-cart.validation'
import { apiCartViewer, apiViewer } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { err, ok, privateJson } from './registry-schemas'

const tags = ['cart']

const AmazonCartLineSchema = z
  .object({
    id: z.number().int(),
    regItemId: z.number().int(),
    reservationId: z.string().uuid().openapi({ description: "The giver's reservation (/reservations/{id})" }),
    title: z.string(),
    imageUrl: z.string(),
    priceCents: z.number().int(),
    asin: z.string().openapi({ example: 'B07XJ8C8F5' }),
    amazonUrl: z.string().openapi({ example: 'https://www.amazon.com/dp/B07XJ8C8F5' }),
    quantity: z.number().int(),
    maxQuantity: z.number().int().openapi({ description: 'What the line holds plus what the item still needs (at most 99)' }),
    status: z.enum(['held', 'purchased']),
    unavailable: z.string().nullable().openapi({ description: 'Why a held line cannot go to Amazon (the family removed the item), or null' }),
    addedAt: z.string(),
    sentToAmazonAt: z.string().nullable().openapi({ description: "When the giver last pressed 'Check out on Amazon' with it (the page then asks 'Did you buy these?')" }),
    purchasedAt: z.string().nullable(),
  })
  .openapi('AmazonCartLine')

const AmazonCartSchema = z
  .object({
    registries: z.array(
      z.object({
        registry: z.object({
          id: z.number().int(),
          slug: z.string(),
          title: z.string(),
          familyName: z.string(),
          shipsTo: z.object({ city: z.string(), state: z.string() }).nullable().openapi({ description: 'City and state only; never the street' }),
        }),
        lines: z.array(AmazonCartLineSchema).openapi({ description: 'Gifts held for the giver' }),
        bought: z.array(AmazonCartLineSchema).openapi({ description: 'Gifts marked bought in the last 30 days' }),
        checkoutUrl: z
          .string()
          .nullable()
          .openapi({
            description: "Amazon's add-to-cart link for the held lines (https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=…&Quantity.1=…); open it, then PATCH `purchased` per line",
          }),
      }),
    ),
    itemCount: z.number().int().openapi({ description: 'How many gifts are held' }),
  })
  .openapi('AmazonCart')

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }) })

const getCart = createRoute({
  method: 'get',
  path: '/api/v3/amazon_cart_items',
  tags,
  summary: "The giver's Amazon cart, by registry, with Amazon's add-to-cart link for each",
  description: 'Signed in: the account’s; a guest: the guest cart cookie’s (empty without one).',
  responses: { 200: ok('The Amazon cart', AmazonCartSchema), ...errorResponses },
})

const addItem = createRoute({
  method: 'post',
  path: '/api/v3/amazon_cart_items',
  tags,
  summary: 'Add a registry item sold on Amazon to the Amazon cart; it is reserved for the giver',
  description:
    "The item counts as from Amazon when its link, or one of its other places to buy, is an https amazon.com product link with an ASIN; otherwise 422. " +
    'Adding reserves the quantity for the giver (409 when the item no longer needs that many: of two givers taking the last one, one gets it). ' +
    'The same item again adds to its line (200). A guest names themselves (`giverName`, `giverEmail`) with their first gift; a guest without ' +
    'a cart gets the guest cart cookie. The giver gets the usual reservation email.',
  request: { body: { required: true, content: { 'application/json': { schema: addAmazonCartItemInput } } } },
  responses: {
    201: ok('Added as a new line', z.object({ cart: AmazonCartSchema, lineId: z.number().int(), reservationId: z.string().uuid() })),
    200: ok('Added to the line already holding this item', z.object({ cart: AmazonCartSchema, lineId: z.number().int(), reservationId: z.string().uuid() })),
    404: err('No such item, or it was removed from the registry'),
    409: err('The item no longer needs that many'),
    ...errorResponses,
  },
})

const updateItem = createRoute({
  method: 'patch',
  path: '/api/v3/amazon_cart_items/{id}',
  tags,
  summary: "Change a line's quantity, or say whether it was bought on Amazon",
  description:
    "`quantity`: more takes from what the item still needs (409 when it no longer needs that many). `purchased: true`: 'Yes, I bought it' (the reservation " +
    "is marked bought, as the 'I bought it' link does; idempotent). `purchased: false`: 'Not yet' (it stays held). A line of another cart: 404.",
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: updateAmazonCartItemInput } } } },
  responses: {
    200: ok('The Amazon cart', AmazonCartSchema),
    404: err('No such line in this Amazon cart'),
    409: err('Not that many still needed, or already bought'),
    ...errorResponses,
  },
})

const removeItem = createRoute({
  method: 'delete',
  path: '/api/v3/amazon_cart_items/{id}',
  tags,
  summary: 'Take a gift out of the Amazon cart: its reservation is released, so it is free for others',
  request: { params: IdParam },
  responses: { 200: ok('The Amazon cart', AmazonCartSchema), 404: err('No such line in this Amazon cart'), 409: err('Already bought'), ...errorResponses },
})

export const amazonCartRouter = createRouter()
privateJson(amazonCartRouter, ['/api/v3/amazon_cart_items', '/api/v3/amazon_cart_items/*'])

/** Line ids are positive integers; anything else is simply not found. */
const lineIdOf = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : -1)

amazonCartRouter.openapi(getCart, async (c) => {
  const { viewer } = await apiCartViewer(c)
  return c.json(await c.var.services.amazonCart.view(viewer), 200)
})

amazonCartRouter.openapi(addItem, async (c) => {
  const session = await apiViewer(c)
  const { viewer } = await apiCartViewer(c, { create: true })
  const user = session?.user
  const added = await c.var.services.amazonCart.add(viewer, c.req.valid('json'), {
    userId: user?.id ?? null,
    name: user ? `${user.firstName} ${user.lastName}`.trim() : undefined,
    email: user?.email,
  })
  // A new gift's confirmation email is sent by the reservations service, as for every reservation.
  return c.json({ cart: added.cart, lineId: added.lineId, reservationId: added.reservationId }, added.created ? 201 : 200)
})

amazonCartRouter.openapi(updateItem, async (c) => {
  const { viewer } = await apiCartViewer(c)
  return c.json(await c.var.services.amazonCart.update(viewer, lineIdOf(c.req.valid('param').id), c.req.valid('json')), 200)
})

amazonCartRouter.openapi(removeItem, async (c) => {
  const { viewer } = await apiCartViewer(c)
  return c.json(await c.var.services.amazonCart.remove(viewer, lineIdOf(c.req.valid('param').id)), 200)
})
