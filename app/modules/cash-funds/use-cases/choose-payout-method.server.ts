/** Use case: a family chooses how cash fund money reaches them (store credit or bank transfer). */
import { eq } from 'drizzle-orm'
import { parseInput } from '~/lib/parse-input'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFundPreferences } from '../cash-funds.schema'
import type { CashFundPreferencesView } from '../cash-funds.types'
import { cashFundPreferencesInput } from '../cash-funds.validation'

/** How the family receives the money; store credit until they choose (chosen: false). */
export async function preferences(ctx: CashFundsContext, registryId: number, userId: number): Promise<CashFundPreferencesView> {
  const { db, managed } = ctx
  await managed(registryId, userId)
  const [p] = await db.select().from(cashFundPreferences).where(eq(cashFundPreferences.registryId, registryId))
  return p
    ? { registryId, method: p.method, accountHolder: p.accountHolder, accountLast4: p.accountLast4, chosen: true }
    : { registryId, method: 'store_credit', accountHolder: null, accountLast4: null, chosen: false }
}

/** Saves how the family receives the money: store credit, or a bank transfer to the account given. */
export async function setPreferences(ctx: CashFundsContext, registryId: number, userId: number, input: unknown): Promise<CashFundPreferencesView> {
  const { db, clock, managed } = ctx
  const data = parseInput(cashFundPreferencesInput, input)
  await managed(registryId, userId)
  const values =
    data.method === 'bank_transfer'
      ? { method: data.method, accountHolder: data.accountHolder, accountLast4: data.accountLast4 }
      : { method: data.method, accountHolder: null, accountLast4: null }
  await db
    .insert(cashFundPreferences)
    .values({ registryId, ...values, updatedAt: clock() })
    .onConflictDoUpdate({ target: cashFundPreferences.registryId, set: { ...values, updatedAt: clock() } })
  return { registryId, ...values, chosen: true }
}
