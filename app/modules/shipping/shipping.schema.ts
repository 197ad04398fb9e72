import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { orderLines, orders, type shipments } from '../orders/orders.schema'
import { payments } from '../payments/payments.schema'

/**
 * A buyer's return of items from their own order, refunded to the card the order was paid with. The client's
 * idempotency key is unique, so a double submit makes one return and one refund.
 * pending: recorded, refund not yet confirmed; refunded: the processor refunded it; failed: the processor
 * refused (nothing refunded, and the quantities can be returned again).
 */
export const purchaseReturns = pgTable(
  'purchase_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'refunded', 'failed'] }).notNull(),
    /** Goods (after discount) + their tax + shipping (only when this return completes the whole order). */
    itemsCents: integer('items_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    refundCents: integer('refund_cents').notNull(),
    /**
     * The part of the refund that goes back as store credit: what the order's card did not pay (gift card or
     * store credit tenders). The rest goes back to the card.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    /** The order's card payment; null when gift cards or store credit paid the whole order. */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchase_returns_idempotency_key').on(t.idempotencyKey),
    index('purchase_returns_order_idx').on(t.orderId),
    index('purchase_returns_user_idx').on(t.userId, t.createdAt),
    // The reconcile pass's work list: returns whose refund was interrupted.
    index('purchase_returns_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('purchase_returns_amounts', sql`${t.refundCents} = ${t.itemsCents} + ${t.taxCents} + ${t.shippingCents} and ${t.refundCents} > 0`),
    check('purchase_returns_credit', sql`${t.creditCents} between 0 and ${t.refundCents}`),
  ],
)

/** One returned order line: how many of it and what they refund. */
export const purchaseReturnLines = pgTable(
  'purchase_return_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => purchaseReturns.id, { onDelete: 'cascade' }),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    itemsCents: integer('items_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
  },
  (t) => [index('purchase_return_lines_line_idx').on(t.orderLineId), check('purchase_return_lines_quantity', sql`${t.quantity} between 1 and 99`)],
)

export type ShipmentRow = typeof shipments.$inferSelect
export type PurchaseReturnRow = typeof purchaseReturns.$inferSelect
