// A guest's view never carries the owner's street address or email, or any guest's email: every
// guest-facing response (anonymous, and as another signed-in user) is searched for them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'

let h: RegistryApiHarness
let owner: { cookie: string; email: string }
let other: { cookie: string; email: string }
let registryId: number
let slug: string
let itemIds: number[]
const reservationIds: string[] = []

const STREET = '742 Evergreen Terrace'
const LINE2 = 'Apartment 3B'
const guestEmails = ['aunt.june@example.test', 'coworker.sam@example.test', 'grandpa.lee@example.test']

beforeAll(async () => {
  h = await registryApiHarness(83_000)
  const products = await h.createProducts(3)
  owner = await h.signUp('Owner')
  other = await h.signUp('Other')
  const r = await h.createRegistry(owner.cookie, { searchLevel: 'google' })
  registryId = r.id
  slug = r.slug
  const patched = await h.call('PATCH', `/api/v3/registries/${r.id}`, {
    cookie: owner.cookie,
    body: { searchLevel: 'google', welcomeNote: 'Welcome!', shippingAddress: { name: 'Maya Rivera', line1: STREET, line2: LINE2, city: 'Springfield', state: 'OR', zip: '97477' } },
  })
  expect(patched.status).toBe(200)
  itemIds = []
  for (const productId of products) {
    itemIds.push((await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId, quantity: 3 } })).json.id)
  }
  for (const [i, email] of guestEmails.entries()) {
    const res = await h.call('POST', `/api/v3/reg_items/${itemIds[i]}/reservations`, {
      body: { giverName: `Guest ${i}`, giverEmail: email, giftMessage: 'Congratulations!', purchased: i === 2 },
    })
    expect(res.status).toBe(201)
    reservationIds.push(res.json.id)
  }
  // a thank-you address left by a guest is for the owner only
  await h.call('PATCH', `/api/v3/reservations/${reservationIds[0]}`, { body: { thankYouAddress: { name: 'June', line1: '1 Guest Lane', city: 'Salem', state: 'OR', zip: '97301' } } })
})

afterAll(async () => {
  await h?.drop()
})

function guestFacing(): [string, string][] {
  const id = registryId
  return [
    ['GET', `/api/v3/registries/${id}`],
    ['GET', `/api/v3/registries/${id}/reg_items`],
    ['GET', `/api/v3/registries/${id}/categories`],
    ['GET', `/api/v3/registries/${id}/reservations?view=guest`],
    ['GET', `/api/v3/registries/${id}/filter_sort_options`],
    ['GET', `/api/v3/registries/${id}/visitor_reservations?${reservationIds.map((r) => `ids[]=${r}`).join('&')}`],
    ...reservationIds.map((r): [string, string] => ['GET', `/api/v3/reservations/${r}`]),
    // owner-only endpoints: whatever they answer others must not leak either
    ['GET', `/api/v3/registries/${id}/reservations`],
    ['GET', `/api/v3/registries/${id}/gift_givers`],
    ['GET', `/api/v3/registries/${id}/registry_setup_goals`],
    ['GET', `/api/v3/registries/${id}/share`],
    ...itemIds.map((i): [string, string] => ['GET', `/api/v3/reg_items/${i}/reservations`]),
    ['GET', '/api/v3/reservations'],
  ]
}

const secrets = () => [STREET, LINE2, '97477', owner.email, '1 Guest Lane', ...guestEmails]

describe('privacy of the guest view', () => {
  test('no guest-facing response, anonymous or as another user, contains the street, the owner email or any guest email', async () => {
    let checked = 0
    for (const cookie of [undefined, other.cookie]) {
      for (const [method, path] of guestFacing()) {
        const res = await h.call(method, path, { cookie })
        expect(res.status, path).toBeLessThan(500)
        for (const secret of secrets()) expect(res.text.toLowerCase(), `${path} leaks ${secret}`).not.toContain(secret.toLowerCase())
        checked++
      }
    }
    expect(checked).toBeGreaterThan(25)
  })

  test('a guest sees the city and state where gifts ship, and the owner sees the full address and the givers', async () => {
    const guest = await h.call('GET', `/api/v3/registries/${registryId}`)
    expect(guest.json.registry.shipsTo).toEqual({ city: 'Springfield', state: 'OR' })
    const ownerView = await h.call('GET', `/api/v3/registries/${registryId}`, { cookie: owner.cookie })
    expect(ownerView.text).toContain(STREET)
    const tracker = await h.call('GET', `/api/v3/registries/${registryId}/reservations`, { cookie: owner.cookie })
    expect(tracker.json.gifts.map((g: { giverName: string }) => g.giverName).sort()).toEqual(['Guest 0', 'Guest 1', 'Guest 2'])
  })

  test("the owner's ?view=guest shows exactly what guests see", async () => {
    const asGuest = await h.call('GET', `/api/v3/registries/${registryId}?view=guest`, { cookie: owner.cookie })
    const anonymous = await h.call('GET', `/api/v3/registries/${registryId}`)
    expect(asGuest.json).toEqual(anonymous.json)
    for (const secret of secrets()) expect(asGuest.text).not.toContain(secret)
  })

  test('one guest holding their reservation id cannot read another guest’s email through visitor_reservations', async () => {
    const res = await h.call('GET', `/api/v3/registries/${registryId}/visitor_reservations?ids[]=${reservationIds[0]}`)
    expect(res.json.reservations).toHaveLength(1)
    expect(Object.keys(res.json.reservations[0]).sort()).toEqual(['id', 'isActive', 'quantity', 'regItemId', 'status'])
  })

  test('a private registry is reachable by its link but never found by name', async () => {
    await h.call('PATCH', `/api/v3/registries/${registryId}`, { cookie: owner.cookie, body: { searchLevel: 'private' } })
    expect((await h.call('GET', `/api/v3/registries/${registryId}`)).status).toBe(200)
    expect(await h.services.registry.find('Rivera')).toEqual([])
    expect(await h.services.registry.publicSlugs()).not.toContain(slug)
    await h.call('PATCH', `/api/v3/registries/${registryId}`, { cookie: owner.cookie, body: { searchLevel: 'google' } })
    expect(await h.services.registry.publicSlugs()).toContain(slug)
  })
})
