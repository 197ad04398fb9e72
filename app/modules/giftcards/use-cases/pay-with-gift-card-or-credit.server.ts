/** Use case: paying an order with a gift card and store credit at checkout (plan, take, show). */
import { createHash } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import type { GiftCardsContext } from '../giftcards-context.server'
import { giftCardUses, orderTenders } from '../giftcards.schema'
import type { OrderTender, TenderPlan, Tx } from '../giftcards.types'
import { giftCardMessages } from '../giftcards.validation'

/**
 * How `totalCents` would be paid: the gift card (its balance, up to the total less `excludedCents`, the gift
 * cards being bought), then store credit, then the card. Read without locks: placeOrder takes the amounts in its transaction with `takeTenders`, which
 * refuses when a balance went down meanwhile. A wrong code counts against the hourly limit.
 */
export async function planTenders(
  ctx: GiftCardsContext,
  viewer: { userId?: number | null; guestToken?: string | null },
  totalCents: number,
  input: { giftCardCode?: string; applyCredit?: boolean; excludedCents?: number },
): Promise<TenderPlan> {
  const { findByCode, balanceOf } = ctx
  // What gift cards and credit may pay: not the gift cards being bought (no turning a balance into a new code).
  const excluded = Math.min(totalCents, Math.max(0, input.excludedCents ?? 0))
  let left = totalCents - excluded
  let giftCard: TenderPlan['giftCard'] = null
  if (input.giftCardCode) {
    const actor = viewer.userId
      ? `user:${viewer.userId}`
      : viewer.guestToken
        ? `guest:${createHash('sha256').update(viewer.guestToken).digest('base64url')}`
        : 'guest:anonymous'
    const card = await findByCode(input.giftCardCode, actor, '', 'giftCardCode')
    const amountCents = Math.min(card.balanceCents, left)
    giftCard = { id: card.id, last4: card.last4, amountCents }
    left -= amountCents
  }
  let creditCents = 0
  if (input.applyCredit) {
    if (!viewer.userId) throw new DomainError('invalid_input', giftCardMessages.signInForCredit, { fields: { applyCredit: [giftCardMessages.signInForCredit] } })
    creditCents = Math.min(await balanceOf(viewer.userId), left)
    left -= creditCents
  }
  return { giftCard, creditCents, cardDueCents: left + excluded }
}

/** Takes the planned amounts inside the order's transaction; a balance that went down rolls the order back. */
export async function takeTenders(ctx: GiftCardsContext, tx: Tx, order: { id: string; userId: number | null }, plan: TenderPlan): Promise<void> {
  const { clock, moveCredit } = ctx
  if (plan.giftCard && plan.giftCard.amountCents > 0) {
    const taken = await tx.execute(sql`
      update gift_cards set balance_cents = balance_cents - ${plan.giftCard.amountCents},
        status = case when balance_cents = ${plan.giftCard.amountCents} then 'used_up' else status end
      where id = ${plan.giftCard.id}::uuid and status = 'active' and balance_cents >= ${plan.giftCard.amountCents}
      returning id`)
    if (taken.rows.length === 0) throw new DomainError('conflict', giftCardMessages.balanceChanged)
    await tx.insert(giftCardUses).values({ giftCardId: plan.giftCard.id, kind: 'order_payment', amountCents: -plan.giftCard.amountCents, orderId: order.id, userId: order.userId, createdAt: clock() })
    await tx.insert(orderTenders).values({ orderId: order.id, kind: 'gift_card', amountCents: plan.giftCard.amountCents, giftCardId: plan.giftCard.id, giftCardLast4: plan.giftCard.last4 })
  }
  if (plan.creditCents > 0) {
    if (!order.userId || !(await moveCredit(tx, order.userId, -plan.creditCents, 'order_payment', { orderId: order.id, note: 'Used at checkout' }))) {
      throw new DomainError('conflict', giftCardMessages.balanceChanged)
    }
    await tx.insert(orderTenders).values({ orderId: order.id, kind: 'store_credit', amountCents: plan.creditCents })
  }
}

/** The gift card and store credit amounts of an order, for its summary ('Gift card ••••ABCD −$X'). */
export async function tendersOf(ctx: GiftCardsContext, orderId: string): Promise<OrderTender[]> {
  const { db } = ctx
  const rows = await db.select().from(orderTenders).where(eq(orderTenders.orderId, orderId)).orderBy(asc(orderTenders.id))
  return rows.map((r) => ({
    kind: r.kind,
    amountCents: r.amountCents,
    last4: r.giftCardLast4,
    label: r.kind === 'gift_card' ? `Gift card ••••${r.giftCardLast4 ?? ''}` : 'Store credit',
  }))
}
