import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createCartService } from '../cart/cart.service.server'
import type { RegistryDiscount } from '../discount/discount'
import { payments, testProcessorCharges } from '../payments/payments.schema'
import { createPaymentsService } from '../payments/payments.service.server'
import { createTestProcessor } from '../payments/test-processor.server'
import { regItems, reservations } from '../registry/registry.schema'
import { createRegistryService } from '../registry/registry.service.server'
import { orders, productStock } from './orders.schema'
import { createOrdersService, type OrdersDeps } from './orders.service.server'
import { orderMessages } from './orders.validation'
import { ensureProductStock } from './stock.seed.server'

let database: TestDatabase
const extraPools: { end(): Promise<void> }[] = []
const factories = catalogFactories(() => database.db, 90_000)
let category: number
let brand: number
let n = 0
const nextYear = new Date().getUTCFullYear() + 1
const card = (number = '4242 4242 4242 4242') => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' })
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
const key = () => `checkout-${++n}-${Date.now()}`
const noDiscount: OrdersDeps['discount'] = { currentFor: async () => null }

/** One "app process": its own pool and services over the same database. */
function app(db = database.db, discount = noDiscount, paymentsOverride?: OrdersDeps['payments']) {
  const cart = createCartService({ db })
  const paymentsService = paymentsOverride ?? createPaymentsService({ db, processor: createTestProcessor({ db }) })
  return { cart, payments: paymentsService, orders: createOrdersService({ db, cart, payments: paymentsService, discount }) }
}
function processes(count: number) {
  return Array.from({ length: count }, () => {
    const { db, pool } = createDb(database.url, { max: 6 })
    extraPools.push(pool)
    return app(db)
  })
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

const count = async (table: typeof payments | typeof testProcessorCharges | typeof orders) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n

beforeAll(async () => {
  database = await createTestDatabase()
  category = (await factories.createCategory({ urlSlug: 'orders-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  for (const p of extraPools) await p.end()
  await database?.drop()
})

describe('stock per product option', () => {
  test('the seed spreads products.stock over every size and colour, and running it again changes nothing', async () => {
    const p = await product({ stock: 7, options: { sizes: ['NB', '0-3M'], colors: ['Red'] } })
    const plain = await product({ stock: 4 })
    await ensureProductStock(database.db, [p.id, plain.id])
    await ensureProductStock(database.db, [p.id, plain.id])
    const rows = await database.db.select().from(productStock).where(sql`${productStock.productId} in (${p.id}, ${plain.id})`).orderBy(productStock.productId, productStock.optionKey)
    expect(rows.map((r) => [r.productId, r.optionKey, r.quantity])).toEqual([
      [p.id, 'size=0-3M|color=Red', 3],
      [p.id, 'size=NB|color=Red', 4],
      [plain.id, '', 4],
    ])
  })
})

describe('placing orders', () => {
  test('50 concurrent checkouts from 5 processes of a product with 10 in stock: exactly 10 orders, 40 sold-out answers, stock never below zero', async () => {
    const p = await product({ name: 'Cloud Crib Sheet', stock: 10, priceCents: 2_000 })
    const apps = processes(5)
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const a = apps[i % apps.length]!
        const viewer = { guestToken: a.cart.newGuestToken() }
        await a.cart.add(viewer, { productId: p.id, quantity: 1 })
        return { a, viewer }
      }),
    )
    const results = await Promise.all(
      shoppers.map(({ a, viewer }, i) => outcome(a.orders.placeOrder(viewer, { idempotencyKey: `${key()}-${i}`, email: `g${i}@example.test`, name: 'Guest', shippingAddress: address, card: card() }))),
    )
    const placed = results.filter((r) => 'ok' in r)
    const refused = results.filter((r) => !('ok' in r))
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(40)
    for (const r of refused) expect(r).toEqual({ code: 'conflict', message: orderMessages.soldOut('Cloud Crib Sheet') })
    expect(await app().orders.stockOf(p.id)).toBe(0)
    const [{ orderCount }] = (await database.pool.query(`select count(*)::int as "orderCount" from order_lines where product_id = $1`, [p.id])).rows as [{ orderCount: number }]
    expect(orderCount).toBe(10)
    // The 40 refused checkouts were authorised and then released: nothing held, nothing charged.
    const statuses = (
      await database.pool.query<{ status: string; n: number }>(
        `select p.status, count(*)::int as n from payments p where p.purpose = 'order' and p.amount_cents = $1 group by 1 order by 1`,
        [2_000 + 799 + 145],
      )
    ).rows
    expect(statuses).toEqual([
      { status: 'captured', n: 10 },
      { status: 'voided', n: 40 },
    ])
  })

  test('when one product of the order is sold out nothing is taken: the other stock, the order and the authorisation are rolled back', async () => {
    const a = app()
    const plenty = await product({ stock: 5 })
    const last = await product({ name: 'Moon Lamp', stock: 1, options: { colors: ['Blue'] } })
    await ensureProductStock(database.db, [plenty.id, last.id])
    const first = { guestToken: a.cart.newGuestToken() }
    const late = { guestToken: a.cart.newGuestToken() }
    for (const viewer of [first, late]) {
      await a.cart.add(viewer, { productId: plenty.id, quantity: 2 })
      await a.cart.add(viewer, { productId: last.id, color: 'Blue' })
    }
    // The carts read stock of record (docs/decisions/021-cart.md), so a lamp sold before checkout starts is
    // refused up front. Here the first shopper's order takes the last lamp just after the late shopper's checkout
    // read the cart: the sold-out is only found in the order's transaction.
    let raced = false
    const racingCart: OrdersDeps['cart'] = {
      ...a.cart,
      async view(viewer) {
        const seen = await a.cart.view(viewer)
        if (viewer === late && !raced) {
          raced = true
          await a.orders.placeOrder(first, { idempotencyKey: key(), email: 'f@example.test', name: 'F', shippingAddress: address, card: card() })
        }
        return seen
      },
    }
    const lateOrders = createOrdersService({ db: database.db, cart: racingCart, payments: a.payments, discount: noDiscount })
    const ordersBefore = await count(orders)
    const lateKey = key()
    const r = await outcome(lateOrders.placeOrder(late, { idempotencyKey: lateKey, email: 'l@example.test', name: 'L', shippingAddress: address, card: card() }))
    expect(r).toEqual({ code: 'conflict', message: orderMessages.soldOut('Moon Lamp (Blue)') })
    expect(await a.orders.stockOf(plenty.id)).toBe(3)
    expect(await a.orders.stockOf(last.id, 'color=Blue')).toBe(0)
    expect(await count(orders)).toBe(ordersBefore + 1)
    expect((await database.pool.query(`select count(*)::int as n from payments where purpose = 'order' and status = 'authorized'`)).rows[0]).toEqual({ n: 0 })
    expect((await a.cart.view(late)).lines).toHaveLength(2)
    // Stock comes back, and the same checkout key is sent again: its authorisation was released, so it is not
    // reused for an order that could never be charged; a new checkout (new key) goes through.
    await database.db.update(productStock).set({ quantity: 1 }).where(eq(productStock.productId, last.id))
    const sameKey = await outcome(a.orders.placeOrder(late, { idempotencyKey: lateKey, email: 'l@example.test', name: 'L', shippingAddress: address, card: card() }))
    expect(sameKey).toEqual({ code: 'conflict', message: orderMessages.checkoutCancelled })
    expect((await a.orders.placeOrder(late, { idempotencyKey: key(), email: 'l@example.test', name: 'L', shippingAddress: address, card: card() })).status).toBe('paid')
  })

  test('20 parallel submissions of one cart with one idempotency key make 1 order and 1 charge', async () => {
    const p = await product({ stock: 30, priceCents: 5_000 })
    const apps = processes(4)
    const viewer = { guestToken: apps[0]!.cart.newGuestToken() }
    await apps[0]!.cart.add(viewer, { productId: p.id, quantity: 2 })
    const [paymentsBefore, chargesBefore, ordersBefore] = [await count(payments), await count(testProcessorCharges), await count(orders)]
    const k = key()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => apps[i % 4]!.orders.placeOrder(viewer, { idempotencyKey: k, email: 'twin@example.test', name: 'Twin', shippingAddress: address, card: card() })),
    )
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(await count(orders)).toBe(ordersBefore + 1)
    expect(await count(payments)).toBe(paymentsBefore + 1)
    expect(await count(testProcessorCharges)).toBe(chargesBefore + 1)
    const [order] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, k))
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, order!.paymentId!))
    expect(payment).toMatchObject({ status: 'captured', capturedCents: order!.totalCents })
    expect(await app().orders.stockOf(p.id)).toBe(28)
    expect((await apps[0]!.cart.view(viewer)).lines).toHaveLength(0)

    // A later retry with the same key (the cart is empty now) answers the same order, without charging again.
    const again = await app().orders.placeOrder(viewer, { idempotencyKey: k, email: 'twin@example.test', name: 'Twin', shippingAddress: address, card: card() })
    expect(again.id).toBe(order!.id)
    expect(await count(payments)).toBe(paymentsBefore + 1)
  })

  test('the same idempotency key with a different cart is refused (422) and charges nothing', async () => {
    const a = app()
    const first = await product({ stock: 5 })
    const second = await product({ stock: 5 })
    await ensureProductStock(database.db, [second.id])
    const viewer = { guestToken: a.cart.newGuestToken() }
    const k = key()
    await a.cart.add(viewer, { productId: first.id })
    await a.orders.placeOrder(viewer, { idempotencyKey: k, email: 'a@example.test', name: 'A', shippingAddress: address, card: card() })
    await a.cart.add(viewer, { productId: second.id })
    const paymentsBefore = await count(payments)
    const r = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: k, email: 'a@example.test', name: 'A', shippingAddress: address, card: card() }))
    expect(r).toEqual({ code: 'invalid_input', message: orderMessages.keyReused })
    expect(await count(payments)).toBe(paymentsBefore)
    expect(await a.orders.stockOf(second.id)).toBe(5)
  })

  test("someone else replaying a placed order's key gets neither the order nor its address (422), and the buyer still does", async () => {
    const a = app()
    const p = await product({ stock: 5 })
    const buyer = { guestToken: a.cart.newGuestToken() }
    const k = key()
    await a.cart.add(buyer, { productId: p.id })
    const placed = await a.orders.placeOrder(buyer, { idempotencyKey: k, email: 'buyer@example.test', name: 'B', shippingAddress: address, card: card() })
    const [other] = await database.db.insert(users).values({ email: `other-${k}@example.test`, passwordHash: 'x', firstName: 'O', lastName: 'X' }).returning()
    // Another guest (empty cart) with the same email, a guest with another email, a signed-in user with the same email.
    const stranger = { guestToken: a.cart.newGuestToken() }
    for (const [viewer, email] of [
      [stranger, 'someone@example.test'],
      [{ userId: other!.id }, 'buyer@example.test'],
    ] as const) {
      const r = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: k, email, name: 'X', shippingAddress: address, card: card() }))
      expect(r).toEqual({ code: 'invalid_input', message: orderMessages.keyReused })
    }
    const again = await a.orders.placeOrder(buyer, { idempotencyKey: k, email: 'buyer@example.test', name: 'B', shippingAddress: address, card: card() })
    expect(again.id).toBe(placed.id)
    // A malformed id is simply not found (never a database cast error).
    expect(await outcome(a.orders.forBuyer('-'.repeat(36), other!.id))).toEqual({ code: 'not_found', message: orderMessages.notFound })
  })

  test.each([
    ['4000 0000 0000 0002', 'Your card was declined. Try another card or contact your bank.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds. Try another card.'],
  ])('a declined card (%s) places no order, takes no stock and charges nothing; the cart is kept', async (number, message) => {
    const a = app()
    const p = await product({ stock: 3 })
    await ensureProductStock(database.db, [p.id])
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: p.id })
    const ordersBefore = await count(orders)
    const r = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'd@example.test', name: 'D', shippingAddress: address, card: card(number) }))
    expect(r).toEqual({ code: 'invalid_input', message })
    expect(await count(orders)).toBe(ordersBefore)
    expect(await a.orders.stockOf(p.id)).toBe(3)
    const byCard = (await database.pool.query<{ status: string }>(`select status from payments where purpose = 'order' and card_last4 = $1`, [number.slice(-4)])).rows
    expect(byCard.length).toBeGreaterThan(0)
    expect(byCard.every((r) => r.status === 'declined')).toBe(true)
    expect((await a.cart.view(viewer)).lines).toHaveLength(1)
    // Another card with the same checkout key then succeeds.
    const ok = await a.orders.placeOrder(viewer, { idempotencyKey: `${key()}-retry`, email: 'd@example.test', name: 'D', shippingAddress: address, card: card() })
    expect(ok.status).toBe('paid')
  })

  test('totals add up to the cent across lines, the registry discount, shipping and tax', async () => {
    const eligible = { isEligible: true, eligibleForMultiuseDiscount: false } as RegistryDiscount
    const a = app(database.db, { currentFor: async () => ({ discount: eligible }) })
    const [u] = await database.db.insert(users).values({ email: `owner${++n}@example.test`, firstName: 'O', lastName: 'W', passwordHash: 'x' }).returning()
    const cheap = await product({ priceCents: 333, stock: 10 })
    const odd = await product({ priceCents: 1_999, stock: 10 })
    const viewer = { userId: u!.id }
    await a.cart.add(viewer, { productId: cheap.id, quantity: 3 })
    await a.cart.add(viewer, { productId: odd.id, quantity: 1 })
    const o = await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: u!.email, name: 'Owner', shippingAddress: address, card: card() })
    // 3 × 3.33 + 19.99 = 29.98; 15% = 4.497 → 4.50; shipping 7.99 (under $45); tax CA 7.25% of 25.48 = 1.8473 → 1.85.
    expect(o).toMatchObject({ subtotalCents: 2_998, discountCents: 450, shippingCents: 799, taxCents: 185, totalCents: 2_998 - 450 + 799 + 185, status: 'paid' })
    expect(o.lines.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(o.subtotalCents)
    expect(o.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(o.discountCents)
    const [payment] = await database.db.select().from(payments).where(sql`${payments.id} = (select payment_id from orders where id = ${o.id})`)
    expect(payment!.capturedCents).toBe(o.totalCents)
    expect(o.shipsTo).toEqual({ kind: 'buyer', address: { ...address, phone: '' } })
    expect(o.shipments.map((s) => s.warehouseId).sort()).toEqual([...new Set([cheap.id, odd.id].map((id) => [46, 47, 59, 185][id % 4]))].sort())
    expect(await a.orders.forBuyer(o.id, u!.id)).toEqual(o)
    expect((await outcome(a.orders.forBuyer(o.id, u!.id + 1000))) as unknown).toEqual({ code: 'not_found', message: orderMessages.notFound })
  })

  test("a guest's registry gift ships to the family, marks the gift purchased and never shows their street", async () => {
    const a = app()
    const registry = createRegistryService({ db: database.db })
    const [owner] = await database.db.insert(users).values({ email: `family${++n}@example.test`, firstName: 'F', lastName: 'M', passwordHash: 'x' }).returning()
    const p = await product({ stock: 4, priceCents: 6_000 })
    const r = await registry.create(owner!.id, { registryType: 'baby', title: 'Baby Rivers', familyName: 'The Rivers', slug: `rivers-${n}`, isArrivalDateKnown: false })
    await registry.setShippingAddress(r.id, owner!.id, { name: 'Robin Rivers', line1: '77 Hidden Hollow', line2: 'Apt 9', city: 'Boise', state: 'ID', zip: '83702' })
    const item = await registry.addItem(r.id, owner!.id, { productId: p.id, quantity: 2 })
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: p.id, regItemId: item.id, quantity: 1 })
    const o = await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'giver@example.test', name: 'Gale Giver', card: card() })
    expect(o.shipsTo).toEqual({ kind: 'registry', registryId: r.id, familyName: 'The Rivers', city: 'Boise', state: 'ID' })
    const shown = JSON.stringify(o)
    for (const secret of ['Hidden Hollow', 'Apt 9', '83702', 'Robin Rivers']) expect(shown).not.toContain(secret)
    expect(o.taxCents).toBe(300) // ID pays the default 5%
    // No arrival date: the gift waits in the family's consolidated box (docs/decisions/024).
    expect(o.shipments).toEqual([{ warehouseId: 164, status: 'held', lineCount: 1 }])
    const [gift] = await database.db.select().from(reservations).where(eq(reservations.regItemId, item.id))
    expect(gift).toMatchObject({ status: 'purchased', source: 'nestlist_order', giverName: 'Gale Giver', quantity: 1 })
    const [updated] = await database.db.select().from(regItems).where(eq(regItems.id, item.id))
    expect(updated!.quantityPurchased).toBe(1)
  })

  test('bad input is refused with clear messages and nothing is charged', async () => {
    const a = app()
    const viewer = { guestToken: a.cart.newGuestToken() }
    expect(await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'e@example.test', name: 'E', shippingAddress: address, card: card() }))).toEqual({
      code: 'invalid_input',
      message: orderMessages.emptyCart,
    })
    const p = await product()
    await a.cart.add(viewer, { productId: p.id })
    const noAddress = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'e@example.test', name: 'E', card: card() }))
    expect(noAddress).toEqual({ code: 'invalid_input', message: orderMessages.address })
    const badEmail = await outcome(a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'nope', name: 'E', shippingAddress: address, card: card() }))
    expect(badEmail).toMatchObject({ code: 'invalid_input' })
    expect((await a.cart.view(viewer)).lines).toHaveLength(1)
  })
})

describe('reconcile after a crash', () => {
  test('an order whose capture never happened is charged, and an order authorisation with no order is released', async () => {
    const db = database.db
    const real = createPaymentsService({ db, processor: createTestProcessor({ db }) })
    // The process "dies" between commit and capture: capture never reaches the processor.
    const crashing = { ...real, capture: async () => Promise.reject(new Error('process killed')) }
    const a = app(db, noDiscount, crashing)
    const p = await product({ stock: 2 })
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: p.id })
    const o = await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'c@example.test', name: 'C', shippingAddress: address, card: card() })
    expect(o.status).toBe('placed')
    const orphan = await real.authorize({ idempotencyKey: `order:orphan-${key()}`, amountCents: 1_234, purpose: 'order', card: card() })

    const result = await app().orders.reconcile(0)
    expect(result.captured).toBeGreaterThanOrEqual(1)
    expect(result.voided).toBeGreaterThanOrEqual(1)
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.status).toBe('paid')
    expect((await real.get(row!.paymentId!)).status).toBe('captured')
    expect((await real.get(orphan.id)).status).toBe('voided')
  })

  test("no index on orders names the status (the placed -> paid update is a HOT one); reconcile finds a placed order through its payment, and only once it is old enough", async () => {
    const db = database.db
    const indexes = await db.execute<{ def: string }>(sql`select indexdef as def from pg_indexes where schemaname = current_schema() and tablename = 'orders'`)
    expect(indexes.rows.length).toBeGreaterThan(0)
    for (const { def } of indexes.rows) expect(def).not.toMatch(/status/)
    const options = await db.execute<{ opts: string[] | null }>(sql`select reloptions as opts from pg_class where oid = 'orders'::regclass`)
    expect(options.rows[0]!.opts).toEqual(expect.arrayContaining([expect.stringMatching(/^fillfactor=\d+$/)]))

    const real = createPaymentsService({ db, processor: createTestProcessor({ db }) })
    const crashing = { ...real, capture: async () => Promise.reject(new Error('process killed')) }
    const a = app(db, noDiscount, crashing)
    const p = await product({ stock: 2 })
    const viewer = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(viewer, { productId: p.id })
    const o = await a.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'r@example.test', name: 'R', shippingAddress: address, card: card() })
    expect(o.status).toBe('placed')
    // Within the grace period (another server may be charging it right now): left alone.
    await app().orders.reconcile(60_000)
    expect((await db.select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe('placed')
    await app().orders.reconcile(0)
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id))
    expect(row!.status).toBe('paid')
    expect((await real.get(row!.paymentId!)).status).toBe('captured')
  })
})
