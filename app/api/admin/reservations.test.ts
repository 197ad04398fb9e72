// /bl_admin/api reservation calls (spec §7 'Admin'; docs/decisions/013, amendment h15), against the real database.
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reservationSupportMessages } from '~/modules/registry/reservation-support.server'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let staff: { cookie: string; id: number }
let customer: { cookie: string; id: number }
let productId: number
let n = 0
const factories = catalogFactories(() => database.db, 95_000)

async function signUp(name: string) {
  const email = `${name.toLowerCase()}-${++n}-${Date.now()}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: name, lastName: 'Tester', email, password: `long enough ${name} pass` }, { ip: '203.0.113.9', userAgent: 'vitest' })
  return { cookie: `nestlist_session=${token}`, id: user.id }
}

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  app.request(path, { method, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })

async function heldGift() {
  const r = await services.registry.create(customer.id, {
    registryType: 'baby',
    title: 'Baby Chen',
    familyName: `Mei & Tom Chen ${++n}`,
    slug: await services.registry.suggestSlug(`Mei Tom ${n}`),
    arrivalDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    planningStage: 'pregnant',
    expecting: 'boy',
  })
  const item = await services.registry.addItem(r.id, customer.id, { productId, quantity: 2 })
  const giverEmail = `aunt-${n}-${Date.now()}@example.test`
  const held = await services.reservations.reserve(item.id, { quantity: 1, giverName: 'Aunt June', giverEmail })
  return { id: held.id, giverEmail, slug: r.slug }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  const category = (await factories.createCategory({ urlSlug: 'admin-reservations' })).id
  const brand = (await factories.createBrand()).id
  productId = (await factories.createProduct({ categoryId: category, brandId: brand, priceCents: 3_500, name: 'Sleepy Lamb' })).id
  staff = await signUp('Staff')
  await database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
  customer = await signUp('Parent')
})
afterAll(async () => {
  await database?.drop()
})

describe('/bl_admin/api reservations', () => {
  test('anonymous 401, a customer 404 (even with a bad body); every call is in the OpenAPI document', async () => {
    for (const [method, path] of [
      ['GET', '/bl_admin/api/reservations?q=x%40example.test'],
      ['POST', '/bl_admin/api/reservation_reminders'],
      ['POST', '/bl_admin/api/cancel_reservation'],
      ['POST', '/bl_admin/api/unpurchase_reservation'],
    ] as const) {
      const body = method === 'POST' ? { reservationId: 12 } : undefined
      expect((await call(method, path, undefined, body)).status, `${path} anonymous`).toBe(401)
      expect((await call(method, path, customer.cookie, body)).status, `${path} customer`).toBe(404)
    }
    const doc = (await (await call('GET', '/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    for (const [path, method] of [
      ['/bl_admin/api/reservations', 'get'],
      ['/bl_admin/api/reservation_reminders', 'post'],
      ['/bl_admin/api/cancel_reservation', 'post'],
      ['/bl_admin/api/unpurchase_reservation', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })

  test('find, remind (then 409 within a day), mark bought by the giver, un-buy, release with a reason; the giver is emailed', async () => {
    const gift = await heldGift()
    const found = await call('GET', `/bl_admin/api/reservations?q=${encodeURIComponent(gift.giverEmail)}`, staff.cookie)
    expect(found.headers.get('Cache-Control')).toBe('no-store')
    expect(((await found.json()) as { reservations: { id: string }[] }).reservations.map((r) => r.id)).toEqual([gift.id])

    const reminded = await call('POST', '/bl_admin/api/reservation_reminders', staff.cookie, { reservationId: gift.id })
    expect(reminded.status).toBe(201)
    expect(((await reminded.json()) as { remindedAt: string | null }).remindedAt).not.toBeNull()
    expect((await services.email.latestTo(gift.giverEmail))!.subject).toBe('Did you get the Sleepy Lamb for ' + (await services.reservationSupport.get(gift.id)).registry.familyName + '?')
    const again = await call('POST', '/bl_admin/api/reservation_reminders', staff.cookie, { reservationId: gift.id })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(reservationSupportMessages.remindedRecently)

    await services.reservations.markPurchased(gift.id)
    const unbought = await call('POST', '/bl_admin/api/unpurchase_reservation', staff.cookie, { reservationId: gift.id })
    expect(unbought.status).toBe(200)
    expect(await unbought.json()).toMatchObject({ status: 'reserved', source: 'reserved' })

    expect((await call('POST', '/bl_admin/api/cancel_reservation', staff.cookie, { reservationId: gift.id, reason: '' })).status).toBe(422)
    const released = await call('POST', '/bl_admin/api/cancel_reservation', staff.cookie, { reservationId: gift.id, reason: 'The family asked' })
    expect(released.status).toBe(200)
    expect(await released.json()).toMatchObject({ status: 'cancelled' })
    expect((await services.email.latestTo(gift.giverEmail))!.subject).toMatch(/^Your reserved gift for .* was released$/)
    expect((await call('POST', '/bl_admin/api/cancel_reservation', staff.cookie, { reservationId: gift.id, reason: 'The family asked' })).status).toBe(409)
    expect((await call('POST', '/bl_admin/api/unpurchase_reservation', staff.cookie, { reservationId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    expect((await call('GET', '/bl_admin/api/reservations?q=%3Cscript%3E', staff.cookie)).status).toBe(422)
  })
})
