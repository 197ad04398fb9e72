import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createRegistryService, registryMessages } from './registry.service.server'
import { createGiftTracker } from './gift-tracker.server'
import { createReservationsService } from './reservations.service.server'
import { addItemFormInput } from './ui/add-to-registry.server'
import { groupItems, moveInList } from './ui/organize-order'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let reservations: ReturnType<typeof createReservationsService>
let tracker: ReturnType<typeof createGiftTracker>
const factories = catalogFactories(() => database.db, 71_000)
let productId: number
let n = 0

async function newUser() {
  const [u] = await database.db
    .insert(users)
    .values({ email: `organise${++n}@example.test`, firstName: 'Owner', lastName: String(n), passwordHash: 'x' })
    .returning()
  return u!.id
}

async function newRegistry(ownerId: number, title = 'Baby Rivera') {
  return registry.create(ownerId, {
    registryType: 'baby',
    title,
    familyName: 'Maya & Leo Rivera',
    slug: await registry.suggestSlug(`Organise ${++n}`),
    isArrivalDateKnown: false,
  })
}

const form = (fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}

async function codeOf(p: Promise<unknown>) {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return e.code
    throw e
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db })
  reservations = createReservationsService({ db: database.db })
  tracker = createGiftTracker({ db: database.db, email: { send: async () => ({}) as never }, publicOrigin: 'https://nestlist.test' })
  const category = await factories.createCategory({ urlSlug: 'organise-test' })
  const brand = await factories.createBrand()
  productId = (await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents: 4_500 })).id
})

afterAll(async () => {
  await database?.drop()
})

describe('add target (Add to Registry on product pages)', () => {
  test('a user without a registry has no add target; with registries it is the newest, with its categories in order', async () => {
    const owner = await newUser()
    expect(await registry.addTargetFor(owner)).toBeNull()
    await newRegistry(owner, 'First')
    const newest = await newRegistry(owner, 'Second')
    const target = await registry.addTargetFor(owner)
    expect(target).toMatchObject({ registryId: newest.id, title: 'Second' })
    expect(target!.categories.map((c) => c.title)).toEqual(newest.categories.map((c) => c.title))
    expect(target!.categories[0]).toMatchObject({ isDefault: true })

    const ids = newest.categories.map((c) => c.id)
    await registry.reorderCategories(newest.id, owner, moveInList(ids, ids[2]!, 'up'))
    expect((await registry.addTargetFor(owner))!.categories.map((c) => c.id)).toEqual(moveInList(ids, ids[2]!, 'up'))
  })

  test('the add form adds with quantity, options, note, most wanted and the chosen category; bad quantities get clear messages', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner)
    const nursery = r.categories.find((c) => c.title === 'Nursery')!
    const item = await registry.addItem(
      r.id,
      owner,
      addItemFormInput(form({ productId: String(productId), quantity: '2', size: 'Newborn', color: '', note: ' The grey one ', mostWanted: 'on', categoryId: String(nursery.id) })),
    )
    expect(item).toMatchObject({ quantityNeeded: 2, options: { size: 'Newborn' }, note: 'The grey one', mostWanted: true, categoryId: nursery.id })

    const noCategory = await registry.addItem(r.id, owner, addItemFormInput(form({ productId: String(productId) })))
    expect(noCategory).toMatchObject({ quantityNeeded: 1, mostWanted: false, categoryId: r.categories[0]!.id })

    for (const quantity of ['0', '-1', '100', '1000000000', '1.5']) {
      const e = await registry.addItem(r.id, owner, addItemFormInput(form({ productId: String(productId), quantity }))).catch((x: unknown) => x)
      expect(isDomainError(e) && e.code).toBe('invalid_input')
      expect(isDomainError(e) && e.fields?.quantity?.[0]).toMatch(/at least 1|at most 99|whole number/)
    }
    const stranger = await newUser()
    expect(await codeOf(registry.addItem(r.id, stranger, addItemFormInput(form({ productId: String(productId) }))))).toBe('not_found')
  })
})

describe('organising', () => {
  test('moving an item to another category puts it at the end there, and the layout groups it so', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner)
    const [main, nursery] = [r.categories[0]!, r.categories[1]!]
    const a = await registry.addItem(r.id, owner, { productId, categoryId: nursery.id })
    const b = await registry.addItem(r.id, owner, { productId, categoryId: nursery.id })
    const c = await registry.addItem(r.id, owner, { productId, categoryId: main.id })
    // what the organise page does for 'Move' (item-category): the target's items, then the moved one
    await registry.reorderItems(r.id, owner, nursery.id, [a.id, b.id, c.id])
    let layout = groupItems(await registry.ownerView(r.id, owner))
    expect(layout.find((x) => x.id === nursery.id)!.items.map((i) => i.id)).toEqual([a.id, b.id, c.id])
    expect(layout.find((x) => x.id === main.id)!.items).toEqual([])

    // 'Move up' on the last item
    await registry.reorderItems(r.id, owner, nursery.id, moveInList([a.id, b.id, c.id], c.id, 'up'))
    layout = groupItems(await registry.ownerView(r.id, owner))
    expect(layout.find((x) => x.id === nursery.id)!.items.map((i) => i.id)).toEqual([a.id, c.id, b.id])

    const stranger = await newUser()
    expect(await codeOf(registry.reorderItems(r.id, stranger, nursery.id, [a.id]))).toBe('not_found')
  })

  test('a quantity below what guests reserved is refused with the service message; a removed item keeps its gifts and comes back with Undo', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner)
    const item = await registry.addItem(r.id, owner, { productId, quantity: 3 })
    await reservations.reserve(item.id, { quantity: 2, giverName: 'Aunt May', giverEmail: 'may@example.test' })
    const refused = await registry.updateItem(item.id, owner, { quantity: 1 }).catch((e: unknown) => e)
    expect(isDomainError(refused) && refused.fields?.quantity?.[0]).toBe(registryMessages.quantityBelowGiven(2))
    await registry.updateItem(item.id, owner, { quantity: 2, note: 'Any colour', mostWanted: true })

    await registry.removeItem(item.id, owner)
    expect((await reservations.onRemovedItems(r.id)).map((x) => x.regItemId)).toEqual([item.id])
    expect((await registry.guestView(r.id)).items).toEqual([])
    const listed = await tracker.list(r.id, owner)
    expect(listed.gifts[0]).toMatchObject({ giverName: 'Aunt May', itemRemoved: true, quantity: 2 })

    await registry.restoreItem(item.id, owner)
    expect(await reservations.onRemovedItems(r.id)).toEqual([])
    expect((await registry.ownerView(r.id, owner)).items[0]).toMatchObject({ removed: false, quantityNeeded: 2, note: 'Any colour', mostWanted: true })
  })

  test('the default category cannot be renamed or deleted; deleting another moves its items to the default', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner)
    const [main, nursery] = [r.categories[0]!, r.categories[1]!]
    const e = await registry.renameCategory(r.id, owner, main.id, { title: 'Mine' }).catch((x: unknown) => x)
    expect(isDomainError(e) && e.message).toBe(registryMessages.defaultCategory)
    expect(await codeOf(registry.deleteCategory(r.id, owner, main.id))).toBe('invalid_input')
    const item = await registry.addItem(r.id, owner, { productId, categoryId: nursery.id })
    await registry.deleteCategory(r.id, owner, nursery.id)
    const view = await registry.ownerView(r.id, owner)
    expect(view.items.find((i) => i.id === item.id)!.categoryId).toBe(main.id)
    expect(view.categories.some((c) => c.id === nursery.id)).toBe(false)
  })
})

describe('gift tracker', () => {
  test('the owner ticks thank-you sent and the counts follow; nobody else can, and with the surprise on no gifts are listed', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const r = await newRegistry(owner)
    const item = await registry.addItem(r.id, owner, { productId, quantity: 2 })
    const gift = await reservations.boughtElsewhere(item.id, { quantity: 1, giverName: 'Grandpa Joe', giverEmail: 'joe@example.test' })
    await reservations.reserve(item.id, { quantity: 1, giverName: 'Uncle Ben', giverEmail: 'ben@example.test' })
    // The tracker names gifts by their gift id, never by the reservation id (the giver's key).
    const giftId = (await tracker.list(r.id, owner)).gifts.find((g) => g.source === 'bought_elsewhere')!.id
    expect(giftId).not.toBe(gift.id)
    expect(await tracker.update(giftId, owner, { thankYouSent: true })).toMatchObject({ id: giftId, thankYouSent: true })
    const listed = await tracker.list(r.id, owner)
    expect(listed.counts).toEqual({ gifts: 2, thankYouSent: 1, toThank: 1, notReceived: 2 })
    expect(listed.gifts.find((g) => g.id === giftId)).toMatchObject({ source: 'bought_elsewhere', thankYouSent: true })
    expect(listed.gifts.map((g) => g.id)).not.toContain(gift.id)
    expect(await codeOf(tracker.update(giftId, stranger, { thankYouSent: false }))).toBe('not_found')
    expect(await codeOf(tracker.update(gift.id, owner, { thankYouSent: false }))).toBe('not_found')
    expect(await codeOf(tracker.list(r.id, stranger))).toBe('not_found')

    await registry.updateSettings(r.id, owner, { title: r.title, familyName: r.familyName, slug: r.slug, isArrivalDateKnown: false, surprise: true })
    expect(await tracker.list(r.id, owner)).toEqual({ surpriseActive: true, gifts: [], counts: { gifts: 0, thankYouSent: 0, toThank: 0, notReceived: 0 } })
    expect(await codeOf(tracker.update(giftId, owner, { thankYouSent: false }))).toBe('not_found')
  })
})
