/** Use case: the family (or staff) look at contributions: one, or the gift tracker's list. */
import { desc, eq } from 'drizzle-orm'
import { registries, regItems } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFundContributions, cashFunds, groupGiftRedemptions } from '../cash-funds.schema'
import type { CashFundActor, ContributionView } from '../cash-funds.types'

/** One contribution, for the registry's family and staff (anyone else: 404). */
export async function get(ctx: CashFundsContext, id: string, actor: CashFundActor): Promise<ContributionView> {
  const { db, surpriseActive, hideGiver, contributionView, contributionFor } = ctx
  const row = await contributionFor(id, actor)
  const view = contributionView(row.c, row.fundTitle, row.fundUsed, row)
  if (actor.role === 'staff') return view
  const [reg] = await db.select({ surprise: registries.surprise, surpriseRevealDate: registries.surpriseRevealDate }).from(registries).where(eq(registries.id, row.c.registryId))
  return reg && surpriseActive(reg) ? hideGiver(view) : view
}

/** Every contribution to a registry's funds, newest first (the family's gift tracker). */
export async function contributionsOf(ctx: CashFundsContext, registryId: number, userId: number): Promise<ContributionView[]> {
  const { db, surpriseActive, hideGiver, managed, contributionView, contributionColumns, giftPayout, fundPayout } = ctx
  const registry = await managed(registryId, userId)
  const hide = surpriseActive(registry)
  const rows = await db
    .select(contributionColumns)
    .from(cashFundContributions)
    .leftJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
    .leftJoin(regItems, eq(regItems.id, cashFundContributions.regItemId))
    .leftJoin(groupGiftRedemptions, eq(groupGiftRedemptions.regItemId, cashFundContributions.regItemId))
    .leftJoin(giftPayout, eq(giftPayout.id, cashFundContributions.payoutId))
    .leftJoin(fundPayout, eq(fundPayout.id, groupGiftRedemptions.payoutId))
    .where(eq(cashFundContributions.registryId, registryId))
    .orderBy(desc(cashFundContributions.createdAt))
  return rows.map((r) => {
    const view = contributionView(r.c, r.fundTitle, r.fundUsed, r)
    return hide ? hideGiver(view) : view
  })
}
