/** Use case: settling what a crash left half done (run at server start): payments, captures, gift cards. */
import { and, eq, lt, sql } from 'drizzle-orm'
import { payments } from '../../payments/payments.schema'
import type { OrdersContext } from '../orders-context.server'
import { orders } from '../orders.schema'
import { capture } from './capture-payment.server'

/**
 * After a crash (run at server start): settles payments left pending, charges placed orders whose capture
 * never happened, and releases order authorisations that have no order. Only rows older than
 * `olderThanMs` are touched, so checkouts in flight are left alone.
 */
export async function reconcile(ctx: OrdersContext, olderThanMs = 30_000): Promise<{ captured: number; voided: number }> {
  const { db, clock, logger, paymentsService, giftCards } = ctx
  await paymentsService.reconcilePending(olderThanMs)
  const before = new Date(clock().getTime() - olderThanMs)
  // A placed order always has a payment not yet captured (it turns paid in the capture's commit; one paid
  // by gift cards and credit alone is paid when placed), so it is found through payments_unsettled_idx: no
  // index on orders names the status, and the order's placed -> paid update is a HOT one (decision 025, h13).
  const placed = await db
    .select({ order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.paymentId, payments.id))
    .where(and(sql`${payments.status} in ('pending', 'authorized')`, lt(payments.createdAt, before), eq(orders.status, 'placed'), lt(orders.createdAt, before)))
    .limit(500)
    .then((rows) => rows.map((r) => r.order))
  let captured = 0
  for (const o of placed) if ((await capture(ctx, o)).status === 'paid') captured++
  // Paid orders whose gift cards were never issued or emailed (a crash right after the charge).
  if (giftCards) await giftCards.reconcile(olderThanMs)
  const orphans = await db.execute<{ id: string }>(sql`
    select p.id from payments p
    where p.purpose = 'order' and p.status = 'authorized' and p.created_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from orders o where o.payment_id = p.id)
    limit 500`)
  let voided = 0
  for (const { id } of orphans.rows) {
    try {
      await paymentsService.void(id)
      // Marked as interrupted: the shopper's retry of that checkout asks for a new authorisation.
      await db.update(payments).set({ declineCode: 'interrupted' }).where(and(eq(payments.id, id), eq(payments.status, 'voided')))
      voided++
    } catch (error) {
      logger?.warn({ err: error, paymentId: id }, 'releasing an orphaned order authorisation failed')
    }
  }
  return { captured, voided }
}
