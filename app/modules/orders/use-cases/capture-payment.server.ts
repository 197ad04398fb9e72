/** Use case: charging a placed order (capturing its card authorisation), then issuing the gift cards it bought. */
import { sql } from 'drizzle-orm'
import type { OrdersContext } from '../orders-context.server'
import type { OrderRow } from '../orders.schema'

/**
 * Charges a placed order's authorisation; the order turns paid in the same commit as its payment's capture,
 * so a placed order always has an uncaptured payment (reconcile finds it through the payment; decision 025,
 * h13). An order paid in full by gift cards and credit is paid when placed. A failure leaves it placed for
 * reconcile() to retry. Once paid, gift cards it bought are issued (idempotently).
 */
export async function capture(ctx: OrdersContext, order: OrderRow, issueGiftCards = true): Promise<OrderRow> {
  const { db, clock, logger, paymentsService } = ctx
  if (order.status !== 'placed') return order
  const markPaid = sql`update orders set status = 'paid', updated_at = ${clock().toISOString()}::timestamptz where id = ${order.id}::uuid and status = 'placed'`
  try {
    if (order.paymentId) await paymentsService.capture(order.paymentId, undefined, markPaid)
    else await db.execute(markPaid) // placed before h13 (an order with no card payment is now paid when placed)
  } catch (error) {
    logger?.warn({ err: error, orderId: order.id }, 'capturing an order payment failed; reconcile() will retry')
    return order
  }
  const paid = { ...order, status: 'paid' as const }
  if (issueGiftCards) await issueBoughtGiftCards(ctx, paid)
  return paid
}

/** Electronic gift cards an order bought, issued once it is paid (idempotently; reconcile() retries). */
export async function issueBoughtGiftCards(ctx: OrdersContext, order: OrderRow) {
  const { giftCards, logger } = ctx
  if (!giftCards || order.status !== 'paid') return
  await giftCards.onOrderPaid(order.id).catch((error: unknown) => logger?.warn({ err: error, orderId: order.id }, 'issuing gift cards failed; reconcile() will retry'))
}
