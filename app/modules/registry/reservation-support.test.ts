// Reservation reminders and staff help with reservations (docs/decisions/013, amendment h15), on the real database.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import type { EmailSender, SendEmailInput } from '../email/email.types'
import { RESERVATION_HOLD_DAYS, RESERVATION_REMINDER_DAYS } from './registry.constants'
import { regItems, reservations as reservationsTable } from './registry.schema'
import { createRegistryService } from './registry.service.server'
import { createReservationSupport, reservationSupportMessages } from './reservation-support.server'
import { createReservationsService, reservationMessages } from './reservations.service.server'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let reservations: ReturnType<typeof createReservationsService>
const factories = catalogFactories(() => database.db, 71_000)
let productId: number
let owner: number
let n = 0
let now = new Date()
const sent: SendEmailInput<'notice'>[] = []
const email: EmailSender = {
  async send(input) {
    sent.push(input as SendEmailInput<'notice'>)
    return { id: sent.length, status: 'kept' }
  },
}
const DAY = 86_400_000

function support() {
  return createReservationSupport({ db: database.db, email, unreserve: (id) => reservations.unreserve(id), publicUrl: 'https://nestlist.test', clock: () => now })
}

async function itemOnNewRegistry(quantity = 3) {
  const r = await registry.create(owner, {
    registryType: 'baby',
    title: 'Baby Okafor',
    familyName: `Ada & Sam Okafor ${++n}`,
    slug: await registry.suggestSlug(`Ada Sam ${n}`),
    arrivalDate: new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10),
    planningStage: 'pregnant',
    expecting: 'girl',
  })
  const item = await registry.addItem(r.id, owner, { productId, quantity })
  return { registry: r, item }
}

async function reservedDaysAgo(itemId: number, days: number, giverEmail = `giver${++n}@example.test`) {
  const held = await reservations.reserve(itemId, { quantity: 1, giverName: 'Grandma Rose', giverEmail })
  await database.db.update(reservationsTable).set({ createdAt: new Date(now.getTime() - days * DAY) }).where(eq(reservationsTable.id, held.id))
  return { id: held.id, giverEmail }
}

const counts = async (itemId: number) => {
  const [row] = await database.db.select({ reserved: regItems.quantityReserved, purchased: regItems.quantityPurchased }).from(regItems).where(eq(regItems.id, itemId))
  return row!
}

async function failure(p: Promise<unknown>) {
  try {
    await p
    return null
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message }
    throw e
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db })
  reservations = createReservationsService({ db: database.db })
  const category = await factories.createCategory({ urlSlug: 'reminders-test' })
  const brand = await factories.createBrand()
  productId = (await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents: 4_900, name: 'Cloud Swaddle' })).id
  const [u] = await database.db.insert(users).values({ email: 'reminder-owner@example.test', firstName: 'Ada', lastName: 'Okafor', passwordHash: 'x' }).returning()
  owner = u!.id
})

afterAll(async () => {
  await database?.drop()
})

describe('reservation reminders', () => {
  test(`a gift held ${RESERVATION_REMINDER_DAYS} days without being bought is asked about once; younger, bought, released and removed ones are not; parallel sweeps send one email each`, async () => {
    now = new Date()
    const { item } = await itemOnNewRegistry(5)
    const due = await reservedDaysAgo(item.id, RESERVATION_REMINDER_DAYS + 1)
    const young = await reservedDaysAgo(item.id, RESERVATION_REMINDER_DAYS - 1)
    const bought = await reservedDaysAgo(item.id, 20)
    await reservations.markPurchased(bought.id)
    const released = await reservedDaysAgo(item.id, 20)
    await reservations.unreserve(released.id)
    const { item: removedItem, registry: r2 } = await itemOnNewRegistry(1)
    const onRemoved = await reservedDaysAgo(removedItem.id, 20)
    await database.db.update(regItems).set({ removedAt: now }).where(eq(regItems.id, removedItem.id))
    void r2

    sent.length = 0
    const [a, b] = await Promise.all([support().sendDueReminders(), support().sendDueReminders()])
    const toThese = sent.filter((m) => [due, young, bought, released, onRemoved].some((x) => x.giverEmail === m.to))
    expect(toThese.map((m) => m.to)).toEqual([due.giverEmail])
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(1)
    const mail = toThese[0]!
    expect(mail.data.subject).toBe(`Did you get the Cloud Swaddle for ${(await support().get(due.id)).registry.familyName}?`)
    expect(mail.data.action).toEqual({ label: 'I bought it', url: `https://nestlist.test/email_actions/reservation_purchase/${due.id}?purchased=1` })
    expect(mail.data.paragraphs.join(' ')).toContain(`https://nestlist.test/reservations/${due.id}`)
    expect((await support().get(due.id)).remindedAt).not.toBeNull()

    // Asked once: the next sweep, a month later, leaves it alone.
    sent.length = 0
    now = new Date(now.getTime() + 30 * DAY)
    await support().sendDueReminders()
    expect(sent.filter((m) => m.to === due.giverEmail)).toHaveLength(0)
  })

  test('staff remind now, not twice within a day; only a held gift', async () => {
    now = new Date()
    const { item } = await itemOnNewRegistry(2)
    const held = await reservedDaysAgo(item.id, 1)
    sent.length = 0
    expect((await support().remindNow(held.id)).remindedAt).not.toBeNull()
    expect(sent.map((m) => m.to)).toEqual([held.giverEmail])
    expect(await failure(support().remindNow(held.id))).toEqual({ code: 'conflict', message: reservationSupportMessages.remindedRecently })
    now = new Date(now.getTime() + DAY + 1_000)
    await support().remindNow(held.id)
    expect(sent).toHaveLength(2)
    await reservations.markPurchased(held.id)
    expect(await failure(support().remindNow(held.id))).toEqual({ code: 'conflict', message: reservationSupportMessages.notHeld })
    expect(await failure(support().remindNow('not-a-uuid'))).toMatchObject({ code: 'not_found' })
  })
})

describe('staff release and un-buy', () => {
  test('release gives the gift back to the registry and tells the giver why; a bought gift cannot be released', async () => {
    now = new Date()
    const { item } = await itemOnNewRegistry(2)
    const held = await reservedDaysAgo(item.id, 30)
    expect(await counts(item.id)).toEqual({ reserved: 1, purchased: 0 })
    expect(await failure(support().release({ reservationId: held.id, reason: 'x' }))).toMatchObject({ code: 'invalid_input' })
    sent.length = 0
    expect(await support().release({ reservationId: held.id, reason: 'The family asked; we could not reach you' })).toMatchObject({ status: 'cancelled' })
    expect(await counts(item.id)).toEqual({ reserved: 0, purchased: 0 })
    expect(sent[0]!.to).toBe(held.giverEmail)
    expect(sent[0]!.data.paragraphs.join(' ')).toContain('Why: The family asked; we could not reach you')
    expect(await failure(support().release({ reservationId: held.id, reason: 'Again please' }))).toEqual({ code: 'conflict', message: reservationSupportMessages.notHeld })

    const bought = await reservedDaysAgo(item.id, 2)
    await reservations.markPurchased(bought.id)
    expect(await failure(support().release({ reservationId: bought.id, reason: 'Released by mistake' }))).toEqual({ code: 'conflict', message: reservationMessages.alreadyBought })
  })

  test('un-buy sets a gift marked bought by mistake back to reserved (the counts move back); shop orders and not-bought gifts are refused', async () => {
    now = new Date()
    const { item } = await itemOnNewRegistry(2)
    const held = await reservedDaysAgo(item.id, 3)
    expect(await failure(support().unpurchase(held.id))).toEqual({ code: 'conflict', message: reservationSupportMessages.notBought })
    await reservations.markPurchased(held.id)
    expect(await counts(item.id)).toEqual({ reserved: 0, purchased: 1 })
    expect(await support().unpurchase(held.id)).toMatchObject({ status: 'reserved', source: 'reserved', purchasedAt: null })
    expect(await counts(item.id)).toEqual({ reserved: 1, purchased: 0 })
    // Two staff members pressing it at once: one moves it.
    await reservations.markPurchased(held.id)
    const results = await Promise.all([failure(support().unpurchase(held.id)), failure(support().unpurchase(held.id))])
    expect(results.filter((r) => r === null)).toHaveLength(1)
    expect(await counts(item.id)).toEqual({ reserved: 1, purchased: 0 })

    await database.db.update(reservationsTable).set({ status: 'purchased', source: 'nestlist_order' }).where(eq(reservationsTable.id, held.id))
    expect(await failure(support().unpurchase(held.id))).toEqual({ code: 'conflict', message: reservationSupportMessages.shopOrder })
  })

  test('find by giver email, registry id or slug; anything else is a clear 422', async () => {
    now = new Date()
    const { item, registry: reg } = await itemOnNewRegistry(2)
    const held = await reservedDaysAgo(item.id, 1, `Findable${++n}@Example.test`)
    for (const q of [held.giverEmail.toUpperCase(), String(reg.id), reg.slug]) expect((await support().find(q)).map((r) => r.id), q).toContain(held.id)
    expect(await failure(support().find("'; drop table reservations; --"))).toEqual({ code: 'invalid_input', message: reservationSupportMessages.search })
  })
})

describe('held gifts expire', () => {
  test(`a reservation is held ${RESERVATION_HOLD_DAYS} days; then it goes back on the registry once, its giver is told, and bought or newer ones stay`, async () => {
    const { item } = await itemOnNewRegistry(3)
    const due = await reservations.reserve(item.id, { quantity: 1, giverName: 'Grandma Rose', giverEmail: `due${++n}@example.test` })
    const fresh = await reservations.reserve(item.id, { quantity: 1, giverName: 'Uncle Ray', giverEmail: `fresh${++n}@example.test` })
    const bought = await reservations.reserve(item.id, { quantity: 1, giverName: 'Aunt June', giverEmail: `bought${++n}@example.test` })
    const [row] = await database.db.select().from(reservationsTable).where(eq(reservationsTable.id, due.id))
    // Set when reserved: the hold's end, RESERVATION_HOLD_DAYS later.
    expect(row!.expiresAt!.getTime() - row!.createdAt.getTime()).toBe(RESERVATION_HOLD_DAYS * DAY)
    await reservations.markPurchased(bought.id)
    const past = new Date(now.getTime() - DAY)
    await database.db.update(reservationsTable).set({ expiresAt: past }).where(eq(reservationsTable.id, due.id))
    await database.db.update(reservationsTable).set({ expiresAt: past }).where(eq(reservationsTable.id, bought.id))
    expect(await counts(item.id)).toEqual({ reserved: 2, purchased: 1 })
    sent.length = 0

    // Two sweeps at once (two processes): the gift is released once.
    const results = await Promise.all([support().releaseExpired(), support().releaseExpired()])
    expect(results.map((r) => r.released).sort()).toEqual([0, 1])
    expect(await counts(item.id)).toEqual({ reserved: 1, purchased: 1 })
    const [after] = await database.db.select().from(reservationsTable).where(eq(reservationsTable.id, due.id))
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await reservations.forGiver(due.id)).cancelReason).toBe('expired')
    expect((await reservations.forGiver(fresh.id)).status).toBe('reserved')
    expect((await reservations.forGiver(bought.id)).status).toBe('purchased')
    expect(sent.filter((m) => m.data.subject.includes('went back on the registry')).map((m) => m.to)).toEqual([after!.giverEmail])
    // Nothing left to release.
    expect((await support().releaseExpired()).released).toBe(0)
  })
})
