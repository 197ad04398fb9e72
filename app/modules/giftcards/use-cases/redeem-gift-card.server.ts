/** Use case: redeeming a gift card into store credit (by its code, or by staff support for a customer). */
import { eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { accountOfEmail } from '../../accounts/accounts.service.server'
import type { GiftCardsContext } from '../giftcards-context.server'
import { giftCards, giftCardUses, userCreditEntries } from '../giftcards.schema'
import { giftCardMessages, redeemInput, staffRedeemInput } from '../giftcards.validation'

/**
 * Moves a gift card's whole balance into the account's store credit (the card is then used up). Wrong codes
 * count against the hourly limit per account and per network address.
 */
export async function redeem(ctx: GiftCardsContext, userId: number, input: unknown, meta: { ip: string }): Promise<{ redeemedCents: number; balanceCents: number; last4: string }> {
  const { db, clock, findByCode, balanceOf, moveCredit } = ctx
  const { code } = parseInput(redeemInput, input)
  const card = await findByCode(code, `user:${userId}`, meta.ip, 'code')
  return db.transaction(async (tx) => {
    const [taken] = await tx.execute<{ balance: number }>(sql`
      update gift_cards g set balance_cents = 0, status = 'redeemed', redeemed_by_user_id = ${userId}
      from (select id, balance_cents from gift_cards where id = ${card.id}::uuid and status = 'active' and balance_cents > 0 for update) before
      where g.id = before.id
      returning before.balance_cents as balance`).then((r) => r.rows)
    if (!taken) throw new DomainError('invalid_input', giftCardMessages.codeUsedUp, { fields: { code: [giftCardMessages.codeUsedUp] } })
    const amount = Number(taken.balance)
    await tx.insert(giftCardUses).values({ giftCardId: card.id, kind: 'redeemed_to_credit', amountCents: -amount, userId, createdAt: clock() })
    await moveCredit(tx, userId, amount, 'gift_card_redeemed', { giftCardId: card.id, note: `Gift card ••••${card.last4}` })
    return { redeemedCents: amount, balanceCents: await balanceOf(userId, tx), last4: card.last4 }
  })
}

/**
 * Staff support (docs/decisions/023, amendment h15): moves a card's whole balance into a customer's store
 * credit for them, when they cannot use the code (an email lost, a code they cannot read) and support has
 * checked the card is theirs. The same conditional update as `redeem` (a card is emptied once), no code
 * needed; the reason is kept on the ledger entry with the staff member. The form's key makes a double submit
 * move it once (the twin answers the same entry).
 */
export async function redeemForCustomer(ctx: GiftCardsContext, staffUserId: number, input: { giftCardId: string; email: unknown; reason: unknown; idempotencyKey: unknown }): Promise<{ user: { id: number; email: string; name: string }; redeemedCents: number; balanceCents: number; last4: string; repeated: boolean }> {
  const { db, clock, balanceOf, moveCredit } = ctx
  const data = parseInput(staffRedeemInput, input)
  // The account the email signs in to, not any account with that address.
  const user = await accountOfEmail(db, data.email)
  if (!user) throw new DomainError('invalid_input', giftCardMessages.promotionNoAccount, { fields: { email: [giftCardMessages.promotionNoAccount] } })
  const who = { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
  const twin = async () => {
    const [row] = await db.select().from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
    if (!row || row.userId !== user.id || row.giftCardId !== data.giftCardId.toLowerCase()) {
      throw new DomainError('invalid_input', giftCardMessages.promotionKeyReused, { fields: { idempotencyKey: [giftCardMessages.promotionKeyReused] } })
    }
    const [card] = await db.select({ last4: giftCards.last4 }).from(giftCards).where(eq(giftCards.id, data.giftCardId))
    return { user: who, redeemedCents: row.amountCents, balanceCents: await balanceOf(user.id), last4: card?.last4 ?? '', repeated: true }
  }
  const [seen] = await db.select({ id: userCreditEntries.id }).from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
  if (seen) return twin()
  try {
    const moved = await db.transaction(async (tx) => {
      const [taken] = await tx.execute<{ balance: number; last4: string }>(sql`
        update gift_cards g set balance_cents = 0, status = 'redeemed', redeemed_by_user_id = ${user.id}
        from (select id, balance_cents, last4 from gift_cards where id = ${data.giftCardId}::uuid and status = 'active' and balance_cents > 0 and emailed_at is not null for update) before
        where g.id = before.id
        returning before.balance_cents as balance, before.last4 as last4`).then((r) => r.rows)
      if (!taken) {
        // A twin submit with this key may have emptied the card while this one waited for its row.
        const [twinEntry] = await tx.select({ id: userCreditEntries.id }).from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
        if (twinEntry) return null
        const [card] = await tx.select({ status: giftCards.status }).from(giftCards).where(eq(giftCards.id, data.giftCardId))
        if (!card) throw new DomainError('not_found', 'We could not find that gift card.')
        throw new DomainError('conflict', giftCardMessages.staffRedeemNothing)
      }
      const amount = Number(taken.balance)
      await tx.insert(giftCardUses).values({ giftCardId: data.giftCardId, kind: 'redeemed_to_credit', amountCents: -amount, userId: user.id, createdAt: clock() })
      await moveCredit(tx, user.id, amount, 'gift_card_redeemed', { giftCardId: data.giftCardId, note: `Gift card ••••${taken.last4}, added by Nestlist support: ${data.reason}`, grantedByUserId: staffUserId, idempotencyKey: data.idempotencyKey })
      return { user: who, redeemedCents: amount, balanceCents: await balanceOf(user.id, tx), last4: taken.last4, repeated: false }
    })
    return moved ?? (await twin())
  } catch (error) {
    // A parallel twin with the same key committed first.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return twin()
    throw error
  }
}
