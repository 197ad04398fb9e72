// POST /api/v3/checkouts: place an order for a chosen part of what the caller is buying (docs/decisions/031), as
// the checkout pages do: one registry's gifts in the cart (/store-checkout-hbb), gifts reserved earlier
// (/store/checkout/reservations), one product bought now (/quick_buy) or the cart's own items. POST /api/v3/orders
// places the whole cart; both share the orders service, its idempotency and the `expected` amounts.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { CheckoutScope, heldScope, IdempotencyHeader, OrderSchema, PlaceOrderBody, placeFromApi } from './orders'
import { body, err, ok, privateJson } from './registry-schemas'

const CheckoutBody = PlaceOrderBody.extend({
  scope: CheckoutScope.openapi({ description: 'required: what this order buys (quote it first with POST /api/v3/orders/quote and the same scope)' }),
  giftMessage: z.string().optional().openapi({ description: 'registry gifts and reserved gifts: a note for the family (at most 500 characters)' }),
}).openapi('Checkout')

const placeCheckout = createRoute({
  method: 'post',
  path: '/api/v3/checkouts',
  tags: ['orders'],
  summary: 'Place an order for a scope: one registry’s gifts, reserved gifts, a product bought now, or the cart’s own items (idempotent)',
  description:
    'The same rules as POST /api/v3/orders, for part of what the caller buys. Only the lines the order bought leave the cart (none for reserved gifts and buy-now). ' +
    "Registry gifts and reserved gifts ship to the family (no shippingAddress; the answer shows only the family's city and state); reserved gifts turn purchased in the order's transaction. " +
    'Reservations must be held by the caller (its nestlist_reservations cookie, set when it reserved, or made by the signed-in giver): any other id is 404 and nothing is placed. ' +
    'The same key again answers 200 with the same order (nothing charged twice); the same key with another scope or cart is 422.',
  request: { headers: IdempotencyHeader, ...body(CheckoutBody) },
  responses: {
    201: ok('Placed', OrderSchema),
    200: ok('Already placed with this key: the same order', OrderSchema),
    400: err('expected (the amounts shown to the shopper) is missing'),
    404: err('A reservation the caller does not hold, a product that does not exist, or paymentMethodId not one of your saved cards'),
    409: err('Sold out, no longer needed or reserved, the family has no shipping address, or the total or a balance is not what was shown (nothing charged)'),
    429: err('Too many gift card codes tried'),
    ...errorResponses,
    422: err('Invalid input, nothing to check out in this scope, a declined card, or the key already used for another order'),
  },
})

export const checkoutsRouter = createRouter()
privateJson(checkoutsRouter, ['/api/v3/checkouts'])

checkoutsRouter.openapi(placeCheckout, async (c) => {
  const input = c.req.valid('json') as Record<string, unknown>
  return placeFromApi(c, { ...input, scope: await heldScope(c, input.scope) }, c.req.valid('header')['idempotency-key']?.trim())
})
