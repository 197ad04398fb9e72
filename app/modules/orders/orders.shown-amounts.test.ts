// Money shown = money charged (docs/decisions/029, amendment h10): placeOrder compares what it would charge with
// the amounts the shopper was shown and, when they differ, charges nothing. Real PostgreSQL.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { products } from '../catalog/catalog.schema'
import { createCartService } from '../cart/cart.service.server'
import type { EmailSender, SendEmailInput } from '../email/email.types'
import { giftCards as giftCardsTable } from '../giftcards/giftcards.schema'
import { createGiftCardsService } from '../giftcards/giftcards.service.server'
import { giftCardMessages, normaliseCode } from '../giftcards/giftcards.validation'
import { payments } from '../payments/payments.schema'
import { createPaymentsService } from '../payments/payments.service.server'
import { createTestProcessor } from '../payments/test-processor.server'
import { orders } from './orders.schema'
import { createOrdersService, type OrderQuote } from './orders.service.server'
import { orderMessages } from './orders.validation'

let database: TestDatabase
const factories = catalogFactories(() => database.db, 93_000)
let category: number
let brand: number
let giftCardProduct: number
let n = 0
const nextYear = new Date().getUTCFullYear() + 1
const card = () => ({ number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' })
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
const key = () => `shown-key-${++n}-${Date.now()}-0123456789abcdef0123`

function app() {
  const db = database.db
  const cart = createCartService({ db })
  const payments = createPaymentsService({ db, processor: createTestProcessor({ db }) })
  const sent: SendEmailInput<'notice'>[] = []
  const email: EmailSender = {
    async send(input) {
      sent.push(input as SendEmailInput<'notice'>)
      return { id: sent.length, status: 'kept' }
    },
  }
  const giftCards = createGiftCardsService({ db, email })
  return { cart, giftCards, sent, orders: createOrdersService({ db, cart, payments, discount: { currentFor: async () => null }, giftCards }) }
}
type App = ReturnType<typeof app>

/** A gift card bought with the test card; its code is read from the recipient's email. */
async function giftCardCode(a: App, amountCents: number) {
  const viewer = { guestToken: a.cart.newGuestToken() }
  const recipientEmail = `riley${++n}@example.test`
  await a.cart.addGiftCard(viewer, { productId: giftCardProduct, amountCents, recipientName: 'Riley', recipientEmail, senderName: 'Jordan', message: '' })
  await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'jordan@example.test', name: 'Jordan', card: card() })
  const mail = a.sent.find((m) => m.to === recipientEmail)!
  return mail.data.paragraphs.join('\n').match(/code: ([A-Z0-9-]{19})/)![1]!
}

async function outcome<T>(p: Promise<T>): Promise<{ ok: T } | { code: string; message: string }> {
  try {
    return { ok: await p }
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message }
    throw e
  }
}

/** The amounts a checkout page sends with Place order, from the summary it shows. */
const shown = (q: Pick<OrderQuote, 'totalCents' | 'tenders' | 'cardDueCents'>) => ({
  totalCents: q.totalCents,
  giftCardCents: q.tenders.filter((t) => t.kind === 'gift_card').reduce((s, t) => s + t.amountCents, 0),
  creditCents: q.tenders.filter((t) => t.kind === 'store_credit').reduce((s, t) => s + t.amountCents, 0),
  cardCents: q.cardDueCents,
})

const paymentCount = async () => (await database.db.select({ n: count() }).from(payments))[0]!.n
const orderCount = async () => (await database.db.select({ n: count() }).from(orders))[0]!.n
const balanceOfCode = async (code: string) => {
  const rows = await database.db.select({ balance: giftCardsTable.balanceCents, last4: giftCardsTable.last4 }).from(giftCardsTable)
  return rows.find((r) => r.last4 === normaliseCode(code).slice(-4))!.balance
}

async function cartWith(a: App, priceCents: number, viewer: { userId?: number; guestToken?: string } = { guestToken: a.cart.newGuestToken() }) {
  const p = await factories.createProduct({ categoryId: category, brandId: brand, stock: 50, priceCents })
  await a.cart.add(viewer, { productId: p.id, quantity: 1 })
  return { viewer, productId: p.id }
}

beforeAll(async () => {
  database = await createTestDatabase()
  category = (await factories.createCategory({ urlSlug: 'shown-amounts-test' })).id
  brand = (await factories.createBrand()).id
  giftCardProduct = (await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', name: 'Nestlist Store Gift Card', priceCents: 2_500, stock: 0 })).id
})
afterAll(async () => {
  await database?.drop()
})

describe('placeOrder charges only what the shopper was shown', () => {
  test('a gift card spent in another checkout between the summary and Place order: 409, nothing charged or spent; the fresh summary then places', async () => {
    const a = app()
    const code = await giftCardCode(a, 10_000)
    const { viewer } = await cartWith(a, 4_000)
    const summary = await a.orders.quote(viewer, { state: 'CA', giftCardCode: code })
    expect(summary.tenders).toMatchObject([{ kind: 'gift_card', amountCents: 4_000 + 799 + 290 }])

    // Someone else with the code spends $50.89 of it meanwhile.
    const other = await cartWith(a, 4_000)
    await a.orders.placeOrder(other.viewer, { idempotencyKey: key(), email: 'o@example.test', name: 'O', shippingAddress: address, giftCardCode: code, card: card() })
    const left = await balanceOfCode(code)
    expect(left).toBeLessThan(summary.tenders[0]!.amountCents)
    const [payments0, orders0] = [await paymentCount(), await orderCount()]

    const k = key()
    const place = (expected: ReturnType<typeof shown>) =>
      a.orders.place(viewer, { idempotencyKey: k, email: 's@example.test', name: 'S', shippingAddress: address, giftCardCode: code, card: card(), expected })
    expect(await outcome(place(shown(summary)))).toEqual({ code: 'conflict', message: giftCardMessages.balanceChanged })
    // Nothing authorised, no order, the card's balance untouched.
    expect(await paymentCount()).toBe(payments0)
    expect(await orderCount()).toBe(orders0)
    expect(await balanceOfCode(code)).toBe(left)

    // The page shows the fresh summary; placing it (same checkout key) goes through for exactly that.
    const fresh = await a.orders.quote(viewer, { state: 'CA', giftCardCode: code })
    expect(fresh.tenders[0]!.amountCents).toBe(left)
    const placed = await place(shown(fresh))
    expect(placed.created).toBe(true)
    expect(placed.order).toMatchObject({ totalCents: fresh.totalCents, cardChargeCents: fresh.cardDueCents, tenders: [{ kind: 'gift_card', amountCents: left }] })
    expect(await balanceOfCode(code)).toBe(0)
    // A retry with the same key returns the same order, never a second charge.
    const again = await place(shown(fresh))
    expect(again).toMatchObject({ created: false, order: { id: placed.order.id } })
    expect(await paymentCount()).toBe(payments0 + 1)
  })

  test('store credit spent in another tab: 409 with the balance message; unchanged credit places', async () => {
    const a = app()
    const [u] = await database.db.insert(users).values({ email: `credit${++n}@example.test`, firstName: 'C', lastName: 'R', passwordHash: 'x' }).returning()
    const [staff] = await database.db.insert(users).values({ email: `staff${++n}@example.test`, firstName: 'S', lastName: 'T', passwordHash: 'x' }).returning()
    await a.giftCards.grantPromotion(staff!.id, { email: u!.email, amountCents: 3_000, reason: 'Sorry for the wait', idempotencyKey: key() })
    const viewer = { userId: u!.id }
    await cartWith(a, 2_000, viewer)
    const summary = await a.orders.quote(viewer, { scope: 'store', state: 'CA', applyCredit: true })
    expect(summary.tenders).toMatchObject([{ kind: 'store_credit', amountCents: 2_000 + 799 + 145 }])

    // The other tab: the same account buys something with its credit first.
    const otherTab = { userId: u!.id }
    const [first] = await Promise.all([a.orders.quote(otherTab, { scope: 'store', state: 'CA', applyCredit: true })])
    const k0 = key()
    await a.orders.placeOrder(otherTab, { scope: 'store', idempotencyKey: k0, email: u!.email, name: 'C R', shippingAddress: address, applyCredit: true, card: card(), expected: shown(first) })
    // That emptied the cart; the shopper's tab checks out a new cart against its old summary.
    await cartWith(a, 2_000, viewer)
    const payments0 = await paymentCount()
    const k = key()
    const result = await outcome(a.orders.placeOrder(viewer, { scope: 'store', idempotencyKey: k, email: u!.email, name: 'C R', shippingAddress: address, applyCredit: true, card: card(), expected: shown(summary) }))
    expect(result).toEqual({ code: 'conflict', message: giftCardMessages.balanceChanged })
    expect(await paymentCount()).toBe(payments0)
    expect(await database.db.select().from(orders).where(eq(orders.idempotencyKey, k))).toHaveLength(0)
  })

  test('a price change between the summary and Place order (card only, the group commit path): 409 with the new total, nothing authorised', async () => {
    const a = app()
    const { viewer, productId } = await cartWith(a, 3_000)
    const summary = await a.orders.quote(viewer, { state: 'CA' })
    await database.db.update(products).set({ priceCents: 3_500 }).where(eq(products.id, productId))
    const payments0 = await paymentCount()
    const k = key()
    const result = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: k, email: 's@example.test', name: 'S', shippingAddress: address, card: card(), expected: shown(summary) }))
    const fresh = await a.orders.quote(viewer, { state: 'CA' })
    expect(fresh.totalCents).not.toBe(summary.totalCents)
    expect(result).toEqual({ code: 'conflict', message: orderMessages.totalChanged(fresh.totalCents) })
    expect(await paymentCount()).toBe(payments0)
    // With the new total shown, the same checkout places.
    const placed = await a.orders.placeOrder(viewer, { idempotencyKey: k, email: 's@example.test', name: 'S', shippingAddress: address, card: card(), expected: shown(fresh) })
    expect(placed.totalCents).toBe(fresh.totalCents)
  })

  test('shipping or tax that differs from the summary (another state than quoted) is refused the same way', async () => {
    const a = app()
    const { viewer } = await cartWith(a, 3_000)
    const summary = await a.orders.quote(viewer, { state: 'OR' }) // Oregon: no sales tax
    const result = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 's@example.test', name: 'S', shippingAddress: address, card: card(), expected: shown(summary) }))
    const fresh = await a.orders.quote(viewer, { state: 'CA' })
    expect(result).toEqual({ code: 'conflict', message: orderMessages.totalChanged(fresh.totalCents) })
  })

  test('a gift card code typed after the summary was quoted is not charged unseen', async () => {
    const a = app()
    const code = await giftCardCode(a, 2_500)
    const { viewer } = await cartWith(a, 3_000)
    const summary = await a.orders.quote(viewer, { state: 'CA' })
    const result = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 's@example.test', name: 'S', shippingAddress: address, giftCardCode: code, card: card(), expected: shown(summary) }))
    expect(result).toEqual({ code: 'conflict', message: orderMessages.tenderNotShown })
    expect(await balanceOfCode(code)).toBe(2_500)
  })

  test('a gift card spent in full meanwhile: 409 with the balance message (not a field error), nothing charged', async () => {
    const a = app()
    const code = await giftCardCode(a, 2_500)
    const { viewer } = await cartWith(a, 3_000)
    const summary = await a.orders.quote(viewer, { state: 'CA', giftCardCode: code })
    const other = await cartWith(a, 3_000)
    await a.orders.placeOrder(other.viewer, { idempotencyKey: key(), email: 'o@example.test', name: 'O', shippingAddress: address, giftCardCode: code, card: card() })
    expect(await balanceOfCode(code)).toBe(0)
    const payments0 = await paymentCount()
    const result = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 's@example.test', name: 'S', shippingAddress: address, giftCardCode: code, card: card(), expected: shown(summary) }))
    expect(result).toEqual({ code: 'conflict', message: giftCardMessages.balanceChanged })
    expect(await paymentCount()).toBe(payments0)
  })

  test('amounts shown that are not whole cents are refused as input (422)', async () => {
    const a = app()
    const { viewer } = await cartWith(a, 3_000)
    const result = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 's@example.test', name: 'S', shippingAddress: address, card: card(), expected: { totalCents: 12.5 } }))
    expect(result).toMatchObject({ code: 'invalid_input' })
  })
})
