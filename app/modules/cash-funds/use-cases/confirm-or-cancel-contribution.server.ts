/** Use case: the family or staff confirm (charge) or cancel (release or refund) a contribution. */
import { and, eq, isNull } from 'drizzle-orm'
import { DomainError, isDomainError } from '~/lib/errors'
import { registries } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFundContributions, groupGiftRedemptions } from '../cash-funds.schema'
import { cashFundMessages as m, groupGiftMessages as gm } from '../cash-funds.strings'
import type { CashFundActor, ContributionView } from '../cash-funds.types'
import { settle } from './charge-contribution.server'

/** pending → confirmed (charges the held amount). Confirming a confirmed one is harmless; a cancelled one is refused. */
export async function confirm(ctx: CashFundsContext, id: string, actor: CashFundActor): Promise<ContributionView> {
  const { contributionView, contributionFor } = ctx
  const row = await contributionFor(id, actor)
  if (row.c.status === 'cancelled') throw new DomainError('conflict', m.alreadyCancelled)
  const settled = await settle(ctx, row.c, row.fundTitle).catch((error: unknown) => {
    if (isDomainError(error) && error.code === 'conflict') throw new DomainError('conflict', m.notCharged, { reason: 'not_charged' })
    throw error
  })
  return contributionView(settled, row.fundTitle, row.fundUsed, row)
}

/**
 * pending → cancelled: the hold on the card is released (the family or staff). confirmed → cancelled:
 * staff only, the charge is refunded in full. Cancelling a cancelled one is harmless.
 */
export async function cancel(ctx: CashFundsContext, id: string, actor: CashFundActor): Promise<ContributionView> {
  const { db, credit, payments, clock, contributionView, contributionFor, payoutCases } = ctx
  const row = await contributionFor(id, actor)
  const c = row.c
  if (c.status === 'cancelled') return contributionView(c, row.fundTitle, row.fundUsed, row)
  if (c.status === 'confirmed') {
    if (actor.role !== 'staff') throw new DomainError('conflict', m.confirmedOwnerCannotCancel)
    // Sent to the family's bank account already (h14): the money left Nestlist, so refunding the card here
    // would pay it twice.
    if (c.payoutId) throw new DomainError('conflict', await payoutCases.paidOutMessage(c.payoutId))
    // A redeemed group gift's money was already paid out to the family: refund it from there, not here.
    if (c.regItemId !== null) {
      const [r] = await db.select({ id: groupGiftRedemptions.id }).from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, c.regItemId))
      if (r) throw new DomainError('conflict', gm.redeemedRefund)
    }
    // The store credit it became is taken back and the card refunded, together: if either fails, neither happens.
    const done = await db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(cashFundContributions)
        .set({ status: 'cancelled', cancelledAt: clock() })
        // Not once a payout claimed it (a transfer recorded meanwhile): the row lock makes the two take turns.
        .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'confirmed'), isNull(cashFundContributions.payoutId)))
        .returning()
      if (!cancelled) return null
      if (c.payout === 'store_credit') {
        const [reg] = await tx.select({ ownerId: registries.ownerId }).from(registries).where(eq(registries.id, c.registryId))
        if (!(await credit.cashFundCreditIn(tx, reg!.ownerId, -c.amountCents, `Refunded: ${c.giverName}: ${row.fundTitle}`))) throw new DomainError('conflict', m.creditSpent)
      }
      await payments.refundOnce(c.paymentId, c.amountCents, `cash-fund-refund:${c.id}`)
      return cancelled
    })
    if (done) return contributionView(done, row.fundTitle, row.fundUsed, row)
    const now = await contributionFor(id, actor)
    if (now.c.payoutId) throw new DomainError('conflict', await payoutCases.paidOutMessage(now.c.payoutId))
    return contributionView(now.c, now.fundTitle, now.fundUsed, now)
  }
  await payments.void(c.paymentId)
  const [done] = await db
    .update(cashFundContributions)
    .set({ status: 'cancelled', cancelledAt: clock() })
    .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'pending')))
    .returning()
  return contributionView(done ?? (await contributionFor(id, actor)).c, row.fundTitle, row.fundUsed, row)
}
