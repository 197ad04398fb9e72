// `npm run bench:reservations`: reservation throughput and latency through the reservations service (each
// call includes its PostgreSQL round trips) with a pg pool of 32, on a throwaway embedded database (or
// DATABASE_URL's server, in a database of its own that is dropped afterwards).
//
// (a) One popular item, 32 concurrent clients. An item can ask for at most 99, so a plain stream of
//     reservations would fill it after 99 and turn into 409s. Each client therefore runs reserve, then
//     unreserve of what it just reserved, in a loop: the item row is locked and updated by both calls, so
//     the hot row sees twice the writes we count. Reservations per second counts the reserves only; p50/p99
//     are of the reserve calls (unreserve latency is printed too). At most 32 of 99 are held at any moment,
//     so every reserve must succeed; any 409 or error is printed and fails the run.
// (b) Reservations spread over 2,000 items (99 each) by 32 clients, reserve only.
//
// Goals (issue 5): (a) >= 1,000 reservations/s with p99 <= 50 ms; (b) >= 5,000 reservations/s.
// Flags: --seconds 5 (per scenario), --clients 32, --in-flight N (group-commit transactions at once; the
// service's default otherwise).
import { parseArgs } from 'node:util'
import { createDb } from '~/db/client.server'
import { users } from '~/modules/accounts/accounts.schema'
import { brands, categories, products } from '~/modules/catalog/catalog.schema'
import { createRegistryService } from '~/modules/registry/registry.service.server'
import { createReservationsService } from '~/modules/registry/reservations.service.server'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../tests/support/postgres-server'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, clients: { type: 'string', default: '32' }, 'in-flight': { type: 'string' } } })
const SECONDS = Number(values.seconds)
const CLIENTS = Number(values.clients)
const SPREAD_ITEMS = 2_000

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const stats = (times: number[], seconds: number) => {
  const s = [...times].sort((a, b) => a - b)
  return { n: s.length, rps: s.length / seconds, p50: percentile(s, 50), p99: percentile(s, 99) }
}
const fmt = (r: ReturnType<typeof stats>) =>
  `${r.rps.toFixed(0).padStart(6)} /s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  (${r.n.toLocaleString('en-US')} calls)`

const server = await startTestPostgres()
const name = `nestlist_reservations_bench_${process.pid}`
const url = await createTemplateDatabase(server.adminUrl, name)
const { db, pool } = createDb(url, { max: CLIENTS })
let failed = false
try {
  const registry = createRegistryService({ db })
  const reservations = createReservationsService({ db, ...(values['in-flight'] ? { maxInFlight: Number(values['in-flight']) } : {}) })
  const [owner] = await db.insert(users).values({ email: 'bench-owner@example.test', firstName: 'Bench', lastName: 'Owner', passwordHash: 'x' }).returning()
  await db.insert(categories).values({ id: 1, title: 'Bench', urlSlug: 'bench' })
  await db.insert(brands).values({ id: 1, name: 'Bench', slug: 'bench', title: 'Bench', logoUrl: '/x.svg' })
  await db.insert(products).values({ id: 1, slug: 'bench-product', name: 'Bench product', shortName: 'Bench', description: 'x', priceCents: 2500, imageUrl: '/x.svg', categoryId: 1, brandId: 1 })
  const r = await registry.create(owner!.id, { registryType: 'baby', title: 'Bench', familyName: 'Bench family', slug: 'bench-family', isArrivalDateKnown: false })
  const popular = await registry.addItem(r.id, owner!.id, { productId: 1, quantity: 99 })
  // the spread items, set-based
  const categoryId = r.categories.find((c) => c.isDefault)!.id
  const spread = (
    await pool.query<{ id: string }>(
      `insert into reg_items (registry_id, category_id, product_id, title, image_url, price_cents, quantity_needed, position)
       select $1, $2, 1, 'Bench product', '/x.svg', 2500, 99, g from generate_series(1, $3) g returning id`,
      [r.id, categoryId, SPREAD_ITEMS],
    )
  ).rows.map((x) => ({ id: Number(x.id) }))
  await pool.query('vacuum analyze')
  const giver = (i: number) => ({ quantity: 1, giverName: `Guest ${i}`, giverEmail: `guest${i % 500}@example.test` })
  const errors: string[] = []

  async function run(label: string, body: (client: number, i: number, reserveTimes: number[], otherTimes: number[]) => Promise<void>) {
    const reserveTimes: number[] = []
    const otherTimes: number[] = []
    const until = performance.now() + SECONDS * 1000
    let i = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (performance.now() < until) await body(client, i++, reserveTimes, otherTimes)
      }),
    )
    const seconds = (performance.now() - started) / 1000
    return { label, reserve: stats(reserveTimes, seconds), other: otherTimes.length ? stats(otherTimes, seconds) : null }
  }

  // warm-up: connections, plans
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => reservations.unreserve((await reservations.reserve(popular.id, giver(c))).id)))

  const a = await run('(a) one popular item, reserve + unreserve', async (_client, i, reserveTimes, otherTimes) => {
    const t0 = performance.now()
    try {
      const made = await reservations.reserve(popular.id, giver(i))
      const t1 = performance.now()
      reserveTimes.push(t1 - t0)
      await reservations.unreserve(made.id)
      otherTimes.push(performance.now() - t1)
    } catch (e) {
      errors.push(`(a) ${(e as Error).message}`)
    }
  })

  const b = await run('(b) spread over 2,000 items, reserve', async (_client, i, reserveTimes) => {
    const item = spread[(i * 7919) % spread.length]!.id
    const t0 = performance.now()
    try {
      await reservations.reserve(item, giver(i))
      reserveTimes.push(performance.now() - t0)
    } catch (e) {
      errors.push(`(b) ${(e as Error).message}`)
    }
  })

  const [{ bad }] = (await pool.query<{ bad: string }>(`select count(*) as bad from reg_items where quantity_reserved + quantity_purchased > quantity_needed or quantity_reserved < 0`)).rows as [{ bad: string }]
  const [{ held }] = (await pool.query<{ held: number }>(`select quantity_reserved as held from reg_items where id = $1`, [popular.id])).rows as [{ held: number }]

  const setting = async (n: string) => (await pool.query<Record<string, string>>(`show ${n}`)).rows[0]![n]
  // The machine's state: a bare round trip and a bare commit (WAL flush), the floor under every reserve.
  const rt: number[] = []
  const commit: number[] = []
  for (let k = 0; k < 200; k++) {
    const t0 = performance.now()
    await pool.query('select 1')
    const t1 = performance.now()
    await pool.query('update reg_items set note = note where id = $1', [popular.id])
    rt.push(t1 - t0)
    commit.push(performance.now() - t1)
  }
  console.log(`${CLIENTS} clients, pool ${CLIENTS}, group commit ${values['in-flight'] ?? 'default'} in flight, ${SECONDS} s per scenario, PostgreSQL ${await setting('server_version')} (fsync ${await setting('fsync')}, synchronous_commit ${await setting('synchronous_commit')})`)
  console.log(`floor: round trip p50 ${percentile(rt.sort((x, y) => x - y), 50).toFixed(2)} ms, one-row update + commit p50 ${percentile(commit.sort((x, y) => x - y), 50).toFixed(2)} ms`)
  console.log(`${a.label}\n  reserve    ${fmt(a.reserve)}\n  unreserve  ${a.other ? fmt(a.other) : '-'}`)
  console.log(`${b.label}\n  reserve    ${fmt(b.reserve)}`)
  console.log(`invariants: ${bad} items over- or under-counted; popular item holds ${held} after the run (expected 0)`)
  if (errors.length) console.log(`errors (${errors.length}): ${[...new Set(errors)].slice(0, 5).join(' | ')}`)
  const goals = [
    ['(a) >= 1,000 reservations/s', a.reserve.rps >= 1000],
    ['(a) p99 <= 50 ms', a.reserve.p99 <= 50],
    ['(b) >= 5,000 reservations/s', b.reserve.rps >= 5000],
  ] as const
  for (const [goal, met] of goals) console.log(`${met ? 'met   ' : 'MISSED'} ${goal}`)
  failed = errors.length > 0 || bad !== '0' || held !== 0
} finally {
  await pool.end()
  await dropDatabase(server.adminUrl, name)
  await server.stop()
}
if (failed) process.exitCode = 1
