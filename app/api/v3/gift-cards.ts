// Gift cards, store credit and gift returns (docs/decisions/023): /api/v3/gift_cards, /api/v3/user_credit,
// /api/v3/user_credit_redemptions, /api/v3/gift_returns. Everything is the signed-in user's own; another
// user's gift card or a gift on someone else's registry is 404, as if it did not exist.
import { createRoute, z } from '@hono/zod-openapi'
import { creditReasons, GIFT_MESSAGE_MAX, GIFT_RETURN_WINDOW_MONTHS, giftReturnReasons, giftReturnStatuses, MAX_GIFT_CARDS_PER_LINE } from '~/modules/giftcards/giftcards.validation'
import { apiCartViewer, requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['gift cards and credit']

const BuyGiftCard = z
  .object({
    productId: z.number().int().openapi({ description: 'A gift card product (productType gift_card): its design', example: 4 }),
    amountCents: z.number().int().openapi({ description: 'Whole dollars from 2500 to 100000', example: 5000 }),
    quantity: z.number().int().optional().openapi({ description: `1 to ${MAX_GIFT_CARDS_PER_LINE}; default 1 (one card, one email, per unit)` }),
    recipientName: z.string().openapi({ example: 'Riley' }),
    recipientEmail: z.string().openapi({ example: 'riley@example.com' }),
    senderName: z.string().openapi({ example: 'Jordan' }),
    message: z.string().optional().openapi({ description: `Up to ${GIFT_MESSAGE_MAX} characters` }),
  })
  .openapi('BuyGiftCard')

const GiftCardSchema = z
  .object({
    id: z.string().uuid(),
    amountCents: z.number().int(),
    recipientName: z.string(),
    recipientEmail: z.string(),
    message: z.string(),
    orderId: z.string().uuid(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('PurchasedGiftCard')

const CreditEntrySchema = z
  .object({
    id: z.number().int(),
    amountCents: z.number().int().openapi({ description: 'Signed: + added, − spent' }),
    reason: z.enum(creditReasons),
    balanceAfterCents: z.number().int(),
    note: z.string(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('UserCreditEntry')
const UserCreditSchema = z.object({ balanceCents: z.number().int(), entries: z.array(CreditEntrySchema) }).openapi('UserCredit')

const GiftReturnSchema = z
  .object({
    id: z.string().uuid(),
    orderLineId: z.number().int(),
    registryId: z.number().int(),
    title: z.string(),
    quantity: z.number().int(),
    reason: z.string(),
    reasonLabel: z.string(),
    creditCents: z.number().int().openapi({ description: 'The store credit for these units (given at once, or on receipt while creditPending)' }),
    status: z.enum(giftReturnStatuses).openapi({
      description: 'restocked: it had not left our warehouse (credited at once); awaiting_return_shipment: send it back with returnCode; received: it arrived and was credited',
    }),
    returnCode: z.string().nullable().openapi({ description: 'For a shipped gift: the return authorization to write on the box', example: 'RG-7KQM-2XPD' }),
    creditPending: z.boolean().openapi({ description: 'The credit is added when the gift arrives at the returns warehouse' }),
    receivedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('GiftReturn')
export { GiftReturnSchema }
const GiftReturnDetailSchema = GiftReturnSchema.extend({
  registryTitle: z.string(),
  options: z.object({ size: z.string().optional(), color: z.string().optional() }),
  returnAddress: z
    .object({ id: z.number().int(), name: z.string(), line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), zip: z.string() })
    .nullable()
    .openapi({ description: 'Where to send a shipped gift (our returns warehouse); null when nothing is sent back' }),
}).openapi('GiftReturnDetail')
const ReturnableGiftSchema = z
  .object({
    orderLineId: z.number().int(),
    registryId: z.number().int(),
    registryTitle: z.string(),
    title: z.string(),
    options: z.object({ size: z.string().optional(), color: z.string().optional() }),
    productId: z.number().int().nullable(),
    quantity: z.number().int(),
    returnedQuantity: z.number().int(),
    creditPerUnitCents: z.number().int(),
    boughtAt: z.string(),
    returnBy: z.string(),
  })
  .openapi('ReturnableGift')

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) })

const buy = createRoute({
  method: 'post',
  path: '/api/v3/gift_cards',
  tags,
  summary: 'Add an electronic gift card to the cart (amount, recipient, message)',
  description:
    "Adds a cart line priced at the amount; it ships nowhere, has no tax and no registry discount. When the order is paid, one card per unit is issued and its code emailed to the recipient (the buyer gets a copy without the code). Guests get a cart cookie.",
  request: body(BuyGiftCard),
  responses: {
    201: ok('Added', z.object({ lineId: z.number().int(), itemCount: z.number().int(), subtotalCents: z.number().int() })),
    404: err('Not a gift card product'),
    ...errorResponses,
  },
})

const getGiftCard = createRoute({
  method: 'get',
  path: '/api/v3/gift_cards/{id}',
  tags,
  summary: 'A gift card the signed-in user bought (never its code or what the recipient spent)',
  request: { params: IdParam },
  responses: { 200: ok('The gift card', GiftCardSchema), 401: err('Not signed in'), 404: err('No such gift card, or not bought by you'), ...errorResponses },
})

const listGiftCards = createRoute({
  method: 'get',
  path: '/api/v3/gift_cards',
  tags,
  summary: 'Gift cards the signed-in user bought, newest first',
  responses: { 200: ok('Gift cards', z.object({ giftCards: z.array(GiftCardSchema) })), 401: err('Not signed in'), ...errorResponses },
})

const getCredit = createRoute({
  method: 'get',
  path: '/api/v3/user_credit',
  tags,
  summary: "The signed-in user's store credit: balance and history (newest first)",
  responses: { 200: ok('Store credit', UserCreditSchema), 401: err('Not signed in'), ...errorResponses },
})

const redeem = createRoute({
  method: 'post',
  path: '/api/v3/user_credit_redemptions',
  tags,
  summary: "Redeem a gift card code into the account's store credit",
  description:
    'The whole remaining balance moves to store credit and the card is used up. Case, spaces and dashes in the code are ignored. After 10 wrong codes in an hour for the account (or 30 from one network address), 429.',
  request: body(z.object({ code: z.string().openapi({ example: 'ABCD-EFGH-JKLM-NPQR' }) }).openapi('RedeemGiftCard')),
  responses: {
    201: ok('Redeemed', z.object({ redeemedCents: z.number().int(), balanceCents: z.number().int(), last4: z.string() })),
    401: err('Not signed in'),
    429: err('Too many wrong codes'),
    ...errorResponses,
  },
})

const listReturns = createRoute({
  method: 'get',
  path: '/api/v3/gift_returns',
  tags,
  summary: 'Gift returns for the registries the user manages, and the gifts that can still be returned',
  responses: {
    200: ok('Gift returns', z.object({ giftReturns: z.array(GiftReturnSchema), returnable: z.array(ReturnableGiftSchema) })),
    401: err('Not signed in'),
    ...errorResponses,
  },
})

const getReturn = createRoute({
  method: 'get',
  path: '/api/v3/gift_returns/{id}',
  tags,
  summary: 'One gift return for the family: its status and, for a shipped gift, the return code and where to send it',
  request: { params: IdParam },
  responses: { 200: ok('The gift return', GiftReturnDetailSchema), 401: err('Not signed in'), 404: err('No such gift return on your registries'), ...errorResponses },
})

const createReturn = createRoute({
  method: 'post',
  path: '/api/v3/gift_returns',
  tags,
  summary: 'Return a registry gift for store credit (registry owner or collaborator)',
  description: `Within ${GIFT_RETURN_WINDOW_MONTHS} months of the order. The credit is what was paid for those units; the giver is not told. A gift still in our warehouse is credited at once; a shipped one gets a returnCode and is credited when it arrives back. 404 for a gift on a registry you do not manage; 409 when more than is left would be returned or the window has passed.`,
  request: body(
    z
      .object({
        orderLineId: z.number().int(),
        quantity: z.number().int().openapi({ example: 1 }),
        reason: z.enum(giftReturnReasons.map((r) => r.id) as [string, ...string[]]),
      })
      .openapi('CreateGiftReturn'),
  ),
  responses: {
    201: ok('Returned', z.object({ giftReturn: GiftReturnSchema, balanceCents: z.number().int() })),
    401: err('Not signed in'),
    404: err('No such gift on your registries'),
    409: err('Already returned, or past the return window'),
    ...errorResponses,
  },
})

export const giftCardsRouter = createRouter()
privateJson(giftCardsRouter, ['/api/v3/gift_cards', '/api/v3/gift_cards/*', '/api/v3/user_credit', '/api/v3/user_credit_redemptions', '/api/v3/gift_returns', '/api/v3/gift_returns/*'])

giftCardsRouter.openapi(buy, async (c) => {
  const { viewer } = await apiCartViewer(c, { create: true })
  const { cart, lineId } = await c.var.services.cart.addGiftCard(viewer, c.req.valid('json'))
  return c.json({ lineId, itemCount: cart.itemCount, subtotalCents: cart.subtotalCents }, 201)
})

giftCardsRouter.openapi(listGiftCards, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ giftCards: await c.var.services.giftCards.purchasedBy(v.user.id) }, 200)
})

giftCardsRouter.openapi(getGiftCard, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftCards.forPurchaser(c.req.valid('param').id, v.user.id), 200)
})

giftCardsRouter.openapi(getCredit, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftCards.creditOf(v.user.id), 200)
})

giftCardsRouter.openapi(redeem, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftCards.redeem(v.user.id, c.req.valid('json'), { ip: c.var.clientIp }), 201)
})

giftCardsRouter.openapi(listReturns, async (c) => {
  const v = await requireApiUser(c)
  const [giftReturns, returnable] = await Promise.all([c.var.services.giftCards.giftReturnsFor(v.user.id), c.var.services.giftCards.returnableGifts(v.user.id)])
  return c.json({ giftReturns, returnable }, 200)
})

giftCardsRouter.openapi(getReturn, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftCards.giftReturnFor(c.req.valid('param').id, v.user.id), 200)
})

giftCardsRouter.openapi(createReturn, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftCards.returnGift(v.user.id, c.req.valid('json')), 201)
})
