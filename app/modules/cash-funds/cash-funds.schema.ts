import { sql } from 'drizzle-orm'
import { type AnyPgColumn, bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { products } from '../catalog/catalog.schema'
import { orders } from '../orders/orders.schema'
import { payments } from '../payments/payments.schema'
import { type PostalAddress, regItems, registries } from '../registry/registry.schema'

/**
 * A cash fund on a registry (docs/decisions/030): friends and family give money towards it. Started from one
 * of the catalogue's cash-fund products (or from scratch) and named by the family, with an optional goal.
 */
export const cashFunds = pgTable(
  'cash_funds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    /** The catalogue's cash-fund product it was started from (its picture); null if the shop drops it. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    /** What the family hopes to raise, in cents; null: no goal (guests see the amount raised only). */
    goalCents: integer('goal_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken off the registry by the family: hidden from guests; its contributions are kept. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('cash_funds_registry_idx').on(t.registryId, t.createdAt), check('cash_funds_goal', sql`${t.goalCents} is null or ${t.goalCents} between 100 and 10000000`)],
)

/**
 * One guest's gift of money to a cash fund, or a chip-in towards a group gift (a registry item marked as one:
 * exactly one of cash_fund_id and reg_item_id is set). pending: the card is authorised (held) but not yet charged;
 * confirmed: charged; cancelled: the hold was released, or (staff) the charge refunded. Only confirmed
 * contributions count towards the fund's total. The id is a random UUID (it is named in links and the API).
 */
export const cashFundContributions = pgTable(
  'cash_fund_contributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cashFundId: bigint('cash_fund_id', { mode: 'number' }).references(() => cashFunds.id, { onDelete: 'cascade' }),
    /** The group gift (registry item) chipped in to; null for a cash fund gift. */
    regItemId: bigint('reg_item_id', { mode: 'number' }).references(() => regItems.id, { onDelete: 'cascade' }),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled'] }).notNull(),
    giverName: text('giver_name').notNull(),
    giverEmail: text('giver_email').notNull(),
    giverUserId: bigint('giver_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    /** The giver's request key: a retried request finds this contribution instead of making a second. */
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Where the family may send a thank-you note (the giver's choice); shown to the owner and collaborators only. */
    thankYouAddress: jsonb('thank_you_address').$type<PostalAddress | null>(),
    thankYouSent: boolean('thank_you_sent').notNull().default(false),
    /** When the family last asked the giver, by email, for a thank-you address. */
    addressRequestedAt: timestamp('address_requested_at', { withTimezone: true }),
    /**
     * How the money reached the family when it was confirmed (their preference then): store_credit (given to
     * the owner's store credit at once) or bank_transfer (sent by Nestlist's payouts team). Null until confirmed,
     * and always null for a group gift chip-in: that money stays in the group gift's fund until it is redeemed.
     */
    payout: text('payout', { enum: ['store_credit', 'bank_transfer'] }),
    /**
     * The bank transfer staff sent for this gift (decision 030, h14): set once, by the conditional update that
     * records the payout, so a gift is paid out at most once. Null while it is owed (payout 'bank_transfer').
     */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cash_fund_contributions_key').on(t.idempotencyKey),
    // What /admin/payouts lists: confirmed bank-transfer gifts not sent yet.
    index('cash_fund_contributions_owed_idx')
      .on(t.registryId, t.confirmedAt)
      .where(sql`${t.payout} = 'bank_transfer' and ${t.status} = 'confirmed' and ${t.payoutId} is null`),
    index('cash_fund_contributions_payout_idx').on(t.payoutId),
    index('cash_fund_contributions_fund_idx').on(t.cashFundId, t.status),
    index('cash_fund_contributions_item_idx').on(t.regItemId, t.status),
    check('cash_fund_contributions_target', sql`(${t.cashFundId} is null) <> (${t.regItemId} is null)`),
    index('cash_fund_contributions_registry_idx').on(t.registryId, t.createdAt),
    check('cash_fund_contributions_amount', sql`${t.amountCents} between 100 and 500000`),
  ],
)

/**
 * How a registry's family wants to receive cash fund money: Nestlist store credit, or a transfer to a bank
 * account of which only the holder's name and the last 4 digits are kept (never the full number).
 */
export const cashFundPreferences = pgTable(
  'cash_fund_preferences',
  {
    registryId: bigint('registry_id', { mode: 'number' })
      .primaryKey()
      .references(() => registries.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['store_credit', 'bank_transfer'] }).notNull(),
    accountHolder: text('account_holder'),
    accountLast4: text('account_last4'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'cash_fund_preferences_bank',
      sql`(${t.method} = 'store_credit' and ${t.accountLast4} is null) or (${t.method} = 'bank_transfer' and ${t.accountLast4} ~ '^[0-9]{4}$' and ${t.accountHolder} is not null)`,
    ),
  ],
)

/**
 * A group gift's fund paid out to the family, once per item (the unique reg_item_id makes a second request
 * answer the first): store_credit (added to the owner's store credit) or bank_transfer (recorded for the
 * payouts team), per the registry's cash fund preferences when it was redeemed.
 */
export const groupGiftRedemptions = pgTable(
  'group_gift_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regItemId: bigint('reg_item_id', { mode: 'number' })
      .notNull()
      .references(() => regItems.id, { onDelete: 'cascade' }),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['store_credit', 'bank_transfer'] }).notNull(),
    /** 'payout': paid out the cash fund way; 'order': turned into store credit to order the item at Nestlist. */
    use: text('use', { enum: ['payout', 'order'] }).notNull().default('payout'),
    /** The confirmed chip-ins paid out, in cents. */
    amountCents: integer('amount_cents').notNull(),
    redeemedBy: bigint('redeemed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The store order placed with the fund after "Order it" (decision 030, h13): written once, by id, after checkout places it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The bank transfer staff sent for a bank_transfer redemption (h14): set once; null while owed. */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_gift_redemptions_item_key').on(t.regItemId),
    index('group_gift_redemptions_registry_idx').on(t.registryId),
    index('group_gift_redemptions_payout_idx').on(t.payoutId),
    index('group_gift_redemptions_owed_idx')
      .on(t.registryId, t.createdAt)
      .where(sql`${t.method} = 'bank_transfer' and ${t.payoutId} is null`),
    check('group_gift_redemptions_amount', sql`${t.amountCents} > 0`),
    check('group_gift_redemptions_paid_bank', sql`${t.payoutId} is null or ${t.method} = 'bank_transfer'`),
  ],
)

/**
 * One bank transfer Nestlist's payouts team sent to a registry's family (decision 030, h14), covering the owed
 * bank-transfer gifts and group gift redemptions that point at it (their payout_id). The amount is their sum,
 * computed by the server in the transaction that claims them; the account is the family's as it was then.
 * The registry link is kept loose (set null) because a payout is Nestlist's record of money sent, which
 * outlives a registry its family deletes.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registryId: bigint('registry_id', { mode: 'number' }).references(() => registries.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    itemCount: integer('item_count').notNull(),
    accountHolder: text('account_holder').notNull(),
    accountLast4: text('account_last4').notNull(),
    /** The transfer's reference as the bank gave it to staff (3 to 64 characters). */
    reference: text('reference').notNull(),
    sentBy: bigint('sent_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same reference twice for one registry is a repeated submit: it answers the first payout.
    uniqueIndex('payouts_registry_reference_key').on(t.registryId, t.reference),
    index('payouts_sent_at_idx').on(t.sentAt),
    check('payouts_amount', sql`${t.amountCents} > 0 and ${t.itemCount} > 0`),
    check('payouts_last4', sql`${t.accountLast4} ~ '^[0-9]{4}$'`),
    check('payouts_reference', sql`char_length(${t.reference}) between 3 and 64`),
  ],
)

export type CashFundRow = typeof cashFunds.$inferSelect
export type CashFundContributionRow = typeof cashFundContributions.$inferSelect
export type CashFundPreferencesRow = typeof cashFundPreferences.$inferSelect
export type GroupGiftRedemptionRow = typeof groupGiftRedemptions.$inferSelect
export type PayoutRow = typeof payouts.$inferSelect
