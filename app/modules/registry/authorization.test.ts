// Who may call what, for every registry endpoint: the owner, a collaborator, a former (revoked)
// collaborator, another signed-in user and an anonymous guest. Owner endpoints are open to the owner and
// collaborators; they answer 401 to anonymous callers and 404 to anyone else, former collaborators included
// (never revealing that the registry exists). Guest-readable ones give everyone else the guest shape. Only
// the owner deletes the registry or changes who collaborates (collaborators get 403).
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'

let h: RegistryApiHarness
let owner: { cookie: string; id: number }
let other: { cookie: string }
let collaborator: { cookie: string; id: number; email: string }
let former: { cookie: string; id: number; email: string }
let pendingInvitationId: number
let registryId: number
let itemId: number
let categoryId: number
let reservationId: string
let giftId: string

beforeAll(async () => {
  h = await registryApiHarness(82_000)
  const [productId] = await h.createProducts(1)
  owner = await h.signUp('Owner')
  other = await h.signUp('Other')
  const r = await h.createRegistry(owner.cookie)
  registryId = r.id
  itemId = (await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId, quantity: 5 } })).json.id
  categoryId = (await h.call('POST', `/api/v3/registries/${r.id}/categories`, { cookie: owner.cookie, body: { title: 'Books' } })).json.id
  reservationId = (await h.call('POST', `/api/v3/reg_items/${itemId}/reservations`, { body: { giverName: 'Guest', giverEmail: 'guest@example.test' } })).json.id
  giftId = (await h.call('GET', `/api/v3/registries/${r.id}/reservations`, { cookie: owner.cookie })).json.gifts[0].id
  collaborator = await h.signUp('Helper')
  former = await h.signUp('Former')
  for (const who of [collaborator, former]) {
    expect((await h.call('POST', `/api/v3/registries/${r.id}/collaborators`, { cookie: owner.cookie, body: { email: who.email } })).status).toBe(201)
    await h.confirmEmail(who.email) // only the invited, confirmed address may accept
    const accepted = await h.call('POST', '/api/v3/collaborator_invitations/accept', { cookie: who.cookie, body: { token: await invitationTokenFor(who.email) } })
    expect(accepted.status, accepted.text).toBe(200)
  }
  expect((await h.call('DELETE', `/api/v3/registries/${r.id}/collaborators/${former.id}`, { cookie: owner.cookie })).status).toBe(204)
  pendingInvitationId = (await h.call('POST', `/api/v3/registries/${r.id}/collaborators`, { cookie: owner.cookie, body: { email: 'pending@example.test' } })).json.id
})

/** The token from the newest invitation emailed to `to` (the staff outbox keeps every email in tests). */
async function invitationTokenFor(to: string) {
  const [mail] = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1)
  return mail!.text.match(/\/registry\/join\/([a-z2-7]+)/)![1]!
}

afterAll(async () => {
  await h?.drop()
})

type Who = 'owner' | 'collaborator' | 'former' | 'other' | 'anonymous'
const everyone: Who[] = ['anonymous', 'other', 'former', 'collaborator', 'owner']
const cookieOf = (who: Who) => ({ owner: owner.cookie, collaborator: collaborator.cookie, former: former.cookie, other: other.cookie, anonymous: undefined })[who]

type Expected = number | 'guest'
// A collaborator gets what the owner gets and a former collaborator what a stranger gets, unless a case says otherwise.
type Case = {
  name: string
  method: string
  path: () => string
  body?: () => unknown
  expect: { owner: Expected; other: Expected; anonymous: Expected; collaborator?: Expected; former?: Expected }
}
const expected = (c: Case): Record<Who, Expected> => ({ ...c.expect, collaborator: c.expect.collaborator ?? c.expect.owner, former: c.expect.former ?? c.expect.other })
let invited = 0

// 'guest' means 200 with view: 'guest' (or the guest-only shape).
const cases: Case[] = [
  { name: 'GET registry', method: 'GET', path: () => `/api/v3/registries/${registryId}`, expect: { owner: 200, other: 'guest', anonymous: 'guest' } },
  { name: 'PATCH registry', method: 'PATCH', path: () => `/api/v3/registries/${registryId}`, body: () => ({ welcomeNote: 'Hi' }), expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'GET items', method: 'GET', path: () => `/api/v3/registries/${registryId}/reg_items`, expect: { owner: 200, other: 'guest', anonymous: 'guest' } },
  { name: 'POST item', method: 'POST', path: () => `/api/v3/registries/${registryId}/reg_items`, body: () => ({ productId: 1 }), expect: { owner: 422, other: 404, anonymous: 401 } },
  { name: 'PATCH item', method: 'PATCH', path: () => `/api/v3/registries/${registryId}/reg_items/${itemId}`, body: () => ({ note: 'x' }), expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'GET categories', method: 'GET', path: () => `/api/v3/registries/${registryId}/categories`, expect: { owner: 200, other: 'guest', anonymous: 'guest' } },
  { name: 'POST category', method: 'POST', path: () => `/api/v3/registries/${registryId}/categories`, body: () => ({ title: 'Toys' }), expect: { owner: 201, other: 404, anonymous: 401 } },
  { name: 'PATCH category', method: 'PATCH', path: () => `/api/v3/registries/${registryId}/categories/${categoryId}`, body: () => ({ title: 'Books!' }), expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'visitor reservations', method: 'GET', path: () => `/api/v3/registries/${registryId}/visitor_reservations`, expect: { owner: 200, other: 200, anonymous: 200 } },
  { name: 'gift tracker', method: 'GET', path: () => `/api/v3/registries/${registryId}/reservations`, expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'guest quantities', method: 'GET', path: () => `/api/v3/registries/${registryId}/reservations?view=guest`, expect: { owner: 'guest', other: 'guest', anonymous: 'guest' } },
  { name: 'filter/sort options', method: 'GET', path: () => `/api/v3/registries/${registryId}/filter_sort_options`, expect: { owner: 200, other: 200, anonymous: 200 } },
  { name: 'gift givers', method: 'GET', path: () => `/api/v3/registries/${registryId}/gift_givers`, expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'setup goals', method: 'GET', path: () => `/api/v3/registries/${registryId}/registry_setup_goals`, expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'share', method: 'GET', path: () => `/api/v3/registries/${registryId}/share`, expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'item reservations', method: 'GET', path: () => `/api/v3/reg_items/${itemId}/reservations`, expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'reveal', method: 'POST', path: () => '/api/v3/reservations/reveal', body: () => ({ registryId }), expect: { owner: 200, other: 404, anonymous: 401 } },
  // The owner names a gift by the tracker's gift id; the reservation id is the giver's key and the owner never gets it.
  { name: 'thank-you sent', method: 'PATCH', path: () => `/api/v3/gifts/${giftId}`, body: () => ({ thankYouSent: true }), expect: { owner: 200, other: 404, anonymous: 401 } },
  { name: 'my reservations', method: 'GET', path: () => '/api/v3/reservations', expect: { owner: 200, other: 200, anonymous: 401 } },
  // The reservation id is the giver's key (in their email link): whoever holds it may see and change it.
  { name: 'GET reservation by its id', method: 'GET', path: () => `/api/v3/reservations/${reservationId}`, expect: { owner: 200, other: 200, anonymous: 200 } },
  { name: 'my registries', method: 'GET', path: () => '/api/v3/registries', expect: { owner: 200, other: 200, anonymous: 401 } },
  // Only the owner deletes: without ?confirm=true the owner gets 422, so the registry survives this loop.
  { name: 'DELETE registry', method: 'DELETE', path: () => `/api/v3/registries/${registryId}`, expect: { owner: 422, collaborator: 403, other: 404, anonymous: 401 } },
  { name: 'GET collaborators', method: 'GET', path: () => `/api/v3/registries/${registryId}/collaborators`, expect: { owner: 200, other: 404, anonymous: 401 } },
  {
    name: 'invite a collaborator',
    method: 'POST',
    path: () => `/api/v3/registries/${registryId}/collaborators`,
    body: () => ({ email: `invitee${++invited}@example.test` }),
    expect: { owner: 201, collaborator: 403, other: 404, anonymous: 401 },
  },
  { name: 'remove the owner', method: 'DELETE', path: () => `/api/v3/registries/${registryId}/collaborators/${owner.id}`, expect: { owner: 403, collaborator: 403, other: 404, anonymous: 401 } },
  {
    name: 'cancel an invitation',
    method: 'DELETE',
    path: () => `/api/v3/registries/${registryId}/collaborator_invitations/${pendingInvitationId}`,
    expect: { owner: 204, collaborator: 403, other: 404, anonymous: 401 },
  },
  { name: 'accept an unknown invitation', method: 'POST', path: () => '/api/v3/collaborator_invitations/accept', body: () => ({ token: 'a'.repeat(32) }), expect: { owner: 404, other: 404, anonymous: 401 } },
]

describe('registry endpoints: owner, collaborator, former collaborator, another user and an anonymous guest', () => {
  for (const c of cases) {
    const want = expected(c)
    test(`${c.method} ${c.name}: owner ${want.owner}, collaborator ${want.collaborator}, former collaborator ${want.former}, another user ${want.other}, anonymous ${want.anonymous}`, async () => {
      for (const who of everyone) {
        const res = await h.call(c.method, c.path(), { cookie: cookieOf(who), body: c.body?.() })
        const want = expected(c)[who]
        if (want === 'guest') {
          expect(res.status, `${who}: ${res.text}`).toBe(200)
          expect(res.json.view, who).toBe('guest')
        } else {
          expect(res.status, `${who}: ${res.text}`).toBe(want)
          if (want === 200 && res.json && 'view' in res.json) expect(res.json.view, who).toBe('owner')
        }
        expect(res.status).toBeLessThan(500)
      }
    })
  }

  test('deletes of items and categories: 404 for another user and a former collaborator, 401 anonymous, and nothing is deleted', async () => {
    for (const path of [`/api/v3/registries/${registryId}/reg_items/${itemId}`, `/api/v3/registries/${registryId}/categories/${categoryId}`]) {
      expect((await h.call('DELETE', path, { cookie: other.cookie })).status).toBe(404)
      expect((await h.call('DELETE', path, { cookie: former.cookie })).status).toBe(404)
      expect((await h.call('DELETE', path)).status).toBe(401)
    }
    const view = await h.call('GET', `/api/v3/registries/${registryId}`, { cookie: owner.cookie })
    expect(view.json.registry.items.map((i: { id: number; removed: boolean }) => [i.id, i.removed])).toEqual([[itemId, false]])
    expect(view.json.registry.categories.some((x: { id: number }) => x.id === categoryId)).toBe(true)
  })

  test("another user's registry cannot be reached through one's own: items and categories of registry A are 404 under registry B", async () => {
    const mine = await h.createRegistry(other.cookie)
    expect((await h.call('PATCH', `/api/v3/registries/${mine.id}/reg_items/${itemId}`, { cookie: other.cookie, body: { note: 'mine now' } })).status).toBe(404)
    expect((await h.call('DELETE', `/api/v3/registries/${mine.id}/categories/${categoryId}`, { cookie: other.cookie })).status).toBe(404)
    expect((await h.call('PATCH', `/api/v3/registries/${mine.id}/categories/${categoryId}`, { cookie: other.cookie, body: { title: 'x' } })).status).toBe(404)
  })

  test('a collaborator sees the owner view and their role; a former collaborator sees the guest view', async () => {
    const asHelper = await h.call('GET', `/api/v3/registries/${registryId}`, { cookie: collaborator.cookie })
    expect([asHelper.json.view, asHelper.json.registry.role]).toEqual(['owner', 'collaborator'])
    expect((await h.call('GET', `/api/v3/registries/${registryId}`, { cookie: owner.cookie })).json.registry.role).toBe('owner')
    const asFormer = await h.call('GET', `/api/v3/registries/${registryId}`, { cookie: former.cookie })
    expect(asFormer.json.view).toBe('guest')
    expect(asFormer.text).not.toContain('shippingAddress')
    const mine = await h.call('GET', '/api/v3/registries', { cookie: collaborator.cookie })
    expect(mine.json.registries.map((r: { id: number; role: string }) => [r.id, r.role])).toEqual([[registryId, 'collaborator']])
    expect((await h.call('GET', '/api/v3/registries', { cookie: former.cookie })).json.registries).toEqual([])
  })

  test('a collaborator can leave (DELETE themselves), and is then a stranger; the owner deletes a registry with ?confirm=true', async () => {
    const leaver = await h.signUp('Leaver')
    expect((await h.call('POST', `/api/v3/registries/${registryId}/collaborators`, { cookie: owner.cookie, body: { email: leaver.email } })).status).toBe(201)
    await h.confirmEmail(leaver.email)
    expect((await h.call('POST', '/api/v3/collaborator_invitations/accept', { cookie: leaver.cookie, body: { token: await invitationTokenFor(leaver.email) } })).status).toBe(200)
    expect((await h.call('DELETE', `/api/v3/registries/${registryId}/collaborators/${collaborator.id}`, { cookie: leaver.cookie })).status).toBe(403)
    expect((await h.call('DELETE', `/api/v3/registries/${registryId}/collaborators/${leaver.id}`, { cookie: leaver.cookie })).status).toBe(204)
    expect((await h.call('PATCH', `/api/v3/registries/${registryId}`, { cookie: leaver.cookie, body: { welcomeNote: 'x' } })).status).toBe(404)

    const doomed = await h.createRegistry(owner.cookie)
    expect((await h.call('DELETE', `/api/v3/registries/${doomed.id}?confirm=true`, { cookie: other.cookie })).status).toBe(404)
    expect((await h.call('DELETE', `/api/v3/registries/${doomed.id}?confirm=true`, { cookie: owner.cookie })).status).toBe(204)
    expect((await h.call('GET', `/api/v3/registries/${doomed.id}`)).status).toBe(404)
  })

  test('the collaborator endpoints are in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/v3/openapi.json')).json
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v3/registries/{id}/collaborators',
        '/api/v3/registries/{id}/collaborators/{userId}',
        '/api/v3/registries/{id}/collaborator_invitations/{invitationId}',
        '/api/v3/collaborator_invitations/accept',
      ]),
    )
    expect(doc.paths['/api/v3/registries/{id}'].delete).toBeDefined()
  })

  test('unknown and malformed ids answer 404, never 500', async () => {
    for (const path of [
      '/api/v3/registries/123456789012',
      '/api/v3/registries/abc',
      '/api/v3/registries/99999999999999999999',
      '/api/v3/registries/123456789012/reg_items',
      '/api/v3/registries/-1/categories',
      '/api/v3/reservations/00000000-0000-4000-8000-000000000000',
      '/api/v3/reservations/1',
      '/api/v3/reservations/1/recover',
    ]) {
      const res = await h.call(path.endsWith('recover') ? 'POST' : 'GET', path)
      expect(res.status, path).toBe(404)
    }
    expect((await h.call('POST', '/api/v3/reg_items/987654/reservations', { body: { giverName: 'A', giverEmail: 'a@example.test' } })).status).toBe(404)
    expect((await h.call('POST', '/api/v3/reg_items/nope/reservations', { body: { giverName: 'A', giverEmail: 'a@example.test' } })).status).toBe(404)
  })

  test('ids that guests hold in links are not sequences: registry ids are 12 random digits, reservation ids random UUIDs', async () => {
    const regs = [registryId, (await h.createRegistry(owner.cookie)).id, (await h.createRegistry(owner.cookie)).id]
    for (const id of regs) expect(String(id)).toMatch(/^[1-9]\d{11}$/)
    const gaps = regs.slice(1).map((id, i) => Math.abs(id - regs[i]!))
    expect(gaps.every((g) => g > 1_000)).toBe(true)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      ids.push((await h.call('POST', `/api/v3/reg_items/${itemId}/reservations`, { body: { giverName: `G${i}`, giverEmail: `g${i}@example.test` } })).json.id)
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    // no shared prefix beyond chance: random, not time-ordered
    const prefixes = new Set(ids.map((id) => id.slice(0, 4)))
    expect(prefixes.size).toBeGreaterThan(1)
  })
})
