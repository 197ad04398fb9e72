import { alias } from 'drizzle-orm/pg-core'
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { publicOriginOf } from '~/lib/public-origin.server'
import { isUuid } from '~/lib/uuid'
import type { EmailSender } from '../email/email.types'
import type { GiftCardsService } from '../giftcards/giftcards.service.server'
import type { PaymentsService } from '../payments/payments.service.server'
import type { GiftNotices } from '../registry/gift-notices.server'
import { createRegistryAccess } from '../registry/registry-access.server'
import { type RegItemRow, type RegistryRow, regItems } from '../registry/registry.schema'
import { type CashFundContributionRow, type CashFundRow, cashFundContributions, cashFunds, type GroupGiftRedemptionRow, groupGiftRedemptions, payouts } from './cash-funds.schema'
import { cashFundMessages as m, groupGiftMessages as gm } from './cash-funds.strings'
import type { CashFundActor, CashFundView, ContributionView, GroupGiftView, RedemptionView } from './cash-funds.types'
import { type GroupGiftProgress, groupGiftProgress } from './group-gifts'
import { createPayoutUseCases } from './payouts.server'

export type CashFundsDeps = {
  db: Db
  /** Store credit (app/modules/giftcards): where the money goes for families who choose it (the default). */
  credit: Pick<GiftCardsService, 'cashFundCreditIn'>
  payments: Pick<PaymentsService, 'authorize' | 'capture' | 'void' | 'refundOnce' | 'get'>
  email: EmailSender
  logger: Logger
  /** Where the emailed links point (services.publicOrigin, docs/decisions/034); never a request's Host. */
  publicOrigin?: string
  clock?: () => Date
  /** Tells the family (owner and collaborators, by their preference) of each confirmed gift. */
  notices?: Pick<GiftNotices, 'contribution'>
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** How a used group gift fund was paid out, and when bank transfers were sent (from the joins in `contributionColumns`). */
type Money = { fundMethod: 'store_credit' | 'bank_transfer' | null; giftSentAt: Date | null; fundSentAt: Date | null }

/**
 * What the cash fund use cases share, built once per service: the dependencies, the registry access check,
 * the loaders and views several use cases read, and the payouts use cases (payouts.server.ts).
 */
export type CashFundsContext = ReturnType<typeof createCashFundsContext>

/** Builds the shared context of the cash funds service from its dependencies. */
export function createCashFundsContext({ db, credit, payments, email, logger, publicOrigin = publicOriginOf({}), clock = () => new Date(), notices }: CashFundsDeps) {
  const access = createRegistryAccess(db)
  const base = publicOrigin.replace(/\/$/, '')

  /** While a family keeps their registry a surprise, they do not see who gave or what they wrote (staff do). */
  const surpriseActive = (r: Pick<RegistryRow, 'surprise' | 'surpriseRevealDate'>) => r.surprise && (!r.surpriseRevealDate || r.surpriseRevealDate > clock().toISOString().slice(0, 10))
  const hideGiver = (v: ContributionView): ContributionView => ({ ...v, giverName: m.someone, giverEmail: '', message: '' })

  async function managed(registryId: number, userId: number): Promise<RegistryRow> {
    const a = await access.of(registryId, userId)
    if (!a) throw new DomainError('not_found', m.registryNotFound)
    return a.registry
  }

  /** Confirmed totals per fund, in one query. */
  async function totals(fundIds: number[]) {
    if (fundIds.length === 0) return new Map<number, { raised: number; count: number }>()
    const rows = await db
      .select({ id: cashFundContributions.cashFundId, raised: sql<string>`coalesce(sum(${cashFundContributions.amountCents}), 0)`, count: sql<number>`count(*)::int` })
      .from(cashFundContributions)
      .where(and(inArray(cashFundContributions.cashFundId, fundIds), eq(cashFundContributions.status, 'confirmed')))
      .groupBy(cashFundContributions.cashFundId)
    return new Map(rows.map((r) => [r.id, { raised: Number(r.raised), count: r.count }]))
  }

  async function views(rows: CashFundRow[]): Promise<CashFundView[]> {
    const t = await totals(rows.map((r) => r.id))
    return rows.map((r) => ({
      id: r.id,
      registryId: r.registryId,
      productId: r.productId,
      title: r.title,
      description: r.description,
      imageUrl: r.imageUrl,
      goalCents: r.goalCents,
      raisedCents: t.get(r.id)?.raised ?? 0,
      contributionCount: t.get(r.id)?.count ?? 0,
    }))
  }

  async function openFund(fundId: number): Promise<CashFundRow> {
    if (!Number.isSafeInteger(fundId) || fundId <= 0) throw new DomainError('not_found', m.fundNotFound)
    const [fund] = await db.select().from(cashFunds).where(and(eq(cashFunds.id, fundId), isNull(cashFunds.removedAt)))
    if (!fund) throw new DomainError('not_found', m.fundNotFound)
    return fund
  }


  /** `fundUsed`: the chip-in's group gift fund was redeemed (its money reached the family). */
  const contributionView = (c: CashFundContributionRow, fundTitle: string, fundUsed = false, money?: Money): ContributionView => {
    const payout = c.regItemId === null ? c.payout : c.status === 'confirmed' && fundUsed ? (money?.fundMethod ?? null) : null
    const sentAt = payout === 'bank_transfer' ? (c.regItemId === null ? money?.giftSentAt : money?.fundSentAt) : null
    return { ...baseView(c, fundTitle, fundUsed), payout, sentToBankAt: iso(sentAt ?? null) }
  }

  const baseView = (c: CashFundContributionRow, fundTitle: string, fundUsed: boolean): Omit<ContributionView, 'payout' | 'sentToBankAt'> => ({
    id: c.id,
    kind: c.regItemId !== null ? 'group_gift' : 'cash_fund',
    cashFundId: c.cashFundId,
    regItemId: c.regItemId,
    fundTitle,
    registryId: c.registryId,
    amountCents: c.amountCents,
    status: c.status,
    giverName: c.giverName,
    giverEmail: c.giverEmail,
    message: c.message,
    paymentId: c.paymentId,
    createdAt: c.createdAt.toISOString(),
    confirmedAt: iso(c.confirmedAt),
    cancelledAt: iso(c.cancelledAt),
    waitingInGroupGift: c.regItemId !== null && c.status === 'confirmed' && !fundUsed,
  })

  /** A contribution's fund title, or its group gift item's title. */
  const titleOf = sql<string>`coalesce(${cashFunds.title}, ${regItems.title}, '')`
  /** Its group gift's fund was redeemed (with group_gift_redemptions left-joined on the item). */
  const fundUsedOf = sql<boolean>`${groupGiftRedemptions.id} is not null`
  /** The bank transfers that paid out a cash fund gift, and a chip-in's group gift fund (h14). */
  const giftPayout = alias(payouts, 'gift_payout')
  const fundPayout = alias(payouts, 'fund_payout')
  const contributionColumns = {
    c: cashFundContributions,
    fundTitle: titleOf,
    fundUsed: fundUsedOf,
    fundMethod: groupGiftRedemptions.method,
    giftSentAt: giftPayout.sentAt,
    fundSentAt: fundPayout.sentAt,
  }

  /** The contribution, for its registry's owner and collaborators and for staff; 404 for anyone else. */
  async function contributionFor(id: string, actor: CashFundActor) {
    if (!isUuid(id)) throw new DomainError('not_found', m.contributionNotFound)
    const [row] = await db
      .select(contributionColumns)
      .from(cashFundContributions)
      .leftJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
      .leftJoin(regItems, eq(regItems.id, cashFundContributions.regItemId))
      .leftJoin(groupGiftRedemptions, eq(groupGiftRedemptions.regItemId, cashFundContributions.regItemId))
      .leftJoin(giftPayout, eq(giftPayout.id, cashFundContributions.payoutId))
      .leftJoin(fundPayout, eq(fundPayout.id, groupGiftRedemptions.payoutId))
      .where(eq(cashFundContributions.id, id))
    if (!row) throw new DomainError('not_found', m.contributionNotFound)
    if (actor.role !== 'staff' && !(await access.of(row.c.registryId, actor.userId))) throw new DomainError('not_found', m.contributionNotFound)
    return row
  }

  /** An open group gift: on the registry (not removed) and marked as one. */
  async function openGroupGift(itemId: number): Promise<RegItemRow> {
    if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', gm.itemNotFound)
    const [item] = await db.select().from(regItems).where(and(eq(regItems.id, itemId), isNull(regItems.removedAt)))
    if (!item) throw new DomainError('not_found', gm.itemNotFound)
    if (!item.groupGift) throw new DomainError('conflict', gm.notGroupGift)
    return item
  }

  /** The money of each group gift (confirmed, held, redeemed), in two queries. */
  async function groupGiftsProgress(items: Pick<RegItemRow, 'id' | 'priceCents' | 'quantityNeeded' | 'groupGiftGoalCents'>[]): Promise<GroupGiftProgress[]> {
    if (items.length === 0) return []
    const ids = items.map((i) => i.id)
    const [sums, redeemed] = await Promise.all([
      db
        .select({
          id: cashFundContributions.regItemId,
          confirmed: sql<string>`coalesce(sum(${cashFundContributions.amountCents}) filter (where ${cashFundContributions.status} = 'confirmed'), 0)`,
          pending: sql<string>`coalesce(sum(${cashFundContributions.amountCents}) filter (where ${cashFundContributions.status} = 'pending'), 0)`,
          count: sql<number>`(count(*) filter (where ${cashFundContributions.status} = 'confirmed'))::int`,
        })
        .from(cashFundContributions)
        .where(and(inArray(cashFundContributions.regItemId, ids), ne(cashFundContributions.status, 'cancelled')))
        .groupBy(cashFundContributions.regItemId),
      db.select({ id: groupGiftRedemptions.regItemId }).from(groupGiftRedemptions).where(inArray(groupGiftRedemptions.regItemId, ids)),
    ])
    const byId = new Map(sums.map((r) => [r.id, r]))
    const done = new Set(redeemed.map((r) => r.id))
    return items.map((i) => {
      const s = byId.get(i.id)
      return groupGiftProgress(i, { confirmedCents: Number(s?.confirmed ?? 0), pendingCents: Number(s?.pending ?? 0), confirmedCount: s?.count ?? 0, redeemed: done.has(i.id) })
    })
  }

  const groupGiftView = (i: RegItemRow, p: GroupGiftProgress): GroupGiftView => ({
    ...p,
    regItemId: i.id,
    registryId: i.registryId,
    title: i.title,
    imageUrl: i.imageUrl,
    priceCents: i.priceCents,
    quantityNeeded: i.quantityNeeded,
    productId: i.productId,
    storeName: i.storeName,
  })

  const redemptionView = (r: GroupGiftRedemptionRow): RedemptionView => ({ id: r.id, regItemId: r.regItemId, registryId: r.registryId, method: r.method, use: r.use, amountCents: r.amountCents, orderId: r.orderId, createdAt: r.createdAt.toISOString() })

  const payoutCases = createPayoutUseCases({ db, email, logger, base, clock, managed })

  return {
    db,
    credit,
    payments,
    email,
    logger,
    clock,
    notices,
    access,
    base,
    surpriseActive,
    hideGiver,
    managed,
    totals,
    views,
    openFund,
    contributionView,
    contributionColumns,
    giftPayout,
    fundPayout,
    contributionFor,
    openGroupGift,
    groupGiftsProgress,
    groupGiftView,
    redemptionView,
    payoutCases,
  }
}
