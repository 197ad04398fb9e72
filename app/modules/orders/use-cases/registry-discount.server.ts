/** Use case: the buyer's single-use registry discount, and whether one of their orders already took it. */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import type { OrdersContext } from '../orders-context.server'

/**
 * Whether a user's single-use registry discount already went on an order that stands (not cancelled; `exceptKey`:
 * leaving out the order being placed), as a boolean expression over `userId` (a value or another statement's user id
 * column: the shop header's facts, decision 028 h29). orders_user_idx (user_id, created_at) narrows it to the
 * buyer's own orders.
 */
export const registryDiscountUsedOf = (userId: AnyColumn | SQL, exceptKey?: string) =>
  sql<boolean>`exists (
    select 1 from orders
    where user_id = ${userId} and discount_cents > 0 and status <> 'cancelled'
      ${exceptKey ? sql`and idempotency_key <> ${exceptKey}` : sql``}
  )`

/** Whether one of the buyer's orders (other than the one under this key) already took the registry discount. */
export async function registryDiscountUsed(ctx: OrdersContext, userId: number, exceptKey?: string): Promise<boolean> {
  const { db } = ctx
  const rows = await db.execute<{ used: boolean }>(sql`select ${registryDiscountUsedOf(sql`${userId}`, exceptKey)} as used`)
  return rows.rows[0]?.used === true
}
