// What an order's refunds have taken so far, shared by purchase returns and order cancellations
// (docs/decisions/024, h13), so both split a refund over the order's tenders the same way.
import { sql } from 'drizzle-orm'
import type { Tx } from '../giftcards/giftcards.service.server'
import { tendersLeft, type TendersLeft } from './refund-math'

/** Units of an order line (alias `l`) that will not ship to the buyer or be returned again: cancelled ones. */
export const cancelledUnitsOf = sql`(select coalesce(sum(cl.quantity), 0) from order_cancellation_lines cl where cl.order_line_id = l.id)::int`

/**
 * What each tender of the order can still take back, read in the caller's transaction (which holds the order
 * row's lock, so refunds of one order take turns). Counts refunds recorded but not yet confirmed by the processor,
 * so two of them can never promise the same cents twice.
 */
export async function tendersLeftOf(tx: Tx, order: { id: string; paymentId: string | null }): Promise<TendersLeft & { giftCardId: string | null }> {
  const [row] = (
    await tx.execute<{ card_paid: number; credit_paid: number; gift_paid: number; gift_card_id: string | null; card_back: number; other_back: number }>(sql`
      select
        coalesce((select captured_cents from payments where id = ${order.paymentId}::uuid), 0)::int as card_paid,
        coalesce((select sum(amount_cents) from order_tenders where order_id = ${order.id}::uuid and kind = 'store_credit'), 0)::int as credit_paid,
        coalesce((select sum(amount_cents) from order_tenders where order_id = ${order.id}::uuid and kind = 'gift_card'), 0)::int as gift_paid,
        (select gift_card_id from order_tenders where order_id = ${order.id}::uuid and kind = 'gift_card' order by id limit 1) as gift_card_id,
        (coalesce((select sum(refund_cents - credit_cents) from purchase_returns where order_id = ${order.id}::uuid and status <> 'failed'), 0)
          + coalesce((select sum(card_cents) from order_cancellations where order_id = ${order.id}::uuid), 0))::int as card_back,
        (coalesce((select sum(credit_cents) from purchase_returns where order_id = ${order.id}::uuid and status <> 'failed'), 0)
          + coalesce((select sum(gift_card_cents + credit_cents) from order_cancellations where order_id = ${order.id}::uuid), 0))::int as other_back`)
  ).rows
  const r = row!
  return {
    ...tendersLeft({ cardCents: r.card_paid, creditCents: r.credit_paid, giftCardCents: r.gift_paid }, { cardBack: r.card_back, otherBack: r.other_back }),
    giftCardId: r.gift_card_id,
  }
}
