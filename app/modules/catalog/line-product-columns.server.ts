// The product columns a cart or checkout line is priced and shown with, selected alike by the cart (its lines)
// and the orders service (reserved gifts, quick buy): one list, so the two cannot drift apart.
import { sql } from 'drizzle-orm'
import { products } from './catalog.schema'

/** The product of a line: what pricing it (price, sale price, availability, kind) and showing it need. */
export const lineProductColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  available: products.available,
  productType: products.productType,
}

/** The brand's title of the product in the query (a scalar subquery, no join). */
export const lineBrandTitle = sql<string>`(select title from brands b where b.id = ${products.brandId})`
