// Saved cards (docs/decisions/026): tokenisation by the test processor, charging a token, per-owner access,
// nothing sensitive stored, and orders paid with a saved card. Real PostgreSQL.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createCartService } from '../cart/cart.service.server'
import { orders } from '../orders/orders.schema'
import { createOrdersService } from '../orders/orders.service.server'
import { declineMessages } from './card-processor'
import { savedPaymentMethods } from './payment-methods.schema'
import { createPaymentMethodsService } from './payment-methods.service.server'
import { cardLabel, paymentMethodMessages } from './payment-methods.validation'
import { payments } from './payments.schema'
import { createPaymentsService } from './payments.service.server'
import { createTestProcessor } from './test-processor.server'

let database: TestDatabase
const factories = catalogFactories(() => database.db, 93_000)
let n = 0
const nextYear = new Date().getUTCFullYear() + 2
const card = (number = '4242 4242 4242 4242', overrides: Record<string, unknown> = {}) => ({ number, expMonth: 12, expYear: nextYear, cvc: '123', ...overrides })
const key = () => `saved-card-key-${++n}-${Date.now()}-0123456789abcdef`
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }

function app(clock?: () => Date) {
  const db = database.db
  const processor = createTestProcessor({ db })
  const paymentMethods = createPaymentMethodsService({ db, processor, clock })
  const paymentsService = createPaymentsService({ db, processor, paymentMethods, clock })
  const cart = createCartService({ db })
  const ordersService = createOrdersService({ db, cart, payments: paymentsService, discount: { currentFor: async () => null } })
  return { paymentMethods, payments: paymentsService, orders: ordersService }
}

let category: number
let brand: number
const product = (overrides: { priceCents: number; stock: number }) => factories.createProduct({ categoryId: category, brandId: brand, ...overrides })

async function user() {
  const [u] = await database.db.insert(users).values({ email: `saver${++n}@example.test`, firstName: 'Sam', lastName: 'Saver', passwordHash: 'x' }).returning()
  return u!
}

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; fields?: Record<string, string[]> }> {
  try {
    await p
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message, fields: e.fields }
    throw e
  }
  throw new Error('expected a DomainError')
}

beforeAll(async () => {
  database = await createTestDatabase()
  category = (await factories.createCategory({ urlSlug: 'saved-cards-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

describe('saving cards', () => {
  test('a test card is tokenised: we keep a pm_test_ token, brand, last four and expiry; the first card is the default', async () => {
    const { paymentMethods } = app()
    const u = await user()
    const { method, created } = await paymentMethods.save(u.id, card())
    expect(created).toBe(true)
    expect(method).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: nextYear, isDefault: true, expired: false })
    expect(cardLabel(method)).toBe(`Visa ending in 4242, expires 12/${String(nextYear % 100).padStart(2, '0')}`)
    const [row] = await database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, method.id))
    expect(row!.token).toMatch(/^pm_test_[0-9a-f]{24}$/)
    // A second card is not the default; the same card again answers the saved one.
    const second = await paymentMethods.save(u.id, card('5555 5555 5555 4444'))
    expect(second.method.isDefault).toBe(false)
    const again = await paymentMethods.save(u.id, card())
    expect(again).toMatchObject({ created: false, method: { id: method.id } })
    expect((await paymentMethods.list(u.id)).map((m) => m.last4)).toEqual(['4242', '4444'])
  })

  test('a wrong number, a past expiry, a bad security code and a live card are refused with clear messages; nothing is saved', async () => {
    const { paymentMethods } = app()
    const u = await user()
    expect((await failure(paymentMethods.save(u.id, card('4242 4242 4242 4241')))).fields?.number).toEqual(['That card number is not right. Check it and try again.'])
    expect((await failure(paymentMethods.save(u.id, card(undefined, { expMonth: 1, expYear: 2020 })))).fields?.expMonth).toEqual(['This card has expired. Use another card.'])
    expect((await failure(paymentMethods.save(u.id, card(undefined, { cvc: '12' })))).fields?.cvc).toEqual(['The security code is the 3 or 4 digits on the card.'])
    // Luhn-valid, but not a test card: test mode never keeps a real card.
    expect(await failure(paymentMethods.save(u.id, card('4111 1111 1111 1111')))).toMatchObject({ code: 'invalid_input', message: declineMessages.test_mode_live_card })
    expect(await paymentMethods.list(u.id)).toEqual([])
  })

  test('the card number and security code are nowhere in the database', async () => {
    const { paymentMethods, orders } = app()
    const u = await user()
    const item = await product({ priceCents: 1_500, stock: 10 })
    const { method } = await paymentMethods.save(u.id, card('6011 1111 1111 1117', { cvc: '9876' }))
    await orders.placeOrder({ userId: u.id }, { scope: { buyNow: { productId: item.id } }, idempotencyKey: key(), email: u.email, name: 'Sam Saver', shippingAddress: address, paymentMethodId: method.id })
    const tables = await database.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)
    for (const { table_name } of tables.rows) {
      // The security code is matched as a number of its own: '9876' also turns up inside random hex (tokens,
      // fingerprints, ids) and timestamps' microseconds, which are not the code.
      const found = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like '%6011111111111117%' or t::text like '%6011 1111 1111 1117%' or t::text ~ '(^|[^0-9a-f])9876($|[^0-9a-f])'`)
      expect({ table: table_name, rows: found.rows[0]!.n }).toEqual({ table: table_name, rows: 0 })
    }
  })
})

describe('managing saved cards', () => {
  test('make default moves the flag; remove detaches the token and promotes another card', async () => {
    const { paymentMethods, payments: paymentsService } = app()
    const u = await user()
    const a = (await paymentMethods.save(u.id, card())).method
    const b = (await paymentMethods.save(u.id, card('5555 5555 5555 4444'))).method
    expect((await paymentMethods.makeDefault(u.id, b.id)).isDefault).toBe(true)
    expect((await paymentMethods.list(u.id)).map((m) => [m.last4, m.isDefault])).toEqual([['4444', true], ['4242', false]])
    await paymentMethods.remove(u.id, b.id)
    expect((await paymentMethods.list(u.id)).map((m) => [m.last4, m.isDefault])).toEqual([['4242', true]])
    // The removed card's id cannot pay any more.
    expect((await failure(paymentsService.authorize({ idempotencyKey: key(), amountCents: 100, purpose: 'order', savedCard: { paymentMethodId: b.id, userId: u.id } }))).code).toBe('not_found')
    expect(a.isDefault).toBe(true)
  })

  test("another account's card is not found: not listed, not made default, not removed, not charged", async () => {
    const { paymentMethods, payments: paymentsService } = app()
    const owner = await user()
    const other = await user()
    const { method } = await paymentMethods.save(owner.id, card())
    expect(await paymentMethods.list(other.id)).toEqual([])
    expect((await failure(paymentMethods.get(other.id, method.id))).code).toBe('not_found')
    expect((await failure(paymentMethods.makeDefault(other.id, method.id))).code).toBe('not_found')
    expect((await failure(paymentMethods.remove(other.id, method.id))).code).toBe('not_found')
    expect(await failure(paymentsService.authorize({ idempotencyKey: key(), amountCents: 500, purpose: 'order', savedCard: { paymentMethodId: method.id, userId: other.id } }))).toMatchObject({
      code: 'not_found',
      message: paymentMethodMessages.notFound,
    })
    expect((await failure(paymentMethods.get(owner.id, 'not-a-uuid'))).code).toBe('not_found')
    // Still the owner's, untouched.
    expect((await paymentMethods.list(owner.id)).map((m) => m.id)).toEqual([method.id])
  })

  test("the processor itself refuses a token used for another customer, or after it was detached", async () => {
    const processor = createTestProcessor({ db: database.db })
    const saved = await processor.tokenize({ card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' }, customer: 'nestlist_user_1' })
    if (!saved.ok) throw new Error('tokenise failed')
    expect(await processor.authorize({ idempotencyKey: key(), amountCents: 100, card: { token: saved.token, customer: 'nestlist_user_2' } })).toMatchObject({ ok: false, code: 'token_unusable' })
    expect(await processor.authorize({ idempotencyKey: key(), amountCents: 100, card: { token: saved.token, customer: 'nestlist_user_1' } })).toMatchObject({ ok: true })
    await processor.detach(saved.token, 'nestlist_user_1')
    expect(await processor.authorize({ idempotencyKey: key(), amountCents: 100, card: { token: saved.token, customer: 'nestlist_user_1' } })).toMatchObject({ ok: false, code: 'token_unusable' })
  })

  test('an expired saved card is listed as expired and cannot be made default or charged', async () => {
    const later = new Date(Date.UTC(nextYear + 1, 0, 15))
    const u = await user()
    const { method } = await app().paymentMethods.save(u.id, card())
    const { paymentMethods, payments: paymentsService } = app(() => later)
    expect((await paymentMethods.list(u.id))[0]).toMatchObject({ id: method.id, expired: true })
    expect(cardLabel({ ...method, expired: true })).toContain('expired 12/')
    expect((await failure(paymentMethods.makeDefault(u.id, method.id))).message).toBe(paymentMethodMessages.expired)
    expect(await failure(paymentsService.authorize({ idempotencyKey: key(), amountCents: 100, purpose: 'order', savedCard: { paymentMethodId: method.id, userId: u.id } }))).toMatchObject({
      code: 'invalid_input',
      message: paymentMethodMessages.expired,
    })
  })
})

describe('charging a saved card', () => {
  test('a saved 4242 is authorised and captured like a typed card, with the same idempotency', async () => {
    const { paymentMethods, payments: paymentsService } = app()
    const u = await user()
    const { method } = await paymentMethods.save(u.id, card())
    const k = key()
    const p = await paymentsService.authorize({ idempotencyKey: k, amountCents: 2_500, purpose: 'order', savedCard: { paymentMethodId: method.id, userId: u.id } })
    expect(p).toMatchObject({ status: 'authorized', cardBrand: 'Visa', cardLast4: '4242' })
    const again = await paymentsService.authorize({ idempotencyKey: k, amountCents: 2_500, purpose: 'order', savedCard: { paymentMethodId: method.id, userId: u.id } })
    expect(again.id).toBe(p.id)
    expect((await paymentsService.capture(p.id)).status).toBe('captured')
    // The same key with another amount is refused.
    expect((await failure(paymentsService.authorize({ idempotencyKey: k, amountCents: 2_600, purpose: 'order', savedCard: { paymentMethodId: method.id, userId: u.id } }))).code).toBe('invalid_input')
  })

  test('saved 4000…0002 and 4000…9995 are declined with the same messages as when typed', async () => {
    const { paymentMethods, payments: paymentsService } = app()
    const u = await user()
    const declined = (await paymentMethods.save(u.id, card('4000 0000 0000 0002'))).method
    const poor = (await paymentMethods.save(u.id, card('4000 0000 0000 9995'))).method
    const a = await paymentsService.authorize({ idempotencyKey: key(), amountCents: 100, purpose: 'order', savedCard: { paymentMethodId: declined.id, userId: u.id } })
    expect(a).toMatchObject({ status: 'declined', declineMessage: declineMessages.card_declined })
    const b = await paymentsService.authorize({ idempotencyKey: key(), amountCents: 100, purpose: 'order', savedCard: { paymentMethodId: poor.id, userId: u.id } })
    expect(b).toMatchObject({ status: 'declined', declineMessage: declineMessages.insufficient_funds })
    expect((await failure(paymentsService.authorize({ idempotencyKey: key(), amountCents: 100, purpose: 'order', card: card(), savedCard: { paymentMethodId: declined.id, userId: u.id } }))).code).toBe('invalid_input')
  })
})

describe('orders paid with a saved card', () => {
  test('quick buy with a saved card places one order; the same key twice is the same order and one charge', async () => {
    const { paymentMethods, orders: ordersService } = app()
    const u = await user()
    const item = await product({ priceCents: 3_000, stock: 5 })
    const { method } = await paymentMethods.save(u.id, card())
    const input = { scope: { buyNow: { productId: item.id, quantity: 2 } }, idempotencyKey: key(), email: u.email, name: 'Sam Saver', shippingAddress: address, paymentMethodId: method.id }
    const [first, second] = await Promise.all([ordersService.placeOrder({ userId: u.id }, input), ordersService.placeOrder({ userId: u.id }, input)])
    expect(second.id).toBe(first.id)
    expect(first.payment).toEqual({ cardBrand: 'Visa', cardLast4: '4242' })
    const mine = await database.db.select().from(orders).where(eq(orders.userId, u.id))
    expect(mine).toHaveLength(1)
    const charged = await database.db.select().from(payments).where(eq(payments.id, mine[0]!.paymentId!))
    expect(charged.map((p) => [p.status, p.capturedCents])).toEqual([['captured', first.totalCents]])
  })

  test('saved cards go through the group commit alongside typed cards, each charged once; a retry after the card was removed is still the same order', async () => {
    const { paymentMethods, orders: ordersService } = app()
    const item = await product({ priceCents: 2_000, stock: 10 })
    const buyers = [await user(), await user(), await user()]
    const saved = await Promise.all(buyers.slice(0, 2).map(async (u) => (await paymentMethods.save(u.id, card())).method))
    const inputs = buyers.map((u, i) => ({
      scope: { buyNow: { productId: item.id, quantity: 1 } },
      idempotencyKey: key(),
      email: u.email,
      name: 'Sam Saver',
      shippingAddress: address,
      ...(saved[i] ? { paymentMethodId: saved[i].id } : { card: card('5555 5555 5555 4444') }),
    }))
    const placed = await Promise.all(buyers.map((u, i) => ordersService.place({ userId: u.id }, inputs[i])))
    expect(placed.map((p) => [p.created, p.order.status, p.order.payment.cardLast4])).toEqual([
      [true, 'paid', '4242'],
      [true, 'paid', '4242'],
      [true, 'paid', '4444'],
    ])
    const rows = await database.db.select().from(payments).where(sql`${payments.id} in (select payment_id from orders where user_id = any(${sql.param(buyers.map((u) => u.id))}::bigint[]))`)
    expect(rows.map((p) => [p.status, p.capturedCents]).sort()).toEqual(Array(3).fill(['captured', placed[0]!.order.totalCents]))
    // The shopper removes the card, then their browser retries the checkout whose answer it lost: the same order, nothing new.
    await paymentMethods.remove(buyers[0]!.id, saved[0]!.id)
    expect(await ordersService.place({ userId: buyers[0]!.id }, inputs[0]!)).toEqual({ order: placed[0]!.order, created: false })
    expect(await database.db.select().from(orders).where(eq(orders.userId, buyers[0]!.id))).toHaveLength(1)
  })

  test('a declined saved card leaves no order; a card and a saved card together, or another account’s card, are refused', async () => {
    const { paymentMethods, orders: ordersService } = app()
    const u = await user()
    const other = await user()
    const item = await product({ priceCents: 3_000, stock: 5 })
    const declined = (await paymentMethods.save(u.id, card('4000 0000 0000 0002'))).method
    const good = (await paymentMethods.save(u.id, card())).method
    const base = { scope: { buyNow: { productId: item.id } }, email: u.email, name: 'Sam Saver', shippingAddress: address }
    expect(await failure(ordersService.placeOrder({ userId: u.id }, { ...base, idempotencyKey: key(), paymentMethodId: declined.id }))).toMatchObject({ code: 'invalid_input', message: declineMessages.card_declined })
    expect(await failure(ordersService.placeOrder({ userId: u.id }, { ...base, idempotencyKey: key(), paymentMethodId: good.id, card: card() }))).toMatchObject({
      code: 'invalid_input',
      fields: { paymentMethodId: [paymentMethodMessages.pickOne] },
    })
    expect((await failure(ordersService.placeOrder({ userId: other.id }, { ...base, email: other.email, idempotencyKey: key(), paymentMethodId: good.id }))).code).toBe('not_found')
    expect(await failure(ordersService.placeOrder({ userId: null, guestToken: 'guest-token-0123456789abcdef' }, { ...base, idempotencyKey: key(), paymentMethodId: good.id }))).toMatchObject({ code: 'not_found', message: paymentMethodMessages.notFound })
    expect(await database.db.select().from(orders).where(eq(orders.userId, u.id))).toEqual([])
    expect(await database.db.select().from(orders).where(eq(orders.userId, other.id))).toEqual([])
  })
})
