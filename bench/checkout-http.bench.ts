// `npm run bench:checkout-http`: end-to-end checkouts over HTTP. 32 clients (keep-alive connections) each
// send POST /api/v3/orders for guest carts, one after another, to the app server running in a child process
// (bench/support/checkout-server.ts: the real services and Hono app, request logging on), on a throwaway
// embedded PostgreSQL with durable commits (fsync and synchronous_commit on; printed) or DATABASE_URL's
// server. Each order: the cart cookie is resolved, the cart read and priced, the test card authorised, the
// order, its lines and shipments written with the stock taken, the card charged and the cart emptied.
//
// Every cart holds the same 10 hot products (one of each), so every order takes from the same 10 stock rows.
// Carts are built beforehand with set-based SQL; with --add-to-cart each checkout also adds the 10th product
// over HTTP first (POST /api/v3/cart_items, counted in its time). Checks at the end,
// in the database: stock taken equals what the orders hold (no oversell, never below zero), one order per
// acknowledged checkout and per key (no double order), one captured payment and one processor charge per
// order, nothing left authorised.
//
// Runs the design in use (group commit, docs/decisions/025) and then, for comparison, the straightforward
// path (one transaction per order), each on a fresh database. Goal (issue 7): >= 500 orders/s, p99 <= 100 ms.
// The 32 clients start together once, at the warm-up (3 s, not counted), and run on into the measured window
// without a pause: a checkout counts when it starts inside the window (steady state, as a shop's arrivals are).
// Flags: --seconds 10, --clients 32, --pool 16 (server connections), --only fast|straightforward, --in-flight N
// (group-commit batches written at once; the service's default otherwise; BENCH_NO_STAGGER=1: each starts as soon as a slot is free), --add-to-cart, --processes N (app server
// processes behind the one port, node:cluster; 1 by default, as `npm start` runs). Printed per order: CPU
// of the server, PostgreSQL and the bench client, round trips to PostgreSQL and WAL bytes (they drift far less
// with the machine's load than orders/s do), and where checkouts wait (the tail): each checkout's time before the
// queue and in it, each batch's phases, the handler's time in the server, its event loop delay and GC pauses. The
// server runs with npm start's Node flags (scripts/server-node-flags.mjs). BENCH_WAL_STATS=1: the WAL by record type; BENCH_SQL='…': run on the fresh database first (to try a schema change); BENCH_PROF=dir: a CPU
// profile of the server. BENCH_MAX_BATCH=N: the most checkouts a batch takes (the service's 64 otherwise);
// BENCH_NODE_FLAGS='…': Node flags added after npm start's (to try a GC setting before changing scripts/server-node-flags.mjs).
// BENCH_PG_STATEMENTS=1 (embedded PostgreSQL only): pg_stat_statements loaded for the run (track = all, so the statements inside
// checkout_batch() count too, and track_planning), and the measured window's top statements by execution + planning time printed per order.
import { type ChildProcess, fork } from 'node:child_process'
import fs from 'node:fs'
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freePort } from '~/db/embedded-postgres.server'
import type { BatchTimings } from '~/modules/orders/orders.service.server'
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../tests/support/postgres-server'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '32' },
    pool: { type: 'string', default: '16' },
    only: { type: 'string' },
    'in-flight': { type: 'string' },
    'add-to-cart': { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
  },
})
const SECONDS = Number(values.seconds)
const CLIENTS = Number(values.clients)
const POOL = Number(values.pool)
const HOT = 10
const CARTS_PER_CLIENT = 1_500
/** Warm-up before the measured window (run()): the clients run on from it without a pause. */
const WARM_MS = 3_000
const STOCK = 1_000_000
/** --add-to-cart: each checkout first adds the 10th hot product over HTTP (POST /api/v3/cart_items), then places the order. */
const ADD = values['add-to-cart']
/** --processes N: N app server processes behind the one port (node:cluster), each with its own pool and group commit. */
const PROCESSES = Number(values.processes)
const nextYear = new Date().getUTCFullYear() + 1
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
function post(port: number, pathName: string, body: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathName, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Cookie: cookie } },
      (res) => {
        let data = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (data += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** CPU seconds (user + system) of PostgreSQL: the postmaster and every process it started (backends, WAL writer, …). */
function postgresCpuSeconds(postmasterPid: number): number {
  const tick = 100 // USER_HZ on Linux
  let total = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // the process just went away
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // fields from the 3rd (state) on
    // The postmaster's own time, plus (cutime, cstime) that of its children that have exited and been reaped.
    if (Number(entry) === postmasterPid) total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / tick
    else if (Number(f[1]) === postmasterPid) total += (Number(f[11]) + Number(f[12])) / tick
  }
  return total
}

/** The bench server's CPU seconds and statements sent to PostgreSQL so far (bench/support/checkout-server.ts). */
type ServerStats = { cpuSeconds: number; statements: number; batches: BatchTimings[]; gcPauses: number[]; majorGcPauses: number[]; handlerMs: number[]; loopDelayMs: { p50: number; p99: number; max: number } }
function serverStats(child: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('cpu' in m)) return
      child.off('message', onMessage)
      const { cpu, ...rest } = m as Omit<ServerStats, 'cpuSeconds'> & { cpu: NodeJS.CpuUsage }
      resolve({ cpuSeconds: (cpu.user + cpu.system) / 1e6, ...rest })
    }
    child.on('message', onMessage)
    child.send('stats')
  })
}

const PG_STATEMENTS = !!process.env.BENCH_PG_STATEMENTS
/** BENCH_PG_STATEMENTS: the measured window's busiest statements, per order (top-level ones include the time of the statements they run). */
async function topStatements(pool: pg.Pool, orders: number) {
  const { rows } = await pool.query<{ query: string; top: boolean; calls: string; rows: string; exec: number; plan: number }>(
    `select regexp_replace(query, '\\s+', ' ', 'g') as query, toplevel as top, calls, rows, total_exec_time as exec, total_plan_time as plan from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time + total_plan_time desc limit 20`,
  )
  return rows.map((r) => ({
    query: r.query.length > 160 ? `${r.query.slice(0, 157)}...` : r.query,
    top: r.top,
    calls: Number(r.calls) / orders,
    rows: Number(r.rows) / orders,
    exec: r.exec / orders,
    plan: r.plan / orders,
  }))
}

async function run(adminUrl: string, mode: 'fast' | 'straightforward') {
  const name = `nestlist_checkout_http_${mode}_${process.pid}`
  const url = await createTemplateDatabase(adminUrl, name)
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  const port = await freePort()
  const child = fork(path.join(import.meta.dirname, 'support', 'checkout-server.ts'), [url, String(port), String(POOL), mode, ...(values['in-flight'] ? [values['in-flight']] : [])], {
    // The server's Node flags, as `npm start` runs it (scripts/server-node-flags.mjs: the young generation's size).
    execArgv: [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [])],
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_PROCESSES: String(PROCESSES) },
  })
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r).once('error', r))
    child.kill('SIGTERM')
    await exited
  }
  try {
    // BENCH_SQL: statements run on the fresh database first, to try a schema change (an index, a fillfactor) before writing its migration.
    if (process.env.BENCH_SQL) await pool.query(process.env.BENCH_SQL)
    if (PG_STATEMENTS) await pool.query('create extension if not exists pg_stat_statements')
    await pool.query(`insert into categories (id, title, url_slug) values (1, 'Bench', 'bench')`)
    await pool.query(`insert into brands (id, name, slug, title, logo_url) values (1, 'Bench', 'bench', 'Bench', '/x.svg')`)
    await pool.query(
      `insert into products (id, slug, name, short_name, description, price_cents, image_url, category_id, brand_id, stock)
       select g, 'hot-' || g, 'Hot product ' || g, 'Hot ' || g, 'x', 1000 + g * 111, '/x.svg', 1, 1, ${STOCK} from generate_series(1, ${HOT}) g`,
    )
    await pool.query(`insert into product_stock (product_id, option_key, quantity) select g, '', ${STOCK} from generate_series(1, ${HOT}) g`)
    const salt = randomBytes(6).toString('hex')
    const tokenOf = (c: number, k: number) => `bench${salt}${c}x${k}xpaddingpadding`
    const hash = (t: string) => createHash('sha256').update(t).digest('base64url')
    const all: string[] = []
    for (let c = 0; c < CLIENTS; c++) for (let k = 0; k < CARTS_PER_CLIENT; k++) all.push(hash(tokenOf(c, k)))
    for (let i = 0; i < all.length; i += 5_000) {
      await pool.query(
        `with c as (insert into carts (guest_token_hash) select unnest($1::text[]) returning id)
         insert into cart_items (cart_id, product_id, options, option_key, quantity) select c.id, p.id, '{}'::jsonb, '', 1 from c cross join generate_series(${ADD ? 2 : 1}, ${HOT}) p(id)`,
        [all.slice(i, i + 5_000)],
      )
    }
    // One more cart of the 10 hot products, quoted over HTTP once the server is up: every checkout sends that
    // total as the amount its shopper was shown (POST /api/v3/orders requires it; docs/decisions/029).
    const quoteToken = `bench${salt}quotexpaddingpadding`
    await pool.query(
      `with c as (insert into carts (guest_token_hash) values ($1) returning id)
       insert into cart_items (cart_id, product_id, options, option_key, quantity) select c.id, p.id, '{}'::jsonb, '', 1 from c cross join generate_series(1, ${HOT}) p(id)`,
      [hash(quoteToken)],
    )
    await pool.query('vacuum analyze')
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve())
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)))
    })
    const setting = async (s: string) => (await pool.query<{ v: string }>(`select current_setting('${s}') as v`)).rows[0]!.v
    const settings = `PostgreSQL ${await setting('server_version')} (fsync ${await setting('fsync')}, synchronous_commit ${await setting('synchronous_commit')})`

    const quoted = await post(port, '/api/v3/orders/quote', '{"state":"OH"}', `nestlist_cart=${quoteToken}`)
    if (quoted.status !== 200) throw new Error(`quote: ${quoted.status} ${quoted.body}`)
    const shownTotalCents = (JSON.parse(quoted.body) as { totalCents: number }).totalCents
    const body = (c: number, k: number) =>
      JSON.stringify({
        idempotencyKey: `bench-${salt}-${c}-${k}`,
        email: `c${c}@example.test`,
        name: 'Bench Buyer',
        shippingAddress: { name: 'Bench Buyer', line1: '1 Bench Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' },
        card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' },
        expected: { totalCents: shownTotalCents },
      })
    const checkout = async (c: number, k: number) => {
      if (ADD) {
        const added = await post(port, '/api/v3/cart_items', '{"productId":1,"quantity":1}', `nestlist_cart=${tokenOf(c, k)}`)
        if (added.status !== 201) return added
      }
      return post(port, '/api/v3/orders', body(c, k), `nestlist_cart=${tokenOf(c, k)}`)
    }
    // The clients run without a pause from the warm-up into the measured window, as a shop's checkouts arrive
    // (not all at one instant): only the warm-up starts them together, and that burst is not measured.
    // Warm-up (connections, JIT, not counted): WARM_MS, with an ANALYZE of the order tables half-way, while the
    // clients keep going. The order tables were analysed empty (vacuum analyze above): PostgreSQL's cached plans
    // of the foreign-key checks (SELECT 1 … FOR KEY SHARE, planned once per connection) would then stay
    // sequential scans for the whole run, each slower as the tables grow; a running shop's tables are analysed
    // by autovacuum (which also invalidates those plans), here once by hand. A checkout counts when it starts
    // inside the measured window (those in flight at its end run to completion and count).
    const acknowledged = new Set<string>()
    const errors: string[] = []
    const times: number[] = []
    let measuring = false
    let stopped = false
    let started = 0
    const nextCart = Array.from({ length: CLIENTS }, () => 0)
    const clients = Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        while (!stopped && nextCart[c]! < CARTS_PER_CLIENT) {
          const k = nextCart[c]!++
          const counted = measuring
          const t0 = performance.now()
          const res = await checkout(c, k)
          if (res.status !== 201) {
            errors.push(`${res.status} ${res.body.slice(0, 200)}`)
            continue
          }
          const order = JSON.parse(res.body) as { id: string; status: string }
          if (acknowledged.has(order.id)) errors.push(`order ${order.id} acknowledged twice`)
          acknowledged.add(order.id)
          if (counted) times.push(performance.now() - t0)
        }
      }),
    )
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
    await sleep(WARM_MS / 2)
    await pool.query('analyze orders, order_lines, shipments, payments, payment_attempts, test_processor_charges, cart_items, carts')
    await sleep(WARM_MS / 2)
    // The postmaster is the parent of our connection's backend (Linux /proc; elsewhere PostgreSQL CPU is not shown).
    const backendPid = (await pool.query<{ p: number }>('select pg_backend_pid() as p')).rows[0]!.p
    const postmasterPid = fs.existsSync(`/proc/${backendPid}/stat`) ? Number(fs.readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) : 0
    const wal = async () => (await pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn
    const walBytes = async (from: string) => Number((await pool.query<{ n: string }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint as n', [from])).rows[0]!.n)
    // Checkpoints (PostgreSQL 17: pg_stat_checkpointer; before: pg_stat_bgwriter) and autovacuum runs during the run.
    const background = async () => {
      const cp = await pool
        .query<{ n: number }>('select (num_timed + num_requested)::int as n from pg_stat_checkpointer')
        .catch(() => pool.query<{ n: number }>('select (checkpoints_timed + checkpoints_req)::int as n from pg_stat_bgwriter'))
      const av = await pool.query<{ n: number }>('select coalesce(sum(autovacuum_count + autoanalyze_count), 0)::int as n from pg_stat_all_tables')
      return { checkpoints: cp.rows[0]!.n, autovacuums: av.rows[0]!.n }
    }
    // BENCH_PG_STATEMENTS: the statements' counters from the start of the measured window.
    if (PG_STATEMENTS) await pool.query('select pg_stat_statements_reset()')
    const backgroundBefore = await background()
    const before = { server: await serverStats(child), postgres: postmasterPid ? postgresCpuSeconds(postmasterPid) : 0, client: process.cpuUsage(), wal: await wal() }
    const warmOrders = acknowledged.size
    measuring = true
    started = performance.now()
    await sleep(SECONDS * 1000)
    measuring = false
    const windowEnded = performance.now()
    stopped = true
    await clients
    const elapsed = (windowEnded - started) / 1000
    const serverAfter = await serverStats(child)
    await pool.query('select pg_stat_force_next_flush()').catch(() => undefined) // PostgreSQL 15+: counters of other backends may lag
    const backgroundAfter = await background()
    const postgresAfter = postmasterPid ? postgresCpuSeconds(postmasterPid) : 0
    const clientCpu = process.cpuUsage(before.client)
    const measured = Math.max(1, times.length + errors.length)
    if (process.env.BENCH_WAL_STATS) {
      // What the WAL of the measured run is made of, by record type (pg_walinspect ships with PostgreSQL).
      await pool.query('create extension if not exists pg_walinspect')
      const { rows } = await pool.query<{ t: string; n: number; kb: number; fpi: number }>(
        `select "resource_manager/record_type" as t, count::int as n, (combined_size / 1024)::int as kb, (fpi_size / 1024)::int as fpi
         from pg_get_wal_stats($1, pg_current_wal_lsn(), true) order by combined_size desc limit 16`,
        [before.wal],
      )
      for (const r of rows) console.log(`    WAL ${r.t.padEnd(28)} ${String(r.n).padStart(7)} records ${String(r.kb).padStart(7)} KB (full pages ${r.fpi} KB)`)
    }
    const statementsTop = PG_STATEMENTS ? await topStatements(pool, measured) : []
    const perOrder = {
      serverCpuMs: ((serverAfter.cpuSeconds - before.server.cpuSeconds) * 1000) / measured,
      postgresCpuMs: postmasterPid ? ((postgresAfter - before.postgres) * 1000) / measured : NaN,
      clientCpuMs: (clientCpu.user + clientCpu.system) / 1000 / measured,
      statements: (serverAfter.statements - before.server.statements) / measured,
      walBytes: (await walBytes(before.wal)) / measured,
    }
    const sorted = [...times].sort((a, b) => a - b)
    const q = async (text: string) => (await pool.query(text)).rows[0] as Record<string, number>
    const stock = await q(`select min(quantity)::int as min, sum(${STOCK} - quantity)::int as taken from product_stock`)
    const held = await q(`select coalesce(sum(quantity), 0)::int as n from order_lines`)
    const orderRows = await q(`select count(*)::int as n, count(distinct idempotency_key)::int as keys, count(*) filter (where status = 'paid')::int as paid from orders`)
    const paid = await q(`select count(*)::int as n from payments where status = 'captured'`)
    const charges = await q(`select count(*)::int as n from test_processor_charges where status = 'captured'`)
    const uncharged = await q(`select count(*)::int as n from payments where status in ('authorized', 'pending')`)
    const all2 = await q(`select count(*)::int as n from test_processor_charges`)
    const ok =
      errors.length === 0 &&
      stock.min! >= 0 &&
      stock.taken === held.n &&
      orderRows.n === acknowledged.size &&
      orderRows.keys === orderRows.n &&
      orderRows.paid === orderRows.n &&
      paid.n === orderRows.n &&
      charges.n === orderRows.n &&
      all2.n === orderRows.n &&
      uncharged.n === 0
    const rate = times.length / elapsed
    const waits = {
      batches: serverAfter.batches,
      gcPauses: serverAfter.gcPauses,
      majorGcPauses: serverAfter.majorGcPauses,
      handlerMs: serverAfter.handlerMs,
      loopDelayMs: serverAfter.loopDelayMs,
      checkpoints: backgroundAfter.checkpoints - backgroundBefore.checkpoints,
      autovacuums: backgroundAfter.autovacuums - backgroundBefore.autovacuums,
    }
    // HOT updates (heap-only: no index entry written, the new row version on the same page) per table, whole run.
    // The server's backends report their counters when idle or on exit: read once the server has stopped.
    await stopChild()
    const { rows: hot } = await pool.query<{ t: string; upd: number; hot: number }>(
      `select relname as t, n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables
       where relname in ('orders', 'payments', 'test_processor_charges', 'product_stock', 'carts') order by relname`,
    )
    const p99 = percentile(sorted, 99)
    return { mode, settings, perOrder, statementsTop, waits, hot, rate, warmOrders, p50: percentile(sorted, 50), p99, n: times.length, elapsed, stock, held, orderRows, paid, charges, uncharged, errors, ok }
  } finally {
    await stopChild()
    await pool.end()
    await dropDatabase(adminUrl, name)
  }
}

const server = await startTestPostgres(PG_STATEMENTS ? { settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all', 'pg_stat_statements.track_planning': 'on', 'pg_stat_statements.max': '2000' } } : {})
if (PG_STATEMENTS && process.env.DATABASE_URL) console.log('BENCH_PG_STATEMENTS: DATABASE_URL\'s server must have pg_stat_statements loaded (shared_preload_libraries) for it')
let failed = false
try {
  const modes = values.only ? [values.only as 'fast' | 'straightforward'] : (['fast', 'straightforward'] as const)
  for (const mode of modes) {
    const r = await run(server.adminUrl, mode)
    const label = mode === 'fast' ? 'group commit (in use)' : 'straightforward (one transaction per order)'
    console.log(`\n${label}: ${CLIENTS} clients over HTTP, ${PROCESSES > 1 ? `${PROCESSES} server processes, pool ${POOL} each` : `server pool ${POOL}`}, ${HOT} hot products in every cart, ${SECONDS} s, ${r.settings}`)
    console.log(
      ADD
        ? `  one checkout = POST /api/v3/cart_items (the 10th hot product into a guest cart holding the other 9) + POST /api/v3/orders`
        : `  one checkout = POST /api/v3/orders of a guest cart holding the 10 hot products (carts filled beforehand; --add-to-cart adds one over HTTP per checkout)`,
    )
    console.log(`  ${r.rate.toFixed(0)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.n} orders in ${r.elapsed.toFixed(1)} s)`)
    const c = r.perOrder
    console.log(`  per order: server CPU ${c.serverCpuMs.toFixed(2)} ms, PostgreSQL CPU ${c.postgresCpuMs.toFixed(2)} ms, bench client CPU ${c.clientCpuMs.toFixed(2)} ms; ${c.statements.toFixed(2)} statements (round trips) to PostgreSQL, ${(c.walBytes / 1024).toFixed(1)} KB of WAL`)
    const { batches, gcPauses, majorGcPauses, checkpoints, autovacuums, handlerMs, loopDelayMs } = r.waits
    const ms = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b)
      return `p50 ${percentile(s, 50).toFixed(0)} / p99 ${percentile(s, 99).toFixed(0)} / max ${(s.at(-1) ?? 0).toFixed(0)} ms`
    }
    console.log(`  measured: checkouts started in the ${SECONDS} s window, the clients running on from ${(WARM_MS / 1000).toFixed(0)} s of warm-up (${r.warmOrders} orders, not counted) without a pause`)
    console.log(`  in the server: POST /api/v3/orders handler called -> answer written ${ms(handlerMs)}; event loop delay p50 ${loopDelayMs.p50.toFixed(0)} / p99 ${loopDelayMs.p99.toFixed(0)} / max ${loopDelayMs.max.toFixed(0)} ms`)
    if (batches.length > 0) {
      const sizes = batches.map((b) => b.size)
      console.log(`  batches: ${batches.length}, ${(sizes.reduce((a, b) => a + b, 0) / batches.length).toFixed(1)} checkouts each (max ${Math.max(...sizes)}), ${(batches.reduce((a, b) => a + b.inFlight, 0) / batches.length).toFixed(2)} in flight on average`)
      console.log(`    per checkout: before the queue (cart read, pricing) ${ms(batches.flatMap((b) => b.beforeQueueMs))}; queue wait ${ms(batches.flatMap((b) => b.queueWaitMs))}`)
      console.log(`    batch start -> answered ${ms(batches.map((b) => b.totalMs))}:`)
      console.log(`    keys read + pending payments + processor ${ms(batches.map((b) => b.authorizeMs))}`)
      console.log(`    transaction ${ms(batches.map((b) => b.transactionMs))}; capture ${ms(batches.map((b) => b.captureMs))}`)
    }
    console.log(`  server GC: ${gcPauses.length} pauses, ${gcPauses.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...gcPauses).toFixed(1)} ms (${majorGcPauses.length} of them full mark-compact, longest ${Math.max(0, ...majorGcPauses).toFixed(1)} ms); PostgreSQL: ${checkpoints} checkpoints, ${autovacuums} autovacuum/analyze runs during the run`)
    console.log(`  HOT updates (whole run): ${r.hot.map((h) => `${h.t} ${h.hot}/${h.upd}${h.upd ? ` (${((100 * h.hot) / h.upd).toFixed(0)} %)` : ''}`).join(', ')}`)
    console.log(`  invariants: stock min ${r.stock.min} (never below 0), stock taken ${r.stock.taken} = items in orders ${r.held.n}; orders ${r.orderRows.n} for ${r.orderRows.keys} keys, ${r.orderRows.paid} paid; captured payments ${r.paid.n}, processor charges captured ${r.charges.n}, left authorised or pending ${r.uncharged.n}`)
    if (r.statementsTop.length > 0) {
      console.log(`  PostgreSQL statements (pg_stat_statements, measured window; per order: ms of execution + planning, calls; nested: run inside another statement, e.g. checkout_batch()):`)
      for (const t of r.statementsTop) console.log(`    ${(t.exec + t.plan).toFixed(3).padStart(7)} ms (exec ${t.exec.toFixed(3)}, plan ${t.plan.toFixed(3)}) ${t.calls.toFixed(2).padStart(6)} calls, ${t.rows.toFixed(1).padStart(5)} rows${t.top ? '' : ' nested'}: ${t.query}`)
    }
    if (r.errors.length) console.log(`  errors (${r.errors.length}): ${[...new Set(r.errors)].slice(0, 5).join(' | ')}`)
    console.log(`  ${r.ok ? 'held  ' : 'BROKEN'} no oversell, no double order, one charge per order`)
    if (mode === 'fast') {
      console.log(`  ${r.rate >= 500 ? 'met   ' : 'MISSED'} >= 500 orders/s`)
      console.log(`  ${r.p99 <= 100 ? 'met   ' : 'MISSED'} p99 <= 100 ms`)
    }
    if (!r.ok) failed = true
  }
} finally {
  agent.destroy()
  await server.stop()
}
if (failed) process.exitCode = 1
