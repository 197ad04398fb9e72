import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { createRegistryAccess } from './registry-access.server'
import { type ReservationRow, regItems, registries, reservations } from './registry.schema'
import type { PostalAddress } from './registry.types'
import { postalAddressInput, reserveInput } from './registry.validation'


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
  // Who may see the gift tracker and tick thank-yous: the registry's owner and its collaborators.
  const access = createRegistryAccess(db)
  async function reservationById(id: string) {
    if (!UUID.test(id)) return undefined
    const [r] = await db.select().from(reservations).where(eq(reservations.id, id))
    return r
  }

  type Claim = {
    data: ReturnType<typeof reserveInput.parse>
    status: 'reserved' | 'purchased'
    source: ReservationRow['source']
    giverUserId?: number
    resolve: (r: { id: string; registryId: number; quantity: number }) => void
    reject: (e: unknown) => void
  }
  // Claims on one item wait here while a batch for that item is in flight; the next batch takes them all.
  const waiting = new Map<number, Claim[]>()
  const busy = new Set<number>()
  const MAX_BATCH = 200

  /**
   * One transaction for a batch of claims on one item: lock the row, grant the claims in arrival order
   * while the item still needs enough, add them up in one UPDATE and insert the reservations. Under
   * contention this turns N commits on one hot row into one (group commit), and the database still
   * guards the row (FOR UPDATE, and the reg_items check), so any number of processes stay correct.
   */
  async function runBatch(regItemId: number, batch: Claim[]) {
    const now = clock()
    if (batch.length === 1) return runSingle(regItemId, batch[0]!, now)
    const outcomes = await db.transaction(async (tx) => {
      const [item] = await tx
        .select({ registryId: regItems.registryId, needed: regItems.quantityNeeded, reserved: regItems.quantityReserved, purchased: regItems.quantityPurchased, removedAt: regItems.removedAt })
        .from(regItems)
        .where(eq(regItems.id, regItemId))
        .for('update')
      if (!item || item.removedAt) return batch.map(() => ({ ok: false as const, code: 'gone' as const }))
      let available = item.needed - item.reserved - item.purchased
      const granted: { claim: Claim; id: string }[] = []
      const results = batch.map((claim) => {
        if (claim.data.quantity > available) return { ok: false as const, code: 'taken' as const }
        available -= claim.data.quantity
        const id = randomUUID()
        granted.push({ claim, id })
        return { ok: true as const, id, registryId: item.registryId }
      })
      if (granted.length > 0) {
        const sum = (status: Claim['status']) => granted.filter((g) => g.claim.status === status).reduce((n, g) => n + g.claim.data.quantity, 0)
        await tx
          .update(regItems)
          .set({
            quantityReserved: sql`${regItems.quantityReserved} + ${sum('reserved')}`,
            quantityPurchased: sql`${regItems.quantityPurchased} + ${sum('purchased')}`,
          })
          .where(eq(regItems.id, regItemId))
        await tx.insert(reservations).values(
          granted.map(({ claim, id }) => ({
            id,
            regItemId,
            registryId: item.registryId,
            quantity: claim.data.quantity,
            status: claim.status,
            source: claim.source,
            giverName: claim.data.giverName,
            giverEmail: claim.data.giverEmail,
            giverUserId: claim.giverUserId ?? null,
            giftMessage: claim.data.giftMessage,
            createdAt: now,
            purchasedAt: claim.status === 'purchased' ? now : null,
          })),
        )
      }
      return results
    })
    outcomes.forEach((outcome, i) => {
      const claim = batch[i]!
      if (outcome.ok) claim.resolve({ id: outcome.id, registryId: outcome.registryId, quantity: claim.data.quantity })
      else if (outcome.code === 'gone') claim.reject(new DomainError('not_found', reservationMessages.itemGone))
      else claim.reject(new DomainError('conflict', reservationMessages.alreadyReserved, { fields: { quantity: [reservationMessages.alreadyReserved] } }))
    })
  }

  /** A lone claim (the usual case without contention): one conditional statement, one round trip. */
  async function runSingle(regItemId: number, claim: Claim, now: Date) {
    const column = claim.status === 'reserved' ? 'quantity_reserved' : 'quantity_purchased'
    const id = randomUUID()
    const result = await db.execute<{ registry_id: number } & Record<string, unknown>>(sql`
      with claimed as (
        update reg_items set ${sql.raw(column)} = ${sql.raw(column)} + ${claim.data.quantity}
        where id = ${regItemId} and removed_at is null
          and quantity_needed - quantity_reserved - quantity_purchased >= ${claim.data.quantity}
        returning id, registry_id
      )
      insert into reservations (id, reg_item_id, registry_id, quantity, status, source, giver_name, giver_email, giver_user_id, gift_message, created_at, purchased_at)
      select ${id}::uuid, id, registry_id, ${claim.data.quantity}, ${claim.status}, ${claim.source}, ${claim.data.giverName}, ${claim.data.giverEmail},
             ${claim.giverUserId ?? null}, ${claim.data.giftMessage}, ${now.toISOString()}::timestamptz,
             ${claim.status === 'purchased' ? now.toISOString() : null}::timestamptz
      from claimed
      returning registry_id`)
    const row = result.rows[0]
    if (row) return claim.resolve({ id, registryId: Number(row.registry_id), quantity: claim.data.quantity })
    const [item] = await db.select({ removedAt: regItems.removedAt }).from(regItems).where(eq(regItems.id, regItemId))
    if (!item || item.removedAt) return claim.reject(new DomainError('not_found', reservationMessages.itemGone))
    claim.reject(new DomainError('conflict', reservationMessages.alreadyReserved, { fields: { quantity: [reservationMessages.alreadyReserved] } }))
  }

  async function drain(regItemId: number) {
    busy.add(regItemId)
    try {
      for (;;) {
        const queue = waiting.get(regItemId)
        if (!queue || queue.length === 0) break
        const batch = queue.splice(0, MAX_BATCH)
        if (queue.length === 0) waiting.delete(regItemId)
        try {
          await runBatch(regItemId, batch)
        } catch (error) {
          for (const claim of batch) claim.reject(error)
        }
      }
    } finally {
      busy.delete(regItemId)
    }
  }

  /** Takes `quantity` from what the item still needs, as reserved or purchased (batched per item, see runBatch). */
  function claim(regItemId: number, input: unknown, status: 'reserved' | 'purchased', source: ReservationRow['source'], giverUserId?: number) {
    const data = parse(reserveInput, input)
    if (!Number.isSafeInteger(regItemId) || regItemId <= 0) return Promise.reject(new DomainError('not_found', reservationMessages.itemGone))
    return new Promise<{ id: string; registryId: number; quantity: number }>((resolve, reject) => {
      const queue = waiting.get(regItemId)
      if (queue) queue.push({ data, status, source, giverUserId, resolve, reject })
      else waiting.set(regItemId, [{ data, status, source, giverUserId, resolve, reject }])
      if (!busy.has(regItemId)) void drain(regItemId)
    })
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
      // One statement: the item row is locked only while this statement runs and commits, never across a
      // client round trip (a hot item's lock queue is what limits its throughput). The reservation row is
      // flipped first, so a second unreserve of the same reservation finds it cancelled and changes nothing.
      await db.execute(sql`
        with cancelled as (
          update reservations set status = 'cancelled', cancelled_at = ${clock().toISOString()}::timestamptz
          where id = ${r.id} and status = 'reserved'
          returning reg_item_id, quantity
        )
        update reg_items set quantity_reserved = reg_items.quantity_reserved - cancelled.quantity
        from cancelled where reg_items.id = cancelled.reg_item_id`)
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
     * The gift tracker (owner and collaborators): every gift with giver, item, quantity, date and source. With 'keep it a
     * surprise' on, the server leaves the givers and the list out entirely until the reveal date.
     */
    async giftTracker(registryId: number, userId: number): Promise<{ surpriseActive: boolean; gifts: TrackedGift[]; counts: { gifts: number; thankYouSent: number } }> {
      const found = await access.of(registryId, userId)
      if (!found) throw new DomainError('not_found', 'We could not find that registry.')
      const reg = found.registry
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

    /** The owner or a collaborator ticks 'thank-you sent' on a gift. */
    async setThankYouSent(reservationId: string, userId: number, sent: boolean) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      if (!(await access.of(r.registryId, userId))) throw new DomainError('not_found', reservationMessages.notFound)
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

    /**
     * Puts a cancelled reservation back to reserved when the item still needs that many (idempotent for one
     * that is already active). The reservation row is flipped first, so two recovers of the same
     * reservation queue on its lock and the item is claimed once; the item claim is conditional like reserve.
     */
    async recover(reservationId: string) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      if (r.status !== 'cancelled') return
      await db.transaction(async (tx) => {
        const [back] = await tx
          .update(reservations)
          .set({ status: 'reserved', cancelledAt: null })
          .where(and(eq(reservations.id, r.id), eq(reservations.status, 'cancelled')))
          .returning({ quantity: reservations.quantity, regItemId: reservations.regItemId })
        if (!back) return // recovered a moment ago by another request
        const [claimed] = await tx
          .update(regItems)
          .set({ quantityReserved: sql`${regItems.quantityReserved} + ${back.quantity}` })
          .where(
            and(
              eq(regItems.id, back.regItemId),
              isNull(regItems.removedAt),
              sql`${regItems.quantityNeeded} - ${regItems.quantityReserved} - ${regItems.quantityPurchased} >= ${back.quantity}`,
            ),
          )
          .returning({ id: regItems.id })
        if (!claimed) {
          const [item] = await tx.select({ removedAt: regItems.removedAt }).from(regItems).where(eq(regItems.id, back.regItemId))
          if (!item || item.removedAt) throw new DomainError('not_found', reservationMessages.itemGone)
          throw new DomainError('conflict', reservationMessages.alreadyReserved)
        }
      })
    },

    /** The gifts of one item, for its registry's owner and collaborators (not_found for anyone else, and for unknown items). */
    async forItem(regItemId: number, userId: number): Promise<TrackedGift[]> {
      if (!Number.isSafeInteger(regItemId) || regItemId <= 0) throw new DomainError('not_found', reservationMessages.itemGone)
      const [item] = await db.select({ registryId: regItems.registryId }).from(regItems).where(eq(regItems.id, regItemId))
      if (!item) throw new DomainError('not_found', reservationMessages.itemGone)
      const [tracker, ids] = await Promise.all([
        service.giftTracker(item.registryId, userId).catch((e: unknown) => {
          if (e instanceof Error && (e as { code?: string }).code === 'not_found') throw new DomainError('not_found', reservationMessages.itemGone)
          throw e
        }),
        db.select({ id: reservations.id }).from(reservations).where(eq(reservations.regItemId, regItemId)),
      ])
      const mine = new Set(ids.map((r) => r.id))
      return tracker.gifts.filter((g) => mine.has(g.id))
    },
  }
  return service
}

export type ReservationsService = ReturnType<typeof createReservationsService>
