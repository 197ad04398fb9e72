/** Use case: checking the stock left of a product option (staff and tests). */
import { and, eq } from 'drizzle-orm'
import type { OrdersContext } from '../orders-context.server'
import { productStock } from '../orders.schema'

/** Stock left of a product option (staff and tests). */
export async function stockOf(ctx: OrdersContext, productId: number, optionKey = ''): Promise<number | null> {
  const { db } = ctx
  const [row] = await db.select().from(productStock).where(and(eq(productStock.productId, productId), eq(productStock.optionKey, optionKey)))
  return row?.quantity ?? null
}
