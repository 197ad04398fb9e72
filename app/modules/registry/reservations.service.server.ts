import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { holdEndsAt } from './registry.constants'
import { type ReservationRow, regItems, registries, reservations } from './registry.schema'
import type { PostalAddress } from './registry.types'
import { postalAddressInput, reserveInput } from './registry.validation'
import type { GiftNotices } from './gift-notices.server'
import type { EmailSender } from '../email/email.types'
import type { Logger } from '~/lib/logger.server'
import { sendReservationEmail } from './reservation-email.server'


export const reservationMessages = {
  alreadyReserved: 'Someone just reserved this gift, so it no longer needs that many. Please choose another gift or a smaller quantity.',
  notFound: 'We could not find that reservation.',
  itemGone: 'This gift is no longer on the registry.',
  notActive: 'This reservation was cancelled, so there is nothing to change.',
  alreadyBought: 'This gift was already bought, so it cannot be unreserved.',
  groupGift: 'This is a group gift: chip in towards it instead of reserving or buying it whole.',
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
  /** While reserved: when the hold ends and the gift goes back on the registry (null: reserved before the rule). */
  expiresAt: string | null
  /** Why a cancelled reservation ended (null for older ones, which the giver gave back). */
  cancelReason: ReservationRow['cancelReason']
  item: { id: number; title: string; imageUrl: string; priceCents: number; href: string | null; storeName: string }
  registry: { id: number; slug: string; title: string; familyName: string }
  /**
   * How a gift from another store reaches the family: their address when they chose to show it to givers (only
   * to a held or bought-elsewhere gift's giver, never for a shop order, which ships itself), and their note.
   */
  delivery: { address: PostalAddress | null; note: string } | null
}

/** A signed-in account asking for the gifts it gave (a session's viewer has these fields). */
export type GiverAccount = { id: number; email: string; emailVerified: boolean }

/**
 * The one rule for which reservations an account reaches as their giver (/reservations, GET /api/v3/reservations,
 * the reserved-gifts checkout): those it made while signed in, and those made under its email only once the
 * account has proven that email. Anyone can sign up with any address, so an unconfirmed address proves nothing.
 */
export function reachableBy(user: GiverAccount): SQL {
  return user.emailVerified
    ? sql`(${reservations.giverUserId} = ${user.id} or ${reservations.giverEmail} = ${user.email.trim().toLowerCase()})`
    : sql`${reservations.giverUserId} = ${user.id}`
}

export type ReservationsDeps = {
  db: Db
  clock?: () => Date
  /** How many group-commit transactions may be written at once (each holds one pooled connection). */
  maxInFlight?: number
  /** Tells the family of each gift (gift-notices.server.ts); it never fails the gift. */
  notices?: Pick<GiftNotices, 'reservation'>
  /** Sends the giver their confirmation (reservation-email.server.ts); links start with `publicOrigin`. */
  email?: EmailSender
  publicOrigin?: string
  logger?: Pick<Logger, 'error'>
}

/**
 * Reservations: the one place quantities change. Every change is a conditional update of the item row under
 * its row lock (reserved + purchased <= needed, checked by the database too), so concurrent guests can never
 * promise the same gift twice. Reserves and unreserves arriving together share one transaction (group commit).
 */
export function createReservationsService({ db, clock = () => new Date(), maxInFlight = 2, notices, email, publicOrigin = '', logger }: ReservationsDeps) {
  /**
   * Once a gift is recorded, whichever way in (page, API, Amazon cart) it came: the giver gets their
   * confirmation and the family hears of it. Neither failure changes the gift's answer.
   */
  async function told<T extends { id: string }>(made: Promise<T>, kind: 'reserved' | 'bought_elsewhere', giverEmail: string): Promise<T> {
    const r = await made
    if (email) {
      await service
        .forGiver(r.id)
        .then((view) => sendReservationEmail(email, publicOrigin, { ...view, giverEmail }))
        .catch((err: unknown) => logger?.error({ err, reservationId: r.id }, 'the reservation email failed'))
    }
    await notices?.reservation(r.id, kind)
    return r
  }
  const giverEmailOf = (input: unknown) => String((input as { giverEmail?: unknown } | null)?.giverEmail ?? '').trim().toLowerCase()

  async function reservationById(id: string) {
    if (!UUID.test(id)) return undefined
    const [r] = await db.select().from(reservations).where(eq(reservations.id, id))
    return r
  }

  type ClaimOp = {
    kind: 'claim'
    regItemId: number
    data: ReturnType<typeof reserveInput.parse>
    status: 'reserved' | 'purchased'
    source: ReservationRow['source']
    giverUserId?: number
    resolve: (r: { id: string; registryId: number; quantity: number }) => void
    reject: (e: unknown) => void
  }
  type ReleaseOp = { kind: 'release'; reservationId: string; resolve: () => void; reject: (e: unknown) => void }
  type Op = ClaimOp | ReleaseOp

  // Group commit. Claims and releases from every request wait here while `maxInFlight` batches are being
  // written; the next batch takes them all, whatever their items, into one transaction (one WAL flush for
  // many gifts). A lone operation on an idle service is one statement, so a quiet registry pays nothing.
  const queue: Op[] = []
  let inFlight = 0
  const MAX_BATCH = 256

  const takenError = () => new DomainError('conflict', reservationMessages.alreadyReserved, { fields: { quantity: [reservationMessages.alreadyReserved] } })
  const goneError = () => new DomainError('not_found', reservationMessages.itemGone)
  const groupGiftError = () => new DomainError('conflict', reservationMessages.groupGift)

  function enqueue(op: Op) {
    queue.push(op)
    if (inFlight < maxInFlight) void pump()
  }

  async function pump() {
    inFlight++
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH)
        await settle(batch)
      }
    } finally {
      inFlight--
    }
  }

  async function settle(batch: Op[]) {
    if (batch.length === 1) {
      const op = batch[0]!
      try {
        if (op.kind === 'claim') await claimOne(op)
        else await releaseOne(op)
      } catch (error) {
        op.reject(error)
      }
      return
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeBatch(batch)
      } catch (error) {
        // Two batches that cancel the same reservations can deadlock in PostgreSQL; one is rolled back whole
        // and is safe to run again.
        const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
        if ((code === '40P01' || code === '40001') && attempt < 3) continue
        for (const op of batch) op.reject(error)
        return
      }
    }
  }

  /**
   * One transaction for a batch: cancel the released reservations, lock every item involved (in id order,
   * so concurrent batches cannot deadlock on items), grant the claims in arrival order while each item still
   * needs enough, write each item's net change in one UPDATE and the new reservations in one INSERT. The
   * database still guards every row (row locks and the reg_items check), so any number of processes stay
   * correct; this only decides how many gifts share a commit.
   */
  async function writeBatch(batch: Op[]) {
    const now = clock()
    const claims = batch.filter((op): op is ClaimOp => op.kind === 'claim')
    const releases = batch.filter((op): op is ReleaseOp => op.kind === 'release')
    const outcome = await db.transaction(async (tx) => {
      const releasedIds = [...new Set(releases.map((r) => r.reservationId))].sort()
      const released = releasedIds.length
        ? (
            await tx.execute<{ id: string; reg_item_id: number; quantity: number }>(sql`
              update reservations set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, cancel_reason = 'giver'
              where id in (select unnest(${`{${releasedIds.join(',')}}`}::uuid[]) order by 1) and status = 'reserved'
              returning id, reg_item_id, quantity`)
          ).rows
        : []
      const delta = new Map<number, { reserved: number; purchased: number }>()
      const deltaOf = (itemId: number) => {
        let d = delta.get(itemId)
        if (!d) delta.set(itemId, (d = { reserved: 0, purchased: 0 }))
        return d
      }
      for (const r of released) deltaOf(Number(r.reg_item_id)).reserved -= r.quantity

      const itemIds = [...new Set(claims.map((c) => c.regItemId))].sort((a, b) => a - b)
      const items = itemIds.length
        ? (
            await tx.execute<{ id: number; registry_id: number; available: number; removed: boolean; group_gift: boolean }>(sql`
              select id, registry_id, quantity_needed - quantity_reserved - quantity_purchased as available, removed_at is not null as removed, group_gift
              from reg_items where id = any(${`{${itemIds.join(',')}}`}::bigint[]) order by id for update`)
          ).rows
        : []
      const byId = new Map(items.map((i) => [Number(i.id), { registryId: Number(i.registry_id), available: Number(i.available), removed: i.removed, groupGift: i.group_gift }]))
      // what this batch's releases gave back is available to its claims
      for (const [itemId, d] of delta) {
        const item = byId.get(itemId)
        if (item) item.available -= d.reserved
      }

      const granted: { op: ClaimOp; id: string; registryId: number }[] = []
      const claimResults = claims.map((op) => {
        const item = byId.get(op.regItemId)
        if (!item || item.removed) return 'gone' as const
        // Guests chip in towards a group gift (cash funds module); it is not reserved or bought whole.
        if (item.groupGift) return 'group' as const
        if (op.data.quantity > item.available) return 'taken' as const
        item.available -= op.data.quantity
        const g = { op, id: randomUUID(), registryId: item.registryId }
        granted.push(g)
        const d = deltaOf(op.regItemId)
        if (op.status === 'reserved') d.reserved += op.data.quantity
        else d.purchased += op.data.quantity
        return g
      })

      const changes = [...delta].filter(([, d]) => d.reserved !== 0 || d.purchased !== 0)
      if (changes.length) {
        await tx.execute(sql`
          update reg_items set quantity_reserved = reg_items.quantity_reserved + d.reserved,
                               quantity_purchased = reg_items.quantity_purchased + d.purchased
          from unnest(${`{${changes.map(([id]) => id).join(',')}}`}::bigint[], ${`{${changes.map(([, d]) => d.reserved).join(',')}}`}::int[],
                      ${`{${changes.map(([, d]) => d.purchased).join(',')}}`}::int[]) as d(id, reserved, purchased)
          where reg_items.id = d.id`)
      }
      if (granted.length) {
        await tx.insert(reservations).values(
          granted.map(({ op, id, registryId }) => ({
            id,
            regItemId: op.regItemId,
            registryId,
            quantity: op.data.quantity,
            status: op.status,
            source: op.source,
            giverName: op.data.giverName,
            giverEmail: op.data.giverEmail,
            giverUserId: op.giverUserId ?? null,
            giftMessage: op.data.giftMessage,
            createdAt: now,
            purchasedAt: op.status === 'purchased' ? now : null,
            expiresAt: op.status === 'reserved' ? holdEndsAt(now) : null,
          })),
        )
      }
      return { claimResults, released: new Set(released.map((r) => r.id)) }
    })

    claims.forEach((op, i) => {
      const result = outcome.claimResults[i]!
      if (result === 'gone') op.reject(goneError())
      else if (result === 'group') op.reject(groupGiftError())
      else if (result === 'taken') op.reject(takenError())
      else op.resolve({ id: result.id, registryId: result.registryId, quantity: op.data.quantity })
    })
    // A release that changed nothing was already cancelled (fine: unreserve is idempotent), bought, or unknown.
    const unchanged = releases.filter((op) => !outcome.released.has(op.reservationId))
    const statuses = unchanged.length
      ? new Map(
          (await db.select({ id: reservations.id, status: reservations.status }).from(reservations).where(inArray(reservations.id, unchanged.map((op) => op.reservationId)))).map(
            (r) => [r.id, r.status],
          ),
        )
      : new Map<string, ReservationRow['status']>()
    for (const op of releases) {
      if (outcome.released.has(op.reservationId)) op.resolve()
      else settleUnchangedRelease(op, statuses.get(op.reservationId))
    }
  }

  function settleUnchangedRelease(op: ReleaseOp, status: ReservationRow['status'] | undefined) {
    if (status === undefined) op.reject(new DomainError('not_found', reservationMessages.notFound))
    else if (status === 'purchased') op.reject(new DomainError('conflict', reservationMessages.alreadyBought))
    else op.resolve()
  }

  /** A lone claim: one conditional statement, one round trip. */
  async function claimOne(op: ClaimOp) {
    const now = clock()
    const column = op.status === 'reserved' ? 'quantity_reserved' : 'quantity_purchased'
    const id = randomUUID()
    const result = await db.execute<{ registry_id: number } & Record<string, unknown>>(sql`
      with claimed as (
        update reg_items set ${sql.raw(column)} = ${sql.raw(column)} + ${op.data.quantity}
        where id = ${op.regItemId} and removed_at is null and not group_gift
          and quantity_needed - quantity_reserved - quantity_purchased >= ${op.data.quantity}
        returning id, registry_id
      )
      insert into reservations (id, reg_item_id, registry_id, quantity, status, source, giver_name, giver_email, giver_user_id, gift_message, created_at, purchased_at, expires_at)
      select ${id}::uuid, id, registry_id, ${op.data.quantity}, ${op.status}, ${op.source}, ${op.data.giverName}, ${op.data.giverEmail},
             ${op.giverUserId ?? null}, ${op.data.giftMessage}, ${now.toISOString()}::timestamptz,
             ${op.status === 'purchased' ? now.toISOString() : null}::timestamptz,
             ${op.status === 'reserved' ? holdEndsAt(now).toISOString() : null}::timestamptz
      from claimed
      returning registry_id`)
    const row = result.rows[0]
    if (row) return op.resolve({ id, registryId: Number(row.registry_id), quantity: op.data.quantity })
    const [item] = await db.select({ removedAt: regItems.removedAt, groupGift: regItems.groupGift }).from(regItems).where(eq(regItems.id, op.regItemId))
    op.reject(!item || item.removedAt ? goneError() : item.groupGift ? groupGiftError() : takenError())
  }

  /**
   * A lone release: one statement. The item row is locked only while it runs and commits, never across a
   * client round trip; the reservation row is flipped first, so a second unreserve changes nothing.
   */
  async function releaseOne(op: ReleaseOp) {
    const result = await db.execute<{ id: string }>(sql`
      with cancelled as (
        update reservations set status = 'cancelled', cancelled_at = ${clock().toISOString()}::timestamptz, cancel_reason = 'giver'
        where id = ${op.reservationId} and status = 'reserved'
        returning id, reg_item_id, quantity
      ), item as (
        update reg_items set quantity_reserved = reg_items.quantity_reserved - cancelled.quantity
        from cancelled where reg_items.id = cancelled.reg_item_id
      )
      select id from cancelled`)
    if (result.rows.length > 0) return op.resolve()
    const [r] = await db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, op.reservationId))
    settleUnchangedRelease(op, r?.status)
  }

  /** Takes `quantity` from what the item still needs, as reserved or purchased (group commit, see writeBatch). */
  function claim(regItemId: number, input: unknown, status: 'reserved' | 'purchased', source: ReservationRow['source'], giverUserId?: number) {
    const data = parse(reserveInput, input)
    if (!Number.isSafeInteger(regItemId) || regItemId <= 0) return Promise.reject(goneError())
    return new Promise<{ id: string; registryId: number; quantity: number }>((resolve, reject) => {
      enqueue({ kind: 'claim', regItemId, data, status, source, giverUserId, resolve, reject })
    })
  }

  const service = {
    /** A guest promises `quantity` of an item (name and email; no account needed). 409 when it no longer needs that many. */
    reserve(regItemId: number, input: unknown, giverUserId?: number) {
      return told(claim(regItemId, input, 'reserved', 'reserved', giverUserId), 'reserved', giverEmailOf(input))
    },

    /** 'I bought this elsewhere' without reserving first. */
    boughtElsewhere(regItemId: number, input: unknown, giverUserId?: number) {
      return told(claim(regItemId, input, 'purchased', 'bought_elsewhere', giverUserId), 'bought_elsewhere', giverEmailOf(input))
    },

    /** 'I bought it': a reservation becomes a purchase (idempotent). */
    async markPurchased(reservationId: string) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      if (r.status === 'purchased') return
      if (r.status === 'cancelled') throw new DomainError('conflict', reservationMessages.notActive)
      let turnedBought = false
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(reservations)
          .set({ status: 'purchased', purchasedAt: clock(), source: r.source === 'reserved' ? 'bought_elsewhere' : r.source })
          .where(and(eq(reservations.id, r.id), eq(reservations.status, 'reserved')))
          .returning({ quantity: reservations.quantity })
        if (!moved) return // someone else changed it a moment ago; the row says what happened
        turnedBought = true
        await tx
          .update(regItems)
          .set({
            quantityReserved: sql`${regItems.quantityReserved} - ${moved.quantity}`,
            quantityPurchased: sql`${regItems.quantityPurchased} + ${moved.quantity}`,
          })
          .where(eq(regItems.id, r.regItemId))
      })
      if (turnedBought) await notices?.reservation(r.id, 'bought_elsewhere')
    },

    /**
     * Changes how many of an item a reservation holds (the Amazon cart's quantity). More takes from what the
     * item still needs by a conditional update of its row (409 when it no longer needs that many); fewer gives
     * back. The reservation row is locked first, as every other change here does, so two changes queue.
     */
    async changeQuantity(reservationId: string, input: unknown) {
      const { quantity } = parse(reserveInput.pick({ quantity: true }), input)
      if (!UUID.test(reservationId)) throw new DomainError('not_found', reservationMessages.notFound)
      await db.transaction(async (tx) => {
        const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update')
        if (!r) throw new DomainError('not_found', reservationMessages.notFound)
        if (r.status === 'purchased') throw new DomainError('conflict', reservationMessages.alreadyBought)
        if (r.status === 'cancelled') throw new DomainError('conflict', reservationMessages.notActive)
        const delta = quantity - r.quantity
        if (delta === 0) return
        const [changed] = await tx
          .update(regItems)
          .set({ quantityReserved: sql`${regItems.quantityReserved} + ${delta}` })
          .where(
            and(
              eq(regItems.id, r.regItemId),
              isNull(regItems.removedAt),
              sql`${regItems.quantityNeeded} - ${regItems.quantityReserved} - ${regItems.quantityPurchased} >= ${Math.max(0, delta)}`,
            ),
          )
          .returning({ id: regItems.id })
        if (!changed) {
          const [item] = await tx.select({ removedAt: regItems.removedAt }).from(regItems).where(eq(regItems.id, r.regItemId))
          throw !item || item.removedAt ? goneError() : takenError()
        }
        await tx.update(reservations).set({ quantity }).where(eq(reservations.id, r.id))
      })
    },

    /** Gives a reserved gift back to the registry (idempotent; purchases cannot be unreserved). */
    unreserve(reservationId: string) {
      if (!UUID.test(reservationId)) return Promise.reject(new DomainError('not_found', reservationMessages.notFound))
      return new Promise<void>((resolve, reject) => enqueue({ kind: 'release', reservationId: reservationId.toLowerCase(), resolve, reject }))
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
        expiresAt: row.r.status === 'reserved' ? (row.r.expiresAt?.toISOString() ?? null) : null,
        cancelReason: row.r.status === 'cancelled' ? row.r.cancelReason : null,
        item: {
          id: row.item.id,
          title: row.item.title,
          imageUrl: row.item.imageUrl,
          priceCents: row.item.priceCents,
          href: row.item.productId ? null : row.item.externalUrl,
          storeName: row.item.storeName,
        },
        registry: { id: row.registry.id, slug: row.registry.slug, title: row.registry.title, familyName: row.registry.familyName },
        delivery:
          row.r.status === 'cancelled' || row.r.source === 'nestlist_order'
            ? null
            : { address: row.registry.shareAddressWithGivers ? (row.registry.shippingAddress ?? null) : null, note: row.registry.giftDeliveryNote },
      }
    },

    /**
     * The thank-you address (spec: it marks every one of this giver's reservations on the registry as
     * giftGiverThankYouAddressProvided). The giver proves who they are with one reservation id: that one's address
     * is set; their other gifts on the registry under the same email get it only where none was given yet, since an
     * email typed at a reservation proves nothing (anyone may reserve under another's address, and must not replace
     * the address that giver gave).
     */
    async setThankYouAddress(reservationId: string, input: unknown) {
      const r = await reservationById(reservationId)
      if (!r) throw new DomainError('not_found', reservationMessages.notFound)
      const address = parse(postalAddressInput, input)
      const updated = await db
        .update(reservations)
        .set({ thankYouAddress: address })
        .where(
          and(
            eq(reservations.registryId, r.registryId),
            eq(reservations.giverEmail, r.giverEmail),
            sql`(${reservations.id} = ${r.id} or ${reservations.thankYouAddress} is null)`,
          ),
        )
        .returning({ id: reservations.id })
      return { marked: updated.map((u) => u.id) }
    },

    /** A signed-in giver's reservations, newest first (/reservations): those the account reaches (reachableBy). */
    async forUser(user: GiverAccount) {
      const rows = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(reachableBy(user))
        .orderBy(desc(reservations.createdAt))
        .limit(200)
      return Promise.all(rows.map((r) => service.forGiver(r.id)))
    },

    /**
     * Which of these reservation ids the signed-in giver reaches (as /reservations lists them: reachableBy): one
     * query, any status. See reservation-holder.server.ts.
     */
    async givenBy(user: GiverAccount, reservationIds: readonly string[]): Promise<string[]> {
      const ids = reservationIds.filter((id) => UUID.test(id)).slice(0, 100)
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(inArray(reservations.id, ids), reachableBy(user)))
      return rows.map((r) => r.id)
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

    /** Reservations of removed items, so the owner never loses track of them (by item: no reservation ids, the givers' keys). */
    async onRemovedItems(registryId: number) {
      return db
        .select({ regItemId: reservations.regItemId })
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
              eq(regItems.groupGift, false),
              sql`${regItems.quantityNeeded} - ${regItems.quantityReserved} - ${regItems.quantityPurchased} >= ${back.quantity}`,
            ),
          )
          .returning({ id: regItems.id })
        if (!claimed) {
          const [item] = await tx.select({ removedAt: regItems.removedAt, groupGift: regItems.groupGift }).from(regItems).where(eq(regItems.id, back.regItemId))
          if (!item || item.removedAt) throw new DomainError('not_found', reservationMessages.itemGone)
          if (item.groupGift) throw new DomainError('conflict', reservationMessages.groupGift)
          throw new DomainError('conflict', reservationMessages.alreadyReserved)
        }
      })
    },

  }
  return service
}

export type ReservationsService = ReturnType<typeof createReservationsService>
