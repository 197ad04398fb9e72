import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { createServices, type Services } from '~/services.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { regItems, reservations } from '../registry/registry.schema'
import { amazonCartMessages } from './amazon-cart.service.server'

let database: TestDatabase
let services: Services
let owner: number
let n = 0

async function newUser(first = 'Owner') {
  const [u] = await database.db
    .insert(users)
    .values({ email: `amazon-${first.toLowerCase()}${++n}@example.test`, firstName: first, lastName: String(n), passwordHash: 'x' })
    .returning()
  return u!
}

async function newRegistry() {
  const r = await services.registry.create(owner, {
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: `Rivera ${++n}`,
    slug: await services.registry.suggestSlug(`amazon rivera ${n}`),
    arrivalDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
  })
  return r.id
}

/** An item from another store; `url` decides whether it is an Amazon item. */
async function item(registryId: number, url: string, quantity = 1) {
  const saved = await services.externalProducts.saveItem(registryId, owner, { url, title: `Gift ${++n}`, priceCents: 2_500, quantity, storeName: 'Some store' })
  return saved.id
}

const guest = (i: number) => ({ guestToken: `amazon-guest-token-${i}-${'x'.repeat(20)}` })
const asGuest = { userId: null }
const giver = (i: number) => ({ giverName: `Guest ${i}`, giverEmail: `guest${i}@example.test` })

async function codeOf(p: Promise<unknown>) {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return e.code
    throw e
  }
}

const itemRow = async (id: number) => (await database.db.select().from(regItems).where(eq(regItems.id, id)))[0]!
const reservationRow = async (id: string) => (await database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!

beforeAll(async () => {
  database = await createTestDatabase()
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger: pino({ level: 'silent' }) })
  owner = (await newUser()).id
})
afterAll(async () => {
  await database?.drop()
})

describe('the Amazon cart', () => {
  test('adding an Amazon item holds it for the giver through a reservation; the cart has the Amazon link with every ASIN', async () => {
    const registryId = await newRegistry()
    const swaddle = await item(registryId, 'https://www.amazon.com/Cloud-Swaddle/dp/B07XJ8C8F5/ref=sr_1_1', 3)
    const monitor = await item(registryId, 'https://peak-parent.example/monitor')
    await services.externalProducts.addOffer(monitor, owner, { storeName: 'Amazon', url: 'https://amazon.com/gp/product/B000FQ9QVI', priceCents: 4_999 })

    const first = await services.amazonCart.add(guest(1), { regItemId: swaddle, quantity: 2, ...giver(1) }, asGuest)
    expect(first.created).toBe(true)
    // The second gift needs no name: the cart's first gift says who is giving.
    const second = await services.amazonCart.add(guest(1), { regItemId: monitor }, asGuest)
    expect(second.created).toBe(true)

    const r = await reservationRow(first.reservationId)
    expect(r).toMatchObject({ status: 'reserved', quantity: 2, giverName: 'Guest 1', giverEmail: 'guest1@example.test', regItemId: swaddle })
    expect((await reservationRow(second.reservationId)).giverEmail).toBe('guest1@example.test')
    expect(await itemRow(swaddle)).toMatchObject({ quantityReserved: 2, quantityPurchased: 0 })

    const view = await services.amazonCart.view(guest(1))
    expect(view.itemCount).toBe(3)
    expect(view.registries).toHaveLength(1)
    const group = view.registries[0]!
    expect(group.lines.map((l) => [l.asin, l.quantity, l.status, l.maxQuantity])).toEqual([
      ['B07XJ8C8F5', 2, 'held', 3],
      ['B000FQ9QVI', 1, 'held', 1],
    ])
    expect(group.checkoutUrl).toBe('https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=B07XJ8C8F5&Quantity.1=2&ASIN.2=B000FQ9QVI&Quantity.2=1')
    // Guests see the family's city and state at most, never a street.
    expect(JSON.stringify(view)).not.toMatch(/line1|street/i)
    expect(await services.amazonCart.heldOn(guest(1), registryId)).toEqual({ [swaddle]: 2, [monitor]: 1 })
    expect(await services.amazonCart.itemCount(guest(1))).toBe(3)

    // Adding it again adds to its line (one reservation, now 3).
    const again = await services.amazonCart.add(guest(1), { regItemId: swaddle }, asGuest)
    expect(again).toMatchObject({ created: false, lineId: first.lineId })
    expect((await reservationRow(first.reservationId)).quantity).toBe(3)
    expect(await itemRow(swaddle)).toMatchObject({ quantityReserved: 3 })
  })

  test('an item that is not on Amazon (or only on a lookalike host) is refused with 422 and a clear message', async () => {
    const registryId = await newRegistry()
    const other = await item(registryId, 'https://willow-and-wool.example/blanket')
    const lookalike = await item(registryId, 'https://amazon.com.evil.test/dp/B07XJ8C8F5')
    for (const regItemId of [other, lookalike]) {
      const error = await services.amazonCart.add(guest(2), { regItemId, ...giver(2) }, asGuest).catch((e: unknown) => e)
      expect(isDomainError(error) && error.code).toBe('invalid_input')
      expect((error as Error).message).toBe(amazonCartMessages.notAmazon)
    }
    expect((await itemRow(other)).quantityReserved).toBe(0)
    expect(await codeOf(services.amazonCart.add(guest(2), { regItemId: 987_654_321, ...giver(2) }, asGuest))).toBe('not_found')
  })

  test('a guest must say who is giving before the first gift; a signed-in giver never has to', async () => {
    const registryId = await newRegistry()
    const gift = await item(registryId, 'https://www.amazon.com/dp/B01N5IB20Q')
    const error = await services.amazonCart.add(guest(3), { regItemId: gift }, asGuest).catch((e: unknown) => e)
    expect(isDomainError(error) && error.code).toBe('invalid_input')
    expect((error as { fields: Record<string, string[]> }).fields.giverName).toBeDefined()
    expect(await codeOf(services.amazonCart.add(guest(3), { regItemId: gift, giverName: 'June', giverEmail: 'not an email' }, asGuest))).toBe('invalid_input')
    expect((await itemRow(gift)).quantityReserved).toBe(0)

    const june = await newUser('June')
    const added = await services.amazonCart.add({ userId: june.id }, { regItemId: gift }, { userId: june.id, name: 'June 9', email: june.email })
    expect(await reservationRow(added.reservationId)).toMatchObject({ giverUserId: june.id, giverEmail: june.email, status: 'reserved' })
  })

  test('a quantity is at most what the item still needs, on adding and on changing', async () => {
    const registryId = await newRegistry()
    const gift = await item(registryId, 'https://www.amazon.com/gp/aw/d/B08KTZ8249', 2)
    const tooMany = await services.amazonCart.add(guest(4), { regItemId: gift, quantity: 3, ...giver(4) }, asGuest).catch((e: unknown) => e)
    expect(isDomainError(tooMany) && tooMany.code).toBe('conflict')
    expect((tooMany as Error).message).toBe('Only 2 still needed. Choose 2 or fewer.')
    const { lineId } = await services.amazonCart.add(guest(4), { regItemId: gift, ...giver(4) }, asGuest)
    // Someone else reserves the other one.
    await services.reservations.reserve(gift, { quantity: 1, giverName: 'Other', giverEmail: 'other@example.test' })
    expect((await services.amazonCart.view(guest(4))).registries[0]!.lines[0]!.maxQuantity).toBe(1)
    expect(await codeOf(services.amazonCart.update(guest(4), lineId, { quantity: 2 }))).toBe('conflict')
    expect(await codeOf(services.amazonCart.update(guest(4), lineId, { quantity: 0 }))).toBe('invalid_input')
    expect(await itemRow(gift)).toMatchObject({ quantityReserved: 2 })
  })

  test('two givers adding the last one at the same moment: exactly one holds it, the other gets a 409', async () => {
    const registryId = await newRegistry()
    const gift = await item(registryId, 'https://www.amazon.com/dp/B0C1234567')
    const results = await Promise.allSettled([
      services.amazonCart.add(guest(5), { regItemId: gift, ...giver(5) }, asGuest),
      services.amazonCart.add(guest(6), { regItemId: gift, ...giver(6) }, asGuest),
      services.amazonCart.add(guest(7), { regItemId: gift, ...giver(7) }, asGuest),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(refused).toHaveLength(2)
    for (const r of refused) expect(isDomainError(r.reason) && r.reason.code).toBe('conflict')
    expect(await itemRow(gift)).toMatchObject({ quantityReserved: 1, quantityPurchased: 0 })
    const counts = await Promise.all([5, 6, 7].map((i) => services.amazonCart.itemCount(guest(i))))
    expect(counts.sort()).toEqual([0, 0, 1])
  })

  test("removing a gift gives it back to the registry; another giver's line is not found", async () => {
    const registryId = await newRegistry()
    const gift = await item(registryId, 'https://www.amazon.com/dp/B0D7654321')
    const { lineId, reservationId } = await services.amazonCart.add(guest(8), { regItemId: gift, ...giver(8) }, asGuest)
    expect(await codeOf(services.amazonCart.remove(guest(9), lineId))).toBe('not_found')
    expect(await codeOf(services.amazonCart.update(guest(9), lineId, { purchased: true }))).toBe('not_found')
    expect(await codeOf(services.amazonCart.remove({}, lineId))).toBe('not_found')
    expect((await itemRow(gift)).quantityReserved).toBe(1)

    const after = await services.amazonCart.remove(guest(8), lineId)
    expect(after).toEqual({ registries: [], itemCount: 0 })
    expect((await reservationRow(reservationId)).status).toBe('cancelled')
    expect(await itemRow(gift)).toMatchObject({ quantityReserved: 0 })
    expect(await codeOf(services.amazonCart.remove(guest(8), lineId))).toBe('not_found')
    // Free again for anyone.
    expect(await codeOf(services.amazonCart.add(guest(9), { regItemId: gift, ...giver(9) }, asGuest))).toBe('ok')
  })

  test("'Check out on Amazon' notes the gifts went to Amazon; 'Yes, I bought it' marks the reservation bought, 'Not yet' keeps it held", async () => {
    const registryId = await newRegistry()
    const a = await item(registryId, 'https://www.amazon.com/dp/B0AAAAAAAA')
    const b = await item(registryId, 'https://www.amazon.com/dp/B0BBBBBBBB')
    const lineA = await services.amazonCart.add(guest(10), { regItemId: a, ...giver(10) }, asGuest)
    const lineB = await services.amazonCart.add(guest(10), { regItemId: b }, asGuest)

    const url = await services.amazonCart.sendToAmazon(guest(10), registryId)
    expect(url).toBe('https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=B0AAAAAAAA&Quantity.1=1&ASIN.2=B0BBBBBBBB&Quantity.2=1')
    expect(await codeOf(services.amazonCart.sendToAmazon(guest(11), registryId))).toBe('not_found')
    let view = await services.amazonCart.view(guest(10))
    expect(view.registries[0]!.lines.every((l) => l.sentToAmazonAt !== null)).toBe(true)
    // Sending is not buying.
    expect(await itemRow(a)).toMatchObject({ quantityReserved: 1, quantityPurchased: 0 })

    view = await services.amazonCart.update(guest(10), lineA.lineId, { purchased: true })
    expect(await reservationRow(lineA.reservationId)).toMatchObject({ status: 'purchased', source: 'bought_elsewhere' })
    expect(await itemRow(a)).toMatchObject({ quantityReserved: 0, quantityPurchased: 1 })
    expect(view.registries[0]!.bought.map((l) => l.regItemId)).toEqual([a])
    expect(view.registries[0]!.lines.map((l) => l.regItemId)).toEqual([b])
    expect(view.registries[0]!.checkoutUrl).toBe('https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=B0BBBBBBBB&Quantity.1=1')
    expect(view.itemCount).toBe(1)
    // Bought stays bought: no removing or changing it.
    expect(await codeOf(services.amazonCart.remove(guest(10), lineA.lineId))).toBe('conflict')
    expect(await codeOf(services.amazonCart.update(guest(10), lineA.lineId, { quantity: 1 }))).toBe('conflict')
    expect(await codeOf(services.amazonCart.update(guest(10), lineA.lineId, { purchased: true }))).toBe('ok')

    view = await services.amazonCart.update(guest(10), lineB.lineId, { purchased: false })
    expect(view.registries[0]!.lines[0]).toMatchObject({ regItemId: b, status: 'held', sentToAmazonAt: null })
    expect((await reservationRow(lineB.reservationId)).status).toBe('reserved')
  })

  test('a gift unreserved through its email link leaves the Amazon cart; signing in keeps the guest’s Amazon cart', async () => {
    const registryId = await newRegistry()
    const a = await item(registryId, 'https://www.amazon.com/dp/B0CCCCCCCC')
    const b = await item(registryId, 'https://www.amazon.com/dp/B0DDDDDDDD')
    const lineA = await services.amazonCart.add(guest(12), { regItemId: a, ...giver(12) }, asGuest)
    await services.amazonCart.add(guest(12), { regItemId: b }, asGuest)
    await services.reservations.unreserve(lineA.reservationId)
    expect((await services.amazonCart.view(guest(12))).registries[0]!.lines.map((l) => l.regItemId)).toEqual([b])
    expect(await codeOf(services.amazonCart.update(guest(12), lineA.lineId, { purchased: true }))).toBe('not_found')

    const user = await newUser('Sam')
    await services.cart.mergeGuestCart(guest(12).guestToken, user.id)
    expect((await services.amazonCart.view({ userId: user.id })).registries[0]!.lines.map((l) => l.regItemId)).toEqual([b])
    expect(await services.amazonCart.itemCount(guest(12))).toBe(0)
  })
})
