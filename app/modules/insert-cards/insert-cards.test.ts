// Insert cards through the JSON API and the service: who may order, the free first order, the shipping
// address it needs, the spec's quantities, and the status staff move along (ordered → printed → shipped).
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'
import { insertCardMessages } from './insert-cards.service.server'

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let owner: Person
let collaborator: Person
let former: Person
let other: Person

const address = { name: 'Maya Rivera', line1: '12 Elm Street', line2: 'Apt 3', city: 'Portland', state: 'OR', zip: '97201' }

beforeAll(async () => {
  h = await registryApiHarness(84_000)
  owner = await h.signUp('Owner')
  collaborator = await h.signUp('Helper')
  former = await h.signUp('Former')
  other = await h.signUp('Other')
})
afterAll(async () => {
  await h?.drop()
})

async function join(registryId: number, who: Person) {
  expect((await h.call('POST', `/api/v3/registries/${registryId}/collaborators`, { cookie: owner.cookie, body: { email: who.email } })).status).toBe(201)
  const [mail] = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, who.email)).orderBy(desc(emailOutbox.id)).limit(1)
  const token = mail!.text.match(/\/registry\/join\/([a-z2-7]+)/)![1]
  await h.confirmEmail(who.email) // only the invited, confirmed address may accept
  expect((await h.call('POST', '/api/v3/collaborator_invitations/accept', { cookie: who.cookie, body: { token } })).status).toBe(200)
}

async function registryWithHelpers({ withAddress = true } = {}) {
  const r = await h.createRegistry(owner.cookie)
  if (withAddress) expect((await h.call('PATCH', `/api/v3/registries/${r.id}`, { cookie: owner.cookie, body: { shippingAddress: address } })).status).toBe(200)
  await join(r.id, collaborator)
  await join(r.id, former)
  expect((await h.call('DELETE', `/api/v3/registries/${r.id}/collaborators/${former.id}`, { cookie: owner.cookie })).status).toBe(204)
  return r
}

describe('insert card orders', () => {
  test('the first order is free with free shipping, prints the registry’s names, title and address, and ships to its shipping address', async () => {
    const r = await registryWithHelpers()
    const before = await h.call('GET', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie })
    expect(before.json).toEqual({ orders: [], freeOrderAvailable: true })
    const made = await h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity: 40 } })
    expect(made.status, made.text).toBe(201)
    expect(made.json).toMatchObject({
      quantity: 40,
      priceCents: 0,
      shippingCents: 0,
      status: 'ordered',
      shipTo: address,
      // Printed cards name the one public origin (docs/decisions/034), not the host the request named.
      card: { familyName: 'Maya & Leo Rivera', title: 'Baby Rivera', url: `${h.services.publicOrigin}/${r.slug}` },
      printedAt: null,
      shippedAt: null,
    })
    const after = await h.call('GET', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: collaborator.cookie })
    expect(after.json.freeOrderAvailable).toBe(false)
    expect(after.json.orders.map((o: { id: number }) => o.id)).toEqual([made.json.id])
    expect((await h.call('GET', `/api/v3/registries/${r.id}/insert_card_orders/${made.json.id}`, { cookie: owner.cookie })).json.id).toBe(made.json.id)
  })

  test('a second free order is refused with a clear 409, also when two arrive at the same moment', async () => {
    const r = await registryWithHelpers()
    const both = await Promise.all([
      h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity: 10 } }),
      h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: collaborator.cookie, body: { quantity: 100 } }),
    ])
    expect(both.map((x) => x.status).sort()).toEqual([201, 409])
    expect(both.find((x) => x.status === 409)!.json.error.message).toBe(insertCardMessages.alreadyOrdered)
    const again = await h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity: 20 } })
    expect(again.status).toBe(409)
    expect((await h.call('GET', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie })).json.orders).toHaveLength(1)
  })

  test('only the spec’s quantities (10, 20, 30, 40, 50, 75, 100) can be ordered', async () => {
    const r = await registryWithHelpers()
    for (const quantity of [0, 5, 15, 60, 101, -10, 1e9, 'lots', null]) {
      const res = await h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity } })
      expect([quantity, res.status]).toEqual([quantity, 422])
    }
    expect((await h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity: 75 } })).status).toBe(201)
  })

  test('without a shipping address the order is refused (422 naming the address) and nothing is saved', async () => {
    const r = await registryWithHelpers({ withAddress: false })
    const res = await h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity: 20 } })
    expect(res.status).toBe(422)
    expect(res.json.error.fields.shippingAddress).toEqual([insertCardMessages.needsAddress])
    expect((await h.call('GET', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie })).json.freeOrderAvailable).toBe(true)
  })

  test('owner and collaborator may list and order; a former collaborator and another user get 404, anonymous 401', async () => {
    const r = await registryWithHelpers()
    const list = `/api/v3/registries/${r.id}/insert_card_orders`
    for (const [who, status] of [
      [undefined, 401],
      [other, 404],
      [former, 404],
      [collaborator, 200],
      [owner, 200],
    ] as const) {
      expect((await h.call('GET', list, { cookie: who?.cookie })).status).toBe(status)
    }
    for (const [who, status] of [
      [undefined, 401],
      [other, 404],
      [former, 404],
    ] as const) {
      expect((await h.call('POST', list, { cookie: who?.cookie, body: { quantity: 20 } })).status).toBe(status)
    }
    const made = await h.call('POST', list, { cookie: collaborator.cookie, body: { quantity: 20 } })
    expect(made.status).toBe(201)
    const one = `${list}/${made.json.id}`
    expect((await h.call('GET', one, { cookie: other.cookie })).status).toBe(404)
    expect((await h.call('GET', one, { cookie: former.cookie })).status).toBe(404)
    expect((await h.call('GET', one)).status).toBe(401)
    // Another registry's order is not reachable through one's own registry.
    const mine = await h.createRegistry(other.cookie)
    expect((await h.call('GET', `/api/v3/registries/${mine.id}/insert_card_orders/${made.json.id}`, { cookie: other.cookie })).status).toBe(404)
    for (const bad of ['abc', '0', '-1', '99999999999999999999']) expect((await h.call('GET', `${list}/${bad}`, { cookie: owner.cookie })).status).toBe(404)
  })

  test('staff move an order ordered → printed → shipped, one step at a time, and the family sees it', async () => {
    const r = await registryWithHelpers()
    const made = await h.call('POST', `/api/v3/registries/${r.id}/insert_card_orders`, { cookie: owner.cookie, body: { quantity: 30 } })
    const cards = h.services.insertCards
    await expect(cards.advance(made.json.id, 'printed')).rejects.toMatchObject({ code: 'conflict' })
    const printed = await cards.advance(made.json.id, 'ordered')
    expect(printed.status).toBe('printed')
    expect(printed.printedAt).not.toBeNull()
    // A second click on the same 'Mark printed' does not skip a step.
    await expect(cards.advance(made.json.id, 'ordered')).rejects.toMatchObject({ code: 'conflict' })
    expect((await cards.advance(made.json.id, 'printed')).status).toBe('shipped')
    await expect(cards.advance(made.json.id, 'shipped')).rejects.toMatchObject({ code: 'conflict' })
    await expect(cards.advance(987_654_321, 'ordered')).rejects.toMatchObject({ code: 'not_found' })
    const seen = await h.call('GET', `/api/v3/registries/${r.id}/insert_card_orders/${made.json.id}`, { cookie: owner.cookie })
    expect(seen.json.status).toBe('shipped')
    expect(seen.json.shippedAt).not.toBeNull()
    expect((await cards.staffList({ status: 'shipped' })).map((o) => o.id)).toContain(made.json.id)
    expect((await cards.staffList({ status: 'ordered' })).map((o) => o.id)).not.toContain(made.json.id)
  })

  test('the endpoints are in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/v3/openapi.json')).json
    expect(doc.paths['/api/v3/registries/{id}/insert_card_orders'].get).toBeDefined()
    expect(doc.paths['/api/v3/registries/{id}/insert_card_orders'].post).toBeDefined()
    expect(doc.paths['/api/v3/registries/{id}/insert_card_orders/{orderId}'].get).toBeDefined()
  })
})
