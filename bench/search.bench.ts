// `npx tsx bench/search.bench.ts --products 100000`: seeds N products on a throwaway embedded database, then
// measures the listing engine in process (service calls, each including its PostgreSQL round trip for
// the page's cards) for the in-memory index and for the straightforward SQL on the same data in the
// same run: search with facet counts, filtered category listing with facet counts, suggestions; one
// client and 8 concurrent. Prints p50/p99 and requests per second for both, and the process memory.
import { parseArgs } from 'node:util'
import { createDb } from '~/db/client.server'
import { seedDemoData } from '~/db/seed.server'
import type { ListingQuery } from '~/modules/search/search.types'
import { createLiveIndex } from '~/modules/search/search-live-index.server'
import { createSearchService, createSqlEngineSet, type SearchService } from '~/modules/search/search.service.server'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../tests/support/postgres-server'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '400' },
    url: { type: 'string' },
  },
})
const count = Number.parseInt(values.products, 10)
const REQUESTS = Number.parseInt(values.requests, 10)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const q = (over: Partial<ListingQuery>): ListingQuery => ({ filters: {}, sort: 'popular', order: 'asc', page: 1, limit: 18, ...over })

type Op = (i: number) => Promise<unknown>

async function measure(run: Op, clients: number, requests: number) {
  const times: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const i = next++
        const t0 = performance.now()
        await run(i)
        times.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: requests / seconds }
}

const fmt = (r: { p50: number; p99: number; rps: number }) =>
  `p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  ${r.rps.toFixed(0).padStart(6)} req/s`

const server = values.url ? undefined : await startTestPostgres()
const name = `nestlist_search_bench_${process.pid}`
const url = values.url ?? (await createTemplateDatabase(server!.adminUrl, name))
const { db, pool } = createDb(url, { max: 20 })
try {
  if (!values.url) {
    const t0 = performance.now()
    await seedDemoData(db, pool, { products: count }, () => {})
    await pool.query('vacuum analyze')
    console.log(`seeded ${count.toLocaleString('en-US')} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  }
  const rssBefore = process.memoryUsage().rss
  const live = createLiveIndex(pool)
  const t1 = performance.now()
  await live.start()
  global.gc?.()
  const mem = process.memoryUsage()
  console.log(
    `index loaded in ${((performance.now() - t1) / 1000).toFixed(1)} s; process rss ${(mem.rss / 2 ** 20).toFixed(0)} MB (index ~${((mem.rss - rssBefore) / 2 ** 20).toFixed(0)} MB), heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB`,
  )
  const services: [string, SearchService][] = [
    ['index', createSearchService({ db, pool, engines: live })],
    ['sql', createSearchService({ db, pool, engines: createSqlEngineSet(pool) })],
  ]

  const cats = (await pool.query<{ url_slug: string }>(`select url_slug from categories c where not hidden and parent_id is not null order by id`)).rows.map((r) => r.url_slug)
  const terms = ['stroller', 'baby blanket', 'organic swaddle', 'car seat', 'bottles', 'strolr', 'wooden toy', 'crib sheet', 'diaper bag', 'high chair']
  const filterSets: ListingQuery['filters'][] = [{ onSale: true }, { minRating: 4 }, { available: true, minPrice: 20, maxPrice: 200 }, { minRating: 3, onSale: true }]
  const suggestionTerms = ['str', 'stro', 'strol', 'blan', 'baby b', 'orga', 'car s', 'bott', 'wood', 'strolr']
  const ops: [string, (s: SearchService) => Op][] = [
    ['search + facets', (s) => (i) => s.listing(q({ searchTerm: terms[i % terms.length], filters: i % 2 ? filterSets[i % filterSets.length] : {} }))],
    ['filtered category + facets', (s) => (i) => s.listing(q({ categorySlug: cats[i % cats.length], filters: filterSets[i % filterSets.length]!, sort: i % 3 ? 'popular' : 'price', order: 'asc' }))],
    ['suggestions', (s) => (i) => s.suggestions(suggestionTerms[i % suggestionTerms.length])],
  ]
  console.log(`${REQUESTS} requests per line, in process, ${count.toLocaleString('en-US')} products`)
  for (const [label, op] of ops) {
    const results: Record<string, Record<number, { p50: number; p99: number; rps: number }>> = {}
    for (const [engine, service] of services) {
      const run = op(service)
      await measure(run, 4, Math.min(REQUESTS, 100)) // warm-up
      results[engine] = { 1: await measure(run, 1, REQUESTS), 8: await measure(run, 8, REQUESTS) }
    }
    for (const clients of [1, 8]) {
      for (const [engine] of services) console.log(`${label.padEnd(28)} ${engine.padEnd(5)} ${String(clients).padStart(1)} client${clients > 1 ? 's' : ' '}  ${fmt(results[engine]![clients]!)}`)
    }
    const ratio = results.index![8]!.rps / results.sql![8]!.rps
    console.log(`${label.padEnd(28)} index/sql throughput at 8 clients: ${ratio.toFixed(1)}x`)
  }
  const end = process.memoryUsage()
  console.log(`process rss at the end ${(end.rss / 2 ** 20).toFixed(0)} MB`)
  await live.stop()
} finally {
  await pool.end()
  if (server) {
    await dropDatabase(server.adminUrl, name)
    await server.stop()
  }
}
