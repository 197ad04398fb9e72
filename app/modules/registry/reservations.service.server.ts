import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { type ReservationRow, regItems, registries, reservations } from './registry.schema'
import type { PostalAddress } from './registry.types'
import { postalAddressInput, reserveInput } from './registry.validation'

type Issues = { error: { issues: { path: PropertyKey[]; message: string }[] } }
function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | ({ success: false } & Issues) }, input: unknown): T {
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fields[issue.path.map(String).join('.') || '_error'] ??= []).push(issue.message)
    throw new DomainError('invalid_input', 'Some fields need another look.', { fields })
  }
  return parsed.data
}

export const reservationMessages = {
  alreadyReserved: 'Someone just reserved this gift, so it no longer needs that many. Please choose another gift or a smaller quantity.',
  notFound: 'We could not find that reservation.',
  itemGone: 'This gift is no longer on the registry.',
  notActive: 'This reservation was cancelled, so there is nothing to change.',
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the giver sees of their own reservation (the link in their email is the key). */
export type GiverReservation = {
  id: string
  status: ReservationRow['status']
  source: ReservationRow['source']
  quantity: number
  giverName: string
  createdAt: string
  purchasedAt: string | null
  thankYouAddressProvided: boolean
  item: { id: number; title: string; imageUrl: string; priceCents: number; href: string | null; storeName: string }
  registry: { id: number; slug: string; title: string; familyName: string }
}

/** One line of the owner's gift tracker. Giver fields are null while the surprise is on. */
export type TrackedGift = {
  id: string
  itemTitle: string
  quantity: number
  source: ReservationRow['source']
  status: ReservationRow['status']
  date: string
  giverName: string | null
  giverEmail: string | null
  thankYouAddress: PostalAddress | null
  thankYouSent: boolean
  itemRemoved: boolean
}

export type ReservationsDeps = { db: Db; clock?: () => Date }

/**
 * Reservations: the one place quantities change. Every change is a single conditional UPDATE of the item
 * row (reserved + purchased <= needed, checked by the database too), so concurrent guests can never
 * promise the same gift twice.
 */
export function createReservationsService({ db, clock = () => new Date() }: ReservationsDeps) {
  async function reservationById(id: string) {
    if (!UUID.test(id)) return undefined
    const [r] = await db.select().from(reservations).where(eq(reservations.id, id))
    return r
  }

  /** Takes `quantity` from what the item still needs, as reserved or purchased, in one statement. */
  async function claim(regItemId: number, input: unknown, status: 'reserved' | 'purchased', source: ReservationRow['source'], giverUserId?: number) {
    const data = parse(reserveInput, input)
    if (!Number.isSafeInteger(regItemId) || regItemId <= 0) throw new DomainError('not_found', reservationMessages.itemGone)
    const column = status === 'reserved' ? 'quantity_reserved' : 'quantity_purchased'
    const now = clock()
    const result = await db.execute<{ id: string; registry_id: number } & Record<string, unknown>>(sql`
      with claimed as (
        update reg_items set ${sql.raw(column)} = ${sql.raw(column)} + ${data.quantity}
        where id = ${regItemId} and removed_at is null
          and quantity_needed - quantity_reserved - quantity_purchased >= ${data.quantity}
        returning id, registry_id
      )
      insert into reservations (reg_item_id, registry_id, quantity, status, source, giver_name, giver_email, giver_user_id, gift_message, created_at, purchased_at)
      select id, registry_id, ${data.quantity}, ${status}, ${source}, ${data.giverName}, ${data.giverEmail}, ${giverUserId ?? null}, ${data.giftMessage},
             ${now.toISOString()}::timestamptz, ${status === 'purchased' ? now.toISOString() : null}::timestamptz
      from claimed
      returning id, registry_id`)
    const row = result.rows[0]
    if (!row) {
      const [item] = await db.select({ id: regItems.id, removedAt: regItems.removedAt }).from(regItems).where(eq(regItems.id, regItemId))
      if (!item || item.removedAt) throw new DomainError('not_found', reservationMessages.itemGone)
      throw new DomainError('conflict', reservationMessages.alreadyReserved, { fields: { quantity: [reservationMessages.alreadyReserved] } })
    }
    return { id: row.id, registryId: Number(row.registry_id), quantity: data.quantity }
  }

  const service = {
    /** A guest promises `quantity` of an item (name and email; no account needed). 409 when it no longer needs that many. */
    reserve(regItemId: number, input: unknown, giverUserId?: number) {
      return claim(regItemId, input, 'reserved', 'reserved', giverUserId)
    },

    /** 'I bought this elsewhere' without reserving first. */
    boughtElsewhere(regItemId: number, input: unknown, giverUserId?: number) {
      return claim(regItemId, input, 'purchased', 'bought_elsewhere', giverUserId)
    },

    /** 'I bought it': a reservation becomes a purchase (idempotent). */
    async markPurchased(reservationId: string) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      if (r.status === 'purchased') return
      if (r.status === 'cancelled') throw new DomainError('conflict', reservationMessages.notActive)
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(reservations)
          .set({ status: 'purchased', purchasedAt: clock(), source: r.source === 'reserved' ? 'bought_elsewhere' : r.source })
          .where(and(eq(reservations.id, r.id), eq(reservations.status, 'reserved')))
          .returning({ quantity: reservations.quantity })
        if (!moved) return // someone else changed it a moment ago; the row says what happened
        await tx
          .update(regItems)
          .set({
            quantityReserved: sql`${regItems.quantityReserved} - ${moved.quantity}`,
            quantityPurchased: sql`${regItems.quantityPurchased} + ${moved.quantity}`,
          })
          .where(eq(regItems.id, r.regItemId))
      })
    },

    /** Gives a reserved gift back to the registry (idempotent; purchases cannot be unreserved). */
    async unreserve(reservationId: string) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      if (r.status === 'cancelled') return
      if (r.status === 'purchased') throw new DomainError('conflict', 'This gift was already bought, so it cannot be unreserved.')
      await db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(reservations)
          .set({ status: 'cancelled', cancelledAt: clock() })
          .where(and(eq(reservations.id, r.id), eq(reservations.status, 'reserved')))
          .returning({ quantity: reservations.quantity })
        if (!cancelled) return
        await tx
          .update(regItems)
          .set({ quantityReserved: sql`${regItems.quantityReserved} - ${cancelled.quantity}` })
          .where(eq(regItems.id, r.regItemId))
      })
    },

    /** The giver's view of one reservation (anyone holding the link). */
    async forGiver(reservationId: string): Promise<GiverReservation> {
      if (!UUID.test(reservationId)) throw new DomainError('not_found', reservationMessages.notFound)
      const [row] = await db
        .select({ r: reservations, item: regItems, registry: registries })
        .from(reservations)
        .innerJoin(regItems, eq(regItems.id, reservations.regItemId))
        .innerJoin(registries, eq(registries.id, reservations.registryId))
        .where(eq(reservations.id, reservationId))
      if (!row) throw new DomainError('not_found', reservationMessages.notFound)
      return {
        id: row.r.id,
        status: row.r.status,
        source: row.r.source,
        quantity: row.r.quantity,
        giverName: row.r.giverName,
        createdAt: row.r.createdAt.toISOString(),
        purchasedAt: row.r.purchasedAt?.toISOString() ?? null,
        thankYouAddressProvided: row.r.thankYouAddress !== null,
        item: {
          id: row.item.id,
          title: row.item.title,
          imageUrl: row.item.imageUrl,
          priceCents: row.item.priceCents,
          href: row.item.productId ? null : row.item.externalUrl,
          storeName: row.item.storeName,
        },
        registry: { id: row.registry.id, slug: row.registry.slug, title: row.registry.title, familyName: row.registry.familyName },
      }
    },

    /**
     * The thank-you address (spec: it marks every one of this giver's reservations on the registry as
     * giftGiverThankYouAddressProvided). The giver proves who they are with one reservation id.
     */
    async setThankYouAddress(reservationId: string, input: unknown) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      const address = parse(postalAddressInput, input)
      const updated = await db
        .update(reservations)
        .set({ thankYouAddress: address })
        .where(and(eq(reservations.registryId, r.registryId), eq(reservations.giverEmail, r.giverEmail)))
        .returning({ id: reservations.id })
      return { marked: updated.map((u) => u.id) }
    },

    /** A signed-in giver's reservations, newest first (/reservations). */
    async forUser(userId: number, email: string) {
      const rows = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(sql`${reservations.giverUserId} = ${userId} or ${reservations.giverEmail} = ${email}`)
        .orderBy(desc(reservations.createdAt))
        .limit(200)
      return Promise.all(rows.map((r) => service.forGiver(r.id)))
    },

    /** Active reservations of a set of items by this visitor's reservation ids (for the guest view's 'you reserved this'). */
    async visitorReservations(registryId: number, reservationIds: string[]) {
      const ids = reservationIds.filter((id) => UUID.test(id)).slice(0, 100)
      if (ids.length === 0) return []
      return db
        .select({ id: reservations.id, regItemId: reservations.regItemId, quantity: reservations.quantity, status: reservations.status })
        .from(reservations)
        .where(and(eq(reservations.registryId, registryId), inArray(reservations.id, ids), sql`${reservations.status} <> 'cancelled'`))
    },

    /**
     * The owner's gift tracker: every gift with giver, item, quantity, date and source. With 'keep it a
     * surprise' on, the server leaves the givers and the list out entirely until the reveal date.
     */
    async giftTracker(registryId: number, ownerId: number): Promise<{ surpriseActive: boolean; gifts: TrackedGift[]; counts: { gifts: number; thankYouSent: number } }> {
      const [reg] = await db.select().from(registries).where(eq(registries.id, registryId))
      if (!reg || reg.ownerId !== ownerId) throw new DomainError('not_found', 'We could not find that registry.')
      const today = clock().toISOString().slice(0, 10)
      const hidden = reg.surprise && (!reg.surpriseRevealDate || reg.surpriseRevealDate > today)
      if (hidden) return { surpriseActive: true, gifts: [], counts: { gifts: 0, thankYouSent: 0 } }
      const rows = await db
        .select({ r: reservations, title: regItems.title, removedAt: regItems.removedAt })
        .from(reservations)
        .innerJoin(regItems, eq(regItems.id, reservations.regItemId))
        .where(and(eq(reservations.registryId, registryId), sql`${reservations.status} <> 'cancelled'`))
        .orderBy(desc(reservations.createdAt))
      const gifts = rows.map(({ r, title, removedAt }) => ({
        id: r.id,
        itemTitle: title,
        quantity: r.quantity,
        source: r.source,
        status: r.status,
        date: (r.purchasedAt ?? r.createdAt).toISOString(),
        giverName: r.giverName,
        giverEmail: r.giverEmail,
        thankYouAddress: r.thankYouAddress ?? null,
        thankYouSent: r.thankYouSent,
        itemRemoved: removedAt !== null,
      }))
      return { surpriseActive: false, gifts, counts: { gifts: gifts.length, thankYouSent: gifts.filter((g) => g.thankYouSent).length } }
    },

    /** The owner ticks 'thank-you sent' on a gift. */
    async setThankYouSent(reservationId: string, ownerId: number, sent: boolean) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      const [reg] = await db.select({ ownerId: registries.ownerId }).from(registries).where(eq(registries.id, r.registryId))
      if (!reg || reg.ownerId !== ownerId) throw new DomainError('not_found', reservationMessages.notFound)
      await db.update(reservations).set({ thankYouSent: sent }).where(eq(reservations.id, r.id))
    },

    /** Reservations of removed items, so the owner never loses track of them. */
    async onRemovedItems(registryId: number) {
      return db
        .select({ id: reservations.id, regItemId: reservations.regItemId })
        .from(reservations)
        .innerJoin(regItems, eq(regItems.id, reservations.regItemId))
        .where(and(eq(reservations.registryId, registryId), sql`${regItems.removedAt} is not null`, sql`${reservations.status} <> 'cancelled'`))
    },
  }
  return service
}

export type ReservationsService = ReturnType<typeof createReservationsService>
