/** Use case: choosing a gift card design (the purchase page). */
import { and, asc, eq } from 'drizzle-orm'
import { products } from '../../catalog/catalog.schema'
import type { GiftCardsContext } from '../giftcards-context.server'

/** The gift card designs on sale (the catalogue's gift card products), for the purchase page. */
export async function designs(ctx: GiftCardsContext): Promise<{ id: number; name: string; shortName: string; imageUrl: string }[]> {
  const { db } = ctx
  const rows = await db
    .select({ id: products.id, name: products.name, shortName: products.shortName, imageUrl: products.imageUrl })
    .from(products)
    .where(and(eq(products.productType, 'gift_card'), eq(products.available, true)))
    .orderBy(asc(products.id))
    .limit(100)
  // The catalogue may list one design more than once: offer each design once (its first product).
  const seen = new Set<string>()
  return rows.filter((r) => !seen.has(r.shortName) && !!seen.add(r.shortName)).slice(0, 12)
}
