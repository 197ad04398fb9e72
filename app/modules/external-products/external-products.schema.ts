import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { regItems } from '../registry/registry.schema'

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * Pictures of items from other stores, fetched through the guard, re-encoded by us (WebP, at most 600 px)
 * and served from /images/external/{id}.webp: never hot-linked. Kept in PostgreSQL so any app process
 * can serve them. The id is random: owners' previews are not guessable.
 */
export const externalImages = pgTable(
  'external_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who fetched it (the preview); an owner can only attach their own pictures to an item. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull().default('image/webp'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Where we fetched it from (for the record; never served or linked). */
    sourceUrl: text('source_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an item first used it; previews that were never saved are deleted after a day. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [index('external_images_unattached_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`), index('external_images_user_idx').on(t.userId, t.createdAt), check('external_images_size', sql`octet_length(${t.bytes}) <= 2097152`)],
)

/** A further place to buy a registry item (the item's own store or our shop is the first). */
export const regItemOffers = pgTable(
  'reg_item_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    regItemId: bigint('reg_item_id', { mode: 'number' })
      .notNull()
      .references(() => regItems.id, { onDelete: 'cascade' }),
    storeName: text('store_name').notNull(),
    url: text('url').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reg_item_offers_item_idx').on(t.regItemId, t.id), check('reg_item_offers_price', sql`${t.priceCents} between 0 and 10000000`)],
)

export type ExternalImageRow = typeof externalImages.$inferSelect
export type RegItemOfferRow = typeof regItemOffers.$inferSelect
