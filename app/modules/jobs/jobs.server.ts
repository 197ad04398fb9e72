/**
 * Deferred work on PostgreSQL (pg-boss, docs/decisions/038-job-queue.md): jobs and cron schedules live in the
 * `pgboss` schema of the app's own database, so any number of app processes share them. Each job is taken by
 * one worker; a schedule fires once per period across every process.
 *
 * Registering work is one line, before or after `start()` (registrations made earlier are applied on start):
 *
 *   // server/main.ts, next to the other sweeps: every day at 13:00 UTC, once across the cluster
 *   jobs.schedule('registry-digest', '0 13 * * *', () => services.registryActivity.sendDigests())
 *
 *   // a job of your own: declare its worker once, then send it from a service
 *   jobs.work<{ orderId: number }>('order-export', { retryLimit: 3 }, async (job) => exportOrder(job.data.orderId))
 *   await jobs.send('order-export', { orderId: 42 })
 *
 * Queue names: letters, digits, '-' and '_'. Job data is JSON and small (ids, not documents).
 */
import PgBoss from 'pg-boss'
import type pg from 'pg'
import type { Logger } from '~/lib/logger.server'

/** How a queue's jobs are retried and how long one may run; set once per queue by `work`. */
export type QueueOptions = {
  /** Tries after the first one (default 0: a sweep simply runs again next period). */
  retryLimit?: number
  /** Seconds before the first retry; doubled (with jitter) for each further one when `retryBackoff`. */
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** A job still running after this long counts as failed (and is retried if it has tries left). Default 15 minutes. */
  expireInSeconds?: number
  /** How often an idle worker looks for jobs (default 2 s; pg-boss allows 0.5 s at the least). */
  pollingIntervalSeconds?: number
}

/** One job as its handler sees it. */
export type Job<T> = {
  id: string
  data: T
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number
  /** The first try plus the queue's retries. */
  maxAttempts: number
}

/** A job waiting for its next try (after a failure), for staff views. */
export type PendingRetry<T> = { id: string; data: T; nextTryAt: Date; attempt: number }

export type JobQueueDeps = {
  /** The app's pool: pg-boss's statements go through it (no second pool). */
  pool: pg.Pool
  logger: Logger
  /** The PostgreSQL schema pg-boss creates and migrates itself (default 'pgboss'). */
  schema?: string
  /** How often schedules are checked and their jobs handed out (pg-boss's defaults: 30 s and 5 s); tests shorten them. */
  scheduling?: { cronMonitorIntervalSeconds?: number; cronWorkerIntervalSeconds?: number }
}

export type JobQueue = ReturnType<typeof createJobQueue>

const NAME = /^[A-Za-z][\w-]{0,49}$/

/** The job queue: workers, jobs and cron schedules over pg-boss, started once per process by server/main.ts. */
export function createJobQueue({ pool, logger, schema = 'pgboss', scheduling = {} }: JobQueueDeps) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema,
    ...scheduling,
  })
  boss.on('error', (err) => logger.error({ err }, 'job queue error'))

  type Registration = () => Promise<void>
  const registrations: Registration[] = []
  let state: 'idle' | 'starting' | 'started' | 'stopped' = 'idle'

  const settingsOf = (name: string, options: QueueOptions) => ({
    name,
    retryLimit: options.retryLimit ?? 0,
    retryDelay: options.retryDelaySeconds ?? 0,
    retryBackoff: options.retryBackoff ?? false,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
  })
  /**
   * Creates the queue when missing, else sets this code's settings on it. Processes starting together would deadlock
   * creating the same queue's partition table, so creation is serialised across processes by an advisory lock.
   */
  const declareQueue = async (name: string, options?: QueueOptions) => {
    const client = await pool.connect()
    const lock = `${schema}.declare_queue`
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [lock])
      try {
        const settings = settingsOf(name, options ?? {})
        if (!(await boss.getQueue(name))) await boss.createQueue(name, settings)
        else if (options) await boss.updateQueue(name, settings)
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [lock])
      }
    } finally {
      client.release()
    }
  }
  // Queues this process declared or made, so `send` asks only once per queue.
  const declared = new Map<string, Promise<void>>()
  const ensureQueue = (name: string) => {
    let made = declared.get(name)
    if (!made) {
      made = declareQueue(name)
      declared.set(name, made)
      made.catch(() => declared.delete(name))
    }
    return made
  }

  /** Runs a registration now when started, else on start. */
  const register = (run: Registration) => {
    registrations.push(run)
    return state === 'started' ? run() : Promise.resolve()
  }

  function assertName(name: string) {
    if (!NAME.test(name)) throw new Error(`Job queue names are a letter then up to 49 letters, digits, '-' or '_': ${name}`)
  }

  const queue = {
    /** Connects, creates or migrates the pgboss schema, and starts every worker and schedule registered so far. */
    async start() {
      if (state !== 'idle') return
      state = 'starting'
      await boss.start()
      for (const run of registrations) await run()
      state = 'started'
    },

    /** Stops taking jobs, waits up to `timeoutMs` for running ones, and leaves the pool open (its owner ends it). */
    async stop({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
      if (state !== 'started' && state !== 'starting') {
        state = 'stopped'
        return
      }
      state = 'stopped'
      // Waits for running jobs; any still running at the timeout are failed, so they are tried again elsewhere.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false })
    },

    /** True once started (and until stopped). */
    get started() {
      return state === 'started'
    },

    /** Declares a queue and works its jobs in this process, one at a time; a thrown error fails the try. */
    work<T extends object>(name: string, options: QueueOptions, handler: (job: Job<T>) => Promise<unknown>) {
      assertName(name)
      return register(async () => {
        await declareQueue(name, options)
        declared.set(name, Promise.resolve())
        await boss.work<T>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
          if (!job) return
          return handler({ id: job.id, data: job.data, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1 })
        })
      })
    },

    /**
     * Queues one job for the named queue (declared by `work`). `startAfter` delays it; a `singletonKey` with
     * `singletonSeconds` keeps one job per key and period. Answers the job's id, or null when a singleton held it back.
     */
    async send<T extends object>(name: string, data: T, options: { startAfterSeconds?: number; singletonKey?: string; singletonSeconds?: number } = {}) {
      assertName(name)
      if (state !== 'started') throw new Error(`The job queue is not started: cannot send ${name}`)
      await ensureQueue(name)
      return boss.send(name, data, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      })
    },

    /**
     * Runs `run` on a cron schedule (UTC, minute resolution), once per period across all processes. A failed run
     * is logged and not retried: the next period runs it again.
     */
    schedule(name: string, cron: string, run: () => Promise<unknown>, options: Omit<QueueOptions, 'retryLimit'> = {}) {
      assertName(name)
      return register(async () => {
        await declareQueue(name, { ...options, retryLimit: 0 })
        declared.set(name, Promise.resolve())
        await boss.schedule(name, cron, {}, { tz: 'UTC' })
        await boss.work(name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
          try {
            return await run()
          } catch (err) {
            logger.warn({ err, job: name }, `scheduled job ${name} failed; it runs again next period`)
            throw err
          }
        })
      })
    },

    /** Jobs of a queue waiting for a retry whose data has `key` equal to one of `values` (one indexed query). */
    async pendingRetries<T extends object>(name: string, key: string, values: readonly (string | number)[]): Promise<PendingRetry<T>[]> {
      if (!values.length || state !== 'started') return []
      const { rows } = await pool.query<{ id: string; data: T; start_after: Date; retry_count: number }>(
        `select id, data, start_after, retry_count from ${schema}.job where name = $1 and state = 'retry' and data->>$2 = any($3::text[])`,
        [name, key, values.map(String)],
      )
      // The failed tries so far are retry_count + 1 (pg-boss counts a try when it starts a retry).
      return rows.map((r) => ({ id: r.id, data: r.data, nextTryAt: r.start_after, attempt: r.retry_count + 2 }))
    },
  }
  return queue
}
