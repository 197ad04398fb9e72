// Bank transfer payouts (docs/decisions/030, h14): what Nestlist owes families who chose to receive cash fund
// money by bank transfer, and the transfers staff record once they sent them. Part of the cash funds service
// (createCashFundsService spreads these use cases in); the pages and the API reach them through it.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import type { Logger } from '~/lib/logger.server'
import { parseInput } from '~/lib/parse-input'
import { users } from '../accounts/accounts.schema'
import type { EmailSender } from '../email/email.types'
import { registries } from '../registry/registry.schema'
import { cashFundContributions, groupGiftRedemptions, type PayoutRow, payouts } from './cash-funds.schema'
import { payoutCopy, payoutMessages as pm } from './cash-funds.strings'
import { recordPayoutInput } from './cash-funds.validation'

type Actor = { userId: number; role: 'user' | 'staff' }

/** One gift Nestlist still owes a family by bank transfer: a cash fund gift, or a redeemed group gift fund. */
export type OwedItem = {
  /** contribution: a confirmed cash fund gift; redemption: a group gift fund redeemed by bank transfer. */
  kind: 'contribution' | 'redemption'
  id: string
  /** The cash fund's title, or the group gift item's. */
  title: string
  /** Who gave (a cash fund gift); null for a group gift fund (several people chipped in). */
  giverName: string | null
  amountCents: number
  /** When it became owed: the gift was charged, or the group gift fund redeemed. */
  owedSince: string
}

/** A registry with money owed by bank transfer (the staff list at /admin/payouts). */
export type OwedRegistry = {
  registryId: number
  title: string
  familyName: string
  slug: string
  /** The family's bank account now; null when they have since switched to store credit (nothing can be recorded). */
  account: { holder: string; last4: string } | null
  itemCount: number
  totalCents: number
  oldestAt: string
  items: OwedItem[]
}

/** A transfer staff recorded. */
export type PayoutView = {
  id: string
  registryId: number | null
  registryTitle: string | null
  familyName: string | null
  amountCents: number
  itemCount: number
  accountHolder: string
  accountLast4: string
  reference: string
  sentBy: string | null
  sentAt: string
}

/** The family's side: what is waiting and what was sent (cash fund preferences page, gift tracker). */
export type FamilyPayouts = {
  waiting: { count: number; cents: number }
  sent: Pick<PayoutView, 'id' | 'amountCents' | 'itemCount' | 'accountLast4' | 'reference' | 'sentAt'>[]
}

export type PayoutDeps = { db: Db; email: EmailSender; logger: Logger; base: string; clock: () => Date; managed: (registryId: number, userId: number) => Promise<unknown> }

const staffOnly = (actor: Actor) => {
  // Non-staff get what the /admin pages answer them: nothing exists here.
  if (actor.role !== 'staff') throw new DomainError('not_found', 'Not found.')
}

const isoOf = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString()

export function createPayoutUseCases({ db, email, logger, base, clock, managed }: PayoutDeps) {
  const viewOf = (p: PayoutRow, extra: { registryTitle: string | null; familyName: string | null; sentBy: string | null }): PayoutView => ({
    id: p.id,
    registryId: p.registryId,
    registryTitle: extra.registryTitle,
    familyName: extra.familyName,
    amountCents: p.amountCents,
    itemCount: p.itemCount,
    accountHolder: p.accountHolder,
    accountLast4: p.accountLast4,
    reference: p.reference,
    sentBy: extra.sentBy,
    sentAt: p.sentAt.toISOString(),
  })

  async function history(where: ReturnType<typeof eq> | undefined, limit: number): Promise<PayoutView[]> {
    const rows = await db
      .select({ p: payouts, registryTitle: registries.title, familyName: registries.familyName, staffFirst: users.firstName, staffLast: users.lastName })
      .from(payouts)
      .leftJoin(registries, eq(registries.id, payouts.registryId))
      .leftJoin(users, eq(users.id, payouts.sentBy))
      .where(where)
      .orderBy(desc(payouts.sentAt), desc(payouts.id))
      .limit(limit)
    return rows.map((r) => viewOf(r.p, { registryTitle: r.registryTitle, familyName: r.familyName, sentBy: r.staffFirst === null ? null : `${r.staffFirst} ${r.staffLast ?? ''}`.trim() }))
  }

  async function sendEmail(p: PayoutRow) {
    const [owner] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(registries)
      .innerJoin(users, eq(users.id, registries.ownerId))
      .where(eq(registries.id, p.registryId!))
    if (!owner) return
    await email.send({
      to: owner.email,
      userId: owner.id,
      template: 'notice',
      data: {
        // A notice about money sent to them, like a receipt: always sent (not an optional category).
        category: 'orders',
        subject: payoutCopy.emailSubject,
        heading: payoutCopy.emailSubject,
        firstName: owner.firstName,
        paragraphs: payoutCopy.emailParagraphs(p.amountCents, p.accountHolder, p.accountLast4, p.reference, p.itemCount),
        action: { label: 'See your gift tracker', url: `${base}/registry/gift-tracker` },
      },
    })
  }

  /** Why a paid-out gift cannot be refunded (the cancel path): its transfer's date and reference. */
  async function paidOutMessage(payoutId: string): Promise<string> {
    const [p] = await db.select({ sentAt: payouts.sentAt, reference: payouts.reference }).from(payouts).where(eq(payouts.id, payoutId))
    return pm.paidOutNoRefund(p ? formatLongDate(p.sentAt.toISOString()) : 'an earlier date', p?.reference ?? 'on record')
  }

  const useCases = {
    /**
     * Registries Nestlist owes money by bank transfer (staff only; anyone else not_found): confirmed bank-transfer
     * cash fund gifts and bank-transfer group gift redemptions not paid out yet, oldest debt first, in one query.
     */
    async owedPayouts(actor: Actor): Promise<OwedRegistry[]> {
      staffOnly(actor)
      const rows = await db.execute<{
        registry_id: string | number
        title: string
        family_name: string
        slug: string
        holder: string | null
        last4: string | null
        kind: 'contribution' | 'redemption'
        id: string
        item_title: string
        giver_name: string | null
        amount_cents: number
        owed_since: Date | string
      }>(sql`
        with owed as (
          select c.registry_id, 'contribution' as kind, c.id, coalesce(f.title, '') as item_title, c.giver_name, c.amount_cents, c.confirmed_at as owed_since
          from cash_fund_contributions c left join cash_funds f on f.id = c.cash_fund_id
          where c.payout = 'bank_transfer' and c.status = 'confirmed' and c.payout_id is null
          union all
          select r.registry_id, 'redemption', r.id, i.title, null, r.amount_cents, r.created_at
          from group_gift_redemptions r join reg_items i on i.id = r.reg_item_id
          where r.method = 'bank_transfer' and r.payout_id is null
        )
        select o.registry_id, g.title, g.family_name, g.slug,
          case when p.method = 'bank_transfer' then p.account_holder end as holder,
          case when p.method = 'bank_transfer' then p.account_last4 end as last4,
          o.kind, o.id, o.item_title, o.giver_name, o.amount_cents, o.owed_since
        from owed o
        join registries g on g.id = o.registry_id
        left join cash_fund_preferences p on p.registry_id = o.registry_id
        order by min(o.owed_since) over (partition by o.registry_id), o.registry_id, o.owed_since, o.id`)
      const byRegistry = new Map<number, OwedRegistry>()
      for (const r of rows.rows) {
        const registryId = Number(r.registry_id)
        let entry = byRegistry.get(registryId)
        if (!entry) {
          entry = {
            registryId,
            title: r.title,
            familyName: r.family_name,
            slug: r.slug,
            account: r.holder && r.last4 ? { holder: r.holder, last4: r.last4 } : null,
            itemCount: 0,
            totalCents: 0,
            oldestAt: isoOf(r.owed_since),
            items: [],
          }
          byRegistry.set(registryId, entry)
        }
        const amountCents = Number(r.amount_cents)
        entry.items.push({ kind: r.kind, id: r.id, title: r.item_title, giverName: r.giver_name, amountCents, owedSince: isoOf(r.owed_since) })
        entry.itemCount += 1
        entry.totalCents += amountCents
      }
      return [...byRegistry.values()]
    },

    /** The transfers staff recorded, newest first (staff only). */
    async payoutHistory(actor: Actor, limit = 50): Promise<PayoutView[]> {
      staffOnly(actor)
      return history(undefined, Math.min(Math.max(1, limit), 200))
    },

    /**
     * Records a bank transfer staff sent to a registry's family (staff only), covering exactly the owed items
     * they saw. One transaction: the registry row is locked (payouts to one family take turns), the items are
     * locked and must all still be owed (else 409, nothing recorded), the amount is their sum, and each item's
     * payout_id is set by a conditional update, so a gift is never paid out twice. The same reference again for
     * the registry answers the first payout (created: false). The family is emailed once, by the call that records it.
     */
    async recordPayout(actor: Actor, input: unknown): Promise<{ payout: PayoutView; created: boolean }> {
      staffOnly(actor)
      const data = parseInput(recordPayoutInput, input)
      const contributionIds = [...new Set(data.contributionIds)]
      const redemptionIds = [...new Set(data.redemptionIds)]
      const result = await db.transaction(async (tx) => {
        const locked = await tx.execute<{ id: number; title: string; family_name: string; method: string | null; holder: string | null; last4: string | null }>(
          sql`select r.id, r.title, r.family_name, p.method, p.account_holder as holder, p.account_last4 as last4
              from registries r left join cash_fund_preferences p on p.registry_id = r.id
              where r.id = ${data.registryId} for no key update of r`,
        )
        const reg = locked.rows[0]
        if (!reg) throw new DomainError('not_found', pm.notFound)
        const names = { registryTitle: reg.title, familyName: reg.family_name }
        const [same] = await tx.select().from(payouts).where(and(eq(payouts.registryId, reg.id), eq(payouts.reference, data.reference)))
        if (same) return { row: same, names, created: false }
        if (reg.method !== 'bank_transfer' || !reg.holder || !reg.last4) throw new DomainError('conflict', pm.noBankAccount)
        if (data.accountLast4 && data.accountLast4 !== reg.last4) throw new DomainError('conflict', pm.accountChanged(reg.last4))
        // The items staff paid, locked; each must still be owed to this registry (a concurrent payout or refund
        // that got there first leaves it out, and then nothing is recorded).
        const gifts = contributionIds.length
          ? await tx
              .select({ id: cashFundContributions.id, amountCents: cashFundContributions.amountCents })
              .from(cashFundContributions)
              .where(
                and(
                  inArray(cashFundContributions.id, contributionIds),
                  eq(cashFundContributions.registryId, reg.id),
                  eq(cashFundContributions.status, 'confirmed'),
                  eq(cashFundContributions.payout, 'bank_transfer'),
                  isNull(cashFundContributions.payoutId),
                ),
              )
              .for('update')
          : []
        const funds = redemptionIds.length
          ? await tx
              .select({ id: groupGiftRedemptions.id, amountCents: groupGiftRedemptions.amountCents })
              .from(groupGiftRedemptions)
              .where(and(inArray(groupGiftRedemptions.id, redemptionIds), eq(groupGiftRedemptions.registryId, reg.id), eq(groupGiftRedemptions.method, 'bank_transfer'), isNull(groupGiftRedemptions.payoutId)))
              .for('update')
          : []
        if (gifts.length !== contributionIds.length || funds.length !== redemptionIds.length) throw new DomainError('conflict', pm.itemsChanged)
        const amountCents = [...gifts, ...funds].reduce((sum, i) => sum + i.amountCents, 0)
        const [row] = await tx
          .insert(payouts)
          .values({ registryId: reg.id, amountCents, itemCount: gifts.length + funds.length, accountHolder: reg.holder, accountLast4: reg.last4, reference: data.reference, sentBy: actor.userId, sentAt: clock() })
          .returning()
        const claimed =
          (gifts.length ? (await tx.update(cashFundContributions).set({ payoutId: row!.id }).where(and(inArray(cashFundContributions.id, contributionIds), isNull(cashFundContributions.payoutId))).returning({ id: cashFundContributions.id })).length : 0) +
          (funds.length ? (await tx.update(groupGiftRedemptions).set({ payoutId: row!.id }).where(and(inArray(groupGiftRedemptions.id, redemptionIds), isNull(groupGiftRedemptions.payoutId))).returning({ id: groupGiftRedemptions.id })).length : 0)
        // The rows are locked, so this holds; if it ever does not, nothing is recorded.
        if (claimed !== gifts.length + funds.length) throw new DomainError('conflict', pm.itemsChanged)
        return { row: row!, names, created: true }
      })
      if (result.created) await sendEmail(result.row).catch((error: unknown) => logger.error({ err: error, payoutId: result.row.id }, 'payout email failed'))
      const [staff] = result.row.sentBy ? await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, result.row.sentBy)) : []
      return { payout: viewOf(result.row, { ...result.names, sentBy: staff ? `${staff.firstName} ${staff.lastName}`.trim() : null }), created: result.created }
    },

    /** What is waiting for a bank transfer to the family and what was sent (owner or collaborator; anyone else 404). */
    async payoutsOf(registryId: number, userId: number): Promise<FamilyPayouts> {
      await managed(registryId, userId)
      const [waiting, sent] = await Promise.all([
        db.execute<{ count: number; cents: string }>(sql`
          select count(*)::int as count, coalesce(sum(amount_cents), 0) as cents from (
            select amount_cents from cash_fund_contributions where registry_id = ${registryId} and payout = 'bank_transfer' and status = 'confirmed' and payout_id is null
            union all
            select amount_cents from group_gift_redemptions where registry_id = ${registryId} and method = 'bank_transfer' and payout_id is null) o`),
        db.select().from(payouts).where(eq(payouts.registryId, registryId)).orderBy(desc(payouts.sentAt)).limit(100),
      ])
      const w = waiting.rows[0]
      return {
        waiting: { count: w?.count ?? 0, cents: Number(w?.cents ?? 0) },
        sent: sent.map((p) => ({ id: p.id, amountCents: p.amountCents, itemCount: p.itemCount, accountLast4: p.accountLast4, reference: p.reference, sentAt: p.sentAt.toISOString() })),
      }
    },
  }
  return { useCases, paidOutMessage }
}
