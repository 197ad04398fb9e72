// The family hears of every gift (issue: the gift loop). Whatever way a gift is given — reserved on the
// registry page or through the API, marked bought elsewhere, bought in the shop, a cash-fund gift or a
// group-gift chip-in — the service that records it calls here, so a page and the API notify alike.
//
// Who is told: the registry's owner and each collaborator, by their own choice at /settings/email-preferences:
// each gift as it happens ('instant'), one daily digest ('daily'), or nothing (the 'Registry activity'
// opt-out, which the email module honours). While 'Keep it a surprise' is on and its reveal date has not
// come, nothing is sent at all: an email saying "a gift came" would tell what the surprise hides (the
// tracker shows nothing either). Guests are never affected: the registry still counts every gift.
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Logger } from '~/lib/logger.server'
import type { EmailSender } from '~/modules/email/email.types'
import { formatCents } from '~/lib/money'
import type { GiftKind } from './registry.types'

/** One gift as the family's notices list it. */
export type GiftNotice = {
  kind: GiftKind
  registryId: number
  /** The item's or fund's title. */
  title: string
  quantity: number
  /** Cash gifts only. */
  amountCents: number | null
  giverName: string
  message: string
  at: Date
}

type Recipient = { userId: number; email: string; firstName: string; delivery: 'instant' | 'daily' }
type RegistryFacts = { id: number; familyName: string; surprise: boolean; surpriseRevealDate: string | null }

export type GiftNoticesDeps = { db: Db; email: EmailSender; publicOrigin: string; logger?: Logger; clock?: () => Date }

/** At most this many gifts are listed in one digest (the rest are counted, and all are in the tracker). */
const DIGEST_LIST_MAX = 30
const DAY_MS = 86_400_000

/** One line naming a gift: "2 × Swaddle blanket", "$50.00 to the Diaper fund". */
export function giftLine(g: Pick<GiftNotice, 'kind' | 'title' | 'quantity' | 'amountCents'>): string {
  if (g.kind === 'cash_fund') return `${formatCents(g.amountCents ?? 0)} to your ${g.title}`
  if (g.kind === 'group_gift') return `${formatCents(g.amountCents ?? 0)} towards your group gift ${g.title}`
  return `${g.quantity > 1 ? `${g.quantity} × ` : ''}${g.title}`
}

/** What the giver did, for a subject or a digest line: "Ava Lee reserved Swaddle blanket". */
export function giftSentence(g: Pick<GiftNotice, 'kind' | 'title' | 'quantity' | 'amountCents' | 'giverName'>): string {
  const what = giftLine(g)
  switch (g.kind) {
    case 'reserved':
      return `${g.giverName} reserved ${what}`
    case 'bought_elsewhere':
      return `${g.giverName} bought ${what} at another store`
    case 'nestlist_order':
      return `${g.giverName} bought ${what} from Nestlist`
    case 'cash_fund':
      return `${g.giverName} gave ${what}`
    case 'group_gift':
      return `${g.giverName} chipped in ${what}`
  }
}

/** What happens next, in the family's email. */
function nextStep(kind: GiftKind): string {
  switch (kind) {
    case 'reserved':
      return 'They are buying it themselves. We will let you know when they mark it bought.'
    case 'bought_elsewhere':
      return 'It no longer shows as needed on your registry.'
    case 'nestlist_order':
      return 'It ships from Nestlist to the address on your registry.'
    case 'cash_fund':
    case 'group_gift':
      return 'The money is in your fund; your gift tracker has the details.'
  }
}

export function createGiftNotices({ db, email, publicOrigin, logger, clock = () => new Date() }: GiftNoticesDeps) {
  const tracker = `${publicOrigin}/registry/gift-tracker`
  const today = () => clock().toISOString().slice(0, 10)
  const surpriseOn = (r: RegistryFacts) => r.surprise && (!r.surpriseRevealDate || r.surpriseRevealDate > today())

  async function registryFacts(registryId: number): Promise<RegistryFacts | null> {
    const r = await db.execute<{ id: number; family_name: string; surprise: boolean; surprise_reveal_date: string | null }>(sql`
      select id, family_name, surprise, surprise_reveal_date::text from registries where id = ${registryId}`)
    const row = r.rows[0]
    return row ? { id: Number(row.id), familyName: row.family_name, surprise: row.surprise, surpriseRevealDate: row.surprise_reveal_date } : null
  }

  /** The owner and every collaborator, with how each wants registry activity. */
  async function recipients(registryId: number): Promise<Recipient[]> {
    const r = await db.execute<{ id: number; email: string; first_name: string; registry_activity_delivery: 'instant' | 'daily' }>(sql`
      select u.id, u.email, u.first_name, u.registry_activity_delivery from users u
      where u.id = (select owner_id from registries where id = ${registryId})
         or u.id in (select user_id from registry_collaborators where registry_id = ${registryId})
      order by u.id`)
    return r.rows.map((u) => ({ userId: Number(u.id), email: u.email, firstName: u.first_name, delivery: u.registry_activity_delivery }))
  }

  /** Emails each 'instant' recipient about these gifts (all on one registry, from one giver and one act). */
  async function tell(registryId: number, gifts: GiftNotice[]) {
    if (gifts.length === 0) return 0
    const reg = await registryFacts(registryId)
    if (!reg || surpriseOn(reg)) return 0
    const first = gifts[0]!
    const subject = gifts.length === 1 ? giftSentence(first) : `${first.giverName} bought ${gifts.length} gifts from your registry`
    const people = (await recipients(registryId)).filter((p) => p.delivery === 'instant')
    for (const p of people) {
      await email.send({
        to: p.email,
        userId: p.userId,
        template: 'notice',
        data: {
          category: 'registry_activity',
          subject,
          heading: first.kind === 'reserved' ? 'A gift was reserved' : 'You have a new gift',
          firstName: p.firstName,
          paragraphs: [
            ...gifts.map((g) => `${giftSentence(g)}.`),
            nextStep(first.kind),
            first.message ? `Their message: "${first.message}"` : 'They did not add a message.',
            'Your gift tracker keeps every gift, with who gave it, so you can say thank you.',
          ],
          action: { label: 'See your gift tracker', url: tracker },
        },
      })
    }
    return people.length
  }

  /** Never lets a notice failure change the gift's answer: the gift is recorded either way. */
  async function safely(what: string, ref: string, run: () => Promise<unknown>) {
    try {
      await run()
    } catch (err) {
      logger?.error({ err, ref }, `telling the family of a gift failed (${what})`)
    }
  }

  async function reservationGift(reservationId: string, kind: GiftKind) {
    const r = await db.execute<{ registry_id: number; title: string; quantity: number; giver_name: string; gift_message: string; at: Date }>(sql`
      select r.registry_id, i.title, r.quantity, r.giver_name, r.gift_message, coalesce(r.purchased_at, r.created_at) as at
      from reservations r join reg_items i on i.id = r.reg_item_id where r.id = ${reservationId}::uuid`)
    const row = r.rows[0]
    if (!row) return
    await tell(Number(row.registry_id), [
      { kind, registryId: Number(row.registry_id), title: row.title, quantity: row.quantity, amountCents: null, giverName: row.giver_name, message: row.gift_message, at: new Date(row.at) },
    ])
  }

  return {
    /** A gift reserved (to buy later) or marked bought elsewhere, from the registry page or the API. */
    reservation(reservationId: string, kind: 'reserved' | 'bought_elsewhere') {
      return safely(kind, reservationId, () => reservationGift(reservationId, kind))
    },

    /** Registry gifts bought in the shop: one email per registry the order gave to. */
    order(orderId: string) {
      return safely('order', orderId, async () => {
        const r = await db.execute<{ registry_id: number; title: string; quantity: number; giver_name: string; gift_message: string; at: Date }>(sql`
          select r.registry_id, i.title, r.quantity, r.giver_name, r.gift_message, r.purchased_at as at
          from order_lines l join reservations r on r.id = l.reservation_id join reg_items i on i.id = r.reg_item_id
          where l.order_id = ${orderId}::uuid and r.source = 'nestlist_order' and r.status = 'purchased'
          order by l.id`)
        const byRegistry = new Map<number, GiftNotice[]>()
        for (const row of r.rows) {
          const id = Number(row.registry_id)
          const list = byRegistry.get(id) ?? []
          list.push({ kind: 'nestlist_order', registryId: id, title: row.title, quantity: row.quantity, amountCents: null, giverName: row.giver_name, message: row.gift_message, at: new Date(row.at) })
          byRegistry.set(id, list)
        }
        for (const [id, gifts] of byRegistry) await tell(id, gifts)
      })
    },

    /** A confirmed cash-fund gift or group-gift chip-in. */
    contribution(c: { registryId: number; fundTitle: string; group: boolean; amountCents: number; giverName: string; message: string; at: Date }) {
      return safely('contribution', String(c.registryId), () =>
        tell(c.registryId, [
          { kind: c.group ? 'group_gift' : 'cash_fund', registryId: c.registryId, title: c.fundTitle, quantity: 1, amountCents: c.amountCents, giverName: c.giverName, message: c.message, at: c.at },
        ]),
      )
    },

    /**
     * Every gift on these registries after `since` (up to `until`), newest first, leaving out registries whose
     * surprise is on: the daily digest and the registry home's 'New since your last visit' read this.
     */
    async giftsSince(registryIds: readonly number[], since: Date, until: Date = clock()): Promise<GiftNotice[]> {
      if (registryIds.length === 0) return []
      const ids = sql.param(registryIds.map(Number))
      const r = await db.execute<{ kind: GiftKind; registry_id: number; title: string; quantity: number; amount_cents: number | null; giver_name: string; message: string; at: Date }>(sql`
        with visible as (
          select id from registries
          where id = any(${ids}::bigint[]) and not (surprise and (surprise_reveal_date is null or surprise_reveal_date > ${today()}::date))
        )
        select * from (
          select case when r.status = 'reserved' then 'reserved' else r.source end as kind, r.registry_id, i.title, r.quantity,
                 null::int as amount_cents, r.giver_name, r.gift_message as message, coalesce(r.purchased_at, r.created_at) as at
          from reservations r join reg_items i on i.id = r.reg_item_id
          where r.registry_id in (select id from visible) and r.status <> 'cancelled'
          union all
          select case when c.reg_item_id is null then 'cash_fund' else 'group_gift' end, c.registry_id,
                 coalesce(f.title, i.title, 'a cash fund'), 1, c.amount_cents, c.giver_name, c.message, c.confirmed_at
          from cash_fund_contributions c
          left join cash_funds f on f.id = c.cash_fund_id
          left join reg_items i on i.id = c.reg_item_id
          where c.registry_id in (select id from visible) and c.status = 'confirmed'
        ) g
        where g.at > ${since.toISOString()}::timestamptz and g.at <= ${until.toISOString()}::timestamptz
        order by g.at desc`)
      return r.rows.map((g) => ({
        kind: g.kind,
        registryId: Number(g.registry_id),
        title: g.title,
        quantity: g.quantity,
        amountCents: g.amount_cents === null ? null : Number(g.amount_cents),
        giverName: g.giver_name,
        message: g.message,
        at: new Date(g.at),
      }))
    },

    /**
     * The daily digest: for each person who chose it, one email with the gifts since their last digest (the
     * first covers a day) on every registry they own or help with. Each person's window is claimed by a
     * conditional update before sending, so two processes running the digest at once send it once.
     */
    async sendDigests(): Promise<{ sent: number }> {
      const now = clock()
      const people = await db.execute<{ id: number; email: string; first_name: string; through: Date | null }>(sql`
        select id, email, first_name, registry_digest_through as through from users
        where registry_activity_delivery = 'daily'
          and (id in (select owner_id from registries) or id in (select user_id from registry_collaborators))`)
      let sent = 0
      for (const p of people.rows) {
        const since = p.through ? new Date(p.through) : new Date(now.getTime() - DAY_MS)
        const regs = await db.execute<{ id: number; family_name: string }>(sql`
          select id, family_name from registries
          where owner_id = ${p.id} or id in (select registry_id from registry_collaborators where user_id = ${p.id})`)
        const gifts = await this.giftsSince(
          regs.rows.map((r) => Number(r.id)),
          since,
          now,
        )
        const claimed = await db.execute(sql`
          update users set registry_digest_through = ${now.toISOString()}::timestamptz
          where id = ${p.id} and registry_digest_through is not distinct from ${p.through ? new Date(p.through).toISOString() : null}::timestamptz
          returning id`)
        if (claimed.rows.length === 0 || gifts.length === 0) continue
        const names = new Map(regs.rows.map((r) => [Number(r.id), r.family_name]))
        const several = names.size > 1
        const listed = gifts.slice(0, DIGEST_LIST_MAX)
        await email.send({
          to: p.email,
          userId: Number(p.id),
          template: 'notice',
          data: {
            category: 'registry_activity',
            subject: gifts.length === 1 ? 'You have 1 new gift' : `You have ${gifts.length} new gifts`,
            heading: 'Your gifts of the day',
            firstName: p.first_name,
            paragraphs: [
              ...listed.map((g) => `${giftSentence(g)}${several ? ` (${names.get(g.registryId)})` : ''}.${g.message ? ` "${g.message}"` : ''}`),
              ...(gifts.length > listed.length ? [`And ${gifts.length - listed.length} more.`] : []),
              'Your gift tracker keeps every gift, with who gave it, so you can say thank you.',
            ],
            action: { label: 'See your gift tracker', url: tracker },
          },
        })
        sent++
      }
      return { sent }
    },

    /**
     * Records a visit to the registry home and answers when the visit before it was: a visit is a new one when
     * the last was over 30 minutes ago, so reloading the page keeps the same 'New since your last visit'.
     */
    async visit(registryId: number, userId: number): Promise<Date | null> {
      const now = clock().toISOString()
      const r = await db.execute<{ previous_seen_at: Date | null }>(sql`
        insert into registry_visits as v (registry_id, user_id, last_seen_at, previous_seen_at)
        values (${registryId}, ${userId}, ${now}::timestamptz, null)
        on conflict (registry_id, user_id) do update set
          previous_seen_at = case when v.last_seen_at < ${now}::timestamptz - interval '30 minutes' then v.last_seen_at else v.previous_seen_at end,
          last_seen_at = ${now}::timestamptz
        returning previous_seen_at`)
      const prev = r.rows[0]?.previous_seen_at
      return prev ? new Date(prev) : null
    },
  }
}

export type GiftNotices = ReturnType<typeof createGiftNotices>
