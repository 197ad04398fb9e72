// The staff stock and promotional store credit pages (docs/decisions/029): who may open them, what their
// actions save, the 'Back in stock' emails when an option comes back from 0, and the credit's ledger entry.
// Loaders and actions run as React Router calls them, with real session cookies and services over a test database.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { giftCardMessages } from '~/modules/giftcards/giftcards.validation'
import { stockMessages } from '~/modules/inventory/inventory.validation'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { get, post, run } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { action as stockAction, loader as stockLoader } from './stock'
import { action as creditAction, loader as creditLoader } from './store-credit'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let customer: { cookie: string; id: number; email: string }
let staff: { cookie: string; id: number; email: string }
let category: number
let brand: number
let n = 0
const factories = catalogFactories(() => database.db, 88_000)

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
  category = (await factories.createCategory({ urlSlug: 'staff-tools-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

const args = (request: Request) => ({ request, params: {}, context }) as never

describe('/admin/stock', () => {
  test('customers and anonymous visitors get the 404 page, for the page and for saving', async () => {
    for (const cookie of [undefined, customer.cookie]) {
      expect((await run(() => stockLoader(args(get('/admin/stock?q=swaddle', cookie))))).status).toBe(404)
      expect((await run(() => stockAction(args(post('/admin/stock', cookie, { productId: 1, optionKey: '', quantity: 5, expected: 0 }))))).status).toBe(404)
    }
  })

  test('staff find a product by name or id and see every option; raising a sold-out option emails its waiting subscribers once', async () => {
    const p = await factories.createProduct({ categoryId: category, brandId: brand, name: 'Staff Tools Cloud Sleeper', priceCents: 4_500, stock: 0, options: { sizes: ['NB', '0-3M'] } })
    await services.inventory.subscribe(null, { productId: p.id, email: 'waiting-nb@example.test', size: 'NB' })
    await services.inventory.subscribe(null, { productId: p.id, email: 'waiting-any@example.test' })
    await services.inventory.subscribe(null, { productId: p.id, email: 'waiting-03@example.test', size: '0-3M' })

    const byName = await run<{ products: { id: number; waiting: number; options: { optionKey: string; quantity: number }[] }[] }>(() => stockLoader(args(get('/admin/stock?q=tools%20cloud', staff.cookie))))
    expect(byName.status).toBe(200)
    expect(byName.body.products).toEqual([expect.objectContaining({ id: p.id, waiting: 3, options: [expect.objectContaining({ optionKey: 'size=NB', quantity: 0 }), expect.objectContaining({ optionKey: 'size=0-3M', quantity: 0 })] })])
    const byId = await run<{ products: { id: number }[] }>(() => stockLoader(args(get(`/admin/stock?q=${p.id}`, staff.cookie))))
    expect(byId.body.products[0]!.id).toBe(p.id)

    const saved = await run<{ ok: boolean; message: string }>(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: p.id, optionKey: 'size=NB', quantity: '12', expected: 0 }))))
    expect(saved).toEqual({ status: 200, body: expect.objectContaining({ ok: true, quantity: 12 }) })
    expect(saved.body.message).toContain('2 shoppers were emailed')
    expect(await services.orders.stockOf(p.id, 'size=NB')).toBe(12)
    const backInStock = async () => (await database.pool.query(`select to_address, text from email_outbox where subject = 'Back in stock: Staff Tools Cloud Sleeper' order by to_address`)).rows as { to_address: string; text: string }[]
    const mails = await backInStock()
    expect(mails.map((m) => m.to_address)).toEqual(['waiting-any@example.test', 'waiting-nb@example.test'])
    expect(mails[0]!.text).toContain('https://nestlist.test/')

    // Lowering it (12 → 3) and raising it again (3 → 8) sends nothing more; the 0-3M subscriber still waits.
    await run(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: p.id, optionKey: 'size=NB', quantity: 3, expected: 12 }))))
    await run(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: p.id, optionKey: 'size=NB', quantity: 8, expected: 3 }))))
    expect(await backInStock()).toHaveLength(2)
  })

  test('a count that changed meanwhile (an order, another staff member) is 409 with the new count; bad input is 422 and nothing is saved', async () => {
    const p = await factories.createProduct({ categoryId: category, brandId: brand, name: 'Staff Tools Moon Lamp', priceCents: 3_000, stock: 5 })
    const stale = await run<{ ok: boolean; message: string; typed: string }>(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: p.id, optionKey: '', quantity: 9, expected: 4 }))))
    expect(stale).toMatchObject({ status: 409, body: { ok: false, message: stockMessages.changed(5), typed: '9' } })
    for (const quantity of ['-1', '2.5', 'lots', '', '100001']) {
      expect(await run(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: p.id, optionKey: '', quantity, expected: 5 }))))).toMatchObject({ status: 422, body: { fields: { quantity: [stockMessages.quantity] } } })
    }
    expect(await run(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: p.id, optionKey: 'size=XL', quantity: 1, expected: 5 }))))).toMatchObject({ status: 422 })
    expect((await run(() => stockAction(args(post('/admin/stock', staff.cookie, { productId: 2_000_000_000, optionKey: '', quantity: 1, expected: 0 }))))).status).toBe(404)
    expect(await services.orders.stockOf(p.id)).toBe(5)
  })
})

describe('/admin/store-credit', () => {
  test('customers and anonymous visitors get the 404 page, for the page and for granting', async () => {
    for (const cookie of [undefined, customer.cookie]) {
      expect((await run(() => creditLoader(args(get('/admin/store-credit', cookie))))).status).toBe(404)
      expect((await run(() => creditAction(args(post('/admin/store-credit', cookie, { email: customer.email, amount: '10', reason: 'Sorry', idempotencyKey: 'k'.repeat(36) }))))).status).toBe(404)
    }
    expect((await services.giftCards.creditOf(customer.id)).balanceCents).toBe(0)
  })

  test('staff grant credit by email with a reason: the ledger records who granted it, the user sees it in their history and the API; a double submit grants once', async () => {
    const page = await run<{ formKey: string }>(() => creditLoader(args(get('/admin/store-credit', staff.cookie))))
    const form = { email: ` ${customer.email.toUpperCase()} `, amount: '$12.50', reason: 'Sorry your order arrived late', idempotencyKey: page.body.formKey }
    const first = await run<{ ok: boolean; message: string }>(() => creditAction(args(post('/admin/store-credit', staff.cookie, form))))
    expect(first).toEqual({ status: 200, body: { ok: true, message: `$12.50 of store credit was given to ${customer.email}. Their balance is now $12.50.` } })
    const twin = await run<{ ok: boolean; message: string }>(() => creditAction(args(post('/admin/store-credit', staff.cookie, form))))
    expect(twin.body.message).toContain('was already made')

    const entries = (await database.pool.query(`select amount_cents, balance_after_cents, note, granted_by_user_id::int as granted_by_user_id from user_credit_entries where user_id = $1 and reason = 'promotion'`, [customer.id])).rows
    expect(entries).toEqual([{ amount_cents: 1_250, balance_after_cents: 1_250, note: 'Sorry your order arrived late', granted_by_user_id: staff.id }])
    const app = createApp({ services, logger: pino({ level: 'silent' }), supportEmail: 'help@example.test' })
    const api = await app.request('/api/v3/user_credit', { headers: { Cookie: customer.cookie } })
    expect(await api.json()).toMatchObject({ balanceCents: 1_250, entries: [{ amountCents: 1_250, reason: 'promotion', note: 'Sorry your order arrived late' }] })
    const recent = await run<{ recent: { email: string; grantedBy: string; amountCents: number }[] }>(() => creditLoader(args(get('/admin/store-credit', staff.cookie))))
    expect(recent.body.recent[0]).toMatchObject({ email: customer.email, grantedBy: staff.email, amountCents: 1_250 })
  })

  test('an unknown email, a bad amount or a missing reason: 422 with the field named, what was typed kept, nothing given', async () => {
    const key = 'f'.repeat(36)
    const noAccount = await run<{ fields: Record<string, string[]>; values: { email: string } }>(() =>
      creditAction(args(post('/admin/store-credit', staff.cookie, { email: 'nobody@example.test', amount: '10', reason: 'Goodwill', idempotencyKey: key }))),
    )
    expect(noAccount).toMatchObject({ status: 422, body: { fields: { email: [giftCardMessages.promotionNoAccount] }, values: { email: 'nobody@example.test' } } })
    for (const amount of ['0', '0.50', '500.01', 'ten', '', '1.234']) {
      expect(await run(() => creditAction(args(post('/admin/store-credit', staff.cookie, { email: customer.email, amount, reason: 'Goodwill', idempotencyKey: key }))))).toMatchObject({
        status: 422,
        body: { fields: { amountCents: [giftCardMessages.promotionAmount] }, values: { amount } },
      })
    }
    expect(await run(() => creditAction(args(post('/admin/store-credit', staff.cookie, { email: customer.email, amount: '5', reason: ' ', idempotencyKey: key }))))).toMatchObject({
      status: 422,
      body: { fields: { reason: [giftCardMessages.promotionReason] } },
    })
    expect((await database.pool.query(`select 1 from user_credit_entries where idempotency_key = $1`, [key])).rowCount).toBe(0)
  })
})
