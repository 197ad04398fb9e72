/** Use case: a signed-in buyer's order history. */
import { desc, eq, sql } from 'drizzle-orm'
import type { OrdersContext } from '../orders-context.server'
import { orders } from '../orders.schema'
import type { OrderSummary } from '../orders.types'

/** A signed-in buyer's orders, newest first, a page at a time (`page` from 1; `perPage` at most 50). */
export async function listForBuyer(ctx: OrdersContext, userId: number, options: { page?: number; perPage?: number } = {}): Promise<{ orders: OrderSummary[]; page: number; perPage: number; total: number }> {
  const { db } = ctx
  const perPage = Math.min(50, Math.max(1, Math.trunc(options.perPage ?? 20)))
  const page = Math.min(10_000, Math.max(1, Math.trunc(options.page ?? 1)))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        createdAt: orders.createdAt,
        totalCents: orders.totalCents,
        registryId: orders.registryId,
        itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines ol where ol.order_id = orders.id)`,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, userId)),
  ])
  return {
    orders: rows.map((r) => ({ id: r.id, status: r.status, createdAt: r.createdAt.toISOString(), totalCents: r.totalCents, itemCount: r.itemCount, registryId: r.registryId })),
    page,
    perPage,
    total: counted?.n ?? 0,
  }
}
