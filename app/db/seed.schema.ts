import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** One row per finished demo seed; a start with no row seeds (again, if a previous seed was interrupted). */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  products: integer('products').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
})
