import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { registries } from '../registry/registry.schema'

/**
 * A baby-registry checklist category (Sleep, Feeding, … Health & Safety is id 61, spec §9). Reference
 * content, written by checklist.seed.server.ts on every start (an upsert, so edits to the text ship).
 */
export const checklistCategories = pgTable('checklist_categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  guidance: text('guidance').notNull(),
  position: integer('position').notNull(),
})

/** A suggested item: why it matters, how many, must have or nice to have, and the shop category it matches. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => checklistCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    why: text('why').notNull(),
    quantity: text('quantity').notNull(),
    priority: text('priority', { enum: ['must', 'nice'] }).notNull(),
    /**
     * A store category's url slug (not a foreign key: the demo catalogue may be reseeded). A registry item
     * whose product sits in this category or any of its descendants checks the item automatically.
     */
    shopCategorySlug: text('shop_category_slug').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('checklist_items_category_idx').on(t.categoryId, t.position)],
)

/** A suggested item the owner checked by hand on one registry (unchecking deletes the row). */
export const registryChecklistChecks = pgTable(
  'registry_checklist_checks',
  {
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => checklistItems.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registryId, t.itemId] })],
)

/** Quiz results sent by email, kept for the sending limits (per address and per client address). */
export const checklistQuizEmails = pgTable(
  'checklist_quiz_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The address, lower-cased. */
    toAddress: text('to_address').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklist_quiz_emails_to_idx').on(t.toAddress, t.createdAt), index('checklist_quiz_emails_ip_idx').on(t.clientIp, t.createdAt)],
)
