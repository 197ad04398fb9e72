import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { regItems } from './registry.schema'
import { createRegistryService } from './registry.service.server'
import { createGiftTracker } from './gift-tracker.server'
import { createReservationsService, reservationMessages } from './reservations.service.server'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let reservations: ReturnType<typeof createReservationsService>
let tracker: ReturnType<typeof createGiftTracker>
const factories = catalogFactories(() => database.db, 70_000)
let productId: number
let owner: number
let stranger: number
let n = 0

async function newUser() {
  const [u] = await database.db
    .insert(users)
    .values({ email: `owner${++n}@example.test`, firstName: 'Owner', lastName: String(n), passwordHash: 'x' })
    .returning()
  return u!.id
}

async function newRegistry(ownerId = owner) {
  return registry.create(ownerId, {
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: 'Maya & Leo Rivera',
    slug: await registry.suggestSlug(`Maya & Leo ${++n}`),
    arrivalDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    planningStage: 'pregnant',
    expecting: 'girl',
  })
}

const giver = (i = 0) => ({ quantity: 1, giverName: `Guest ${i}`, giverEmail: `guest${i}@example.test` })

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
  const category = await factories.createCategory({ urlSlug: 'cribs-test' })
  const brand = await factories.createBrand()
  productId = (await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents: 19_900 })).id
  owner = await newUser()
  stranger = await newUser()
})

afterAll(async () => {
  await database?.drop()
})

describe('registries', () => {
  test('a new registry has a random 12-digit id, its default categories and a free suggested slug', async () => {
    const a = await newRegistry()
    const b = await newRegistry()
    expect(String(a.id)).toMatch(/^\d{12}$/)
    expect(Math.abs(b.id - a.id)).toBeGreaterThan(1)
    expect(a.categories[0]).toMatchObject({ title: 'Registry Must-Haves', isDefault: true })
    expect(await registry.suggestSlug('Maya & Leo 1')).not.toBe(a.slug)
    expect(await codeOf(registry.create(owner, { registryType: 'baby', title: 'X', familyName: 'Y', slug: a.slug, isArrivalDateKnown: false }))).toBe('conflict')
    expect(await codeOf(registry.create(owner, { registryType: 'baby', title: 'X', familyName: 'Y', slug: 'store', isArrivalDateKnown: false }))).toBe('conflict')
  })

  test('bad dates, slugs and quantities get clear messages', async () => {
    const r = await newRegistry()
    const past = await registry.create(owner, { registryType: 'baby', title: 'X', familyName: 'Y', slug: 'past-baby-x', arrivalDate: '2020-01-01' }).catch((e: unknown) => e)
    expect(isDomainError(past) && past.fields?.arrivalDate?.[0]).toBe('The arrival date cannot be that far in the past.')
    const far = await registry.create(owner, { registryType: 'baby', title: 'X', familyName: 'Y', slug: 'far-baby-x', arrivalDate: '2031-01-01' }).catch((e: unknown) => e)
    expect(isDomainError(far) && far.fields?.arrivalDate?.[0]).toMatch(/within the next 2 years/)
    for (const quantity of [0, -1, 1e9]) {
      const bad = await registry.addItem(r.id, owner, { productId, quantity }).catch((e: unknown) => e)
      expect(isDomainError(bad) && bad.code).toBe('invalid_input')
    }
    const note = await registry.addItem(r.id, owner, { productId, note: 'x'.repeat(10_000) }).catch((e: unknown) => e)
    expect(isDomainError(note) && note.fields?.note?.[0]).toBe('Notes are at most 500 characters.')
  })

  test('only the owner can change a registry; others get not found', async () => {
    const r = await newRegistry()
    expect(await codeOf(registry.addItem(r.id, stranger, { productId }))).toBe('not_found')
    expect(await codeOf(registry.ownerView(r.id, stranger))).toBe('not_found')
    const item = await registry.addItem(r.id, owner, { productId, quantity: 2 })
    expect(await codeOf(registry.updateItem(item.id, stranger, { quantity: 5 }))).toBe('not_found')
    expect(await codeOf(registry.removeItem(item.id, stranger))).toBe('not_found')
  })

  test('the guest view has no address, email or givers, and removed items are gone from it but kept for the owner', async () => {
    const r = await newRegistry()
    await registry.setShippingAddress(r.id, owner, { name: 'Maya Rivera', line1: '12 Secret Street', city: 'Austin', state: 'TX', zip: '73301' })
    const item = await registry.addItem(r.id, owner, { productId, quantity: 2 })
    await reservations.reserve(item.id, { ...giver(1), giverEmail: 'grandma@example.test' })
    const guest = await registry.guestView(r.id)
    const json = JSON.stringify(guest)
    expect(json).not.toContain('Secret Street')
    expect(json).not.toContain('grandma@example.test')
    expect(json).not.toContain(`owner`)
    expect(guest.shipsTo).toEqual({ city: 'Austin', state: 'TX' })
    expect(guest.items[0]).toMatchObject({ quantityNeeded: 2, quantityStillNeeded: 1 })
    await registry.removeItem(item.id, owner)
    expect((await registry.guestView(r.slug)).items).toEqual([])
    const mine = await registry.ownerView(r.id, owner)
    expect(mine.items[0]).toMatchObject({ removed: true, quantityReserved: 1 })
    expect(await reservations.onRemovedItems(r.id)).toEqual([{ regItemId: item.id }])
  })

  test('the owner cannot lower the quantity below what was given; deleting a category keeps its items', async () => {
    const r = await newRegistry()
    const cat = await registry.addCategory(r.id, owner, { title: 'Bedtime' })
    const item = await registry.addItem(r.id, owner, { productId, quantity: 3, categoryId: cat.id })
    await reservations.reserve(item.id, { ...giver(), quantity: 2 })
    expect(await codeOf(registry.updateItem(item.id, owner, { quantity: 1 }))).toBe('conflict')
    await registry.updateItem(item.id, owner, { quantity: 2 })
    await registry.deleteCategory(r.id, owner, cat.id)
    const view = await registry.ownerView(r.id, owner)
    expect(view.items[0]!.categoryId).toBe(view.categories.find((c) => c.isDefault)!.id)
    expect(await codeOf(registry.deleteCategory(r.id, owner, view.categories[0]!.id))).toBe('invalid_input')
  })

  test('private registries are never found; others are found by family name or title', async () => {
    const r = await newRegistry()
    expect((await registry.find('Maya & Leo Rivera')).some((f) => f.id === r.id)).toBe(true)
    await registry.setVisibility(r.id, owner, { searchLevel: 'private' })
    expect((await registry.find('Maya & Leo Rivera')).some((f) => f.id === r.id)).toBe(false)
    expect(await registry.find('%')).toEqual([])
  })

  test('with the surprise on, the owner sees only what is still needed, not who gave what', async () => {
    const r = await newRegistry()
    const item = await registry.addItem(r.id, owner, { productId, quantity: 2 })
    await reservations.reserve(item.id, giver(7))
    await registry.updateSettings(r.id, owner, { title: r.title, familyName: r.familyName, slug: r.slug, isArrivalDateKnown: false, surprise: true })
    const view = await registry.ownerView(r.id, owner)
    expect(view.items[0]).toMatchObject({ quantityReserved: 0, quantityPurchased: 0, quantityStillNeeded: 1 })
    expect(view.stats).toMatchObject({ reserved: 0, purchased: 0 })
    const listed = await tracker.list(r.id, owner)
    expect(listed).toEqual({ surpriseActive: true, gifts: [], counts: { gifts: 0, thankYouSent: 0, toThank: 0, notReceived: 0 } })
    expect(JSON.stringify(view)).not.toContain('Guest 7')
    // lowering the quantity below what was given says so without counting it
    await reservations.boughtElsewhere(item.id, giver(8))
    const refused = await registry.updateItem(item.id, owner, { quantity: 1 }).then(() => null, (e: unknown) => e)
    expect(isDomainError(refused)).toBe(true)
    expect((refused as Error).message).toMatch(/keep the details a surprise/)
    expect((refused as Error).message).not.toMatch(/\d/)
  })
})

describe('reservations', () => {
  test('reserve, mark bought, unreserve and bought elsewhere move the quantities and never past the need', async () => {
    const r = await newRegistry()
    const item = await registry.addItem(r.id, owner, { productId, quantity: 3 })
    const a = await reservations.reserve(item.id, giver(1))
    const b = await reservations.reserve(item.id, giver(2))
    await reservations.boughtElsewhere(item.id, giver(3))
    expect(await codeOf(reservations.reserve(item.id, giver(4)))).toBe('conflict')
    await reservations.markPurchased(a.id)
    await reservations.markPurchased(a.id) // idempotent
    await reservations.unreserve(b.id)
    await reservations.unreserve(b.id) // idempotent
    expect(await codeOf(reservations.unreserve(a.id))).toBe('conflict')
    const [row] = await database.db.select().from(regItems).where(eq(regItems.id, item.id))
    expect(row).toMatchObject({ quantityReserved: 0, quantityPurchased: 2, quantityNeeded: 3 })
    const view = await reservations.forGiver(a.id)
    expect(view).toMatchObject({ status: 'purchased', giverName: 'Guest 1', registry: { id: r.id } })
    expect(await codeOf(reservations.forGiver('not-a-uuid'))).toBe('not_found')
  })

  test("an account reaches the reservations made under its email only once it has confirmed that email", async () => {
    const r = await newRegistry()
    const item = await registry.addItem(r.id, owner, { productId, quantity: 3 })
    const email = `june${++n}@example.test`
    const guestGift = await reservations.reserve(item.id, { quantity: 1, giverName: 'June', giverEmail: email })
    const account = await newUser()
    const ownGift = await reservations.reserve(item.id, { quantity: 1, giverName: 'June', giverEmail: 'typo@example.test' }, account)
    const unconfirmed = { id: account, email, emailVerified: false }
    expect((await reservations.forUser(unconfirmed)).map((x) => x.id)).toEqual([ownGift.id])
    expect(await reservations.givenBy(unconfirmed, [guestGift.id, ownGift.id])).toEqual([ownGift.id])
    const confirmed = { ...unconfirmed, emailVerified: true }
    expect((await reservations.forUser(confirmed)).map((x) => x.id).sort()).toEqual([guestGift.id, ownGift.id].sort())
    expect((await reservations.givenBy(confirmed, [guestGift.id, ownGift.id])).sort()).toEqual([guestGift.id, ownGift.id].sort())
  })

  test('the thank-you address marks every reservation of that giver on the registry', async () => {
    const r = await newRegistry()
    const one = await registry.addItem(r.id, owner, { productId, quantity: 2 })
    const x = await reservations.reserve(one.id, giver(9))
    const y = await reservations.boughtElsewhere(one.id, giver(9))
    const { marked } = await reservations.setThankYouAddress(x.id, { name: 'Guest 9', line1: '1 Oak St', city: 'Reno', state: 'NV', zip: '89501' })
    expect(marked.sort()).toEqual([x.id, y.id].sort())
    expect((await reservations.forGiver(y.id)).thankYouAddressProvided).toBe(true)
    const listed = await tracker.list(r.id, owner)
    expect(listed.gifts.every((g) => g.thankYouAddress?.city === 'Reno')).toBe(true)
  })

  test("a reservation under someone else's email cannot replace the thank-you address that giver gave", async () => {
    const r = await newRegistry()
    const one = await registry.addItem(r.id, owner, { productId, quantity: 2 })
    const theirs = await reservations.reserve(one.id, giver(11))
    await reservations.setThankYouAddress(theirs.id, { name: 'Guest 11', line1: '1 Oak St', city: 'Reno', state: 'NV', zip: '89501' })
    const posing = await reservations.reserve(one.id, giver(11))
    const { marked } = await reservations.setThankYouAddress(posing.id, { name: 'Guest 11', line1: '9 Elsewhere Rd', city: 'Boise', state: 'ID', zip: '83702' })
    expect(marked).toEqual([posing.id])
    const listed = await tracker.list(r.id, owner)
    expect(listed.gifts.map((g) => g.thankYouAddress?.city).sort()).toEqual(['Boise', 'Reno'])
  })

  test('200 concurrent reservations for an item with 1 still needed: exactly 1 succeeds, 199 get a clear 409, no errors', async () => {
    const r = await newRegistry()
    const item = await registry.addItem(r.id, owner, { productId, quantity: 1 })
    // 20 real connections, like 20 app servers' pools
    const { db, pool } = createDb(database.url, { max: 20 })
    try {
      const concurrent = createReservationsService({ db })
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          concurrent.reserve(item.id, giver(i)).then(
            () => 'ok',
            (e: unknown) => (isDomainError(e) ? `${e.code}:${e.message}` : `error:${String(e)}`),
          ),
        ),
      )
      expect(results.filter((x) => x === 'ok')).toHaveLength(1)
      expect(results.filter((x) => x === `conflict:${reservationMessages.alreadyReserved}`)).toHaveLength(199)
    } finally {
      await pool.end()
    }
    const [row] = await database.db.select().from(regItems).where(eq(regItems.id, item.id))
    expect(row).toMatchObject({ quantityReserved: 1, quantityPurchased: 0 })
  })

  test('random mixes of reserve, unreserve, purchase and edits keep 0 <= reserved + purchased <= needed', async () => {
    const r = await newRegistry()
    const item = await registry.addItem(r.id, owner, { productId, quantity: 5 })
    const { db, pool } = createDb(database.url, { max: 10 })
    const concurrent = createReservationsService({ db })
    const ids: string[] = []
    let seed = 42
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % k
    }
    try {
      for (let round = 0; round < 25; round++) {
        const ops = Array.from({ length: 8 }, () => {
          const op = rand(5)
          const some = ids.length ? ids[rand(ids.length)]! : undefined
          if (op === 0 || !some) return concurrent.reserve(item.id, { ...giver(round), quantity: 1 + rand(3) }).then((x) => void ids.push(x.id))
          if (op === 1) return concurrent.unreserve(some)
          if (op === 2) return concurrent.markPurchased(some)
          if (op === 3) return concurrent.boughtElsewhere(item.id, { ...giver(round), quantity: 1 })
          return registry.updateItem(item.id, owner, { quantity: 1 + rand(8) })
        })
        const outcomes = await Promise.allSettled(ops)
        for (const o of outcomes) {
          if (o.status === 'rejected') expect(isDomainError(o.reason), String(o.reason)).toBe(true)
        }
        const [row] = await database.db.select().from(regItems).where(eq(regItems.id, item.id))
        expect(row!.quantityReserved).toBeGreaterThanOrEqual(0)
        expect(row!.quantityPurchased).toBeGreaterThanOrEqual(0)
        expect(row!.quantityReserved + row!.quantityPurchased).toBeLessThanOrEqual(row!.quantityNeeded)
        // the item's counters always equal the sum of its live reservations
        const sums = await database.pool.query<{ reserved: number; purchased: number }>(
          `select coalesce(sum(quantity) filter (where status = 'reserved'), 0)::int as reserved,
                  coalesce(sum(quantity) filter (where status = 'purchased'), 0)::int as purchased
           from reservations where reg_item_id = $1`,
          [item.id],
        )
        expect(sums.rows[0]).toEqual({ reserved: row!.quantityReserved, purchased: row!.quantityPurchased })
      }
    } finally {
      await pool.end()
    }
  }, 60_000)

  test('reserves and unreserves over many items from three app processes at once keep every counter equal to its live gifts', async () => {
    const r = await newRegistry()
    const items = await Promise.all(Array.from({ length: 12 }, (_, i) => registry.addItem(r.id, owner, { productId, quantity: 1 + (i % 4) })))
    const processes = Array.from({ length: 3 }, () => createDb(database.url, { max: 6 }))
    const services = processes.map(({ db }) => createReservationsService({ db, maxInFlight: 2 }))
    const made: string[] = []
    let seed = 7
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % k
    }
    try {
      for (let round = 0; round < 10; round++) {
        const ops = Array.from({ length: 60 }, (_, i) => {
          const service = services[rand(services.length)]!
          const item = items[rand(items.length)]!
          const some = made.length ? made[rand(made.length)] : undefined
          const op = rand(6)
          if (op < 3 || !some) return service.reserve(item.id, { ...giver(i), quantity: 1 + rand(2) }).then((x) => void made.push(x.id))
          if (op < 5) return service.unreserve(some)
          return service.boughtElsewhere(item.id, giver(i))
        })
        for (const o of await Promise.allSettled(ops)) {
          if (o.status === 'rejected') expect(isDomainError(o.reason) && ['conflict', 'not_found'].includes(o.reason.code), String(o.reason)).toBe(true)
        }
      }
      const check = await database.pool.query<{ id: number; needed: number; reserved: number; purchased: number; live_reserved: number; live_purchased: number }>(
        `select i.id, i.quantity_needed as needed, i.quantity_reserved as reserved, i.quantity_purchased as purchased,
                coalesce(sum(x.quantity) filter (where x.status = 'reserved'), 0)::int as live_reserved,
                coalesce(sum(x.quantity) filter (where x.status = 'purchased'), 0)::int as live_purchased
         from reg_items i left join reservations x on x.reg_item_id = i.id
         where i.registry_id = $1 group by i.id`,
        [r.id],
      )
      expect(check.rows).toHaveLength(12)
      for (const row of check.rows) {
        expect(row.reserved).toBe(row.live_reserved)
        expect(row.purchased).toBe(row.live_purchased)
        expect(row.reserved + row.purchased).toBeLessThanOrEqual(row.needed)
      }
    } finally {
      await Promise.all(processes.map(({ pool }) => pool.end()))
    }
  }, 60_000)

  test('unreserve in a busy batch: twice is harmless, a bought gift is refused and an unknown id is not found', async () => {
    const r = await newRegistry()
    const item = await registry.addItem(r.id, owner, { productId, quantity: 10 })
    const { db, pool } = createDb(database.url, { max: 4 })
    const service = createReservationsService({ db, maxInFlight: 1 })
    try {
      const [a, b, c] = await Promise.all([service.reserve(item.id, giver(1)), service.reserve(item.id, giver(2)), service.reserve(item.id, giver(3))])
      await service.markPurchased(c!.id)
      // one in flight, so these four wait and are written together
      const outcomes = await Promise.all(
        [service.reserve(item.id, giver(4)), service.unreserve(a!.id), service.unreserve(a!.id), service.unreserve(c!.id), service.unreserve('00000000-0000-4000-8000-000000000000'), service.unreserve(b!.id)].map((p) => codeOf(p)),
      )
      expect(outcomes).toEqual(['ok', 'ok', 'ok', 'conflict', 'not_found', 'ok'])
      const [row] = await database.db.select().from(regItems).where(eq(regItems.id, item.id))
      expect(row).toMatchObject({ quantityReserved: 1, quantityPurchased: 1 })
    } finally {
      await pool.end()
    }
  })
})

