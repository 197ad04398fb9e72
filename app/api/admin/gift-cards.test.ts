// /bl_admin/api (spec §7 'Admin'): staff support for gift cards and store credit, against the real database.
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { searchKind, supportMessages } from '~/modules/giftcards/gift-card-support.server'
import { giftCardMessages } from '~/modules/giftcards/giftcards.validation'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let staff: { cookie: string; id: number; email: string }
let customer: { cookie: string; id: number; email: string }
let giftCardProduct: number
let n = 0
const factories = catalogFactories(() => database.db, 96_000)
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' }

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

const codeIn = (text: string) => text.match(/code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/)![1]!
const mailsTo = async (to: string) => (await database.pool.query<{ text: string; subject: string }>(`select text, subject from email_outbox where to_address = $1 order by id`, [to])).rows

/** A card bought as a guest; its id and code (read from the recipient's email, as they would). */
async function boughtCard(amountCents = 5_000) {
  const recipient = `riley${++n}-${Date.now()}@example.test`
  const guestToken = services.cart.newGuestToken()
  await services.cart.addGiftCard({ guestToken }, { productId: giftCardProduct, amountCents, recipientName: 'Riley', recipientEmail: recipient, senderName: 'Sam', message: '' })
  const order = await services.orders.placeOrder({ guestToken }, { idempotencyKey: `admin-gc-${n}-${Date.now()}-abcdef`, email: `sam${n}@example.test`, name: 'Sam', card })
  const code = codeIn((await mailsTo(recipient))[0]!.text)
  const { rows } = await database.pool.query<{ id: string }>(`select id from gift_cards where order_id = $1`, [order.id])
  return { id: rows[0]!.id, code, recipient, orderId: order.id, buyer: `sam${n}@example.test` }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  const category = (await factories.createCategory({ urlSlug: 'admin-gift-cards' })).id
  const brand = (await factories.createBrand()).id
  giftCardProduct = (await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', priceCents: 2_500, stock: 0 })).id
  staff = await signUp('Staff')
  await database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
  customer = await signUp('Customer')
})
afterAll(async () => {
  await database?.drop()
})

describe('who may call /bl_admin/api', () => {
  test('anonymous 401, a customer 404 (even with a bad body), unknown paths 404 JSON; every endpoint is in the OpenAPI document', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    for (const [method, path, body] of [
      ['GET', '/bl_admin/api/gift_cards?q=ABCD', undefined],
      ['GET', `/bl_admin/api/gift_cards/${id}`, undefined],
      ['GET', '/bl_admin/api/gift_card_exchanges', undefined],
      ['POST', '/bl_admin/api/gift_card_exchanges', { giftCardId: 7 }],
      ['GET', `/bl_admin/api/user_credits?email=${customer.email}`, undefined],
      ['POST', '/bl_admin/api/user_credits', {}],
      ['GET', `/bl_admin/api/user_credit_redemptions?email=${customer.email}`, undefined],
      ['POST', '/bl_admin/api/user_credit_redemptions', {}],
    ] as const) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401)
      expect((await call(method, path, customer.cookie, body)).status, `${method} ${path} customer`).toBe(404)
    }
    const unknown = await call('GET', '/bl_admin/api/nothing_here', staff.cookie)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toContain('application/json')

    const doc = (await (await call('GET', '/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    for (const [path, method] of [
      ['/bl_admin/api/gift_cards', 'get'],
      ['/bl_admin/api/gift_cards/{id}', 'get'],
      ['/bl_admin/api/gift_card_exchanges', 'get'],
      ['/bl_admin/api/gift_card_exchanges', 'post'],
      ['/bl_admin/api/user_credits', 'get'],
      ['/bl_admin/api/user_credits', 'post'],
      ['/bl_admin/api/user_credit_redemptions', 'get'],
      ['/bl_admin/api/user_credit_redemptions', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })

  test('a cross-site write is refused (403) before anything happens', async () => {
    const res = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: '00000000-0000-4000-8000-000000000000', reason: 'x' }, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })
})

describe('finding a gift card', () => {
  test('by the last 4 of its code, an email (recipient or buyer), or a card or order id; the code itself is never returned', async () => {
    const bought = await boughtCard(5_000)
    const last4 = bought.code.slice(-4)
    for (const q of [last4, `••••${last4.toLowerCase()}`, bought.recipient.toUpperCase(), bought.buyer, bought.id, bought.orderId]) {
      const res = await call('GET', `/bl_admin/api/gift_cards?q=${encodeURIComponent(q)}`, staff.cookie)
      expect(res.status, q).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('no-store')
      const { giftCards } = (await res.json()) as { giftCards: { id: string }[] }
      expect(giftCards.map((g) => g.id), q).toContain(bought.id)
    }
    const detail = await call('GET', `/bl_admin/api/gift_cards/${bought.id}`, staff.cookie)
    const body = await detail.json()
    expect(body).toMatchObject({ id: bought.id, last4, initialCents: 5_000, balanceCents: 5_000, status: 'active', recipientEmail: bought.recipient, purchaserEmail: bought.buyer, uses: [], exchanges: [] })
    const raw = JSON.stringify(body).replace(/-/g, '')
    expect(raw).not.toContain(bought.code.replace(/-/g, ''))

    const bad = await call('GET', '/bl_admin/api/gift_cards?q=%3Cscript%3E', staff.cookie)
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(supportMessages.search)
    expect((await call('GET', '/bl_admin/api/gift_cards/not-a-uuid', staff.cookie)).status).toBe(404)
    expect((await call('GET', '/bl_admin/api/gift_cards/00000000-0000-4000-8000-000000000000', staff.cookie)).status).toBe(404)
  })

  test('searchKind reads ids, emails and last 4s, and nothing else', () => {
    expect(searchKind(' 3F1C2A9E-8D0B-4C5E-9A7F-1B2C3D4E5F60 ')).toEqual({ kind: 'id', id: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' })
    expect(searchKind('Riley@Example.test')).toEqual({ kind: 'email', email: 'riley@example.test' })
    expect(searchKind('••••k7qp')).toEqual({ kind: 'last4', last4: 'K7QP' })
    expect(searchKind('K7Q')).toBeNull()
    expect(searchKind("' or 1=1 --")).toBeNull()
  })
})

describe('sending a card a new code (gift_card_exchanges)', () => {
  test('the old code stops working, the new one (emailed to the corrected address) works with the balance left; a repeat of the form sends one code', async () => {
    const bought = await boughtCard(5_000)
    // Part of it was spent already: the balance left is what the new code carries.
    await database.pool.query(`update gift_cards set balance_cents = 3000 where id = $1`, [bought.id])

    const corrected = `fixed-${bought.recipient}`
    const key = `exchange-${Date.now()}-key`
    const res = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: bought.id, reason: 'Customer deleted the email', recipientEmail: corrected }, { 'Idempotency-Key': key })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { exchange: { newLast4: string; oldLast4: string; emailed: boolean; staffEmail: string; recipientEmailBefore: string; recipientEmailAfter: string; balanceCents: number }; giftCard: { last4: string; recipientEmail: string; balanceCents: number } }
    expect(body.exchange).toMatchObject({ oldLast4: bought.code.slice(-4), emailed: true, staffEmail: staff.email, recipientEmailBefore: bought.recipient, recipientEmailAfter: corrected, balanceCents: 3_000 })
    expect(body.giftCard).toMatchObject({ last4: body.exchange.newLast4, recipientEmail: corrected, balanceCents: 3_000 })

    const mail = await mailsTo(corrected)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe('Your Nestlist gift card has a new code')
    expect(mail[0]!.text).toContain('$30 is left on it')
    const newCode = codeIn(mail[0]!.text)
    expect(newCode.slice(-4)).toBe(body.exchange.newLast4)
    expect(newCode).not.toBe(bought.code)

    // Old code: not found; new code: redeems the balance left.
    const redeemer = await signUp('Redeemer')
    await expect(services.giftCards.redeem(redeemer.id, { code: bought.code }, { ip: '' })).rejects.toMatchObject({ message: giftCardMessages.codeNotFound })
    expect(await services.giftCards.redeem(redeemer.id, { code: newCode }, { ip: '' })).toMatchObject({ redeemedCents: 3_000 })

    // The same form again: the same exchange, no second email.
    const again = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: bought.id, reason: 'Customer deleted the email', recipientEmail: corrected, idempotencyKey: key })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ repeated: true, exchange: { newLast4: body.exchange.newLast4 } })
    expect(await mailsTo(corrected)).toHaveLength(1)

    // Now in store credit: no code left to replace (409), and the history shows both.
    const late = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: bought.id, reason: 'Again please', idempotencyKey: `${key}-2` })
    expect(late.status).toBe(409)
    expect(((await late.json()) as { error: { message: string } }).error.message).toBe(supportMessages.redeemed(redeemer.email))
    const detail = (await (await call('GET', `/bl_admin/api/gift_cards/${bought.id}`, staff.cookie)).json()) as { status: string; redeemedByEmail: string; exchanges: unknown[]; uses: { kind: string; amountCents: number }[] }
    expect(detail).toMatchObject({ status: 'redeemed', redeemedByEmail: redeemer.email })
    expect(detail.exchanges).toHaveLength(1)
    expect(detail.uses).toEqual([expect.objectContaining({ kind: 'redeemed_to_credit', amountCents: -3_000 })])
    const list = (await (await call('GET', `/bl_admin/api/gift_card_exchanges?gift_card_id=${bought.id}`, staff.cookie)).json()) as { exchanges: unknown[] }
    expect(list.exchanges).toHaveLength(1)
  })

  test('bad input: 422 with fields; a used-up card 409; the same key for another card 422', async () => {
    const bought = await boughtCard(2_500)
    const bad = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: bought.id, reason: 'x', recipientEmail: 'not an email', idempotencyKey: `bad-${Date.now()}` })
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).sort()).toEqual(['reason', 'recipientEmail'])

    const key = `key-${Date.now()}-reuse`
    expect((await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: bought.id, reason: 'Code seen by someone', idempotencyKey: key })).status).toBe(201)
    const other = await boughtCard(2_500)
    const reused = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: other.id, reason: 'Code seen by someone', idempotencyKey: key })
    expect(reused.status).toBe(422)

    await database.pool.query(`update gift_cards set balance_cents = 0, status = 'used_up' where id = $1`, [other.id])
    const empty = await call('POST', '/bl_admin/api/gift_card_exchanges', staff.cookie, { giftCardId: other.id, reason: 'Lost it', idempotencyKey: `${key}-3` })
    expect(empty.status).toBe(409)
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(supportMessages.usedUp)
  })
})

describe('store credit (user_credits, user_credit_redemptions)', () => {
  test("support moves a card's balance into a customer's credit once; the customer sees why; the ledger and redemptions list it; promotions do not", async () => {
    const bought = await boughtCard(7_500)
    const key = `move-${Date.now()}-key`
    const input = { giftCardId: bought.id, email: customer.email.toUpperCase(), reason: 'Lost the email; order checked' }
    // Two submits of the same form at once: one move.
    const [a, b] = await Promise.all([
      call('POST', '/bl_admin/api/user_credit_redemptions', staff.cookie, input, { 'Idempotency-Key': key }),
      call('POST', '/bl_admin/api/user_credit_redemptions', staff.cookie, input, { 'Idempotency-Key': key }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    expect(await a.json()).toMatchObject({ redeemedCents: 7_500, balanceCents: 7_500, last4: bought.code.slice(-4) })
    const second = await call('POST', '/bl_admin/api/user_credit_redemptions', staff.cookie, input, { 'Idempotency-Key': `${key}-2` })
    expect(second.status).toBe(409)
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(giftCardMessages.staffRedeemNothing)

    const credit = (await (await call('GET', `/bl_admin/api/user_credits?email=${encodeURIComponent(customer.email)}`, staff.cookie)).json()) as { balanceCents: number; entries: { reason: string; note: string; giftCardId: string }[] }
    expect(credit.balanceCents).toBe(7_500)
    expect(credit.entries[0]).toMatchObject({ reason: 'gift_card_redeemed', giftCardId: bought.id })
    expect(credit.entries[0]!.note).toContain('Lost the email; order checked')
    // The customer's own history says the same.
    expect((await services.giftCards.creditOf(customer.id)).entries[0]!.note).toContain('added by Nestlist support')
    const redemptions = (await (await call('GET', `/bl_admin/api/user_credit_redemptions?email=${encodeURIComponent(customer.email)}`, staff.cookie)).json()) as { redemptions: { amountCents: number }[] }
    expect(redemptions.redemptions.map((r) => r.amountCents)).toEqual([7_500])
    expect((await services.giftCards.recentPromotions(50)).some((p) => p.note.includes('Lost the email'))).toBe(false)

    // A promotional grant through the admin path is the staff grant (idempotent).
    const grantKey = `grant-${Date.now()}-key`
    const grant = await call('POST', '/bl_admin/api/user_credits', staff.cookie, { email: customer.email, amountCents: 1_000, reason: 'Late delivery', idempotencyKey: grantKey })
    expect(grant.status).toBe(201)
    expect(await grant.json()).toMatchObject({ amountCents: 1_000, balanceCents: 8_500, repeated: false })
    expect((await call('POST', '/bl_admin/api/user_credits', staff.cookie, { email: customer.email, amountCents: 1_000, reason: 'Late delivery', idempotencyKey: grantKey })).status).toBe(200)

    expect((await call('GET', '/bl_admin/api/user_credits?email=nobody%40example.test', staff.cookie)).status).toBe(404)
    expect((await call('GET', '/bl_admin/api/user_credits?email=nonsense', staff.cookie)).status).toBe(422)
  })
})
