/** Use case: an account looks at its store credit balance and history. */
import { desc, eq } from 'drizzle-orm'
import type { GiftCardsContext } from '../giftcards-context.server'
import { userCreditEntries } from '../giftcards.schema'
import type { CreditEntry } from '../giftcards.types'

/** The account's store credit: balance and newest entries first. */
export async function creditOf(ctx: GiftCardsContext, userId: number): Promise<{ balanceCents: number; entries: CreditEntry[] }> {
  const { db, balanceOf } = ctx
  const [balanceCents, entries] = await Promise.all([
    balanceOf(userId),
    db.select().from(userCreditEntries).where(eq(userCreditEntries.userId, userId)).orderBy(desc(userCreditEntries.createdAt), desc(userCreditEntries.id)).limit(100),
  ])
  return {
    balanceCents,
    entries: entries.map((e) => ({
      id: e.id,
      amountCents: e.amountCents,
      reason: e.reason,
      balanceAfterCents: e.balanceAfterCents,
      note: e.note,
      orderId: e.orderId,
      createdAt: e.createdAt.toISOString(),
    })),
  }
}
