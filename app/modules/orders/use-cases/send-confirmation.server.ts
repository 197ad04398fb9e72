/** Use case: the buyer's order confirmation email, sent once per order. */
import { and, eq, sql } from 'drizzle-orm'
import type { OrdersContext } from '../orders-context.server'
import { orders } from '../orders.schema'
import type { OrderView, OrderViewer } from '../orders.types'
import { sendOrderConfirmation } from '../order-confirmation-email.server'

/**
 * The buyer's confirmation email, once per order (the claim is a conditional update, so parallel retries and
 * other processes agree on who sends it). A failed email is logged and never fails the placed order.
 */
export async function confirm(ctx: OrdersContext, order: OrderView, viewer: OrderViewer) {
  const { email, publicOrigin, logger } = ctx
  if (!email || !(await claimConfirmation(ctx, order.id))) return
  await sendOrderConfirmation(email, publicOrigin, order, viewer.userId ?? null).catch((err: unknown) => logger?.warn({ err, orderId: order.id }, 'order confirmation email failed'))
}

/** True exactly once per order: whoever gets it sends the confirmation email (placeOrder does; retries never send twice). */
export async function claimConfirmation(ctx: OrdersContext, orderId: string): Promise<boolean> {
  const { db, clock } = ctx
  const claimed = await db
    .update(orders)
    .set({ confirmationSentAt: clock() })
    .where(and(eq(orders.id, orderId), sql`${orders.confirmationSentAt} is null`))
    .returning({ id: orders.id })
  return claimed.length === 1
}
