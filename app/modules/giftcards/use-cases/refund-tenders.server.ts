/** Use case: giving back the gift card and store credit an order paid with, when a line is cancelled. */
import { sql } from 'drizzle-orm'
import type { GiftCardsContext } from '../giftcards-context.server'
import { giftCardUses } from '../giftcards.schema'
import type { Tx } from '../giftcards.types'

/**
 * Gives an order's gift card and store credit back in the caller's transaction (a cancelled order line,
 * docs/decisions/024 h13): the gift card's balance goes up again (used up → active) with a use recorded, and
 * the credit goes back to the buyer with reason 'refund'. A gift card no longer usable (redeemed into someone's
 * store credit since) cannot take it, so that part comes back as the buyer's store credit. Answers where it went.
 */
export async function refundTendersIn(
  ctx: GiftCardsContext,
  tx: Tx,
  order: { id: string; userId: number },
  amounts: { giftCardId: string | null; giftCardCents: number; creditCents: number },
  note: string,
): Promise<{ giftCardCents: number; creditCents: number }> {
  const { clock, moveCredit } = ctx
  let giftCardCents = 0
  if (amounts.giftCardId && amounts.giftCardCents > 0) {
    const back = await tx.execute(sql`
      update gift_cards set balance_cents = balance_cents + ${amounts.giftCardCents}, status = 'active'
      where id = ${amounts.giftCardId}::uuid and status in ('active', 'used_up') and balance_cents + ${amounts.giftCardCents} <= initial_cents
      returning id`)
    if (back.rows.length > 0) {
      giftCardCents = amounts.giftCardCents
      await tx.insert(giftCardUses).values({ giftCardId: amounts.giftCardId, kind: 'order_refund', amountCents: giftCardCents, orderId: order.id, userId: order.userId, createdAt: clock() })
    }
  }
  const creditCents = amounts.creditCents + (amounts.giftCardCents - giftCardCents)
  if (creditCents > 0) await moveCredit(tx, order.userId, creditCents, 'refund', { orderId: order.id, note })
  return { giftCardCents, creditCents }
}
