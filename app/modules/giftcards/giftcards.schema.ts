import { sql } from 'drizzle-orm'
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { orderLines, orders } from '../orders/orders.schema'
import { registries } from '../registry/registry.schema'
import { creditReasons, type CreditReason, giftReturnStatuses } from './giftcards.validation'

/** What a gift card line carries from the cart to the order (the line's price is the amount). */
export type GiftCardDetails = { amountCents: number; recipientName: string; recipientEmail: string; senderName: string; message: string }

/**
 * An electronic gift card, issued once per unit of a paid order line. Only the SHA-256 of the normalised code
 * is kept (the code reaches the recipient by email and nowhere else), with its last four for display. The
 * balance can only go down, never below zero (check), by a conditional update inside the spending transaction.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    /** 0..quantity-1: with the line, makes issuing idempotent (a retried capture finds the card already there). */
    unitIndex: integer('unit_index').notNull(),
    purchaserUserId: bigint('purchaser_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    /** active: has a balance; used_up: spent at checkout; redeemed: moved into an account's store credit. */
    status: text('status', { enum: ['active', 'used_up', 'redeemed'] }).notNull().default('active'),
    redeemedByUserId: bigint('redeemed_by_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Set by whoever is delivering the email; a delivery left unfinished (crash) is retried with a new code. */
    deliveryClaimedAt: timestamp('delivery_claimed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.codeHash),
    uniqueIndex('gift_cards_line_unit_key').on(t.orderLineId, t.unitIndex),
    index('gift_cards_purchaser_idx').on(t.purchaserUserId, t.createdAt),
    check('gift_cards_balance', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
  ],
)

/** Every movement of a gift card's balance (negative: spent or moved to store credit). */
export const giftCardUses = pgTable(
  'gift_card_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['order_payment', 'redeemed_to_credit', 'order_refund'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_card_uses_card_idx').on(t.giftCardId, t.createdAt)],
)

/** The account's store credit balance: the sum of its entries, held here under a check so it never goes below zero. */
export const userCreditBalances = pgTable(
  'user_credit_balances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_credit_balances_nonnegative', sql`${t.balanceCents} >= 0`)],
)

export { creditReasons, type CreditReason }

/** The store credit ledger: signed amounts with why and what they refer to. */
export const userCreditEntries = pgTable(
  'user_credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: creditReasons }).notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    giftReturnId: uuid('gift_return_id'),
    /** A few words for the history ('Gift returned: Cloud Stroller'). */
    note: text('note').notNull().default(''),
    /** The staff member who granted a promotion (staff tools); null for everything else. */
    grantedByUserId: bigint('granted_by_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** A staff grant form's key: a double submit grants once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_credit_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_credit_entries_idempotency_key').on(t.idempotencyKey),
    index('user_credit_entries_granted_idx').on(t.createdAt).where(sql`${t.grantedByUserId} is not null`),
    check('user_credit_entries_amount', sql`${t.amountCents} <> 0 and ${t.balanceAfterCents} >= 0`),
  ],
)

/**
 * How an order was paid besides the card: a gift card or store credit, with the amount. The card pays
 * total − these (orders.payment_id, none when these cover everything).
 */
export const orderTenders = pgTable(
  'order_tenders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['gift_card', 'store_credit'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    giftCardLast4: text('gift_card_last4'),
  },
  (t) => [index('order_tenders_order_idx').on(t.orderId), check('order_tenders_amount', sql`${t.amountCents} > 0`)],
)

/** Failed code entries (redeem form, API and checkout), for the hourly limit per account and per address. */
export const giftCardRedeemAttempts = pgTable(
  'gift_card_redeem_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'user:12', 'guest:…' (hash of the guest cart token) */
    actor: text('actor').notNull(),
    ip: text('ip').notNull().default(''),
    succeeded: boolean('succeeded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_card_redeem_attempts_actor_idx').on(t.actor, t.createdAt), index('gift_card_redeem_attempts_ip_idx').on(t.ip, t.createdAt)],
)

/**
 * A registry gift returned for store credit by its family (owner or collaborator). The credit is what the
 * giver paid for those units (line total minus its discount share, pro rata); the giver is never told.
 */
export const giftReturns = pgTable(
  'gift_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    /** Who asked for the return and got the credit. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    creditCents: integer('credit_cents').notNull(),
    /**
     * restocked: it had not left the warehouse, so it went straight back to stock (credit at once);
     * awaiting_return_shipment: it was shipped, so the family sends it back with its return code (credit on
     * receipt); received: staff received it at the returns warehouse (credit given then).
     */
    status: text('status', { enum: giftReturnStatuses }).notNull(),
    /** The return authorisation the family writes on the box ('RG-XXXX-XXXX'); only for shipped gifts. */
    returnCode: text('return_code'),
    /** When the credit was given: at once for a gift that never left, on receipt for a shipped one. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedByUserId: bigint('received_by_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Staff's choice on receipt: resellable (back in stock) or not (damaged, used). */
    restockedOnReceipt: boolean('restocked_on_receipt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_returns_line_idx').on(t.orderLineId),
    index('gift_returns_registry_idx').on(t.registryId, t.createdAt),
    uniqueIndex('gift_returns_return_code_key').on(t.returnCode),
    index('gift_returns_awaiting_idx').on(t.createdAt).where(sql`${t.status} = 'awaiting_return_shipment'`),
    check('gift_returns_amounts', sql`${t.quantity} >= 1 and ${t.creditCents} >= 0`),
  ],
)

export type GiftCardRow = typeof giftCards.$inferSelect

/**
 * Staff sending a gift card a new code (docs/decisions/023, amendment h15): the old code stops working at once,
 * the balance stays on the card, and the recipient (at a corrected address, when staff fixed a typo) is emailed
 * the new code. Keyed, so a double submit sends one code.
 */
export const giftCardExchanges = pgTable(
  'gift_card_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    staffUserId: bigint('staff_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    oldLast4: text('old_last4').notNull(),
    newLast4: text('new_last4').notNull(),
    recipientEmailBefore: text('recipient_email_before').notNull(),
    recipientEmailAfter: text('recipient_email_after').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gift_card_exchanges_key').on(t.idempotencyKey), index('gift_card_exchanges_card_idx').on(t.giftCardId, t.createdAt)],
)
