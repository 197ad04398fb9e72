import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { type AnalyticsService, createAnalyticsService } from './analytics.service.server'

let database: TestDatabase
let analytics: AnalyticsService
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  database = await createTestDatabase()
  analytics = createAnalyticsService({ db: database.db })
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
})

afterAll(async () => {
  await database?.drop()
})

const search = (searchTerm: string) => ({ name: 'search_executed', properties: { searchTerm, eventType: 'shop' }, path: '/store/search' })

describe('analytics service', () => {
  test('stores valid events with name, properties, anonymous id, path and time, and counts them by name', async () => {
    const before = new Date(Date.now() - 1000)
    const result = await analytics.record({
      anonymousId: 'anon-service',
      events: [search('stroller'), { name: 'page_viewed', properties: { pathname: '/store' }, path: '/store' }],
    })
    expect(result).toEqual({ accepted: 2 })
    const [row] = await analytics.recent({ name: 'search_executed', limit: 1 })
    expect(row).toMatchObject({ name: 'search_executed', anonymousId: 'anon-service', path: '/store/search', properties: { searchTerm: 'stroller', eventType: 'shop' } })
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime())
    expect(await analytics.count({ name: 'search_executed', from: before, to: new Date(Date.now() + 1000) })).toBe(1)
    expect(await analytics.count({ name: 'search_executed', from: new Date(0), to: before })).toBe(0)
  })

  test('a batch with one unknown event stores nothing', async () => {
    const from = new Date(Date.now() - 1000)
    const error = await analytics
      .record({ anonymousId: 'anon-bad', events: [search('crib'), { name: 'nope', properties: {}, path: '/' }] })
      .catch((e: unknown) => e)
    expect(isDomainError(error) && error.code).toBe('invalid_input')
    const rows = await analytics.recent({ name: 'search_executed', limit: 50 })
    expect(rows.filter((r) => r.anonymousId === 'anon-bad' && r.createdAt >= from)).toEqual([])
  })

  test('counting by name over a time range uses the (name, created_at) index', async () => {
    const plan = await database.pool.query(
      "explain select count(*) from analytics_events where name = 'search_executed' and created_at >= now() - interval '1 day'",
    )
    await database.pool.query('set enable_seqscan = off')
    const forced = await database.pool.query(
      "explain select count(*) from analytics_events where name = 'search_executed' and created_at >= now() - interval '1 day'",
    )
    await database.pool.query('set enable_seqscan = on')
    expect(plan.rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(forced.rows)).toContain('analytics_events_name_created_idx')
  })
})

describe('POST /api/v3/events', () => {
  const post = (body: string, contentType = 'application/json') =>
    app.request('/api/v3/events', { method: 'POST', body, headers: { 'content-type': contentType } })

  test('a valid batch answers 202 with the number stored', async () => {
    const res = await post(JSON.stringify({ anonymousId: 'anon-http', events: [search('bottle')] }))
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ accepted: 1 })
    const [row] = await analytics.recent({ name: 'search_executed', limit: 1 })
    expect(row).toMatchObject({ anonymousId: 'anon-http', properties: { searchTerm: 'bottle' } })
  })

  test('an unknown event answers 422 naming the event', async () => {
    const res = await post(JSON.stringify({ anonymousId: 'a', events: [{ name: 'hacked', properties: {}, path: '/' }] }))
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } }
    expect(body.error.code).toBe('invalid_input')
    expect(body.error.fields['events.0.name']).toEqual(["Unknown event 'hacked'."])
  })

  test('an invalid field or envelope answers 422', async () => {
    const bad = await post(JSON.stringify({ anonymousId: 'a', events: [{ name: 'search_executed', properties: { searchTerm: 5, eventType: 'shop' }, path: '/' }] }))
    expect(bad.status).toBe(422)
    expect((await post(JSON.stringify({ events: [] }))).status).toBe(422)
    expect((await post('{not json')).status).toBeGreaterThanOrEqual(400)
    expect((await post('{not json')).status).toBeLessThan(500)
  })

  test('a body over 32 KB answers 413', async () => {
    const res = await post(JSON.stringify({ anonymousId: 'a', events: [search('x'.repeat(40_000))] }))
    expect(res.status).toBe(413)
  })
})
