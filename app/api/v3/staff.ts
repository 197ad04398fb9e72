// /api/v3/staff: what staff do on the /admin pages, for tools and scripts (docs/decisions/029): stock per product
// option, promotional store credit, moving shipments along, receiving gift returns. Each endpoint calls the same
// service the page does (same rules, same conditional updates, same 409s). 401 without a session; 404 for a
// signed-in user who is not staff.
import { createRoute, z } from '@hono/zod-openapi'
import { PAYOUT_REFERENCE_MAX, PAYOUT_REFERENCE_MIN } from '~/modules/cash-funds/cash-funds.strings'
import { giftReturnStatuses, PROMOTION_MAX_CENTS } from '~/modules/giftcards/giftcards.validation'
import { carriers, shipmentStatuses, shippingMessages } from '~/modules/shipping/shipping.validation'
import { type ApiViewer, requireApiStaff } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { GiftReturnSchema } from './gift-cards'
import { body, err, ok, positiveIdOf, privateJson } from './registry-schemas'

const tags = ['staff']
const staffOnly = { 401: err('Not signed in'), 404: err('Not staff (the endpoint does not exist for you), or no such object'), ...errorResponses }

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '42' }) })

// ---- stock ------------------------------------------------------------------------------------------------

const StockOptionSchema = z
  .object({
    optionKey: z.string().openapi({ description: "'' for a product without options, else like 'size=NB|color=Sage'", example: 'size=NB' }),
    label: z.string().openapi({ example: 'NB' }),
    quantity: z.number().int(),
  })
  .openapi('StaffStockOption')
const StockProductSchema = z
  .object({ id: z.number().int(), name: z.string(), href: z.string(), waiting: z.number().int().openapi({ description: "Shoppers waiting for a 'back in stock' email" }), options: z.array(StockOptionSchema) })
  .openapi('StaffStockProduct')

const getStock = createRoute({
  method: 'get',
  path: '/api/v3/staff/products/{id}/stock',
  tags,
  summary: "A stocked product's stock per option, and how many shoppers wait for it",
  request: { params: IdParam },
  responses: { 200: ok('Stock', StockProductSchema), ...staffOnly },
})

const setStock = createRoute({
  method: 'patch',
  path: '/api/v3/staff/products/{id}/stock',
  tags,
  summary: "Set one option's stock to a count (conditional on the count you last read)",
  description:
    'Send the count you read as `expected`: if orders or another staff member changed it meanwhile, nothing is saved and the answer is 409 with the new count (the same count saved twice is not a conflict). Raising an option from 0 emails the shoppers waiting for it.',
  request: {
    params: IdParam,
    ...body(
      z
        .object({
          optionKey: z.string().optional().openapi({ description: "The option's key from GET (default '')" }),
          quantity: z.number().int().openapi({ description: '0 to 100,000', example: 12 }),
          expected: z.number().int().openapi({ description: 'The count last read', example: 0 }),
        })
        .openapi('StaffSetStock'),
    ),
  },
  responses: {
    200: ok('Saved', z.object({ productId: z.number().int(), name: z.string(), optionKey: z.string(), label: z.string(), quantity: z.number().int(), notified: z.number().int() })),
    409: err('The stock changed since it was read'),
    ...staffOnly,
  },
})

// ---- promotional store credit -----------------------------------------------------------------------------

const GrantSchema = z
  .object({ id: z.number().int(), email: z.string(), amountCents: z.number().int(), note: z.string(), grantedBy: z.string(), createdAt: z.string() })
  .openapi('StaffCreditGrant')

const listGrants = createRoute({
  method: 'get',
  path: '/api/v3/staff/store_credit_grants',
  tags,
  summary: 'The 20 newest promotional store credit grants, with who made them',
  responses: { 200: ok('Grants', z.object({ grants: z.array(GrantSchema) })), ...staffOnly },
})

const grantCredit = createRoute({
  method: 'post',
  path: '/api/v3/staff/store_credit_grants',
  tags,
  summary: 'Give promotional store credit to an account (idempotent)',
  description: `$1 to $${PROMOTION_MAX_CENTS / 100} in cents; the reason is shown to the customer in their credit history. The key (Idempotency-Key header or idempotencyKey) makes a repeat grant once: 201 the first time, 200 with repeated: true after; the same key with another account or amount is 422.`,
  request: {
    headers: z.object({ 'idempotency-key': z.string().optional().openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'or idempotencyKey in the body' }) }),
    ...body(
      z
        .object({
          email: z.string().openapi({ example: 'parent@nestlist.example' }),
          amountCents: z.number().int().openapi({ example: 1500 }),
          reason: z.string().openapi({ example: 'Sorry your order arrived late' }),
          idempotencyKey: z.string().optional(),
        })
        .openapi('StaffGrantCredit'),
    ),
  },
  responses: {
    201: ok('Granted', z.object({ user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }), amountCents: z.number().int(), balanceCents: z.number().int(), repeated: z.boolean() })),
    200: ok('Already granted with this key', z.object({ user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }), amountCents: z.number().int(), balanceCents: z.number().int(), repeated: z.boolean() })),
    ...staffOnly,
  },
})

// ---- shipments --------------------------------------------------------------------------------------------

const StaffShipmentSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(shipmentStatuses),
    warehouseId: z.number().int(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    createdAt: z.string(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    orderIds: z.array(z.string()),
    registry: z.object({ id: z.number().int(), familyName: z.string() }).nullable(),
    itemCount: z.number().int(),
  })
  .openapi('StaffShipment')

const listShipments = createRoute({
  method: 'get',
  path: '/api/v3/staff/shipments',
  tags,
  summary: 'Shipments newest first, by status and/or the full order id (up to 100)',
  request: {
    query: z.object({
      status: z.enum(shipmentStatuses).optional(),
      order: z.string().optional().openapi({ description: 'A full order id' }),
    }),
  },
  responses: { 200: ok('Shipments', z.object({ shipments: z.array(StaffShipmentSchema) })), ...staffOnly },
})

const markShipped = createRoute({
  method: 'post',
  path: '/api/v3/staff/shipments/{id}/mark_shipped',
  tags,
  summary: 'processing → shipped, with the carrier and tracking number; emails the buyer (or the family and givers)',
  description: '409 from any other status (a held box must be released first; a double submit is refused, never a skipped step).',
  request: {
    params: IdParam,
    ...body(z.object({ carrier: z.enum(carriers), trackingNumber: z.string().openapi({ example: '1Z999AA10123456784' }) }).openapi('StaffMarkShipped')),
  },
  responses: {
    200: ok('Shipped', z.object({ id: z.number().int(), status: z.enum(shipmentStatuses), carrier: z.string().nullable(), trackingNumber: z.string().nullable() })),
    409: err('Not processing'),
    ...staffOnly,
  },
})

const markDelivered = createRoute({
  method: 'post',
  path: '/api/v3/staff/shipments/{id}/mark_delivered',
  tags,
  summary: 'shipped → delivered',
  description: '409 from any other status.',
  request: { params: IdParam },
  responses: { 200: ok('Delivered', z.object({ id: z.number().int(), status: z.enum(shipmentStatuses), deliveredAt: z.string().nullable() })), 409: err('Not shipped'), ...staffOnly },
})

// ---- gift returns -----------------------------------------------------------------------------------------

const StaffGiftReturnSchema = z
  .object({
    id: z.string().uuid(),
    returnCode: z.string().nullable(),
    status: z.enum(giftReturnStatuses),
    title: z.string(),
    options: z.object({ size: z.string().optional(), color: z.string().optional() }),
    productId: z.number().int().nullable(),
    quantity: z.number().int(),
    reasonLabel: z.string(),
    creditCents: z.number().int(),
    familyName: z.string(),
    requester: z.object({ name: z.string(), email: z.string() }),
    orderId: z.string(),
    createdAt: z.string(),
    receivedAt: z.string().nullable(),
    receivedBy: z.string().nullable(),
    restockedOnReceipt: z.boolean().nullable(),
  })
  .openapi('StaffGiftReturn')

const listGiftReturns = createRoute({
  method: 'get',
  path: '/api/v3/staff/gift_returns',
  tags,
  summary: 'Registry gifts on their way back (oldest first), or the latest received; or the one with a return code',
  request: {
    query: z.object({
      status: z.enum(['awaiting_return_shipment', 'received']).optional().openapi({ description: 'Default awaiting_return_shipment' }),
      code: z.string().optional().openapi({ description: 'A return code as written on the box (case, spaces and dashes ignored)', example: 'RG-7KQM-2XPD' }),
    }),
  },
  responses: { 200: ok('Gift returns', z.object({ giftReturns: z.array(StaffGiftReturnSchema) })), ...staffOnly },
})

const receiveGiftReturn = createRoute({
  method: 'post',
  path: '/api/v3/staff/gift_returns/{id}/receive',
  tags,
  summary: 'A shipped gift return arrived: credit the family member once, restock it if it can be sold again',
  description:
    'awaiting_return_shipment → received in one transaction with the store credit and the restock; the family member who asked for the return is emailed a receipt (the giver never is). 409 when it was already received (nothing more is credited) or never shipped.',
  request: { params: IdParam, ...body(z.object({ restock: z.boolean().openapi({ description: 'true: resellable, back in stock; false: damaged or used' }) }).openapi('StaffReceiveGiftReturn')) },
  responses: {
    200: ok('Received', z.object({ giftReturn: GiftReturnSchema, creditedCents: z.number().int(), restocked: z.boolean() })),
    409: err('Already received, or never shipped'),
    ...staffOnly,
  },
})

// ---- bank transfer payouts (decision 030, h14) -----------------------------------------------------------

const OwedItemSchema = z
  .object({
    kind: z.enum(['contribution', 'redemption']).openapi({ description: 'contribution: a confirmed cash fund gift; redemption: a group gift fund the family redeemed by bank transfer' }),
    id: z.string().uuid(),
    title: z.string().openapi({ description: "The cash fund's or group gift item's title" }),
    giverName: z.string().nullable(),
    amountCents: z.number().int(),
    owedSince: z.string(),
  })
  .openapi('StaffOwedPayoutItem')

const OwedRegistrySchema = z
  .object({
    registryId: z.number().int(),
    title: z.string(),
    familyName: z.string(),
    slug: z.string(),
    account: z.object({ holder: z.string(), last4: z.string() }).nullable().openapi({ description: 'The bank account on file now; null when the family switched to store credit (no transfer can be recorded until they choose a bank transfer again)' }),
    itemCount: z.number().int(),
    totalCents: z.number().int(),
    oldestAt: z.string(),
    items: z.array(OwedItemSchema),
  })
  .openapi('StaffOwedPayout')

const PayoutSchema = z
  .object({
    id: z.string().uuid(),
    registryId: z.number().int().nullable(),
    registryTitle: z.string().nullable(),
    familyName: z.string().nullable(),
    amountCents: z.number().int(),
    itemCount: z.number().int(),
    accountHolder: z.string(),
    accountLast4: z.string(),
    reference: z.string(),
    sentBy: z.string().nullable(),
    sentAt: z.string(),
  })
  .openapi('StaffPayout')

const listOwedPayouts = createRoute({
  method: 'get',
  path: '/api/v3/staff/payouts/owed',
  tags,
  summary: 'Registries owed money by bank transfer (confirmed bank-transfer cash fund gifts and group gift redemptions not sent yet), oldest debt first',
  responses: { 200: ok('Owed', z.object({ registries: z.array(OwedRegistrySchema) })), ...staffOnly },
})

const listPayouts = createRoute({
  method: 'get',
  path: '/api/v3/staff/payouts',
  tags,
  summary: 'Bank transfers recorded by staff, newest first (up to 50)',
  responses: { 200: ok('Payouts', z.object({ payouts: z.array(PayoutSchema) })), ...staffOnly },
})

const recordPayout = createRoute({
  method: 'post',
  path: '/api/v3/staff/payouts',
  tags,
  summary: "Record a bank transfer sent to a registry's family, covering the owed items listed; emails the family",
  description: `List the owed items the transfer covers (ids from GET /api/v3/staff/payouts/owed). The amount is their sum, computed by the server; each item is paid out once. If any listed item is no longer owed (paid out by someone else, or refunded), nothing is recorded: 409. The reference is ${PAYOUT_REFERENCE_MIN} to ${PAYOUT_REFERENCE_MAX} characters; the same reference again for the same registry answers the first payout (200, created: false). \`accountLast4\`, when given, must still be the family's account (409 otherwise).`,
  request: {
    ...body(
      z
        .object({
          registryId: z.number().int().openapi({ example: 483920175630 }),
          reference: z.string().openapi({ example: 'TRF-2026-11-27-0042' }),
          contributionIds: z.array(z.string()).optional(),
          redemptionIds: z.array(z.string()).optional(),
          accountLast4: z.string().optional().openapi({ example: '6789' }),
        })
        .openapi('StaffRecordPayout'),
    ),
  },
  responses: {
    201: ok('Recorded', z.object({ payout: PayoutSchema, created: z.boolean() })),
    200: ok('Already recorded with this reference', z.object({ payout: PayoutSchema, created: z.boolean() })),
    409: err('An item is no longer owed, the family has no bank account on file, or the account changed'),
    ...staffOnly,
  },
})

export const staffRouter = createRouter()
privateJson(staffRouter, ['/api/v3/staff/*'])

// Who may call is decided before the body or query is validated, so others get 401/404, never a 422 that
// describes a staff endpoint. Handlers read the staff member checked here.
const staffOf = new WeakMap<Request, ApiViewer>()
staffRouter.use('/api/v3/staff/*', async (c, next) => {
  staffOf.set(c.req.raw, await requireApiStaff(c))
  await next()
})
const staffMember = (c: { req: { raw: Request } }) => staffOf.get(c.req.raw)!

staffRouter.openapi(getStock, async (c) => {
  return c.json(await c.var.services.inventory.staffProduct(positiveIdOf(c.req.valid('param').id, 'We could not find that product.')), 200)
})

staffRouter.openapi(setStock, async (c) => {
  const productId = positiveIdOf(c.req.valid('param').id, 'We could not find that product.')
  const input = c.req.valid('json')
  return c.json(await c.var.services.inventory.setStock({ ...input, productId }), 200)
})

staffRouter.openapi(listGrants, async (c) => {
  return c.json({ grants: await c.var.services.giftCards.recentPromotions(20) }, 200)
})

staffRouter.openapi(grantCredit, async (c) => {
  const staff = staffMember(c)
  const input = c.req.valid('json')
  const grant = await c.var.services.giftCards.grantPromotion(staff.user.id, { ...input, idempotencyKey: input.idempotencyKey ?? c.req.valid('header')['idempotency-key'] })
  return grant.repeated ? c.json(grant, 200) : c.json(grant, 201)
})

staffRouter.openapi(listShipments, async (c) => {
  const { status, order } = c.req.valid('query')
  return c.json({ shipments: await c.var.services.shipments.staffList({ status, orderId: order?.trim() || undefined }) }, 200)
})

staffRouter.openapi(markShipped, async (c) => {
  const id = positiveIdOf(c.req.valid('param').id, shippingMessages.shipmentNotFound)
  return c.json(await c.var.services.shipments.markShipped(id, c.req.valid('json'), { origin: c.var.services.publicOrigin }), 200)
})

staffRouter.openapi(markDelivered, async (c) => {
  return c.json(await c.var.services.shipments.markDelivered(positiveIdOf(c.req.valid('param').id, shippingMessages.shipmentNotFound)), 200)
})

staffRouter.openapi(listGiftReturns, async (c) => {
  const { status, code } = c.req.valid('query')
  return c.json({ giftReturns: await c.var.services.giftCards.staffGiftReturns({ status, code }) }, 200)
})

staffRouter.openapi(receiveGiftReturn, async (c) => {
  const staff = staffMember(c)
  return c.json(await c.var.services.giftCards.receiveGiftReturn(staff.user.id, c.req.valid('param').id, c.req.valid('json')), 200)
})

staffRouter.openapi(listOwedPayouts, async (c) => {
  const staff = staffMember(c)
  return c.json({ registries: await c.var.services.cashFunds.owedPayouts({ userId: staff.user.id, role: staff.user.role }) }, 200)
})

staffRouter.openapi(listPayouts, async (c) => {
  const staff = staffMember(c)
  return c.json({ payouts: await c.var.services.cashFunds.payoutHistory({ userId: staff.user.id, role: staff.user.role }) }, 200)
})

staffRouter.openapi(recordPayout, async (c) => {
  const staff = staffMember(c)
  const result = await c.var.services.cashFunds.recordPayout({ userId: staff.user.id, role: staff.user.role }, c.req.valid('json'))
  return result.created ? c.json(result, 201) : c.json(result, 200)
})
