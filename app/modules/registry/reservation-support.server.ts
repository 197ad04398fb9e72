// Reservations that go quiet, and staff help with reservations (docs/decisions/013, amendment h15).
//
// A guest who reserves a gift "to buy elsewhere" holds it: nobody else can give it until they mark it bought or
// give it back. Held gifts that nobody bought are how registries end up with gaps the family cannot see. So a
// week after reserving, a giver who has done neither is asked once, by email, whether they bought it ('I bought
// it' and 'give it back' links). Staff (spec §7 admin: reservation_reminders, cancel_reservation,
// unpurchase_reservation) can send that reminder now, release a held gift (the giver is told why), or set a gift
// marked bought by mistake back to reserved. A gift bought in the Nestlist shop is an order: it is cancelled or
// returned there, never here.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { parseInput } from '~/lib/parse-input'
import { publicOriginOf } from '~/lib/public-origin.server'
import type { EmailSender } from '../email/email.types'
import { RESERVATION_HOLD_DAYS, RESERVATION_REMINDER_DAYS } from './registry.constants'
import { reservationMessages } from './reservations.service.server'

export const reservationSupportMessages = {
  search: 'Enter a giver’s email address, or a registry’s id or link name.',
  notFound: 'We could not find that reservation.',
  notHeld: 'Only a gift that is reserved and not bought yet can get a reminder or be released.',
  remindedRecently: 'The giver was reminded less than a day ago. Try again tomorrow.',
  reason: 'Say why the gift is released (3 to 200 characters); the giver sees it.',
  notBought: 'This gift is not marked as bought.',
  shopOrder: 'This gift was bought in the Nestlist shop. Cancel or return the order instead.',
  itemGone: reservationMessages.itemGone,
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY_MS = 86_400_000

export const releaseInput = z.object({
  reservationId: z.string().regex(UUID, reservationSupportMessages.notFound),
  reason: z.string({ error: reservationSupportMessages.reason }).trim().min(3, reservationSupportMessages.reason).max(200, reservationSupportMessages.reason),
})

export type StaffReservation = {
  id: string
  status: 'reserved' | 'purchased' | 'cancelled'
  source: 'reserved' | 'bought_elsewhere' | 'nestlist_order'
  quantity: number
  giverName: string
  giverEmail: string
  itemTitle: string
  itemRemoved: boolean
  registry: { id: number; slug: string; familyName: string }
  createdAt: string
  purchasedAt: string | null
  remindedAt: string | null
}

type Row = {
  id: string
  status: StaffReservation['status']
  source: StaffReservation['source']
  quantity: number
  giver_name: string
  giver_email: string
  item_title: string
  item_removed: boolean
  registry_id: number | string
  slug: string
  family_name: string
  reg_item_id: number | string
  created_at: string | Date
  purchased_at: string | Date | null
  reminded_at: string | Date | null
  expires_at?: string | Date | null
}

const holdDate = (v: string | Date) => new Date(v).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString())
const view = (r: Row): StaffReservation => ({
  id: r.id,
  status: r.status,
  source: r.source,
  quantity: Number(r.quantity),
  giverName: r.giver_name,
  giverEmail: r.giver_email,
  itemTitle: r.item_title,
  itemRemoved: r.item_removed,
  registry: {
    id: Number(r.registry_id),
    slug: r.slug,
    familyName: r.family_name,
  },
  createdAt: iso(r.created_at)!,
  purchasedAt: iso(r.purchased_at),
  remindedAt: iso(r.reminded_at),
})

const selectRows = sql`
  select r.id, r.status, r.source, r.quantity, r.giver_name, r.giver_email, r.reg_item_id, r.created_at, r.purchased_at, r.reminded_at, r.expires_at,
         i.title as item_title, (i.removed_at is not null) as item_removed, g.id as registry_id, g.slug, g.family_name
  from reservations r join reg_items i on i.id = r.reg_item_id join registries g on g.id = r.registry_id`

export type ReservationSupportDeps = {
  db: Db
  email: EmailSender
  /** Gives a held gift back (the reservations service's group-committed release). */
  unreserve: (reservationId: string) => Promise<void>
  /** Where the emailed links point (services.publicOrigin, docs/decisions/034). */
  publicUrl?: string
  clock?: () => Date
  logger?: Logger
}

export function createReservationSupport({ db, email, unreserve, publicUrl, clock = () => new Date(), logger }: ReservationSupportDeps) {
  const base = (publicUrl ?? publicOriginOf({})).replace(/\/$/, '')

  async function one(id: string): Promise<Row> {
    if (!UUID.test(id)) throw new DomainError('not_found', reservationSupportMessages.notFound)
    const { rows } = await db.execute<Row>(sql`${selectRows} where r.id = ${id.toLowerCase()}::uuid`)
    if (!rows[0]) throw new DomainError('not_found', reservationSupportMessages.notFound)
    return rows[0]
  }

  /** "Did you buy it?": the giver's links to mark it bought or to give it back. */
  async function sendReminder(r: Row) {
    const page = `${base}/reservations/${r.id}`
    const count = Number(r.quantity) > 1 ? `${r.quantity} × ` : ''
    const reservedOn = new Date(r.created_at).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    })
    await email.send({
      to: r.giver_email,
      template: 'notice',
      data: {
        category: 'registry_activity',
        subject: `Did you get the ${r.item_title} for ${r.family_name}?`,
        heading: 'Did you get this gift?',
        firstName: r.giver_name.split(/\s+/)[0],
        paragraphs: [
          `On ${reservedOn} you reserved ${count}${r.item_title} on ${r.family_name}'s registry. While it is reserved, nobody else can give it.`,
          ...(r.expires_at ? [`We hold it for you until ${holdDate(r.expires_at)}. If it is not bought by then, it goes back on the registry for someone else.`] : []),
          "If you bought it, press 'I bought it' below so it comes off their list.",
          `If you are not getting it any more, give it back so someone else can: ${page}`,
        ],
        action: {
          label: 'I bought it',
          url: `${base}/email_actions/reservation_purchase/${r.id}?purchased=1`,
        },
      },
    })
  }

  const support = {
    /**
     * Gives back every held gift whose hold has ended (expires_at passed, not bought), and tells its giver. Each
     * is claimed and its item's count given back in one statement, so a sweep run twice, or by two processes at
     * once, releases each gift once. Answers how many were released.
     */
    async releaseExpired(limit = 200): Promise<{ released: number }> {
      const now = clock().toISOString()
      const released = await db.execute<Row>(sql`
        with expired as (
          update reservations r set status = 'cancelled', cancelled_at = ${now}::timestamptz, cancel_reason = 'expired'
          where r.id in (
            select r2.id from reservations r2
            where r2.status = 'reserved' and r2.expires_at is not null and r2.expires_at <= ${now}::timestamptz
            order by r2.expires_at limit ${limit}
            for update of r2 skip locked
          ) and r.status = 'reserved'
          returning r.*
        ), given_back as (
          update reg_items i set quantity_reserved = i.quantity_reserved - e.quantity
          from (select reg_item_id, sum(quantity)::int as quantity from expired group by reg_item_id) e
          where i.id = e.reg_item_id
        )
        select r.id, r.status, r.source, r.quantity, r.giver_name, r.giver_email, r.reg_item_id, r.created_at, r.purchased_at, r.reminded_at, r.expires_at,
               i.title as item_title, (i.removed_at is not null) as item_removed, g.id as registry_id, g.slug, g.family_name
        from expired r join reg_items i on i.id = r.reg_item_id join registries g on g.id = r.registry_id`)
      for (const r of released.rows) {
        const count = Number(r.quantity) > 1 ? `${r.quantity} × ` : ''
        await email
          .send({
            to: r.giver_email,
            template: 'notice',
            data: {
              category: 'registry_activity',
              subject: `Your reserved gift for ${r.family_name} went back on the registry`,
              heading: 'Your reservation ended',
              firstName: r.giver_name.split(/\s+/)[0],
              paragraphs: [
                `You reserved ${count}${r.item_title} on ${r.family_name}'s registry ${RESERVATION_HOLD_DAYS} days ago and it was not marked bought, so it is back on the registry for someone else.`,
                `If you bought it after all, or still want to give it, you can tell the family or reserve it again from their registry.`,
              ],
              action: { label: 'Open the registry', url: `${base}/${r.slug}` },
            },
          })
          .catch((error: unknown) => logger?.warn({ err: error, reservationId: r.id }, 'the expiry email could not be sent'))
      }
      return { released: released.rows.length }
    },

    /**
     * Emails every giver whose gift has been held for RESERVATION_REMINDER_DAYS without being bought or given
     * back, once (each reservation is claimed by a conditional update first, so two servers never both send).
     * Gifts taken off the registry are left alone. Answers how many were reminded.
     */
    async sendDueReminders(limit = 200): Promise<{ reminded: number }> {
      const dueBefore = new Date(clock().getTime() - RESERVATION_REMINDER_DAYS * DAY_MS).toISOString()
      // Claimed and read for the emails in one statement (the reservations with their item and family).
      const claimed = await db.execute<Row>(sql`
        with claimed as (
          update reservations r set reminded_at = ${clock().toISOString()}::timestamptz
          where r.id in (
            select r2.id from reservations r2 join reg_items i on i.id = r2.reg_item_id
            where r2.status = 'reserved' and r2.reminded_at is null and r2.source = 'reserved' and r2.created_at <= ${dueBefore}::timestamptz and i.removed_at is null
            order by r2.created_at limit ${limit}
            for update of r2 skip locked
          ) and r.reminded_at is null
          returning r.*
        )
        select r.id, r.status, r.source, r.quantity, r.giver_name, r.giver_email, r.reg_item_id, r.created_at, r.purchased_at, r.reminded_at, r.expires_at,
               i.title as item_title, (i.removed_at is not null) as item_removed, g.id as registry_id, g.slug, g.family_name
        from claimed r join reg_items i on i.id = r.reg_item_id join registries g on g.id = r.registry_id`)
      let reminded = 0
      for (const row of claimed.rows) {
        try {
          await sendReminder(row)
          reminded++
        } catch (error) {
          logger?.warn({ err: error, reservationId: row.id }, 'a reservation reminder could not be sent')
        }
      }
      return { reminded }
    },

    /** Reservations matching a staff search (newest first, at most 50): by the giver's email, or a registry's id or slug. */
    async find(query: string): Promise<StaffReservation[]> {
      const q = query.trim().toLowerCase()
      let where
      if (/^[^\s@]+@[^\s@]+$/.test(q) && q.length <= 254) where = sql`lower(r.giver_email) = ${q}`
      else if (/^\d{1,15}$/.test(q)) where = sql`r.registry_id = ${Number(q)}`
      else if (/^[a-z0-9][a-z0-9-]{0,99}$/.test(q)) where = sql`g.slug = ${q}`
      else throw new DomainError('invalid_input', reservationSupportMessages.search, { fields: { q: [reservationSupportMessages.search] } })
      const { rows } = await db.execute<Row>(sql`${selectRows} where ${where} order by r.created_at desc limit 50`)
      return rows.map(view)
    },

    async get(id: string): Promise<StaffReservation> {
      return view(await one(id))
    },

    /** Staff: ask the giver now whether they bought a held gift (not twice within a day). */
    async remindNow(id: string): Promise<StaffReservation> {
      const r = await one(id)
      if (r.status !== 'reserved') throw new DomainError('conflict', reservationSupportMessages.notHeld)
      const since = new Date(clock().getTime() - DAY_MS).toISOString()
      const claimed = await db.execute<{ id: string }>(sql`
        update reservations set reminded_at = ${clock().toISOString()}::timestamptz
        where id = ${r.id}::uuid and status = 'reserved' and (reminded_at is null or reminded_at < ${since}::timestamptz)
        returning id`)
      if (claimed.rows.length === 0) {
        const now = await one(id)
        throw new DomainError('conflict', now.status === 'reserved' ? reservationSupportMessages.remindedRecently : reservationSupportMessages.notHeld)
      }
      await sendReminder(r)
      return view(await one(id))
    },

    /**
     * Staff: give a held gift back to the registry (the family asked, or the giver cannot be reached) and tell the
     * giver why. A bought gift cannot be released (409).
     */
    async release(input: unknown): Promise<StaffReservation> {
      const data = parseInput(releaseInput, input)
      const r = await one(data.reservationId)
      if (r.status !== 'reserved') throw new DomainError('conflict', r.status === 'purchased' ? reservationMessages.alreadyBought : reservationSupportMessages.notHeld)
      await unreserve(r.id)
      const after = await one(r.id)
      if (after.status !== 'cancelled') throw new DomainError('conflict', reservationSupportMessages.notHeld)
      await db.execute(sql`update reservations set cancel_reason = 'staff' where id = ${r.id}::uuid`)
      const count = Number(r.quantity) > 1 ? `${r.quantity} × ` : ''
      await email
        .send({
          to: r.giver_email,
          template: 'notice',
          data: {
            category: 'registry_activity',
            subject: `Your reserved gift for ${r.family_name} was released`,
            heading: 'Your reservation was released',
            firstName: r.giver_name.split(/\s+/)[0],
            paragraphs: [
              `Our support team released your reservation of ${count}${r.item_title} on ${r.family_name}'s registry, so others can give it.`,
              `Why: ${data.reason}`,
              `If you already bought it, you can still tell the family from their registry: ${base}/${r.slug}`,
            ],
          },
        })
        .catch((error: unknown) => logger?.warn({ err: error, reservationId: r.id }, 'the release email could not be sent'))
      return view(after)
    },

    /**
     * Staff: a gift marked bought by mistake goes back to reserved by the same giver (the item's counts move
     * back in the same transaction). A gift bought in the Nestlist shop is an order (409).
     */
    async unpurchase(id: string): Promise<StaffReservation> {
      const r = await one(id)
      if (r.source === 'nestlist_order') throw new DomainError('conflict', reservationSupportMessages.shopOrder)
      if (r.status !== 'purchased') throw new DomainError('conflict', reservationSupportMessages.notBought)
      if (r.item_removed) throw new DomainError('conflict', reservationSupportMessages.itemGone)
      await db.transaction(async (tx) => {
        const moved = await tx.execute<{
          quantity: number
          reg_item_id: number
        }>(sql`
          update reservations set status = 'reserved', source = 'reserved', purchased_at = null, reminded_at = null
          where id = ${r.id}::uuid and status = 'purchased' and source <> 'nestlist_order'
          returning quantity, reg_item_id`)
        const row = moved.rows[0]
        if (!row) throw new DomainError('conflict', reservationSupportMessages.notBought)
        await tx.execute(sql`
          update reg_items set quantity_purchased = quantity_purchased - ${row.quantity}, quantity_reserved = quantity_reserved + ${row.quantity}
          where id = ${row.reg_item_id}`)
      })
      return view(await one(id))
    },
  }
  return support
}

export type ReservationSupport = ReturnType<typeof createReservationSupport>
