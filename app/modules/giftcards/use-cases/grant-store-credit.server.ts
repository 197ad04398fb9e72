/** Use case: Nestlist gives (or takes back) store credit: promotions, refunds to credit, cash fund payouts. */
import { eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { accountOfEmail } from '../../accounts/accounts.service.server'
import type { GiftCardsContext } from '../giftcards-context.server'
import { type CreditReason, userCreditEntries } from '../giftcards.schema'
import type { Tx } from '../giftcards.types'
import { giftCardMessages, promotionGrantInput } from '../giftcards.validation'
import { creditOf } from './view-store-credit.server'

/** Store credit given by Nestlist (a promotion or a refund to credit), in its own transaction. */
export async function grantCredit(ctx: GiftCardsContext, userId: number, amountCents: number, reason: Extract<CreditReason, 'promotion' | 'refund'>, refs: { orderId?: string; note?: string } = {}) {
  const { db, moveCredit } = ctx
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError('invalid_input', 'Credit must be a positive amount in cents.')
  await db.transaction((tx) => moveCredit(tx, userId, amountCents, reason, refs))
  return creditOf(ctx, userId)
}

/**
 * Staff tools: promotional store credit for the account with this email, with the reason (shown to the user
 * in their credit history) and the staff member recorded on the ledger entry. The form's key makes a double
 * submit grant once (the twin answers the same grant).
 */
export async function grantPromotion(ctx: GiftCardsContext, staffUserId: number, input: unknown): Promise<{ user: { id: number; email: string; name: string }; amountCents: number; balanceCents: number; repeated: boolean }> {
  const { db, balanceOf, moveCredit } = ctx
  const data = parseInput(promotionGrantInput, input)
  // The account the email signs in to, not any account with that address.
  const user = await accountOfEmail(db, data.email)
  if (!user) throw new DomainError('invalid_input', giftCardMessages.promotionNoAccount, { fields: { email: [giftCardMessages.promotionNoAccount] } })
  const who = { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
  const [seen] = await db.select().from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
  const twin = async () => {
    const [row] = await db.select().from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
    if (!row || row.userId !== user.id || row.amountCents !== data.amountCents) {
      throw new DomainError('invalid_input', giftCardMessages.promotionKeyReused, { fields: { idempotencyKey: [giftCardMessages.promotionKeyReused] } })
    }
    return { user: who, amountCents: row.amountCents, balanceCents: await balanceOf(user.id), repeated: true }
  }
  if (seen) return twin()
  try {
    await db.transaction((tx) => moveCredit(tx, user.id, data.amountCents, 'promotion', { note: data.reason, grantedByUserId: staffUserId, idempotencyKey: data.idempotencyKey }))
  } catch (error) {
    // A parallel twin with the same key committed first.
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return twin()
    throw error
  }
  return { user: who, amountCents: data.amountCents, balanceCents: await balanceOf(user.id), repeated: false }
}

/** The newest promotional grants made by staff, with who granted them (the staff page's history). */
export async function recentPromotions(ctx: GiftCardsContext, limit = 20): Promise<{ id: number; email: string; amountCents: number; note: string; grantedBy: string; createdAt: string }[]> {
  const { db } = ctx
  const rows = await db.execute<{ id: number; email: string; amount_cents: number; note: string; granted_by: string | null; created_at: string }>(sql`
    select e.id, u.email, e.amount_cents, e.note, s.email as granted_by, e.created_at
    from user_credit_entries e join users u on u.id = e.user_id left join users s on s.id = e.granted_by_user_id
    where e.granted_by_user_id is not null and e.reason = 'promotion'
    order by e.created_at desc, e.id desc limit ${limit}`)
  return rows.rows.map((r) => ({ id: Number(r.id), email: r.email, amountCents: Number(r.amount_cents), note: r.note, grantedBy: r.granted_by ?? '', createdAt: new Date(r.created_at).toISOString() }))
}

/**
 * Store credit given inside the caller's transaction, so it is given exactly when the caller's change
 * commits (a purchase return's refund: once, with its status change; staff promotions: with their record).
 */
export async function grantCreditIn(ctx: GiftCardsContext, tx: Tx, userId: number, amountCents: number, reason: Extract<CreditReason, 'promotion' | 'refund'>, refs: { orderId?: string; note?: string } = {}): Promise<void> {
  const { moveCredit } = ctx
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError('invalid_input', 'Credit must be a positive amount in cents.')
  await moveCredit(tx, userId, amountCents, reason, refs)
}

/**
 * Cash fund money paid out as store credit (docs/decisions/030), or taken back when staff refund the gift
 * (a negative amount), inside the caller's transaction. False when the family has less credit left than
 * is taken back (nothing moves).
 */
export async function cashFundCreditIn(ctx: GiftCardsContext, tx: Tx, userId: number, amountCents: number, note: string): Promise<boolean> {
  const { moveCredit } = ctx
  if (!Number.isSafeInteger(amountCents) || amountCents === 0) throw new DomainError('invalid_input', 'Credit must be a whole, non-zero amount in cents.')
  return moveCredit(tx, userId, amountCents, 'cash_fund', { note })
}
