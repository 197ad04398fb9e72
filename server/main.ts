import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { createDb } from '~/db/client.server'
import { openDatabase } from '~/db/database.server'
import { DataDirInUseError } from '~/db/data-dir-lock.server'
import { freePort } from '~/db/embedded-postgres.server'
import { runMigrations } from '~/db/migrate.server'
import { seedIfNeeded } from '~/db/seed.server'
import { demoAccounts } from '~/db/demo-accounts'
import { ensureChecklistContent } from '~/modules/checklist/checklist.seed.server'
import { readEnv } from '~/lib/env.server'
import { allowedHostsOf, hostCheck, publicOriginOf } from '~/lib/public-origin.server'
import { createLogger } from '~/lib/logger.server'
import { createJobQueue } from '~/modules/jobs/jobs.server'
import { resolveAppSecret } from '~/modules/accounts/two-factor.secret-box.server'
import { readTestLoopbackPorts } from '~/modules/external-products/safe-fetch.server'
import { createServices } from '~/services.server'
import { RELEASE_SWEEP_MINUTES } from '~/modules/shipping/shipping.validation'
import { hasFlashCookie } from '~/lib/shared-pages'
import { createApp, revalidateThrough, sharedPageSecureHeaders, UNKNOWN_HOST } from './app'
import { createHttpCache, httpCacheListener, probeHeaders } from './http-cache'
import { normaliseRequestTarget } from './request-target'

// build/server/main.js -> the project root, where drizzle/ and build/ live.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
process.env.NESTLIST_ROOT ??= root

async function main() {
  const env = readEnv()
  const logger = createLogger(env.LOG_LEVEL)
  // Before the database opens, so a bad key file stops start-up without leaving PostgreSQL running.
  const secretKey = resolveAppSecret({ appSecret: env.APP_SECRET, dataDir: env.dataDir })
  const log = {
    info: (m: string) => logger.info(m),
    warn: (m: string) => logger.warn(m),
    debug: (m: string) => logger.debug(m),
  }

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }, log)
  const { db, pool } = createDb(database.url, { max: 20 })
  pool.on('error', (err) => {
    // 57P01: PostgreSQL itself is shutting down (Ctrl-C reaches it too) and closes idle connections; not our fault.
    if ((err as { code?: string }).code === '57P01') logger.warn({ code: '57P01' }, 'PostgreSQL closed an idle connection: it is shutting down')
    else logger.error({ err }, 'idle database connection failed')
  })
  try {
    await runMigrations(database.url)
    await seedIfNeeded(db, pool, (m) => logger.info(m))
    // The checklist's text is reference content, not demo data: every start writes the current version.
    await ensureChecklistContent(db)
  } catch (error) {
    await pool.end().catch(() => undefined)
    await database.close()
    throw error
  }

  const build = (await import(pathToFileURL(path.join(root, 'build', 'server', 'index.js')).href)) as ServerBuild
  // Loopback fixture ports for pasted-link fetches: browser tests only (ignored unless NODE_ENV=test).
  const allowLoopbackPortsForTests = readTestLoopbackPorts(process.env)
  if (allowLoopbackPortsForTests.length > 0) logger.warn({ ports: allowLoopbackPortsForTests }, 'NODE_ENV=test: pasted-link fetches may reach these loopback ports')
  // The port is settled before listening (PORT=0: a free one now), so the public origin names the real address.
  const port = env.PORT || (await freePort(env.HOST))
  // Every emailed link starts with this one origin: PUBLIC_URL, else the address this server listens on; and only
  // requests naming one of the allowed hosts are answered (docs/decisions/034).
  const publicOrigin = publicOriginOf({ ...env, PORT: port })
  const allowedHosts = allowedHostsOf(env)
  const hostAllowed = hostCheck(allowedHosts)
  // Deferred work and schedules in PostgreSQL, shared by every process on this database (docs/decisions/038).
  const jobs = createJobQueue({ pool, logger })
  const services = createServices({ db, pool, env, logger, secretKey, fetch: { allowLoopbackPortsForTests }, publicOrigin, jobs })
  // Demo sign-ins exist on every install (also ones seeded before accounts existed); a changed password is kept.
  for (const account of demoAccounts) await services.accounts.ensureAccount(account)
  // Expired sessions, spent links and old sign-in attempts are deleted at start and then hourly.
  const prune = () =>
    Promise.all([services.accounts.prune(), services.twoFactor.prune(), services.externalProducts.pruneUnattachedImages()]).catch((err: unknown) => logger.warn({ err }, 'pruning old sessions failed'))
  void prune()
  // Orders a crash left authorised but not charged are charged; authorisations with no order are released.
  // Before serving, so no checkout of this process is in flight: with the embedded database (ours alone, by
  // the data-dir lock) everything a killed run left is settled at once; a shared DATABASE_URL may have other
  // servers' checkouts in flight, so there only what is over 30 s old. Then every minute (docs/decisions/025).
  const reconcile = (olderThanMs: number) =>
    services.orders.reconcile(olderThanMs).then(
      (r) => (r.captured || r.voided ? logger.info(r, 'reconciled order payments') : undefined),
      (err: unknown) => logger.warn({ err }, 'reconciling order payments failed'),
    )
  // Purchase returns whose refund a crash or an unreachable processor interrupted: asked again under each return's refund key.
  const reconcileReturns = (olderThanMs: number) =>
    services.purchaseReturns.reconcile(olderThanMs).then(
      (r) => (r.refunded || r.failed ? logger.info(r, 'reconciled purchase return refunds') : undefined),
      (err: unknown) => logger.warn({ err }, 'reconciling purchase return refunds failed'),
    )
  await reconcile(database.embedded ? 0 : 30_000)
  // Cancelled items whose card refund was interrupted: asked again under each cancellation's refund key (decision 024, h13).
  const reconcileCancellations = (olderThanMs: number) =>
    services.orderCancellations.reconcile(olderThanMs).then(
      (r) => (r.refunded || r.credited ? logger.info(r, 'reconciled cancellation refunds') : undefined),
      (err: unknown) => logger.warn({ err }, 'reconciling cancellation refunds failed'),
    )
  await reconcileReturns(database.embedded ? 0 : 60_000)
  await reconcileCancellations(database.embedded ? 0 : 60_000)
  // The sweeps below are job queue schedules (UTC cron): each runs once per period across all processes.
  void jobs.schedule('reconcile-payments', '* * * * *', () => reconcile(30_000).then(() => reconcileReturns(60_000)).then(() => reconcileCancellations(60_000)))
  void jobs.schedule('prune', '0 * * * *', prune)
  // Held registry gifts whose day has come (near the arrival date) start shipping: now and every few minutes.
  const releaseHeldGifts = () => services.shipments.releaseDue().catch((err: unknown) => logger.warn({ err }, 'releasing held registry gifts failed'))
  void releaseHeldGifts()
  void jobs.schedule('release-held-gifts', `*/${RELEASE_SWEEP_MINUTES} * * * *`, releaseHeldGifts)
  // Givers who reserved a gift a week ago and neither bought it nor gave it back are asked once (docs/decisions/013, h15).
  const remindGivers = () =>
    services.reservationSupport.sendDueReminders().then(
      (r) => (r.reminded ? logger.info(r, 'reminded givers of gifts they reserved') : undefined),
      (err: unknown) => logger.warn({ err }, 'sending reservation reminders failed'),
    )
  void jobs.schedule('reservation-reminders', '30 * * * *', remindGivers)
  // Held gifts whose hold ended (RESERVATION_HOLD_DAYS, not bought) go back on the registry; their givers are told.
  void jobs.schedule('reservation-expiry', '45 * * * *', () =>
    services.reservationSupport.releaseExpired().then((r) => (r.released ? logger.info(r, 'released expired reservations') : undefined)),
  )
  // The daily registry digest for those who chose it at /settings/email-preferences: 13:00 UTC (morning in the US).
  void jobs.schedule('registry-digest', '0 13 * * *', () =>
    services.giftNotices.sendDigests().then((r) => (r.sent ? logger.info(r, 'sent daily registry digests') : undefined)),
  )
  // Add a scheduled job here in one line: jobs.schedule(name, cron, run).
  try {
    await jobs.start()
  } catch (error) {
    await pool.end().catch(() => undefined)
    await database.close()
    throw error
  }
  // The in-memory listing index loads in the background; until it is ready, listings come from SQL.
  void services.searchIndex.start().catch((err: unknown) => logger.error({ err }, 'search index failed to load; listings stay on SQL'))
  // The shared HTTP cache (docs/decisions/037): what pages let a shared cache keep, dropped whenever the catalogue changes.
  const httpCache = env.PAGE_CACHE_MB > 0 ? createHttpCache({ maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 }) : undefined
  if (httpCache) {
    services.searchIndex.onChange(() => httpCache.invalidate())
    services.shopCaches.registerPageCache(() => ({ entries: httpCache.size().entries, bytes: httpCache.size().bytes, hits: httpCache.stats.hits + httpCache.stats.staleHits, misses: httpCache.stats.misses }))
  }
  const app = createApp({
    services,
    httpCache,
    logger,
    supportEmail: env.SUPPORT_EMAIL,
    publicUrl: env.PUBLIC_URL,
    allowedHosts,
    trustedProxies: env.TRUSTED_PROXIES,
    build,
    clientDir: path.relative(process.cwd(), path.join(root, 'build', 'client')) || '.',
    previousClientDir: path.relative(process.cwd(), path.join(root, 'build-previous')) || '.',
  })

  // Stored answers are sent before the app (server/http-cache.ts, httpCacheListener), with the headers the app gives a
  // shared page; every other request, and a page not stored yet, goes through the app.
  const appListener = getRequestListener(app.fetch, { hostname: env.HOST })
  const cacheHit = httpCache
    ? httpCacheListener(httpCache, { securityHeaders: await probeHeaders(sharedPageSecureHeaders()), revalidate: revalidateThrough(app), bypass: hasFlashCookie, logger })
    : undefined
  const server = http.createServer((req, res) => {
    // Before both answers: neither may take an absolute-form target's scheme or host as given.
    if (!normaliseRequestTarget(req)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Bad request target')
      return
    }
    // Stored pages are answered here, before the app and its own check: a host that is not ours gets nothing.
    if (!hostAllowed(req.headers.host || env.HOST)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(UNKNOWN_HOST)
      return
    }
    if (!cacheHit?.(req, res)) void appListener(req, res)
  })
  server.listen(port, env.HOST, () => {
    const info = server.address() as AddressInfo
    const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
    const lines = [
      '',
      `  Nestlist is ready: open http://${shown}:${info.port}`,
      `  Database: ${database.embedded ? `embedded PostgreSQL in ${path.join(env.dataDir, 'postgres')}` : 'DATABASE_URL'}`,
      // Without SMTP a fresh install can still reset passwords: staff read the messages in the outbox.
      `  Email: ${env.SMTP_URL ? `sent over SMTP via ${new URL(env.SMTP_URL).host}` : `not sent (no SMTP_URL); staff read them at http://${shown}:${info.port}/admin/emails`}`,
      `  Links in emails: ${publicOrigin}${env.PUBLIC_URL ? '' : ' (set PUBLIC_URL to the address people use)'}`,
      ...(demoAccounts.length ? ['  Demo accounts:', ...demoAccounts.map((a) => `    ${(a.role === 'staff' ? 'staff' : 'parent').padEnd(8)} ${a.email} / ${a.password}`)] : []),
      '  Stop with Ctrl-C.',
      '',
    ]
    process.stderr.write(`${lines.join('\n')}\n`)
    logger.info({ port: info.port, host: env.HOST }, 'listening')
    // The ZIP code table (28 MB) loads now rather than stalling the first address form.
    setImmediate(() => services.address.warmUp())
  })
  server.on('error', async (err: NodeJS.ErrnoException) => {
    logger.fatal({ err }, err.code === 'EADDRINUSE' ? `Port ${port} is in use: set PORT to another port` : 'server failed')
    await jobs.stop().catch(() => undefined)
    await pool.end().catch(() => undefined)
    await database.close()
    process.exit(1)
  })

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now')
      process.exit(1)
    }
    stopping = true
    logger.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing them')
      ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    }, 10_000)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
    clearTimeout(force)
    await services.searchIndex.stop().catch(() => undefined)
    // Running jobs get a few seconds; any still running are failed and tried again by another process.
    await jobs.stop({ timeoutMs: 5_000 }).catch((err: unknown) => logger.warn({ err }, 'stopping the job queue failed'))
    await pool.end().catch(() => undefined)
    await database.close()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`\n  ${error.message}\n\n`)
  } else {
    process.stderr.write(`\n  Nestlist could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`)
  }
  process.exit(1)
})
