import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { giftCards } from '../giftcards/giftcards.schema'
import { payments } from '../payments/payments.schema'
import { orderLines, orders } from './orders.schema'

/**
 * A buyer's cancellation of order lines (or part of their quantity) that have not shipped yet
 * (docs/decisions/024, amendment h13). The client's idempotency key is unique, so a retried cancel makes one
 * cancellation and one refund. The stock, the box and the registry's reservation change in the transaction that
 * writes this row; the gift card and store credit parts are given back there too. The card part is refunded
 * after commit under the key `order-cancellation:{id}` (payments.refundOnce).
 * pending: the card refund is not confirmed yet (reconcile asks again); refunded: done; credited: the processor
 * refused the card refund, so the card part went to the buyer's store credit instead.
 */
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'refunded', 'credited'] }).notNull(),
    /** Goods (after their discount share) + their tax share + shipping (only when nothing of the order is left). */
    itemsCents: integer('items_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    refundCents: integer('refund_cents').notNull(),
    /** Where the refund goes: the order's card, its gift card, the buyer's store credit (adds up to refund_cents). */
    cardCents: integer('card_cents').notNull(),
    giftCardCents: integer('gift_card_cents').notNull(),
    creditCents: integer('credit_cents').notNull(),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_cancellations_idempotency_key').on(t.idempotencyKey),
    index('order_cancellations_order_idx').on(t.orderId),
    // The reconcile pass's work list: cancellations whose card refund was interrupted.
    index('order_cancellations_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check(
      'order_cancellations_amounts',
      sql`${t.refundCents} = ${t.itemsCents} + ${t.taxCents} + ${t.shippingCents} and ${t.refundCents} = ${t.cardCents} + ${t.giftCardCents} + ${t.creditCents} and ${t.cardCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.creditCents} >= 0`,
    ),
  ],
)

/** One cancelled order line: how many of it and what they refund. */
export const orderCancellationLines = pgTable(
  'order_cancellation_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cancellationId: uuid('cancellation_id')
      .notNull()
      .references(() => orderCancellations.id, { onDelete: 'cascade' }),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    itemsCents: integer('items_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
  },
  (t) => [index('order_cancellation_lines_line_idx').on(t.orderLineId), check('order_cancellation_lines_quantity', sql`${t.quantity} between 1 and 99`)],
)
