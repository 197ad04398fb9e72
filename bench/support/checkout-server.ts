// The app server the HTTP checkout bench talks to: the same services and Hono app as server/main.ts (API
// only: no page build), on the bench's database, in a process of its own so client and server do not share
// an event loop. Usage: tsx bench/support/checkout-server.ts <database url> <port> <pool size> <fast|straightforward> [batches in flight]
//
// Asked 'stats' over IPC, it answers its CPU time so far and how many statements it has sent to PostgreSQL
// (every pg query call is one round trip), so the bench can print CPU and round trips per order: figures
// that do not drift with the load of other processes on the machine; and, since the last 'stats', every
// group-commit batch's timings (queue wait, phases, batches in flight) and every GC pause.
import cluster, { type Worker } from 'node:cluster'
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { type HttpBindings, serve } from '@hono/node-server'
import pg from 'pg'
import { createDb } from '~/db/client.server'
import { createLogger } from '~/lib/logger.server'
import type { BatchTimings } from '~/modules/orders/orders.service.server'
import { createServices } from '~/services.server'
import { createApp } from '../../server/app'

let statements = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++
  return (query as (...a: unknown[]) => unknown).apply(this, args)
} as typeof query

// Where checkouts wait: every group-commit batch's timings, every GC pause, the event loop's delay and each
// POST /api/v3/orders' time in the server (handler called -> answer written) since the last 'stats'.
let batches: BatchTimings[] = []
let gcPauses: number[] = []
let handlerMs: number[] = []
const loopDelay = monitorEventLoopDelay({ resolution: 1 })
loopDelay.enable()
let majorGcPauses: number[] = []
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcPauses.push(e.duration)
    if (((e as { detail?: unknown }).detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcPauses.push(e.duration)
  }
}).observe({ entryTypes: ['gc'] })

const [url, port, poolSize, mode, inFlight] = process.argv.slice(2)
// BENCH_PROCESSES=N (N > 1): N app processes behind the one port (node:cluster; the primary hands out the
// connections), each with its own pool of `poolSize` and its own group commit (docs/decisions/025, h10 step 3).
const processes = Number(process.env.BENCH_PROCESSES ?? 1)
type Stats = { cpu: NodeJS.CpuUsage; statements: number; batches: BatchTimings[]; gcPauses: number[]; majorGcPauses: number[]; handlerMs: number[]; loopDelayMs: { p50: number; p99: number; max: number } }
if (processes > 1 && cluster.isPrimary) {
  const workers = Array.from({ length: processes }, () => cluster.fork())
  let ready = 0
  for (const w of workers) w.on('message', (m) => m === 'ready' && ++ready === processes && process.send?.('ready'))
  const ask = (w: Worker) =>
    new Promise<Stats>((resolve) => {
      const on = (m: unknown) => {
        if (typeof m !== 'object' || m === null || !('cpu' in m)) return
        w.off('message', on)
        resolve(m as Stats)
      }
      w.on('message', on)
      w.send('stats')
    })
  process.on('message', async (m) => {
    if (m !== 'stats') return
    const all = await Promise.all(workers.map(ask))
    const own = process.cpuUsage() // the primary's share: it accepts the connections and hands them out
    process.send?.({
      cpu: { user: own.user + all.reduce((n, s) => n + s.cpu.user, 0), system: own.system + all.reduce((n, s) => n + s.cpu.system, 0) },
      statements: all.reduce((n, s) => n + s.statements, 0),
      batches: all.flatMap((s) => s.batches),
      gcPauses: all.flatMap((s) => s.gcPauses),
      majorGcPauses: all.flatMap((s) => s.majorGcPauses),
      handlerMs: all.flatMap((s) => s.handlerMs),
      loopDelayMs: all.reduce((m, s) => ({ p50: Math.max(m.p50, s.loopDelayMs.p50), p99: Math.max(m.p99, s.loopDelayMs.p99), max: Math.max(m.max, s.loopDelayMs.max) }), { p50: 0, p99: 0, max: 0 }),
    })
  })
  process.on('SIGTERM', () => {
    let left = workers.length
    for (const w of workers) {
      w.once('exit', () => --left === 0 && process.exit(0))
      w.kill('SIGTERM')
    }
  })
} else {
  const logger = createLogger((process.env.LOG_LEVEL as 'info' | undefined) ?? 'info')
  const { db, pool } = createDb(url!, { max: Number(poolSize) })
  const services = createServices({
    db,
    pool,
    env: { SUPPORT_EMAIL: 'help@example.test' },
    logger,
    checkout: {
      groupCommit: mode !== 'straightforward',
      maxBatchesInFlight: inFlight ? Number(inFlight) : undefined,
      staggerBatches: process.env.BENCH_NO_STAGGER ? false : undefined,
      maxBatchSize: process.env.BENCH_MAX_BATCH ? Number(process.env.BENCH_MAX_BATCH) : undefined,
      observeBatch: (t) => batches.push(t),
    },
  })
  const app = createApp({ services, logger, supportEmail: 'help@example.test' })
  const fetch = (request: Request, env: HttpBindings) => {
    if (env.incoming.method === 'POST' && env.incoming.url === '/api/v3/orders') {
      const t0 = performance.now()
      env.outgoing.once('finish', () => handlerMs.push(performance.now() - t0))
    }
    return app.fetch(request, env)
  }
  const server = serve({ fetch: fetch as (r: Request, env: unknown) => Response | Promise<Response>, port: Number(port), hostname: '127.0.0.1' }, () => process.send?.('ready'))
  process.on('message', (m) => {
    if (m !== 'stats') return
    const ms = (ns: number) => ns / 1e6
    const loopDelayMs = { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) }
    process.send?.({ cpu: process.cpuUsage(), statements, batches, gcPauses, majorGcPauses, handlerMs, loopDelayMs } satisfies Stats)
    batches = []
    gcPauses = []
    majorGcPauses = []
    handlerMs = []
    loopDelay.reset()
  })
  process.on('SIGTERM', () => {
    server.close()
    void pool.end().then(() => process.exit(0))
  })
}
