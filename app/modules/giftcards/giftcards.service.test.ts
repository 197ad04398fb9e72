import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createCartService } from '../cart/cart.service.server'
import { createEmailService } from '../email/email.service.server'
import { createInventoryService } from '../inventory/inventory.service.server'
import type { EmailSender, SendEmailInput } from '../email/email.types'
import { orders } from '../orders/orders.schema'
import { createOrdersService } from '../orders/orders.service.server'
import { payments } from '../payments/payments.schema'
import { createPaymentsService } from '../payments/payments.service.server'
import { createTestProcessor } from '../payments/test-processor.server'
import { createRegistryService } from '../registry/registry.service.server'
import { createShipmentsService } from '../shipping/shipments.service.server'
import { giftCards, userCreditBalances } from './giftcards.schema'
import { createGiftCardsService, generateCode, hashCode } from './giftcards.service.server'
import { CODE_ALPHABET, formatCode, giftCardMessages, normaliseCode } from './giftcards.validation'

let database: TestDatabase
const extraPools: { end(): Promise<void> }[] = []
const factories = catalogFactories(() => database.db, 95_000)
let category: number
let brand: number
let giftCardProduct: number
let n = 0
const nextYear = new Date().getUTCFullYear() + 1
const card = (number = '4242 4242 4242 4242') => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' })
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Portland', state: 'OR', zip: '97201' }
const key = () => `gc-checkout-${++n}-${Date.now()}`

/** Every email sent, kept in memory. */
function recorder() {
  const sent: SendEmailInput<'notice'>[] = []
  const email: EmailSender = {
    async send(input) {
      sent.push(input as SendEmailInput<'notice'>)
      return { id: sent.length, status: 'kept' }
    },
  }
  return { sent, email }
}

/** One "app process": its own services (and optionally its own pool) over the test database. */
function app(options: { db?: TestDatabase['db']; now?: () => Date; failuresPerHour?: number; onRestocked?: (productId: number, origin?: string) => Promise<unknown> } = {}) {
  const db = options.db ?? database.db
  const mail = recorder()
  const cart = createCartService({ db })
  const paymentsService = createPaymentsService({ db, processor: createTestProcessor({ db }) })
  const giftCardsService = createGiftCardsService({ db, email: mail.email, publicUrl: 'https://nestlist.example', clock: options.now, failuresPerHour: options.failuresPerHour, onRestocked: options.onRestocked })
  const ordersService = createOrdersService({ db, cart, payments: paymentsService, discount: { currentFor: async () => null }, giftCards: giftCardsService, clock: options.now })
  return { cart, payments: paymentsService, giftCards: giftCardsService, orders: ordersService, sent: mail.sent }
}

async function outcome<T>(p: Promise<T>): Promise<{ ok: T } | { code: string; message: string; fields?: Record<string, string[]> }> {
  try {
    return { ok: await p }
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) }
    throw e
  }
}

async function user(name = 'Pat') {
  const [u] = await database.db.insert(users).values({ email: `${name.toLowerCase()}${++n}@example.test`, firstName: name, lastName: 'Tester', passwordHash: 'x' }).returning()
  return u!
}

const purchase = (overrides: Record<string, unknown> = {}) => ({
  productId: giftCardProduct,
  amountCents: 5_000,
  recipientName: 'Riley',
  recipientEmail: 'riley@example.test',
  senderName: 'Jordan',
  message: 'Congratulations on the little one!',
  ...overrides,
})

/** Buys gift cards with the test card and returns the codes read from the recipient's email. */
async function buyCard(a: ReturnType<typeof app>, amountCents = 5_000, quantity = 1) {
  const viewer = { guestToken: a.cart.newGuestToken() }
  await a.cart.addGiftCard(viewer, purchase({ amountCents, quantity, recipientEmail: `riley${++n}@example.test` }))
  const order = await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'jordan@example.test', name: 'Jordan', card: card() })
  const codes = a.sent
    .filter((m) => m.data.subject === 'Jordan sent you a Nestlist gift card')
    .map((m) => m.data.paragraphs.join('\n').match(/code: ([A-Z0-9-]{19})/)?.[1])
    .filter((c): c is string => !!c)
  a.sent.length = 0
  return { order, codes }
}

beforeAll(async () => {
  database = await createTestDatabase()
  category = (await factories.createCategory({ urlSlug: 'giftcards-test' })).id
  brand = (await factories.createBrand()).id
  giftCardProduct = (await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', name: 'Nestlist Store Gift Card: Welcome Baby', priceCents: 2_500, stock: 0 })).id
})
afterAll(async () => {
  for (const p of extraPools) await p.end()
  await database?.drop()
})

describe('codes', () => {
  test('16 symbols from the unambiguous alphabet, shown as XXXX-XXXX-XXXX-XXXX, all different', () => {
    const codes = Array.from({ length: 2_000 }, generateCode)
    expect(new Set(codes).size).toBe(codes.length)
    for (const c of codes) {
      expect(c).toMatch(/^[2-9A-HJ-NP-Z]{16}$/)
      expect(formatCode(c)).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/)
    }
    // Every symbol shows up about equally often (no modulo bias): 32,000 symbols, ~1,000 each.
    const counts = new Map<string, number>()
    for (const c of codes) for (const ch of c) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    expect(counts.size).toBe(CODE_ALPHABET.length)
    for (const v of counts.values()) expect(v).toBeGreaterThan(800)
  })

  test('input ignores case, spaces and dashes; only a hash is stored', () => {
    expect(normaliseCode(' abcd-efgh jklm-npqr ')).toBe('ABCDEFGHJKLMNPQR')
    expect(hashCode('abcd-efgh-jklm-npqr')).toBe(hashCode('ABCDEFGHJKLMNPQR'))
    expect(hashCode('ABCDEFGHJKLMNPQR')).toMatch(/^[0-9a-f]{64}$/)
    expect(hashCode('ABCDEFGHJKLMNPQR')).not.toContain('ABCD')
  })
})

describe('buying a gift card', () => {
  test('the line costs the chosen amount, ships nothing, has no tax; paying issues one card per unit, emails each code to the recipient and a copy without it to the buyer', async () => {
    const a = app()
    const viewer = { guestToken: a.cart.newGuestToken() }
    const { cart } = await a.cart.addGiftCard(viewer, purchase({ amountCents: undefined, customAmount: '40', quantity: 2 }))
    expect(cart.lines[0]).toMatchObject({ unitPriceCents: 4_000, lineTotalCents: 8_000, isGiftCard: true, unavailable: null })
    expect(cart.shippingCents).toBe(0)
    const order = await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'jordan@example.test', name: 'Jordan', card: card() })
    expect(order).toMatchObject({ status: 'paid', subtotalCents: 8_000, shippingCents: 0, taxCents: 0, totalCents: 8_000, cardChargeCents: 8_000, tenders: [] })
    const cards = await database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id))
    expect(cards.map((c) => [c.initialCents, c.balanceCents, c.status, c.recipientEmail])).toEqual([
      [4_000, 4_000, 'active', 'riley@example.test'],
      [4_000, 4_000, 'active', 'riley@example.test'],
    ])
    const toRecipient = a.sent.filter((m) => m.to === 'riley@example.test')
    const toBuyer = a.sent.filter((m) => m.to === 'jordan@example.test')
    expect(toRecipient).toHaveLength(2)
    expect(toBuyer).toHaveLength(2)
    expect(toRecipient[0]!.data.subject).toBe('Jordan sent you a Nestlist gift card')
    const codes = toRecipient.map((m) => m.data.paragraphs.join(' ').match(/code: ([A-Z0-9-]{19})/)![1]!)
    expect(new Set(codes).size).toBe(2)
    expect(cards.map((c) => c.codeHash).sort()).toEqual(codes.map(hashCode).sort())
    expect(cards.map((c) => c.last4).sort()).toEqual(codes.map((c) => c.slice(-4)).sort())
    for (const m of toBuyer) expect(JSON.stringify(m.data)).not.toMatch(new RegExp(codes.map((c) => c.slice(0, 9)).join('|')))
    expect(toRecipient[0]!.data.paragraphs).toContain('Their message: "Congratulations on the little one!"')
  })

  test('issuing is idempotent: a repeated paid hook or reconcile issues and emails nothing more', async () => {
    const a = app()
    const { order } = await buyCard(a, 2_500, 3)
    expect(await a.giftCards.onOrderPaid(order.id)).toEqual({ issued: 0 })
    await Promise.all([a.giftCards.onOrderPaid(order.id), a.giftCards.onOrderPaid(order.id), a.giftCards.reconcile(0)])
    expect(a.sent).toHaveLength(0)
    const [{ count }] = (await database.pool.query(`select count(*)::int as count from gift_cards where order_id = $1`, [order.id])).rows as [{ count: number }]
    expect(count).toBe(3)
  })

  test('a card issued but never emailed (crash in between) is sent later with a fresh code; the lost code never works', async () => {
    const a = app()
    const { order, codes } = await buyCard(a, 2_500)
    const [issued] = await database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id))
    // As if the process died after inserting the card and before the email went out, long ago.
    await database.db.update(giftCards).set({ emailedAt: null, deliveryClaimedAt: new Date(Date.now() - 3_600_000) }).where(eq(giftCards.id, issued!.id))
    await a.giftCards.reconcile(0)
    const resent = a.sent.find((m) => m.data.subject === 'Jordan sent you a Nestlist gift card')!
    const fresh = resent.data.paragraphs.join(' ').match(/code: ([A-Z0-9-]{19})/)![1]!
    expect(fresh).not.toBe(codes[0])
    const owner = await user()
    expect(await outcome(a.giftCards.redeem(owner.id, { code: codes[0] }, { ip: '198.51.100.1' }))).toMatchObject({ code: 'invalid_input', message: giftCardMessages.codeNotFound })
    expect(await a.giftCards.redeem(owner.id, { code: fresh }, { ip: '198.51.100.1' })).toMatchObject({ redeemedCents: 2_500 })
  })

  test('a custom amount is bought when one is typed, even with a preset still chosen (a form without JavaScript); an empty one leaves the preset', async () => {
    const a = app()
    const viewer = { guestToken: a.cart.newGuestToken() }
    const typed = await a.cart.addGiftCard(viewer, purchase({ amountCents: '5000', customAmount: ' $75 ', recipientEmail: 'typed@example.test' }))
    expect(typed.cart.lines.find((l) => l.id === typed.lineId)).toMatchObject({ unitPriceCents: 7_500 })
    const preset = await a.cart.addGiftCard(viewer, purchase({ amountCents: '10000', customAmount: '', recipientEmail: 'preset@example.test' }))
    expect(preset.cart.lines.find((l) => l.id === preset.lineId)).toMatchObject({ unitPriceCents: 10_000 })
  })

  test('amounts outside $25 to $1,000, cents, missing recipient and long messages are refused with messages per field', async () => {
    const a = app()
    const viewer = { guestToken: a.cart.newGuestToken() }
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: 2_400 })))).toMatchObject({ code: 'invalid_input', fields: { amountCents: [giftCardMessages.amount] } })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: 'custom', customAmount: '1000.01' })))).toMatchObject({ fields: { customAmount: [giftCardMessages.customTooHigh] } })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: 'custom', customAmount: '24' })))).toMatchObject({ fields: { customAmount: [giftCardMessages.customTooLow] } })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: 'custom', customAmount: 'forty' })))).toMatchObject({ fields: { customAmount: [giftCardMessages.customAmount] } })
    expect(giftCardMessages.customTooLow).toBe('Gift cards start at $25. Enter $25 or more.')
    expect(giftCardMessages.customTooHigh).toBe('Gift cards go up to $1,000. Enter $1,000 or less.')
    // A custom amount typed while a preset is still chosen (a form without JavaScript) is the one checked.
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: '5000', customAmount: '2000' })))).toMatchObject({ fields: { customAmount: [giftCardMessages.customTooHigh] } })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: 'custom', customAmount: '30.50' })))).toMatchObject({ fields: { customAmount: [giftCardMessages.wholeDollars] } })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ recipientEmail: 'nope', recipientName: '' })))).toMatchObject({
      fields: { recipientEmail: [giftCardMessages.recipientEmail], recipientName: [giftCardMessages.recipientName] },
    })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ message: 'x'.repeat(301) })))).toMatchObject({ fields: { message: [giftCardMessages.message] } })
    expect(await outcome(a.cart.addGiftCard(viewer, purchase({ amountCents: 100_000 })))).toHaveProperty('ok')
    // A gift card needs its amount and recipient: the plain add refuses it.
    expect(await outcome(a.cart.add(viewer, { productId: giftCardProduct }))).toMatchObject({ code: 'invalid_input' })
  })
})

describe('paying with a gift card and store credit', () => {
  test('partial use keeps the remainder on the card; the summary lists the card; the card pays the rest', async () => {
    const a = app()
    const { codes } = await buyCard(a, 2_500)
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 1_000, stock: 20 })
    const buyer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(buyer, { productId: p.id, quantity: 1 })
    // $10 + $7.99 shipping, no tax in Oregon: $17.99 from the card's $25.
    const o = await a.orders.placeOrder(buyer, { idempotencyKey: key(), email: 'b@example.test', name: 'B', shippingAddress: address, giftCardCode: codes[0]!.toLowerCase() })
    expect(o).toMatchObject({ status: 'paid', totalCents: 1_799, cardChargeCents: 0, payment: { cardBrand: '', cardLast4: '' } })
    expect(o.tenders).toEqual([{ kind: 'gift_card', amountCents: 1_799, last4: codes[0]!.slice(-4), label: `Gift card ••••${codes[0]!.slice(-4)}` }])
    const [row] = await database.db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(codes[0]!)))
    expect(row).toMatchObject({ balanceCents: 701, status: 'active' })
    const [placed] = await database.db.select().from(orders).where(eq(orders.id, o.id))
    expect(placed!.paymentId).toBeNull()

    // The remaining $7.01 plus the card: $20 + $7.99 = $27.99, $20.98 charged.
    await a.cart.add(buyer, { productId: p.id, quantity: 2 })
    const second = await a.orders.placeOrder(buyer, { idempotencyKey: key(), email: 'b@example.test', name: 'B', shippingAddress: address, giftCardCode: codes[0], card: card() })
    expect(second).toMatchObject({ totalCents: 2_799, cardChargeCents: 2_098, payment: { cardBrand: 'Visa', cardLast4: '4242' } })
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, (await database.db.select().from(orders).where(eq(orders.id, second.id)))[0]!.paymentId!))
    expect(payment).toMatchObject({ amountCents: 2_098, status: 'captured' })
    const [used] = await database.db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(codes[0]!)))
    expect(used).toMatchObject({ balanceCents: 0, status: 'used_up' })
    // The order read back (a retry with its key) shows the same tenders.
    const again = await a.orders.placeOrder(buyer, { idempotencyKey: (await database.db.select().from(orders).where(eq(orders.id, o.id)))[0]!.idempotencyKey, email: 'b@example.test', name: 'B', shippingAddress: address })
    expect(again).toMatchObject({ id: o.id, cardChargeCents: 0, tenders: o.tenders })
  })

  test('when something is left to pay, a card is required (422 on card); a used-up code is refused', async () => {
    const a = app()
    const { codes } = await buyCard(a, 2_500)
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 5_000, stock: 20 })
    const buyer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(buyer, { productId: p.id })
    const r = await outcome(a.orders.placeOrder(buyer, { idempotencyKey: key(), email: 'b@example.test', name: 'B', shippingAddress: address, giftCardCode: codes[0] }))
    expect(r).toMatchObject({ code: 'invalid_input', fields: { card: [giftCardMessages.cardNeeded] } })
    const [row] = await database.db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(codes[0]!)))
    expect(row!.balanceCents).toBe(2_500)
  })

  test('a declined card spends nothing from the gift card or the store credit', async () => {
    const a = app()
    const { codes } = await buyCard(a, 2_500)
    const shopper = await user()
    await a.giftCards.grantCredit(shopper.id, 1_000, 'promotion', { note: 'Welcome offer' })
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 9_000, stock: 20 })
    await a.cart.add({ userId: shopper.id }, { productId: p.id })
    const r = await outcome(
      a.orders.placeOrder({ userId: shopper.id }, { idempotencyKey: key(), email: shopper.email, name: 'S', shippingAddress: address, giftCardCode: codes[0], applyCredit: true, card: card('4000 0000 0000 0002') }),
    )
    expect(r).toMatchObject({ code: 'invalid_input' })
    const [row] = await database.db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(codes[0]!)))
    expect(row!.balanceCents).toBe(2_500)
    expect((await a.giftCards.creditOf(shopper.id)).balanceCents).toBe(1_000)
  })

  test('gift cards and store credit never pay for new gift cards: the card pays for those', async () => {
    const a = app()
    const { codes } = await buyCard(a, 10_000)
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 5_000, stock: 20 })
    const buyer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(buyer, { productId: p.id })
    await a.cart.addGiftCard(buyer, purchase({ amountCents: 2_500 }))
    // $50 product (free shipping, no tax in Oregon) from the $100 card; the $25 gift card on the test card.
    const o = await a.orders.placeOrder(buyer, { idempotencyKey: key(), email: 'b@example.test', name: 'B', shippingAddress: address, giftCardCode: codes[0], card: card() })
    expect(o).toMatchObject({ totalCents: 7_500, cardChargeCents: 2_500, tenders: [{ kind: 'gift_card', amountCents: 5_000 }] })
    // Only gift cards in the cart: the code pays nothing, so a card is needed.
    await a.cart.addGiftCard(buyer, purchase({ amountCents: 2_500 }))
    expect(await outcome(a.orders.placeOrder(buyer, { idempotencyKey: key(), email: 'b@example.test', name: 'B', giftCardCode: codes[0] }))).toMatchObject({ fields: { card: [giftCardMessages.cardNeeded] } })
  })

  test('two parallel orders from two processes spending one card: exactly one succeeds, the other is refused and not charged', async () => {
    const { codes } = await buyCard(app(), 5_000)
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 4_500, stock: 20 })
    const apps = [0, 1].map(() => {
      const { db, pool } = createDb(database.url, { max: 4 })
      extraPools.push(pool)
      return app({ db })
    })
    const viewers = await Promise.all(
      apps.map(async (a) => {
        const v = { guestToken: a.cart.newGuestToken() }
        await a.cart.add(v, { productId: p.id })
        return v
      }),
    )
    // $45, free shipping, no tax in Oregon: each order alone could be paid in full by the $50 card.
    const results = await Promise.all(
      apps.map((a, i) => outcome(a.orders.placeOrder(viewers[i]!, { idempotencyKey: key(), email: `p${i}@example.test`, name: 'P', shippingAddress: address, giftCardCode: codes[0], card: card() }))),
    )
    const ok = results.filter((r) => 'ok' in r)
    const [row] = await database.db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(codes[0]!)))
    const spent = await database.pool.query(`select sum(amount_cents)::int as s from gift_card_uses where gift_card_id = $1`, [row!.id])
    if (ok.length === 1) {
      // Both planned $45 from the card before either wrote: the second to write finds the balance gone, and
      // its order rolls back with nothing charged (its authorisation is released).
      expect(results.find((r) => !('ok' in r))).toMatchObject({ code: 'conflict', message: giftCardMessages.balanceChanged })
      expect(row!.balanceCents).toBe(500)
      expect(spent.rows[0].s).toBe(-4_500)
      expect((await database.pool.query(`select status from payments where amount_cents = $1`, [4_500])).rows).toEqual([])
    } else {
      // On a busy machine the second planned after the first had written: it saw the $5 left and its card pays
      // the rest ($40). Either way the card is never spent past its balance.
      expect(ok).toHaveLength(2)
      expect(row!.balanceCents).toBe(0)
      expect(spent.rows[0].s).toBe(-5_000)
      expect((await database.pool.query(`select status, count(*)::int as n from payments where amount_cents = $1 group by 1`, [4_000])).rows).toEqual([{ status: 'captured', n: 1 }])
    }
    expect((await database.pool.query(`select count(*)::int as n from payments where amount_cents = $1 and status = 'authorized'`, [4_500])).rows).toEqual([{ n: 0 }])
  })

  test('store credit pays before the card and never goes below zero, even with parallel orders', async () => {
    const a = app()
    const shopper = await user()
    expect(await outcome(a.giftCards.grantCredit(shopper.id, -5, 'promotion'))).toMatchObject({ code: 'invalid_input' })
    await a.giftCards.grantCredit(shopper.id, 3_000, 'promotion', { note: 'Welcome offer' })
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 2_000, stock: 20 })
    const viewer = { userId: shopper.id }
    await a.cart.add(viewer, { productId: p.id })
    const apps = [0, 1, 2].map(() => {
      const { db, pool } = createDb(database.url, { max: 4 })
      extraPools.push(pool)
      return app({ db })
    })
    // $20 + $7.99 shipping = $27.99, all from the $30 credit; three parallel checkouts of that cart with different keys.
    const results = await Promise.all(
      apps.map((x) => outcome(x.orders.placeOrder(viewer, { idempotencyKey: key(), email: shopper.email, name: 'S', shippingAddress: address, applyCredit: true }))),
    )
    const ok = results.filter((r) => 'ok' in r)
    expect(ok).toHaveLength(1)
    expect((ok[0] as { ok: { tenders: unknown[]; cardChargeCents: number } }).ok).toMatchObject({ cardChargeCents: 0, tenders: [{ kind: 'store_credit', amountCents: 2_799, label: 'Store credit' }] })
    const credit = await a.giftCards.creditOf(shopper.id)
    expect(credit.balanceCents).toBe(201)
    expect(credit.entries.map((e) => [e.amountCents, e.reason, e.balanceAfterCents])).toEqual([
      [-2_799, 'order_payment', 201],
      [3_000, 'promotion', 3_000],
    ])
    const [{ sum }] = (await database.pool.query(`select sum(amount_cents)::int as sum from user_credit_entries where user_id = $1`, [shopper.id])).rows as [{ sum: number }]
    expect(sum).toBe(201)
    // The database itself refuses a negative balance.
    await expect(database.db.update(userCreditBalances).set({ balanceCents: -1 }).where(eq(userCreditBalances.userId, shopper.id))).rejects.toThrow()
    // Asking for credit as a guest is refused.
    const guest = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(guest, { productId: p.id })
    expect(await outcome(a.orders.placeOrder(guest, { idempotencyKey: key(), email: 'g@example.test', name: 'G', shippingAddress: address, applyCredit: true, card: card() }))).toMatchObject({
      fields: { applyCredit: [giftCardMessages.signInForCredit] },
    })
  })
})

describe('redeeming into the account balance', () => {
  test("promotional credit for an email lands on the account it signs in to (the confirmed one), not on an unconfirmed one with the same address", async () => {
    const a = app()
    const staff = await user('Staff')
    const email = `promo${++n}@example.test`
    // The unconfirmed one first: a table read in its own order would find it.
    const [later] = await database.db.insert(users).values({ email, firstName: 'Later', lastName: 'T', passwordHash: 'x' }).returning()
    const [owner] = await database.db.insert(users).values({ email, firstName: 'Owner', lastName: 'T', passwordHash: 'x', emailVerifiedAt: new Date() }).returning()
    for (let i = 0; i < 3; i++) {
      const granted = await a.giftCards.grantPromotion(staff.id, { email, amountCents: 1_000, reason: 'Sorry for the wait', idempotencyKey: key() })
      expect(granted.user.id).toBe(owner!.id)
    }
    expect((await a.giftCards.creditOf(later!.id)).balanceCents).toBe(0)
  })

  test('moves the whole balance into store credit once; the code then has nothing left', async () => {
    const a = app()
    const { codes } = await buyCard(a, 7_500)
    const owner = await user()
    const r = await a.giftCards.redeem(owner.id, { code: ` ${codes[0]!.toLowerCase().replaceAll('-', ' ')} ` }, { ip: '198.51.100.7' })
    expect(r).toEqual({ redeemedCents: 7_500, balanceCents: 7_500, last4: codes[0]!.slice(-4) })
    const credit = await a.giftCards.creditOf(owner.id)
    expect(credit.entries).toMatchObject([{ amountCents: 7_500, reason: 'gift_card_redeemed', note: `Gift card ••••${codes[0]!.slice(-4)}` }])
    const other = await user()
    expect(await outcome(a.giftCards.redeem(other.id, { code: codes[0] }, { ip: '198.51.100.8' }))).toMatchObject({ code: 'invalid_input', fields: { code: [giftCardMessages.codeUsedUp] } })
    expect((await a.giftCards.creditOf(other.id)).balanceCents).toBe(0)
  })

  test('10 wrong codes an hour per account, then 429 even for a good code; other accounts are not affected', async () => {
    const a = app()
    const { codes } = await buyCard(a, 2_500)
    const guesser = await user()
    for (let i = 0; i < 10; i++) {
      expect(await outcome(a.giftCards.redeem(guesser.id, { code: generateCode() }, { ip: `203.0.113.${i}` }))).toMatchObject({ code: 'invalid_input', message: giftCardMessages.codeNotFound })
    }
    expect(await outcome(a.giftCards.redeem(guesser.id, { code: codes[0] }, { ip: '203.0.113.99' }))).toEqual({ code: 'rate_limited', message: giftCardMessages.tooManyAttempts })
    const honest = await user()
    expect(await a.giftCards.redeem(honest.id, { code: codes[0] }, { ip: '203.0.113.100' })).toMatchObject({ redeemedCents: 2_500 })
    // An hour later the account may try again.
    const later = app({ now: () => new Date(Date.now() + 3_700_000) })
    expect(await outcome(later.giftCards.redeem(guesser.id, { code: generateCode() }, { ip: '203.0.113.1' }))).toMatchObject({ code: 'invalid_input' })
  })

  test('per network address: 30 wrong codes from one address across accounts, then 429', async () => {
    const a = app()
    const ip = `192.0.2.${++n % 250}`
    for (let i = 0; i < 30; i++) {
      const u = await user('Bot')
      expect(await outcome(a.giftCards.redeem(u.id, { code: generateCode() }, { ip }))).toMatchObject({ code: 'invalid_input' })
    }
    const fresh = await user('Bot')
    expect(await outcome(a.giftCards.redeem(fresh.id, { code: generateCode() }, { ip }))).toMatchObject({ code: 'rate_limited' })
  })

  test('wrong codes at checkout count too', async () => {
    const a = app({ failuresPerHour: 2 })
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 1_000, stock: 20 })
    const shopper = await user()
    await a.cart.add({ userId: shopper.id }, { productId: p.id })
    const place = () => outcome(a.orders.placeOrder({ userId: shopper.id }, { idempotencyKey: key(), email: shopper.email, name: 'S', shippingAddress: address, giftCardCode: generateCode(), card: card() }))
    // 'Apply' (the checkout summary's quote) checks the code without spending it, and counts like placing does.
    expect(await outcome(a.orders.quote({ userId: shopper.id }, { scope: 'store', giftCardCode: generateCode() }))).toMatchObject({
      code: 'invalid_input',
      fields: { giftCardCode: [giftCardMessages.codeNotFound] },
    })
    expect(await place()).toMatchObject({ code: 'invalid_input', fields: { giftCardCode: [giftCardMessages.codeNotFound] } })
    expect(await place()).toMatchObject({ code: 'rate_limited' })
    expect(await outcome(a.orders.quote({ userId: shopper.id }, { scope: 'store', giftCardCode: generateCode() }))).toMatchObject({ code: 'rate_limited' })
  })
})

describe('gift returns', () => {
  async function giftOrder(a: ReturnType<typeof app>, options: { quantity?: number; priceCents?: number } = {}) {
    const registry = createRegistryService({ db: database.db })
    const owner = await user('Owner')
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: options.priceCents ?? 3_333, stock: 10 })
    const r = await registry.create(owner.id, { registryType: 'baby', title: 'Baby Rivers', familyName: 'The Rivers', slug: `gc-rivers-${++n}`, isArrivalDateKnown: false })
    await registry.setShippingAddress(r.id, owner.id, { name: 'Robin Rivers', line1: '77 Hidden Hollow', line2: '', city: 'Boise', state: 'ID', zip: '83702' })
    const item = await registry.addItem(r.id, owner.id, { productId: p.id, quantity: 5 })
    const giver = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(giver, { productId: p.id, regItemId: item.id, quantity: options.quantity ?? 3 })
    const order = await a.orders.placeOrder(giver, { idempotencyKey: key(), email: 'giver@example.test', name: 'Gale Giver', card: card() })
    const [line] = (await database.pool.query(`select id from order_lines where order_id = $1`, [order.id])).rows as [{ id: number }]
    return { owner, registry: r, product: p, order, lineId: Number(line.id), registryService: registry }
  }

  test('the owner returns part of a gift for the price paid, stock goes back, the giver is not emailed, and the line cannot be returned twice', async () => {
    const a = app()
    const g = await giftOrder(a)
    a.sent.length = 0
    const stockBefore = await a.orders.stockOf(g.product.id)
    expect(await a.giftCards.returnableGifts(g.owner.id)).toMatchObject([{ orderLineId: g.lineId, quantity: 3, returnedQuantity: 0, title: g.product.name, creditPerUnitCents: 3_333 }])
    const first = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 2, reason: 'duplicate' })
    expect(first.giftReturn).toMatchObject({ quantity: 2, creditCents: 6_666, status: 'restocked', reasonLabel: 'I received more than one' })
    expect(first.balanceCents).toBe(6_666)
    expect(await a.orders.stockOf(g.product.id)).toBe(stockBefore! + 2)
    expect(await outcome(a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 2, reason: 'duplicate' }))).toMatchObject({
      code: 'conflict',
      message: giftCardMessages.returnTooMany(1),
    })
    const last = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'not_needed' })
    expect(last.balanceCents).toBe(9_999)
    expect(await outcome(a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'other' }))).toMatchObject({ message: giftCardMessages.returnTooMany(0) })
    expect(await a.giftCards.returnableGifts(g.owner.id)).toEqual([])
    expect(await a.giftCards.giftReturnsFor(g.owner.id)).toHaveLength(2)
    expect(a.sent).toEqual([])
    // The gift tracker still shows the gift as given.
    const [{ purchased }] = (await database.pool.query(`select quantity_purchased as purchased from reg_items where product_id = $1`, [g.product.id])).rows as [{ purchased: number }]
    expect(purchased).toBe(3)
  })

  test('credit is what was paid, split so partial returns add up to the line exactly', async () => {
    const a = app()
    const g = await giftOrder(a, { quantity: 3, priceCents: 1_001 })
    const credits = []
    for (let i = 0; i < 3; i++) credits.push((await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'other' })).giftReturn.creditCents)
    expect(credits.reduce((x, y) => x + y, 0)).toBe(3_003)
  })

  test('parallel returns of one line never exceed its quantity', async () => {
    const g = await giftOrder(app(), { quantity: 3 })
    const apps = [0, 1, 2, 3].map(() => {
      const { db, pool } = createDb(database.url, { max: 3 })
      extraPools.push(pool)
      return app({ db })
    })
    const results = await Promise.all(apps.map((x) => outcome(x.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'duplicate' }))))
    expect(results.filter((r) => 'ok' in r)).toHaveLength(3)
    expect((await app().giftCards.creditOf(g.owner.id)).balanceCents).toBe(9_999)
  })

  test('a gift returned while it waits in the held box leaves the box (with the credit), and the emptied box is removed', async () => {
    const a = app()
    const g = await giftOrder(a, { quantity: 3 })
    // A second giver's gift for the same family meets the first in the same held box.
    const giver2 = { guestToken: a.cart.newGuestToken() }
    const [{ id: regItemId }] = (await database.pool.query(`select id from reg_items where registry_id = $1`, [g.registry.id])).rows as [{ id: number }]
    await a.cart.add(giver2, { productId: g.product.id, regItemId: Number(regItemId), quantity: 1 })
    const order2 = await a.orders.placeOrder(giver2, { idempotencyKey: key(), email: 'second@example.test', name: 'Sky Second', card: card() })
    const [{ id: line2 }] = (await database.pool.query(`select id from order_lines where order_id = $1`, [order2.id])).rows as [{ id: number }]
    const shipments = createShipmentsService({ db: database.db, email: recorder().email })
    const box = async () => (await shipments.forUser(g.owner.id)).gifts.filter((s) => s.status === 'held')
    const [held] = await box()
    expect(held!.items.reduce((n, i) => n + i.quantity, 0)).toBe(4)

    // Part of a line: the box carries the rest of it.
    await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 2, reason: 'duplicate' })
    expect((await box())[0]!.items.map((i) => i.quantity).sort()).toEqual([1, 1])
    // The whole line: it leaves the box, in the credit's transaction.
    const r = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'duplicate' })
    expect(r.giftReturn.status).toBe('restocked')
    expect((await database.pool.query(`select 1 from order_lines where id = $1 and shipment_id is not null`, [g.lineId])).rowCount).toBe(0)
    expect((await box())[0]!.items.map((i) => i.quantity)).toEqual([1])
    // The last gift in it: the box is gone, so nothing ships (and 'Ship now' has nothing to send).
    await a.giftCards.returnGift(g.owner.id, { orderLineId: Number(line2), quantity: 1, reason: 'not_needed' })
    expect(await box()).toEqual([])
    expect((await database.pool.query(`select 1 from shipments where id = $1`, [held!.id])).rowCount).toBe(0)
    expect((await a.giftCards.creditOf(g.owner.id)).balanceCents).toBe(4 * 3_333)
  })

  test('collaborators may return; other users and the giver get 404; a shipped gift awaits its return shipment (credit on receipt); past 9 months is refused', async () => {
    const a = app()
    const g = await giftOrder(a, { quantity: 2 })
    const stranger = await user('Stranger')
    expect(await outcome(a.giftCards.returnGift(stranger.id, { orderLineId: g.lineId, quantity: 1, reason: 'other' }))).toMatchObject({ code: 'not_found' })
    expect(await outcome(a.giftCards.returnGift(stranger.id, { orderLineId: 999_999_999, quantity: 1, reason: 'other' }))).toMatchObject({ code: 'not_found' })
    expect(await a.giftCards.returnableGifts(stranger.id)).toEqual([])
    expect(await outcome(a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'made-up' }))).toMatchObject({ code: 'invalid_input', fields: { reason: [giftCardMessages.reason] } })

    const helper = await user('Helper')
    await database.pool.query(`insert into registry_collaborators (registry_id, user_id) values ($1, $2)`, [g.registry.id, helper.id])
    // The gift's box leaves the warehouse (a held family box, or the order's own).
    await database.pool.query(
      `update shipments set status = 'shipped', tracking_number = '1Z999', shipped_at = now()
       where id in (select shipment_id from order_lines where id = $1) or (order_id = $2 and not exists (select 1 from order_lines where id = $1 and shipment_id is not null))`,
      [g.lineId, g.order.id],
    )
    const stock = await a.orders.stockOf(g.product.id)
    const r = await a.giftCards.returnGift(helper.id, { orderLineId: g.lineId, quantity: 1, reason: 'damaged' })
    expect(r.giftReturn).toMatchObject({ status: 'awaiting_return_shipment', creditCents: 3_333, creditPending: true })
    expect(r.giftReturn.returnCode).toMatch(/^RG-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/)
    expect(await a.orders.stockOf(g.product.id)).toBe(stock)
    // Nothing is credited until the gift is back at the returns warehouse.
    expect((await a.giftCards.creditOf(helper.id)).balanceCents).toBe(0)
    expect(r.balanceCents).toBe(0)

    const tenMonthsLater = app({ now: () => new Date(Date.now() + 304 * 86_400_000) })
    expect(await outcome(tenMonthsLater.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'other' }))).toMatchObject({ code: 'conflict', message: giftCardMessages.returnWindow })
    expect(await tenMonthsLater.giftCards.returnableGifts(g.owner.id)).toEqual([])
  })
})


describe('receiving shipped gift returns (staff)', () => {
  /** A registry gift that has shipped to the family (its box marked shipped). */
  async function shippedGift(a: ReturnType<typeof app>, quantity = 2) {
    const registry = createRegistryService({ db: database.db })
    const owner = await user('Owner')
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 2_500, stock: 10 })
    const r = await registry.create(owner.id, { registryType: 'baby', title: 'Baby Lake', familyName: 'The Lakes', slug: `gc-lake-${++n}`, isArrivalDateKnown: false })
    await registry.setShippingAddress(r.id, owner.id, { name: 'Lee Lake', line1: '5 Quiet Lane', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
    const item = await registry.addItem(r.id, owner.id, { productId: p.id, quantity: 5 })
    const giver = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(giver, { productId: p.id, regItemId: item.id, quantity })
    const order = await a.orders.placeOrder(giver, { idempotencyKey: key(), email: 'giver-ship@example.test', name: 'Gus Giver', card: card() })
    const [line] = (await database.pool.query(`select id from order_lines where order_id = $1`, [order.id])).rows as [{ id: number }]
    await database.pool.query(
      `update shipments set status = 'shipped', tracking_number = '1Z999', shipped_at = now()
       where id in (select shipment_id from order_lines where id = $1)`,
      [line.id],
    )
    const staff = await user('Staff')
    await database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
    return { owner, registry: r, product: p, order, lineId: Number(line.id), staff }
  }

  test('marking received credits the family once, restocks when resellable, and emails only the family member a receipt', async () => {
    const a = app()
    const g = await shippedGift(a)
    const { giftReturn } = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 2, reason: 'duplicate' })
    expect(await a.giftCards.staffGiftReturns()).toEqual(expect.arrayContaining([expect.objectContaining({ id: giftReturn.id, returnCode: giftReturn.returnCode, familyName: 'The Lakes', quantity: 2, creditCents: 5_000 })]))
    // Staff find it by the code on the box, however it is typed.
    const typed = giftReturn.returnCode!.toLowerCase().replace(/-/g, ' ')
    expect((await a.giftCards.staffGiftReturns({ code: typed })).map((r) => r.id)).toEqual([giftReturn.id])
    const stock = await a.orders.stockOf(g.product.id)
    a.sent.length = 0

    const received = await a.giftCards.receiveGiftReturn(g.staff.id, giftReturn.id, { restock: true })
    expect(received).toMatchObject({ creditedCents: 5_000, restocked: true, giftReturn: { status: 'received', creditPending: false } })
    expect((await a.giftCards.creditOf(g.owner.id)).balanceCents).toBe(5_000)
    expect(await a.orders.stockOf(g.product.id)).toBe(stock! + 2)
    expect(a.sent.map((m) => m.to)).toEqual([g.owner.email])
    expect(a.sent[0]!.data.paragraphs.join(' ')).toContain('$50 of store credit was added')
    expect(JSON.stringify(a.sent)).not.toContain('giver-ship@example.test')

    // A second submit (or a second staff member) changes nothing: 409, no more credit, no more stock.
    expect(await outcome(a.giftCards.receiveGiftReturn(g.staff.id, giftReturn.id, { restock: true }))).toMatchObject({ code: 'conflict', message: giftCardMessages.alreadyReceived })
    expect((await a.giftCards.creditOf(g.owner.id)).balanceCents).toBe(5_000)
    expect(await a.orders.stockOf(g.product.id)).toBe(stock! + 2)
    expect((await a.giftCards.giftReturnsFor(g.owner.id))[0]).toMatchObject({ status: 'received', creditPending: false })
    expect((await a.giftCards.staffGiftReturns({ status: 'received' }))[0]).toMatchObject({ id: giftReturn.id, restockedOnReceipt: true, receivedBy: g.staff.email })
    expect((await a.giftCards.staffGiftReturns()).map((r) => r.id)).not.toContain(giftReturn.id)
  })

  test('a restocked gift return tells the shoppers waiting for the sold-out product that it is back; a return not restocked does not', async () => {
    // Wired as in app/services.server.ts: inventory's 'Back in stock' emails after the units are back.
    const outbox = createEmailService({ db: database.db, logger: pino({ level: 'silent' }) })
    const inventory = createInventoryService({ db: database.db, email: outbox, publicOrigin: 'https://nestlist.example' })
    const sentTo = async (to: string) => (await outbox.list({ to })).messages.map((m) => m.subject)
    const a = app({ onRestocked: (productId) => inventory.notifySubscribers(productId) })
    const g = await shippedGift(a, 1)
    const kept = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'duplicate' })
    const g2 = await shippedGift(a, 1)
    const damaged = await a.giftCards.returnGift(g2.owner.id, { orderLineId: g2.lineId, quantity: 1, reason: 'damaged' })
    await database.pool.query(`update product_stock set quantity = 0 where product_id = any($1::int[])`, [[g.product.id, g2.product.id]])
    await inventory.subscribe(null, { productId: g.product.id, email: 'waiting-one@example.test' })
    await inventory.subscribe(null, { productId: g2.product.id, email: 'waiting-two@example.test' })

    await a.giftCards.receiveGiftReturn(g2.staff.id, damaged.giftReturn.id, { restock: false })
    expect(await sentTo('waiting-two@example.test')).toEqual([])
    await a.giftCards.receiveGiftReturn(g.staff.id, kept.giftReturn.id, { restock: true })
    expect(await sentTo('waiting-one@example.test')).toEqual([`Back in stock: ${g.product.name}`])
    expect(await sentTo('waiting-two@example.test')).toEqual([])
    expect(await a.orders.stockOf(g.product.id)).toBe(1)
  })

  test('a gift that cannot be sold again is credited but not restocked', async () => {
    const a = app()
    const g = await shippedGift(a, 1)
    const { giftReturn } = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'damaged' })
    const stock = await a.orders.stockOf(g.product.id)
    const received = await a.giftCards.receiveGiftReturn(g.staff.id, giftReturn.id, { restock: false })
    expect(received).toMatchObject({ creditedCents: 2_500, restocked: false })
    expect(await a.orders.stockOf(g.product.id)).toBe(stock)
    expect((await a.giftCards.creditOf(g.owner.id)).balanceCents).toBe(2_500)
    expect(await outcome(a.giftCards.receiveGiftReturn(g.staff.id, giftReturn.id, {}))).toMatchObject({ code: 'invalid_input', fields: { restock: [giftCardMessages.receiveRestockChoice] } })
  })

  test('parallel receipts by two staff members from two processes credit and restock exactly once', async () => {
    const a = app()
    const g = await shippedGift(a, 2)
    const { giftReturn } = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 2, reason: 'duplicate' })
    const stock = await a.orders.stockOf(g.product.id)
    const apps = [0, 1, 2, 3].map(() => {
      const { db, pool } = createDb(database.url, { max: 2 })
      extraPools.push(pool)
      return app({ db })
    })
    const results = await Promise.all(apps.map((x) => outcome(x.giftCards.receiveGiftReturn(g.staff.id, giftReturn.id, { restock: true }))))
    expect(results.filter((r) => 'ok' in r)).toHaveLength(1)
    expect(results.filter((r) => 'code' in r && r.code === 'conflict')).toHaveLength(3)
    expect((await a.giftCards.creditOf(g.owner.id)).balanceCents).toBe(5_000)
    expect(await a.orders.stockOf(g.product.id)).toBe(stock! + 2)
    const entries = await database.pool.query(`select count(*)::int as n from user_credit_entries where gift_return_id = $1`, [giftReturn.id])
    expect(entries.rows[0].n).toBe(1)
  })

  test('a return that never left the warehouse cannot be received (409); an unknown or malformed id is 404', async () => {
    const a = app()
    const registry = createRegistryService({ db: database.db })
    const owner = await user('Owner')
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 1_000, stock: 10 })
    const r = await registry.create(owner.id, { registryType: 'baby', title: 'Baby Moss', familyName: 'The Moss', slug: `gc-moss-${++n}`, isArrivalDateKnown: false })
    await registry.setShippingAddress(r.id, owner.id, { name: 'M Moss', line1: '9 Fern Road', line2: '', city: 'Salem', state: 'OR', zip: '97301' })
    const item = await registry.addItem(r.id, owner.id, { productId: p.id, quantity: 2 })
    const giver = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(giver, { productId: p.id, regItemId: item.id, quantity: 1 })
    const order = await a.orders.placeOrder(giver, { idempotencyKey: key(), email: 'g@example.test', name: 'G', card: card() })
    const [line] = (await database.pool.query(`select id from order_lines where order_id = $1`, [order.id])).rows as [{ id: number }]
    const { giftReturn } = await a.giftCards.returnGift(owner.id, { orderLineId: Number(line.id), quantity: 1, reason: 'other' })
    expect(giftReturn).toMatchObject({ status: 'restocked', returnCode: null, creditPending: false })
    expect(await outcome(a.giftCards.receiveGiftReturn(owner.id, giftReturn.id, { restock: true }))).toMatchObject({ code: 'conflict', message: giftCardMessages.notAwaitingShipment })
    expect(await outcome(a.giftCards.receiveGiftReturn(owner.id, '00000000-0000-4000-8000-000000000000', { restock: true }))).toMatchObject({ code: 'not_found' })
    expect(await outcome(a.giftCards.receiveGiftReturn(owner.id, 'nope', { restock: true }))).toMatchObject({ code: 'not_found' })
    expect((await a.giftCards.creditOf(owner.id)).balanceCents).toBe(1_000)
  })

  test('the family sees the return code and the returns address; other users get 404', async () => {
    const a = app()
    const g = await shippedGift(a, 1)
    const { giftReturn } = await a.giftCards.returnGift(g.owner.id, { orderLineId: g.lineId, quantity: 1, reason: 'not_needed' })
    const detail = await a.giftCards.giftReturnFor(giftReturn.id, g.owner.id)
    expect(detail).toMatchObject({ returnCode: giftReturn.returnCode, registryTitle: 'Baby Lake', creditPending: true, returnAddress: { id: 164, city: 'Columbus', state: 'OH' } })
    const stranger = await user('Stranger')
    expect(await outcome(a.giftCards.giftReturnFor(giftReturn.id, stranger.id))).toMatchObject({ code: 'not_found' })
    expect(await outcome(a.giftCards.giftReturnFor('not-a-uuid', g.owner.id))).toMatchObject({ code: 'not_found' })
  })
})
