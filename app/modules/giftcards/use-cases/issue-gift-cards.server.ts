/** Use case: issuing and emailing the gift cards an order bought, once it is paid (and the reconcile that retries). */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { formatCents } from '~/lib/money'
import { orderLines, orders } from '../../orders/orders.schema'
import { generateCode, hashCode } from '../gift-card-codes.server'
import type { GiftCardsContext } from '../giftcards-context.server'
import { giftCards } from '../giftcards.schema'
import { formatCode } from '../giftcards.validation'

const DELIVERY_RETRY_MS = 5 * 60_000

/** Sends the recipient their code, and the buyer a copy without it. */
async function deliver(
  ctx: GiftCardsContext,
  card: { id: string; initialCents: number; recipientEmail: string; recipientName: string; senderName: string; message: string },
  code: string,
  buyer: { email: string; userId: number | null },
): Promise<void> {
  const { email, link } = ctx
  const amount = formatCents(card.initialCents)
  const redeemUrl = link('/settings/gift-cards-and-promos')
  await email.send({
    to: card.recipientEmail,
    template: 'notice',
    data: {
      category: 'orders',
      subject: `${card.senderName} sent you a Nestlist gift card`,
      heading: `A ${amount} Nestlist gift card, just for you`,
      firstName: card.recipientName,
      paragraphs: [
        `${card.senderName} sent you a ${amount} electronic gift card for anything in the Nestlist shop.`,
        ...(card.message ? [`Their message: "${card.message}"`] : []),
        `Your gift card code: ${formatCode(code)}`,
        'Enter the code at checkout, or add it to your Nestlist account balance under Settings, Gift cards and promos. It never expires. Keep this email safe: anyone with the code can spend the card.',
      ],
      ...(redeemUrl ? { action: { label: 'Add it to your account', url: redeemUrl } } : {}),
    },
  })
  await email.send({
    to: buyer.email,
    ...(buyer.userId ? { userId: buyer.userId } : {}),
    template: 'notice',
    data: {
      category: 'orders',
      subject: `Your ${amount} gift card for ${card.recipientName} is on its way`,
      heading: 'Your gift card was sent',
      firstName: card.senderName,
      paragraphs: [
        `We emailed your ${amount} Nestlist gift card to ${card.recipientName} at ${card.recipientEmail}${card.message ? ', with your message' : ''}.`,
        'For their security, the code is only in their email.',
      ],
    },
  })
}

/**
 * Called once an order is paid (after capture, and again by reconcile): issues one card per unit of each gift
 * card line and emails it. Idempotent: a card exists once per (line, unit); a card whose email was never
 * sent (a crash in between) gets a new code before it is sent, since nobody ever saw the old one.
 */
export async function onOrderPaid(ctx: GiftCardsContext, orderId: string): Promise<{ issued: number }> {
  const { db, clock, logger } = ctx
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order || order.status !== 'paid') return { issued: 0 }
  const lines = (await db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).filter((l) => l.giftCard)
  if (lines.length === 0) return { issued: 0 }
  const now = clock()
  const codes = new Map<string, string>()
  for (const line of lines) {
    const details = line.giftCard!
    for (let unit = 0; unit < line.quantity; unit++) {
      const code = generateCode()
      const [card] = await db
        .insert(giftCards)
        .values({
          codeHash: hashCode(code),
          last4: code.slice(-4),
          initialCents: line.unitPriceCents,
          balanceCents: line.unitPriceCents,
          orderId,
          orderLineId: line.id,
          unitIndex: unit,
          purchaserUserId: order.userId,
          recipientEmail: details.recipientEmail,
          recipientName: details.recipientName,
          senderName: details.senderName,
          message: details.message,
          deliveryClaimedAt: now,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [giftCards.orderLineId, giftCards.unitIndex] })
        .returning({ id: giftCards.id })
      if (card) codes.set(card.id, code)
    }
  }
  // Cards issued earlier whose email never went out (claimed long ago): a fresh code, claimed by this call.
  const stale = new Date(now.getTime() - DELIVERY_RETRY_MS).toISOString()
  const unsent = await db.select({ id: giftCards.id }).from(giftCards).where(and(eq(giftCards.orderId, orderId), isNull(giftCards.emailedAt)))
  for (const { id } of unsent) {
    if (codes.has(id)) continue
    const code = generateCode()
    const claimed = await db.execute(sql`
      update gift_cards set code_hash = ${hashCode(code)}, last4 = ${code.slice(-4)}, delivery_claimed_at = ${now.toISOString()}::timestamptz
      where id = ${id}::uuid and emailed_at is null and (delivery_claimed_at is null or delivery_claimed_at < ${stale}::timestamptz)
      returning id`)
    if (claimed.rows.length) codes.set(id, code)
  }
  if (codes.size === 0) return { issued: 0 }
  const cards = await db.select().from(giftCards).where(inArray(giftCards.id, [...codes.keys()])).orderBy(asc(giftCards.orderLineId), asc(giftCards.unitIndex))
  for (const card of cards) {
    await deliver(ctx, card, codes.get(card.id)!, { email: order.email, userId: order.userId })
    await db.update(giftCards).set({ emailedAt: clock() }).where(eq(giftCards.id, card.id))
  }
  logger?.info({ orderId, cards: cards.length }, 'gift cards issued and emailed')
  return { issued: cards.length }
}

/** Paid orders whose gift cards were not all issued and emailed (a crash after capture): issues them now; prunes old code entries. */
export async function reconcile(ctx: GiftCardsContext, olderThanMs = 30_000): Promise<{ orders: number }> {
  const { db, clock, logger } = ctx
  const before = new Date(clock().getTime() - olderThanMs).toISOString()
  // Code entries only count for an hour: older ones are of no more use.
  await db.execute(sql`delete from gift_card_redeem_attempts where created_at < ${new Date(clock().getTime() - 86_400_000).toISOString()}::timestamptz`)
  const pending = await db.execute<{ id: string }>(sql`
    select o.id from orders o
    where o.status = 'paid' and o.updated_at < ${before}::timestamptz
      and exists (select 1 from order_lines l where l.order_id = o.id and l.gift_card is not null)
      and (
        (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id and l.gift_card is not null)
          > (select count(*) from gift_cards g where g.order_id = o.id)
        or exists (select 1 from gift_cards g where g.order_id = o.id and g.emailed_at is null)
      )
    limit 200`)
  let done = 0
  for (const { id } of pending.rows) {
    try {
      await onOrderPaid(ctx, id)
      done++
    } catch (error) {
      logger?.warn({ err: error, orderId: id }, 'issuing gift cards failed; the next reconcile retries')
    }
  }
  return { orders: done }
}
