// The job queue against a real PostgreSQL: several queue instances on one database stand for several app processes.
import pino from 'pino'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createJobQueue, type JobQueue } from './jobs.server'

let database: TestDatabase
const running: JobQueue[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})

afterEach(async () => {
  await Promise.all(running.splice(0).map((q) => q.stop({ timeoutMs: 1_000 })))
})

afterAll(async () => {
  await database?.drop()
})

/** One "process": its own queue instance over the test database's pool. */
function instance(options: Partial<Parameters<typeof createJobQueue>[0]> = {}) {
  const queue = createJobQueue({ pool: database.pool, logger: pino({ level: 'silent' }), ...options })
  running.push(queue)
  return queue
}

const fast = { pollingIntervalSeconds: 0.5 }

test('two processes working the same queue run each job once', async () => {
  const ran: number[] = []
  const a = instance()
  const b = instance()
  for (const q of [a, b]) {
    void q.work<{ n: number }>('count-once', fast, async (job) => {
      ran.push(job.data.n)
    })
  }
  await Promise.all([a.start(), b.start()])
  for (let n = 1; n <= 10; n++) await (n % 2 ? a : b).send('count-once', { n })
  await vi.waitFor(() => expect(ran.length).toBeGreaterThanOrEqual(10), { timeout: 15_000, interval: 100 })
  // A few more polls of both workers: nothing runs a second time.
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  expect(ran.toSorted((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  const { rows } = await database.pool.query(`select count(*)::int as n from pgboss.job where name = 'count-once' and state = 'completed'`)
  expect(rows[0].n).toBe(10)
})

test('a job sent before a restart runs once a new process starts', async () => {
  const before = instance()
  await before.start()
  const id = await before.send('after-restart', { note: 'kept' })
  expect(id).toEqual(expect.any(String))
  await before.stop()
  const seen: string[] = []
  const after = instance()
  void after.work<{ note: string }>('after-restart', fast, async (job) => {
    seen.push(job.data.note)
  })
  await after.start()
  await vi.waitFor(() => expect(seen).toEqual(['kept']), { timeout: 10_000, interval: 100 })
})

test('a failing job is retried with its attempt number until it succeeds', async () => {
  const attempts: number[] = []
  const q = instance()
  void q.work('flaky', { ...fast, retryLimit: 2, retryDelaySeconds: 0 }, async (job) => {
    attempts.push(job.attempt)
    expect(job.maxAttempts).toBe(3)
    if (job.attempt < 2) throw new Error('not yet')
  })
  await q.start()
  await q.send('flaky', {})
  await vi.waitFor(() => expect(attempts).toEqual([1, 2]), { timeout: 10_000, interval: 100 })
})

test('a scheduled job fires once per period across two processes', async () => {
  // Stay inside one minute (the schedule's period) for the whole test.
  const second = new Date().getUTCSeconds()
  if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1_000))
  const fired: string[] = []
  const scheduling = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 }
  const a = instance({ scheduling })
  const b = instance({ scheduling })
  void a.schedule('every-minute', '* * * * *', async () => void fired.push('a'), fast)
  void b.schedule('every-minute', '* * * * *', async () => void fired.push('b'), fast)
  await Promise.all([a.start(), b.start()])
  await vi.waitFor(() => expect(fired.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 })
  // Both processes check the schedule every second; a few more checks fire nothing more this minute.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(fired).toHaveLength(1)
})
