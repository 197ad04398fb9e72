import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
let alice: { cookie: string; id: number }
let bob: { cookie: string; id: number }

beforeAll(async () => {
  t = await createTestApp()
  alice = await t.signUp('Alice')
  bob = await t.signUp('Bob')
})

afterAll(async () => {
  await t?.drop()
})

const PATH = '/api/v3/restricted/email_preferences'
type Body = { categories: { id: string; optional: boolean; subscribed: boolean }[] }
const put = (cookie: string | undefined, body: unknown) => t.request('PUT', PATH, { cookie, body })

describe('/api/v3/restricted/email_preferences', () => {
  test('anonymous requests get 401', async () => {
    expect((await t.app.request(PATH)).status).toBe(401)
    expect((await put(undefined, { subscribed: [] })).status).toBe(401)
  })

  test("a user's opt-out changes only their own preferences and is honoured by isOptedOut", async () => {
    const res = await put(alice.cookie, { subscribed: ['registry_activity', 'registry_tips', 'pregnancy_weekly'] })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Body
    expect(body.categories.find((c) => c.id === 'shop_offers')?.subscribed).toBe(false)
    expect(body.categories.find((c) => c.id === 'account')).toMatchObject({ optional: false, subscribed: true })
    expect(await t.services.emailPreferences.isOptedOut(alice.id, 'shop_offers')).toBe(true)

    const bobs = (await (await t.app.request(PATH, { headers: { Cookie: bob.cookie } })).json()) as Body
    expect(bobs.categories.every((c) => c.subscribed)).toBe(true)
    expect(await t.services.emailPreferences.isOptedOut(bob.id, 'shop_offers')).toBe(false)
  })

  test('an unknown category answers 422 and changes nothing', async () => {
    const before = await (await t.app.request(PATH, { headers: { Cookie: alice.cookie } })).json()
    const res = await put(alice.cookie, { subscribed: ['spam'] })
    expect(res.status).toBe(422)
    expect(await (await t.app.request(PATH, { headers: { Cookie: alice.cookie } })).json()).toEqual(before)
  })

  test('registry activity comes as each gift happens or in a daily digest, per person; anything else is 422', async () => {
    const read = async (cookie: string) => ((await (await t.app.request(PATH, { headers: { Cookie: cookie } })).json()) as { registryActivityDelivery: string }).registryActivityDelivery
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
    const doc = (await (await t.app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths[PATH] ?? {}).sort()).toEqual(['get', 'put'])
  })
})
