/** Use case: a guest sees a registry's cash funds, and one fund's contribute page. */
import { and, asc, eq, isNull } from 'drizzle-orm'
import { registries } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFunds } from '../cash-funds.schema'
import type { CashFundView } from '../cash-funds.types'

/** A registry's funds with their totals (guests' view: no givers). */
export async function fundsOf(ctx: CashFundsContext, registryId: number): Promise<CashFundView[]> {
  const { db, views } = ctx
  if (!Number.isSafeInteger(registryId)) return []
  return views(await db.select().from(cashFunds).where(and(eq(cashFunds.registryId, registryId), isNull(cashFunds.removedAt))).orderBy(asc(cashFunds.createdAt), asc(cashFunds.id)))
}

/** One open fund with its registry's public face (the contribute page). */
export async function fundForGuest(ctx: CashFundsContext, fundId: number) {
  const { db, views, openFund } = ctx
  const fund = await openFund(fundId)
  const [reg] = await db.select({ id: registries.id, slug: registries.slug, familyName: registries.familyName, title: registries.title }).from(registries).where(eq(registries.id, fund.registryId))
  return { fund: (await views([fund]))[0]!, registry: reg! }
}
