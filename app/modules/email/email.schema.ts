import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every email the product sends. Without SMTP_URL messages stay here with status 'kept' and the staff read
 * them at /admin/emails, so a fresh install can still reset a password; with SMTP they are 'sent' or 'failed'.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    /** The account it was for, when there is one (for opt-outs and the staff view). */
    userId: bigint('user_id', { mode: 'number' }),
    category: text('category').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['kept', 'sent', 'failed', 'skipped'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt), index('email_outbox_to_idx').on(t.toAddress, t.createdAt)],
)

export type EmailOutboxRow = typeof emailOutbox.$inferSelect
