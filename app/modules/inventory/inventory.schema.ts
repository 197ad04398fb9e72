import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { products } from '../catalog/catalog.schema'

/**
 * 'Notify me when available' on a sold-out product (or one sold-out option of it). One row per email,
 * product and option ('' for any option); `notifiedAt` is set when the one 'Back in stock' email went out,
 * and cleared if the same person asks again later.
 */
export const productAvailabilitySubscriptions = pgTable(
  'product_availability_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower-cased; a signed-in shopper's account email. */
    email: text('email').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<{ size?: string; color?: string }>().notNull().default({}),
    /** The cart's option key ('size=NB|color=red'); '' when any option in stock will do. */
    optionKey: text('option_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_availability_subscriptions_key').on(t.productId, t.email, t.optionKey),
    index('product_availability_subscriptions_waiting_idx').on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
)
