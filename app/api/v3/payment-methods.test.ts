// /api/v3/payment_methods and POST /api/v3/orders with a saved card (docs/decisions/026).
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureProductStock } from '~/modules/orders/stock.seed.server'
import { paymentMethodMessages } from '~/modules/payments/payment-methods.validation'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let app: ReturnType<typeof createApp>
let n = 0
const factories = catalogFactories(() => database.db, 94_000)
let category: number
let brand: number
const nextYear = new Date().getUTCFullYear() + 2
const card = (number = '4242 4242 4242 4242') => ({ number, expMonth: 11, expYear: nextYear, cvc: '321' })
const address = { name: 'Ada Byron', line1: '1 Main Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  category = (await factories.createCategory({ urlSlug: 'payment-methods-api-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

const call = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function signUp() {
  const account = { firstName: 'Ada', lastName: 'Byron', email: `pm-buyer${++n}@example.test`, password: 'counting engine 1843' }
  const { cookie } = await signUpThroughApi(
    async (method, path, { body }) => {
      const res = await call(method, path, undefined, body)
      return { status: res.status, headers: res.headers, text: await res.text() }
    },
    database.db,
    account,
  )
  return { email: account.email, cookie }
}

type Method = { id: string; brand: string; last4: string; isDefault: boolean; expired: boolean; label: string }

describe('/api/v3/payment_methods', () => {
  test('anonymous requests get 401', async () => {
    expect((await call('GET', '/api/v3/payment_methods')).status).toBe(401)
    expect((await call('POST', '/api/v3/payment_methods', undefined, card())).status).toBe(401)
  })

  test('save (201, then 200 for the same card), list, make default, remove; the answers never carry the number', async () => {
    const { cookie } = await signUp()
    const first = await call('POST', '/api/v3/payment_methods', cookie, card())
    expect(first.status).toBe(201)
    expect(first.headers.get('cache-control')).toBe('no-store')
    const text = await first.text()
    expect(text).not.toContain('4242424242424242')
    expect(text).not.toContain('pm_test_')
    const visa = JSON.parse(text) as Method
    expect(visa).toMatchObject({ brand: 'Visa', last4: '4242', isDefault: true, expired: false, label: `Visa ending in 4242, expires 11/${String(nextYear % 100)}` })
    expect((await call('POST', '/api/v3/payment_methods', cookie, card())).status).toBe(200)
    const mc = (await (await call('POST', '/api/v3/payment_methods', cookie, card('5555 5555 5555 4444'))).json()) as Method
    expect(mc.isDefault).toBe(false)

    const patched = await call('PATCH', `/api/v3/payment_methods/${mc.id}`, cookie, { isDefault: true })
    expect(patched.status).toBe(200)
    const list = (await (await call('GET', '/api/v3/payment_methods', cookie)).json()) as { paymentMethods: Method[] }
    expect(list.paymentMethods.map((m) => [m.last4, m.isDefault])).toEqual([['4444', true], ['4242', false]])

    expect((await call('DELETE', `/api/v3/payment_methods/${mc.id}`, cookie)).status).toBe(204)
    expect((await call('DELETE', `/api/v3/payment_methods/${mc.id}`, cookie)).status).toBe(404)
    const after = (await (await call('GET', '/api/v3/payment_methods', cookie)).json()) as { paymentMethods: Method[] }
    expect(after.paymentMethods.map((m) => [m.last4, m.isDefault])).toEqual([['4242', true]])
  })

  test('bad cards are 422 with a message on the field; a live card is refused in test mode', async () => {
    const { cookie } = await signUp()
    const wrong = await call('POST', '/api/v3/payment_methods', cookie, card('4242 4242 4242 4241'))
    expect(wrong.status).toBe(422)
    expect(((await wrong.json()) as { error: { fields: Record<string, string[]> } }).error.fields.number).toEqual(['That card number is not right. Check it and try again.'])
    expect((await call('POST', '/api/v3/payment_methods', cookie, card('4111 1111 1111 1111'))).status).toBe(422)
    expect((await call('POST', '/api/v3/payment_methods', cookie, { ...card(), cvc: '1' })).status).toBe(422)
  })

  test("another account's card is 404 for PATCH and DELETE, and absent from its list", async () => {
    const owner = await signUp()
    const other = await signUp()
    const saved = (await (await call('POST', '/api/v3/payment_methods', owner.cookie, card())).json()) as Method
    expect((await call('PATCH', `/api/v3/payment_methods/${saved.id}`, other.cookie, { isDefault: true })).status).toBe(404)
    expect((await call('DELETE', `/api/v3/payment_methods/${saved.id}`, other.cookie)).status).toBe(404)
    expect((await call('DELETE', '/api/v3/payment_methods/not-a-uuid', other.cookie)).status).toBe(404)
    expect(((await (await call('GET', '/api/v3/payment_methods', other.cookie)).json()) as { paymentMethods: Method[] }).paymentMethods).toEqual([])
    expect(((await (await call('GET', '/api/v3/payment_methods', owner.cookie)).json()) as { paymentMethods: Method[] }).paymentMethods).toHaveLength(1)
  })

  test('a cross-site request with the session cookie is refused (CSRF)', async () => {
    const { cookie } = await signUp()
    const res = await call('POST', '/api/v3/payment_methods', cookie, card(), { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(((await (await call('GET', '/api/v3/payment_methods', cookie)).json()) as { paymentMethods: Method[] }).paymentMethods).toEqual([])
  })

  test('the endpoints are in the OpenAPI document', async () => {
    const doc = (await (await call('GET', '/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }
    expect(Object.keys(doc.paths['/api/v3/payment_methods']!).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths['/api/v3/payment_methods/{id}']!).sort()).toEqual(['delete', 'patch'])
    expect(doc.components.schemas.PlaceOrder!.properties).toHaveProperty('paymentMethodId')
  })
})

describe('POST /api/v3/orders with paymentMethodId', () => {
  test('pays with a saved card; both a card and a saved card is 422; another account’s saved card is 404 and places nothing', async () => {
    const p = await factories.createProduct({ categoryId: category, brandId: brand, stock: 20, priceCents: 2_000 })
    await ensureProductStock(database.db, [p.id])
    const buyer = await signUp()
    const other = await signUp()
    const saved = (await (await call('POST', '/api/v3/payment_methods', buyer.cookie, card())).json()) as Method
    const base = { name: 'Ada Byron', shippingAddress: address }
    // The total a client shows before placing (POST /api/v3/orders/quote), sent back as expected.
    const shown = async (cookie: string) => ({ totalCents: ((await (await call('POST', '/api/v3/orders/quote', cookie, { state: address.state })).json()) as { totalCents: number }).totalCents })

    expect((await call('POST', '/api/v3/cart_items', other.cookie, { productId: p.id, quantity: 1 })).status).toBe(201)
    const stolen = await call('POST', '/api/v3/orders', other.cookie, { ...base, email: other.email, idempotencyKey: `pm-api-${++n}-0123456789`, paymentMethodId: saved.id, expected: await shown(other.cookie) })
    expect(stolen.status).toBe(404)
    expect(((await stolen.json()) as { error: { message: string } }).error.message).toBe(paymentMethodMessages.notFound)
    expect((await database.pool.query<{ n: number }>('select count(*)::int as n from orders where email = $1', [other.email])).rows[0]!.n).toBe(0)

    expect((await call('POST', '/api/v3/cart_items', buyer.cookie, { productId: p.id, quantity: 2 })).status).toBe(201)
    const both = await call('POST', '/api/v3/orders', buyer.cookie, { ...base, email: buyer.email, idempotencyKey: `pm-api-${++n}-0123456789`, paymentMethodId: saved.id, card: card(), expected: await shown(buyer.cookie) })
    expect(both.status).toBe(422)
    const placed = await call('POST', '/api/v3/orders', buyer.cookie, { ...base, email: buyer.email, idempotencyKey: `pm-api-${++n}-0123456789`, paymentMethodId: saved.id, expected: await shown(buyer.cookie) })
    expect(placed.status).toBe(201)
    expect((await placed.json()) as unknown).toMatchObject({ status: 'paid', payment: { cardBrand: 'Visa', cardLast4: '4242' }, lines: [{ quantity: 2 }] })
  })
})
