// Bank transfer payouts (docs/decisions/030, h14), against PostgreSQL: what Nestlist owes families who chose a
// bank transfer, recording a transfer once (two staff at once: one payout), the amount from the items, refunds
// and payouts excluding each other, reference validation, who may do it, the family's email and view, and the
// staff JSON API.
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'
import { cashFundContributions, groupGiftRedemptions, payouts } from './cash-funds.schema'
import { payoutCopy, payoutMessages } from './cash-funds.strings'
import type { OwedRegistry } from './payouts.server'

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let staff: Person
let stranger: Person
let products: number[]
let nextProduct = 0
let keyN = 0

const card = () => ({ number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' })
const key = () => `payout-key-${Date.now()}-${++keyN}`
const asStaff = () => ({ userId: staff.id, role: 'staff' as const })

beforeAll(async () => {
  h = await registryApiHarness(88_000)
  staff = await h.signUp('Staff')
  stranger = await h.signUp('Stranger')
  await h.database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
  products = await h.createProducts(8, 20_000)
})
afterAll(async () => {
  await h?.drop()
})

type Family = { owner: Person; registry: { id: number; slug: string }; fundId: number }

/** A family with a registry, a cash fund, and (by default) a bank transfer preference. */
async function family(method: 'bank_transfer' | 'store_credit' = 'bank_transfer', last4 = '6789'): Promise<Family> {
  const owner = await h.signUp('Owner')
  const registry = await h.createRegistry(owner.cookie)
  const pref = await h.call('PUT', `/api/v3/cash_fund_preferences?registryId=${registry.id}`, {
    cookie: owner.cookie,
    body: method === 'bank_transfer' ? { method, accountHolder: 'Maya Rivera', accountLast4: last4 } : { method },
  })
  expect(pref.status, pref.text).toBe(200)
  const fund = await h.call('POST', `/api/v3/registries/${registry.id}/cash_funds`, { cookie: owner.cookie, body: { title: 'Parental Leave Fund' } })
  expect(fund.status, fund.text).toBe(201)
  return { owner, registry, fundId: fund.json.id as number }
}

async function give(f: Family, amountCents: number, giverName = 'Grandma Rose'): Promise<string> {
  const res = await h.call('POST', '/api/v3/cash_fund_contributions', {
    body: { cashFundId: f.fundId, amountCents, giverName, giverEmail: 'rose@example.test', message: '', idempotencyKey: key(), card: card() },
  })
  expect(res.status, res.text).toBe(201)
  expect(res.json.status).toBe('confirmed')
  return res.json.id as string
}

/** A group gift with one chip-in, redeemed by the family (the cash fund way: their preference). */
async function redeemedGroupGift(f: Family, amountCents: number): Promise<string> {
  const item = await h.call('POST', `/api/v3/registries/${f.registry.id}/reg_items`, { cookie: f.owner.cookie, body: { productId: products[nextProduct++], quantity: 1 } })
  expect(item.status, item.text).toBe(201)
  expect((await h.call('PUT', `/api/v3/registries/${f.registry.id}/reg_items/${item.json.id}/group_gift`, { cookie: f.owner.cookie })).status).toBe(200)
  const chip = await h.call('POST', '/api/v3/cash_fund_contributions', {
    body: { regItemId: item.json.id, amountCents, giverName: 'Aunt June', giverEmail: 'june@example.test', message: '', idempotencyKey: key(), card: card() },
  })
  expect(chip.status, chip.text).toBe(201)
  const redeemed = await h.call('POST', '/api/v3/group_gift_fund_redemptions', { cookie: f.owner.cookie, body: { regItemId: item.json.id } })
  expect(redeemed.status, redeemed.text).toBe(201)
  expect(redeemed.json.method).toBe('bank_transfer')
  return redeemed.json.id as string
}

const owedTo = async (registryId: number): Promise<OwedRegistry | undefined> => (await h.services.cashFunds.owedPayouts(asStaff())).find((r) => r.registryId === registryId)

describe('what is owed', () => {
  test('confirmed bank-transfer gifts and bank-transfer group gift redemptions are owed, with count, total and the account; store credit is not', async () => {
    const f = await family()
    const first = await give(f, 2_500)
    const second = await give(f, 4_000, 'Uncle Ben')
    const redemption = await redeemedGroupGift(f, 6_000)
    const credit = await family('store_credit')
    await give(credit, 1_000)

    const owed = await owedTo(f.registry.id)
    expect(owed).toMatchObject({ title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', account: { holder: 'Maya Rivera', last4: '6789' }, itemCount: 3, totalCents: 12_500 })
    expect(owed!.items.map((i) => [i.kind, i.id, i.amountCents])).toEqual([
      ['contribution', first, 2_500],
      ['contribution', second, 4_000],
      ['redemption', redemption, 6_000],
    ])
    expect(owed!.items[0]).toMatchObject({ title: 'Parental Leave Fund', giverName: 'Grandma Rose' })
    expect(owed!.oldestAt).toBe(owed!.items[0]!.owedSince)
    // A chip-in waits in its group gift until redeemed; a store-credit family is paid at once.
    expect(await owedTo(credit.registry.id)).toBeUndefined()
  })

  test('a gift staff refunded (cancelled) is no longer owed, and a transfer listing it records nothing (409)', async () => {
    const f = await family()
    const kept = await give(f, 3_000)
    const refunded = await give(f, 2_000)
    const cancelled = await h.services.cashFunds.cancel(refunded, asStaff())
    expect(cancelled.status).toBe('cancelled')
    const owed = await owedTo(f.registry.id)
    expect(owed!.items.map((i) => i.id)).toEqual([kept])
    await expect(h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-REFUNDED-1', contributionIds: [kept, refunded] })).rejects.toMatchObject({
      code: 'conflict',
      message: payoutMessages.itemsChanged,
    })
    expect(await h.database.db.select().from(payouts).where(eq(payouts.registryId, f.registry.id))).toHaveLength(0)
  })
})

describe('recording a transfer', () => {
  test('the amount is the sum of the items, the account is the one on file, each item points at the payout, and the family is emailed', async () => {
    const f = await family()
    const a = await give(f, 2_500)
    const b = await give(f, 1_234)
    const r = await redeemedGroupGift(f, 5_000)
    const { payout, created } = await h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: '  TRF-2026-0001 ', contributionIds: [a, b, a], redemptionIds: [r], accountLast4: '6789' })
    expect(created).toBe(true)
    expect(payout).toMatchObject({ amountCents: 8_734, itemCount: 3, accountHolder: 'Maya Rivera', accountLast4: '6789', reference: 'TRF-2026-0001', familyName: 'Maya & Leo Rivera', sentBy: 'Staff Tester' })
    const paid = await h.database.db.select({ payoutId: cashFundContributions.payoutId }).from(cashFundContributions).where(inArray(cashFundContributions.id, [a, b]))
    expect(paid.map((p) => p.payoutId)).toEqual([payout.id, payout.id])
    const [fund] = await h.database.db.select({ payoutId: groupGiftRedemptions.payoutId }).from(groupGiftRedemptions).where(eq(groupGiftRedemptions.id, r))
    expect(fund!.payoutId).toBe(payout.id)
    expect(await owedTo(f.registry.id)).toBeUndefined()

    const mail = await h.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, f.owner.email), eq(emailOutbox.subject, payoutCopy.emailSubject)))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.text).toContain('$87.34')
    expect(mail[0]!.text).toContain('ending in 6789')
    expect(mail[0]!.text).toContain('TRF-2026-0001')

    // The family sees which gifts were sent, and when; what waits; and the transfer.
    const tracker = await h.services.cashFunds.contributionsOf(f.registry.id, f.owner.id)
    const gift = tracker.find((c) => c.id === a)!
    expect(gift).toMatchObject({ payout: 'bank_transfer', sentToBankAt: payout.sentAt })
    const chip = tracker.find((c) => c.kind === 'group_gift')!
    expect(chip).toMatchObject({ payout: 'bank_transfer', sentToBankAt: payout.sentAt })
    const mine = await h.services.cashFunds.payoutsOf(f.registry.id, f.owner.id)
    expect(mine).toEqual({ waiting: { count: 0, cents: 0 }, sent: [{ id: payout.id, amountCents: 8_734, itemCount: 3, accountLast4: '6789', reference: 'TRF-2026-0001', sentAt: payout.sentAt }] })
    await expect(h.services.cashFunds.payoutsOf(f.registry.id, stranger.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('two staff recording at once (different references): exactly one payout, the other 409 and nothing recorded', async () => {
    const f = await family()
    const ids = [await give(f, 2_000), await give(f, 3_000)]
    const results = await Promise.allSettled([
      h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-RACE-A', contributionIds: ids }),
      h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-RACE-B', contributionIds: ids }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toMatchObject({ code: 'conflict', message: payoutMessages.itemsChanged })
    const rows = await h.database.db.select().from(payouts).where(eq(payouts.registryId, f.registry.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.amountCents).toBe(5_000)
  })

  test('the same reference twice at once (a double submit) answers one payout', async () => {
    const f = await family()
    const ids = [await give(f, 2_000)]
    const [one, two] = await Promise.all([
      h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-TWICE', contributionIds: ids }),
      h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-TWICE', contributionIds: ids }),
    ])
    expect(one.payout.id).toBe(two.payout.id)
    expect([one.created, two.created].sort()).toEqual([false, true])
    const mail = await h.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, f.owner.email), eq(emailOutbox.subject, payoutCopy.emailSubject)))
    expect(mail).toHaveLength(1)
  })

  test('a gift already sent cannot be refunded (409 naming the transfer); a changed account or no account records nothing', async () => {
    const f = await family()
    const id = await give(f, 2_000)
    const later = await give(f, 1_000)
    await h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-NO-REFUND', contributionIds: [id] })
    await expect(h.services.cashFunds.cancel(id, asStaff())).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('TRF-NO-REFUND') })
    const api = await h.call('POST', `/api/v3/cash_fund_contributions/${id}/cancel`, { cookie: staff.cookie })
    expect(api.status).toBe(409)
    expect(api.json.error.message).toContain('cannot be refunded here')

    await expect(h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-OLD-ACCT', contributionIds: [later], accountLast4: '1111' })).rejects.toMatchObject({
      code: 'conflict',
      message: payoutMessages.accountChanged('6789'),
    })
    await h.call('PUT', `/api/v3/cash_fund_preferences?registryId=${f.registry.id}`, { cookie: f.owner.cookie, body: { method: 'store_credit' } })
    expect((await owedTo(f.registry.id))!.account).toBeNull()
    await expect(h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-NO-ACCT', contributionIds: [later] })).rejects.toMatchObject({
      code: 'conflict',
      message: payoutMessages.noBankAccount,
    })
  })

  test('a reference that is missing, too short, too long or has odd characters is refused (invalid_input on the field)', async () => {
    const f = await family()
    const ids = [await give(f, 2_000)]
    for (const reference of ['', '  ', 'ab', 'x'.repeat(65), 'TRF<script>', undefined]) {
      await expect(h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference, contributionIds: ids }), String(reference)).rejects.toMatchObject({
        code: 'invalid_input',
        fields: { reference: [expect.any(String)] },
      })
    }
    await expect(h.services.cashFunds.recordPayout(asStaff(), { registryId: f.registry.id, reference: 'TRF-EMPTY' })).rejects.toMatchObject({ code: 'invalid_input', fields: { items: [payoutMessages.nothingChosen] } })
    expect((await owedTo(f.registry.id))!.itemCount).toBe(1)
  })

  test('someone who is not staff is refused (not found), even the family', async () => {
    const f = await family()
    const ids = [await give(f, 2_000)]
    const family_ = { userId: f.owner.id, role: 'user' as const }
    await expect(h.services.cashFunds.recordPayout(family_, { registryId: f.registry.id, reference: 'TRF-MINE', contributionIds: ids })).rejects.toMatchObject({ code: 'not_found' })
    await expect(h.services.cashFunds.owedPayouts(family_)).rejects.toMatchObject({ code: 'not_found' })
    await expect(h.services.cashFunds.payoutHistory(family_)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('/api/v3/staff/payouts', () => {
  test('anonymous 401, a customer 404 (even with a bad body); staff list what is owed, record a transfer (201, then 200 with the same reference), see it in the history', async () => {
    const f = await family()
    const ids = [await give(f, 2_000), await give(f, 500)]
    for (const [method, path, body] of [
      ['GET', '/api/v3/staff/payouts/owed', undefined],
      ['GET', '/api/v3/staff/payouts', undefined],
      ['POST', '/api/v3/staff/payouts', { reference: 1 }],
    ] as const) {
      expect((await h.call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401)
      expect((await h.call(method, path, { cookie: f.owner.cookie, body })).status, `${method} ${path} customer`).toBe(404)
    }
    const owed = await h.call('GET', '/api/v3/staff/payouts/owed', { cookie: staff.cookie })
    expect(owed.status).toBe(200)
    const mine = (owed.json.registries as OwedRegistry[]).find((r) => r.registryId === f.registry.id)!
    expect(mine).toMatchObject({ itemCount: 2, totalCents: 2_500, account: { last4: '6789' } })

    const bad = await h.call('POST', '/api/v3/staff/payouts', { cookie: staff.cookie, body: { registryId: f.registry.id, reference: 'no', contributionIds: ids } })
    expect(bad.status).toBe(422)
    expect(bad.json.error.fields.reference).toEqual([payoutMessages.referenceFormat])

    const body = { registryId: f.registry.id, reference: 'API-TRF-77', contributionIds: mine.items.map((i) => i.id), accountLast4: '6789' }
    const made = await h.call('POST', '/api/v3/staff/payouts', { cookie: staff.cookie, body })
    expect(made.status, made.text).toBe(201)
    expect(made.json).toMatchObject({ created: true, payout: { amountCents: 2_500, itemCount: 2, reference: 'API-TRF-77', accountLast4: '6789' } })
    const again = await h.call('POST', '/api/v3/staff/payouts', { cookie: staff.cookie, body })
    expect(again.status).toBe(200)
    expect(again.json.payout.id).toBe(made.json.payout.id)
    const other = await h.call('POST', '/api/v3/staff/payouts', { cookie: staff.cookie, body: { ...body, reference: 'API-TRF-78' } })
    expect(other.status).toBe(409)

    const history = await h.call('GET', '/api/v3/staff/payouts', { cookie: staff.cookie })
    expect(history.json.payouts[0]).toMatchObject({ id: made.json.payout.id, registryTitle: 'Baby Rivera', sentBy: 'Staff Tester' })
    const contribution = await h.call('GET', `/api/v3/cash_fund_contributions/${ids[0]}`, { cookie: f.owner.cookie })
    expect(contribution.json).toMatchObject({ payout: 'bank_transfer', sentToBankAt: made.json.payout.sentAt })
  })

  test('the payout endpoints are in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/v3/openapi.json')).json as { paths: Record<string, Record<string, unknown>> }
    expect(doc.paths['/api/v3/staff/payouts/owed']?.get).toBeDefined()
    expect(doc.paths['/api/v3/staff/payouts']?.get).toBeDefined()
    expect(doc.paths['/api/v3/staff/payouts']?.post).toBeDefined()
  })
})
