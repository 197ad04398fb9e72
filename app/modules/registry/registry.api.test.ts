import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { reservationMessages } from './reservations.service.server'

let h: RegistryApiHarness
let products: number[]

beforeAll(async () => {
  h = await registryApiHarness(81_000)
  products = await h.createProducts(4)
})

afterAll(async () => {
  await h?.drop()
})

const guest = (i: number, over: Record<string, unknown> = {}) => ({ quantity: 1, giverName: `Guest ${i}`, giverEmail: `guest${i}@example.test`, ...over })

describe('registries API', () => {
  test('a signed-in user creates a registry, lists it, and reads the owner view (not cached)', async () => {
    const owner = await h.signUp()
    const created = await h.createRegistry(owner.cookie)
    expect(String(created.id)).toMatch(/^\d{12}$/)
    const list = await h.call('GET', '/api/v3/registries', { cookie: owner.cookie })
    expect(list.status).toBe(200)
    expect(list.headers.get('cache-control')).toBe('no-store')
    expect(list.json.registries).toEqual([expect.objectContaining({ id: created.id, slug: created.slug, registryType: 'baby' })])
    const view = await h.call('GET', `/api/v3/registries/${created.id}`, { cookie: owner.cookie })
    expect(view.json).toMatchObject({ view: 'owner', registry: { id: created.id, surprise: false, shippingAddress: null } })
    const asGuest = await h.call('GET', `/api/v3/registries/${created.id}?view=guest`, { cookie: owner.cookie })
    expect(asGuest.json.view).toBe('guest')
    expect(asGuest.json.registry).not.toHaveProperty('shippingAddress')
  })

  test('bad input gets 422 with field messages; a taken slug 409; anonymous create 401', async () => {
    const owner = await h.signUp()
    const a = await h.createRegistry(owner.cookie)
    const bad = await h.call('POST', '/api/v3/registries', { cookie: owner.cookie, body: { registryType: 'baby', title: '', familyName: 'X', slug: 'ok-slug-1', arrivalDate: '2001-01-01' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.error.fields)).toEqual(expect.arrayContaining(['title', 'arrivalDate']))
    const wrongType = await h.call('POST', '/api/v3/registries', { cookie: owner.cookie, body: { title: 42 } })
    expect(wrongType.status).toBe(422)
    const taken = await h.call('POST', '/api/v3/registries', { cookie: owner.cookie, body: { registryType: 'baby', title: 'T', familyName: 'F', slug: a.slug, isArrivalDateKnown: false } })
    expect(taken.status).toBe(409)
    expect(taken.json.error.fields.slug[0]).toMatch(/taken/)
    const anonymous = await h.call('POST', '/api/v3/registries', { body: { registryType: 'baby', title: 'T', familyName: 'F', slug: 'anon-slug', isArrivalDateKnown: false } })
    expect(anonymous.status).toBe(401)
    const notJson = await h.app.request('/api/v3/registries', { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: owner.cookie }, body: '{"title":' })
    expect([400, 422]).toContain(notJson.status)
  })

  test('PATCH changes only the fields sent: settings, visibility and shipping address', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const res = await h.call('PATCH', `/api/v3/registries/${r.id}`, {
      cookie: owner.cookie,
      body: {
        welcomeNote: 'Thank you for thinking of us!',
        searchLevel: 'private',
        shippingAddress: { name: 'Maya Rivera', line1: '12 Elm Street', city: 'Portland', state: 'or', zip: '97201' },
      },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ title: 'Baby Rivera', welcomeNote: 'Thank you for thinking of us!', searchLevel: 'private', shippingAddress: { line1: '12 Elm Street', state: 'OR' } })
    const badZip = await h.call('PATCH', `/api/v3/registries/${r.id}`, { cookie: owner.cookie, body: { shippingAddress: { name: 'M', line1: 'x', city: 'y', state: 'OR', zip: '12' } } })
    expect(badZip.status).toBe(422)
    expect(badZip.json.error.fields.zip).toBeDefined()
    const longNote = await h.call('PATCH', `/api/v3/registries/${r.id}`, { cookie: owner.cookie, body: { welcomeNote: 'x'.repeat(10_000) } })
    expect(longNote.status).toBe(422)
  })

  test('items: add, edit, remove and restore; quantities 0, -1 and 10^9 are refused', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const added = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[0], quantity: 2, note: 'The grey one' } })
    expect(added.status, added.text).toBe(201)
    expect(added.json).toMatchObject({ productId: products[0], quantityNeeded: 2, quantityStillNeeded: 2, note: 'The grey one', quantityReserved: 0 })
    for (const quantity of [0, -1, 1_000_000_000]) {
      const res = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[1], quantity } })
      expect(res.status).toBe(422)
      expect(res.json.error.fields.quantity).toBeDefined()
    }
    const itemId = added.json.id as number
    const edited = await h.call('PATCH', `/api/v3/registries/${r.id}/reg_items/${itemId}`, { cookie: owner.cookie, body: { quantity: 3, mostWanted: true } })
    expect(edited.json).toMatchObject({ id: itemId, quantityNeeded: 3, mostWanted: true })
    expect((await h.call('DELETE', `/api/v3/registries/${r.id}/reg_items/${itemId}`, { cookie: owner.cookie })).status).toBe(204)
    const guestItems = await h.call('GET', `/api/v3/registries/${r.id}/reg_items`)
    expect(guestItems.json).toEqual({ view: 'guest', items: [] })
    const ownerItems = await h.call('GET', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie })
    expect(ownerItems.json.items).toEqual([expect.objectContaining({ id: itemId, removed: true })])
    const restored = await h.call('PATCH', `/api/v3/registries/${r.id}/reg_items/${itemId}`, { cookie: owner.cookie, body: { removed: false } })
    expect(restored.json).toMatchObject({ removed: false })
  })

  test('categories: add, rename, move and delete; the default one cannot be renamed', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const added = await h.call('POST', `/api/v3/registries/${r.id}/categories`, { cookie: owner.cookie, body: { title: 'Books' } })
    expect(added.status).toBe(201)
    const moved = await h.call('PATCH', `/api/v3/registries/${r.id}/categories/${added.json.id}`, { cookie: owner.cookie, body: { title: 'Board books', position: 0 } })
    expect(moved.status).toBe(200)
    expect(moved.json.categories[0]).toMatchObject({ id: added.json.id, title: 'Board books' })
    const defaultId = r.categories.find((c) => c.isDefault)!.id
    const renameDefault = await h.call('PATCH', `/api/v3/registries/${r.id}/categories/${defaultId}`, { cookie: owner.cookie, body: { title: 'Mine' } })
    expect(renameDefault.status).toBe(422)
    expect(renameDefault.json.error.message).toMatch(/cannot be renamed or deleted/)
    expect((await h.call('DELETE', `/api/v3/registries/${r.id}/categories/${added.json.id}`, { cookie: owner.cookie })).status).toBe(204)
    const list = await h.call('GET', `/api/v3/registries/${r.id}/categories`)
    expect(list.json.view).toBe('guest')
    expect(list.json.categories.some((c: { id: number }) => c.id === added.json.id)).toBe(false)
  })

  test('a guest reserves (201), the last one is 409 with the clear message, and then unreserves, recovers and buys', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[1], quantity: 1 } })
    const made = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: guest(1) })
    expect(made.status, made.text).toBe(201)
    expect(made.json).toMatchObject({ registryId: r.id, quantity: 1, status: 'reserved' })
    expect(made.json.id).toMatch(/^[0-9a-f-]{36}$/)
    // the giver gets the same confirmation email as from the registry page; a shop gift's button is 'Buy it now'
    await expect
      .poll(async () => (await h.services.email.latestTo('guest1@example.test'))?.html ?? '')
      .toContain(`/reservations/${made.json.id}?buy=1`)
    const again = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: guest(2) })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe(reservationMessages.alreadyReserved)

    const one = await h.call('GET', `/api/v3/reservations/${made.json.id}`)
    expect(one.json).toMatchObject({ id: made.json.id, status: 'reserved', giverName: 'Guest 1', registry: { id: r.id } })
    expect(one.text).not.toContain('guest1@example.test')

    expect((await h.call('DELETE', `/api/v3/reservations/${made.json.id}`)).status).toBe(204)
    const quantities = await h.call('GET', `/api/v3/registries/${r.id}/reservations?view=guest`)
    expect(quantities.json.items).toEqual([{ regItemId: item.json.id, quantityNeeded: 1, quantityStillNeeded: 1 }])
    const recovered = await h.call('POST', `/api/v3/reservations/${made.json.id}/recover`)
    expect(recovered.status).toBe(200)
    expect(recovered.json.status).toBe('reserved')
    // recovering twice claims once
    expect((await h.call('POST', `/api/v3/reservations/${made.json.id}/recover`)).json.status).toBe('reserved')
    expect((await h.call('GET', `/api/v3/registries/${r.id}/reservations?view=guest`)).json.items[0].quantityStillNeeded).toBe(0)

    const bought = await h.call('PATCH', `/api/v3/reservations/${made.json.id}`, { body: { status: 'purchased' } })
    expect(bought.json.status).toBe('purchased')
    const unreserveBought = await h.call('DELETE', `/api/v3/reservations/${made.json.id}`)
    expect(unreserveBought.status).toBe(409)
    const bad = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: { giverName: '', giverEmail: 'nope', quantity: 0 } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.error.fields)).toEqual(expect.arrayContaining(['giverName', 'giverEmail', 'quantity']))
  })

  test('recover answers 409 when someone else took the gift meanwhile', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[2], quantity: 1 } })
    const first = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: guest(3) })
    await h.call('DELETE', `/api/v3/reservations/${first.json.id}`)
    expect((await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: guest(4) })).status).toBe(201)
    const recover = await h.call('POST', `/api/v3/reservations/${first.json.id}/recover`)
    expect(recover.status).toBe(409)
    expect((await h.call('GET', `/api/v3/reservations/${first.json.id}`)).json.status).toBe('cancelled')
  })

  test('visitor reservations come from the cookie or ids[]; the tracker, givers and reveal follow the surprise setting', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    await h.call('PATCH', `/api/v3/registries/${r.id}`, { cookie: owner.cookie, body: { surprise: true } })
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[3], quantity: 5 } })
    const a = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: guest(5, { quantity: 2 }) })
    const b = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { body: guest(6, { purchased: true }) })
    expect(b.json.status).toBe('purchased')

    const byQuery = await h.call('GET', `/api/v3/registries/${r.id}/visitor_reservations?ids[]=${a.json.id}&ids[]=not-a-uuid`)
    expect(byQuery.json.reservations).toEqual([{ id: a.json.id, regItemId: item.json.id, quantity: 2, status: 'reserved', isActive: true }])
    const byCookie = await h.call('GET', `/api/v3/registries/${r.id}/visitor_reservations`, { headers: { Cookie: `nestlist_reservations=${b.json.id}.${a.json.id}` } })
    expect(byCookie.json.reservations.map((x: { id: string }) => x.id).sort()).toEqual([a.json.id, b.json.id].sort())

    const hidden = await h.call('GET', `/api/v3/registries/${r.id}/reservations`, { cookie: owner.cookie })
    expect(hidden.json).toMatchObject({ view: 'owner', surpriseActive: true, gifts: [] })
    expect(hidden.text).not.toContain('Guest 5')
    expect((await h.call('GET', `/api/v3/registries/${r.id}/gift_givers`, { cookie: owner.cookie })).json).toEqual({ surpriseActive: true, giftGivers: [] })
    expect((await h.call('GET', `/api/v3/reg_items/${item.json.id}/reservations`, { cookie: owner.cookie })).json).toEqual({ reservations: [] })

    await h.call('PATCH', `/api/v3/reservations/${a.json.id}`, { body: { thankYouAddress: { name: 'Guest 5', line1: '9 Oak Ave', city: 'Austin', state: 'TX', zip: '78701' } } })
    const revealed = await h.call('POST', '/api/v3/reservations/reveal', { cookie: owner.cookie, body: { registryId: String(r.id) } })
    expect(revealed.json).toEqual({ surprise: false })
    const tracker = await h.call('GET', `/api/v3/registries/${r.id}/reservations`, { cookie: owner.cookie })
    expect(tracker.json.gifts).toHaveLength(2)
    const givers = await h.call('GET', `/api/v3/registries/${r.id}/gift_givers`, { cookie: owner.cookie })
    expect(givers.json.giftGivers).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Guest 5', gifts: 1, thankYouAddress: expect.objectContaining({ line1: '9 Oak Ave' }) })]),
    )
    const sent = await h.call('PATCH', `/api/v3/gifts/${tracker.json.gifts[0].id}`, { cookie: owner.cookie, body: { thankYouSent: true } })
    expect(sent.status).toBe(200)
    // 'thank-you sent' is the owner's, by the gift's id: the reservation's own endpoint refuses it.
    expect((await h.call('PATCH', `/api/v3/reservations/${a.json.id}`, { cookie: owner.cookie, body: { thankYouSent: true } })).status).toBe(422)
    const perItem = await h.call('GET', `/api/v3/reg_items/${item.json.id}/reservations`, { cookie: owner.cookie })
    expect(perItem.json.reservations).toHaveLength(2)
  })

  test('a signed-in giver sees their reservations at GET /api/v3/reservations', async () => {
    const owner = await h.signUp()
    const giver = await h.signUp('June')
    const r = await h.createRegistry(owner.cookie)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[0], quantity: 3 } })
    const made = await h.call('POST', `/api/v3/reg_items/${item.json.id}/reservations`, { cookie: giver.cookie, body: guest(7, { giverEmail: 'someone-else@example.test' }) })
    const mine = await h.call('GET', '/api/v3/reservations', { cookie: giver.cookie })
    expect(mine.status).toBe(200)
    expect(mine.json.reservations.map((x: { id: string }) => x.id)).toEqual([made.json.id])
    expect((await h.call('GET', '/api/v3/reservations')).status).toBe(401)
  })

  test('filter and sort options, setup goals and the share link with a QR code', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[0] } })
    await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[3] } })
    const options = await h.call('GET', `/api/v3/registries/${r.id}/filter_sort_options`)
    expect(options.json).toMatchObject({ price: { minCents: 2500, maxCents: 2800 }, fulfilled: { count: 0 }, defaultSort: '' })
    expect(options.json.categories).toEqual([expect.objectContaining({ count: 2 })])
    expect(options.json.sortOptions.map((s: { value: string }) => s.value)).toEqual(['', 'most_wanted', 'price_asc', 'price_desc'])
    const goals = await h.call('GET', `/api/v3/registries/${r.id}/registry_setup_goals`, { cookie: owner.cookie })
    expect(goals.json).toMatchObject({ done: 0, total: 4 })
    const share = await h.call('GET', `/api/v3/registries/${r.id}/share`, { cookie: owner.cookie })
    expect(share.json.url).toBe(`http://localhost/${r.slug}`)
    expect(share.json.listUrl).toBe(`http://localhost/list/${r.id}`)
    expect(share.json.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  })

  test('every registry endpoint is in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/v3/openapi.json')).json as { paths: Record<string, Record<string, unknown>> }
    const expected: [string, string[]][] = [
      ['/api/v3/registries', ['get', 'post']],
      ['/api/v3/registries/{id}', ['get', 'patch']],
      ['/api/v3/registries/{id}/reg_items', ['get', 'post']],
      ['/api/v3/registries/{id}/reg_items/{itemId}', ['patch', 'delete']],
      ['/api/v3/registries/{id}/categories', ['get', 'post']],
      ['/api/v3/registries/{id}/categories/{c}', ['patch', 'delete']],
      ['/api/v3/registries/{id}/visitor_reservations', ['get']],
      ['/api/v3/registries/{id}/reservations', ['get']],
      ['/api/v3/registries/{id}/filter_sort_options', ['get']],
      ['/api/v3/registries/{id}/gift_givers', ['get']],
      ['/api/v3/registries/{id}/registry_setup_goals', ['get']],
      ['/api/v3/registries/{id}/share', ['get']],
      ['/api/v3/reg_items/{id}/reservations', ['get', 'post']],
      ['/api/v3/reservations', ['get']],
      ['/api/v3/reservations/{id}', ['get', 'patch', 'delete']],
      ['/api/v3/reservations/{id}/recover', ['post']],
      ['/api/v3/reservations/reveal', ['post']],
    ]
    for (const [path, methods] of expected) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods))
    }
  })
})
