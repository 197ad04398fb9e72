import { and, count, desc, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { AnalyticsEventName } from './analytics.events'
import { analyticsEvents } from './analytics.schema'
import { type EventBatchInput, eventBatchInput, validateEvents } from './analytics.validation'

export function createAnalyticsService({ db }: { db: Db }) {
  return {
    /** Validates a batch from the tracking module and stores its events; all or nothing. Returns how many were stored. */
    async record(input: EventBatchInput | unknown): Promise<{ accepted: number }> {
      const parsed = eventBatchInput.safeParse(input)
      if (!parsed.success) {
        const fields: Record<string, string[]> = {}
        for (const issue of parsed.error.issues) (fields[issue.path.join('.') || '_error'] ??= []).push(issue.message)
        throw new DomainError('invalid_input', 'The events are not valid.', { fields })
      }
      const checked = validateEvents(parsed.data)
      if (!checked.ok) throw new DomainError('invalid_input', 'The events are not valid.', { fields: checked.fields })
      await db.insert(analyticsEvents).values(
        checked.events.map((e) => ({ name: e.name, properties: e.properties, path: e.path, anonymousId: parsed.data.anonymousId })),
      )
      return { accepted: checked.events.length }
    },

    /** How many events of one name were stored in [from, to): what the staff count will read. */
    async count({ name, from, to }: { name: AnalyticsEventName; from: Date; to: Date }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.name, name), gte(analyticsEvents.createdAt, from), lt(analyticsEvents.createdAt, to)))
      return row?.n ?? 0
    },

    /** The most recent events, newest first (for tests and staff tools). */
    async recent({ name, limit = 50 }: { name?: AnalyticsEventName; limit?: number } = {}) {
      return db
        .select()
        .from(analyticsEvents)
        .where(name ? eq(analyticsEvents.name, name) : undefined)
        .orderBy(desc(analyticsEvents.id))
        .limit(limit)
    },
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
