// The guest journey through the services the guest pages (/find, /{slug}, /reservations/{id}) call, on a
// real PostgreSQL database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { users } from '../accounts/accounts.schema'
import { createRegistryService } from './registry.service.server'
import { createReservationsService } from './reservations.service.server'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let reservations: ReturnType<typeof createReservationsService>
const factories = catalogFactories(() => database.db, 91_000)
let ownerId: number
const productIds: number[] = []
const OWNER_EMAIL = 'maya.owner@example.test'
const STREET = '742 Evergreen Terrace'

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db })
  reservations = createReservationsService({ db: database.db })
  const category = await factories.createCategory({ urlSlug: 'guest-journey' })
  const brand = await factories.createBrand()
  for (const priceCents of [2_500, 19_900]) productIds.push((await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents })).id)
  const [u] = await database.db.insert(users).values({ email: OWNER_EMAIL, firstName: 'Maya', lastName: 'Rivera', passwordHash: 'x' }).returning()
  ownerId = u!.id
})

afterAll(async () => {
  await database?.drop()
})

async function newRegistry(searchLevel: 'nestlist' | 'private' | 'google', familyName: string) {
  const r = await registry.create(ownerId, {
    registryType: 'baby',
    title: 'Baby on board',
    familyName,
    slug: await registry.suggestSlug(familyName),
    arrivalDate: new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10),
  })
  await registry.setVisibility(r.id, ownerId, { searchLevel })
  await registry.setShippingAddress(r.id, ownerId, { name: 'Maya Rivera', line1: STREET, line2: '', city: 'Springfield', state: 'OR', zip: '97477' })
  const a = await registry.addItem(r.id, ownerId, { productId: productIds[0], quantity: 3 })
  const b = await registry.addItem(r.id, ownerId, { productId: productIds[1], quantity: 1 })
  return { ...r, itemIds: [a.id, b.id] }
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return e.code
    throw e
  }
}

describe('a guest reserving from a registry', () => {
  test('find lists findable registries by name with city and state, never private ones', async () => {
    const open = await newRegistry('nestlist', 'Zuzana Okafor')
    await newRegistry('private', 'Zuzana Okafor-Private')
    const found = await registry.find('okafor')
    expect(found.map((f) => f.id)).toEqual([open.id])
    expect(found[0]).toMatchObject({ familyName: 'Zuzana Okafor', shipsTo: { city: 'Springfield', state: 'OR' } })
    expect(found[0]!.arrivalMonth).toMatch(/^\d{4}-\d{2}$/)
    expect(JSON.stringify(found)).not.toContain(STREET)
  })

  test('only registries made public are indexable', async () => {
    const pub = await newRegistry('google', 'Public Family')
    const own = await newRegistry('nestlist', 'Quiet Family')
    expect(await registry.searchLevelOf(pub.id)).toBe('google')
    expect(await registry.searchLevelOf(own.id)).toBe('nestlist')
    expect(await registry.searchLevelOf(123)).toBeNull()
  })

  test('reserve, buy elsewhere, thank-you address and unreserve change what the next guest sees', async () => {
    const r = await newRegistry('nestlist', 'Journey Family')
    const [mugs, crib] = r.itemIds as [number, number]
    const first = await reservations.reserve(mugs, { quantity: 2, giverName: 'Aunt June', giverEmail: 'june@example.test' })
    const bought = await reservations.boughtElsewhere(crib, { quantity: 1, giverName: 'Aunt June', giverEmail: 'june@example.test' })

    // The second guest sees what is left, and cannot take more than that.
    let view = await registry.guestView(r.slug)
    expect(view.items.find((i) => i.id === mugs)!.quantityStillNeeded).toBe(1)
    expect(view.items.find((i) => i.id === crib)!.quantityStillNeeded).toBe(0)
    expect(await codeOf(reservations.reserve(mugs, { quantity: 2, giverName: 'Sam', giverEmail: 'sam@example.test' }))).toBe('conflict')
    expect(await codeOf(reservations.reserve(crib, { quantity: 1, giverName: 'Sam', giverEmail: 'sam@example.test' }))).toBe('conflict')

    // The first guest's browser remembers both; the guest view marks them.
    const mine = await reservations.visitorReservations(r.id, [first.id, bought.id])
    expect(mine.map((m) => m.regItemId).sort()).toEqual([mugs, crib].sort())

    // One address marks every gift of this giver on the registry.
    const marked = await reservations.setThankYouAddress(first.id, { name: 'June Park', line1: '1 Elm St', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
    expect(marked.marked.sort()).toEqual([first.id, bought.id].sort())
    expect((await reservations.forGiver(bought.id)).thankYouAddressProvided).toBe(true)

    // Unreserving (the email link flow's POST) gives the two mugs back.
    await reservations.unreserve(first.id)
    view = await registry.guestView(r.id)
    expect(view.items.find((i) => i.id === mugs)!.quantityStillNeeded).toBe(3)
    expect(await reservations.visitorReservations(r.id, [first.id])).toEqual([])

    // Nothing the guest pages load carries the owner's street or email, or a giver's email.
    const guestData = JSON.stringify([view, await registry.find('journey'), await reservations.forGiver(bought.id)])
    for (const secret of [STREET, OWNER_EMAIL, 'june@example.test']) expect(guestData).not.toContain(secret)
  })

  test('a removed item disappears from the guest view', async () => {
    const r = await newRegistry('nestlist', 'Removal Family')
    await registry.removeItem(r.itemIds[1]!, ownerId)
    expect((await registry.guestView(r.id)).items.map((i) => i.id)).toEqual([r.itemIds[0]])
  })
})
