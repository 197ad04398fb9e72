import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import type { PostalAddress } from '../registry/registry.schema'
import { orders } from './orders.schema'

/**
 * A buyer's change of where their order ships, made before anything of it shipped (docs/decisions/031). The order's
 * own `shipping_address` (and `tax_state`) change in the same transaction; this row keeps what it was and what it
 * became, who changed it and when, so staff (/bl_admin/orders/{id}) see that the box goes somewhere new.
 */
export const orderAddressChanges = pgTable(
  'order_address_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The buyer who changed it (null once their account is deleted). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    previousAddress: jsonb('previous_address').$type<PostalAddress>().notNull(),
    newAddress: jsonb('new_address').$type<PostalAddress>().notNull(),
    /** Where the change came from: the order page or the JSON API. */
    source: text('source', { enum: ['page', 'api'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_address_changes_order_idx').on(t.orderId, t.createdAt)],
)

export type OrderAddressChangeRow = typeof orderAddressChanges.$inferSelect
