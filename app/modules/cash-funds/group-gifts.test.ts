// Group gifts (docs/decisions/030, h12): the goal and chip-in rules, and through the JSON API against
// PostgreSQL: marking and unmarking, chip-ins on the cash fund contribution path (amounts, a declined card,
// two guests racing for the last dollars), what guests and the family see, redemption (store credit and a
// recorded bank transfer, once), and that nobody else can do any of it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { groupGiftGoalCents } from '../config/app-config'
import { emailOutbox } from '../email/email.schema'
import { payments } from '../payments/payments.schema'
import { regItems } from '../registry/registry.schema'
import { registryMessages } from '../registry/registry.service.server'
import { cashFundContributions, groupGiftRedemptions } from './cash-funds.schema'
import { groupGiftMessages } from './cash-funds.strings'
import { contributionTotals } from './contribution-totals'
import { chipInRange, groupGiftProgress } from './group-gifts'

describe('goal and amounts', () => {
  test('the goal is price × quantity + 10 %, rounded up to the cent', () => {
    expect(groupGiftGoalCents(20_000, 1)).toBe(22_000)
    expect(groupGiftGoalCents(19_999, 2)).toBe(43_998)
    expect(groupGiftGoalCents(1_005, 1)).toBe(1_106)
  })

  test('what is left counts charged and held chip-ins; under a dollar left is fully funded; a redeemed gift takes nothing', () => {
    const item = { priceCents: 10_000, quantityNeeded: 1, groupGiftGoalCents: null }
    expect(groupGiftProgress(item, { confirmedCents: 5_000, pendingCents: 1_000, confirmedCount: 2, redeemed: false })).toEqual({
      goalCents: 11_000,
      goalFixed: false,
      fundedCents: 5_000,
      contributorCount: 2,
      leftCents: 5_000,
      fullyFunded: false,
      redeemed: false,
    })
    expect(groupGiftProgress(item, { confirmedCents: 10_950, pendingCents: 0, confirmedCount: 3, redeemed: false })).toMatchObject({ leftCents: 0, fullyFunded: true })
    expect(groupGiftProgress(item, { confirmedCents: 3_000, pendingCents: 0, confirmedCount: 1, redeemed: true })).toMatchObject({ leftCents: 0, fullyFunded: false, redeemed: true })
  })

  test('a stored goal wins over price × quantity (fixed at the first chip-in)', () => {
    expect(groupGiftProgress({ priceCents: 50_000, quantityNeeded: 2, groupGiftGoalCents: 11_000 }, { confirmedCents: 10_000, pendingCents: 0, confirmedCount: 1, redeemed: false })).toMatchObject({
      goalCents: 11_000,
      goalFixed: true,
      leftCents: 1_000,
    })
  })

  test("the gift tracker's totals: cash fund gifts and used group gift funds are received; chip-ins in unused funds wait; held ones are being charged", () => {
    expect(
      contributionTotals([
        { amountCents: 2_501, status: 'confirmed', waitingInGroupGift: false },
        { amountCents: 4_000, status: 'confirmed', waitingInGroupGift: true },
        { amountCents: 1_099, status: 'confirmed', waitingInGroupGift: true },
        { amountCents: 700, status: 'pending', waitingInGroupGift: false },
        { amountCents: 9_999, status: 'cancelled', waitingInGroupGift: false },
      ]),
    ).toEqual({ receivedCents: 2_501, waitingCents: 5_099, chargingCents: 700 })
    expect(contributionTotals([])).toEqual({ receivedCents: 0, waitingCents: 0, chargingCents: 0 })
  })

  test('a chip-in is $5 up to what is left; when less than $5 is left, exactly the remainder up to it', () => {
    expect(chipInRange(11_000)).toEqual({ minCents: 500, maxCents: 11_000 })
    expect(chipInRange(300)).toEqual({ minCents: 300, maxCents: 300 })
    expect(chipInRange(2_000_000)).toEqual({ minCents: 500, maxCents: 500_000 })
    expect(chipInRange(0)).toBeNull()
  })
})

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let owner: Person
let stranger: Person
let staff: Person
let registry: { id: number; slug: string }
let products: number[]

const card = (number = '4242424242424242') => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' })
let keyN = 0
const key = () => `gg-key-${Date.now()}-${++keyN}`

beforeAll(async () => {
  h = await registryApiHarness(87_000)
  owner = await h.signUp('Owner')
  stranger = await h.signUp('Stranger')
  staff = await h.signUp('Staff')
  await h.database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
  registry = await h.createRegistry(owner.cookie)
  // $200.00, $201.00, ... each
  products = await h.createProducts(24, 20_000)
})
afterAll(async () => {
  await h?.drop()
})

let nextProduct = 0
async function addItem(quantity = 1) {
  const res = await h.call('POST', `/api/v3/registries/${registry.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[nextProduct++], quantity } })
  expect(res.status, res.text).toBe(201)
  return res.json as { id: number; priceCents: number }
}

const ggPath = (itemId: number, registryId = registry.id) => `/api/v3/registries/${registryId}/reg_items/${itemId}/group_gift`

async function groupGift(quantity = 1) {
  const item = await addItem(quantity)
  const res = await h.call('PUT', ggPath(item.id), { cookie: owner.cookie })
  expect(res.status, res.text).toBe(200)
  return { ...item, goalCents: res.json.goalCents as number }
}

function chipIn(regItemId: number, over: Record<string, unknown> = {}) {
  return h.call('POST', '/api/v3/cash_fund_contributions', {
    body: { regItemId, amountCents: 2500, giverName: 'Aunt June', giverEmail: 'june@example.test', message: 'For the big day', idempotencyKey: key(), card: card(), ...over },
  })
}

describe('marking a group gift', () => {
  test('the family marks an item: goal with the buffer; guests see it flagged; marking again is harmless; others get 404, anonymous 401', async () => {
    const item = await addItem(2)
    const marked = await h.call('PUT', ggPath(item.id), { cookie: owner.cookie })
    expect(marked.status, marked.text).toBe(200)
    expect(marked.json).toMatchObject({ regItemId: item.id, goalCents: groupGiftGoalCents(item.priceCents, 2), fundedCents: 0, contributorCount: 0, leftCents: groupGiftGoalCents(item.priceCents, 2), fullyFunded: false })
    expect((await h.call('PUT', ggPath(item.id), { cookie: owner.cookie })).status).toBe(200)
    const guestItems = await h.call('GET', `/api/v3/registries/${registry.id}/reg_items`)
    expect(guestItems.json.items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ groupGift: true })
    expect((await h.call('GET', ggPath(item.id))).json).toMatchObject({ goalCents: groupGiftGoalCents(item.priceCents, 2) })

    expect((await h.call('PUT', ggPath(item.id), { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('DELETE', ggPath(item.id), { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('PUT', ggPath(item.id))).status).toBe(401)
    // An item of this registry named under another registry is not found either.
    const other = await h.createRegistry(stranger.cookie)
    expect((await h.call('PUT', ggPath(item.id, other.id), { cookie: stranger.cookie })).status).toBe(404)
  })

  test('an item from another store with a price can be a group gift', async () => {
    const external = await h.services.registry.addExternalItem(registry.id, owner.id, {
      title: 'Glider chair',
      priceCents: 45_000,
      quantity: 1,
      note: '',
      mostWanted: false,
      storeName: 'Cozy Chairs',
      externalUrl: 'https://chairs.example.test/glider',
      imageUrl: '/images/placeholder.webp',
    })
    const res = await h.call('PUT', ggPath(external.id), { cookie: owner.cookie })
    expect(res.status, res.text).toBe(200)
    expect(res.json.goalCents).toBe(49_500)
  })

  test('a reserved item cannot become a group gift (409); a group gift cannot be reserved or bought whole (409)', async () => {
    const reserved = await addItem()
    const r = await h.call('POST', `/api/v3/reg_items/${reserved.id}/reservations`, { body: { quantity: 1, giverName: 'Sam', giverEmail: 'sam@example.test' } })
    expect(r.status, r.text).toBe(201)
    const refused = await h.call('PUT', ggPath(reserved.id), { cookie: owner.cookie })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(groupGiftMessages.alreadyGiven)

    const gift = await groupGift()
    const reserve = await h.call('POST', `/api/v3/reg_items/${gift.id}/reservations`, { body: { quantity: 1, giverName: 'Sam', giverEmail: 'sam@example.test' } })
    expect(reserve.status).toBe(409)
    expect(reserve.json.error.message).toMatch(/group gift/)
  })

  test('unmarking works while nobody has chipped in; after a chip-in it stays a group gift and says why', async () => {
    const gift = await groupGift()
    expect((await h.call('DELETE', ggPath(gift.id), { cookie: owner.cookie })).status).toBe(204)
    const [row] = await h.database.db.select({ groupGift: regItems.groupGift }).from(regItems).where(eq(regItems.id, gift.id))
    expect(row?.groupGift).toBe(false)
    expect((await h.call('PUT', ggPath(gift.id), { cookie: owner.cookie })).status).toBe(200)
    expect((await chipIn(gift.id)).status).toBe(201)
    const kept = await h.call('DELETE', ggPath(gift.id), { cookie: owner.cookie })
    expect(kept.status).toBe(409)
    expect(kept.json.error.message).toBe(groupGiftMessages.hasChipIns(1))
  })
})

describe('chipping in', () => {
  test('a guest chips in with the test card: charged, counted; guests see totals and a count, never names; both get an email', async () => {
    const gift = await groupGift()
    const res = await chipIn(gift.id)
    expect(res.status, res.text).toBe(201)
    expect(res.json).toMatchObject({ kind: 'group_gift', regItemId: gift.id, cashFundId: null, status: 'confirmed', amountCents: 2500, giverName: 'Aunt June' })
    const [payment] = await h.database.db.select().from(payments).where(eq(payments.id, res.json.paymentId))
    expect(payment).toMatchObject({ status: 'captured', capturedCents: 2500, purpose: 'group_gift_contribution' })
    const shown = await h.call('GET', ggPath(gift.id))
    expect(shown.json).toMatchObject({ fundedCents: 2500, contributorCount: 1, leftCents: gift.goalCents - 2500 })
    expect(shown.text).not.toContain('Aunt June')
    const guestPage = await h.call('GET', `/api/v3/registries/${registry.id}/reg_items`)
    expect(guestPage.text).not.toContain('Aunt June')
    const receipts = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'june@example.test'))
    expect(receipts.some((r) => r.subject.includes('chip-in') && r.text.includes(res.json.id))).toBe(true)
    const toOwner = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email))
    expect(toOwner.some((r) => r.subject.startsWith('Aunt June chipped in $25'))).toBe(true)
    // The owner's email links to the one public origin (docs/decisions/034), never a host of its own.
    expect(toOwner.find((r) => r.subject.startsWith('Aunt June chipped in $25'))!.text).toContain(`${h.services.publicOrigin}/registry/gift-tracker`)
    expect([...receipts, ...toOwner].some((r) => r.text.includes('http://localhost/'))).toBe(false)
    // The family sees it in their contributions (gift tracker), with the giver.
    const listed = await h.call('GET', `/api/v3/cash_fund_contributions?registryId=${registry.id}`, { cookie: owner.cookie })
    expect(listed.json.contributions.find((c: { id: string }) => c.id === res.json.id)).toMatchObject({ kind: 'group_gift', giverName: 'Aunt June', fundTitle: expect.any(String) })
  })

  test('under $5, more than is left, and an item that is not a group gift are refused with messages; nothing is recorded', async () => {
    const gift = await groupGift()
    const low = await chipIn(gift.id, { amountCents: 499 })
    expect(low.status).toBe(422)
    expect(low.json.error.fields.amountCents).toEqual([groupGiftMessages.amountMin(500)])
    const high = await chipIn(gift.id, { amountCents: gift.goalCents + 100 })
    expect(high.status).toBe(422)
    expect(high.json.error.fields.amountCents).toEqual([groupGiftMessages.amountLeft(gift.goalCents)])
    const plain = await addItem()
    const notGroup = await chipIn(plain.id)
    expect(notGroup.status).toBe(409)
    expect(notGroup.json.error.message).toBe(groupGiftMessages.notGroupGift)
    const rows = await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.regItemId, gift.id))
    expect(rows).toHaveLength(0)
  })

  test('a declined card answers 422 with the decline message and records nothing', async () => {
    const gift = await groupGift()
    const res = await chipIn(gift.id, { card: card('4000000000000002') })
    expect(res.status).toBe(422)
    expect(res.json.error.fields['card.number'][0]).toMatch(/declined/)
    expect(await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.regItemId, gift.id))).toHaveLength(0)
  })

  test('the same key twice (a double click) makes one chip-in and one charge', async () => {
    const gift = await groupGift()
    const k = key()
    const [a, b] = await Promise.all([chipIn(gift.id, { idempotencyKey: k }), chipIn(gift.id, { idempotencyKey: k })])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.json.id).toBe(b.json.id)
    expect(await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.regItemId, gift.id))).toHaveLength(1)
  })

  test('two guests racing for the last dollars never overfund: one is charged, the other gets 409 and its hold is released', async () => {
    const gift = await groupGift()
    const first = gift.goalCents - 3_000
    expect((await chipIn(gift.id, { amountCents: first })).status).toBe(201)
    const [a, b] = await Promise.all([chipIn(gift.id, { amountCents: 3_000, giverName: 'A' }), chipIn(gift.id, { amountCents: 2_000, giverName: 'B' })])
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([201, 409])
    const loser = a.status === 409 ? a : b
    expect(loser.json.error.message).toMatch(/Nothing was charged/)
    const rows = await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.regItemId, gift.id))
    const total = rows.filter((r) => r.status !== 'cancelled').reduce((n, r) => n + r.amountCents, 0)
    expect(total).toBeLessThanOrEqual(gift.goalCents)
    // The loser's card hold was released: no payment of theirs stays authorised or captured beyond the winners'.
    const held = await h.database.pool.query<{ n: number }>(`select count(*)::int as n from payments where purpose = 'group_gift_contribution' and purpose_id = $1 and status in ('authorized', 'captured')`, [String(gift.id)])
    expect(held.rows[0]!.n).toBe(rows.length)
  })

  test('fully funded: no more chip-ins (409)', async () => {
    const gift = await groupGift()
    expect((await chipIn(gift.id, { amountCents: gift.goalCents })).status).toBe(201)
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ fullyFunded: true, leftCents: 0 })
    const more = await chipIn(gift.id, { amountCents: 500 })
    expect(more.status).toBe(409)
    expect(more.json.error.message).toBe(groupGiftMessages.closed)
  })

  test('with the surprise on, the family does not see who chipped in', async () => {
    const surpriseOwner = await h.signUp('Hidden')
    const r = await h.createRegistry(surpriseOwner.cookie)
    await h.database.pool.query(`update registries set surprise = true, surprise_reveal_date = null where id = $1`, [r.id])
    const [p] = await h.createProducts(1, 5_000)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: surpriseOwner.cookie, body: { productId: p, quantity: 1 } })
    expect((await h.call('PUT', ggPath(item.json.id, r.id), { cookie: surpriseOwner.cookie })).status).toBe(200)
    expect((await chipIn(item.json.id, { giverName: 'Secret Santa' })).status).toBe(201)
    const listed = await h.call('GET', `/api/v3/cash_fund_contributions?registryId=${r.id}`, { cookie: surpriseOwner.cookie })
    expect(listed.status).toBe(200)
    expect(listed.text).not.toContain('Secret Santa')
  })
})

describe('redeeming', () => {
  test('turns the charged chip-ins into store credit once; the item counts as received; a second request answers the first', async () => {
    const gift = await groupGift()
    await chipIn(gift.id, { amountCents: 4_000 })
    await chipIn(gift.id, { amountCents: 6_000, giverName: 'Grandpa Lou' })
    const before = await h.call('GET', '/api/v3/user_credit', { cookie: owner.cookie })
    const [a, b] = await Promise.all([
      h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: owner.cookie, body: { regItemId: gift.id } }),
      h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: owner.cookie, body: { regItemId: gift.id } }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    expect(a.json.id).toBe(b.json.id)
    expect(a.json).toMatchObject({ regItemId: gift.id, method: 'store_credit', amountCents: 10_000 })
    const after = await h.call('GET', '/api/v3/user_credit', { cookie: owner.cookie })
    expect(after.json.balanceCents - before.json.balanceCents).toBe(10_000)
    const [row] = await h.database.db.select().from(regItems).where(eq(regItems.id, gift.id))
    expect(row!.quantityPurchased).toBe(row!.quantityNeeded)
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ redeemed: true, leftCents: 0 })
    const late = await chipIn(gift.id, { amountCents: 500 })
    expect(late.status).toBe(409)
    expect(late.json.error.message).toBe(groupGiftMessages.redeemed)
    const listed = await h.call('GET', `/api/v3/group_gift_fund_redemptions?registryId=${registry.id}`, { cookie: owner.cookie })
    expect(listed.json.redemptions.map((x: { id: string }) => x.id)).toContain(a.json.id)
  })

  test('with a bank transfer chosen, the redemption is recorded as a transfer and adds no store credit', async () => {
    const bankOwner = await h.signUp('Banker')
    const r = await h.createRegistry(bankOwner.cookie)
    const [p] = await h.createProducts(1, 8_000)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: bankOwner.cookie, body: { productId: p, quantity: 1 } })
    await h.call('PUT', ggPath(item.json.id, r.id), { cookie: bankOwner.cookie })
    await h.call('PUT', `/api/v3/cash_fund_preferences?registryId=${r.id}`, { cookie: bankOwner.cookie, body: { method: 'bank_transfer', accountHolder: 'Bo Banker', accountLast4: '4321' } })
    await chipIn(item.json.id, { amountCents: 5_000 })
    const res = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: bankOwner.cookie, body: { regItemId: item.json.id } })
    expect(res.status, res.text).toBe(201)
    expect(res.json).toMatchObject({ method: 'bank_transfer', amountCents: 5_000 })
    expect((await h.call('GET', '/api/v3/user_credit', { cookie: bankOwner.cookie })).json.balanceCents).toBe(0)
  })

  test('nothing to redeem (409); another user and anonymous callers cannot redeem (404, 401)', async () => {
    const gift = await groupGift()
    const empty = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: owner.cookie, body: { regItemId: gift.id } })
    expect(empty.status).toBe(409)
    expect(empty.json.error.message).toBe(groupGiftMessages.nothingToRedeem)
    await chipIn(gift.id)
    expect((await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: stranger.cookie, body: { regItemId: gift.id } })).status).toBe(404)
    expect((await h.call('POST', '/api/v3/group_gift_fund_redemptions', { body: { regItemId: gift.id } })).status).toBe(401)
    expect((await h.call('GET', `/api/v3/group_gift_fund_redemptions?registryId=${registry.id}`, { cookie: stranger.cookie })).status).toBe(404)
  })

  test('a group gift taken off the registry takes no chip-ins (404), but the family can still redeem what was chipped in', async () => {
    const gift = await groupGift()
    expect((await chipIn(gift.id, { amountCents: 1_500 })).status).toBe(201)
    expect((await h.call('DELETE', `/api/v3/registries/${registry.id}/reg_items/${gift.id}`, { cookie: owner.cookie })).status).toBe(204)
    expect((await chipIn(gift.id)).status).toBe(404)
    const page = await h.services.cashFunds.groupGiftForFamily(gift.id, owner.id)
    expect(page).toMatchObject({ removed: true, isGroupGift: true, chipIns: 1 })
    const res = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: owner.cookie, body: { regItemId: gift.id } })
    expect(res.status, res.text).toBe(201)
    expect(res.json.amountCents).toBe(1_500)
  })

  test('staff cannot refund a chip-in once its group gift was redeemed (the money was paid out)', async () => {
    const gift = await groupGift()
    const c = await chipIn(gift.id)
    expect((await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: owner.cookie, body: { regItemId: gift.id } })).status).toBe(201)
    const refused = await h.call('POST', `/api/v3/cash_fund_contributions/${c.json.id}/cancel`, { cookie: staff.cookie })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(groupGiftMessages.redeemedRefund)
  })
})

describe('"Order it": redeeming a fully funded catalogue gift to order it', () => {
  const redeem = (cookie: string, regItemId: number, use?: 'order' | 'payout') => h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie, body: { regItemId, ...(use ? { use } : {}) } })

  test('credits store credit even with a bank transfer chosen, records the use, and tells what to order; a second request answers the first', async () => {
    const family = await h.signUp('Orderer')
    const r = await h.createRegistry(family.cookie)
    const [p] = await h.createProducts(1, 8_000)
    // In stock: "Order it" checks the shop has the quantity needed before redeeming (h13).
    await h.database.pool.query('update products set stock = 5 where id = $1', [p])
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: family.cookie, body: { productId: p, quantity: 2 } })
    expect(item.status, item.text).toBe(201)
    await h.call('PUT', ggPath(item.json.id, r.id), { cookie: family.cookie })
    await h.call('PUT', `/api/v3/cash_fund_preferences?registryId=${r.id}`, { cookie: family.cookie, body: { method: 'bank_transfer', accountHolder: 'Ora Orderer', accountLast4: '1234' } })
    // Goal: $80 × 2 + 10 % = $176.
    expect((await chipIn(item.json.id, { amountCents: 5_000 })).status).toBe(201)
    expect((await chipIn(item.json.id, { amountCents: 5_000 })).status).toBe(201)
    expect((await chipIn(item.json.id, { amountCents: 7_600 })).status).toBe(201)
    const page = await h.services.cashFunds.groupGiftForFamily(item.json.id, family.id)
    expect(page).toMatchObject({ orderable: true, payoutMethod: 'bank_transfer', gift: { fullyFunded: true } })

    const first = await h.services.cashFunds.redeemGroupGift({ regItemId: item.json.id, use: 'order' }, family.id)
    expect(first).toMatchObject({ created: true, redemption: { method: 'store_credit', use: 'order', amountCents: 17_600 }, orderLine: { productId: p, quantity: 2 } })
    expect((await h.call('GET', '/api/v3/user_credit', { cookie: family.cookie })).json.balanceCents).toBe(17_600)
    const [row] = await h.database.db.select().from(regItems).where(eq(regItems.id, item.json.id))
    expect(row!.quantityPurchased).toBe(2)

    const again = await redeem(family.cookie, item.json.id, 'order')
    expect(again.status, again.text).toBe(200)
    expect(again.json).toMatchObject({ id: first.redemption.id, use: 'order', method: 'store_credit', amountCents: 17_600 })
    // No second credit, and nothing for the page to put in the cart again.
    const second = await h.services.cashFunds.redeemGroupGift({ regItemId: item.json.id, use: 'order' }, family.id)
    expect(second).toMatchObject({ created: false, orderLine: null })
    expect((await h.call('GET', '/api/v3/user_credit', { cookie: family.cookie })).json.balanceCents).toBe(17_600)
    expect(await h.database.db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, item.json.id))).toHaveLength(1)
    expect(await h.services.cashFunds.orderedGroupGift(item.json.id, family.id)).toEqual({ amountCents: 17_600, title: row!.title })
    expect(await h.services.cashFunds.orderedGroupGift(item.json.id, stranger.id)).toBeNull()
  })

  test('refused (409, nothing recorded) while not fully funded; the payout way still works', async () => {
    const gift = await groupGift()
    expect((await chipIn(gift.id, { amountCents: 5_000 })).status).toBe(201)
    const before = (await h.call('GET', '/api/v3/user_credit', { cookie: owner.cookie })).json.balanceCents as number
    const refused = await redeem(owner.cookie, gift.id, 'order')
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(groupGiftMessages.orderNotFunded(gift.goalCents - 5_000))
    expect(await h.database.db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, gift.id))).toHaveLength(0)
    expect((await h.call('GET', '/api/v3/user_credit', { cookie: owner.cookie })).json.balanceCents).toBe(before)
    const payout = await redeem(owner.cookie, gift.id)
    expect(payout.status, payout.text).toBe(201)
    expect(payout.json).toMatchObject({ use: 'payout', amountCents: 5_000 })
  })

  test('refused (409) for an item from another store, even fully funded; the page does not offer it; a bad use is 422', async () => {
    const external = await h.services.registry.addExternalItem(registry.id, owner.id, {
      title: 'Rocking horse',
      priceCents: 3_000,
      quantity: 1,
      note: '',
      mostWanted: false,
      storeName: 'Toy Barn',
      externalUrl: 'https://toys.example.test/horse',
      imageUrl: '/images/placeholder.webp',
    })
    expect((await h.call('PUT', ggPath(external.id), { cookie: owner.cookie })).status).toBe(200)
    expect((await chipIn(external.id, { amountCents: 3_300 })).status).toBe(201)
    expect(await h.services.cashFunds.groupGiftForFamily(external.id, owner.id)).toMatchObject({ orderable: false, gift: { fullyFunded: true } })
    const refused = await redeem(owner.cookie, external.id, 'order')
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(groupGiftMessages.orderNotCatalogue)
    expect(await h.database.db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, external.id))).toHaveLength(0)
    const bad = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: owner.cookie, body: { regItemId: external.id, use: 'buy' } })
    expect(bad.status).toBe(422)
  })
})

describe('h13: the goal is fixed once the first guest chips in', () => {
  const setPrice = (id: number, cents: number) => h.database.pool.query('update reg_items set price_cents = $2 where id = $1', [id, cents])
  const patchQuantity = (id: number, quantity: number) => h.call('PATCH', `/api/v3/registries/${registry.id}/reg_items/${id}`, { cookie: owner.cookie, body: { quantity } })

  test('before any chip-in the goal follows the price; after it, a price change moves nothing and the no-overfund check uses the stored goal', async () => {
    const gift = await groupGift()
    await setPrice(gift.id, 10_000)
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ goalCents: 11_000, goalFixed: false })
    expect((await chipIn(gift.id, { amountCents: 5_000 })).status).toBe(201)
    const [row] = await h.database.db.select().from(regItems).where(eq(regItems.id, gift.id))
    expect(row!.groupGiftGoalCents).toBe(11_000)
    // The shop raises the price: guests, the family and the API still see the goal they chipped in towards.
    await setPrice(gift.id, 30_000)
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ goalCents: 11_000, goalFixed: true, leftCents: 6_000 })
    expect((await h.services.cashFunds.groupGiftForFamily(gift.id, owner.id)).gift).toMatchObject({ goalCents: 11_000, goalFixed: true })
    expect((await h.services.cashFunds.groupGiftForGuest(gift.id)).gift.goalCents).toBe(11_000)
    // More than the stored goal leaves is refused, although price × quantity would now allow it.
    const over = await chipIn(gift.id, { amountCents: 6_001 })
    expect(over.status).toBe(422)
    expect(over.json.error.message).toBe(groupGiftMessages.amountLeft(6_000))
    expect((await chipIn(gift.id, { amountCents: 6_000 })).status).toBe(201)
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ goalCents: 11_000, fundedCents: 11_000, fullyFunded: true })
  })

  test('the quantity cannot change while chip-ins are held or charged (409, a clear message); once all are declined it can, and the goal follows again', async () => {
    const gift = await groupGift(1)
    const chip = await chipIn(gift.id, { amountCents: 2_000 })
    expect(chip.status).toBe(201)
    const refused = await patchQuantity(gift.id, 2)
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(registryMessages.groupGiftQuantityFixed(1))
    const [kept] = await h.database.db.select().from(regItems).where(eq(regItems.id, gift.id))
    expect(kept!.quantityNeeded).toBe(1)
    // The note can still change.
    expect((await h.call('PATCH', `/api/v3/registries/${registry.id}/reg_items/${gift.id}`, { cookie: owner.cookie, body: { note: 'Any colour' } })).status).toBeLessThan(300)
    // Staff refund the only chip-in: nobody has chipped in any more, so the quantity may change and the goal follows it.
    const cancelled = await h.call('POST', `/api/v3/cash_fund_contributions/${chip.json.id}/cancel`, { cookie: staff.cookie })
    expect(cancelled.status, cancelled.text).toBe(200)
    const changed = await patchQuantity(gift.id, 2)
    expect(changed.status, changed.text).toBeLessThan(300)
    const [now] = await h.database.db.select().from(regItems).where(eq(regItems.id, gift.id))
    expect(now).toMatchObject({ quantityNeeded: 2, groupGiftGoalCents: null })
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ goalCents: groupGiftGoalCents(now!.priceCents, 2), goalFixed: false })
  })

  test('an ordinary item (or a group gift nobody chipped in to) changes quantity as before', async () => {
    const plain = await addItem(1)
    expect((await patchQuantity(plain.id, 3)).status).toBeLessThan(300)
    const gift = await groupGift(1)
    expect((await patchQuantity(gift.id, 2)).status).toBeLessThan(300)
    expect((await h.call('GET', ggPath(gift.id))).json).toMatchObject({ goalCents: groupGiftGoalCents(gift.priceCents, 2), goalFixed: false })
  })
})

describe('h13: the gift tracker counts money waiting in group gift funds apart', () => {
  test('a charged chip-in is waiting until its fund is used, then received; a cash fund gift is received when charged', async () => {
    const family = await h.signUp('Tracker')
    const r = await h.createRegistry(family.cookie)
    const [p] = await h.createProducts(1, 10_000)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: family.cookie, body: { productId: p, quantity: 1 } })
    await h.call('PUT', ggPath(item.json.id, r.id), { cookie: family.cookie })
    expect((await chipIn(item.json.id, { amountCents: 3_333 })).status).toBe(201)
    const fund = await h.call('POST', `/api/v3/registries/${r.id}/cash_funds`, { cookie: family.cookie, body: { title: 'Diaper fund' } })
    expect(fund.status, fund.text).toBe(201)
    const gave = await h.call('POST', '/api/v3/cash_fund_contributions', {
      body: { cashFundId: fund.json.id, amountCents: 1_234, giverName: 'Uncle Ed', giverEmail: 'ed@example.test', message: '', idempotencyKey: key(), card: card() },
    })
    expect(gave.status, gave.text).toBe(201)
    const before = await h.services.cashFunds.contributionsOf(r.id, family.id)
    expect(contributionTotals(before)).toEqual({ receivedCents: 1_234, waitingCents: 3_333, chargingCents: 0 })
    expect(before.find((c) => c.kind === 'group_gift')).toMatchObject({ waitingInGroupGift: true })
    const listed = await h.call('GET', `/api/v3/cash_fund_contributions?registryId=${r.id}`, { cookie: family.cookie })
    expect(listed.json.contributions.find((c: { kind: string }) => c.kind === 'group_gift')).toMatchObject({ waitingInGroupGift: true })
    expect((await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: family.cookie, body: { regItemId: item.json.id } })).status).toBe(201)
    const after = await h.services.cashFunds.contributionsOf(r.id, family.id)
    expect(contributionTotals(after)).toEqual({ receivedCents: 4_567, waitingCents: 0, chargingCents: 0 })
    const one = await h.call('GET', `/api/v3/cash_fund_contributions/${before.find((c) => c.kind === 'group_gift')!.id}`, { cookie: family.cookie })
    expect(one.json).toMatchObject({ waitingInGroupGift: false, status: 'confirmed' })
  })
})

describe('h13: "Order it" with a size or colour to choose, and the order linked to the group gift', () => {
  const address = { name: 'Ora Orderer', line1: '1 Main Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }

  async function fundedOptionGift() {
    const family = await h.signUp('Chooser')
    const r = await h.createRegistry(family.cookie)
    const [p] = await h.createProducts(1, 4_000)
    await h.database.pool.query(`update products set options = '{"sizes":["S","M"],"colors":["Grey","Sand"]}'::jsonb, stock = 0 where id = $1`, [p])
    await h.database.pool.query(`insert into product_stock (product_id, option_key, quantity) values ($1, 'size=S|color=Grey', 0), ($1, 'size=S|color=Sand', 1), ($1, 'size=M|color=Grey', 3), ($1, 'size=M|color=Sand', 2)`, [p])
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: family.cookie, body: { productId: p, quantity: 2 } })
    expect(item.status, item.text).toBe(201)
    await h.call('PUT', ggPath(item.json.id, r.id), { cookie: family.cookie })
    // Goal: $40 × 2 + 10 % = $88.
    expect((await chipIn(item.json.id, { amountCents: 8_800 })).status).toBe(201)
    return { family, registryId: r.id, productId: p!, itemId: item.json.id as number }
  }

  test('the family page offers every open option with its stock; too few or sold out cannot be chosen', async () => {
    const { family, itemId } = await fundedOptionGift()
    const page = await h.services.cashFunds.groupGiftForFamily(itemId, family.id)
    expect(page.orderChoice).toEqual([
      { key: 'size=S|color=Grey', size: 'S', color: 'Grey', left: 0, available: false },
      { key: 'size=S|color=Sand', size: 'S', color: 'Sand', left: 1, available: false },
      { key: 'size=M|color=Grey', size: 'M', color: 'Grey', left: 3, available: true },
      { key: 'size=M|color=Sand', size: 'M', color: 'Sand', left: 2, available: true },
    ])
  })

  test('no option chosen is 422 and an option with too few left is 409, with nothing redeemed; a good choice goes in the order line', async () => {
    const { family, itemId, productId } = await fundedOptionGift()
    const none = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: family.cookie, body: { regItemId: itemId, use: 'order' } })
    expect(none.status).toBe(422)
    expect(none.json.error.fields.size).toBeTruthy()
    const few = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: family.cookie, body: { regItemId: itemId, use: 'order', size: 'S', color: 'Sand' } })
    expect(few.status).toBe(409)
    expect(few.json.error.message).toBe(groupGiftMessages.orderSoldOut({ size: 'S', color: 'Sand' }, 1))
    const unknown = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: family.cookie, body: { regItemId: itemId, use: 'order', size: 'XXL', color: 'Grey' } })
    expect(unknown.status).toBe(422)
    expect(await h.database.db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, itemId))).toHaveLength(0)
    expect((await h.call('GET', '/api/v3/user_credit', { cookie: family.cookie })).json.balanceCents).toBe(0)
    const done = await h.services.cashFunds.redeemGroupGift({ regItemId: itemId, use: 'order', size: 'M', color: 'Sand' }, family.id)
    expect(done).toMatchObject({ created: true, orderLine: { productId, quantity: 2, size: 'M', color: 'Sand' } })
  })

  test('the order placed with the fund is linked once, only for the family member who ordered and an order with the item', async () => {
    const { family, itemId, productId } = await fundedOptionGift()
    const { orderLine } = await h.services.cashFunds.redeemGroupGift({ regItemId: itemId, use: 'order', size: 'M', color: 'Grey' }, family.id)
    await h.services.cart.add({ userId: family.id }, orderLine)
    const order = await h.services.orders.placeOrder({ userId: family.id }, { scope: 'store', idempotencyKey: key(), email: family.email, name: 'Ora Orderer', shippingAddress: address, applyCredit: true, card: card() })
    expect(order.lines.map((l: { productId: number | null }) => l.productId)).toContain(productId)
    // Someone else's order, or another user, links nothing.
    expect(await h.services.cashFunds.linkGroupGiftOrder(itemId, order.id, stranger.id)).toBe(false)
    expect(await h.services.cashFunds.linkGroupGiftOrder(itemId, 'not-a-uuid', family.id)).toBe(false)
    expect(await h.services.cashFunds.linkGroupGiftOrder(itemId, order.id, family.id)).toBe(true)
    // Written once: a second order does not replace it.
    expect(await h.services.cashFunds.linkGroupGiftOrder(itemId, order.id, family.id)).toBe(false)
    const page = await h.services.cashFunds.groupGiftForFamily(itemId, family.id)
    expect(page.redemption).toMatchObject({ use: 'order', orderId: order.id })
    const listed = await h.call('GET', `/api/v3/group_gift_fund_redemptions?registryId=${page.registry.id}`, { cookie: family.cookie })
    expect(listed.json.redemptions[0]).toMatchObject({ regItemId: itemId, orderId: order.id })
  })

  test('an order without the gift in it is not linked', async () => {
    const { family, itemId } = await fundedOptionGift()
    await h.services.cashFunds.redeemGroupGift({ regItemId: itemId, use: 'order', size: 'M', color: 'Grey' }, family.id)
    const [other] = await h.createProducts(1, 1_500)
    await h.database.pool.query('update products set stock = 5 where id = $1', [other])
    await h.services.cart.add({ userId: family.id }, { productId: other, quantity: 1 })
    const order = await h.services.orders.placeOrder({ userId: family.id }, { scope: 'store', idempotencyKey: key(), email: family.email, name: 'Ora Orderer', shippingAddress: address, card: card() })
    expect(await h.services.cashFunds.linkGroupGiftOrder(itemId, order.id, family.id)).toBe(false)
    expect((await h.services.cashFunds.groupGiftForFamily(itemId, family.id)).redemption).toMatchObject({ orderId: null })
  })
})
