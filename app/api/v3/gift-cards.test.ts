import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let alice: { cookie: string; id: number }
let bob: { cookie: string; id: number }
let giftCardProduct: number
let category: number
let brand: number
let n = 0
const factories = catalogFactories(() => database.db, 97_000)
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }

async function signUp(name: string) {
  const { token, user } = await signUpConfirmed(
    services.accounts,
    database.db,
    { firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}-${Date.now()}@example.test`, password: `long enough ${name} pass` },
    { ip: '203.0.113.9', userAgent: 'vitest' },
  )
  return { cookie: `nestlist_session=${token}`, id: user.id }
}

const call = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** Buys a card as a guest through the API and the orders service, and reads its code from the outbox like the recipient would. */
async function boughtCode(amountCents = 5_000) {
  const recipient = `friend${++n}-${Date.now()}@example.test`
  const res = await call('POST', '/api/v3/gift_cards', undefined, { productId: giftCardProduct, amountCents, recipientName: 'Friend', recipientEmail: recipient, senderName: 'Sam' })
  expect(res.status).toBe(201)
  const guestCookie = res.headers.get('set-cookie')!.split(';')[0]!
  const guestToken = decodeURIComponent(guestCookie.split('=')[1]!)
  const order = await services.orders.placeOrder({ guestToken }, { idempotencyKey: `api-gc-${n}-${Date.now()}`, email: 'sam@example.test', name: 'Sam', card })
  const mail = await database.pool.query<{ text: string; subject: string }>(`select text, subject from email_outbox where to_address = $1`, [recipient])
  expect(mail.rows[0]!.subject).toBe('Sam sent you a Nestlist gift card')
  return { code: mail.rows[0]!.text.match(/code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/)![1]!, order }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  alice = await signUp('Alice')
  bob = await signUp('Bob')
  category = (await factories.createCategory({ urlSlug: 'gift-cards-api' })).id
  brand = (await factories.createBrand()).id
  giftCardProduct = (await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', priceCents: 2_500, stock: 0 })).id
})
afterAll(async () => {
  await database?.drop()
})

describe('/api/v3/gift_cards', () => {
  test('adding a gift card validates the amount and recipient (422 with fields), and not-a-gift-card is 404', async () => {
    const bad = await call('POST', '/api/v3/gift_cards', undefined, { productId: giftCardProduct, amountCents: 100, recipientName: '', recipientEmail: 'x', senderName: 'S' })
    expect(bad.status).toBe(422)
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } }
    expect(Object.keys(body.error.fields).sort()).toEqual(['amountCents', 'recipientEmail', 'recipientName'])
    const plain = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 1_000 })
    const notCard = await call('POST', '/api/v3/gift_cards', undefined, { productId: plain.id, amountCents: 5_000, recipientName: 'R', recipientEmail: 'r@example.test', senderName: 'S' })
    expect(notCard.status).toBe(404)
  })

  test('the purchaser sees the cards they bought; others get 404; nobody sees the code', async () => {
    const res = await call('POST', '/api/v3/gift_cards', alice.cookie, { productId: giftCardProduct, amountCents: 10_000, recipientName: 'Riley', recipientEmail: 'riley-api@example.test', senderName: 'Alice', message: 'For the baby' })
    expect(res.status).toBe(201)
    await services.orders.placeOrder({ userId: alice.id }, { idempotencyKey: `api-alice-${Date.now()}`, email: 'alice@example.test', name: 'Alice', card })
    const list = await call('GET', '/api/v3/gift_cards', alice.cookie)
    const { giftCards } = (await list.json()) as { giftCards: { id: string; amountCents: number; sentAt: string | null }[] }
    expect(giftCards).toHaveLength(1)
    expect(giftCards[0]).toMatchObject({ amountCents: 10_000, recipientName: 'Riley', message: 'For the baby' })
    expect(giftCards[0]!.sentAt).not.toBeNull()
    expect(JSON.stringify(giftCards)).not.toMatch(/code/i)
    expect((await call('GET', `/api/v3/gift_cards/${giftCards[0]!.id}`, alice.cookie)).status).toBe(200)
    expect((await call('GET', `/api/v3/gift_cards/${giftCards[0]!.id}`, bob.cookie)).status).toBe(404)
    expect((await call('GET', '/api/v3/gift_cards/not-a-uuid', alice.cookie)).status).toBe(404)
    expect((await call('GET', `/api/v3/gift_cards/${giftCards[0]!.id}`)).status).toBe(401)
  })
})

describe('/api/v3/user_credit and /api/v3/user_credit_redemptions', () => {
  test('redeeming a code adds its balance to store credit; the history shows it; not cacheable', async () => {
    expect((await call('GET', '/api/v3/user_credit')).status).toBe(401)
    const { code } = await boughtCode(5_000)
    const res = await call('POST', '/api/v3/user_credit_redemptions', bob.cookie, { code: code.toLowerCase() })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ redeemedCents: 5_000, balanceCents: 5_000, last4: code.slice(-4) })
    const credit = await call('GET', '/api/v3/user_credit', bob.cookie)
    expect(credit.headers.get('Cache-Control')).toBe('no-store')
    expect(await credit.json()).toMatchObject({ balanceCents: 5_000, entries: [{ amountCents: 5_000, reason: 'gift_card_redeemed' }] })
    const again = await call('POST', '/api/v3/user_credit_redemptions', alice.cookie, { code })
    expect(again.status).toBe(422)
  })

  test('wrong codes: 422 with a message on the code, then 429 after 10 in an hour', async () => {
    const guesser = await signUp('Guesser')
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/v3/user_credit_redemptions', guesser.cookie, { code: `ABCD-EFGH-JKLM-NP${String(i).padStart(2, '2')}` })
      expect(res.status).toBe(422)
      expect(((await res.json()) as { error: { fields: Record<string, string[]> } }).error.fields.code).toBeDefined()
    }
    const limited = await call('POST', '/api/v3/user_credit_redemptions', guesser.cookie, { code: 'ABCD-EFGH-JKLM-NPQR' })
    expect(limited.status).toBe(429)
    // when the first of the hour's wrong codes stops counting
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(3500)
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(3600)
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(/wait an hour/)
    expect((await call('POST', '/api/v3/user_credit_redemptions', guesser.cookie, {})).status).toBe(422)
  })

  test('a cross-site POST with the session cookie is refused (CSRF)', async () => {
    const { code } = await boughtCode(2_500)
    const res = await call('POST', '/api/v3/user_credit_redemptions', alice.cookie, { code }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(403)
  })
})

describe('POST /api/v3/orders with a gift card and store credit', () => {
  test('the card is optional when they cover the total; the order lists the tenders; a wrong code is 422 on giftCardCode', async () => {
    const shopper = await signUp('Shopper')
    const { code } = await boughtCode(2_500)
    await services.giftCards.grantCredit(shopper.id, 1_000, 'promotion', { note: 'Welcome' })
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 3_000, stock: 5 })
    expect((await call('POST', '/api/v3/cart_items', shopper.cookie, { productId: p.id })).status).toBe(201)
    const place = (body: Record<string, unknown>) =>
      call('POST', '/api/v3/orders', shopper.cookie, { idempotencyKey: `api-tender-${++n}-${Date.now()}`, email: 'shopper@example.test', name: 'Shopper', shippingAddress: { name: 'S', line1: '1 Elm', line2: '', city: 'Portland', state: 'OR', zip: '97201' }, ...body })
    // What the client shows first: the quote with the gift card and credit (sent back as expected).
    const quote = (await (await call('POST', '/api/v3/orders/quote', shopper.cookie, { state: 'OR', giftCardCode: code, applyCredit: true })).json()) as { totalCents: number; cardDueCents: number }
    expect(quote).toMatchObject({ totalCents: 3_799, cardDueCents: 299 })
    const expected = { totalCents: 3_799, giftCardCents: 2_500, creditCents: 1_000, cardCents: 299 }
    const wrong = await place({ giftCardCode: 'ABCD-EFGH-JKLM-NPQR', applyCredit: true, expected })
    expect(wrong.status).toBe(422)
    expect(((await wrong.json()) as { error: { fields: Record<string, string[]> } }).error.fields.giftCardCode).toBeDefined()
    // $30 + $7.99 shipping = $37.99: $25 from the card, $10 credit, $2.99 left for a card.
    const noCard = await place({ giftCardCode: code, applyCredit: true, expected })
    expect(noCard.status).toBe(422)
    expect(((await noCard.json()) as { error: { fields: Record<string, string[]> } }).error.fields.card).toBeDefined()
    const ok = await place({ giftCardCode: code, applyCredit: true, card, expected })
    expect(ok.status).toBe(201)
    expect(await ok.json()).toMatchObject({
      totalCents: 3_799,
      cardChargeCents: 299,
      tenders: [
        { kind: 'gift_card', amountCents: 2_500, label: `Gift card ••••${code.slice(-4)}` },
        { kind: 'store_credit', amountCents: 1_000, label: 'Store credit' },
      ],
    })
    expect(await (await call('GET', '/api/v3/user_credit', shopper.cookie)).json()).toMatchObject({ balanceCents: 0 })
  })
})

describe('/api/v3/gift_returns', () => {
  test('the owner lists and returns a gift for credit; another user gets 404 and sees nothing', async () => {
    const owner = await signUp('Owner')
    const r = await services.registry.create(owner.id, { registryType: 'baby', title: 'Baby API', familyName: 'The APIs', slug: `api-returns-${Date.now()}`, isArrivalDateKnown: false })
    await services.registry.setShippingAddress(r.id, owner.id, { name: 'O', line1: '1 Elm', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
    const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 4_200, stock: 5 })
    const item = await services.registry.addItem(r.id, owner.id, { productId: p.id, quantity: 1 })
    const giver = { guestToken: services.cart.newGuestToken() }
    await services.cart.add(giver, { productId: p.id, regItemId: item.id })
    await services.orders.placeOrder(giver, { idempotencyKey: `api-gift-${Date.now()}`, email: 'giver@example.test', name: 'Giver', card })

    const list = await call('GET', '/api/v3/gift_returns', owner.cookie)
    const { returnable } = (await list.json()) as { returnable: { orderLineId: number; creditPerUnitCents: number }[] }
    expect(returnable).toHaveLength(1)
    expect(returnable[0]!.creditPerUnitCents).toBe(4_200)
    expect(JSON.stringify(returnable)).not.toMatch(/giver|4242/i)

    const stranger = await call('POST', '/api/v3/gift_returns', bob.cookie, { orderLineId: returnable[0]!.orderLineId, quantity: 1, reason: 'duplicate' })
    expect(stranger.status).toBe(404)
    expect(await (await call('GET', '/api/v3/gift_returns', bob.cookie)).json()).toEqual({ giftReturns: [], returnable: [] })

    const made = await call('POST', '/api/v3/gift_returns', owner.cookie, { orderLineId: returnable[0]!.orderLineId, quantity: 1, reason: 'duplicate' })
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({ balanceCents: 4_200, giftReturn: { quantity: 1, creditCents: 4_200, status: 'restocked' } })
    const twice = await call('POST', '/api/v3/gift_returns', owner.cookie, { orderLineId: returnable[0]!.orderLineId, quantity: 1, reason: 'duplicate' })
    expect(twice.status).toBe(409)
    const badReason = await call('POST', '/api/v3/gift_returns', owner.cookie, { orderLineId: returnable[0]!.orderLineId, quantity: 1, reason: 'because' })
    expect(badReason.status).toBe(422)
    expect((await call('GET', '/api/v3/user_credit', owner.cookie)).status).toBe(200)
  })
})

test('every endpoint is in the OpenAPI document', async () => {
  const doc = (await (await call('GET', '/api/v3/openapi.json')).json()) as { paths: Record<string, unknown> }
  for (const path of ['/api/v3/gift_cards', '/api/v3/gift_cards/{id}', '/api/v3/user_credit', '/api/v3/user_credit_redemptions', '/api/v3/gift_returns']) expect(doc.paths[path], path).toBeDefined()
})
