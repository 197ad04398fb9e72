import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'

/**
 * A shopper's saved card (docs/decisions/026): the card processor's opaque token and what the shopper needs to
 * recognise the card. Never the number or the security code: the processor keeps the card, we keep its token.
 * One default per shopper; the same card (brand, last four, expiry) is saved once.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The processor's token for the card ('pm_test_…'), only usable with this shopper's customer reference. */
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_payment_methods_token').on(t.token),
    uniqueIndex('saved_payment_methods_same_card').on(t.userId, t.brand, t.last4, t.expMonth, t.expYear),
    uniqueIndex('saved_payment_methods_one_default').on(t.userId).where(sql`${t.isDefault}`),
    check('saved_payment_methods_card', sql`${t.last4} ~ '^[0-9]{4}$' and ${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2100`),
  ],
)

/**
 * The built-in test processor's vault, as a card processor keeps it on its side: a token, the customer it
 * belongs to, and what the card will answer. A real processor's vault holds the card number; the test
 * processor only needs the test card's behaviour, so no number is kept here either.
 */
export const testProcessorPaymentMethods = pgTable(
  'test_processor_payment_methods',
  {
    id: text('id').primaryKey(),
    customer: text('customer').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** What authorising this card answers: null succeeds, else the test card's decline code. */
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the merchant removed the card: it can no longer be charged. */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (t) => [index('test_processor_payment_methods_customer_idx').on(t.customer)],
)

export type SavedPaymentMethodRow = typeof savedPaymentMethods.$inferSelect
