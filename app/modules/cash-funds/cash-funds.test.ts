// Cash funds through the JSON API and the service (docs/decisions/030): adding funds, contributing by card
// (amount rules, declines record nothing, idempotent retries), totals without givers, confirm/cancel
// transitions, who may see a contribution, and the family's preferences.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'
import { payments } from '../payments/payments.schema'
import { cashFundContributions } from './cash-funds.schema'
import { cashFundMessages } from './cash-funds.strings'
import { dollarsToCents } from './cash-funds.validation'

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let owner: Person
let stranger: Person
let staff: Person
let registry: { id: number; slug: string }
let cashFundProductId: number

const card = (number = '4242424242424242') => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' })
let keyN = 0
const key = () => `test-key-${Date.now()}-${++keyN}`

beforeAll(async () => {
  h = await registryApiHarness(86_000)
  owner = await h.signUp('Owner')
  stranger = await h.signUp('Stranger')
  staff = await h.signUp('Staff')
  await h.database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
  registry = await h.createRegistry(owner.cookie)
  const [productId] = await h.createProducts(1)
  await h.database.pool.query(`update products set product_type = 'cash_fund', price_cents = 0, short_name = 'Diapers & Wipes Fund' where id = $1`, [productId])
  cashFundProductId = productId!
})
afterAll(async () => {
  await h?.drop()
})

async function addFund(body: Record<string, unknown> = { title: 'Parental Leave Fund', goalCents: 100_000 }) {
  const res = await h.call('POST', `/api/v3/registries/${registry.id}/cash_funds`, { cookie: owner.cookie, body })
  expect(res.status, res.text).toBe(201)
  return res.json as { id: number; title: string; goalCents: number | null; raisedCents: number }
}

function give(cashFundId: number, over: Record<string, unknown> = {}) {
  return h.call('POST', '/api/v3/cash_fund_contributions', {
    body: { cashFundId, amountCents: 2500, giverName: 'Grandma Rose', giverEmail: 'rose@example.test', message: 'For cozy weeks at home', idempotencyKey: key(), card: card(), ...over },
  })
}

describe('amounts typed in dollars', () => {
  test('whole dollars, cents, a dollar sign and thousands separators are read; anything else is not an amount', () => {
    expect(dollarsToCents('25')).toBe(2500)
    expect(dollarsToCents('25.5')).toBe(2550)
    expect(dollarsToCents('$1,025.05')).toBe(102505)
    expect(dollarsToCents('25.555')).toBeNull()
    expect(dollarsToCents('-5')).toBeNull()
    expect(dollarsToCents('ten')).toBeNull()
  })
})

describe('adding funds', () => {
  test('the family adds a fund from a catalogue cash-fund product; only the family may (others 404, anonymous 401)', async () => {
    const fund = await addFund({ productId: cashFundProductId, title: 'Our diaper fund', description: 'Keep us stocked', goalCents: 50_000 })
    expect(fund).toMatchObject({ title: 'Our diaper fund', goalCents: 50_000, raisedCents: 0, productId: cashFundProductId })
    expect((await h.call('POST', `/api/v3/registries/${registry.id}/cash_funds`, { cookie: stranger.cookie, body: { title: 'Mine now' } })).status).toBe(404)
    expect((await h.call('POST', `/api/v3/registries/${registry.id}/cash_funds`, { body: { title: 'Mine now' } })).status).toBe(401)
  })

  test('a product that is not a cash fund, an empty name and a goal out of range are refused with messages', async () => {
    const [plain] = await h.createProducts(1)
    const notFund = await h.call('POST', `/api/v3/registries/${registry.id}/cash_funds`, { cookie: owner.cookie, body: { productId: plain, title: 'x' } })
    expect(notFund.status).toBe(422)
    expect(notFund.json.error.message).toBe(cashFundMessages.notACashFund)
    const bad = await h.call('POST', `/api/v3/registries/${registry.id}/cash_funds`, { cookie: owner.cookie, body: { title: ' ', goalCents: 50 } })
    expect(bad.status).toBe(422)
    expect(bad.json.error.fields).toMatchObject({ title: [cashFundMessages.titleRequired], goalCents: [cashFundMessages.goalRange] })
  })
})

describe('contributing', () => {
  test('a guest gives with the test card: charged once, confirmed, counted in the total; both get an email', async () => {
    const fund = await addFund()
    const res = await give(fund.id)
    expect(res.status, res.text).toBe(201)
    expect(res.json).toMatchObject({ status: 'confirmed', amountCents: 2500, giverName: 'Grandma Rose', fundTitle: 'Parental Leave Fund' })
    const [payment] = await h.database.db.select().from(payments).where(eq(payments.id, res.json.paymentId))
    expect(payment).toMatchObject({ status: 'captured', capturedCents: 2500, cardLast4: '4242' })
    const funds = await h.call('GET', `/api/v3/registries/${registry.id}/cash_funds`)
    const shown = funds.json.cashFunds.find((f: { id: number }) => f.id === fund.id)
    expect(shown).toMatchObject({ raisedCents: 2500, contributionCount: 1, goalCents: 100_000 })
    // Guests see totals only: nothing in the public answer names a giver.
    expect(funds.text).not.toContain('Grandma Rose')
    expect(funds.text).not.toContain('rose@example.test')
    const receipts = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rose@example.test'))
    expect(receipts.some((r) => r.subject.includes('$25') && r.text.includes(res.json.id))).toBe(true)
    const toOwner = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email))
    expect(toOwner.some((r) => r.subject === 'Grandma Rose gave $25 to your Parental Leave Fund' && r.text.includes('For cozy weeks at home'))).toBe(true)
    // Both emails link to the one public origin (docs/decisions/034), never a host of their own.
    const gift = toOwner.find((r) => r.subject.startsWith('Grandma Rose gave'))!
    expect(gift.text).toContain(`${h.services.publicOrigin}/registry/gift-tracker`)
    expect(receipts[0]!.text).toContain(`${h.services.publicOrigin}/`)
    expect([...receipts, ...toOwner].some((r) => r.text.includes('http://localhost/'))).toBe(false)
  })

  test('less than $1, more than $5,000 and a bad email are refused with messages; nothing is recorded or charged', async () => {
    const fund = await addFund()
    const low = await give(fund.id, { amountCents: 99 })
    expect(low.status).toBe(422)
    expect(low.json.error.fields.amountCents).toEqual([cashFundMessages.amountMin])
    const high = await give(fund.id, { amountCents: 500_001 })
    expect(high.json.error.fields.amountCents).toEqual([cashFundMessages.amountMax])
    const email = await give(fund.id, { giverEmail: 'not-an-email' })
    expect(email.json.error.fields.giverEmail).toEqual([cashFundMessages.emailInvalid])
    const rows = await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.cashFundId, fund.id))
    expect(rows).toEqual([])
  })

  test('a declined card answers 422 with the decline message and records no contribution', async () => {
    const fund = await addFund()
    const res = await give(fund.id, { card: card('4000000000000002') })
    expect(res.status).toBe(422)
    expect(res.json.error.message).toMatch(/declined/)
    const rows = await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.cashFundId, fund.id))
    expect(rows).toEqual([])
    const funds = await h.services.cashFunds.fundsOf(registry.id)
    expect(funds.find((f) => f.id === fund.id)?.raisedCents).toBe(0)
  })

  test('a retry with the same key answers the same contribution: one contribution, one charge; another amount with it is refused', async () => {
    const fund = await addFund()
    const k = key()
    const [a, b] = await Promise.all([give(fund.id, { idempotencyKey: k }), give(fund.id, { idempotencyKey: k })])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.json.id).toBe(b.json.id)
    const again = await give(fund.id, { idempotencyKey: k })
    expect(again.json.id).toBe(a.json.id)
    const rows = await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, k))
    expect(rows).toHaveLength(1)
    const charges = await h.database.db.select().from(payments).where(eq(payments.idempotencyKey, `cash-fund:${k}`))
    expect(charges).toHaveLength(1)
    expect(charges[0]!.capturedCents).toBe(2500)
    const other = await give(fund.id, { idempotencyKey: k, amountCents: 9900 })
    expect(other.status).toBe(422)
    expect(other.json.error.message).toBe(cashFundMessages.keyReused)
  })

  test('a removed fund takes no more contributions and disappears from the guest list', async () => {
    const fund = await addFund({ title: 'Short-lived fund' })
    expect((await h.call('DELETE', `/api/v3/cash_funds/${fund.id}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('DELETE', `/api/v3/cash_funds/${fund.id}`, { cookie: owner.cookie })).status).toBe(204)
    expect((await give(fund.id)).status).toBe(404)
    const funds = await h.call('GET', `/api/v3/registries/${registry.id}/cash_funds`)
    expect(funds.json.cashFunds.map((f: { id: number }) => f.id)).not.toContain(fund.id)
  })
})

describe('who sees a contribution, confirm and cancel', () => {
  test('the family and staff see it; a stranger and anonymous callers get 404 and 401', async () => {
    const fund = await addFund()
    const { json } = await give(fund.id)
    expect((await h.call('GET', `/api/v3/cash_fund_contributions/${json.id}`, { cookie: owner.cookie })).json).toMatchObject({ id: json.id, message: 'For cozy weeks at home' })
    expect((await h.call('GET', `/api/v3/cash_fund_contributions/${json.id}`, { cookie: staff.cookie })).status).toBe(200)
    expect((await h.call('GET', `/api/v3/cash_fund_contributions/${json.id}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('POST', `/api/v3/cash_fund_contributions/${json.id}/cancel`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('GET', `/api/v3/cash_fund_contributions/${json.id}`)).status).toBe(401)
    expect((await h.call('GET', '/api/v3/cash_fund_contributions/not-a-uuid', { cookie: owner.cookie })).status).toBe(404)
    const list = await h.call('GET', `/api/v3/cash_fund_contributions?registryId=${registry.id}`, { cookie: owner.cookie })
    expect(list.json.contributions.map((c: { id: string }) => c.id)).toContain(json.id)
    expect((await h.call('GET', `/api/v3/cash_fund_contributions?registryId=${registry.id}`, { cookie: stranger.cookie })).status).toBe(404)
    // Kept a surprise: the family sees the amount but not who gave or their message; staff still see it all.
    await h.database.pool.query(`update registries set surprise = true, surprise_reveal_date = null where id = $1`, [registry.id])
    try {
      const hidden = await h.call('GET', `/api/v3/cash_fund_contributions/${json.id}`, { cookie: owner.cookie })
      expect(hidden.json).toMatchObject({ amountCents: 2500, giverName: cashFundMessages.someone, giverEmail: '', message: '' })
      const listed = await h.call('GET', `/api/v3/cash_fund_contributions?registryId=${registry.id}`, { cookie: owner.cookie })
      expect(listed.text).not.toContain('Grandma Rose')
      expect((await h.call('GET', `/api/v3/cash_fund_contributions/${json.id}`, { cookie: staff.cookie })).json.giverName).toBe('Grandma Rose')
    } finally {
      await h.database.pool.query(`update registries set surprise = false where id = $1`, [registry.id])
    }
  })

  test('pending → confirmed charges the hold; pending → cancelled releases it and a cancelled one cannot be confirmed', async () => {
    const fund = await addFund()
    // Two contributions left pending (as after a charge that could not be made yet): the card authorised, not charged.
    const made = await Promise.all(
      [0, 1].map(async () => {
        const k = key()
        const payment = await h.services.payments.authorize({ idempotencyKey: `cash-fund:${k}`, amountCents: 2500, purpose: 'cash_fund_contribution', card: card() })
        const [row] = await h.database.db
          .insert(cashFundContributions)
          .values({ cashFundId: fund.id, registryId: registry.id, amountCents: 2500, status: 'pending', giverName: 'Uncle Sam', giverEmail: 'sam@example.test', idempotencyKey: k, paymentId: payment.id })
          .returning()
        return { json: row! }
      }),
    )
    expect((await h.services.cashFunds.fundsOf(registry.id)).find((f) => f.id === fund.id)?.raisedCents).toBe(0)

    const confirmed = await h.call('POST', `/api/v3/cash_fund_contributions/${made[0]!.json.id}/confirm`, { cookie: owner.cookie })
    expect(confirmed.json.status).toBe('confirmed')
    expect((await h.call('POST', `/api/v3/cash_fund_contributions/${made[0]!.json.id}/confirm`, { cookie: owner.cookie })).json.status).toBe('confirmed')

    const cancelled = await h.call('POST', `/api/v3/cash_fund_contributions/${made[1]!.json.id}/cancel`, { cookie: owner.cookie })
    expect(cancelled.json.status).toBe('cancelled')
    const [voided] = await h.database.db.select().from(payments).where(eq(payments.id, made[1]!.json.paymentId))
    expect(voided!.status).toBe('voided')
    const refused = await h.call('POST', `/api/v3/cash_fund_contributions/${made[1]!.json.id}/confirm`, { cookie: owner.cookie })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(cashFundMessages.alreadyCancelled)
    expect((await h.services.cashFunds.fundsOf(registry.id)).find((f) => f.id === fund.id)?.raisedCents).toBe(2500)
  })

  test('a confirmed contribution became the family’s store credit; the family cannot cancel it (409); staff cancel it with a full refund and take the credit back', async () => {
    const fund = await addFund()
    const before = (await h.services.giftCards.creditOf(owner.id)).balanceCents
    const { json } = await give(fund.id)
    const credited = await h.services.giftCards.creditOf(owner.id)
    expect(credited.balanceCents).toBe(before + 2500)
    expect(credited.entries[0]).toMatchObject({ amountCents: 2500, reason: 'cash_fund', note: 'Grandma Rose: Parental Leave Fund' })
    const byOwner = await h.call('POST', `/api/v3/cash_fund_contributions/${json.id}/cancel`, { cookie: owner.cookie })
    expect(byOwner.status).toBe(409)
    expect(byOwner.json.error.message).toBe(cashFundMessages.confirmedOwnerCannotCancel)
    const byStaff = await h.call('POST', `/api/v3/cash_fund_contributions/${json.id}/cancel`, { cookie: staff.cookie })
    expect(byStaff.json.status).toBe('cancelled')
    const [refunded] = await h.database.db.select().from(payments).where(eq(payments.id, json.paymentId))
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 2500 })
    expect((await h.services.giftCards.creditOf(owner.id)).balanceCents).toBe(before)
    expect((await h.services.cashFunds.fundsOf(registry.id)).find((f) => f.id === fund.id)?.raisedCents).toBe(0)
  })
})

describe('cash fund preferences', () => {
  test('store credit until chosen; a bank account keeps its holder and last 4 digits only; bad input is refused; others 404', async () => {
    const q = `?registryId=${registry.id}`
    expect((await h.call('GET', `/api/v3/cash_fund_preferences${q}`, { cookie: owner.cookie })).json).toEqual({ registryId: registry.id, method: 'store_credit', accountHolder: null, accountLast4: null, chosen: false })
    const bad = await h.call('PUT', `/api/v3/cash_fund_preferences${q}`, { cookie: owner.cookie, body: { method: 'bank_transfer', accountHolder: 'Maya Rivera', accountLast4: '000123456789' } })
    expect(bad.status).toBe(422)
    expect(bad.json.error.fields.accountLast4).toEqual([cashFundMessages.last4Format])
    const saved = await h.call('PUT', `/api/v3/cash_fund_preferences${q}`, { cookie: owner.cookie, body: { method: 'bank_transfer', accountHolder: 'Maya Rivera', accountLast4: '6789' } })
    expect(saved.json).toMatchObject({ method: 'bank_transfer', accountHolder: 'Maya Rivera', accountLast4: '6789', chosen: true })
    // Current registry by default.
    expect((await h.call('GET', '/api/v3/cash_fund_preferences', { cookie: owner.cookie })).json.accountLast4).toBe('6789')
    // With a bank transfer chosen, a gift is recorded for the payouts team and does not become store credit.
    const fund = await addFund()
    const before = (await h.services.giftCards.creditOf(owner.id)).balanceCents
    const gift = await give(fund.id)
    const [row] = await h.database.db.select().from(cashFundContributions).where(eq(cashFundContributions.id, gift.json.id))
    expect(row).toMatchObject({ status: 'confirmed', payout: 'bank_transfer' })
    expect((await h.services.giftCards.creditOf(owner.id)).balanceCents).toBe(before)
    const back = await h.call('PUT', '/api/v3/cash_fund_preferences', { cookie: owner.cookie, body: { method: 'store_credit', accountLast4: '6789' } })
    expect(back.json).toMatchObject({ method: 'store_credit', accountHolder: null, accountLast4: null })
    expect((await h.call('GET', `/api/v3/cash_fund_preferences${q}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('PUT', `/api/v3/cash_fund_preferences${q}`, { cookie: stranger.cookie, body: { method: 'store_credit' } })).status).toBe(404)
  })
})
