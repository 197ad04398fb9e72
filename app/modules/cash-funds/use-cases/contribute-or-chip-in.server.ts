/** Use case: a guest gives to a cash fund, or chips in towards a group gift (one path, decision 030). */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { regItems } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { type CashFundContributionRow, cashFundContributions, groupGiftRedemptions } from '../cash-funds.schema'
import { cashFundMessages as m, groupGiftMessages as gm } from '../cash-funds.strings'
import type { ContributionView, Target } from '../cash-funds.types'
import { chipInInput, contributeInput } from '../cash-funds.validation'
import { chipInRange, groupGiftProgress } from '../group-gifts'
import { settle } from './charge-contribution.server'

/**
 * Records a group gift chip-in as pending if it still fits under the goal: the item's row is locked, so
 * chip-ins (and the family's unmark or redeem) on one item take turns. Answers null when it no longer fits.
 */
export async function recordChipIn(ctx: CashFundsContext, values: typeof cashFundContributions.$inferInsert, itemId: number): Promise<CashFundContributionRow | 'gone' | 'redeemed' | { leftCents: number }> {
  const { db } = ctx
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ price_cents: number; quantity_needed: number; group_gift: boolean; goal_cents: number | null; removed: boolean }>(
      sql`select price_cents, quantity_needed, group_gift, group_gift_goal_cents as goal_cents, removed_at is not null as removed from reg_items where id = ${itemId} for update`,
    )
    const item = locked.rows[0]
    // Taken off the registry or made an ordinary item since the page was shown.
    if (!item || item.removed || !item.group_gift) return 'gone' as const
    const [r] = await tx.select({ id: groupGiftRedemptions.id }).from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, itemId))
    if (r) return 'redeemed' as const
    const [sum] = await tx
      .select({ held: sql<string>`coalesce(sum(${cashFundContributions.amountCents}), 0)` })
      .from(cashFundContributions)
      .where(and(eq(cashFundContributions.regItemId, itemId), ne(cashFundContributions.status, 'cancelled')))
    const source = { priceCents: item.price_cents, quantityNeeded: item.quantity_needed, groupGiftGoalCents: item.goal_cents === null ? null : Number(item.goal_cents) }
    const progress = groupGiftProgress(source, { confirmedCents: Number(sum?.held ?? 0), pendingCents: 0, confirmedCount: 0, redeemed: false })
    if ((values.amountCents ?? 0) > progress.leftCents) return { leftCents: progress.leftCents }
    // The first chip-in fixes the goal (decision 030, h13): a later price change no longer moves it under the guests.
    if (source.groupGiftGoalCents === null) await tx.update(regItems).set({ groupGiftGoalCents: progress.goalCents }).where(eq(regItems.id, itemId))
    const [created] = await tx.insert(cashFundContributions).values(values).onConflictDoNothing({ target: cashFundContributions.idempotencyKey }).returning()
    return created ?? (await tx.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, values.idempotencyKey)))[0]!
  })
}

/**
 * The one contribution path (decision 030) for cash funds and group gifts: a retried key answers the same
 * contribution; the card is authorised (declined: nothing recorded), the contribution recorded pending, then
 * charged and confirmed.
 */
export async function give(ctx: CashFundsContext, target: Target, data: Omit<z.output<typeof contributeInput>, 'cashFundId'>, giverUserId?: number): Promise<ContributionView> {
  const { db, payments, logger, clock, contributionView } = ctx
  const [seen] = await db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey))
  if (seen) {
    const sameTarget = target.kind === 'cash_fund' ? seen.cashFundId === target.id : seen.regItemId === target.id
    if (!sameTarget || seen.amountCents !== data.amountCents) throw new DomainError('invalid_input', m.keyReused, { fields: { idempotencyKey: [m.keyReused] } })
    return contributionView(seen.status === 'pending' ? await settle(ctx, seen, target.title).catch(() => seen) : seen, target.title)
  }
  const group = target.kind === 'group_gift'
  const payment = await payments.authorize({
    idempotencyKey: `${group ? 'group-gift' : 'cash-fund'}:${data.idempotencyKey}`,
    amountCents: data.amountCents,
    purpose: group ? 'group_gift_contribution' : 'cash_fund_contribution',
    purposeId: String(target.id),
    card: data.card,
  })
  if (payment.status === 'declined') {
    const message = payment.declineMessage ?? 'Your card was declined.'
    throw new DomainError('invalid_input', message, { fields: { 'card.number': [message] } })
  }
  if (payment.status !== 'authorized' && payment.status !== 'captured') throw new DomainError('conflict', m.notCharged, { reason: 'not_charged' })
  const values = {
    cashFundId: group ? null : target.id,
    regItemId: group ? target.id : null,
    registryId: target.registryId,
    amountCents: data.amountCents,
    status: 'pending' as const,
    giverName: data.giverName,
    giverEmail: data.giverEmail,
    giverUserId: giverUserId ?? null,
    message: data.message,
    idempotencyKey: data.idempotencyKey,
    paymentId: payment.id,
    createdAt: clock(),
  }
  let row: CashFundContributionRow
  if (group) {
    const recorded = await recordChipIn(ctx, values, target.id)
    if (recorded === 'gone' || recorded === 'redeemed' || 'leftCents' in recorded) {
      // It no longer fits (another chip-in took the last dollars, or the family redeemed it): release the hold.
      await payments.void(payment.id).catch((error: unknown) => logger.error({ err: error, paymentId: payment.id }, 'group gift hold not released'))
      if (recorded === 'gone') throw new DomainError('not_found', gm.itemNotFound)
      if (recorded === 'redeemed') throw new DomainError('conflict', gm.redeemed)
      throw new DomainError('conflict', gm.tookLast(recorded.leftCents), { fields: { amountCents: [gm.tookLast(recorded.leftCents)] } })
    }
    row = recorded
  } else {
    const [created] = await db.insert(cashFundContributions).values(values).onConflictDoNothing({ target: cashFundContributions.idempotencyKey }).returning()
    row = created ?? (await db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey)))[0]!
  }
  // A failed charge leaves it pending (held, not counted); the family or staff confirm it later.
  const settled = await settle(ctx, row, target.title).catch((error: unknown) => {
    logger.warn({ err: error, contributionId: row.id }, 'contribution left pending')
    return row
  })
  return contributionView(settled, target.title)
}

/**
 * A guest's contribution: the card is authorised for the amount, the contribution recorded (pending),
 * then the card charged (confirmed). A declined card records nothing. The idempotency key makes a retry
 * (a double click, a refresh) answer the same contribution: one contribution, one charge.
 */
export async function contribute(ctx: CashFundsContext, input: unknown, giverUserId?: number): Promise<ContributionView> {
  const { openFund } = ctx
  const data = parseInput(contributeInput, input)
  const fund = await openFund(data.cashFundId)
  return give(ctx, { kind: 'cash_fund', id: fund.id, registryId: fund.registryId, title: fund.title }, data, giverUserId)
}

/**
 * A guest's chip-in towards a group gift: the same path as a cash fund gift (authorise, record pending,
 * charge), from $5 up to what is left of the goal. Recording it locks the item's row and counts the chip-ins
 * already made or held, so two guests racing for the last dollars never fund more than the goal: the later
 * one's hold is released and it gets a 409 with what is left.
 */
export async function chipIn(ctx: CashFundsContext, input: unknown, giverUserId?: number): Promise<ContributionView> {
  const { db, openGroupGift, groupGiftsProgress } = ctx
  const data = parseInput(chipInInput, input)
  const item = await openGroupGift(data.regItemId)
  const [seen] = await db.select({ id: cashFundContributions.id }).from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey))
  if (!seen) {
    const progress = (await groupGiftsProgress([item]))[0]!
    if (progress.redeemed) throw new DomainError('conflict', gm.redeemed)
    const range = chipInRange(progress.leftCents)
    if (!range) throw new DomainError('conflict', gm.closed)
    if (data.amountCents < range.minCents) throw new DomainError('invalid_input', gm.amountMin(range.minCents), { fields: { amountCents: [gm.amountMin(range.minCents)] } })
    if (data.amountCents > range.maxCents) throw new DomainError('invalid_input', gm.amountLeft(range.maxCents), { fields: { amountCents: [gm.amountLeft(range.maxCents)] } })
  }
  return give(ctx, { kind: 'group_gift', id: item.id, registryId: item.registryId, title: item.title }, data, giverUserId)
}
