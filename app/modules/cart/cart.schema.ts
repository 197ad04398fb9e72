import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { products } from '../catalog/catalog.schema'
import type { GiftCardDetails } from '../giftcards/giftcards.schema'
import { regItems, registries, reservations } from '../registry/registry.schema'

/**
 * A shopping cart: a signed-in shopper's (one per account) or a guest's, found by the hash of a random token
 * kept in the guest's cookie. Signing in merges the guest's cart into the account's.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the guest's cookie token (base64url); null for an account's cart. */
    guestTokenHash: text('guest_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_key').on(t.userId),
    uniqueIndex('carts_guest_key').on(t.guestTokenHash),
    check('carts_owner', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
  ],
)

/** One line: a product with its chosen options, for the shopper or as a gift for a registry item. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    options: jsonb('options').$type<{ size?: string; color?: string }>().notNull().default({}),
    /** 'size=NB|color=red': the options in a form a unique index can hold. */
    optionKey: text('option_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** A gift for this registry item ('Buy from Nestlist' on a guest view): ships to the family. */
    registryId: bigint('registry_id', { mode: 'number' }).references(() => registries.id, { onDelete: 'cascade' }),
    regItemId: bigint('reg_item_id', { mode: 'number' }).references(() => regItems.id, { onDelete: 'cascade' }),
    /** An electronic gift card line: the chosen amount (the line's unit price) and who it is for. */
    giftCard: jsonb('gift_card').$type<GiftCardDetails>(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.cartId, t.productId, t.optionKey, sql`coalesce(${t.regItemId}, 0)`),
    index('cart_items_cart_idx').on(t.cartId, t.addedAt),
    check('cart_items_quantity', sql`${t.quantity} between 1 and 99`),
  ],
)

/**
 * A line of a giver's Amazon cart (cart type amazonCart, docs/decisions/032-amazon-cart.md): a registry item sold
 * on Amazon, held for the giver by one reservation. The reservation is the truth for the quantity and for
 * whether it is still held, bought or given back; the line adds the ASIN and when it was sent to Amazon.
 */
export const amazonCartItems = pgTable(
  'amazon_cart_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    regItemId: bigint('reg_item_id', { mode: 'number' })
      .notNull()
      .references(() => regItems.id, { onDelete: 'cascade' }),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    asin: text('asin').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the giver last pressed 'Check out on Amazon' with this line in the cart ('Did you buy these?' follows). */
    sentToAmazonAt: timestamp('sent_to_amazon_at', { withTimezone: true }),
    /** When the giver said they bought it (the reservation is then purchased). */
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('amazon_cart_items_reservation_key').on(t.reservationId),
    index('amazon_cart_items_cart_idx').on(t.cartId, t.addedAt),
    // Deleting an item or a registry cascades here.
    index('amazon_cart_items_item_idx').on(t.regItemId),
    index('amazon_cart_items_registry_idx').on(t.registryId),
    check('amazon_cart_items_asin', sql`${t.asin} ~ '^[A-Z0-9]{10}$'`),
  ],
)

export type AmazonCartItemRow = typeof amazonCartItems.$inferSelect
