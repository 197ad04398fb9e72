import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { products } from '../catalog/catalog.schema'
import { payments } from '../payments/payments.schema'
import type { GiftCardDetails } from '../giftcards/giftcards.schema'
import { type PostalAddress, regItems, registries, reservations } from '../registry/registry.schema'

/**
 * Stock of record, per product and option ('size=NB|color=red', '' for a product without options). An order
 * takes from it in the transaction that creates the order, with a conditional update (quantity >= n), so
 * concurrent checkouts can never take it below zero (the check holds too).
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionKey: text('option_key').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionKey] }), check('product_stock_quantity', sql`${t.quantity} >= 0`)],
)

/**
 * One order. Its id is random (a UUID), so no one can walk order numbers. A signed-in shopper's order has
 * their user id; every order has the email its receipt goes to. The client's idempotency key is unique:
 * a retried or parallel submission finds this order instead of making another; the fingerprint (a hash of
 * the lines, prices, address and total) tells a retry from a different cart under a reused key.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    buyerName: text('buyer_name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** placed: paid for by an authorisation, not yet charged; paid: charged; cancelled: never charged. */
    status: text('status', { enum: ['placed', 'paid', 'cancelled'] }).notNull(),
    /** Private: the buyer's own address, or the registry's for a gift (buyers see only city and state of that). */
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>().notNull(),
    /** A registry gift order: ships to this registry's family. */
    registryId: bigint('registry_id', { mode: 'number' }).references(() => registries.id, { onDelete: 'set null' }),
    taxState: text('tax_state').notNull(),
    /** A registry gift order's optional message to the family (also kept on the gift's reservation). */
    giftMessage: text('gift_message').notNull().default(''),
    /** When the confirmation email went out (set once, so a retried checkout never sends it twice). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The card's payment; null when gift cards and store credit paid it all (order_tenders). */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('orders_payment_key').on(t.paymentId),
    // Partial (docs/decisions/025): guests' orders are never listed by user. No index names the status, so an
    // order's placed -> paid update is a HOT one (no index entries; the table has a fillfactor below 100 for
    // room on the page, set in migration 0023); reconcile finds placed orders through their payments (h13).
    index('orders_user_idx').on(t.userId, t.createdAt).where(sql`${t.userId} is not null`),
    check('orders_totals', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + ${t.taxCents} and ${t.totalCents} > 0`),
  ],
)

/**
 * A box leaving one warehouse (docs/decisions/020 and 024). A shopper's own order gets one shipment per
 * warehouse (order id set). Registry gifts from any number of orders join the registry's one open
 * consolidated shipment per warehouse (registry id set, order id null, status held) until the family chooses
 * 'Ship now' or the arrival date nears. Which order lines are in which box: order_lines.shipment_id.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The order, for a shopper's own shipment; null for a registry's consolidated gift shipment. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The registry whose gifts this box consolidates; null for a shopper's own shipment. */
    registryId: bigint('registry_id', { mode: 'number' }).references(() => registries.id, { onDelete: 'set null' }),
    /** The spec's warehouse external id: 46, 47, 59, 49, 164 or 185. */
    warehouseId: integer('warehouse_id').notNull(),
    /** held (registry gifts waiting) → processing → shipped (carrier, tracking) → delivered; cancelled: emptied by cancellations before it shipped. */
    status: text('status', { enum: ['held', 'processing', 'shipped', 'delivered', 'cancelled'] }).notNull().default('processing'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** When a held shipment was let go, and why: the family pressed 'Ship now' (owner) or the arrival date neared (automatic). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseReason: text('release_reason', { enum: ['owner', 'automatic'] }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_order_warehouse_key').on(t.orderId, t.warehouseId),
    // One open (held) consolidated shipment per registry and warehouse: gifts from parallel orders meet in it.
    uniqueIndex('shipments_registry_held_key').on(t.registryId, t.warehouseId).where(sql`${t.status} = 'held'`),
    // Only registry gift boxes are looked up by registry (a shopper's own boxes have none: not indexed).
    index('shipments_registry_idx').on(t.registryId, t.status).where(sql`${t.registryId} is not null`),
    index('shipments_status_idx').on(t.status, t.createdAt),
    check(
      'shipments_owner',
      sql`(${t.status} <> 'shipped' or (${t.trackingNumber} is not null and ${t.shippedAt} is not null)) and (${t.status} <> 'delivered' or ${t.deliveredAt} is not null)`,
    ),
  ],
)

/** One line of an order, with the title and price as they were when it was bought. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Not a foreign key (docs/decisions/025, amendment h18): a line is written only in its order's own transaction,
     * after the order (checkout_batch(), the one-by-one path); deleting orders deletes their lines (trigger
     * order_lines_order_gone, migration 0034, as ON DELETE CASCADE did).
     */
    orderId: uuid('order_id').notNull(),
    /**
     * Null once the product is deleted from the catalog (the title and price stay). Not a foreign key
     * (docs/decisions/025, amendment h18): every checkout's check of it locked the hot product rows shared by all
     * batches; products.delete sets it null instead (trigger order_lines_product_gone, migration 0034), and a line
     * is only written while its stock row is locked, which a product's delete waits for (its stock rows cascade).
     */
    productId: integer('product_id'),
    title: text('title').notNull(),
    options: jsonb('options').$type<{ size?: string; color?: string }>().notNull().default({}),
    optionKey: text('option_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /** This line's share of the order's registry discount (shares add up to the order's discount). */
    discountCents: integer('discount_cents').notNull().default(0),
    registryId: bigint('registry_id', { mode: 'number' }).references(() => registries.id, { onDelete: 'set null' }),
    regItemId: bigint('reg_item_id', { mode: 'number' }).references(() => regItems.id, { onDelete: 'set null' }),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    warehouseId: integer('warehouse_id').notNull(),
    /** An electronic gift card line: amount and recipient (one card is issued per unit once the order is paid). */
    giftCard: jsonb('gift_card').$type<GiftCardDetails>(),
    /**
     * The box this line travels in (a line is in exactly one; a registry's consolidated box holds lines of many
     * orders, docs/decisions/024). Set when the line is written; null only once a gift returned before it left
     * has been taken out of its box (decision 023). Was the shipment_lines table (docs/decisions/025, h10).
     * Not a foreign key (h18): the box is written in the line's transaction, or is a registry's held box that
     * transaction updates (locks) first; deleting boxes sets their lines' box null (trigger order_lines_shipment_gone,
     * as ON DELETE SET NULL did).
     */
    shipmentId: bigint('shipment_id', { mode: 'number' }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_shipment_idx').on(t.shipmentId),
    check('order_lines_amounts', sql`${t.quantity} between 1 and 99 and ${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity} and ${t.discountCents} between 0 and ${t.lineTotalCents}`),
  ],
)

export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
