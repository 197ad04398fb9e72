// The staff gift card pages (docs/decisions/023, amendment h15): who may open them, the search, and the two
// support actions (a new code; the balance into a customer's store credit) keeping what was typed on failure.
// Also /admin/reservations (docs/decisions/013, amendment h15).
// Loaders and actions run as React Router calls them, with real session cookies and services over a test database.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { giftCardSupportStrings as t } from '~/modules/giftcards/gift-card-support.strings'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { get, post, run } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { action as cardAction, loader as cardLoader } from './gift-card'
import { loader as cardsLoader } from './gift-cards'
import { action as reservationsAction, loader as reservationsLoader } from './reservations'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let customer: { cookie: string; id: number; email: string }
let staff: { cookie: string; id: number; email: string }
let category: number
let brand: number
let n = 0
const factories = catalogFactories(() => database.db, 87_000)

async function signUp(role: 'user' | 'staff') {
  const email = `${role}${++n}-${Date.now()}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: 'Sam', lastName: 'Okafor', email, password: 'sunflower meadow 42' }, { ip: `203.0.113.${n}`, userAgent: 'vitest' })
  if (role === 'staff') await database.pool.query(`update users set role = 'staff' where id = $1`, [user.id])
  return { cookie: `${SESSION_COOKIE}=${token}`, id: user.id, email }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
  customer = await signUp('user')
  staff = await signUp('staff')
  category = (await factories.createCategory({ urlSlug: 'staff-gift-cards-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

const args = (request: Request) => ({ request, params: {}, context }) as never

const withParams = (request: Request, params: Record<string, string>) => ({ request, params, context }) as never
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' }

async function boughtCard() {
  const product = await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', priceCents: 2_500, stock: 0 })
  const guestToken = services.cart.newGuestToken()
  const recipient = `kit${++n}-${Date.now()}@example.test`
  await services.cart.addGiftCard({ guestToken }, { productId: product.id, amountCents: 4_000, recipientName: 'Kit', recipientEmail: recipient, senderName: 'Ana', message: '' })
  const order = await services.orders.placeOrder({ guestToken }, { idempotencyKey: `page-gc-${n}-${Date.now()}-abcdef`, email: `ana${n}@example.test`, name: 'Ana', card })
  const { rows } = await database.pool.query<{ id: string; last4: string }>(`select id, last4 from gift_cards where order_id = $1`, [order.id])
  return { ...rows[0]!, recipient }
}

describe('/admin/gift-cards', () => {
  test('customers and anonymous visitors get the 404 page, for the pages and the actions', async () => {
    const c = await boughtCard()
    for (const cookie of [undefined, customer.cookie]) {
      expect((await run(() => cardsLoader(args(get(`/admin/gift-cards?q=${c.last4}`, cookie))))).status).toBe(404)
      expect((await run(() => cardLoader(withParams(get(`/admin/gift-cards/${c.id}`, cookie), { id: c.id })))).status).toBe(404)
      expect((await run(() => cardAction(withParams(post(`/admin/gift-cards/${c.id}`, cookie, { intent: 'exchange', reason: 'Lost it', idempotencyKey: 'k'.repeat(36) }), { id: c.id })))).status).toBe(404)
    }
  })

  test('staff search by the last 4 and by account email; a bad query is a message, not an error', async () => {
    const c = await boughtCard()
    const found = await run<{ cards: { value: { id: string }[] } }>(() => cardsLoader(args(get(`/admin/gift-cards?q=${c.last4}`, staff.cookie))))
    expect(found.body.cards.value.map((x) => x.id)).toContain(c.id)
    const bad = await run<{ cards: { error: string } }>(() => cardsLoader(args(get('/admin/gift-cards?q=%3Cb%3E', staff.cookie))))
    expect(bad.status).toBe(200)
    expect(bad.body.cards.error).toBeTruthy()
    const credit = await run<{ credit: { value: { user: { email: string }; balanceCents: number } } }>(() => cardsLoader(args(get(`/admin/gift-cards?email=${encodeURIComponent(customer.email)}`, staff.cookie))))
    expect(credit.body.credit.value).toMatchObject({ user: { email: customer.email }, balanceCents: 0 })
    expect((await run(() => cardLoader(withParams(get('/admin/gift-cards/nope', staff.cookie), { id: 'nope' })))).status).toBe(404)
  })

  test('a new code: a bad form keeps what was typed (422); a good one says where the code went; moving the balance credits the customer', async () => {
    const c = await boughtCard()
    const page = await run<{ formKey: string }>(() => cardLoader(withParams(get(`/admin/gift-cards/${c.id}`, staff.cookie), { id: c.id })))
    const bad = await run<{ ok: boolean; fields: Record<string, string[]>; values: { reason: string; recipientEmail: string } }>(() =>
      cardAction(withParams(post(`/admin/gift-cards/${c.id}`, staff.cookie, { intent: 'exchange', reason: 'no', recipientEmail: 'kit@', idempotencyKey: `${page.body.formKey}-x` }), { id: c.id })),
    )
    expect(bad.status).toBe(422)
    expect(bad.body.values).toMatchObject({ reason: 'no', recipientEmail: 'kit@' })
    expect(Object.keys(bad.body.fields).sort()).toEqual(['reason', 'recipientEmail'])

    const sent = await run<{ ok: boolean; message: string }>(() =>
      cardAction(withParams(post(`/admin/gift-cards/${c.id}`, staff.cookie, { intent: 'exchange', reason: 'Customer deleted the email', recipientEmail: c.recipient, idempotencyKey: `${page.body.formKey}-x` }), { id: c.id })),
    )
    expect(sent.body.ok).toBe(true)
    expect(sent.body.message).toContain(`The old code ending ••••${c.last4} no longer works.`)

    const moved = await run<{ ok: boolean; message: string }>(() =>
      cardAction(withParams(post(`/admin/gift-cards/${c.id}`, staff.cookie, { intent: 'move', email: customer.email, reason: 'Lost the email; order checked', idempotencyKey: `${page.body.formKey}-m` }), { id: c.id })),
    )
    expect(moved.body).toEqual({ ok: true, emailed: true, message: t.moved(4_000, customer.email, 4_000) })
    expect((await services.giftCards.creditOf(customer.id)).balanceCents).toBe(4_000)
    const after = await run<{ card: { status: string; exchanges: unknown[] } }>(() => cardLoader(withParams(get(`/admin/gift-cards/${c.id}`, staff.cookie), { id: c.id })))
    expect(after.body.card).toMatchObject({ status: 'redeemed' })
    expect(after.body.card.exchanges).toHaveLength(1)
  })
})

describe('/admin/reservations', () => {
  test('customers get the 404 page; staff find a giver’s reservation, a release without a reason keeps the card and says why, with one it is released', async () => {
    const product = await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 2_000, name: 'Bunny Rattle' })
    const reg = await services.registry.create(customer.id, {
      registryType: 'baby',
      title: 'Baby Park',
      familyName: 'Jo & Lee Park',
      slug: await services.registry.suggestSlug(`Jo Lee ${++n}`),
      arrivalDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
      planningStage: 'pregnant',
      expecting: 'girl',
    })
    const item = await services.registry.addItem(reg.id, customer.id, { productId: product.id, quantity: 1 })
    const giverEmail = `uncle${++n}@example.test`
    const held = await services.reservations.reserve(item.id, { quantity: 1, giverName: 'Uncle Bo', giverEmail })
    for (const cookie of [undefined, customer.cookie]) {
      expect((await run(() => reservationsLoader(args(get(`/admin/reservations?q=${giverEmail}`, cookie))))).status).toBe(404)
      expect((await run(() => reservationsAction(args(post('/admin/reservations', cookie, { reservationId: held.id, intent: 'remind' }))))).status).toBe(404)
    }
    const page = await run<{ reservations: { id: string; status: string }[] }>(() => reservationsLoader(args(get(`/admin/reservations?q=${giverEmail}`, staff.cookie))))
    expect(page.body.reservations.map((r) => r.id)).toEqual([held.id])
    const bad = await run<{ ok: boolean; reservationId: string; reason: string; fields: Record<string, string[]> }>(() => reservationsAction(args(post('/admin/reservations', staff.cookie, { reservationId: held.id, intent: 'release', reason: 'no' }))))
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ ok: false, reservationId: held.id, reason: 'no' })
    expect(bad.body.fields.reason).toBeDefined()
    const ok = await run<{ ok: boolean; message: string }>(() => reservationsAction(args(post('/admin/reservations', staff.cookie, { reservationId: held.id, intent: 'release', reason: 'The family asked' }))))
    expect(ok.body).toEqual({ ok: true, message: `Bunny Rattle was released and ${giverEmail} was told why.` })
  })
})
