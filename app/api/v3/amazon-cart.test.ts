import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let owner: { id: number; cookie: string }
let registryId: number
let n = 0

async function signUp(name: string) {
  const email = `${name.toLowerCase()}-${++n}-${Date.now()}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: name, lastName: 'Tester', email, password: `long enough ${name} pass` }, { ip: '203.0.113.9', userAgent: 'vitest' })
  return { cookie: `nestlist_session=${token}`, id: user.id, email }
}

const call = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

const cartCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('nestlist_cart='))?.split(';')[0]

// Reads straight from the database (the API tests may not import the schema: raw SQL on the pool).
const itemRow = async (id: number) =>
  (await database.pool.query('select quantity_reserved::int as "quantityReserved", quantity_purchased::int as "quantityPurchased" from reg_items where id = $1', [id])).rows[0]
const reservationRow = async (id: string) =>
  (await database.pool.query('select status, giver_user_id::int as "giverUserId", giver_email as "giverEmail", giver_name as "giverName" from reservations where id = $1', [id])).rows[0]

async function item(url: string, quantity = 1) {
  return (await services.externalProducts.saveItem(registryId, owner.id, { url, title: `Gift ${++n}`, priceCents: 3_000, quantity, storeName: 'A store' })).id
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', AMAZON_ASSOCIATE_TAG: 'nestlist-20' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  owner = await signUp('Owner')
  const r = await services.registry.create(owner.id, { registryType: 'baby', title: 'Baby Api', familyName: 'The Apis', slug: `amazon-api-${Date.now()}`, isArrivalDateKnown: false })
  registryId = r.id
  await services.registry.setShippingAddress(registryId, owner.id, { name: 'A', line1: '1 Secret Street', line2: '', city: 'Boise', state: 'ID', zip: '83702' })
})
afterAll(async () => {
  await database?.drop()
})

describe('/api/v3/amazon_cart_items', () => {
  test('a guest adds two Amazon gifts (cookie set, 201, reservation email), reads the cart with the Amazon link, changes, marks bought and removes', async () => {
    const swaddle = await item('https://www.amazon.com/dp/B07XJ8C8F5', 2)
    const lamp = await item('https://smile.amazon.com/gp/product/B000FQ9QVI')

    const empty = await call('GET', '/api/v3/amazon_cart_items')
    expect(empty.status).toBe(200)
    expect(empty.headers.get('Cache-Control')).toBe('no-store')
    expect(await empty.json()).toEqual({ registries: [], itemCount: 0 })

    const first = await call('POST', '/api/v3/amazon_cart_items', undefined, { regItemId: swaddle, giverName: 'Aunt June', giverEmail: 'june@example.test' })
    expect(first.status).toBe(201)
    const cookie = cartCookieOf(first)!
    expect(cookie).toMatch(/^nestlist_cart=/)
    const added = await first.json()
    expect(added).toMatchObject({ lineId: expect.any(Number), reservationId: expect.any(String), cart: { itemCount: 1 } })

    const second = await call('POST', '/api/v3/amazon_cart_items', cookie, { regItemId: lamp })
    expect(second.status).toBe(201)
    const more = await call('POST', '/api/v3/amazon_cart_items', cookie, { regItemId: swaddle })
    expect(more.status).toBe(200)
    expect((await more.json()).lineId).toBe(added.lineId)

    const view = await (await call('GET', '/api/v3/amazon_cart_items', cookie)).json()
    expect(view.itemCount).toBe(3)
    const group = view.registries[0]
    expect(group.registry).toMatchObject({ id: registryId, familyName: 'The Apis', shipsTo: { city: 'Boise', state: 'ID' } })
    expect(group.checkoutUrl).toBe('https://www.amazon.com/gp/aws/cart/add.html?AssociateTag=nestlist-20&ASIN.1=B07XJ8C8F5&Quantity.1=2&ASIN.2=B000FQ9QVI&Quantity.2=1')
    expect(JSON.stringify(view)).not.toMatch(/Secret Street|june@example\.test/)

    // The giver's reservation email, as a reservation from the registry page sends.
    await new Promise((r) => setTimeout(r, 200))
    const mails = await database.pool.query('select id from email_outbox where to_address = $1', ['june@example.test'])
    expect(mails.rows.length).toBe(2)

    const lampLine = group.lines.find((l: { regItemId: number }) => l.regItemId === lamp)
    expect((await call('PATCH', `/api/v3/amazon_cart_items/${added.lineId}`, cookie, { quantity: 3 })).status).toBe(409)
    expect((await call('PATCH', `/api/v3/amazon_cart_items/${added.lineId}`, cookie, { quantity: 0 })).status).toBe(422)
    expect((await call('PATCH', `/api/v3/amazon_cart_items/${added.lineId}`, cookie, {})).status).toBe(422)
    const one = await call('PATCH', `/api/v3/amazon_cart_items/${added.lineId}`, cookie, { quantity: 1 })
    expect(one.status).toBe(200)
    expect((await one.json()).itemCount).toBe(2)

    const bought = await call('PATCH', `/api/v3/amazon_cart_items/${lampLine.id}`, cookie, { purchased: true })
    expect(bought.status).toBe(200)
    const afterBuy = await bought.json()
    expect(afterBuy.registries[0].bought[0]).toMatchObject({ regItemId: lamp, status: 'purchased' })
    expect(await itemRow(lamp)).toMatchObject({ quantityReserved: 0, quantityPurchased: 1 })
    expect((await call('DELETE', `/api/v3/amazon_cart_items/${lampLine.id}`, cookie)).status).toBe(409)

    const removed = await call('DELETE', `/api/v3/amazon_cart_items/${added.lineId}`, cookie)
    expect(removed.status).toBe(200)
    expect((await removed.json()).itemCount).toBe(0)
    expect((await reservationRow(added.reservationId)).status).toBe('cancelled')
    expect((await call('DELETE', `/api/v3/amazon_cart_items/${added.lineId}`, cookie)).status).toBe(404)
  })

  test("another giver's line is 404 for them (and for anyone without the cookie); a malformed id is 404", async () => {
    const gift = await item('https://www.amazon.com/dp/B01N5IB20Q')
    const mine = await call('POST', '/api/v3/amazon_cart_items', undefined, { regItemId: gift, giverName: 'Mine', giverEmail: 'mine@example.test' })
    const { lineId } = await mine.json()
    const stranger = await signUp('Stranger')
    const otherGuest = cartCookieOf(await call('POST', '/api/v3/amazon_cart_items', undefined, { regItemId: gift, giverName: 'X', giverEmail: 'x@example.test' }))
    for (const cookie of [stranger.cookie, otherGuest, undefined]) {
      expect((await call('PATCH', `/api/v3/amazon_cart_items/${lineId}`, cookie, { purchased: true })).status).toBe(404)
      expect((await call('DELETE', `/api/v3/amazon_cart_items/${lineId}`, cookie)).status).toBe(404)
    }
    expect((await call('DELETE', '/api/v3/amazon_cart_items/abc', cartCookieOf(mine))).status).toBe(404)
    expect(await itemRow(gift)).toMatchObject({ quantityReserved: 1, quantityPurchased: 0 })
  })

  test('a gift that is not on Amazon is 422 with a clear message; a gift no longer needed is 409; a gift a guest gives needs their name', async () => {
    const blanket = await item('https://willow-and-wool.example/products/blanket')
    const res = await call('POST', '/api/v3/amazon_cart_items', undefined, { regItemId: blanket, giverName: 'A', giverEmail: 'a@example.test' })
    expect(res.status).toBe(422)
    expect((await res.json()).error.message).toMatch(/not sold on Amazon/)

    const anonymous = await call('POST', '/api/v3/amazon_cart_items', undefined, { regItemId: await item('https://www.amazon.com/dp/B08KTZ8249') })
    expect(anonymous.status).toBe(422)
    expect((await anonymous.json()).error.fields).toMatchObject({ giverName: expect.any(Array), giverEmail: expect.any(Array) })

    const last = await item('https://www.amazon.com/dp/B0C1234567')
    const both = await Promise.all(
      ['a', 'b'].map((who) => call('POST', '/api/v3/amazon_cart_items', undefined, { regItemId: last, giverName: who, giverEmail: `${who}@example.test` })),
    )
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    const loser = both.find((r) => r.status === 409)!
    expect((await loser.json()).error.message).toMatch(/no longer needs that many|no longer needed/)
  })

  test('a signed-in giver needs no name; a cross-site write is refused (403); the OpenAPI document lists the paths', async () => {
    const giver = await signUp('Giver')
    const gift = await item('https://www.amazon.com/exec/obidos/ASIN/0316769487')
    const cross = await call('POST', '/api/v3/amazon_cart_items', giver.cookie, { regItemId: gift }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
    expect(cross.status).toBe(403)
    const res = await call('POST', '/api/v3/amazon_cart_items', giver.cookie, { regItemId: gift })
    expect(res.status).toBe(201)
    expect(cartCookieOf(res)).toBeUndefined()
    const { reservationId } = await res.json()
    expect(await reservationRow(reservationId)).toMatchObject({ giverUserId: giver.id, giverEmail: giver.email, giverName: 'Giver Tester' })

    const doc = await (await call('GET', '/api/v3/openapi.json')).json()
    expect(Object.keys(doc.paths['/api/v3/amazon_cart_items'])).toEqual(expect.arrayContaining(['get', 'post']))
    expect(Object.keys(doc.paths['/api/v3/amazon_cart_items/{id}'])).toEqual(expect.arrayContaining(['patch', 'delete']))
  })
})
