/** Use case: a family adds a cash fund to their registry (from a catalogue idea) or takes one off. */
import { asc, eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { products } from '../../catalog/catalog.schema'
import { productImagePath } from '../../catalog/illustrations'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFunds } from '../cash-funds.schema'
import { cashFundMessages as m } from '../cash-funds.strings'
import type { CashFundView } from '../cash-funds.types'
import { addCashFundInput } from '../cash-funds.validation'

/** The catalogue's cash-fund products (/store/cash-funds): ideas the family starts a fund from. */
export async function catalogueFunds(ctx: CashFundsContext) {
  const { db } = ctx
  // The seeded catalogue repeats each fund under several ids: one of each name.
  return db
    .selectDistinctOn([products.shortName], { id: products.id, name: products.shortName, description: products.description, imageUrl: products.imageUrl })
    .from(products)
    .where(eq(products.productType, 'cash_fund'))
    .orderBy(asc(products.shortName), asc(products.id))
    .limit(24)
}

/** Adds a fund to a registry the user manages (owner or collaborator). */
export async function addFund(ctx: CashFundsContext, registryId: number, userId: number, input: unknown): Promise<CashFundView> {
  const { db, clock, managed, views } = ctx
  const data = parseInput(addCashFundInput, input)
  await managed(registryId, userId)
  let imageUrl = productImagePath('cash-fund', 0)
  if (data.productId !== undefined) {
    const [p] = await db.select({ type: products.productType, imageUrl: products.imageUrl }).from(products).where(eq(products.id, data.productId))
    if (!p || p.type !== 'cash_fund') throw new DomainError('invalid_input', m.notACashFund, { fields: { productId: [m.notACashFund] } })
    imageUrl = p.imageUrl
  }
  const [fund] = await db
    .insert(cashFunds)
    .values({ registryId, productId: data.productId ?? null, title: data.title, description: data.description, imageUrl, goalCents: data.goalCents, createdAt: clock() })
    .returning()
  return (await views([fund!]))[0]!
}

/** Takes a fund off the registry (guests no longer see it); its contributions stay in the gift tracker. */
export async function removeFund(ctx: CashFundsContext, fundId: number, userId: number): Promise<void> {
  const { db, clock, managed, openFund } = ctx
  const fund = await openFund(fundId)
  await managed(fund.registryId, userId).catch(() => {
    throw new DomainError('not_found', m.fundNotFound)
  })
  await db.update(cashFunds).set({ removedAt: clock() }).where(eq(cashFunds.id, fund.id))
}
