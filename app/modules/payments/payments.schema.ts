import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * One payment: a card authorised for an amount, then captured (charged), refunded in part or whole, or voided.
 * The caller's idempotency key is unique, so a retried request finds the payment it already made instead of
 * charging again. Only the card's brand and last four digits are kept, never the number.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What it pays for ('order', 'gift_card', …) and that thing's id, set by the caller. */
    purpose: text('purpose').notNull(),
    purposeId: text('purpose_id'),
    provider: text('provider').notNull(),
    /** The processor's id for the authorisation; null until the processor answered. */
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** pending: asked the processor, no answer recorded yet (a crash in between is settled by reconcile()). */
    status: text('status', { enum: ['pending', 'authorized', 'captured', 'declined', 'voided', 'refunded', 'partially_refunded'] }).notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    declineCode: text('decline_code'),
    declineMessage: text('decline_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    // Partial indexes (docs/decisions/025): a checkout's payment (no purpose id) enters neither once captured,
    // so each of its status changes writes two index entries fewer. Reconcile looks for pending and authorised ones.
    index('payments_purpose_idx').on(t.purpose, t.purposeId).where(sql`${t.purposeId} is not null`),
    index('payments_unsettled_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'authorized')`),
    check('payments_amounts', sql`${t.amountCents} > 0 and ${t.capturedCents} between 0 and ${t.amountCents} and ${t.refundedCents} between 0 and ${t.capturedCents}`),
  ],
)

/** Every call to the processor and its outcome, kept for support and audits. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['authorize', 'capture', 'refund', 'void'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    outcome: text('outcome', { enum: ['succeeded', 'declined', 'failed'] }).notNull(),
    code: text('code'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_attempts_payment_idx').on(t.paymentId, t.createdAt)],
)

/**
 * Refunds asked with an idempotency key (a purchase return's refund): the amount is reserved on the payment
 * with the row, and the processor is asked with the same key, so a retry after a crash or a timeout finishes
 * the same refund and never makes a second one. pending: reserved, the processor's answer not yet recorded.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_refunds_idempotency_key').on(t.idempotencyKey), index('payment_refunds_payment_idx').on(t.paymentId), check('payment_refunds_amount', sql`${t.amountCents} > 0`)],
)

/**
 * The built-in test processor's own books, as a card processor keeps them on its side: charges by the
 * idempotency key it was given, so asking twice (a retry, or reconcile after a crash) answers the same.
 * Fillfactor 70 (drizzle/0033; docs/decisions/025, h16): a charge's capture finds room on its page (a HOT update).
 */
export const testProcessorCharges = pgTable(
  'test_processor_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['authorized', 'captured', 'declined', 'voided'] }).notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_processor_charges_key').on(t.idempotencyKey)],
)

export type PaymentRow = typeof payments.$inferSelect

/** The test processor's refunds by the key they were asked with: the same key answers the same, refunding once. */
export const testProcessorRefunds = pgTable(
  'test_processor_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    chargeId: text('charge_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
)
