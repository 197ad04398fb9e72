// The checklist API through app.request(): the public list, and the owner's checklist with the same
// rules as other owner registry endpoints (401 anonymous, 404 for anyone but the owner).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { ensureChecklistContent } from './checklist.seed.server'

let h: RegistryApiHarness
let owner: { cookie: string }
let other: { cookie: string }
let registryId: number
let thermometerProduct: number

beforeAll(async () => {
  h = await registryApiHarness(93_000)
  await ensureChecklistContent(h.database.db)
  const f = catalogFactories(() => h.database.db, 93_500)
  const parent = await f.createCategory({ urlSlug: 'baby-health-safety' })
  const thermometers = await f.createCategory({ urlSlug: 'thermometers', parentId: parent.id })
  const brand = await f.createBrand()
  thermometerProduct = (await f.createProduct({ categoryId: thermometers.id, brandId: brand.id })).id
  owner = await h.signUp('Owner')
  other = await h.signUp('Other')
  registryId = (await h.createRegistry(owner.cookie)).id
})

afterAll(async () => {
  await h?.drop()
})

describe('GET /api/v3/baby_registry_checklist_categories', () => {
  test('lists every category with its items for anyone, Health & Safety as 61', async () => {
    const res = await h.call('GET', '/api/v3/baby_registry_checklist_categories')
    expect(res.status).toBe(200)
    const health = res.json.categories.find((c: { id: number }) => c.id === 61)
    expect(health.title).toBe('Health & Safety')
    expect(health.items[0]).toMatchObject({ id: 6101, priority: 'must', shopHref: '/store/thermometers' })
    expect(res.json.categories[0].items[0]).not.toHaveProperty('checked')
  })
})

describe('the owner checklist', () => {
  test('is 401 for anonymous callers and 404 for other users, on every method', async () => {
    const paths = [`/api/v3/registries/${registryId}/checklist_categories`, `/api/v3/registries/${registryId}/checklist_categories/61`]
    for (const path of paths) {
      expect((await h.call('GET', path)).status).toBe(401)
      expect((await h.call('GET', path, { cookie: other.cookie })).status).toBe(404)
    }
    for (const method of ['PUT', 'POST']) {
      const path = `/api/v3/registries/${registryId}/checklist_categories/61`
      expect((await h.call(method, path, { body: { itemId: 6101, checked: true } })).status).toBe(401)
      const res = await h.call(method, path, { cookie: other.cookie, body: { itemId: 6101, checked: true } })
      expect(res.status).toBe(404)
      expect(res.json.error.code).toBe('not_found')
    }
    const mine = await h.call('GET', `/api/v3/registries/${registryId}/checklist_categories/61`, { cookie: owner.cookie })
    expect(mine.json.items.find((i: { id: number }) => i.id === 6101).checked).toBe(false)
    expect(mine.headers.get('cache-control')).toBe('no-store')
  })

  test('adding a matching shop product checks the item automatically, and says why', async () => {
    const added = await h.call('POST', `/api/v3/registries/${registryId}/reg_items`, { cookie: owner.cookie, body: { productId: thermometerProduct } })
    expect(added.status).toBe(201)
    const res = await h.call('GET', `/api/v3/registries/${registryId}/checklist_categories`, { cookie: owner.cookie })
    expect(res.status).toBe(200)
    const health = res.json.categories.find((c: { id: number }) => c.id === 61)
    expect(health.items.find((i: { id: number }) => i.id === 6101)).toMatchObject({ checked: true, checkedBy: 'registry', matches: [{ regItemId: added.json.id }] })
    expect(health.progress).toMatchObject({ checked: 1, total: health.items.length })
    expect(res.json.progress.checked).toBe(1)
    // Removing it unchecks it again.
    expect((await h.call('DELETE', `/api/v3/registries/${registryId}/reg_items/${added.json.id}`, { cookie: owner.cookie })).status).toBe(204)
    const after = await h.call('GET', `/api/v3/registries/${registryId}/checklist_categories/61`, { cookie: owner.cookie })
    expect(after.json.items.find((i: { id: number }) => i.id === 6101).checked).toBe(false)
  })

  test('PUT and POST set a manual check that is kept', async () => {
    const put = await h.call('PUT', `/api/v3/registries/${registryId}/checklist_categories/61`, { cookie: owner.cookie, body: { itemId: 6102, checked: true } })
    expect(put.status).toBe(200)
    expect(put.json.items.find((i: { id: number }) => i.id === 6102)).toMatchObject({ checked: true, checkedBy: 'manual' })
    const again = await h.call('GET', `/api/v3/registries/${registryId}/checklist_categories/61`, { cookie: owner.cookie })
    expect(again.json.items.find((i: { id: number }) => i.id === 6102).checked).toBe(true)
    const post = await h.call('POST', `/api/v3/registries/${registryId}/checklist_categories/61`, { cookie: owner.cookie, body: { itemId: 6102, checked: false } })
    expect(post.json.items.find((i: { id: number }) => i.id === 6102).checked).toBe(false)
  })

  test('bad input is a 422 with a message, an unknown category a 404', async () => {
    const wrongCategory = await h.call('PUT', `/api/v3/registries/${registryId}/checklist_categories/55`, { cookie: owner.cookie, body: { itemId: 6102, checked: true } })
    expect(wrongCategory.status).toBe(422)
    expect(wrongCategory.json.error.fields.itemId[0]).toBe('That item is not on the checklist.')
    const notBoolean = await h.call('PUT', `/api/v3/registries/${registryId}/checklist_categories/61`, { cookie: owner.cookie, body: { itemId: 6102, checked: 'yes' } })
    expect(notBoolean.status).toBe(422)
    expect((await h.call('GET', `/api/v3/registries/${registryId}/checklist_categories/999`, { cookie: owner.cookie })).status).toBe(404)
    expect((await h.call('GET', `/api/v3/registries/${registryId}/checklist_categories/abc`, { cookie: owner.cookie })).status).toBe(404)
    expect((await h.call('GET', '/api/v3/registries/12/checklist_categories', { cookie: owner.cookie })).status).toBe(404)
  })

  test('the endpoints are in the OpenAPI document', async () => {
    const doc = await h.call('GET', '/api/v3/openapi.json')
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining(['/api/v3/baby_registry_checklist_categories', '/api/v3/registries/{id}/checklist_categories', '/api/v3/registries/{id}/checklist_categories/{c}']),
    )
    expect(Object.keys(doc.json.paths['/api/v3/registries/{id}/checklist_categories/{c}']).sort()).toEqual(['get', 'post', 'put'])
  })
})
