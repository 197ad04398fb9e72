import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog.schema'

/** A shopper's review of a product, shown on the product page (newest first). */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 1 to 5 stars. */
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A first name and initial, as the reviewer chose to be shown. */
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('product_reviews_product_created_idx').on(t.productId, t.createdAt.desc())],
)
