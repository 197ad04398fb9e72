// The app server the HTTP checkout bench talks to: the same services and Hono app as server/main.ts (API
// only: no page build), on the bench's database, in a process of its own so client and server do not share
// an event loop. Usage: tsx bench/support/checkout-server.ts <database url> <port> <pool size> <fast|straightforward> [batches in flight]
//
// Asked 'stats' over IPC, it answers its CPU time so far and how many statements it has sent to PostgreSQL
// (every pg query call is one round trip), so the bench can print CPU and round trips per order: figures
// that do not drift with the load of other processes on the machine.
import { serve } from '@hono/node-server'
import pg from 'pg'
import { createDb } from '~/db/client.server'
import { createLogger } from '~/lib/logger.server'
import { createServices } from '~/services.server'
import { createApp } from '../../server/app'

let statements = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++
  return (query as (...a: unknown[]) => unknown).apply(this, args)
} as typeof query

const [url, port, poolSize, mode, inFlight] = process.argv.slice(2)
const logger = createLogger((process.env.LOG_LEVEL as 'info' | undefined) ?? 'info')
const { db, pool } = createDb(url!, { max: Number(poolSize) })
const services = createServices({ db, pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger, checkout: { groupCommit: mode !== 'straightforward', maxBatchesInFlight: inFlight ? Number(inFlight) : undefined } })
const app = createApp({ services, logger, supportEmail: 'help@example.test' })
const server = serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => process.send?.('ready'))
process.on('message', (m) => {
  if (m === 'stats') process.send?.({ cpu: process.cpuUsage(), statements })
})
process.on('SIGTERM', () => {
  server.close()
  void pool.end().then(() => process.exit(0))
})
