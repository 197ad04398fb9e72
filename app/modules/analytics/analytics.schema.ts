import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One analytics event (spec §7 'Analytics events'), as the tracking module sent it. Append-only; the
 * staff count events by name over a time range, hence the (name, created_at) index.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** The event's own fields, validated against its schema before storing. */
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    /** The browser's random analytics id (not a user id). */
    anonymousId: text('anonymous_id').notNull(),
    /** The page path the event happened on. */
    path: text('path').notNull(),
    /** When the server stored it (the client's clock is not trusted for counting). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
  ],
)

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect
