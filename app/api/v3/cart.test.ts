import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed, signUpLinkToken } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
const factories = catalogFactories(() => database.db, 82_000)
let category: number
let brand: number
let n = 0

const product = (overrides: Parameters<typeof factories.createProduct>[0] extends infer T ? Partial<T> : never = {}) =>
  factories.createProduct({ categoryId: category, brandId: brand, stock: 40, priceCents: 2_000, ...overrides })

async function signUp(name: string) {
  const email = `${name.toLowerCase()}-${++n}-${Date.now()}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: name, lastName: 'Tester', email, password: `long enough ${name} pass` }, { ip: '203.0.113.9', userAgent: 'vitest' })
  return { cookie: `nestlist_session=${token}`, id: user.id, email, password: `long enough ${name} pass` }
}

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** The guest cart cookie an answer set, as a Cookie header value. */
const cartCookieOf = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('nestlist_cart='))
  return set ? set.split(';')[0]! : undefined
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  category = (await factories.createCategory({ urlSlug: 'cart-api-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

describe('/api/v3/cart and /api/v3/cart_items', () => {
  test('a guest adds (gets the cart cookie), reads, changes and removes lines; the contract is {cart, lineId}', async () => {
    const onesie = await product({ options: { sizes: ['NB', '3M'] } })
    // Stock of record per size (as the seed sets it up): 20 each.
    expect((await services.inventory.levels(onesie.id)).byOption).toEqual({ 'size=NB': 20, 'size=3M': 20 })
    const empty = await call('GET', '/api/v3/cart')
    expect(empty.status).toBe(200)
    expect(await empty.json()).toMatchObject({ lines: [], itemCount: 0 })
    expect(cartCookieOf(empty)).toBeUndefined()

    const missing = await call('POST', '/api/v3/cart_items', undefined, { productId: onesie.id })
    expect(missing.status).toBe(422)
    expect((await missing.json()).error.fields.size).toEqual(['Choose a size.'])

    const added = await call('POST', '/api/v3/cart_items', undefined, { productId: onesie.id, size: 'NB', quantity: 2 })
    expect(added.status).toBe(201)
    const cookie = cartCookieOf(added)!
    expect(cookie).toMatch(/^nestlist_cart=[\w-]{20,}$/)
    expect(added.headers.get('Cache-Control')).toBe('no-store')
    const body = await added.json()
    expect(body.lineId).toEqual(expect.any(Number))
    expect(body.cart).toMatchObject({ itemCount: 2, subtotalCents: 4_000, shippingCents: 799, freeShippingRemainingCents: 500 })

    const patched = await call('PATCH', `/api/v3/cart_items/${body.lineId}`, cookie, { quantity: 3 })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ itemCount: 3, shippingCents: 0, freeShippingRemainingCents: 0 })
    expect((await call('PATCH', `/api/v3/cart_items/${body.lineId}`, cookie, { quantity: 0 })).status).toBe(422)
    expect((await call('PATCH', `/api/v3/cart_items/${body.lineId}`, cookie, { quantity: 30 })).status).toBe(409)

    const view = await (await call('GET', '/api/v3/cart', cookie)).json()
    expect(view.lines).toHaveLength(1)
    expect(view.lines[0]).toMatchObject({ productId: onesie.id, options: { size: 'NB' }, quantity: 3, unavailable: null })

    const removed = await call('DELETE', `/api/v3/cart_items/${body.lineId}`, cookie)
    expect(removed.status).toBe(200)
    expect((await removed.json()).lines).toHaveLength(0)
  })

  test('bad input is 4xx with a message, never 500', async () => {
    const gone = await product({ stock: 0 })
    for (const [body, status] of [
      [{}, 422],
      [{ productId: 'abc' }, 422],
      [{ productId: 1, quantity: 1000 }, 422],
      [{ productId: 999_999_999 }, 404],
      [{ productId: gone.id }, 409],
    ] as const) {
      const res = await call('POST', '/api/v3/cart_items', undefined, body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect((await res.json()).error.message).toEqual(expect.any(String))
    }
    const notJson = await app.request('/api/v3/cart_items', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' })
    expect(notJson.status).toBeGreaterThanOrEqual(400)
    expect(notJson.status).toBeLessThan(500)
    expect((await call('PATCH', '/api/v3/cart_items/abc', undefined, { quantity: 1 })).status).toBe(422)
  })

  test("what a field's schema leaves to zod is answered in words per field, in the same error shape", async () => {
    const badId = await call('PATCH', '/api/v3/cart_items/abc', undefined, { quantity: 1 })
    expect(await badId.json()).toEqual({ error: { code: 'invalid_input', message: 'Some fields are not valid.', fields: { id: ['id must be a whole number of at least 1.'] } } })
    const badOptions = await call('POST', '/api/v3/cart_items', undefined, { productId: 1, size: 'x'.repeat(41), regItemId: 'soon' })
    expect(badOptions.status).toBe(422)
    expect((await badOptions.json()).error.fields).toEqual({ size: ['size can be at most 40 characters.'], regItemId: ['regItemId must be a whole number of at least 1.'] })
    // A schema's own message still wins.
    const tooMany = await call('POST', '/api/v3/cart_items', undefined, { productId: 1, quantity: 1000 })
    expect((await tooMany.json()).error.fields).toEqual({ quantity: ['You can buy at most 99 at a time.'] })
    const notAnObject = await call('POST', '/api/v3/cart_items', undefined, [1, 2])
    expect((await notAnObject.json()).error).toMatchObject({ code: 'invalid_input', fields: { _error: ['The request body must be a JSON object.'] } })
  })

  test("a line of another cart is 404 for PATCH and DELETE, and is left alone", async () => {
    const p = await product()
    const alice = await signUp('Alice')
    const bob = await signUp('Bob')
    const { lineId } = await (await call('POST', '/api/v3/cart_items', alice.cookie, { productId: p.id })).json()
    expect((await call('PATCH', `/api/v3/cart_items/${lineId}`, bob.cookie, { quantity: 5 })).status).toBe(404)
    expect((await call('DELETE', `/api/v3/cart_items/${lineId}`, bob.cookie)).status).toBe(404)
    const guest = cartCookieOf(await call('POST', '/api/v3/cart_items', undefined, { productId: p.id }))!
    expect((await call('DELETE', `/api/v3/cart_items/${lineId}`, guest)).status).toBe(404)
    expect((await (await call('GET', '/api/v3/cart', alice.cookie)).json()).lines).toHaveLength(1)
  })

  test('signing in and signing up through the API merge the guest cart and clear its cookie', async () => {
    const p = await product()
    const q = await product()
    const carol = await signUp('Carol')
    await call('POST', '/api/v3/cart_items', carol.cookie, { productId: p.id, quantity: 1 })
    const guest = cartCookieOf(await call('POST', '/api/v3/cart_items', undefined, { productId: p.id, quantity: 2 }))!
    await call('POST', '/api/v3/cart_items', guest, { productId: q.id })
    const signIn = await call('POST', '/api/v3/user_session', guest, { email: carol.email, password: carol.password })
    expect(signIn.status).toBe(200)
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('nestlist_cart=;') && c.includes('Max-Age=0'))).toBe(true)
    const merged = await (await call('GET', '/api/v3/cart', carol.cookie)).json()
    expect(merged.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [p.id, 3],
      [q.id, 1],
    ])
    expect((await (await call('GET', '/api/v3/cart', guest)).json()).lines).toHaveLength(0)

    const guest2 = cartCookieOf(await call('POST', '/api/v3/cart_items', undefined, { productId: q.id, quantity: 2 }))!
    const email = `dana-${Date.now()}@example.test`
    const created = await call('POST', '/api/v3/user', guest2, { firstName: 'Dana', lastName: 'Tester', email, password: 'long enough dana pass' })
    expect(created.status).toBe(202)
    expect(await created.json()).toEqual({ status: 'confirmation_sent', email })
    expect(created.headers.getSetCookie().some((c) => c.startsWith('nestlist_session='))).toBe(false)
    // Sign-up finishes from the emailed link (decision 035): that is when the session starts and the guest cart is merged.
    const confirmed = await call('POST', '/api/v3/user/email_confirmations', guest2, { token: await signUpLinkToken(database.db, email) })
    expect(confirmed.status).toBe(200)
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith('nestlist_cart=;') && c.includes('Max-Age=0'))).toBe(true)
    const session = confirmed.headers.getSetCookie().find((c) => c.startsWith('nestlist_session='))!.split(';')[0]!
    expect((await (await call('GET', '/api/v3/cart', session)).json()).lines).toMatchObject([{ productId: q.id, quantity: 2 }])
    expect((await (await call('GET', '/api/v3/cart', guest2)).json()).lines).toHaveLength(0)
  })
})

describe('/api/v3/cart/convert_to_registry_items', () => {
  test('401 anonymous, 422 without a registry; an owner moves chosen lines (or all); gifts for another registry stay', async () => {
    const p = await product({ options: { colors: ['sage', 'oat'] } })
    const q = await product()
    expect((await call('POST', '/api/v3/cart/convert_to_registry_items', undefined, {})).status).toBe(401)
    const erin = await signUp('Erin')
    await call('POST', '/api/v3/cart_items', erin.cookie, { productId: q.id })
    const none = await call('POST', '/api/v3/cart/convert_to_registry_items', erin.cookie, {})
    expect(none.status).toBe(422)
    expect((await none.json()).error.message).toMatch(/registry first/)

    // Someone else's registry, with an item Erin buys as a gift.
    const other = await signUp('Fran')
    const otherRegistry = await services.registry.create(other.id, { registryType: 'baby', title: 'Baby Fran', familyName: 'Frans', slug: `fran-${Date.now()}`, isArrivalDateKnown: false })
    const giftItem = await services.registry.addItem(otherRegistry.id, other.id, { productId: q.id, quantity: 2 })

    const mine = await services.registry.create(erin.id, { registryType: 'baby', title: 'Baby Erin', familyName: 'Erins', slug: `erin-${Date.now()}`, isArrivalDateKnown: false })
    const { lineId: sageLine } = await (await call('POST', '/api/v3/cart_items', erin.cookie, { productId: p.id, color: 'sage', quantity: 2 })).json()
    const { lineId: giftLine } = await (await call('POST', '/api/v3/cart_items', erin.cookie, { productId: q.id, regItemId: giftItem.id })).json()

    const bob = await signUp('Bob')
    expect((await call('POST', '/api/v3/cart/convert_to_registry_items', bob.cookie, { lineIds: [sageLine] })).status).toBe(422)

    const chosen = await call('POST', '/api/v3/cart/convert_to_registry_items', erin.cookie, { lineIds: [sageLine] })
    expect(chosen.status).toBe(200)
    const r1 = await chosen.json()
    expect(r1).toMatchObject({ registryId: mine.id, moved: [{ lineId: sageLine }], kept: [] })
    const owner = await services.registry.ownerView(mine.id, erin.id)
    const moved = owner.items.find((i: { productId: number | null }) => i.productId === p.id)
    expect(moved).toMatchObject({ quantityNeeded: 2 })
    expect(JSON.stringify(moved)).toContain('sage')

    const all = await (await call('POST', '/api/v3/cart/convert_to_registry_items', erin.cookie)).json()
    expect(all.moved.map((m: { title: string }) => m.title)).toEqual([q.name])
    expect(all.kept).toEqual([{ lineId: giftLine, title: q.name, reason: expect.stringMatching(/someone else/) }])
    expect(all.cart.lines.map((l: { id: number }) => l.id)).toEqual([giftLine])

    const { rows } = await database.pool.query<{ count: number }>('select count(*)::int as count from reg_items where registry_id = $1', [otherRegistry.id])
    expect(rows[0]!.count).toBe(1)
    // A line id of another cart: 404 (Fran has a registry, so this is about the line).
    expect((await call('POST', '/api/v3/cart/convert_to_registry_items', other.cookie, { lineIds: [giftLine] })).status).toBe(404)
  })
})

describe('/api/v3/product_availability_subscriptions and staff restock', () => {
  test('subscribe (201, then 200), 409 in stock; staff restock emails the subscriber once; non-staff get 404', async () => {
    const p = await product({ stock: 0, name: 'Moon Lamp' })
    const first = await call('POST', '/api/v3/product_availability_subscriptions', undefined, { productId: p.id, email: 'wait@example.test' })
    expect(first.status).toBe(201)
    expect((await call('POST', '/api/v3/product_availability_subscriptions', undefined, { productId: p.id, email: 'wait@example.test' })).status).toBe(200)
    expect((await call('POST', '/api/v3/product_availability_subscriptions', undefined, { productId: p.id, email: 'nope' })).status).toBe(422)
    const inStock = await product()
    expect((await call('POST', '/api/v3/product_availability_subscriptions', undefined, { productId: inStock.id, email: 'wait@example.test' })).status).toBe(409)
    const gina = await signUp('Gina')
    const mine = await call('POST', '/api/v3/product_availability_subscriptions', gina.cookie, { productId: p.id })
    expect(await mine.json()).toEqual({ email: gina.email })

    expect((await call('POST', `/api/v3/products/${p.id}/restock`, gina.cookie, { quantity: 5 })).status).toBe(404)
    const staff = await signUp('Staff')
    await database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
    const restocked = await call('POST', `/api/v3/products/${p.id}/restock`, staff.cookie, { quantity: 5 })
    expect(restocked.status).toBe(200)
    expect(await restocked.json()).toEqual({ optionKey: '', quantity: 5, notified: 2 })
    const mail = await services.email.latestTo('wait@example.test')
    expect(mail!.subject).toBe('Back in stock: Moon Lamp')
    expect(mail!.text).toContain(`/gp/${p.slug}/${p.id}`)
    expect(await (await call('POST', `/api/v3/products/${p.id}/restock`, staff.cookie, { quantity: 5 })).json()).toMatchObject({ notified: 0 })
  })

  test('every cart endpoint is in the OpenAPI document', async () => {
    const doc = await (await call('GET', '/api/v3/openapi.json')).json()
    for (const path of ['/api/v3/cart', '/api/v3/cart_items', '/api/v3/cart_items/{id}', '/api/v3/cart/convert_to_registry_items', '/api/v3/product_availability_subscriptions', '/api/v3/products/{id}/restock']) {
      expect(doc.paths[path], path).toBeDefined()
    }
  })
})
