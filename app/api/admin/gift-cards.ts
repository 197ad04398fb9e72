// /bl_admin/api: the spec's admin calls for gift cards and store credit (spec §7 'Admin'; docs/decisions/023,
// amendment h15). The same service as the /admin/gift-cards page: look a card up, send it a new code, read an
// account's store credit and what it was spent on, give promotional credit. 401 without a session; 404 for a
// signed-in user who is not staff. Codes are never returned: only their last four characters.
import { createRoute, z } from '@hono/zod-openapi'
import { body, err, ok } from '../v3/registry-schemas'
import { type AdminRouter, keyOf, staffMember, staffOnly } from './shared'

const tags = ['admin']

const GiftCardSchema = z
  .object({
    id: z.string().uuid(),
    last4: z.string().openapi({ description: 'the last four characters of the current code (the code itself is never shown)', example: 'K7QP' }),
    initialCents: z.number().int(),
    balanceCents: z.number().int(),
    status: z.enum(['active', 'used_up', 'redeemed']).openapi({ description: 'redeemed: the balance was moved into an account’s store credit' }),
    recipientName: z.string(),
    recipientEmail: z.string(),
    senderName: z.string(),
    orderId: z.string().uuid(),
    purchaserEmail: z.string(),
    createdAt: z.string(),
    emailedAt: z.string().nullable(),
  })
  .openapi('AdminGiftCard')

const ExchangeSchema = z
  .object({
    id: z.number().int(),
    giftCardId: z.string().uuid(),
    reason: z.string(),
    oldLast4: z.string(),
    newLast4: z.string(),
    recipientEmailBefore: z.string(),
    recipientEmailAfter: z.string(),
    balanceCents: z.number().int(),
    staffEmail: z.string(),
    emailed: z.boolean().openapi({ description: 'false: the email with the new code could not be sent; send another new code' }),
    createdAt: z.string(),
  })
  .openapi('AdminGiftCardExchange')

const GiftCardDetailSchema = GiftCardSchema.extend({
  redeemedByEmail: z.string().nullable(),
  uses: z.array(z.object({ id: z.number().int(), kind: z.enum(['order_payment', 'redeemed_to_credit', 'order_refund']), amountCents: z.number().int(), orderId: z.string().nullable(), createdAt: z.string() })),
  exchanges: z.array(ExchangeSchema),
}).openapi('AdminGiftCardDetail')

const CreditEntrySchema = z
  .object({
    id: z.number().int(),
    amountCents: z.number().int().openapi({ description: 'positive: credit given; negative: spent or taken back' }),
    reason: z.enum(['gift_return', 'promotion', 'gift_card_redeemed', 'order_payment', 'refund', 'cash_fund']),
    balanceAfterCents: z.number().int(),
    note: z.string(),
    orderId: z.string().nullable(),
    giftCardId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AdminCreditEntry')
const AccountSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string() })

const findGiftCards = createRoute({
  method: 'get',
  path: '/bl_admin/api/gift_cards',
  tags,
  summary: 'Find gift cards by the last 4 of a code, an email (recipient or buyer), or a card or order id (newest 20)',
  request: { query: z.object({ q: z.string().optional().openapi({ example: 'K7QP' }) }) },
  responses: { 200: ok('Cards', z.object({ giftCards: z.array(GiftCardSchema) })), ...staffOnly },
})

const getGiftCard = createRoute({
  method: 'get',
  path: '/bl_admin/api/gift_cards/{id}',
  tags,
  summary: 'One gift card: balance, every movement of it, and the new codes staff sent it',
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }) }) },
  responses: { 200: ok('Card', GiftCardDetailSchema), ...staffOnly },
})

const listExchanges = createRoute({
  method: 'get',
  path: '/bl_admin/api/gift_card_exchanges',
  tags,
  summary: 'New codes sent by staff, newest first (50), optionally for one card',
  request: { query: z.object({ gift_card_id: z.string().optional() }) },
  responses: { 200: ok('Exchanges', z.object({ exchanges: z.array(ExchangeSchema) })), ...staffOnly },
})

const createExchange = createRoute({
  method: 'post',
  path: '/bl_admin/api/gift_card_exchanges',
  tags,
  summary: 'Send a gift card a new code (idempotent): the old code stops working, the balance stays, the recipient is emailed',
  description:
    'For a lost email, a code someone else saw, or a recipient address with a typo (`recipientEmail` corrects it). Only a delivered card with a balance: a used-up card, or one whose balance was moved into store credit, answers 409. The key (Idempotency-Key header or idempotencyKey) makes a repeat send one code: 201 the first time, 200 with repeated: true after.',
  request: {
    headers: z.object({ 'idempotency-key': z.string().optional().openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'or idempotencyKey in the body' }) }),
    ...body(
      z
        .object({
          giftCardId: z.string().openapi({ example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }),
          reason: z.string().openapi({ example: 'Customer deleted the email' }),
          recipientEmail: z.string().optional().openapi({ description: 'a corrected address for the recipient (default: the card’s)' }),
          idempotencyKey: z.string().optional(),
        })
        .openapi('AdminGiftCardExchangeRequest'),
    ),
  },
  responses: {
    201: ok('New code sent', z.object({ exchange: ExchangeSchema, giftCard: GiftCardSchema, repeated: z.boolean() })),
    200: ok('Already sent with this key', z.object({ exchange: ExchangeSchema, giftCard: GiftCardSchema, repeated: z.boolean() })),
    409: err('The card has nothing left, was moved into store credit, or is still being delivered'),
    ...staffOnly,
  },
})

const getUserCredits = createRoute({
  method: 'get',
  path: '/bl_admin/api/user_credits',
  tags,
  summary: "An account's store credit: balance and ledger, newest first (200)",
  request: { query: z.object({ email: z.string().optional().openapi({ example: 'parent@nestlist.example' }) }) },
  responses: { 200: ok('Credit', z.object({ user: AccountSchema, balanceCents: z.number().int(), entries: z.array(CreditEntrySchema) })), ...staffOnly },
})

const grantUserCredit = createRoute({
  method: 'post',
  path: '/bl_admin/api/user_credits',
  tags,
  summary: 'Give promotional store credit to an account (idempotent; the same as POST /api/v3/staff/store_credit_grants)',
  request: {
    headers: z.object({ 'idempotency-key': z.string().optional().openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'or idempotencyKey in the body' }) }),
    ...body(z.object({ email: z.string(), amountCents: z.number().int(), reason: z.string(), idempotencyKey: z.string().optional() }).openapi('AdminGrantCredit')),
  },
  responses: {
    201: ok('Granted', z.object({ user: AccountSchema, amountCents: z.number().int(), balanceCents: z.number().int(), repeated: z.boolean() })),
    200: ok('Already granted with this key', z.object({ user: AccountSchema, amountCents: z.number().int(), balanceCents: z.number().int(), repeated: z.boolean() })),
    ...staffOnly,
  },
})

const getCreditRedemptions = createRoute({
  method: 'get',
  path: '/bl_admin/api/user_credit_redemptions',
  tags,
  summary: "The gift cards moved into an account's store credit (by the customer with the code, or by support), newest first",
  request: { query: z.object({ email: z.string().optional().openapi({ example: 'parent@nestlist.example' }) }) },
  responses: { 200: ok('Redemptions', z.object({ user: AccountSchema, redemptions: z.array(CreditEntrySchema) })), ...staffOnly },
})

const RedeemedSchema = z.object({ user: AccountSchema, redeemedCents: z.number().int(), balanceCents: z.number().int(), last4: z.string(), repeated: z.boolean() })

const createCreditRedemption = createRoute({
  method: 'post',
  path: '/bl_admin/api/user_credit_redemptions',
  tags,
  summary: "Move a gift card's whole balance into a customer's store credit for them (idempotent)",
  description:
    'For a customer who cannot use the code (the email lost, a code they cannot read) once support has checked the card is theirs. The reason is shown to the customer with the credit. A card with nothing left, already moved into store credit, or still being emailed answers 409. The key (Idempotency-Key header or idempotencyKey) moves it once: 201 the first time, 200 with repeated: true after.',
  request: {
    headers: z.object({ 'idempotency-key': z.string().optional().openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'or idempotencyKey in the body' }) }),
    ...body(
      z
        .object({
          giftCardId: z.string().openapi({ example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }),
          email: z.string().openapi({ example: 'parent@nestlist.example' }),
          reason: z.string().openapi({ example: 'Customer lost the email; order checked' }),
          idempotencyKey: z.string().optional(),
        })
        .openapi('AdminCreditRedemptionRequest'),
    ),
  },
  responses: { 201: ok('Moved', RedeemedSchema), 200: ok('Already moved with this key', RedeemedSchema), 409: err('Nothing on the card can be moved'), ...staffOnly },
})

/** Registers the gift card and store credit calls on the admin router (app/api/admin/router.ts). */
export function registerGiftCardRoutes(router: AdminRouter) {
  router.openapi(findGiftCards, async (c) => {
    return c.json({ giftCards: await c.var.services.giftCardSupport.find(c.req.valid('query').q ?? '') }, 200)
  })

  router.openapi(getGiftCard, async (c) => {
    return c.json(await c.var.services.giftCardSupport.card(c.req.valid('param').id), 200)
  })

  router.openapi(listExchanges, async (c) => {
    return c.json({ exchanges: await c.var.services.giftCardSupport.exchanges(c.req.valid('query').gift_card_id) }, 200)
  })

  router.openapi(createExchange, async (c) => {
    const input = c.req.valid('json')
    const done = await c.var.services.giftCardSupport.exchange(staffMember(c).user.id, { ...input, idempotencyKey: keyOf(c.req.valid('header')['idempotency-key'], input.idempotencyKey) })
    return c.json({ exchange: done.exchange, giftCard: done.card, repeated: done.repeated }, done.repeated ? 200 : 201)
  })

  router.openapi(getUserCredits, async (c) => {
    return c.json(await c.var.services.giftCardSupport.creditFor(c.req.valid('query').email), 200)
  })

  router.openapi(grantUserCredit, async (c) => {
    const input = c.req.valid('json')
    const grant = await c.var.services.giftCards.grantPromotion(staffMember(c).user.id, { ...input, idempotencyKey: keyOf(c.req.valid('header')['idempotency-key'], input.idempotencyKey) })
    return c.json(grant, grant.repeated ? 200 : 201)
  })

  router.openapi(getCreditRedemptions, async (c) => {
    return c.json(await c.var.services.giftCardSupport.redemptionsFor(c.req.valid('query').email), 200)
  })

  router.openapi(createCreditRedemption, async (c) => {
    const input = c.req.valid('json')
    const done = await c.var.services.giftCards.redeemForCustomer(staffMember(c).user.id, { ...input, idempotencyKey: keyOf(c.req.valid('header')['idempotency-key'], input.idempotencyKey) })
    return c.json(done, done.repeated ? 200 : 201)
  })
}
