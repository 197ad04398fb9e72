import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FixtureServer, startProductFixtureServer } from '../../../tests/support/product-fixture-server'
import { type RegistryApiHarness, registryApiHarness } from '../../../tests/support/registry-api'

let h: RegistryApiHarness
let fixture: FixtureServer

beforeAll(async () => {
  fixture = await startProductFixtureServer()
  h = await registryApiHarness(84_000, { fetch: { allowLoopbackPortsForTests: [fixture.port], timeoutMs: 1500 } })
})
afterAll(async () => {
  await fixture.close()
  await h.drop()
})

async function ownerWithRegistry() {
  const owner = await h.signUp('Maya')
  const registry = await h.createRegistry(owner.cookie)
  return { ...owner, registry }
}

describe('POST /api/v3/registries/{id}/external_previews', () => {
  test('reads a product page and answers our own picture paths', async () => {
    const { cookie, registry } = await ownerWithRegistry()
    const res = await h.call('POST', `/api/v3/registries/${registry.id}/external_previews`, { cookie, body: { url: `${fixture.origin}/product-jsonld` } })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ ok: true, title: 'Cloud Nine Bassinet', priceCents: 124_950, currency: 'USD', storeName: 'Little Nest Co.' })
    const picture = await h.app.request(res.json.images[0].path)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/webp')
    expect(picture.headers.get('cache-control')).toContain('immutable')
    expect(res.text).not.toContain(fixture.origin + '/pictures')
  })

  test('a private address is refused with a reason, not fetched', async () => {
    const { cookie, registry } = await ownerWithRegistry()
    const res = await h.call('POST', `/api/v3/registries/${registry.id}/external_previews`, { cookie, body: { url: 'http://169.254.169.254/latest/meta-data/' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ ok: false, reason: 'blocked_address' })
  })

  test('javascript: is a 422 with a message on url', async () => {
    const { cookie, registry } = await ownerWithRegistry()
    const res = await h.call('POST', `/api/v3/registries/${registry.id}/external_previews`, { cookie, body: { url: 'javascript:alert(1)' } })
    expect(res.status).toBe(422)
    expect(res.json.error.fields.url[0]).toMatch(/https:\/\//)
  })

  test('anonymous callers get 401 and other people 404', async () => {
    const { registry } = await ownerWithRegistry()
    const stranger = await h.signUp('Sam')
    expect((await h.call('POST', `/api/v3/registries/${registry.id}/external_previews`, { body: { url: `${fixture.origin}/product-og` } })).status).toBe(401)
    expect((await h.call('POST', `/api/v3/registries/${registry.id}/external_previews`, { cookie: stranger.cookie, body: { url: `${fixture.origin}/product-og` } })).status).toBe(404)
  })
})

describe('external items and where to buy', () => {
  test('an owner saves an item from another store, adds a second store, and guests see both with prices', async () => {
    const { cookie, registry } = await ownerWithRegistry()
    const added = await h.call('POST', `/api/v3/registries/${registry.id}/external_items`, {
      cookie,
      body: { url: 'https://owl.example/night-light', title: 'Sleepy Owl Night Light', priceCents: 2499, storeName: 'Owl & Acorn', quantity: 1 },
    })
    expect(added.status, added.text).toBe(201)
    expect(added.json).toMatchObject({ productId: null, storeName: 'Owl & Acorn', href: 'https://owl.example/night-light' })
    const itemId = added.json.id as number
    const offer = await h.call('POST', `/api/v3/registries/${registry.id}/reg_items/${itemId}/offers`, { cookie, body: { storeName: 'Big Box Baby', url: 'https://bigbox.example/owl', priceCents: 2299 } })
    expect(offer.status, offer.text).toBe(201)

    const where = await h.call('GET', `/api/v3/registries/${registry.id}/where_to_buy`)
    expect(where.status).toBe(200)
    expect(where.json.items).toEqual([
      {
        regItemId: itemId,
        options: [
          { storeName: 'Owl & Acorn', href: 'https://owl.example/night-light', priceCents: 2499, isNestlist: false },
          { storeName: 'Big Box Baby', href: 'https://bigbox.example/owl', priceCents: 2299, isNestlist: false },
        ],
      },
    ])

    const removed = await h.call('DELETE', `/api/v3/registries/${registry.id}/reg_items/${itemId}/offers/${offer.json.id}`, { cookie })
    expect(removed.status).toBe(204)
    const list = await h.call('GET', `/api/v3/registries/${registry.id}/reg_items/${itemId}/offers`, { cookie })
    expect(list.json.offers).toEqual([])
  })

  test("a stranger cannot add offers to someone else's item, even through their own registry id", async () => {
    const a = await ownerWithRegistry()
    const b = await ownerWithRegistry()
    const added = await h.call('POST', `/api/v3/registries/${a.registry.id}/external_items`, { cookie: a.cookie, body: { url: 'https://x.example/', title: 'Mat', priceCents: 100, storeName: 'X' } })
    const itemId = added.json.id as number
    const body = { storeName: 'Evil', url: 'https://evil.example/', priceCents: 1 }
    expect((await h.call('POST', `/api/v3/registries/${a.registry.id}/reg_items/${itemId}/offers`, { cookie: b.cookie, body })).status).toBe(404)
    expect((await h.call('POST', `/api/v3/registries/${b.registry.id}/reg_items/${itemId}/offers`, { cookie: b.cookie, body })).status).toBe(404)
  })

  test('bad values answer 422 with messages per field, never 500', async () => {
    const { cookie, registry } = await ownerWithRegistry()
    const res = await h.call('POST', `/api/v3/registries/${registry.id}/external_items`, { cookie, body: { url: 'data:text/html,x', title: '', priceCents: -1, storeName: '' } })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.error.fields).sort()).toEqual(['priceCents', 'storeName', 'title', 'url'])
  })
})

test('GET /api/v3/bookmarklet gives the javascript: link for this origin, and it is in the OpenAPI document', async () => {
  const res = await h.call('GET', '/api/v3/bookmarklet', { headers: { Host: 'nestlist.test' } })
  expect(res.status).toBe(200)
  expect(res.json.href).toMatch(/^javascript:/)
  expect(decodeURIComponent(res.json.href)).toContain('/registry/save_item')
  expect(res.json.parameters).toEqual(['url', 'title', 'price', 'image', 'store'])
  const doc = await h.call('GET', '/api/v3/openapi.json')
  expect(Object.keys(doc.json.paths)).toEqual(expect.arrayContaining(['/api/v3/bookmarklet', '/api/v3/registries/{id}/external_previews', '/api/v3/registries/{id}/where_to_buy']))
})

test('an unknown picture is a 404', async () => {
  expect((await h.app.request('/images/external/00000000-0000-0000-0000-000000000000.webp')).status).toBe(404)
  expect((await h.app.request('/images/external/nope.webp')).status).toBe(404)
})
