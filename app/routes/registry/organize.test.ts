// /list/{id}/organize: 'Save changes' saves every field of the item's edit form, its category too.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { post, run } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { action } from './organize'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let cookie: string
let ownerId: number
let productId: number

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: 'Maya', lastName: 'Tester', email: 'organize-page@example.test', password: 'sunflower meadow 42' }, { ip: '203.0.113.9', userAgent: 'vitest' })
  cookie = `${SESSION_COOKIE}=${token}`
  ownerId = user.id
  const factories = catalogFactories(() => database.db, 72_000)
  const category = await factories.createCategory({ urlSlug: 'organize-page-test' })
  const brand = await factories.createBrand()
  productId = (await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents: 4_500 })).id
})
afterAll(async () => {
  await database?.drop()
})

async function newRegistry() {
  return services.registry.create(ownerId, {
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: 'Maya & Leo Rivera',
    slug: await services.registry.suggestSlug(`Organize page ${Math.random()}`),
    isArrivalDateKnown: false,
  })
}

const save = (registryId: number, fields: Record<string, string | number>) =>
  run<{ ok: boolean; message: string; fields?: Record<string, string[]> }>(() =>
    action({ request: post(`/list/${registryId}/organize`, cookie, { intent: 'update-item', ...fields }), params: { id: String(registryId) }, context } as never),
  )

describe('saving an item on the organize page', () => {
  test('a new category chosen in the edit form is saved with the rest, at the end of that category', async () => {
    const r = await newRegistry()
    const [main, nursery] = [r.categories[0]!, r.categories[1]!]
    const already = await services.registry.addItem(r.id, ownerId, { productId, categoryId: nursery.id })
    const item = await services.registry.addItem(r.id, ownerId, { productId, categoryId: main.id })
    const saved = await save(r.id, { id: item.id, quantity: 2, note: 'Any color', mostWanted: 'false', categoryId: nursery.id })
    expect(saved.status).toBe(200)
    expect(saved.body.message).toContain(`is now in “${nursery.title}”`)
    const view = await services.registry.ownerView(r.id, ownerId)
    const moved = view.items.find((i) => i.id === item.id)!
    expect(moved).toMatchObject({ categoryId: nursery.id, quantityNeeded: 2, note: 'Any color' })
    expect(moved.position).toBeGreaterThan(view.items.find((i) => i.id === already.id)!.position)
  })

  test('saving what is already saved says there was nothing to save; a category of another registry is refused with a 422', async () => {
    const r = await newRegistry()
    const other = await newRegistry()
    const item = await services.registry.addItem(r.id, ownerId, { productId, categoryId: r.categories[0]!.id })
    const same = await save(r.id, { id: item.id, quantity: 1, note: '', mostWanted: 'false', categoryId: r.categories[0]!.id })
    expect(same.body).toMatchObject({ ok: true, message: 'Nothing to save: these are already the details of this item.' })
    const refused = await save(r.id, { id: item.id, quantity: 3, note: '', mostWanted: 'false', categoryId: other.categories[1]!.id })
    expect(refused.status).toBe(422)
    expect(refused.body.fields?.categoryId).toEqual(['Choose one of your categories.'])
    expect((await services.registry.ownerView(r.id, ownerId)).items[0]).toMatchObject({ categoryId: r.categories[0]!.id, quantityNeeded: 1 })
  })
})
