// The family hears of every gift (gift-notices.server.ts): reserved or bought elsewhere on the page or through
// the API, bought in the shop, given to a cash fund; by each person's own choice (as it happens, a daily digest,
// or not at all); never while the surprise is on. The registry home's 'New since your last visit' reads the same.
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppLoadContext } from 'react-router'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { users } from '../accounts/accounts.schema'
import { emailOutbox } from '../email/email.schema'
import { registryCollaborators } from './collaborators.schema'
import { registries, reservations } from './registry.schema'
import { createGiftNotices } from './gift-notices.server'
import { ensureProductStock } from '../orders/stock.seed.server'
import { action as guestAction } from '~/routes/registry/guest'

let h: RegistryApiHarness
let products: number[]

beforeAll(async () => {
  h = await registryApiHarness(91_000)
  products = await h.createProducts(3)
  // In stock, so the shop can sell them as gifts.
  await h.database.pool.query('update products set stock = 50 where id = any($1)', [products])
  await ensureProductStock(h.database.db, products)
})

afterAll(async () => {
  await h?.drop()
})

const outboxTo = (to: string) => h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id)
const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '94107' }
let n = 0

/** A family: an owner, a collaborator, a registry with a gift address and two items. */
async function family(over: { surprise?: boolean } = {}) {
  const owner = await h.signUp('Owner')
  const helper = await h.signUp('Helper')
  const registry = await h.createRegistry(owner.cookie)
  if (over.surprise) await h.database.db.update(registries).set({ surprise: true }).where(eq(registries.id, registry.id))
  await h.database.db.insert(registryCollaborators).values({ registryId: registry.id, userId: helper.id, invitedBy: owner.id })
  await h.database.db
    .update(registries)
    .set({ shippingAddress: { name: 'Maya Rivera', line1: '1 Elm St', line2: '', city: 'Portland', state: 'OR', zip: '97201' } })
    .where(eq(registries.id, registry.id))
  const items: number[] = []
  for (const productId of products.slice(0, 2)) {
    const item = await h.call('POST', `/api/v3/registries/${registry.id}/reg_items`, { cookie: owner.cookie, body: { productId, quantity: 1 } })
    expect(item.status, item.text).toBe(201)
    items.push(item.json.id as number)
  }
  return { owner, helper, registry, items }
}

const reserveThroughApi = (itemId: number, body: Record<string, unknown> = {}) =>
  h.call('POST', `/api/v3/reg_items/${itemId}/reservations`, { body: { quantity: 1, giverName: 'Aunt June', giverEmail: `june${++n}@example.test`, giftMessage: 'For naps', ...body } })

describe('the family is told of each gift', () => {
  test('a reservation through the API emails the owner and the collaborator, with the giver and their message', async () => {
    const f = await family()
    const made = await reserveThroughApi(f.items[0]!, { giverEmail: 'june.private@example.test' })
    expect(made.status, made.text).toBe(201)
    for (const who of [f.owner, f.helper]) {
      const mail = (await outboxTo(who.email)).filter((m) => m.category === 'registry_activity')
      expect(mail).toHaveLength(1)
      expect(mail[0]!.subject).toMatch(/^Aunt June reserved /)
      expect(mail[0]!.text).toContain('"For naps"')
      expect(mail[0]!.text).toContain(`${h.services.publicOrigin}/registry/gift-tracker`)
      // The giver's address is not in the family's email.
      expect(mail[0]!.text).not.toContain('june.private')
    }
    expect((await outboxTo('june.private@example.test')).map((m) => m.subject)).toEqual(['You reserved a gift for Maya & Leo Rivera'])
  })

  test('the registry page tells the family exactly as the API does', async () => {
    const f = await family()
    const context = { services: h.services, logger: pino({ level: 'silent' }), nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as unknown as AppLoadContext
    const body = new URLSearchParams({ intent: 'bought', itemId: String(f.items[1]), quantity: '1', giverName: 'Uncle Ray', giverEmail: 'ray@example.test', giftMessage: 'From the lake' })
    const request = new Request(`http://nestlist.test/${f.registry.slug}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })
    const thrown = await guestAction({ request, params: { slug: f.registry.slug }, context } as never).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    const mail = (await outboxTo(f.owner.email)).filter((m) => m.category === 'registry_activity')
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Uncle Ray bought .+ at another store$/)])
    expect(mail[0]!.text).toContain('"From the lake"')
    // The giver's confirmation comes from the service too, exactly as for the API.
    expect((await outboxTo('ray@example.test')).map((m) => m.subject)).toEqual(['Thank you for your gift to Maya & Leo Rivera'])
  })

  test("'I bought it' on a reservation tells the family it was bought", async () => {
    const f = await family()
    const made = await reserveThroughApi(f.items[0]!, { giverName: 'Nana' })
    await h.services.reservations.markPurchased(made.json.id as string)
    await h.services.reservations.markPurchased(made.json.id as string) // a second press changes nothing and tells nobody again
    const subjects = (await outboxTo(f.owner.email)).filter((m) => m.category === 'registry_activity').map((m) => m.subject)
    expect(subjects.filter((s) => s.startsWith('Nana reserved '))).toHaveLength(1)
    expect(subjects.filter((s) => s.startsWith('Nana bought ') && s.endsWith(' at another store'))).toHaveLength(1)
  })

  test('a registry gift bought in the shop tells the family, and its message and thank-you address reach the tracker', async () => {
    const f = await family()
    const buyer = await h.signUp('Buyer')
    const added = await h.call('POST', '/api/v3/cart_items', { cookie: buyer.cookie, body: { productId: products[0], quantity: 1, regItemId: f.items[0] } })
    expect(added.status, added.text).toBeLessThan(300)
    const thankYouAddress = { name: 'Bea Buyer', line1: '9 Oak Ave', line2: '', city: 'Austin', state: 'TX', zip: '78701' }
    await h.services.orders.placeOrder(
      { userId: buyer.id },
      { scope: { registryId: f.registry.id }, idempotencyKey: `notices-${Date.now()}`, email: buyer.email, name: 'Bea Buyer', card, giftMessage: 'Welcome, little one', thankYouAddress },
    )
    const [gift] = await h.database.db.select().from(reservations).where(and(eq(reservations.registryId, f.registry.id), eq(reservations.source, 'nestlist_order')))
    expect(gift).toMatchObject({ giftMessage: 'Welcome, little one', thankYouAddress, status: 'purchased' })
    const mail = (await outboxTo(f.helper.email)).filter((m) => m.category === 'registry_activity')
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Bea Buyer bought .+ from Nestlist$/)])
    expect(mail[0]!.text).toContain('"Welcome, little one"')
  })

  test('while the surprise is on the family is told nothing, and guests still cannot give the same gift twice', async () => {
    const f = await family({ surprise: true })
    expect((await reserveThroughApi(f.items[0]!)).status).toBe(201)
    expect((await reserveThroughApi(f.items[0]!)).status).toBe(409)
    for (const who of [f.owner, f.helper]) expect((await outboxTo(who.email)).filter((m) => m.category === 'registry_activity')).toEqual([])
  })

  test("someone who turned off 'Registry activity' gets nothing; someone on the daily digest gets nothing at once", async () => {
    const f = await family()
    await h.services.emailPreferences.update(f.owner.id, { subscribed: [] })
    await h.database.db.update(users).set({ registryActivityDelivery: 'daily' }).where(eq(users.id, f.helper.id))
    expect((await reserveThroughApi(f.items[0]!)).status).toBe(201)
    expect((await outboxTo(f.owner.email)).filter((m) => m.category === 'registry_activity').map((m) => m.status)).toEqual(['skipped'])
    expect((await outboxTo(f.helper.email)).filter((m) => m.category === 'registry_activity')).toEqual([])
  })
})

describe('the daily digest', () => {
  test('one email a day with the gifts since the last one; two digests at once send it once', async () => {
    const f = await family()
    await h.database.db.update(users).set({ registryActivityDelivery: 'daily' }).where(eq(users.id, f.owner.id))
    await reserveThroughApi(f.items[0]!, { giverName: 'Aunt June', giftMessage: 'Sleep well' })
    await reserveThroughApi(f.items[1]!, { giverName: 'Uncle Ray', giftMessage: '' })
    const later = new Date(Date.now() + 60_000)
    const notices = createGiftNotices({ db: h.database.db, email: h.services.email, publicOrigin: h.services.publicOrigin, clock: () => later })
    await Promise.all([notices.sendDigests(), notices.sendDigests()])
    const digests = (await outboxTo(f.owner.email)).filter((m) => m.subject === 'You have 2 new gifts')
    expect(digests).toHaveLength(1)
    expect(digests[0]!.text).toContain('Aunt June reserved ')
    expect(digests[0]!.text).toContain('"Sleep well"')
    expect(digests[0]!.text).toContain('Uncle Ray reserved ')
    // The next day: nothing new, no email.
    const nextDay = createGiftNotices({ db: h.database.db, email: h.services.email, publicOrigin: h.services.publicOrigin, clock: () => new Date(later.getTime() + 86_400_000) })
    await nextDay.sendDigests()
    expect((await outboxTo(f.owner.email)).filter((m) => m.subject.includes('new gift'))).toHaveLength(1)
  })
})

describe("the registry home's 'New since your last visit'", () => {
  test('lists the gifts after the visit before this one; a reload within half an hour keeps the same list', async () => {
    const f = await family()
    let now = new Date('2026-12-01T10:00:00Z')
    const notices = createGiftNotices({ db: h.database.db, email: h.services.email, publicOrigin: h.services.publicOrigin, clock: () => now })
    expect(await notices.visit(f.registry.id, f.owner.id)).toBeNull()
    await h.database.db.insert(reservations).values({
      regItemId: f.items[0]!,
      registryId: f.registry.id,
      quantity: 1,
      status: 'reserved',
      source: 'reserved',
      giverName: 'Aunt June',
      giverEmail: 'june@example.test',
      giftMessage: 'Hello',
      createdAt: new Date('2026-12-01T12:00:00Z'),
    })
    now = new Date('2026-12-02T09:00:00Z')
    const previous = await notices.visit(f.registry.id, f.owner.id)
    expect(previous?.toISOString()).toBe('2026-12-01T10:00:00.000Z')
    const fresh = await notices.giftsSince([f.registry.id], previous!)
    expect(fresh.map((g) => [g.kind, g.giverName, g.message])).toEqual([['reserved', 'Aunt June', 'Hello']])
    now = new Date('2026-12-02T09:10:00Z')
    expect((await notices.visit(f.registry.id, f.owner.id))?.toISOString()).toBe('2026-12-01T10:00:00.000Z')
    now = new Date('2026-12-02T11:00:00Z')
    expect((await notices.visit(f.registry.id, f.owner.id))?.toISOString()).toBe('2026-12-02T09:10:00.000Z')
  })
})

describe('gifts from other stores reach the family', () => {
  test("the giver sees the family's address only when the family chose to share it, and never on the public page", async () => {
    const f = await family()
    const made = await reserveThroughApi(f.items[0]!)
    const off = await h.services.reservations.forGiver(made.json.id as string)
    expect(off.delivery).toEqual({ address: null, note: '' })

    await h.services.registry.setGiftDelivery(f.registry.id, f.owner.id, { shareAddress: 'on', note: 'Porch is fine' })
    const on = await h.services.reservations.forGiver(made.json.id as string)
    expect(on.delivery).toEqual({ address: expect.objectContaining({ line1: '1 Elm St', zip: '97201' }), note: 'Porch is fine' })
    // The public registry never carries the street.
    const publicView = await h.call('GET', `/api/v3/registries/${f.registry.id}/reg_items`)
    expect(publicView.text).not.toContain('1 Elm St')
    // A stranger cannot change the choice; a note over 300 characters is refused and nothing changes.
    const stranger = await h.signUp('Stranger')
    await expect(h.services.registry.setGiftDelivery(f.registry.id, stranger.id, { shareAddress: false, note: '' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(h.services.registry.setGiftDelivery(f.registry.id, f.owner.id, { shareAddress: false, note: 'x'.repeat(301) })).rejects.toMatchObject({ code: 'invalid_input' })
    expect((await h.services.reservations.forGiver(made.json.id as string)).delivery?.note).toBe('Porch is fine')
    // Given back: nothing to deliver, no address.
    await h.services.reservations.unreserve(made.json.id as string)
    expect((await h.services.reservations.forGiver(made.json.id as string)).delivery).toBeNull()
  })
})
