// `npm run bench:checkout`: checkouts per second and latency through the orders service (placeOrder: price the
// cart, authorise the test card, one transaction that writes the order and takes stock, capture, clear the
// cart), 32 concurrent clients with a pg pool of 32, on a throwaway embedded database with durable commits
// (fsync and synchronous_commit as the server has them; printed) or DATABASE_URL's server.
//
// Every cart holds the same 10 hot products (one of each), so every order locks and updates the same 10
// stock rows. Carts are built beforehand with set-based SQL (building carts is the cart service's job and is
// not what is measured). Checks at the end: stock taken equals what the orders hold (no oversell, never below
// zero), one order and one captured payment per acknowledged checkout (no double order or charge).
//
// Goal (issue 7, end to end over HTTP, measured when the checkout pages exist): >= 500 orders/s, p99 <= 100 ms.
// Flags: --seconds 10, --clients 32.
import { createHash, randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createDb } from '~/db/client.server'
import { brands, categories, products } from '~/modules/catalog/catalog.schema'
import { createCartService } from '~/modules/cart/cart.service.server'
import { createOrdersService } from '~/modules/orders/orders.service.server'
import { ensureProductStock } from '~/modules/orders/stock.seed.server'
import { createPaymentsService } from '~/modules/payments/payments.service.server'
import { createTestProcessor } from '~/modules/payments/test-processor.server'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../tests/support/postgres-server'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, clients: { type: 'string', default: '32' } } })
const SECONDS = Number(values.seconds)
const CLIENTS = Number(values.clients)
const HOT = 10
const CARTS_PER_CLIENT = 2_000
const STOCK = 1_000_000

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' }
const address = { name: 'Bench Buyer', line1: '1 Bench Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }

const server = await startTestPostgres()
const name = `nestlist_checkout_bench_${process.pid}`
const url = await createTemplateDatabase(server.adminUrl, name)
const { db, pool } = createDb(url, { max: CLIENTS })
let failed = false
try {
  await db.insert(categories).values({ id: 1, title: 'Bench', urlSlug: 'bench' })
  await db.insert(brands).values({ id: 1, name: 'Bench', slug: 'bench', title: 'Bench', logoUrl: '/x.svg' })
  await db.insert(products).values(
    Array.from({ length: HOT }, (_, i) => ({
      id: i + 1,
      slug: `hot-${i + 1}`,
      name: `Hot product ${i + 1}`,
      shortName: `Hot ${i + 1}`,
      description: 'x',
      priceCents: 1_000 + i * 111,
      imageUrl: '/x.svg',
      categoryId: 1,
      brandId: 1,
      stock: STOCK,
    })),
  )
  await ensureProductStock(db)

  // Guest carts, built set-based: client c's k-th cart has token bench-c-k-<random>.
  const salt = randomBytes(6).toString('hex')
  const tokenOf = (c: number, k: number) => `bench-${salt}-${c}-${k}-padding-padding`
  const hash = (t: string) => createHash('sha256').update(t).digest('base64url')
  const all: { token: string; hash: string }[] = []
  for (let c = 0; c < CLIENTS; c++) for (let k = 0; k < CARTS_PER_CLIENT; k++) all.push({ token: tokenOf(c, k), hash: hash(tokenOf(c, k)) })
  for (let i = 0; i < all.length; i += 5_000) {
    const chunk = all.slice(i, i + 5_000)
    await pool.query(
      `with c as (insert into carts (guest_token_hash) select unnest($1::text[]) returning id)
       insert into cart_items (cart_id, product_id, options, option_key, quantity) select c.id, p.id, '{}'::jsonb, '', 1 from c cross join generate_series(1, ${HOT}) p(id)`,
      [chunk.map((x) => x.hash)],
    )
  }
  await pool.query('vacuum analyze')

  const cart = createCartService({ db })
  const payments = createPaymentsService({ db, processor: createTestProcessor({ db }) })
  const orders = createOrdersService({ db, cart, payments, discount: { currentFor: async () => null } })

  // The floor under every order on this machine: a one-row update of a stock row and its durable commit.
  const floor: number[] = []
  for (let k = 0; k < 100; k++) {
    const t0 = performance.now()
    await pool.query(`update product_stock set quantity = quantity where product_id = 1`)
    floor.push(performance.now() - t0)
  }
  const setting = async (s: string) => (await pool.query<{ v: string }>(`select current_setting('${s}') as v`)).rows[0]!.v
  const times: number[] = []
  const acknowledged = new Set<string>()
  const errors: string[] = []
  const until = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let k = 0; k < CARTS_PER_CLIENT && performance.now() < until; k++) {
        const t0 = performance.now()
        try {
          const order = await orders.placeOrder({ guestToken: tokenOf(c, k) }, { idempotencyKey: `bench-${salt}-${c}-${k}`, email: `c${c}@example.test`, name: 'Bench', shippingAddress: address, card })
          if (acknowledged.has(order.id)) errors.push(`order ${order.id} acknowledged twice`)
          acknowledged.add(order.id)
          times.push(performance.now() - t0)
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error))
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const sorted = [...times].sort((a, b) => a - b)

  const q = async (text: string) => (await pool.query(text)).rows[0] as Record<string, number>
  const stock = await q(`select min(quantity)::int as min, sum(${STOCK} - quantity)::int as taken from product_stock`)
  const held = await q(`select coalesce(sum(quantity), 0)::int as n from order_lines`)
  const orderRows = await q(`select count(*)::int as n, count(distinct idempotency_key)::int as keys, count(*) filter (where status = 'paid')::int as paid from orders`)
  const paid = await q(`select count(*)::int as n from payments where status = 'captured'`)
  const charges = await q(`select count(*)::int as n from test_processor_charges where status = 'captured'`)
  const uncharged = await q(`select count(*)::int as n from payments where status = 'authorized'`)

  console.log(`${CLIENTS} clients, pool ${CLIENTS}, ${HOT} hot products in every cart, ${SECONDS} s, PostgreSQL ${await setting('server_version')} (fsync ${await setting('fsync')}, synchronous_commit ${await setting('synchronous_commit')})`)
  console.log(`floor: one hot-row update + commit p50 ${percentile(floor.sort((x, y) => x - y), 50).toFixed(2)} ms (orders that share hot rows commit one after another: at most ~${(1000 / percentile(floor, 50)).toFixed(0)}/s)`)
  console.log(`placeOrder through the service: ${(times.length / elapsed).toFixed(0)} orders/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${times.length} orders in ${elapsed.toFixed(1)} s)`)
  console.log(`invariants: stock min ${stock.min} (never below 0), stock taken ${stock.taken} = items in orders ${held.n}; orders ${orderRows.n} for ${orderRows.keys} keys, ${acknowledged.size} acknowledged, ${orderRows.paid} paid; captured payments ${paid.n}, processor charges ${charges.n}, authorised but uncharged ${uncharged.n}`)
  if (errors.length) console.log(`errors (${errors.length}): ${[...new Set(errors)].slice(0, 5).join(' | ')}`)
  const ok =
    errors.length === 0 &&
    stock.min! >= 0 &&
    stock.taken === held.n &&
    orderRows.n === acknowledged.size &&
    orderRows.keys === orderRows.n &&
    paid.n === orderRows.n &&
    charges.n === orderRows.n &&
    uncharged.n === 0
  console.log(`${ok ? 'held  ' : 'BROKEN'} no oversell, no double order, one charge per order`)
  console.log(`${times.length / elapsed >= 500 ? 'met   ' : 'MISSED'} >= 500 orders/s (service layer; the issue's goal is end to end over HTTP)`)
  console.log(`${percentile(sorted, 99) <= 100 ? 'met   ' : 'MISSED'} p99 <= 100 ms (service layer)`)
  failed = !ok
} finally {
  await pool.end()
  await dropDatabase(server.adminUrl, name)
  await server.stop()
}
if (failed) process.exitCode = 1
