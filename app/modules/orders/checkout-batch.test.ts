// The group-commit path of placeOrder (docs/decisions/025): checkouts of one process written together.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createCartService } from '../cart/cart.service.server'
import type { CardProcessor } from '../payments/card-processor'
import { createPaymentsService } from '../payments/payments.service.server'
import { createTestProcessor } from '../payments/test-processor.server'
import { type BatchTimings, createOrdersService } from './orders.service.server'
import { orderMessages } from './orders.validation'
import { ensureProductStock } from './stock.seed.server'

let database: TestDatabase
const factories = catalogFactories(() => database.db, 95_000)
let category: number
let brand: number
let n = 0
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }
const key = () => `batch-${++n}-${Date.now()}`

function app(options: { processor?: CardProcessor; groupCommit?: boolean; maxBatchSize?: number; observeBatch?: (t: BatchTimings) => void } = {}) {
  const db = database.db
  const cart = createCartService({ db })
  const payments = createPaymentsService({ db, processor: options.processor ?? createTestProcessor({ db }), timeoutMs: 500 })
  return { cart, payments, orders: createOrdersService({ db, cart, payments, discount: { currentFor: async () => null }, groupCommit: options.groupCommit, maxBatchSize: options.maxBatchSize, observeBatch: options.observeBatch }) }
}
const product = async (stock: number, priceCents = 2_000) => {
  const p = await factories.createProduct({ categoryId: category, brandId: brand, stock, priceCents })
  await ensureProductStock(database.db, [p.id])
  return p
}
const q = async (text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows

beforeAll(async () => {
  database = await createTestDatabase()
  category = (await factories.createCategory({ urlSlug: 'batch-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

describe('group commit', () => {
  test('batches start staggered: each one only after the batch before it has begun its payments and heard from the processor', async () => {
    const batches: BatchTimings[] = []
    const a = app({ observeBatch: (t) => batches.push(t) })
    const p = await product(100, 1_700) // a price of its own: other tests find their payments by amount
    const viewers = Array.from({ length: 10 }, () => ({ guestToken: a.cart.newGuestToken() }))
    for (const v of viewers) await a.cart.add(v, { productId: p.id, quantity: 1 })
    // Checkouts arriving a few ms apart, while earlier batches are still being written (up to 3 at once).
    const placed = await Promise.all(
      viewers.map(async (v, i) => {
        await new Promise((r) => setTimeout(r, i * 5))
        return a.orders.placeOrder(v, { idempotencyKey: key(), email: 'b@example.test', name: 'B', shippingAddress: address, card })
      }),
    )
    expect(placed.map((o) => o.status)).toEqual(Array(10).fill('paid'))
    expect(batches.reduce((n, b) => n + b.size, 0)).toBe(10)
    expect(batches.length).toBeGreaterThan(1)
    const byStart = [...batches].sort((x, y) => x.startedAt - y.startedAt)
    for (let i = 1; i < byStart.length; i++) expect(byStart[i]!.startedAt).toBeGreaterThanOrEqual(byStart[i - 1]!.startedAt + byStart[i - 1]!.authorizeMs)
    expect(await a.orders.stockOf(p.id)).toBe(90)
  })

  test('a pile-up of checkouts is split into batches of at most maxBatchSize, all placed and paid', async () => {
    const batches: BatchTimings[] = []
    const a = app({ maxBatchSize: 3, observeBatch: (t) => batches.push(t) })
    const p = await product(100, 1_900) // a price of its own: other tests find their payments by amount
    const viewers = Array.from({ length: 12 }, () => ({ guestToken: a.cart.newGuestToken() }))
    for (const v of viewers) await a.cart.add(v, { productId: p.id, quantity: 1 })
    // All at once: without the cap the first batch would take every checkout that arrived during its first phase.
    const placed = await Promise.all(viewers.map((v) => a.orders.placeOrder(v, { idempotencyKey: key(), email: 'c@example.test', name: 'C', shippingAddress: address, card })))
    expect(placed.map((o) => o.status)).toEqual(Array(12).fill('paid'))
    expect(batches.reduce((n, b) => n + b.size, 0)).toBe(12)
    expect(Math.max(...batches.map((b) => b.size))).toBeLessThanOrEqual(3)
    expect(batches.length).toBeGreaterThanOrEqual(4)
    expect(await a.orders.stockOf(p.id)).toBe(88)
  })

  test('checkouts written together get the stock in arrival order; the ones that do not fit are told it sold out, charged nothing and keep their carts', async () => {
    const a = app()
    const p = await product(5)
    const viewers = Array.from({ length: 5 }, () => ({ guestToken: a.cart.newGuestToken() }))
    for (const v of viewers) await a.cart.add(v, { productId: p.id, quantity: 2 })
    const results = await Promise.allSettled(viewers.map((v) => a.orders.placeOrder(v, { idempotencyKey: key(), email: 'b@example.test', name: 'B', shippingAddress: address, card })))
    const placed = results.filter((r) => r.status === 'fulfilled')
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    expect(placed).toHaveLength(2)
    for (const r of placed) expect(r.value).toMatchObject({ status: 'paid', totalCents: 4_000 + 799 + 230, lines: [{ productId: p.id, quantity: 2 }] })
    expect(refused.map((e) => (isDomainError(e) ? [e.code, e.message] : e))).toEqual(Array(3).fill(['conflict', orderMessages.soldOut(`Product ${p.id}`)]))
    expect(await a.orders.stockOf(p.id)).toBe(1)
    expect(await q(`select count(*)::int as n from order_lines where product_id = $1`, [p.id])).toEqual([{ n: 2 }])
    // 2 charges captured; every other authorisation was released. A checkout that priced its cart after the first
    // batch committed is refused before it asks for money (the stock it wants is already gone), so on a busy
    // machine fewer than 3 are authorised at all: none is ever left authorised, and each release is recorded.
    const statuses = await q(`select status, count(*)::int as n from payments where amount_cents = 5029 group by 1 order by 1`)
    const voided = statuses.find((r) => r.status === 'voided')?.n ?? 0
    expect(statuses).toEqual([{ status: 'captured', n: 2 }, ...(voided > 0 ? [{ status: 'voided', n: voided }] : [])])
    expect(voided).toBeLessThanOrEqual(3)
    expect(await q(`select kind, count(*)::int as n from payment_attempts a join payments p on p.id = a.payment_id where p.amount_cents = 5029 group by 1 order by 1`)).toEqual([
      { kind: 'authorize', n: 2 + voided },
      { kind: 'capture', n: 2 },
      ...(voided > 0 ? [{ kind: 'void', n: voided }] : []),
    ])
    const cartSizes = await Promise.all(viewers.map(async (v) => (await a.cart.view(v)).lines.length))
    expect(cartSizes.sort()).toEqual([0, 0, 1, 1, 1])
  })

  test('a batch that fits takes the stock and empties only its own carts in one statement; a retry is answered from its order, nothing authorised again', async () => {
    const a = app()
    const [p1, p2] = [await product(10, 1_500), await product(10, 2_500)]
    const viewers = Array.from({ length: 4 }, () => ({ guestToken: a.cart.newGuestToken() }))
    for (const v of viewers) {
      await a.cart.add(v, { productId: p1.id, quantity: 1 })
      await a.cart.add(v, { productId: p2.id, quantity: 2 })
    }
    const bystander = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(bystander, { productId: p1.id })
    const keys = viewers.map(() => key())
    const input = (i: number) => ({ idempotencyKey: keys[i], email: `fit${i}@example.test`, name: 'Fit', shippingAddress: address, card })
    const placed = await Promise.all(viewers.map((v, i) => a.orders.place(v, input(i))))
    for (const r of placed) expect(r).toMatchObject({ created: true, order: { status: 'paid', subtotalCents: 6_500, lines: [{ productId: p1.id, quantity: 1 }, { productId: p2.id, quantity: 2 }] } })
    expect([await a.orders.stockOf(p1.id), await a.orders.stockOf(p2.id)]).toEqual([6, 2])
    expect(await Promise.all(viewers.map(async (v) => (await a.cart.view(v)).lines.length))).toEqual([0, 0, 0, 0])
    expect((await a.cart.view(bystander)).lines).toHaveLength(1)
    const payments = async () => (await q(`select count(*)::int as n from payments where amount_cents = $1`, [placed[0]!.order.totalCents]))[0]
    const before = await payments()
    // The same checkout again (the answer was lost): the same order, 200 not 201, no new payment or charge.
    const again = await a.orders.place(viewers[0]!, input(0))
    expect(again).toEqual({ order: placed[0]!.order, created: false })
    expect(await payments()).toEqual(before)
    expect(await q(`select count(*)::int as n from orders where idempotency_key = any($1)`, [keys])).toEqual([{ n: 4 }])
  })

  test('a batch that fits: a signed-in cart and a guest cart emptied, a quick buy leaves its cart alone, the stock taken once per row', async () => {
    const a = app()
    const [p1, p2] = [await product(20, 1_100), await product(20, 2_100)]
    const [u] = await database.db.insert(users).values({ email: `set${++n}@example.test`, firstName: 'S', lastName: 'B', passwordHash: 'x' }).returning()
    const member = { userId: u!.id }
    const guest = { guestToken: a.cart.newGuestToken() }
    const quick = { guestToken: a.cart.newGuestToken() }
    await a.cart.add(member, { productId: p1.id, quantity: 2 })
    await a.cart.add(member, { productId: p2.id, quantity: 1 })
    await a.cart.add(guest, { productId: p2.id, quantity: 3 })
    await a.cart.add(quick, { productId: p1.id, quantity: 1 })
    const input = (i: number) => ({ idempotencyKey: key(), email: `set${i}@example.test`, name: 'Set', shippingAddress: address, card })
    const sizes: number[] = []
    const b = app({ observeBatch: (t) => sizes.push(t.size) })
    const placed = await Promise.all([
      b.orders.place(member, input(0)),
      b.orders.place(guest, input(1)),
      b.orders.place(quick, { ...input(2), scope: { buyNow: { productId: p2.id, quantity: 2 } } }),
    ])
    expect(sizes.reduce((x, y) => x + y, 0)).toBe(3)
    for (const r of placed) expect(r).toMatchObject({ created: true, order: { status: 'paid' } })
    expect(placed.map((r) => r.order.lines.map((l) => [l.productId, l.quantity]))).toEqual([[[p1.id, 2], [p2.id, 1]], [[p2.id, 3]], [[p2.id, 2]]])
    expect([await a.orders.stockOf(p1.id), await a.orders.stockOf(p2.id)]).toEqual([18, 14])
    expect(await Promise.all([member, guest, quick].map(async (v) => (await a.cart.view(v)).lines.map((l) => [l.productId, l.quantity])))).toEqual([[], [], [[p1.id, 1]]])
  })

  test('in one batch: a product whose stock rows are not set up yet goes one by one (rows made from products.stock), a scoped checkout empties only its own lines, a whole-cart one its cart', async () => {
    const a = app()
    const ready = await product(10, 1_200)
    // Made without ensureProductStock: no product_stock rows until a checkout meets it.
    const fresh = await factories.createProduct({ categoryId: category, brandId: brand, stock: 4, priceCents: 1_300 })
    const whole = { guestToken: a.cart.newGuestToken() }
    const scoped = { guestToken: a.cart.newGuestToken() }
    const late = { guestToken: a.cart.newGuestToken() }
    for (const v of [whole, scoped]) await a.cart.add(v, { productId: ready.id, quantity: 2 })
    await a.cart.add(late, { productId: fresh.id, quantity: 3 })
    const input = (i: number) => ({ idempotencyKey: key(), email: `mix${i}@example.test`, name: 'Mix', shippingAddress: address, card })
    const [w, s, l] = await Promise.all([
      a.orders.place(whole, input(0)),
      a.orders.place(scoped, { ...input(1), scope: 'store' as const }),
      a.orders.place(late, input(2)),
    ])
    for (const r of [w, s, l]) expect(r).toMatchObject({ created: true, order: { status: 'paid' } })
    expect(l.order.lines).toMatchObject([{ productId: fresh.id, quantity: 3 }])
    expect([await a.orders.stockOf(ready.id), await a.orders.stockOf(fresh.id)]).toEqual([6, 1])
    expect(await Promise.all([whole, scoped, late].map(async (v) => (await a.cart.view(v)).lines.length))).toEqual([0, 0, 0])
    // Each order has its lines in boxes, once.
    for (const r of [w, s, l]) {
      expect(await q(`select count(*)::int as lines, count(s.id)::int as boxed from order_lines ol left join shipments s on s.id = ol.shipment_id where ol.order_id = $1`, [r.order.id])).toEqual([{ lines: 1, boxed: 1 }])
    }
    expect(await q(`select count(*)::int as n from payments where status = 'captured' and amount_cents = any($1)`, [[w.order.totalCents, s.order.totalCents, l.order.totalCents]])).toEqual([{ n: 3 }])
  })

  test('the same cart placed with and without group commit gives the same order', async () => {
    const p = await product(10, 1_999)
    const views = []
    for (const groupCommit of [true, false]) {
      const a = app({ groupCommit })
      const v = { guestToken: a.cart.newGuestToken() }
      await a.cart.add(v, { productId: p.id, quantity: 3 })
      const { id, createdAt, ...rest } = await a.orders.placeOrder(v, { idempotencyKey: key(), email: 'same@example.test', name: 'Same', shippingAddress: address, card })
      expect(await a.orders.forBuyer(id, 1).catch(() => 'guest orders are not listed')).toBe('guest orders are not listed')
      expect(createdAt).toMatch(/^\d{4}-/)
      views.push(rest)
    }
    expect(views[0]).toEqual(views[1])
    expect(views[0]).toMatchObject({ status: 'paid', subtotalCents: 5_997, shippingCents: 0 })
  })

  test('a checkout whose payment never reached the processor (settled "interrupted" by reconcile) goes through when retried with the same key', async () => {
    const db = database.db
    const real = createTestProcessor({ db })
    // The processor cannot be reached: the payment stays pending and the shopper is asked to try again.
    const unreachable: CardProcessor = { ...real, authorize: () => Promise.reject(new Error('connection reset')) }
    const down = app({ processor: unreachable })
    const p = await product(3)
    const viewer = { guestToken: down.cart.newGuestToken() }
    await down.cart.add(viewer, { productId: p.id })
    const k = key()
    const input = { idempotencyKey: k, email: 'retry@example.test', name: 'Retry', shippingAddress: address, card }
    const first = await down.orders.placeOrder(viewer, input).catch((e: unknown) => e)
    expect(isDomainError(first) && [first.code, first.message]).toEqual(['conflict', orderMessages.paymentUnconfirmed])
    expect(await q(`select status from payments where amount_cents = 2914`)).toEqual([{ status: 'pending' }])

    const up = app()
    await up.orders.reconcile(0)
    expect(await q(`select status, decline_code from payments where amount_cents = 2914`)).toEqual([{ status: 'declined', decline_code: 'interrupted' }])
    const order = await up.orders.placeOrder(viewer, input)
    expect(order).toMatchObject({ status: 'paid', totalCents: 2_914 })
    expect(await q(`select status from payments where amount_cents = 2914 order by created_at`)).toEqual([{ status: 'declined' }, { status: 'captured' }])
    expect((await db.execute(sql`select count(*)::int as n from orders where idempotency_key = ${k}`)).rows).toEqual([{ n: 1 }])
  })

  test('order_lines\' order, product and box are not foreign keys (decision 025, h18): no line of any checkout (sold-out orders dropped included) names a missing order, box or product; deletes do what the keys\' ON DELETE did, also when a checkout held the stock row', async () => {
    const a = app()
    const [p1, p2] = [await product(50, 1_150), await product(50, 1_160)]
    const viewers = Array.from({ length: 12 }, () => ({ guestToken: a.cart.newGuestToken() }))
    for (const v of viewers) {
      await a.cart.add(v, { productId: p1.id, quantity: 1 })
      await a.cart.add(v, { productId: p2.id, quantity: 2 })
    }
    const placed = await Promise.all(viewers.map((v, i) => a.orders.placeOrder(v, { idempotencyKey: key(), email: `fk${i}@example.test`, name: 'Fk', shippingAddress: address, card })))
    expect(placed.map((o) => o.status)).toEqual(Array(12).fill('paid'))
    const ids = placed.map((o) => o.id)
    expect(await q(`select count(*)::int as lines, count(p.id)::int as with_product from order_lines l left join products p on p.id = l.product_id where l.order_id = any($1::uuid[])`, [ids])).toEqual([
      { lines: 24, with_product: 24 },
    ])
    // Every line written by this file's tests (the sold-out orders a batch dropped, the one-by-one path, the retries).
    const orphans = `select count(*) filter (where o.id is null)::int as no_order, count(*) filter (where l.shipment_id is not null and s.id is null)::int as no_box,
        count(*) filter (where l.product_id is not null and p.id is null)::int as no_product, count(*)::int as lines
      from order_lines l left join orders o on o.id = l.order_id left join shipments s on s.id = l.shipment_id left join products p on p.id = l.product_id`
    const [before] = await q(orphans)
    expect(before).toMatchObject({ no_order: 0, no_box: 0, no_product: 0 })
    expect(before!.lines).toBeGreaterThan(24)
    // No foreign keys any more (those of the lines' dependants stay); the triggers do what their ON DELETE did.
    expect(await q(`select confrelid::regclass::text as parent from pg_constraint where conrelid = 'order_lines'::regclass and contype = 'f' order by 1`)).toEqual([
      { parent: 'reg_items' },
      { parent: 'registries' },
      { parent: 'reservations' },
    ])
    await q(`delete from products where id = $1`, [p1.id])
    expect(await q(`select count(*)::int as n, count(product_id)::int as with_product, min(title) = max(title) and min(title) <> '' as titled from order_lines where order_id = any($1::uuid[]) and unit_price_cents = 1150`, [ids])).toEqual([
      { n: 12, with_product: 0, titled: true },
    ])
    expect(await q(`select count(*)::int as n from order_lines where order_id = any($1::uuid[]) and product_id = $2`, [ids, p2.id])).toEqual([{ n: 12 }])

    // A product deleted while a checkout's transaction holds its stock row (as checkout_batch() and the one-by-one
    // path do when they write lines) waits for that commit, then takes the product off the line just written.
    const client = await database.pool.connect()
    try {
      await client.query('begin')
      await client.query(`select quantity from product_stock where product_id = $1 for update`, [p2.id])
      await client.query(
        `insert into order_lines (order_id, product_id, title, quantity, unit_price_cents, line_total_cents, warehouse_id) values ($1, $2, 'Late line', 1, 1160, 1160, 46)`,
        [ids[0], p2.id],
      )
      let deleted = false
      const deleting = database.pool.query(`delete from products where id = $1`, [p2.id]).then(() => (deleted = true))
      await new Promise((r) => setTimeout(r, 200))
      expect(deleted).toBe(false)
      await client.query('commit')
      await deleting
    } finally {
      client.release()
    }
    expect(await q(`select count(*)::int as n, count(product_id)::int as with_product from order_lines where order_id = any($1::uuid[]) and unit_price_cents = 1160`, [ids])).toEqual([
      { n: 13, with_product: 0 },
    ])
    expect(await q(`select count(*)::int as n from orders where id = any($1::uuid[])`, [ids])).toEqual([{ n: 12 }])

    // Deleting a box takes it off its lines (was ON DELETE SET NULL); deleting orders deletes their lines and boxes (CASCADE).
    expect(await q(`select count(*)::int as n, count(shipment_id)::int as boxed from order_lines where order_id = $1`, [ids[1]])).toEqual([{ n: 2, boxed: 2 }])
    await q(`delete from shipments where order_id = $1`, [ids[1]])
    expect(await q(`select count(*)::int as n, count(shipment_id)::int as boxed from order_lines where order_id = $1`, [ids[1]])).toEqual([{ n: 2, boxed: 0 }])
    await q(`delete from orders where id = any($1::uuid[])`, [ids.slice(0, 6)])
    expect(await q(`select count(*)::int as n from order_lines where order_id = any($1::uuid[])`, [ids])).toEqual([{ n: 12 }])
    expect(await q(`select count(*)::int as n from shipments where order_id = any($1::uuid[])`, [ids.slice(0, 6)])).toEqual([{ n: 0 }])
    expect(await q(orphans)).toMatchObject([{ no_order: 0, no_box: 0, no_product: 0 }])
  })
})
