// Checkout scopes (own items, one registry's gifts, reserved gifts), quote = what placeOrder charges, and who
// may see an order (docs/decisions/022). Real PostgreSQL, like orders.service.test.ts.
import { and, count, eq, gt, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createCartService } from '../cart/cart.service.server'
import type { RegistryDiscount } from '../discount/discount'
import type { EmailSender, SendEmailInput } from '../email/email.types'
import { giftCards as giftCardsTable } from '../giftcards/giftcards.schema'
import { createGiftCardsService } from '../giftcards/giftcards.service.server'
import { giftCardMessages, normaliseCode } from '../giftcards/giftcards.validation'
import { products } from '../catalog/catalog.schema'
import { payments } from '../payments/payments.schema'
import { createPaymentsService } from '../payments/payments.service.server'
import { createTestProcessor } from '../payments/test-processor.server'
import { regItems, reservations } from '../registry/registry.schema'
import { createRegistryService } from '../registry/registry.service.server'
import { createReservationsService } from '../registry/reservations.service.server'
import { orders } from './orders.schema'
import { createOrdersService, type OrderQuote, type OrdersDeps } from './orders.service.server'
import { orderMessages } from './orders.validation'

let database: TestDatabase
const factories = catalogFactories(() => database.db, 91_000)
let category: number
let excludedCategory: number
let brand: number
let giftCardProduct: number
let n = 0
const nextYear = new Date().getUTCFullYear() + 1
const card = (number = '4242 4242 4242 4242') => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' })
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
const key = () => `checkout-key-${++n}-${Date.now()}-0123456789abcdef0123`
const noDiscount: OrdersDeps['discount'] = { currentFor: async () => null }
const eligible = { isEligible: true, eligibleForMultiuseDiscount: false, percent: 15 } as RegistryDiscount

function app(discount = noDiscount) {
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
  return { cart, giftCards, sent, orders: createOrdersService({ db, cart, payments, discount, giftCards }) }
}

/** A gift card bought with the test card; its code is read from the recipient's email. */
async function giftCardCode(a: ReturnType<typeof app>, amountCents: number) {
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

const product = (overrides: Partial<Parameters<typeof factories.createProduct>[0]> = {}) =>
  factories.createProduct({ categoryId: category, brandId: brand, stock: 50, ...overrides })

async function user() {
  const [u] = await database.db.insert(users).values({ email: `buyer${++n}@example.test`, firstName: 'B', lastName: 'Y', passwordHash: 'x' }).returning()
  return u!
}

async function registryWithItem(productId: number, quantity = 2) {
  const registry = createRegistryService({ db: database.db })
  const owner = await user()
  const r = await registry.create(owner.id, { registryType: 'baby', title: 'Baby Oaks', familyName: 'The Oaks', slug: `oaks-${++n}`, isArrivalDateKnown: false })
  await registry.setShippingAddress(r.id, owner.id, { name: 'Olive Oak', line1: '12 Secret Lane', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
  const item = await registry.addItem(r.id, owner.id, { productId, quantity })
  return { registryId: r.id, itemId: item.id }
}

beforeAll(async () => {
  database = await createTestDatabase()
  category = (await factories.createCategory({ urlSlug: 'checkout-scope-test' })).id
  excludedCategory = (await factories.createCategory({ urlSlug: 'diapers' })).id
  brand = (await factories.createBrand()).id
  giftCardProduct = (await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', name: 'Nestlist Store Gift Card', priceCents: 2_500, stock: 0 })).id
})
afterAll(async () => {
  await database?.drop()
})

describe('checkout scope', () => {
  test("'store' buys only the shopper's own lines and leaves the registry gifts in the cart; the registry scope then buys those", async () => {
    const a = app()
    const own = await product({ priceCents: 2_500 })
    const giftProduct = await product({ priceCents: 4_000 })
    const { registryId, itemId } = await registryWithItem(giftProduct.id)
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: own.id, quantity: 1 })
    await a.cart.add(viewer, { productId: giftProduct.id, regItemId: itemId, quantity: 1 })

    // The whole cart is still refused as mixed; a scope picks one kind.
    expect(await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 's@example.test', name: 'S', shippingAddress: address, card: card() }))).toEqual({
      code: 'invalid_input',
      message: orderMessages.mixedCart,
    })

    const quote = await a.orders.quote(viewer, { scope: 'store', state: 'CA' })
    const mine = await a.orders.placeOrder(viewer, { scope: 'store', idempotencyKey: key(), email: 's@example.test', name: 'S', shippingAddress: address, card: card() })
    // $25 alone is under $45: shipping is charged for this order, although the cart held $65.
    expect(mine).toMatchObject({ subtotalCents: 2_500, shippingCents: 799, taxCents: 181, totalCents: 2_500 + 799 + 181, shipsTo: { kind: 'buyer' } })
    expect(quote).toMatchObject({ subtotalCents: mine.subtotalCents, shippingCents: mine.shippingCents, taxCents: mine.taxCents, totalCents: mine.totalCents, taxEstimated: false })
    const left = await a.cart.view(viewer)
    expect(left.lines.map((l) => l.productId)).toEqual([giftProduct.id])

    const giftQuote = await a.orders.quote(viewer, { scope: { registryId } })
    expect(giftQuote.registry).toEqual({ id: registryId, familyName: 'The Oaks', city: 'Austin', state: 'TX' })
    expect(JSON.stringify(giftQuote)).not.toContain('Secret Lane')
    const gift = await a.orders.placeOrder(viewer, {
      scope: { registryId },
      idempotencyKey: key(),
      email: 's@example.test',
      name: 'S',
      giftMessage: 'For the little one!',
      card: card(),
    })
    expect(gift).toMatchObject({ totalCents: giftQuote.totalCents, giftMessage: 'For the little one!', shipsTo: { kind: 'registry', city: 'Austin', state: 'TX' } })
    expect((await a.cart.view(viewer)).lines).toHaveLength(0)
    const [r] = await database.db.select().from(reservations).where(eq(reservations.regItemId, itemId))
    expect(r).toMatchObject({ status: 'purchased', source: 'nestlist_order', giftMessage: 'For the little one!' })
  })

  test('a registry scope with no gifts for that registry is an empty cart, and a retry of a placed scoped order returns it', async () => {
    const a = app()
    const own = await product({ priceCents: 5_000 })
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: own.id })
    expect(await outcome(a.orders.quote(viewer, { scope: { registryId: 999_999 } }))).toEqual({ code: 'invalid_input', message: orderMessages.emptyCart })
    const k = key()
    const input = { scope: 'store', idempotencyKey: k, email: 'r@example.test', name: 'R', shippingAddress: address, card: card() }
    const first = await a.orders.placeOrder(viewer, input)
    const again = await a.orders.placeOrder(viewer, input)
    expect(again.id).toBe(first.id)
    expect(await database.db.$count(orders, eq(orders.idempotencyKey, k))).toBe(1)
  })

  test('quote before the state is known estimates tax at the default rate, then is exact; placeOrder charges the quoted total with the registry discount and line exclusions', async () => {
    const a = app({ currentFor: async () => ({ discount: eligible }) })
    const u = await user()
    const viewer = { userId: u.id }
    const crib = await product({ name: 'Oak Crib', priceCents: 19_999 })
    const diapers = await product({ name: 'Diapers', priceCents: 3_333, categoryId: excludedCategory })
    await a.cart.add(viewer, { productId: crib.id })
    await a.cart.add(viewer, { productId: diapers.id, quantity: 2 })

    const estimated = await a.orders.quote(viewer, { scope: 'store' })
    expect(estimated).toMatchObject({ taxEstimated: true, taxState: null, discount: { percent: 15 } })
    const exact = await a.orders.quote(viewer, { scope: 'store', state: 'ca' })
    // 15% of the crib only: 29.9985 → 30.00; diapers are excluded line by line.
    expect(exact.discountCents).toBe(3_000)
    expect(exact.lines.map((l) => [l.title, l.discountCents, l.excludedBecause])).toEqual([
      ['Oak Crib', 3_000, null],
      ['Diapers', 0, 'diapers_and_wipes'],
    ])
    // Tax CA 7.25% of (199.99 − 30.00 + 66.66) = 236.65 → 17.157 → 17.16; free shipping over $45.
    expect(exact).toMatchObject({ subtotalCents: 26_665, shippingCents: 0, taxCents: 1_716, taxState: 'CA', taxEstimated: false, totalCents: 26_665 - 3_000 + 1_716 })
    expect(estimated.taxCents).toBe(1_183) // 5% of 236.65 = 11.8325 → 11.83
    expect(exact).toMatchObject({ tenders: [], cardDueCents: exact.totalCents })

    // A $100 gift card and $50 of store credit: the summary shows both before placing, and the card pays the rest.
    const code = await giftCardCode(a, 10_000)
    await a.giftCards.grantCredit(u.id, 5_000, 'promotion')
    const withTenders = await a.orders.quote(viewer, { scope: 'store', state: 'CA', giftCardCode: code.toLowerCase(), applyCredit: true })
    expect(withTenders).toMatchObject({ totalCents: exact.totalCents, cardDueCents: exact.totalCents - 15_000 })
    expect(withTenders.tenders).toEqual([
      { kind: 'gift_card', amountCents: 10_000, last4: code.slice(-4), label: `Gift card ••••${code.slice(-4)}` },
      { kind: 'store_credit', amountCents: 5_000, last4: null, label: 'Store credit' },
    ])
    // Quoting spends nothing.
    expect((await a.giftCards.creditOf(u.id)).balanceCents).toBe(5_000)
    const placed = await a.orders.placeOrder(viewer, { scope: 'store', idempotencyKey: key(), email: u.email, name: 'B Y', shippingAddress: address, card: card(), giftCardCode: code, applyCredit: true })
    expect(placed.totalCents).toBe(exact.totalCents)
    expect(placed.lines.map((l) => l.discountCents)).toEqual(exact.lines.map((l) => l.discountCents))
    expect(placed.tenders).toEqual(withTenders.tenders)
    expect(placed.cardChargeCents).toBe(withTenders.cardDueCents)
  })

  test('the single-use registry discount goes on one order only: the next pays full price and says why; a retry of the discounted order is still that order; a cancelled order gives it back', async () => {
    const a = app({ currentFor: async () => ({ discount: eligible }) })
    const u = await user()
    const viewer = { userId: u.id }
    const lamp = await product({ name: 'Once Lamp', priceCents: 10_000 })
    const buyNow = { buyNow: { productId: lamp.id } }
    const firstKey = key()
    const first = await a.orders.placeOrder(viewer, { scope: buyNow, idempotencyKey: firstKey, email: u.email, name: 'B Y', shippingAddress: address, card: card() })
    expect(first.discountCents).toBe(1_500)
    // Quick buy prices again on a retry: the order this key placed does not count as an earlier use.
    const retry = await a.orders.placeOrder(viewer, { scope: buyNow, idempotencyKey: firstKey, email: u.email, name: 'B Y', shippingAddress: address, card: card() })
    expect(retry.id).toBe(first.id)

    await a.cart.add(viewer, { productId: lamp.id })
    const next = await a.orders.quote(viewer, { scope: 'store', state: 'CA' })
    expect(next).toMatchObject({ discount: null, discountCents: 0, registryDiscountUsed: true, subtotalCents: 10_000 })
    const second = await a.orders.placeOrder(viewer, { scope: 'store', idempotencyKey: key(), email: u.email, name: 'B Y', shippingAddress: address, card: card() })
    expect(second).toMatchObject({ discountCents: 0, totalCents: next.totalCents })

    // Cancelled (never charged): the discount is the buyer's again.
    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, first.id))
    await a.cart.add(viewer, { productId: lamp.id })
    expect(await a.orders.quote(viewer, { scope: 'store', state: 'CA' })).toMatchObject({ discount: { percent: 15 }, discountCents: 1_500, registryDiscountUsed: false })
  })

  test('two checkouts of one buyer priced with the single-use discount at the same moment: one order takes it, the other is refused (409) and its card hold released', async () => {
    const a = app({ currentFor: async () => ({ discount: eligible }) })
    const u = await user()
    const viewer = { userId: u.id }
    const lamps = await Promise.all([1, 2, 3, 4].map((i) => product({ name: `Race Lamp ${i}`, priceCents: 10_000 })))
    const startedAt = new Date()
    // Four quick buys at once, each priced with the discount before any of them is written.
    const results = await Promise.all(
      lamps.map((lamp) => outcome(a.orders.placeOrder(viewer, { scope: { buyNow: { productId: lamp.id } }, idempotencyKey: key(), email: u.email, name: 'B Y', shippingAddress: address, card: card() }))),
    )
    const placed = results.flatMap((r) => ('ok' in r ? [r.ok] : []))
    expect(placed.filter((o) => o.discountCents > 0)).toHaveLength(1)
    const refused = results.filter((r) => !('ok' in r))
    for (const r of refused) expect(r).toEqual({ code: 'conflict', message: orderMessages.registryDiscountTaken })
    // Whatever was placed, only one order of this buyer holds the discount, and no refused checkout kept a charge.
    const discounted = await database.db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, u.id), gt(orders.discountCents, 0)))
    expect(discounted).toHaveLength(1)
    const attempts = await database.db.select({ status: payments.status }).from(payments).where(gte(payments.createdAt, startedAt))
    expect(attempts.filter((p) => p.status === 'captured')).toHaveLength(placed.length)
    expect(attempts.filter((p) => p.status !== 'captured').map((p) => p.status)).toEqual(refused.map(() => 'voided'))
  })

  test('reserved gifts are checked out from their reservations: the same reservation turns purchased, the cart is untouched', async () => {
    const a = app()
    const p = await product({ priceCents: 3_000, options: { sizes: ['NB', '0-3M'] } })
    const { registryId, itemId } = await registryWithItem(p.id, 3)
    await database.db.update(regItems).set({ options: { size: 'NB' } }).where(eq(regItems.id, itemId))
    const reservationsService = createReservationsService({ db: database.db })
    const held = await reservationsService.reserve(itemId, { quantity: 2, giverName: 'Gus Guest', giverEmail: 'gus@example.test' })
    const viewer = { guestToken: a.cart.newGuestToken() }
    const other = await product()
    await a.cart.add(viewer, { productId: other.id })

    const quote = await a.orders.quote(viewer, { scope: { reservationIds: [held.id] } })
    expect(quote.lines).toMatchObject([{ reservationId: held.id, quantity: 2, options: { size: 'NB' }, lineTotalCents: 6_000 }])
    expect(quote.registry).toEqual({ id: registryId, familyName: 'The Oaks', city: 'Austin', state: 'TX' })
    const o = await a.orders.placeOrder(viewer, { scope: { reservationIds: [held.id] }, idempotencyKey: key(), email: 'gus@example.test', name: 'Gus Guest', card: card() })
    expect(o.totalCents).toBe(quote.totalCents)
    const rows = await database.db.select().from(reservations).where(eq(reservations.regItemId, itemId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: held.id, status: 'purchased', source: 'nestlist_order', quantity: 2 })
    const [item] = await database.db.select().from(regItems).where(eq(regItems.id, itemId))
    expect(item).toMatchObject({ quantityReserved: 0, quantityPurchased: 2 })
    expect((await a.cart.view(viewer)).lines).toHaveLength(1)
    // Bought: nothing is left to check out with it.
    expect(await outcome(a.orders.quote(viewer, { scope: { reservationIds: [held.id] } }))).toEqual({ code: 'invalid_input', message: orderMessages.emptyCart })
  })
})

describe('quick buy and the confirmation email', () => {
  test('buyNow prices and buys one product without touching the cart, checking its options as Add to Cart does', async () => {
    const a = app()
    const u = await user()
    const viewer = { userId: u.id }
    const p = await product({ name: 'Swaddle Set', priceCents: 2_200, options: { sizes: ['NB', '0-3M'], colors: ['Sage'] } })
    const inCart = await product()
    await a.cart.add(viewer, { productId: inCart.id })
    expect(await outcome(a.orders.quote(viewer, { scope: { buyNow: { productId: p.id, color: 'Sage' } }, state: 'NY' }))).toEqual({ code: 'invalid_input', message: 'Choose a size.' })
    expect(await outcome(a.orders.quote(viewer, { scope: { buyNow: { productId: p.id, size: 'XL', color: 'Sage' } } }))).toEqual({
      code: 'invalid_input',
      message: 'That option is not available for this product.',
    })
    expect(await outcome(a.orders.quote(viewer, { scope: { buyNow: { productId: 2_000_000_000 } } }))).toMatchObject({ code: 'not_found' })
    const scope = { buyNow: { productId: p.id, quantity: 2, size: '0-3M', color: 'Sage' } }
    const quote = await a.orders.quote(viewer, { scope, state: 'NY' })
    // 2 × 22.00 = 44.00 (under $45: 7.99 shipping); NY 4% of 44.00 = 1.76.
    expect(quote).toMatchObject({ subtotalCents: 4_400, shippingCents: 799, freeShippingRemainingCents: 100, taxCents: 176, totalCents: 5_375 })
    const o = await a.orders.placeOrder(viewer, { scope, idempotencyKey: key(), email: u.email, name: 'B Y', shippingAddress: { ...address, city: 'Albany', state: 'NY', zip: '12207' }, card: card() })
    expect(o).toMatchObject({ totalCents: quote.totalCents, lines: [{ title: 'Swaddle Set', quantity: 2, options: { size: '0-3M', color: 'Sage' } }] })
    expect(await a.orders.stockOf(p.id, 'size=0-3M|color=Sage')).toBe(23) // 50 spread over two sizes, 2 taken
    expect((await a.cart.view(viewer)).lines.map((l) => l.productId)).toEqual([inCart.id])
  })

  test('the confirmation email is claimed exactly once per order, even by parallel callers', async () => {
    const a = app()
    const p = await product()
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: p.id })
    const o = await a.orders.placeOrder(viewer, { scope: 'store', idempotencyKey: key(), email: 'c@example.test', name: 'C', shippingAddress: address, card: card() })
    const claims = await Promise.all(Array.from({ length: 5 }, () => a.orders.claimConfirmation(o.id)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await a.orders.claimConfirmation(o.id)).toBe(false)
  })
})

describe('who may see an order', () => {
  test('the signed-in buyer and the browser holding the checkout key; anyone else gets not found', async () => {
    const a = app()
    const buyer = await user()
    const stranger = await user()
    const p = await product({ priceCents: 5_000 })
    await a.cart.add({ userId: buyer.id }, { productId: p.id })
    const mine = await a.orders.placeOrder({ userId: buyer.id }, { scope: 'store', idempotencyKey: key(), email: buyer.email, name: 'B', shippingAddress: address, card: card() })
    expect((await a.orders.forViewer(mine.id, { userId: buyer.id })).id).toBe(mine.id)
    const notFound = { code: 'not_found', message: orderMessages.notFound }
    expect(await outcome(a.orders.forViewer(mine.id, { userId: stranger.id }))).toEqual(notFound)
    expect(await outcome(a.orders.forViewer(mine.id, {}))).toEqual(notFound)

    const guest = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(guest, { productId: p.id })
    const guestKey = 'x'.repeat(10) + key()
    const theirs = await a.orders.placeOrder(guest, { scope: 'store', idempotencyKey: guestKey, email: 'g@example.test', name: 'G', shippingAddress: address, card: card() })
    expect((await a.orders.forViewer(theirs.id, { checkoutKeys: ['another-key-that-is-long-enough-to-count-000', guestKey] })).id).toBe(theirs.id)
    expect(await outcome(a.orders.forViewer(theirs.id, { checkoutKeys: [`${guestKey}-no`] }))).toEqual(notFound)
    expect(await outcome(a.orders.forViewer(theirs.id, { userId: stranger.id }))).toEqual(notFound)
    // Another order's key opens only that order.
    expect(await outcome(a.orders.forViewer(mine.id, { checkoutKeys: [guestKey] }))).toEqual(notFound)
    expect(await outcome(a.orders.forViewer('not-a-uuid', { userId: buyer.id }))).toEqual(notFound)
  })

  test("the buyer's list: newest first, a page at a time, only their own", async () => {
    const a = app()
    const buyer = await user()
    const p = await product({ name: 'Soft Blanket', priceCents: 1_000 })
    const placed: string[] = []
    for (let i = 0; i < 3; i++) {
      await a.cart.add({ userId: buyer.id }, { productId: p.id, quantity: i + 1 })
      placed.push((await a.orders.placeOrder({ userId: buyer.id }, { scope: 'store', idempotencyKey: key(), email: buyer.email, name: 'B', shippingAddress: address, card: card() })).id)
    }
    const first = await a.orders.listForBuyer(buyer.id, { page: 1, perPage: 2 })
    expect(first).toMatchObject({ total: 3, page: 1, perPage: 2 })
    expect(first.orders.map((o) => o.id)).toEqual([placed[2], placed[1]])
    expect(first.orders[0]).toMatchObject({ itemCount: 3, registryId: null })
    const second = await a.orders.listForBuyer(buyer.id, { page: 2, perPage: 2 })
    expect(second.orders.map((o) => o.id)).toEqual([placed[0]])
    expect((await a.orders.listForBuyer((await user()).id)).orders).toEqual([])
  })
})

// Money shown = money charged (docs/decisions/029, amendment h10): placeOrder compares what it would charge with
// the amounts the shopper was shown and, when they differ, charges nothing.
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

async function cartWith(a: ReturnType<typeof app>, priceCents: number, viewer: { userId?: number; guestToken?: string } = { guestToken: a.cart.newGuestToken() }) {
  const p = await product({ priceCents })
  await a.cart.add(viewer, { productId: p.id, quantity: 1 })
  return { viewer, productId: p.id }
}

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
