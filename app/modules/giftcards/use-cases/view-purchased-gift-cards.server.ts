/** Use case: a buyer looks at the gift cards they bought. */
import { asc, desc, eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { type GiftCardsContext, uuidPattern } from '../giftcards-context.server'
import { giftCards } from '../giftcards.schema'

/** The gift cards a user bought (never their codes or what the recipient has spent). */
export async function purchasedBy(ctx: GiftCardsContext, userId: number) {
  const { db } = ctx
  const rows = await db.select().from(giftCards).where(eq(giftCards.purchaserUserId, userId)).orderBy(desc(giftCards.createdAt), asc(giftCards.unitIndex)).limit(100)
  return rows.map((c) => ({
    id: c.id,
    amountCents: c.initialCents,
    recipientName: c.recipientName,
    recipientEmail: c.recipientEmail,
    message: c.message,
    orderId: c.orderId,
    sentAt: c.emailedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  }))
}

/** One card for its purchaser (others get not_found). */
export async function forPurchaser(ctx: GiftCardsContext, id: string, userId: number) {
  if (!uuidPattern.test(id)) throw new DomainError('not_found', 'We could not find that gift card.')
  const card = (await purchasedBy(ctx, userId)).find((c) => c.id === id)
  if (!card) throw new DomainError('not_found', 'We could not find that gift card.')
  return card
}
