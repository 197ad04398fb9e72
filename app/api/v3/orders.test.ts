import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureProductStock } from '~/modules/orders/stock.seed.server'
import { orderMessages } from '~/modules/orders/orders.validation'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let app: ReturnType<typeof createApp>
let n = 0
const factories = catalogFactories(() => database.db, 70_000)
let category: number
let brand: number
const nextYear = new Date().getUTCFullYear() + 1
const card = (number = '4242 4242 4242 4242') => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' })
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }
const key = () => `api-checkout-${++n}-${Date.now()}`

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  category = (await factories.createCategory({ urlSlug: 'orders-api-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

const json = (body: unknown, headers: Record<string, string> = {}) => ({ headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
const product = async (overrides: Partial<Parameters<typeof factories.createProduct>[0]> = {}) => {
  const p = await factories.createProduct({ categoryId: category, brandId: brand, stock: 50, ...overrides })
  await ensureProductStock(database.db, [p.id])
  return p
}
const count = async (sql: string, params: unknown[] = []) => (await database.pool.query<{ n: number }>(sql, params)).rows[0]!.n

/** A guest with a cart holding `quantity` of the product; returns the cart cookie. */
async function guestWith(productId: number, quantity = 1): Promise<string> {
  const res = await app.request('/api/v3/cart_items', { method: 'POST', ...json({ productId, quantity }) })
  expect(res.status).toBe(201)
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!
  expect(cookie).toMatch(/^nestlist_cart=/)
  return cookie
}

async function add(cookie: string, productId: number, quantity = 1) {
  const res = await app.request('/api/v3/cart_items', { method: 'POST', ...json({ productId, quantity }, { Cookie: cookie }) })
  expect(res.status).toBe(201)
}

/** The JSON API as tests/support/accounts.ts's signUpThroughApi calls it. */
const callText = async (method: string, path: string, { body }: { body?: unknown }) => {
  const res = await app.request(path, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

async function signUp() {
  const account = { firstName: 'Ada', lastName: 'Byron', email: `buyer${++n}@example.test`, password: 'counting engine 1843' }
  const { cookie } = await signUpThroughApi(callText, database.db, account)
  return { email: account.email, cookie }
}

/** What a client shows before placing: POST /api/v3/orders/quote for the cart, the state and the tenders. */
async function quoteOf(cookie: string, body: Record<string, unknown> = {}) {
  const res = await app.request('/api/v3/orders/quote', {
    method: 'POST',
    ...json({ state: (body.shippingAddress as { state?: string } | undefined)?.state ?? address.state, scope: body.scope, giftCardCode: body.giftCardCode, applyCredit: body.applyCredit }, { Cookie: cookie }),
  })
  return { status: res.status, body: (await res.json()) as { totalCents: number; cardDueCents: number; tenders: { kind: string; amountCents: number }[] } }
}

/** Places the cart with the amounts its quote showed (an empty cart, e.g. a retry after success: total 0). */
const place = async (cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const quote = 'expected' in body ? null : await quoteOf(cookie, body)
  const expected = quote ? { totalCents: quote.status === 200 ? quote.body.totalCents : 0 } : body.expected
  return app.request('/api/v3/orders', { method: 'POST', ...json({ email: 'sam@example.test', name: 'Sam Buyer', shippingAddress: address, card: card(), ...body, expected }, { Cookie: cookie, ...headers }) })
}

type Body = { id: string; status: string; totalCents: number; error?: { code: string; message: string; fields?: Record<string, string[]> } }

describe('POST /api/v3/orders', () => {
  test('places the guest cart (201), a replay with the same key answers 200 with the same order and charges nothing more; the key with another cart is 422', async () => {
    const p = await product({ priceCents: 5_000 })
    const cookie = await guestWith(p.id, 1)
    const k = key()
    const first = await place(cookie, {}, { 'Idempotency-Key': k })
    expect(first.status).toBe(201)
    expect(first.headers.get('cache-control')).toBe('no-store')
    const order = (await first.json()) as Body
    // 50.00, free shipping, OH 5.75% tax = 2.88
    expect(order).toMatchObject({ status: 'paid', totalCents: 5_288, shipsTo: { kind: 'buyer' } })
    const charges = await count(`select count(*)::int as n from test_processor_charges`)

    const replay = await place(cookie, { idempotencyKey: k })
    expect(replay.status).toBe(200)
    expect(((await replay.json()) as Body).id).toBe(order.id)
    expect(await count(`select count(*)::int as n from test_processor_charges`)).toBe(charges)
    expect(await count(`select count(*)::int as n from orders where idempotency_key = $1`, [k])).toBe(1)

    await add(cookie, p.id, 2)
    const reused = await place(cookie, {}, { 'Idempotency-Key': k })
    expect(reused.status).toBe(422)
    expect(((await reused.json()) as Body).error).toMatchObject({ code: 'invalid_input', message: orderMessages.keyReused, fields: { idempotencyKey: [orderMessages.keyReused] } })
    expect(await count(`select count(*)::int as n from test_processor_charges`)).toBe(charges)
  })

  test('bad input, an empty cart, a declined card and two different keys answer 422 with field messages, never 500', async () => {
    const p = await product()
    const cookie = await guestWith(p.id)
    const noKey = await place(cookie, {})
    expect(noKey.status).toBe(422)
    expect(((await noKey.json()) as Body).error!.fields).toHaveProperty('idempotencyKey')

    const bad = await place(cookie, { idempotencyKey: key(), email: 'nope', name: '', shippingAddress: undefined })
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as Body).error!.fields!)).toEqual(expect.arrayContaining(['email', 'name']))

    const mismatch = await place(cookie, { idempotencyKey: key() }, { 'Idempotency-Key': key() })
    expect(mismatch.status).toBe(422)

    const declined = await place(cookie, { idempotencyKey: key(), card: card('4000 0000 0000 0002') })
    expect(declined.status).toBe(422)
    expect(((await declined.json()) as Body).error).toMatchObject({ fields: { card: ['Your card was declined. Try another card or contact your bank.'] } })

    const notJson = await app.request('/api/v3/orders', { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: '{"email":' })
    expect([400, 422]).toContain(notJson.status)

    const empty = await place('nestlist_cart=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { idempotencyKey: key() })
    expect(empty.status).toBe(422)
    expect(((await empty.json()) as Body).error!.message).toBe(orderMessages.emptyCart)
    // Nothing was ordered from that cart.
    expect(await count(`select count(*)::int as n from order_lines where product_id = $1`, [p.id])).toBe(0)
  })

  test('a cross-site submission with the shopper\'s cookies is refused (403) and places nothing', async () => {
    const p = await product()
    const cookie = await guestWith(p.id)
    const k = key()
    const res = await place(cookie, { idempotencyKey: k }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(await count(`select count(*)::int as n from orders where idempotency_key = $1`, [k])).toBe(0)
    expect(await count(`select count(*)::int as n from order_lines where product_id = $1`, [p.id])).toBe(0)
  })

  test('20 parallel submissions of one cart with one key over HTTP: 1 order, 1 payment, 1 processor charge (one 201, the rest 200)', async () => {
    const p = await product({ stock: 30, priceCents: 4_000 })
    const cookie = await guestWith(p.id, 2)
    const k = key()
    const [payments0, charges0] = [await count(`select count(*)::int as n from payments`), await count(`select count(*)::int as n from test_processor_charges`)]
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(cookie, {}, { 'Idempotency-Key': k })))
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Body[]
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201])
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1)
    expect(await count(`select count(*)::int as n from orders where idempotency_key = $1`, [k])).toBe(1)
    expect(await count(`select count(*)::int as n from payments`)).toBe(payments0 + 1)
    expect(await count(`select count(*)::int as n from test_processor_charges`)).toBe(charges0 + 1)
    expect(await count(`select count(*)::int as n from payments where status = 'captured' and id = (select payment_id from orders where idempotency_key = $1)`, [k])).toBe(1)
    expect(await count(`select quantity as n from product_stock where product_id = $1`, [p.id])).toBe(28)
  })

  test('50 concurrent checkouts of a product with 10 in stock: 10 orders (201) and 40 sold-out answers (409 with the message); stock ends at 0', async () => {
    const p = await product({ name: 'Starlight Mobile', stock: 10, priceCents: 3_000 })
    const cookies = await Promise.all(Array.from({ length: 50 }, () => guestWith(p.id)))
    const answers = await Promise.all(cookies.map((cookie, i) => place(cookie, { idempotencyKey: `${key()}-${i}` })))
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Body[]
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10)
    const refused = bodies.filter((_, i) => answers[i]!.status === 409)
    expect(refused).toHaveLength(40)
    for (const b of refused) expect(b.error).toEqual({ code: 'conflict', message: orderMessages.soldOut('Starlight Mobile') })
    expect(await count(`select quantity as n from product_stock where product_id = $1`, [p.id])).toBe(0)
    expect(await count(`select count(*)::int as n from order_lines where product_id = $1`, [p.id])).toBe(10)
    // The refused checkouts hold nothing on anyone's card.
    expect(await count(`select count(*)::int as n from payments where purpose = 'order' and status = 'authorized'`)).toBe(0)
  })
})

describe('money shown = money charged (docs/decisions/029, amendment h10)', () => {
  test('without the amounts shown: 400 naming expected, nothing placed; a quote then a place with its total: 201', async () => {
    const p = await product({ priceCents: 2_000 })
    const cookie = await guestWith(p.id)
    const k = key()
    const missing = await place(cookie, { idempotencyKey: k, expected: undefined })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as Body).error).toEqual({ code: 'bad_request', message: orderMessages.expectedMissing, fields: { expected: [orderMessages.expectedMissing] } })
    const tenderMissing = await place(cookie, { idempotencyKey: k, giftCardCode: 'ABCD-EFGH-JKLM-NPQR', expected: { totalCents: 100 } })
    expect(tenderMissing.status).toBe(400)
    expect(await count(`select count(*)::int as n from orders where idempotency_key = $1`, [k])).toBe(0)

    const quote = await quoteOf(cookie)
    // $20.00 + $7.99 shipping + OH 5.75% of $20 = $1.15
    expect(quote).toMatchObject({ status: 200, body: { totalCents: 2_000 + 799 + 115, cardDueCents: 2_000 + 799 + 115, tenders: [], taxState: 'OH', taxEstimated: false } })
    const placed = await place(cookie, { idempotencyKey: k, expected: { totalCents: quote.body.totalCents, cardCents: quote.body.cardDueCents } })
    expect(placed.status).toBe(201)
    expect(((await placed.json()) as Body).totalCents).toBe(quote.body.totalCents)
  })

  test('a total that changed after the quote (a price change): 409 with the new total, nothing authorised', async () => {
    const p = await product({ priceCents: 2_000 })
    const cookie = await guestWith(p.id)
    const quote = await quoteOf(cookie)
    await database.pool.query('update products set price_cents = 2500 where id = $1', [p.id])
    const payments0 = await count(`select count(*)::int as n from payments`)
    const res = await place(cookie, { idempotencyKey: key(), expected: { totalCents: quote.body.totalCents } })
    expect(res.status).toBe(409)
    const fresh = await quoteOf(cookie)
    expect(((await res.json()) as Body).error).toEqual({ code: 'conflict', message: orderMessages.totalChanged(fresh.body.totalCents) })
    expect(await count(`select count(*)::int as n from payments`)).toBe(payments0)
  })

  test('the quote endpoint is in the OpenAPI document, and POST /api/v3/orders documents expected, 400 and 409', async () => {
    const doc = (await (await app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } }
    expect(doc.paths['/api/v3/orders/quote']).toHaveProperty('post')
    expect(Object.keys(doc.paths['/api/v3/orders']!.post!.responses)).toEqual(expect.arrayContaining(['400', '409']))
    expect(doc.components.schemas.PlaceOrder!.properties).toHaveProperty('expected')
  })
})

describe('GET /api/v3/orders and /api/v3/orders/{id}', () => {
  test('a signed-in buyer lists and reads their own orders; another user gets 404, anonymous 401', async () => {
    const buyer = await signUp()
    const p = await product({ priceCents: 1_200 })
    await add(buyer.cookie, p.id, 2)
    const first = await place(buyer.cookie, { idempotencyKey: key(), email: buyer.email })
    expect(first.status).toBe(201)
    await add(buyer.cookie, p.id, 1)
    const second = await place(buyer.cookie, { idempotencyKey: key(), email: buyer.email })
    expect(second.status).toBe(201)
    const [a, b] = [(await first.json()) as Body, (await second.json()) as Body]

    const list = await app.request('/api/v3/orders?per_page=1', { headers: { Cookie: buyer.cookie } })
    expect(list.status).toBe(200)
    expect(list.headers.get('cache-control')).toBe('no-store')
    expect(await list.json()).toMatchObject({ orders: [{ id: b.id, itemCount: 1, status: 'paid', totalCents: b.totalCents }], page: 1, perPage: 1, total: 2 })
    const page2 = (await (await app.request('/api/v3/orders?per_page=1&page=2', { headers: { Cookie: buyer.cookie } })).json()) as { orders: { id: string; itemCount: number }[] }
    expect(page2.orders.map((o) => [o.id, o.itemCount])).toEqual([[a.id, 2]])
    expect((await app.request('/api/v3/orders?page=0', { headers: { Cookie: buyer.cookie } })).status).toBe(422)

    const mine = await app.request(`/api/v3/orders/${a.id}`, { headers: { Cookie: buyer.cookie } })
    expect(mine.status).toBe(200)
    expect(await mine.json()).toMatchObject({ id: a.id, lines: [{ productId: p.id, quantity: 2 }] })

    const other = await signUp()
    expect((await app.request(`/api/v3/orders/${a.id}`, { headers: { Cookie: other.cookie } })).status).toBe(404)
    expect(await (await app.request('/api/v3/orders', { headers: { Cookie: other.cookie } })).json()).toMatchObject({ orders: [], total: 0 })
    expect((await app.request('/api/v3/orders/not-an-id', { headers: { Cookie: buyer.cookie } })).status).toBe(404)
    expect((await app.request('/api/v3/orders')).status).toBe(401)
    expect((await app.request(`/api/v3/orders/${a.id}`)).status).toBe(401)
  })

  test('the endpoints are in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/v3/orders']!)).toEqual(expect.arrayContaining(['get', 'post']))
    expect(doc.paths['/api/v3/orders/{id}']).toHaveProperty('get')
    expect(doc.paths['/api/v3/cart_items']).toHaveProperty('post')
  })
})
