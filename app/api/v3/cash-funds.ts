// Cash funds (docs/decisions/030): /api/v3/registries/{id}/cash_funds (guests read totals; the family adds),
// /api/v3/cash_funds/{fundId} (the family removes), /api/v3/cash_fund_contributions (anyone gives by card;
// the family and staff read, confirm and cancel; anyone else 404) and /api/v3/cash_fund_preferences.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { DomainError } from '~/lib/errors'
import { cashFundMessages, CONTRIBUTION_MAX_CENTS, CONTRIBUTION_MIN_CENTS, groupGiftMessages } from '~/modules/cash-funds/cash-funds.strings'
import { CHIP_IN_MIN_CENTS } from '~/modules/cash-funds/group-gifts'
import { GROUP_GIFT_GOAL_BUFFER_PERCENT } from '~/modules/config/app-config'
import { apiViewer, requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import type { AppEnv } from '../types'
import { body, err, ok, positiveIdOf, privateJson, RegistryIdParam, registryIdOf } from './registry-schemas'

const tags = ['cash funds']

const CashFundSchema = z
  .object({
    id: z.number().int(),
    registryId: z.number().int(),
    productId: z.number().int().nullable().openapi({ description: 'The catalog cash-fund product it was started from' }),
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    goalCents: z.number().int().nullable(),
    raisedCents: z.number().int().openapi({ description: 'Confirmed contributions only' }),
    contributionCount: z.number().int(),
  })
  .openapi('CashFund')

const ContributionSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(['cash_fund', 'group_gift']).openapi({ description: 'cash_fund: a gift to a cash fund; group_gift: a chip-in towards a registry item marked as a group gift' }),
    cashFundId: z.number().int().nullable(),
    regItemId: z.number().int().nullable().openapi({ description: 'The group gift (registry item) for a chip-in' }),
    fundTitle: z.string().openapi({ description: "The fund's title, or the group gift item's" }),
    registryId: z.number().int(),
    amountCents: z.number().int(),
    status: z.enum(['pending', 'confirmed', 'cancelled']).openapi({ description: 'pending: card authorized, not charged; confirmed: charged; cancelled: released or refunded' }),
    giverName: z.string(),
    giverEmail: z.string(),
    message: z.string(),
    paymentId: z.string(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    waitingInGroupGift: z.boolean().openapi({ description: "A charged chip-in still in its group gift's fund (not used by the family yet, so not received yet); false for cash fund gifts" }),
    payout: z
      .enum(['store_credit', 'bank_transfer'])
      .nullable()
      .openapi({ description: "How the money reaches the family: the gift's own payout, or (a chip-in) its used group gift fund's; null while not theirs yet" }),
    sentToBankAt: z.string().nullable().openapi({ description: "bank_transfer: when Nestlist's payouts team sent the transfer; null while it waits for the transfer" }),
  })
  .openapi('CashFundContribution')

const PreferencesSchema = z
  .object({
    registryId: z.number().int(),
    method: z.enum(['store_credit', 'bank_transfer']),
    accountHolder: z.string().nullable(),
    accountLast4: z.string().nullable().openapi({ description: 'The last 4 digits only; the full number is never taken or kept' }),
    chosen: z.boolean().openapi({ description: 'false: the family has not chosen yet (store credit is the default)' }),
  })
  .openapi('CashFundPreferences')

const GroupGiftSchema = z
  .object({
    regItemId: z.number().int(),
    registryId: z.number().int(),
    title: z.string(),
    imageUrl: z.string(),
    priceCents: z.number().int(),
    quantityNeeded: z.number().int(),
    productId: z.number().int().nullable(),
    storeName: z.string(),
    goalCents: z.number().int().openapi({ description: `price × quantity needed + ${GROUP_GIFT_GOAL_BUFFER_PERCENT}% (covers tax and shipping), fixed when the first guest chips in` }),
    goalFixed: z.boolean().openapi({ description: 'The goal was fixed by the first chip-in (a price change no longer moves it; the quantity cannot change while chip-ins are held or charged)' }),
    fundedCents: z.number().int().openapi({ description: 'Confirmed chip-ins' }),
    contributorCount: z.number().int().openapi({ description: 'People whose chip-in was charged (no names)' }),
    leftCents: z.number().int().openapi({ description: 'What guests can still chip in (goal less charged and held chip-ins); 0 when fully funded or redeemed' }),
    fullyFunded: z.boolean(),
    redeemed: z.boolean(),
  })
  .openapi('GroupGift')

const RedemptionSchema = z
  .object({
    id: z.string().uuid(),
    regItemId: z.number().int(),
    registryId: z.number().int(),
    method: z.enum(['store_credit', 'bank_transfer']).openapi({ description: "The registry's cash fund preference when redeemed (always store_credit for use 'order')" }),
    use: z.enum(['payout', 'order']).openapi({ description: "'payout': the cash fund way; 'order': store credit to order the item at Nestlist" }),
    amountCents: z.number().int(),
    orderId: z.string().uuid().nullable().openapi({ description: "use 'order': the store order placed with the fund, once checkout placed it" }),
    createdAt: z.string(),
  })
  .openapi('GroupGiftFundRedemption')

const CardBody = z.object({ number: z.string(), expMonth: z.number().int(), expYear: z.number().int(), cvc: z.string(), nameOnCard: z.string().optional() })

const listFunds = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/cash_funds',
  tags,
  summary: "A registry's cash funds with the total raised (anyone who can see the registry; never who gave)",
  request: { params: RegistryIdParam },
  responses: { 200: ok('Funds', z.object({ cashFunds: z.array(CashFundSchema) })), 404: err('No such registry'), ...errorResponses },
})

const addFund = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/cash_funds',
  tags,
  summary: 'Add a cash fund to the registry (owner or collaborator)',
  description: 'productId (optional) is a catalog product of type cash_fund; goalCents is optional (100 to 10,000,000).',
  request: {
    params: RegistryIdParam,
    ...body(
      z
        .object({ productId: z.number().int().optional(), title: z.string().openapi({ example: 'Parental Leave Fund' }), description: z.string().optional(), goalCents: z.number().int().nullable().optional() })
        .openapi('CashFundInput'),
    ),
  },
  responses: { 201: ok('Added', CashFundSchema), 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses },
})

const FundIdParam = z.object({ fundId: z.string().openapi({ param: { name: 'fundId', in: 'path' } }) })
const removeFund = createRoute({
  method: 'delete',
  path: '/api/v3/cash_funds/{fundId}',
  tags,
  summary: 'Take a cash fund off the registry (owner or collaborator); its contributions are kept',
  request: { params: FundIdParam },
  responses: { 204: { description: 'Removed' }, 401: err('Not signed in'), 404: err('No such fund, or not yours'), ...errorResponses },
})

const contribute = createRoute({
  method: 'post',
  path: '/api/v3/cash_fund_contributions',
  tags,
  summary: 'Give to a cash fund, or chip in towards a group gift, by card; no account needed',
  description: `Send cashFundId for a cash fund, or regItemId for a group gift (a registry item marked as one; from ${CHIP_IN_MIN_CENTS} cents, or the whole remainder if less is left, up to what is left of its goal: more is 422, and 409 when another chip-in took it first or the gift is fully funded). amountCents from ${CONTRIBUTION_MIN_CENTS} to ${CONTRIBUTION_MAX_CENTS}. The card is authorized, the contribution recorded, then charged (status confirmed; pending if the charge could not be made yet). A declined card answers 422 and records nothing. The same idempotencyKey answers the same contribution (one charge); after a 422 (nothing given) try again with a new key. Test mode: 4242… succeeds, 4000 0000 0000 0002 is declined.`,
  request: {
    ...body(
      z
        .object({
          cashFundId: z.number().int().optional().openapi({ description: 'The cash fund (or send regItemId)' }),
          regItemId: z.number().int().optional().openapi({ description: 'The group gift (or send cashFundId)' }),
          amountCents: z.number().int().openapi({ example: 2500 }),
          giverName: z.string(),
          giverEmail: z.string(),
          message: z.string().optional(),
          idempotencyKey: z.string().openapi({ description: '8 to 100 characters, one per contribution attempt' }),
          card: CardBody,
        })
        .openapi('CashFundContributionInput'),
    ),
  },
  responses: { 201: ok('Contributed', ContributionSchema), 404: err('No such fund or group gift'), 409: err('Could not be charged yet; a group gift fully funded or redeemed'), ...errorResponses },
})

const listContributions = createRoute({
  method: 'get',
  path: '/api/v3/cash_fund_contributions',
  tags,
  summary: "Every contribution to a registry's cash funds, newest first (owner or collaborator)",
  request: { query: z.object({ registryId: z.string().optional().openapi({ description: 'Defaults to the current registry' }) }) },
  responses: { 200: ok('Contributions', z.object({ contributions: z.array(ContributionSchema) })), 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses },
})

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) })
const getContribution = createRoute({
  method: 'get',
  path: '/api/v3/cash_fund_contributions/{id}',
  tags,
  summary: "One contribution (the registry's owner or collaborators, or staff; anyone else 404)",
  request: { params: IdParam },
  responses: { 200: ok('Contribution', ContributionSchema), 401: err('Not signed in'), 404: err('No such contribution'), ...errorResponses },
})

const confirm = createRoute({
  method: 'post',
  path: '/api/v3/cash_fund_contributions/{id}/confirm',
  tags,
  summary: 'pending → confirmed: charge the held amount (owner, collaborator or staff)',
  description: 'Confirming a confirmed contribution answers it unchanged; a cancelled one is 409.',
  request: { params: IdParam },
  responses: { 200: ok('Confirmed', ContributionSchema), 401: err('Not signed in'), 404: err('No such contribution'), 409: err('Cancelled, or not chargeable now'), ...errorResponses },
})

const cancel = createRoute({
  method: 'post',
  path: '/api/v3/cash_fund_contributions/{id}/cancel',
  tags,
  summary: 'Cancel: a pending one releases the hold (owner, collaborator or staff); a confirmed one is refunded (staff only)',
  request: { params: IdParam },
  responses: { 200: ok('Cancelled', ContributionSchema), 401: err('Not signed in'), 404: err('No such contribution'), 409: err('Already charged (family)'), ...errorResponses },
})

const PreferencesQuery = z.object({ registryId: z.string().optional().openapi({ description: 'Defaults to the current registry' }) })
const getPreferences = createRoute({
  method: 'get',
  path: '/api/v3/cash_fund_preferences',
  tags,
  summary: 'How the family receives cash fund money (owner or collaborator)',
  request: { query: PreferencesQuery },
  responses: { 200: ok('Preferences', PreferencesSchema), 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses },
})

const putPreferences = createRoute({
  method: 'put',
  path: '/api/v3/cash_fund_preferences',
  tags,
  summary: 'Choose store credit, or a bank transfer (the account holder and the last 4 digits only)',
  request: {
    query: PreferencesQuery,
    ...body(z.object({ method: z.enum(['store_credit', 'bank_transfer']), accountHolder: z.string().optional(), accountLast4: z.string().optional() }).openapi('CashFundPreferencesInput')),
  },
  responses: { 200: ok('Saved', PreferencesSchema), 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses },
})

const ItemParams = RegistryIdParam.extend({ itemId: z.string().openapi({ param: { name: 'itemId', in: 'path' } }) })
const getGroupGift = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/reg_items/{itemId}/group_gift',
  tags,
  summary: "A group gift's goal and progress (anyone who can see the registry; never who gave)",
  request: { params: ItemParams },
  responses: { 200: ok('Group gift', GroupGiftSchema), 404: err('No such registry item, or not a group gift'), ...errorResponses },
})
const markGroupGift = createRoute({
  method: 'put',
  path: '/api/v3/registries/{id}/reg_items/{itemId}/group_gift',
  tags,
  summary: 'Make a registry item a group gift (owner or collaborator): guests chip in instead of reserving or buying it',
  description: `Goal = price × quantity needed + ${GROUP_GIFT_GOAL_BUFFER_PERCENT}%. Marking a group gift again answers it unchanged. An item guests already reserved or bought is 409.`,
  request: { params: ItemParams },
  responses: { 200: ok('Group gift', GroupGiftSchema), 401: err('Not signed in'), 404: err('No such registry or item, or not yours'), 409: err('Already reserved or bought'), ...errorResponses },
})
const unmarkGroupGift = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}/reg_items/{itemId}/group_gift',
  tags,
  summary: 'Make a group gift an ordinary item again (owner or collaborator), while nobody has chipped in',
  request: { params: ItemParams },
  responses: { 204: { description: 'Unmarked' }, 401: err('Not signed in'), 404: err('No such registry or item, or not yours'), 409: err('Someone has chipped in'), ...errorResponses },
})
const redeem = createRoute({
  method: 'post',
  path: '/api/v3/group_gift_fund_redemptions',
  tags,
  summary: "Redeem a group gift's fund (owner or collaborator): the charged chip-ins go the family's cash fund way",
  description:
    "Store credit (added now) or a bank transfer (recorded for the payouts team), per the cash fund preferences (use 'payout', the default). With use 'order' (a fully funded item from the Nestlist catalog) the fund becomes store credit whatever the preference, to order the item at checkout (the family's group gift page then puts it in their cart). Once per item: the first answers 201, any later request 200 with the same redemption. The item then counts as received on the registry and takes no more chip-ins. 409 while chip-ins are still being charged, when nobody has chipped in, or for use 'order' when the item is not fully funded or not a catalog product.",
  request: {
    ...body(
      z
        .object({
          regItemId: z.number().int(),
          use: z.enum(['payout', 'order']).optional().openapi({ description: "'payout' (default): the cash fund preferences; 'order': store credit to order the item" }),
          size: z.string().optional().openapi({ description: "use 'order': the size to order when the registry item has none chosen and the product offers sizes (required then)" }),
          color: z.string().optional().openapi({ description: "use 'order': the color to order, likewise" }),
        })
        .openapi('GroupGiftFundRedemptionInput'),
    ),
  },
  responses: {
    201: ok('Redeemed', RedemptionSchema),
    200: ok('Already redeemed (the first redemption)', RedemptionSchema),
    401: err('Not signed in'),
    404: err('No such group gift, or not yours'),
    409: err("Chip-ins still being charged, nothing to redeem, or (use 'order') not fully funded or not a catalog product"),
    ...errorResponses,
  },
})
const listRedemptions = createRoute({
  method: 'get',
  path: '/api/v3/group_gift_fund_redemptions',
  tags,
  summary: "A registry's group gift redemptions, newest first (owner or collaborator)",
  request: { query: z.object({ registryId: z.string().optional().openapi({ description: 'Defaults to the current registry' }) }) },
  responses: { 200: ok('Redemptions', z.object({ redemptions: z.array(RedemptionSchema) })), 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses },
})

/** The registry named by ?registryId, or the user's current one. */
async function registryOf(c: Context<AppEnv>, userId: number, raw: string | undefined): Promise<number> {
  if (raw !== undefined) return registryIdOf(raw)
  const current = (await c.var.services.registry.managedBy(userId))[0]
  if (!current) throw new DomainError('not_found', cashFundMessages.noRegistry)
  return current.id
}

const actorOf = (v: { user: { id: number; role: 'user' | 'staff' } }) => ({ userId: v.user.id, role: v.user.role })

export const cashFundsRouter = createRouter()
privateJson(cashFundsRouter, ['/api/v3/cash_fund_contributions', '/api/v3/cash_fund_contributions/*', '/api/v3/cash_fund_preferences', '/api/v3/cash_funds/*', '/api/v3/group_gift_fund_redemptions'])

cashFundsRouter.openapi(listFunds, async (c) => {
  const id = registryIdOf(c.req.valid('param').id)
  // Only registries guests can open: the same lookup as the guest page (404 otherwise).
  const registry = await c.var.services.registry.guestView(id)
  if (!registry) throw new DomainError('not_found', cashFundMessages.registryNotFound)
  return c.json({ cashFunds: await c.var.services.cashFunds.fundsOf(id) }, 200)
})

cashFundsRouter.openapi(addFund, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.cashFunds.addFund(registryIdOf(c.req.valid('param').id), v.user.id, c.req.valid('json')), 201)
})

cashFundsRouter.openapi(removeFund, async (c) => {
  const v = await requireApiUser(c)
  await c.var.services.cashFunds.removeFund(positiveIdOf(c.req.valid('param').fundId, cashFundMessages.fundNotFound), v.user.id)
  return c.body(null, 204)
})

cashFundsRouter.openapi(contribute, async (c) => {
  const v = await apiViewer(c)
  const input = c.req.valid('json')
  const cashFunds = c.var.services.cashFunds
  return c.json(await (input.regItemId !== undefined ? cashFunds.chipIn(input, v?.user.id) : cashFunds.contribute(input, v?.user.id)), 201)
})

cashFundsRouter.openapi(listContributions, async (c) => {
  const v = await requireApiUser(c)
  const registryId = await registryOf(c, v.user.id, c.req.valid('query').registryId)
  return c.json({ contributions: await c.var.services.cashFunds.contributionsOf(registryId, v.user.id) }, 200)
})

cashFundsRouter.openapi(getContribution, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.cashFunds.get(c.req.valid('param').id, actorOf(v)), 200)
})

cashFundsRouter.openapi(confirm, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.cashFunds.confirm(c.req.valid('param').id, actorOf(v)), 200)
})

cashFundsRouter.openapi(cancel, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.cashFunds.cancel(c.req.valid('param').id, actorOf(v)), 200)
})

cashFundsRouter.openapi(getPreferences, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.cashFunds.preferences(await registryOf(c, v.user.id, c.req.valid('query').registryId), v.user.id), 200)
})

cashFundsRouter.openapi(putPreferences, async (c) => {
  const v = await requireApiUser(c)
  const registryId = await registryOf(c, v.user.id, c.req.valid('query').registryId)
  return c.json(await c.var.services.cashFunds.setPreferences(registryId, v.user.id, c.req.valid('json')), 200)
})

/** A group gift on a registry guests can open (404 for any other item). */
function groupGiftOn(rawRegistryId: string, rawItemId: string) {
  return { registryId: registryIdOf(rawRegistryId), itemId: positiveIdOf(rawItemId, groupGiftMessages.itemNotFound) }
}

cashFundsRouter.openapi(getGroupGift, async (c) => {
  const p = c.req.valid('param')
  const { registryId, itemId } = groupGiftOn(p.id, p.itemId)
  const gift = (await c.var.services.cashFunds.groupGiftsOf(registryId)).find((g) => g.regItemId === itemId)
  if (!gift) throw new DomainError('not_found', groupGiftMessages.itemNotFound)
  return c.json(gift, 200)
})

cashFundsRouter.openapi(markGroupGift, async (c) => {
  const v = await requireApiUser(c)
  const p = c.req.valid('param')
  const { registryId, itemId } = groupGiftOn(p.id, p.itemId)
  return c.json(await c.var.services.cashFunds.markGroupGift(registryId, itemId, v.user.id), 200)
})

cashFundsRouter.openapi(unmarkGroupGift, async (c) => {
  const v = await requireApiUser(c)
  const p = c.req.valid('param')
  const { registryId, itemId } = groupGiftOn(p.id, p.itemId)
  await c.var.services.cashFunds.unmarkGroupGift(registryId, itemId, v.user.id)
  return c.body(null, 204)
})

cashFundsRouter.openapi(redeem, async (c) => {
  const v = await requireApiUser(c)
  const { redemption, created } = await c.var.services.cashFunds.redeemGroupGift(c.req.valid('json'), v.user.id)
  return created ? c.json(redemption, 201) : c.json(redemption, 200)
})

cashFundsRouter.openapi(listRedemptions, async (c) => {
  const v = await requireApiUser(c)
  const registryId = await registryOf(c, v.user.id, c.req.valid('query').registryId)
  return c.json({ redemptions: await c.var.services.cashFunds.redemptionsOf(registryId, v.user.id) }, 200)
})
