// The thank-you manager (/registry/gift-tracker, GET /api/v3/registries/{id}/reservations): one list of every gift
// a registry received — items reserved, bought elsewhere or bought on Nestlist, cash fund gifts and group-gift
// chip-ins — with the giver, their message, a thank-you address and the 'Received' and 'Thank-you sent' states.
//
// Who may read or change it: the registry's owner and its collaborators (registry-access.server.ts). While
// 'keep it a surprise' is on and its reveal date has not come, nothing of any kind of gift is shown or changed.
// Gifts are named by a one-way digest of their row id: a reservation id is the giver's key (their email link),
// so the family must never see it; a cash gift gets a digest too, with its own prefix, so one id format covers
// every kind and PATCH /api/v3/gifts/{id} can tell which table to look in.
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { EmailSender } from '~/modules/email/email.types'
import { cashFundContributions, cashFunds } from '../cash-funds/cash-funds.schema'
import { createRegistryAccess } from './registry-access.server'
import { type RegistryRow, regItems, reservations } from './registry.schema'
import { countsOf, type GiftTrackerLine, type GiftTrackerView } from './gift-tracker'

export * from './gift-tracker'

/** How long the family waits before asking the same giver again for a thank-you address. */
export const ADDRESS_REQUEST_INTERVAL_MS = 24 * 60 * 60 * 1000

export const giftTrackerMessages = {
  registryNotFound: 'We could not find that registry.',
  giftNotFound: 'We could not find that gift. Reload the page to see the latest.',
  cashAlwaysReceived: 'A cash gift counts as received once it is charged, so there is nothing to mark.',
  addressKnown: 'This giver already gave a thank-you address.',
  addressForItemsOnly: 'You can ask for an address on item gifts only. For cash gifts, the giver can add one from their receipt.',
  nothingToChange: 'Say what to change: received, thank-you sent, or both.',
  itemNotFound: 'This gift is no longer on the registry.',
} as const

/** Reservation gifts keep the digest the tracker has always used, so ids already handed out still work. */
const reservationGiftId = sql<string>`left(encode(sha256(convert_to('nestlist-gift:' || ${reservations.id}::text, 'UTF8')), 'hex'), 32)`
const cashGiftId = sql<string>`'c' || left(encode(sha256(convert_to('nestlist-cash-gift:' || ${cashFundContributions.id}::text, 'UTF8')), 'hex'), 32)`
const RESERVATION_GIFT_ID = /^[0-9a-f]{32}$/
const CASH_GIFT_ID = /^c[0-9a-f]{32}$/

export type GiftTrackerDeps = { db: Db; email: EmailSender; publicOrigin: string; clock?: () => Date }

/** The gift tracker's reads and writes (see the top of this file). */
export function createGiftTracker({ db, email, publicOrigin, clock = () => new Date() }: GiftTrackerDeps) {
  const access = createRegistryAccess(db)

  /** 'Keep it a surprise' is on and its reveal date has not come (the same rule the reservations service keeps). */
  const surpriseOn = (reg: RegistryRow) => reg.surprise && (!reg.surpriseRevealDate || reg.surpriseRevealDate > clock().toISOString().slice(0, 10))

  const canAsk = (hasAddress: boolean, requestedAt: Date | null) =>
    !hasAddress && (requestedAt === null || clock().getTime() - requestedAt.getTime() >= ADDRESS_REQUEST_INTERVAL_MS)

  async function reservationLines(where: SQL): Promise<GiftTrackerLine[]> {
    const rows = await db
      .select({ r: reservations, giftId: reservationGiftId, title: regItems.title, removedAt: regItems.removedAt })
      .from(reservations)
      .innerJoin(regItems, eq(regItems.id, reservations.regItemId))
      .where(and(where, sql`${reservations.status} <> 'cancelled'`))
    return rows.map(({ r, giftId, title, removedAt }) => ({
      id: giftId,
      kind: r.source,
      itemTitle: title,
      quantity: r.quantity,
      amountCents: null,
      source: r.source,
      status: r.status === 'purchased' ? 'purchased' : 'reserved',
      date: (r.purchasedAt ?? r.createdAt).toISOString(),
      giverName: r.giverName,
      giverEmail: r.giverEmail,
      message: r.giftMessage,
      thankYouAddress: r.thankYouAddress ?? null,
      received: r.receivedAt !== null,
      thankYouSent: r.thankYouSent,
      itemRemoved: removedAt !== null,
      addressRequestedAt: r.addressRequestedAt?.toISOString() ?? null,
      canAskForAddress: canAsk(r.thankYouAddress != null, r.addressRequestedAt),
    }))
  }

  /** Confirmed contributions only: one still being charged is not a gift yet (the page lists those apart). */
  async function cashLines(where: SQL): Promise<GiftTrackerLine[]> {
    const rows = await db
      .select({
        c: cashFundContributions,
        giftId: cashGiftId,
        fundTitle: cashFunds.title,
        fundRemovedAt: cashFunds.removedAt,
        itemTitle: regItems.title,
        itemRemovedAt: regItems.removedAt,
      })
      .from(cashFundContributions)
      .leftJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
      .leftJoin(regItems, eq(regItems.id, cashFundContributions.regItemId))
      .where(and(where, eq(cashFundContributions.status, 'confirmed')))
    return rows.map(({ c, giftId, fundTitle, fundRemovedAt, itemTitle, itemRemovedAt }) => {
      const group = c.regItemId !== null
      return {
        id: giftId,
        kind: group ? 'group_gift' : 'cash_fund',
        itemTitle: (group ? itemTitle : fundTitle) ?? '',
        quantity: 1,
        amountCents: c.amountCents,
        source: null,
        status: 'confirmed',
        date: (c.confirmedAt ?? c.createdAt).toISOString(),
        giverName: c.giverName,
        giverEmail: c.giverEmail,
        message: c.message,
        thankYouAddress: c.thankYouAddress ?? null,
        received: true,
        thankYouSent: c.thankYouSent,
        itemRemoved: (group ? itemRemovedAt : fundRemovedAt) != null,
        addressRequestedAt: c.addressRequestedAt?.toISOString() ?? null,
        // Cash givers add an address from their own receipt; the tracker does not ask them (no page is keyed by a
        // contribution id the family can see).
        canAskForAddress: false,
      }
    })
  }

  const newestFirst = (a: GiftTrackerLine, b: GiftTrackerLine) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? -1 : 1)

  /** The gift an id names, among the registries this person manages and not under a surprise; else not_found. */
  async function findGift(giftId: string, userId: number) {
    const id = String(giftId).toLowerCase()
    const kind = RESERVATION_GIFT_ID.test(id) ? 'reservation' : CASH_GIFT_ID.test(id) ? 'cash' : null
    if (!kind) throw new DomainError('not_found', giftTrackerMessages.giftNotFound)
    const managed = (await access.managedBy(userId)).map((r) => r.id)
    if (managed.length === 0) throw new DomainError('not_found', giftTrackerMessages.giftNotFound)
    // Only the registries this person manages are searched (by their registry indexes), so the digest is computed
    // for their gifts alone.
    const [row] =
      kind === 'reservation'
        ? await db
            .select({ rowId: reservations.id, registryId: reservations.registryId })
            .from(reservations)
            .where(and(inArray(reservations.registryId, managed), sql`${reservations.status} <> 'cancelled'`, sql`${reservationGiftId} = ${id}`))
        : await db
            .select({ rowId: cashFundContributions.id, registryId: cashFundContributions.registryId })
            .from(cashFundContributions)
            .where(and(inArray(cashFundContributions.registryId, managed), eq(cashFundContributions.status, 'confirmed'), sql`${cashGiftId} = ${id}`))
    if (!row) throw new DomainError('not_found', giftTrackerMessages.giftNotFound)
    // While the surprise is on the tracker names no gifts, so none can be changed (nor its giver learned).
    const found = await access.of(row.registryId, userId)
    if (!found || surpriseOn(found.registry)) throw new DomainError('not_found', giftTrackerMessages.giftNotFound)
    return { kind, rowId: row.rowId, registry: found.registry } as const
  }

  async function lineOf(gift: { kind: 'reservation' | 'cash'; rowId: string }): Promise<GiftTrackerLine> {
    const [line] = gift.kind === 'reservation' ? await reservationLines(eq(reservations.id, gift.rowId)) : await cashLines(eq(cashFundContributions.id, gift.rowId))
    if (!line) throw new DomainError('not_found', giftTrackerMessages.giftNotFound)
    return line
  }

  const tracker = {
    /**
     * Every gift of a registry, newest first, for its owner and collaborators (not_found for anyone else). With
     * 'keep it a surprise' on, no gift of any kind is listed until the reveal date.
     */
    async list(registryId: number, userId: number): Promise<GiftTrackerView> {
      const found = await access.of(registryId, userId)
      if (!found) throw new DomainError('not_found', giftTrackerMessages.registryNotFound)
      if (surpriseOn(found.registry)) return { surpriseActive: true, gifts: [], counts: countsOf([]) }
      const [items, cash] = await Promise.all([reservationLines(eq(reservations.registryId, registryId)), cashLines(eq(cashFundContributions.registryId, registryId))])
      const gifts = [...items, ...cash].sort(newestFirst)
      return { surpriseActive: false, gifts, counts: countsOf(gifts) }
    },

    /**
     * The gifts of one registry item (its reservations, or its group-gift chip-ins), for its registry's owner and
     * collaborators (not_found for anyone else and for unknown items); none while the surprise is on.
     */
    async forItem(regItemId: number, userId: number): Promise<GiftTrackerLine[]> {
      if (!Number.isSafeInteger(regItemId) || regItemId <= 0) throw new DomainError('not_found', giftTrackerMessages.itemNotFound)
      const [item] = await db.select({ registryId: regItems.registryId }).from(regItems).where(eq(regItems.id, regItemId))
      const found = item ? await access.of(item.registryId, userId) : null
      if (!found) throw new DomainError('not_found', giftTrackerMessages.itemNotFound)
      if (surpriseOn(found.registry)) return []
      const [items, cash] = await Promise.all([reservationLines(eq(reservations.regItemId, regItemId)), cashLines(eq(cashFundContributions.regItemId, regItemId))])
      return [...items, ...cash].sort(newestFirst)
    },

    /**
     * Ticks 'Received' and/or 'Thank-you sent' on a gift named by its tracker id (owner and collaborators; not_found
     * for anyone else, unknown ids, and while the surprise is on). A cash gift is received once charged (409 to
     * untick). Answers the gift's line after the change.
     */
    async update(giftId: string, userId: number, change: { received?: boolean; thankYouSent?: boolean }): Promise<GiftTrackerLine> {
      if (change.received === undefined && change.thankYouSent === undefined) throw new DomainError('invalid_input', giftTrackerMessages.nothingToChange)
      const gift = await findGift(giftId, userId)
      if (gift.kind === 'reservation') {
        const set: Partial<typeof reservations.$inferInsert> = {}
        if (change.thankYouSent !== undefined) set.thankYouSent = change.thankYouSent
        // Ticking again keeps the first date it was received.
        if (change.received === false) set.receivedAt = null
        if (change.received === true) set.receivedAt = sql`coalesce(${reservations.receivedAt}, ${clock().toISOString()}::timestamptz)` as unknown as Date
        await db.update(reservations).set(set).where(eq(reservations.id, gift.rowId))
      } else {
        if (change.received === false) throw new DomainError('conflict', giftTrackerMessages.cashAlwaysReceived)
        if (change.thankYouSent !== undefined) await db.update(cashFundContributions).set({ thankYouSent: change.thankYouSent }).where(eq(cashFundContributions.id, gift.rowId))
      }
      return lineOf(gift)
    },

    /**
     * 'Ask for their address': emails the giver of an item gift that has no thank-you address a link to their gift
     * page, where they add one. At most once per gift per 24 hours (409 saying when they may ask again).
     */
    async askForAddress(giftId: string, userId: number): Promise<GiftTrackerLine> {
      const gift = await findGift(giftId, userId)
      if (gift.kind !== 'reservation') throw new DomainError('conflict', giftTrackerMessages.addressForItemsOnly)
      const now = clock()
      const since = new Date(now.getTime() - ADDRESS_REQUEST_INTERVAL_MS)
      // One conditional update decides, so two clicks at once send one email.
      const [claimed] = await db
        .update(reservations)
        .set({ addressRequestedAt: now })
        .where(
          and(
            eq(reservations.id, gift.rowId),
            sql`${reservations.thankYouAddress} is null`,
            or(sql`${reservations.addressRequestedAt} is null`, sql`${reservations.addressRequestedAt} <= ${since.toISOString()}::timestamptz`),
          ),
        )
        .returning({ id: reservations.id, giverName: reservations.giverName, giverEmail: reservations.giverEmail, regItemId: reservations.regItemId })
      if (!claimed) {
        const line = await lineOf(gift)
        if (line.thankYouAddress) throw new DomainError('conflict', giftTrackerMessages.addressKnown)
        const again = new Date(new Date(line.addressRequestedAt ?? now).getTime() + ADDRESS_REQUEST_INTERVAL_MS)
        const when = again.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })
        throw new DomainError('conflict', `You already asked ${line.giverName} for their address in the last 24 hours. You can ask again after ${when}.`)
      }
      const [item] = await db.select({ title: regItems.title }).from(regItems).where(eq(regItems.id, claimed.regItemId))
      const family = gift.registry.familyName
      await email.send({
        to: claimed.giverEmail,
        template: 'notice',
        data: {
          category: 'registry_activity',
          subject: `${family} would like to send you a thank-you note`,
          heading: 'Where should your thank-you note go?',
          firstName: claimed.giverName,
          paragraphs: [
            `Thank you for ${item ? item.title : 'your gift'} on ${gift.registry.title}. ${family} would like to send you a thank-you note.`,
            'Add the address it should go to on your gift page. Only the family sees it.',
          ],
          action: { label: 'Add my address', url: `${publicOrigin}/reservations/${claimed.id}` },
        },
      })
      return lineOf(gift)
    },
  }
  return tracker
}

export type GiftTracker = ReturnType<typeof createGiftTracker>
