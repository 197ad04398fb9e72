// POST /api/v3/checkouts (docs/decisions/031): an order for one scope of what the caller buys, with POST
// /api/v3/orders's rules (idempotency key, expected amounts), and reservations only for the client that holds them.
// Also: POST /api/v3/orders/quote shows nothing of a reservation the caller does not hold.
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureProductStock } from '~/modules/orders/stock.seed.server'
import { orderMessages } from '~/modules/orders/orders.validation'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let n = 0
const factories = catalogFactories(() => database.db, 71_500)
let category: number
let brand: number
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }
const familyStreet = '12 Secret Lane'
const key = () => `api-checkouts-${++n}-${Date.now()}`

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  category = (await factories.createCategory({ urlSlug: 'checkouts-api-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(path, { method, headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, headers: res.headers, json: (await res.json()) as Json }
}
const cookieOf = (res: { headers: Headers }, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))!
const count = async (sql: string, params: unknown[] = []) => (await database.pool.query<{ n: number }>(sql, params)).rows[0]!.n

const product = async (priceCents: number, overrides: Partial<Parameters<typeof factories.createProduct>[0]> = {}) => {
  const p = await factories.createProduct({ categoryId: category, brandId: brand, stock: 50, priceCents, ...overrides })
  await ensureProductStock(database.db, [p.id])
  return p
}

/** The JSON API as tests/support/accounts.ts's signUpThroughApi calls it. */
const callText = async (method: string, path: string, { body }: { body?: unknown }) => {
  const res = await app.request(path, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

async function signUp() {
  const email = `checkouts${++n}@example.test`
  const { cookie, id } = await signUpThroughApi(callText, database.db, { firstName: 'Ada', lastName: 'Byron', email, password: 'counting engine 1843' })
  return { email, id, cookie }
}

/** A family's registry with a shipping address and one item of the product (needing `quantity`). */
async function registryWith(productId: number, quantity = 3) {
  const owner = await signUp()
  const r = await services.registry.create(owner.id, { registryType: 'baby', title: 'Baby Oaks', familyName: 'The Oaks', slug: `oaks-api-${++n}`, isArrivalDateKnown: false })
  await services.registry.setShippingAddress(r.id, owner.id, { name: 'Olive Oak', line1: familyStreet, line2: '', city: 'Austin', state: 'TX', zip: '78701' })
  const item = await services.registry.addItem(r.id, owner.id, { productId, quantity })
  return { registryId: r.id, itemId: item.id }
}

/** A guest reserves through the API; the answer's cookie holds the reservation, as the registry page's does. */
async function guestReserves(itemId: number, quantity = 1, cookie = '') {
  const res = await call('POST', `/api/v3/reg_items/${itemId}/reservations`, { quantity, giverName: 'Gus Guest', giverEmail: `gus${++n}@example.test` }, cookie ? { Cookie: cookie } : {})
  expect(res.status).toBe(201)
  return { id: res.json.id as string, cookie: cookieOf(res, 'nestlist_reservations') }
}

const quote = (cookie: string, body: Json) => call('POST', '/api/v3/orders/quote', body, cookie ? { Cookie: cookie } : {})

/** Quotes the scope, then places it with the quoted total (what a client shows, then sends). */
async function checkout(cookie: string, body: Json, headers: Record<string, string> = {}) {
  const q = await quote(cookie, { scope: body.scope, state: (body.shippingAddress as { state?: string } | undefined)?.state })
  expect(q.status, JSON.stringify(q.json)).toBe(200)
  const res = await call('POST', '/api/v3/checkouts', { email: 'sam@example.test', name: 'Sam Buyer', card, expected: { totalCents: q.json.totalCents }, ...body }, { ...(cookie ? { Cookie: cookie } : {}), ...headers })
  return { ...res, quoted: q.json }
}

describe('POST /api/v3/checkouts', () => {
  test("a registry's gifts in the cart: placed alone, shipped to the family (city and state only), own items left in the cart; a replay is the same order", async () => {
    const own = await product(2_000)
    const giftProduct = await product(4_000)
    const { registryId, itemId } = await registryWith(giftProduct.id)
    const added = await call('POST', '/api/v3/cart_items', { productId: own.id, quantity: 1 })
    const cart = cookieOf(added, 'nestlist_cart')
    expect((await call('POST', '/api/v3/cart_items', { productId: giftProduct.id, regItemId: itemId, quantity: 1 }, { Cookie: cart })).status).toBe(201)

    const k = key()
    const placed = await checkout(cart, { scope: { registryId }, giftMessage: 'For the little one!' }, { 'Idempotency-Key': k })
    expect(placed.status, JSON.stringify(placed.json)).toBe(201)
    expect(placed.json).toMatchObject({ status: 'paid', subtotalCents: 4_000, totalCents: placed.quoted.totalCents, shipsTo: { kind: 'registry', registryId, familyName: 'The Oaks', city: 'Austin', state: 'TX' } })
    expect(JSON.stringify(placed.json)).not.toContain(familyStreet)
    expect(JSON.stringify(placed.json)).not.toContain('78701')
    expect(placed.json.lines).toHaveLength(1)
    // Only the gift left the cart.
    const left = await call('GET', '/api/v3/cart', undefined, { Cookie: cart })
    expect(left.json.lines.map((l: Json) => l.productId)).toEqual([own.id])
    expect(await count(`select count(*)::int as n from reservations where reg_item_id = $1 and status = 'purchased' and source = 'nestlist_order'`, [itemId])).toBe(1)

    const charges = await count(`select count(*)::int as n from test_processor_charges`)
    const replay = await call('POST', '/api/v3/checkouts', { scope: { registryId }, email: 'sam@example.test', name: 'Sam Buyer', card, expected: { totalCents: placed.quoted.totalCents }, idempotencyKey: k }, { Cookie: cart })
    expect(replay.status).toBe(200)
    expect(replay.json.id).toBe(placed.json.id)
    expect(await count(`select count(*)::int as n from test_processor_charges`)).toBe(charges)
    expect(await count(`select count(*)::int as n from orders where idempotency_key = $1`, [k])).toBe(1)

    // The same key for another scope (the own item) is refused, and charges nothing.
    const reused = await checkout(cart, { scope: 'store', shippingAddress: address, idempotencyKey: k })
    expect(reused.status).toBe(422)
    expect(reused.json.error).toMatchObject({ code: 'invalid_input', message: orderMessages.keyReused })
    expect(await count(`select count(*)::int as n from test_processor_charges`)).toBe(charges)
  })

  test('reserved gifts: the guest who holds the reservation buys it (it turns purchased); the same id from another client is 404 and nothing is placed', async () => {
    const giftProduct = await product(3_000)
    const { registryId, itemId } = await registryWith(giftProduct.id)
    const mine = await guestReserves(itemId, 2)
    const theirs = await guestReserves(itemId, 1)

    // Another client (no cookie, or a cookie holding only its own reservation) names someone else's id.
    const stranger = await call('POST', '/api/v3/checkouts', { scope: { reservationIds: [mine.id] }, email: 'eve@example.test', name: 'Eve', card, expected: { totalCents: 6_450 }, idempotencyKey: key() })
    expect(stranger.status).toBe(404)
    expect(stranger.json.error).toMatchObject({ code: 'not_found', message: orderMessages.reservationNotHeld })
    const mixed = await call('POST', '/api/v3/checkouts', { scope: { reservationIds: [theirs.id, mine.id] }, email: 'eve@example.test', name: 'Eve', card, expected: { totalCents: 1 }, idempotencyKey: key() }, { Cookie: theirs.cookie })
    expect(mixed.status).toBe(404)
    // An id that does not exist reads the same as someone else's.
    const unknown = await call('POST', '/api/v3/checkouts', { scope: { reservationIds: ['3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60'] }, email: 'eve@example.test', name: 'Eve', card, expected: { totalCents: 1 }, idempotencyKey: key() }, { Cookie: theirs.cookie })
    expect(unknown.status).toBe(404)
    expect(unknown.json.error.message).toBe(stranger.json.error.message)
    expect(await count(`select count(*)::int as n from orders where registry_id = $1`, [registryId])).toBe(0)

    const k = key()
    const placed = await checkout(mine.cookie, { scope: { reservationIds: [mine.id] } }, { 'Idempotency-Key': k })
    expect(placed.status, JSON.stringify(placed.json)).toBe(201)
    expect(placed.json).toMatchObject({ subtotalCents: 6_000, shipsTo: { kind: 'registry', city: 'Austin', state: 'TX' } })
    expect(JSON.stringify(placed.json)).not.toContain(familyStreet)
    const rows = (await database.pool.query<{ id: string; status: string }>(`select id, status from reservations where reg_item_id = $1 order by created_at`, [itemId])).rows
    expect(rows).toEqual([
      { id: mine.id, status: 'purchased' },
      { id: theirs.id, status: 'reserved' },
    ])
    // A replay (the reservation is purchased now) answers the same order.
    const replay = await call('POST', '/api/v3/checkouts', { scope: { reservationIds: [mine.id] }, email: 'sam@example.test', name: 'Sam Buyer', card, expected: { totalCents: placed.json.totalCents } }, { Cookie: mine.cookie, 'Idempotency-Key': k })
    expect(replay.status).toBe(200)
    expect(replay.json.id).toBe(placed.json.id)
  })

  test("a signed-in giver checks out a reservation they made on another device (no cookie); another account cannot", async () => {
    const giftProduct = await product(2_500)
    const { itemId } = await registryWith(giftProduct.id)
    const giver = await signUp()
    const reserved = await call('POST', `/api/v3/reg_items/${itemId}/reservations`, { quantity: 1, giverName: 'Ada Byron', giverEmail: giver.email }, { Cookie: giver.cookie })
    expect(reserved.status).toBe(201)
    const other = await signUp()
    const refused = await call('POST', '/api/v3/checkouts', { scope: { reservationIds: [reserved.json.id] }, email: other.email, name: 'Other', card, expected: { totalCents: 1 }, idempotencyKey: key() }, { Cookie: other.cookie })
    expect(refused.status).toBe(404)
    const placed = await checkout(giver.cookie, { scope: { reservationIds: [reserved.json.id] }, email: giver.email, idempotencyKey: key() })
    expect(placed.status, JSON.stringify(placed.json)).toBe(201)
  })

  test('buy now: one product with its options, the cart untouched; address required; a missing expected is 400 and places nothing', async () => {
    const p = await product(5_000, { options: { sizes: ['NB', '0-3M'] } })
    const inCart = await product(1_500)
    const added = await call('POST', '/api/v3/cart_items', { productId: inCart.id, quantity: 1 })
    const cart = cookieOf(added, 'nestlist_cart')
    const scope = { buyNow: { productId: p.id, quantity: 2, size: '0-3M' } }

    const noExpected = await call('POST', '/api/v3/checkouts', { scope, email: 'sam@example.test', name: 'Sam', shippingAddress: address, card, idempotencyKey: key() }, { Cookie: cart })
    expect(noExpected.status).toBe(400)
    expect(noExpected.json.error).toMatchObject({ code: 'bad_request', message: orderMessages.expectedMissing })
    const noAddress = await checkout(cart, { scope, idempotencyKey: key() })
    expect(noAddress.status).toBe(422)
    expect(noAddress.json.error.fields).toHaveProperty('shippingAddress')
    const noSize = await call('POST', '/api/v3/checkouts', { scope: { buyNow: { productId: p.id } }, email: 'sam@example.test', name: 'Sam', shippingAddress: address, card, expected: { totalCents: 1 }, idempotencyKey: key() }, { Cookie: cart })
    expect(noSize.status).toBe(422)
    expect(noSize.json.error.fields).toHaveProperty('size')

    // The total changed since it was shown: 409, nothing charged.
    const changed = await call('POST', '/api/v3/checkouts', { scope, email: 'sam@example.test', name: 'Sam', shippingAddress: address, card, expected: { totalCents: 10_000 }, idempotencyKey: key() }, { Cookie: cart })
    expect(changed.status).toBe(409)
    expect(await count(`select count(*)::int as n from order_lines where product_id = $1`, [p.id])).toBe(0)

    const placed = await checkout(cart, { scope, shippingAddress: address, idempotencyKey: key() })
    expect(placed.status, JSON.stringify(placed.json)).toBe(201)
    // $100.00, free shipping, OH 5.75 % = $5.75
    expect(placed.json).toMatchObject({ subtotalCents: 10_000, shippingCents: 0, taxCents: 575, totalCents: 10_575, shipsTo: { kind: 'buyer', address: { city: 'Columbus' } } })
    expect(placed.json.lines).toMatchObject([{ productId: p.id, quantity: 2, options: { size: '0-3M' } }])
    const left = await call('GET', '/api/v3/cart', undefined, { Cookie: cart })
    expect(left.json.lines.map((l: Json) => l.productId)).toEqual([inCart.id])
  })

  test('scope is required, and is in the OpenAPI document', async () => {
    const noScope = await call('POST', '/api/v3/checkouts', { email: 'sam@example.test', name: 'Sam', shippingAddress: address, card, expected: { totalCents: 1 }, idempotencyKey: key() })
    expect(noScope.status).toBe(422)
    expect(noScope.json.error.fields).toHaveProperty('scope')
    const doc = await call('GET', '/api/v3/openapi.json')
    expect(doc.json.paths['/api/v3/checkouts'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/Checkout')
    // PlaceOrder's fields, plus the scope it requires.
    expect(doc.json.components.schemas.Checkout.allOf).toEqual([{ $ref: '#/components/schemas/PlaceOrder' }, expect.objectContaining({ required: ['scope'] })])
    expect(doc.json.components.schemas.CheckoutScope.anyOf ?? doc.json.components.schemas.CheckoutScope.oneOf).toHaveLength(4)
  })
})

describe('POST /api/v3/orders/quote with reserved gifts', () => {
  test("quotes only reservations the caller holds: another guest's id is 404 and shows nothing of the gift or the family", async () => {
    const giftProduct = await factories.createProduct({ categoryId: category, brandId: brand, stock: 10, priceCents: 4_200, name: 'Secret Swaddle Set' })
    const { itemId } = await registryWith(giftProduct.id)
    const mine = await guestReserves(itemId, 1)

    const leak = await quote('', { scope: { reservationIds: [mine.id] } })
    expect(leak.status).toBe(404)
    expect(JSON.stringify(leak.json)).not.toContain('Secret Swaddle')
    expect(JSON.stringify(leak.json)).not.toContain('Oaks')
    const someoneElse = await guestReserves(itemId, 1)
    expect((await quote(someoneElse.cookie, { scope: { reservationIds: [mine.id] } })).status).toBe(404)

    const ok = await quote(mine.cookie, { scope: { reservationIds: [mine.id] } })
    expect(ok.status).toBe(200)
    expect(ok.json.lines).toMatchObject([{ title: 'Secret Swaddle Set', quantity: 1 }])
  })
})
