// Who may reach a reservation (security issue 32, items 1 and 9): an account reaches the reservations made under an
// email only once it has proven that email, and the owner's gift tracker carries no guest's reservation key.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { users } from '../accounts/accounts.schema'
import { emailOutbox } from '../email/email.schema'

let h: RegistryApiHarness
let products: number[]
let n = 0

beforeAll(async () => {
  h = await registryApiHarness(89_000)
  products = await h.createProducts(2)
})

afterAll(async () => {
  await h?.drop()
})

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '94107' }
const key = () => `reach-${++n}-${Date.now()}`

/** An owner's registry with one gift, reserved by an anonymous guest under `giverEmail`. */
async function reservedByGuest(giverEmail: string) {
  const owner = await h.signUp('Owner')
  const registry = await h.createRegistry(owner.cookie)
  const item = await h.call('POST', `/api/v3/registries/${registry.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[0], quantity: 2 } })
  expect(item.status, item.text).toBe(201)
  const made = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: { quantity: 1, giverName: 'Aunt June', giverEmail } })
  expect(made.status, made.text).toBe(201)
  return { owner, registry, itemId: item.json.id as number, reservationId: made.json.id as string }
}

/**
 * An account signed in with `email` unconfirmed. Sign-up no longer signs anyone in before the emailed link is opened
 * (decision 035), so this stands for an account made before that, whose session still works.
 */
async function unconfirmedAccount(email: string) {
  const made = await signUpThroughApi(h.call, h.database.db, { firstName: 'Eve', lastName: 'Probe', email, password: 'counting engine 1843' })
  await h.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, made.id))
  return made
}

describe("a guest's reservations and the accounts that share their email", () => {
  test("signing up with a guest's email signs nobody in and reaches none of their reservations", async () => {
    const email = `june.new.${Date.now()}@example.test`
    const { reservationId } = await reservedByGuest(email)
    const started = await h.call('POST', '/api/v3/user', { body: { firstName: 'Eve', lastName: 'Probe', email, password: 'counting engine 1843' } })
    expect(started.status, started.text).toBe(202)
    expect(started.headers.get('set-cookie')).toBeNull()
    expect(started.text).not.toContain(reservationId)
    expect((await h.call('GET', '/api/v3/reservations')).status).toBe(401)
  })

  test("an unconfirmed account with a guest's email does not see, cancel or buy their reservations; once confirmed it does", async () => {
    const email = `june.${Date.now()}@example.test`
    const { reservationId } = await reservedByGuest(email)
    const probe = await unconfirmedAccount(email)

    const listed = await h.call('GET', '/api/v3/reservations', { cookie: probe.cookie })
    expect(listed.status).toBe(200)
    expect(listed.json.reservations).toEqual([])
    expect(listed.text).not.toContain(reservationId)

    const bought = await h.call('POST', '/api/v3/checkouts', {
      cookie: probe.cookie,
      body: { scope: { reservationIds: [reservationId] }, email, name: 'Eve Probe', card, expected: { totalCents: 1 }, idempotencyKey: key() },
    })
    expect(bought.status, bought.text).toBe(404)
    expect((await h.call('GET', `/api/v3/reservations/${reservationId}`)).json.status).toBe('reserved')

    // The owner of the address clicks the link: now the account has proven the email and reaches its gifts.
    await h.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, probe.id))
    const confirmed = await h.call('GET', '/api/v3/reservations', { cookie: probe.cookie })
    expect(confirmed.json.reservations.map((r: { id: string }) => r.id)).toEqual([reservationId])
  })
})

describe("the owner's gift tracker", () => {
  test("the owner's gift tracker answers carry no reservation bearer ids", async () => {
    const { owner, registry, itemId, reservationId } = await reservedByGuest(`guest.${Date.now()}@example.test`)
    const tracker = await h.call('GET', `/api/v3/registries/${registry.id}/reservations`, { cookie: owner.cookie })
    expect(tracker.status).toBe(200)
    expect(tracker.json.gifts).toHaveLength(1)
    expect(tracker.text).not.toContain(reservationId)
    const perItem = await h.call('GET', `/api/v3/reg_items/${itemId}/reservations`, { cookie: owner.cookie })
    expect(perItem.json.reservations).toHaveLength(1)
    expect(perItem.text).not.toContain(reservationId)
    const givers = await h.call('GET', `/api/v3/registries/${registry.id}/gift_givers`, { cookie: owner.cookie })
    expect(givers.text).not.toContain(reservationId)
  })

  test("the owner cannot cancel a guest's reservation with what the tracker gives them, and still ticks thank-you sent", async () => {
    const { owner, registry, itemId, reservationId } = await reservedByGuest(`guest2.${Date.now()}@example.test`)
    const tracker = await h.call('GET', `/api/v3/registries/${registry.id}/reservations`, { cookie: owner.cookie })
    const giftId = tracker.json.gifts[0].id as string

    expect((await h.call('DELETE', `/api/v3/reservations/${giftId}`, { cookie: owner.cookie })).status).toBe(404)
    expect((await h.call('POST', `/api/v3/reservations/${giftId}/recover`, { cookie: owner.cookie })).status).toBe(404)
    expect((await h.call('GET', `/api/v3/reservations/${reservationId}`)).json.status).toBe('reserved')
    const item = await h.call('GET', `/api/v3/reg_items/${itemId}/reservations`, { cookie: owner.cookie })
    expect(item.json.reservations[0]).toMatchObject({ id: giftId, status: 'reserved' })

    const sent = await h.call('PATCH', `/api/v3/gifts/${giftId}`, { cookie: owner.cookie, body: { thankYouSent: true } })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.json).toMatchObject({ id: giftId, thankYouSent: true })
    expect(sent.text).not.toContain(reservationId)
    const after = await h.call('GET', `/api/v3/registries/${registry.id}/reservations`, { cookie: owner.cookie })
    expect(after.json.counts).toEqual({ gifts: 1, thankYouSent: 1, toThank: 0, notReceived: 1 })

    // Nobody else ticks it, and a reservation id (the guest's key) is not a gift id.
    const stranger = await h.signUp('Stranger')
    expect((await h.call('PATCH', `/api/v3/gifts/${giftId}`, { cookie: stranger.cookie, body: { thankYouSent: false } })).status).toBe(404)
    expect((await h.call('PATCH', `/api/v3/gifts/${giftId}`, { body: { thankYouSent: false } })).status).toBe(401)
    expect((await h.call('PATCH', `/api/v3/gifts/${reservationId}`, { cookie: owner.cookie, body: { thankYouSent: false } })).status).toBe(404)
    expect((await h.call('PATCH', `/api/v3/gifts/${giftId}`, { cookie: owner.cookie, body: { thankYouSent: 'yes' } })).status).toBe(422)
  })

  test("through the API the family marks a gift received, filters the tracker, and asks the giver for a thank-you address once a day", async () => {
    const giverEmail = `guest3.${Date.now()}@example.test`
    const { owner, registry, reservationId } = await reservedByGuest(giverEmail)
    const giftId = (await h.call('GET', `/api/v3/registries/${registry.id}/reservations`, { cookie: owner.cookie })).json.gifts[0].id as string

    const received = await h.call('PATCH', `/api/v3/gifts/${giftId}`, { cookie: owner.cookie, body: { received: true } })
    expect(received.status, received.text).toBe(200)
    expect(received.json).toMatchObject({ id: giftId, kind: 'reserved', received: true, thankYouSent: false, canAskForAddress: true, giverName: 'Aunt June' })
    expect((await h.call('PATCH', `/api/v3/gifts/${giftId}`, { cookie: owner.cookie, body: {} })).status).toBe(422)
    const toThank = await h.call('GET', `/api/v3/registries/${registry.id}/reservations?show=to-thank`, { cookie: owner.cookie })
    expect(toThank.json.gifts.map((g: { id: string }) => g.id)).toEqual([giftId])
    const thanked = await h.call('GET', `/api/v3/registries/${registry.id}/reservations?show=thanked`, { cookie: owner.cookie })
    expect(thanked.json).toMatchObject({ gifts: [], counts: { gifts: 1, toThank: 1, notReceived: 0 } })
    expect((await h.call('GET', `/api/v3/registries/${registry.id}/reservations?show=nonsense`, { cookie: owner.cookie })).status).toBe(422)

    const stranger = await h.signUp('Stranger')
    expect((await h.call('POST', `/api/v3/gifts/${giftId}/address_requests`, { cookie: stranger.cookie })).status).toBe(404)
    const asked = await h.call('POST', `/api/v3/gifts/${giftId}/address_requests`, { cookie: owner.cookie })
    expect(asked.status, asked.text).toBe(200)
    expect(asked.json).toMatchObject({ id: giftId, canAskForAddress: false })
    expect(asked.json.addressRequestedAt).toEqual(expect.any(String))
    const again = await h.call('POST', `/api/v3/gifts/${giftId}/address_requests`, { cookie: owner.cookie })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toMatch(/already asked Aunt June/)
    const mail = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, giverEmail))
    const ask = mail.filter((m) => m.subject.includes('thank-you note'))
    expect(ask).toHaveLength(1)
    // The link is the giver's own gift page, on our host; the family never sees that key.
    expect(JSON.stringify(ask[0])).toContain(`/reservations/${reservationId}`)
    expect(asked.text).not.toContain(reservationId)
  })
})
