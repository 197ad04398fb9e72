import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { products } from '../catalog/catalog.schema'

/** A postal address kept with a registry (gift shipping) or a reservation (thank-you notes). Owner-only. */
export type PostalAddress = { name: string; line1: string; line2: string; city: string; state: string; zip: string }

/**
 * A registry. Its id is random (12 digits), because guests hold it in links (/list/{id}, /reg/{id}):
 * no one can walk the sequence to find other families' registries.
 */
export const registries = pgTable(
  'registries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registryType: text('registry_type', { enum: ['baby', 'birthday', 'holiday'] }).notNull(),
    title: text('title').notNull(),
    /** /{slug}: lower-case letters, digits and dashes; unique. */
    slug: text('slug').notNull(),
    /** The names the family shows guests ('Maya & Leo Rivera'). */
    familyName: text('family_name').notNull(),
    welcomeNote: text('welcome_note').notNull().default(''),
    arrivalDate: date('arrival_date'),
    isArrivalDateKnown: boolean('is_arrival_date_known').notNull().default(true),
    planningStage: text('planning_stage', { enum: ['pregnant', 'adopting', 'surrogate', 'fostering', 'conceiving'] }),
    expecting: text('expecting', { enum: ['girl', 'boy', 'unknown', 'notFindingOut'] }),
    showerDate: date('shower_date'),
    guestCount: text('guest_count'),
    guestTypes: jsonb('guest_types').$type<string[]>().notNull().default([]),
    /** nestlist (findable on Nestlist), private (link only), google (the spec's 'public'). */
    searchLevel: text('search_level', { enum: ['nestlist', 'private', 'google'] }).notNull().default('nestlist'),
    /** Where gifts ship; never shown to guests (they see city and state only). */
    shippingAddress: jsonb('shipping_address').$type<PostalAddress | null>(),
    /** Keep it a surprise: the owner does not see who reserved or bought what, until the reveal date. */
    surprise: boolean('surprise').notNull().default(false),
    surpriseRevealDate: date('surprise_reveal_date'),
    /**
     * Show the gift shipping address to a giver who reserved a gift or marked one bought elsewhere: to that
     * giver only, on their confirmation and in their email, never on the public page. Off by default.
     */
    shareAddressWithGivers: boolean('share_address_with_givers').notNull().default(false),
    /** How gifts from other stores reach the family when the address is not shared (e.g. 'Bring it to the shower'). */
    giftDeliveryNote: text('gift_delivery_note').notNull().default(''),
    /** When the owner first sent invitations (the 'share your registry' goal; a guest's gift counts too). */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registries_slug_key').on(t.slug),
    index('registries_owner_idx').on(t.ownerId),
    // /find: by family name or title, for findable registries only
    index('registries_find_trgm_idx').using('gin', sql`(lower(${t.familyName} || ' ' || ${t.title})) gin_trgm_ops`),
  ],
)

/** A registry's own categories, in the owner's order. The default one cannot be renamed or deleted. */
export const registryCategories = pgTable(
  'registry_categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    /** The spec's uneditable category (id 1): items land here by default; it cannot be renamed or deleted. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('registry_categories_registry_idx').on(t.registryId, t.position)],
)

/**
 * One wish on a registry. Quantities are guarded in the database: reserved + purchased never exceeds
 * needed, and none goes below zero, whatever the order of concurrent requests.
 */
export const regItems = pgTable(
  'reg_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => registryCategories.id),
    /**
     * A product from our shop, or null for an item from another store. If the shop drops the product the
     * wish stays on the registry (title, image and price are kept here) without the link.
     */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    /** For items from other stores: where to buy. */
    externalUrl: text('external_url'),
    storeName: text('store_name').notNull().default('Nestlist'),
    /** Price when added, in cents. */
    priceCents: integer('price_cents').notNull(),
    quantityNeeded: integer('quantity_needed').notNull(),
    quantityReserved: integer('quantity_reserved').notNull().default(0),
    quantityPurchased: integer('quantity_purchased').notNull().default(0),
    note: text('note').notNull().default(''),
    mostWanted: boolean('most_wanted').notNull().default(false),
    /**
     * A group gift (docs/decisions/030, h12): guests chip in towards price × quantity + the buffer instead of
     * reserving or buying it whole. Set only while nobody has reserved or bought it.
     */
    groupGift: boolean('group_gift').notNull().default(false),
    /**
     * The group gift's goal in cents, fixed when the first guest chips in (decision 030, h13); null while nobody
     * has: the goal then follows price × quantity needed + the buffer.
     */
    groupGiftGoalCents: integer('group_gift_goal_cents'),
    /** Chosen options (size, colour) when the product has them. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by the owner: hidden from guests; its reservations are kept and shown to the owner. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('reg_items_registry_idx').on(t.registryId, t.categoryId, t.position),
    check('reg_items_quantities', sql`${t.quantityNeeded} between 1 and 99 and ${t.quantityReserved} >= 0 and ${t.quantityPurchased} >= 0 and ${t.quantityReserved} + ${t.quantityPurchased} <= ${t.quantityNeeded}`),
  ],
)

/**
 * A gift promised or given. The id is a random UUID, because the giver holds it in links
 * (/reservations/{id}, /reservation/unreserve/{id}).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regItemId: bigint('reg_item_id', { mode: 'number' })
      .notNull()
      .references(() => regItems.id, { onDelete: 'cascade' }),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** reserved (promised), purchased (bought), cancelled (unreserved). */
    status: text('status', { enum: ['reserved', 'purchased', 'cancelled'] }).notNull(),
    /** reserved here, bought elsewhere, or bought on Nestlist (the checkout issue). */
    source: text('source', { enum: ['reserved', 'bought_elsewhere', 'nestlist_order'] }).notNull(),
    giverName: text('giver_name').notNull(),
    giverEmail: text('giver_email').notNull(),
    giverUserId: bigint('giver_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    giftMessage: text('gift_message').notNull().default(''),
    thankYouAddress: jsonb('thank_you_address').$type<PostalAddress | null>(),
    thankYouSent: boolean('thank_you_sent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the giver was last asked whether they bought a gift they reserved (docs/decisions/013, amendment h15). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** A held gift not bought by then is given back (the expiry rule in registry.constants.ts); null: it does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Why it was cancelled: the giver gave it back, it expired, staff released it, or the family removed the item. */
    cancelReason: text('cancel_reason', { enum: ['giver', 'expired', 'staff', 'item_removed'] }),
    /** The family ticked 'Received' in the gift tracker. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** When the family last asked the giver, by email, for a thank-you address. */
    addressRequestedAt: timestamp('address_requested_at', { withTimezone: true }),
  },
  (t) => [
    index('reservations_registry_idx').on(t.registryId, t.createdAt),
    // The reminder sweep reads only reservations still held and never reminded, oldest first.
    index('reservations_reminder_due_idx').on(t.createdAt).where(sql`${t.status} = 'reserved' and ${t.remindedAt} is null`),
    // The expiry sweep reads only held gifts with an expiry, soonest first.
    index('reservations_expiry_due_idx').on(t.expiresAt).where(sql`${t.status} = 'reserved' and ${t.expiresAt} is not null`),
    index('reservations_item_idx').on(t.regItemId),
    index('reservations_giver_user_idx').on(t.giverUserId),
    index('reservations_giver_email_idx').on(t.giverEmail),
    check('reservations_quantity', sql`${t.quantity} between 1 and 99`),
  ],
)

/**
 * When each owner or collaborator last opened the registry's home, and the visit before that: the home's
 * 'New since your last visit' lists the gifts after `previousSeenAt`.
 */
export const registryVisits = pgTable(
  'registry_visits',
  {
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.registryId, t.userId] })],
)

export type RegistryRow = typeof registries.$inferSelect
export type RegItemRow = typeof regItems.$inferSelect
export type ReservationRow = typeof reservations.$inferSelect
export type RegistryCategoryRow = typeof registryCategories.$inferSelect
