import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import type { PostalAddress } from '../registry/registry.schema'
import { registries } from '../registry/registry.schema'

/**
 * Printed shower-invitation insert cards for a registry. Until checkout exists, each registry gets one free
 * order with free shipping (the unique index keeps it to one, whatever runs at the same moment). What the card
 * says and where it ships are copied at ordering time, so later edits do not change an order being printed.
 */
export const insertCardOrders = pgTable(
  'insert_card_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    orderedBy: bigint('ordered_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    /** Integer cents; 0 for the free first order. */
    priceCents: integer('price_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    shipTo: jsonb('ship_to').$type<PostalAddress>().notNull(),
    cardFamilyName: text('card_family_name').notNull(),
    cardTitle: text('card_title').notNull(),
    cardUrl: text('card_url').notNull(),
    /** ordered → printed → shipped, advanced by staff at /admin/insert-cards. */
    status: text('status', { enum: ['ordered', 'printed', 'shipped'] }).notNull().default('ordered'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('insert_card_orders_free_key').on(t.registryId).where(sql`${t.priceCents} = 0`),
    index('insert_card_orders_registry_idx').on(t.registryId, t.createdAt),
    index('insert_card_orders_status_idx').on(t.status, t.createdAt),
    check('insert_card_orders_quantity', sql`${t.quantity} in (10, 20, 30, 40, 50, 75, 100)`),
  ],
)

export type InsertCardOrderRow = typeof insertCardOrders.$inferSelect
