// /api/v3/orders: place an order from the caller's cart (a signed-in shopper's, or a guest's by the cart
// cookie), and read back a signed-in shopper's orders. Placing is idempotent: the client's key (the
// Idempotency-Key header or the body's idempotencyKey) makes a retry return the same order, never a second
// charge (docs/decisions/020 and 025).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { DomainError } from '~/lib/errors'
import { orderMessages } from '~/modules/orders/orders.validation'
import { heldReservations } from '~/modules/registry/reservation-holder.server'
import { apiCartViewer, apiViewer, requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { apiError } from '../error-handler'
import { errorResponses } from '../schemas'
import type { AppEnv } from '../types'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['orders']

export const Address = z
  .object({ name: z.string(), line1: z.string(), line2: z.string().optional(), city: z.string(), state: z.string().openapi({ example: 'OH' }), zip: z.string().openapi({ example: '43215' }) })
  .openapi('OrderAddress')

export const Tender = z.object({ kind: z.enum(['gift_card', 'store_credit']), amountCents: z.number().int(), last4: z.string().nullable(), label: z.string().openapi({ example: 'Gift card ••••ABCD' }) })

/** What an order's line and a quote's line both say. */
const lineFields = {
  title: z.string(),
  options: z.object({ size: z.string().optional(), color: z.string().optional() }),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  discountCents: z.number().int(),
}

export const PlaceOrderBody = z
  .object({
    idempotencyKey: z.string().optional().openapi({
      description: '8 to 80 characters, made once per checkout by the client. Required unless the Idempotency-Key header carries it (both: they must match).',
      example: 'checkout-3f1c2a9e8d0b4c5e',
    }),
    email: z.string().optional().openapi({ description: 'required: where the receipt goes', example: 'sam@example.com' }),
    name: z.string().optional().openapi({ description: 'required: the buyer', example: 'Sam Buyer' }),
    shippingAddress: Address.optional().openapi({ description: 'required unless the cart holds registry gifts (they ship to the family)' }),
    card: z
      .object({ number: z.string().openapi({ example: '4242 4242 4242 4242' }), expMonth: z.number().int(), expYear: z.number().int(), cvc: z.string() })
      .optional()
      .openapi({ description: 'required unless the gift card and store credit cover the total, or paymentMethodId is given; test mode: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds' }),
    paymentMethodId: z.string().uuid().optional().openapi({ description: "one of the signed-in buyer's saved cards (GET /api/v3/payment_methods) instead of card; not both. Another account's card answers 404." }),
    giftCardCode: z.string().optional().openapi({ description: 'an electronic gift card to apply first (not to gift cards being bought); wrong codes count towards the hourly limit' }),
    applyCredit: z.boolean().optional().openapi({ description: "apply the signed-in buyer's store credit" }),
    expected: z
      .object({
        totalCents: z.number().int().openapi({ example: 4599, description: 'the order total shown to the shopper' }),
        giftCardCents: z.number().int().optional().openapi({ description: 'what the gift card pays, as shown; required with giftCardCode' }),
        creditCents: z.number().int().optional().openapi({ description: 'what store credit pays, as shown; required with applyCredit' }),
        cardCents: z.number().int().optional().openapi({ description: 'what the card pays, as shown (optional)' }),
      })
      .optional()
      .openapi({
        description:
          'required: the amounts the shopper was shown (from POST /api/v3/orders/quote). When placing would charge anything else (a gift card or store credit balance spent meanwhile, a price, discount, shipping or tax that changed) nothing is charged and the answer is 409; quote again and show the new total. Missing: 400.',
      }),
  })
  .openapi('PlaceOrder')

/**
 * What a checkout buys (docs/decisions/022 and 031): the cart's own items ('store'), one registry's gifts in the
 * cart, gifts the caller reserved earlier (held: in this client's reservation cookie, or made by the signed-in
 * giver) or one product bought now. Shapes only; the orders service checks the values (checkoutScopeInput).
 */
export const CheckoutScope = z
  .union([
    z.literal('store').openapi({ description: "the cart's own items, not its registry gifts" }),
    z.object({ registryId: z.number().int().openapi({ example: 483920175630 }) }).openapi({ description: "one registry's gifts in the cart; they ship to the family" }),
    z
      .object({ reservationIds: z.array(z.string().uuid()).openapi({ description: '1 to 50 reservations the caller holds' }) })
      .openapi({ description: "gifts reserved earlier (not in the cart): only those held by this client's nestlist_reservations cookie or made by the signed-in giver; any other id answers 404 and nothing is placed or quoted" }),
    z
      .object({ buyNow: z.object({ productId: z.number().int(), quantity: z.number().int().optional().openapi({ description: '1 to 10 (default 1)' }), size: z.string().optional(), color: z.string().optional() }) })
      .openapi({ description: 'one product bought now (quick buy); the cart is left alone' }),
  ])
  .openapi('CheckoutScope')

const QuoteBody = z
  .object({
    scope: CheckoutScope.optional().openapi({ description: 'what to check out, as POST /api/v3/checkouts\'s scope (left out: the whole cart, as POST /api/v3/orders places it)' }),
    state: z.string().optional().openapi({ example: 'OH', description: 'the shipping state (tax is estimated at the default rate until it is known)' }),
    giftCardCode: z.string().optional(),
    applyCredit: z.boolean().optional(),
  })
  .openapi('OrderQuoteRequest')

const QuoteSchema = z
  .object({
    lines: z.array(z.object({ productId: z.number().int(), ...lineFields, isGiftCard: z.boolean() })),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    taxState: z.string().nullable(),
    taxEstimated: z.boolean(),
    totalCents: z.number().int(),
    tenders: z.array(Tender),
    cardDueCents: z.number().int().openapi({ description: 'what the card pays: the total less the tenders' }),
    unavailable: z.array(z.string()).openapi({ description: 'titles of lines that cannot be bought now (placing refuses them)' }),
  })
  .openapi('OrderQuote')

export const OrderSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(['placed', 'paid', 'cancelled']).openapi({ description: 'paid: charged; placed: authorized, charged shortly' }),
    email: z.string(),
    createdAt: z.string().datetime(),
    shipsTo: z.union([
      z.object({ kind: z.literal('buyer'), address: Address }),
      z.object({ kind: z.literal('registry'), registryId: z.number().int(), familyName: z.string(), city: z.string(), state: z.string() }).openapi({ description: "a registry gift: the family's city and state only" }),
    ]),
    lines: z.array(z.object({ productId: z.number().int().nullable(), ...lineFields, warehouseId: z.number().int(), regItemId: z.number().int().nullable() })),
    shipments: z.array(z.object({ warehouseId: z.number().int(), status: z.string(), lineCount: z.number().int() })),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    payment: z.object({ cardBrand: z.string(), cardLast4: z.string() }).openapi({ description: "the card's brand and last four; empty when a gift card and store credit paid it all" }),
    tenders: z.array(Tender).openapi({ description: 'gift card and store credit amounts applied, before the card' }),
    cardChargeCents: z.number().int().openapi({ description: 'what the card paid: the total less the tenders' }),
  })
  .openapi('Order')

const OrderSummarySchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(['placed', 'paid', 'cancelled']),
    createdAt: z.string().datetime(),
    totalCents: z.number().int(),
    itemCount: z.number().int(),
    registryId: z.number().int().nullable(),
  })
  .openapi('OrderSummary')

export const IdempotencyHeader = z.object({
  'idempotency-key': z.string().optional().openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'the checkout key (or idempotencyKey in the body)' }),
})

const placeOrder = createRoute({
  method: 'post',
  path: '/api/v3/orders',
  tags,
  summary: "Place an order from the caller's cart (idempotent)",
  description:
    'Prices the cart, authorizes the card, writes the order and takes stock in one commit, then charges the card and empties the cart. ' +
    'The same key again answers 200 with the same order (nothing charged twice); the same key with a different cart is refused (422).',
  request: { headers: IdempotencyHeader, ...body(PlaceOrderBody) },
  responses: {
    201: ok('Placed', OrderSchema),
    200: ok('Already placed with this key: the same order', OrderSchema),
    404: err('paymentMethodId is not one of your saved cards'),
    400: err('expected (the amounts shown to the shopper) is missing'),
    409: err('Sold out or no longer available, or the total or a gift card or store credit balance is not what was shown (nothing charged)'),
    ...errorResponses,
    422: err('Invalid input, an empty cart, a declined card, or the key already used for another cart'),
  },
})

const quoteOrder = createRoute({
  method: 'post',
  path: '/api/v3/orders/quote',
  tags,
  summary: "What placing the caller's cart would charge (nothing is placed or spent)",
  description: "The same pricing and tender plan as POST /api/v3/orders: show it to the shopper, then send its totalCents (and tender amounts) as that call's expected.",
  request: body(QuoteBody),
  responses: { 200: ok('The quote', QuoteSchema), 404: err('A reservation in the scope is not one the caller holds'), 429: err('Too many gift card codes tried'), ...errorResponses },
})

const listOrders = createRoute({
  method: 'get',
  path: '/api/v3/orders',
  tags,
  summary: "The signed-in shopper's orders, newest first",
  request: {
    query: z.object({
      page: z.string().optional().openapi({ example: '1', description: 'from 1' }),
      per_page: z.string().optional().openapi({ example: '20', description: '1 to 50 (default 20)' }),
    }),
  },
  responses: {
    200: ok('Orders', z.object({ orders: z.array(OrderSummarySchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() })),
    401: err('Not signed in'),
    ...errorResponses,
  },
})

const getOrder = createRoute({
  method: 'get',
  path: '/api/v3/orders/{id}',
  tags,
  summary: 'One order (its buyer only)',
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }) }) },
  responses: { 200: ok('Order', OrderSchema), 401: err('Not signed in'), 404: err('No such order, or not yours'), ...errorResponses },
})

export const ordersRouter = createRouter()
privateJson(ordersRouter, ['/api/v3/orders', '/api/v3/orders/*'])

const pageNumber = (raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(n) || n < 1) throw new DomainError('invalid_input', 'Pages are numbered from 1.', { fields: { page: ['Pages are numbered from 1.'] } })
  return n
}

/**
 * Places an order through the orders service with the checkout API's rules, shared by POST /api/v3/orders (the
 * whole cart) and POST /api/v3/checkouts (a scope): the key from the Idempotency-Key header or the body (both:
 * they must match), `expected` required (400 without it), 201 for a new order and 200 for a replay of its key.
 */
export async function placeFromApi(c: Context<AppEnv>, input: Record<string, unknown>, headerKey: string | undefined) {
  const bodyKey = typeof input.idempotencyKey === 'string' ? input.idempotencyKey.trim() : undefined
  if (headerKey && bodyKey && headerKey !== bodyKey) {
    throw new DomainError('invalid_input', 'The Idempotency-Key header and the body’s idempotencyKey differ. Send one key.', { fields: { idempotencyKey: [orderMessages.idempotencyKey] } })
  }
  // Money shown = money charged (docs/decisions/029, amendment h10): a client says what it showed.
  const expected = input.expected as { totalCents?: unknown; giftCardCents?: unknown; creditCents?: unknown } | undefined
  if (expected?.totalCents === undefined || (input.giftCardCode && expected.giftCardCents === undefined) || (input.applyCredit === true && expected.creditCents === undefined)) {
    return c.json(apiError('bad_request', orderMessages.expectedMissing, { expected: [orderMessages.expectedMissing] }), 400)
  }
  const { viewer } = await apiCartViewer(c)
  const { order, created } = await c.var.services.orders.place(viewer, { ...input, idempotencyKey: bodyKey ?? headerKey })
  return c.json(order, created ? 201 : 200)
}

/**
 * A scope naming reservations: only those the caller holds (its reservation cookie, or the signed-in giver's own;
 * the same rule as the reserved-gifts checkout page). Any other id is 404 and nothing is placed or quoted, so a
 * reservation id seen elsewhere neither buys another guest's gift nor shows what it is.
 */
export async function heldScope<S>(c: Context<AppEnv>, scope: S): Promise<S> {
  if (!scope || typeof scope !== 'object' || !('reservationIds' in scope) || !Array.isArray(scope.reservationIds)) return scope
  const session = await apiViewer(c)
  const { held, notHeld } = await heldReservations(c.var.services.reservations, scope.reservationIds as string[], {
    cookieHeader: c.req.header('Cookie'),
    user: session?.user ?? null,
  })
  if (notHeld.length > 0) throw new DomainError('not_found', orderMessages.reservationNotHeld, { fields: { 'scope.reservationIds': [orderMessages.reservationNotHeld] } })
  return { ...scope, reservationIds: held }
}

ordersRouter.openapi(placeOrder, async (c) => {
  // The whole cart: this body has no scope (POST /api/v3/checkouts takes one).
  return placeFromApi(c, c.req.valid('json') as Record<string, unknown>, c.req.valid('header')['idempotency-key']?.trim())
})

ordersRouter.openapi(quoteOrder, async (c) => {
  const body = c.req.valid('json')
  const scope = await heldScope(c, body.scope)
  const { viewer } = await apiCartViewer(c)
  const { lines, subtotalCents, discountCents, shippingCents, taxCents, taxState, taxEstimated, totalCents, tenders, cardDueCents, unavailable } = await c.var.services.orders.quote(viewer, { ...body, scope })
  return c.json(
    {
      lines: lines.map((l) => ({ productId: l.productId, title: l.title, options: l.options, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents, discountCents: l.discountCents, isGiftCard: l.isGiftCard })),
      subtotalCents,
      discountCents,
      shippingCents,
      taxCents,
      taxState,
      taxEstimated,
      totalCents,
      tenders,
      cardDueCents,
      unavailable,
    },
    200,
  )
})

ordersRouter.openapi(listOrders, async (c) => {
  const v = await requireApiUser(c)
  const q = c.req.valid('query')
  return c.json(await c.var.services.orders.listForBuyer(v.user.id, { page: pageNumber(q.page, 1), perPage: Math.min(50, pageNumber(q.per_page, 20)) }), 200)
})

ordersRouter.openapi(getOrder, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.orders.forBuyer(c.req.valid('param').id, v.user.id), 200)
})
