import { createDb } from '~/db/client.server'
import { seedDemoData } from '~/db/seed.server'
import { createLiveIndex } from '~/modules/search/search-live-index.server'
import { createSearchService } from '~/modules/search/search.service.server'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../tests/support/postgres-server'
const server = await startTestPostgres()
const name = `nestlist_prof_${process.pid}`
const url = await createTemplateDatabase(server.adminUrl, name)
const { db, pool } = createDb(url, { max: 10 })
await seedDemoData(db, pool, { products: 100000 }, () => {})
const live = createLiveIndex(pool)
await live.start()
const s = createSearchService({ db, pool, engines: live })
const sugg = ['str', 'stro', 'strol', 'blan', 'baby b', 'orga', 'car s', 'bott', 'wood', 'strolr']
for (let round = 0; round < 3; round++) for (const t of sugg) {
  const times: number[] = []
  for (let i = 0; i < 30; i++) { const t0 = performance.now(); await s.suggestions(t); times.push(performance.now() - t0) }
  times.sort((a, b) => a - b)
  if (round === 2) console.log('sugg', t.padEnd(10), times[15]!.toFixed(2), times[29]!.toFixed(2))
}
const cats = (await pool.query<{ url_slug: string }>(`select url_slug from categories c where not hidden and parent_id is not null order by id`)).rows.map((r) => r.url_slug)
const meta = await live.meta(); const vocab = await live.vocabulary()
const { resolveQuery } = await import('~/modules/search/search-catalog.server')
for (const c of cats.slice(0, 12)) {
  const rq = resolveQuery(meta, vocab, { categorySlug: c, filters: { onSale: true }, sort: 'popular', order: 'asc', page: 1, limit: 18 })
  const t0 = performance.now()
  let r
  for (let i = 0; i < 30; i++) r = await live.current().run({ ...rq, sort: 'price', order: 'asc', offset: 0, limit: 18 }, meta)
  const t1 = performance.now()
  for (let i = 0; i < 30; i++) await s.listing({ categorySlug: c, filters: { onSale: true }, sort: 'price', order: 'asc', page: 1, limit: 18 })
  console.log('cat', c.padEnd(24), ((t1 - t0) / 30).toFixed(2), ((performance.now() - t1) / 30).toFixed(2), r!.count)
}
await live.stop(); await pool.end(); await dropDatabase(server.adminUrl, name); await server.stop()
