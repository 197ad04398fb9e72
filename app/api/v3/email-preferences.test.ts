import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let alice: { cookie: string; id: number }
let bob: { cookie: string; id: number }

async function signUp(name: string) {
  const { token, user } = await signUpConfirmed(
    services.accounts,
    database.db,
    { firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}-prefs-${Date.now()}@example.test`, password: `long enough ${name} pass` },
    { ip: '203.0.113.10', userAgent: 'vitest' },
  )
  return { cookie: `nestlist_session=${token}`, id: user.id }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  alice = await signUp('Alice')
  bob = await signUp('Bob')
})

afterAll(async () => {
  await database?.drop()
})

const PATH = '/api/v3/restricted/email_preferences'
type Body = { categories: { id: string; optional: boolean; subscribed: boolean }[] }
const put = (cookie: string | undefined, body: unknown) =>
  app.request(PATH, {
    method: 'PUT',
    headers: { ...(cookie ? { Cookie: cookie } : {}), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('/api/v3/restricted/email_preferences', () => {
  test('anonymous requests get 401', async () => {
    expect((await app.request(PATH)).status).toBe(401)
    expect((await put(undefined, { subscribed: [] })).status).toBe(401)
  })

  test("a user's opt-out changes only their own preferences and is honoured by isOptedOut", async () => {
    const res = await put(alice.cookie, { subscribed: ['registry_activity', 'registry_tips', 'pregnancy_weekly'] })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Body
    expect(body.categories.find((c) => c.id === 'shop_offers')?.subscribed).toBe(false)
    expect(body.categories.find((c) => c.id === 'account')).toMatchObject({ optional: false, subscribed: true })
    expect(await services.emailPreferences.isOptedOut(alice.id, 'shop_offers')).toBe(true)

    const bobs = (await (await app.request(PATH, { headers: { Cookie: bob.cookie } })).json()) as Body
    expect(bobs.categories.every((c) => c.subscribed)).toBe(true)
    expect(await services.emailPreferences.isOptedOut(bob.id, 'shop_offers')).toBe(false)
  })

  test('an unknown category answers 422 and changes nothing', async () => {
    const before = await (await app.request(PATH, { headers: { Cookie: alice.cookie } })).json()
    const res = await put(alice.cookie, { subscribed: ['spam'] })
    expect(res.status).toBe(422)
    expect(await (await app.request(PATH, { headers: { Cookie: alice.cookie } })).json()).toEqual(before)
  })

  test('registry activity comes as each gift happens or in a daily digest, per person; anything else is 422', async () => {
    const read = async (cookie: string) => ((await (await app.request(PATH, { headers: { Cookie: cookie } })).json()) as { registryActivityDelivery: string }).registryActivityDelivery
    expect(await read(alice.cookie)).toBe('instant')
    const res = await put(alice.cookie, { subscribed: ['registry_activity'], registryActivityDelivery: 'daily' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { registryActivityDelivery: string }).registryActivityDelivery).toBe('daily')
    expect(await read(bob.cookie)).toBe('instant')
    // Left out: unchanged.
    expect((await put(alice.cookie, { subscribed: ['registry_activity'] })).status).toBe(200)
    expect(await read(alice.cookie)).toBe('daily')
    expect((await put(alice.cookie, { subscribed: [], registryActivityDelivery: 'hourly' })).status).toBe(422)
    expect(await read(alice.cookie)).toBe('daily')
  })

  test('is in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths[PATH] ?? {}).sort()).toEqual(['get', 'put'])
  })
})
