// The pages behave as the API does (security issue 32, items 1 and 9): /reservations lists a guest's gifts to an
// account only once it has confirmed their email, and the gift tracker page carries no reservation id (the giver's
// key) yet still ticks thank-you sent. Loaders and actions run as React Router calls them, with real sessions.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { action as trackerAction, loader as trackerLoader } from '../registry/gift-tracker'
import { loader as reservationsLoader } from './index'

let h: RegistryApiHarness
let context: AppLoadContext
let productId: number

beforeAll(async () => {
  h = await registryApiHarness(89_500)
  productId = (await h.createProducts(1))[0]!
  context = { services: h.services, logger: pino({ level: 'silent' }), nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
})

afterAll(async () => {
  await h?.drop()
})

const request = (path: string, cookie: string, init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, { ...init, headers: { Cookie: cookie, ...(init.headers ?? {}) } })

async function reservedByGuest(giverEmail: string) {
  const owner = await h.signUp('Owner')
  const registry = await h.createRegistry(owner.cookie)
  const item = await h.call('POST', `/api/v3/registries/${registry.id}/reg_items`, { cookie: owner.cookie, body: { productId, quantity: 2 } })
  const made = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: { quantity: 1, giverName: 'Aunt June', giverEmail } })
  expect(made.status, made.text).toBe(201)
  return { owner, registry, reservationId: made.json.id as string }
}

describe('pages', () => {
  test("/reservations of an unconfirmed account with a guest's email lists none of the guest's gifts", async () => {
    const email = `page.june.${Date.now()}@example.test`
    const { reservationId } = await reservedByGuest(email)
    // Signed in unconfirmed: an account made before email-first sign-up (decision 035), whose session still works.
    const { cookie, id } = await signUpThroughApi(h.call, h.database.db, { firstName: 'Eve', lastName: 'Probe', email, password: 'counting engine 1843' })
    await h.database.pool.query('update users set email_verified_at = null where id = $1', [id])
    const page = await reservationsLoader({ request: request('/reservations', cookie), params: {}, context } as Parameters<typeof reservationsLoader>[0])
    expect(page.groups).toEqual([])
    expect(JSON.stringify(page)).not.toContain(reservationId)
  })

  test('the gift tracker page carries no reservation ids and ticks thank-you sent by the gift id', async () => {
    const { owner, registry, reservationId } = await reservedByGuest(`page.guest.${Date.now()}@example.test`)
    const args = (init: RequestInit = {}) =>
      ({ request: request(`/registry/${registry.id}/gift-tracker`, owner.cookie, init), params: { x: String(registry.id) }, context }) as Parameters<typeof trackerLoader>[0]
    const page = await trackerLoader(args())
    expect(page.gifts).toHaveLength(1)
    expect(JSON.stringify(page)).not.toContain(reservationId)

    const form = new URLSearchParams({ intent: 'thank-you', id: page.gifts[0]!.id, sent: 'true' })
    const result = await trackerAction(args({ method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }) as Parameters<typeof trackerAction>[0])
    expect((result as { data: { ok: boolean } }).data.ok).toBe(true)
    expect((await trackerLoader(args())).counts).toEqual({ gifts: 1, thankYouSent: 1, toThank: 0, notReceived: 1 })
  })
})
