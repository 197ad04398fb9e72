import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createLiveIndex, type LiveIndex } from '../search/search-live-index.server'
import { createSearchService, createSqlEngineSet, type SearchService } from '../search/search.service.server'
import type { ListingQuery } from '../search/search.types'
import { registryDiscountExclusions } from './discount-listing'

// /registry-discount's listing: both listing engines leave out exactly what the discount does not cover.

let database: TestDatabase
let live: LiveIndex
let indexed: SearchService
let sql: SearchService

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 900 }, () => {})
  live = createLiveIndex(database.pool, undefined, { sortBelow: 40 })
  await live.start()
  indexed = createSearchService({ db: database.db, pool: database.pool, engines: live })
  sql = createSearchService({ db: database.db, pool: database.pool, engines: createSqlEngineSet(database.pool) })
})

afterAll(async () => {
  await live?.stop()
  await database?.drop()
})

const q = (over: Partial<ListingQuery>): ListingQuery => ({ filters: {}, sort: 'popular', order: 'asc', page: 1, limit: 100, exclude: registryDiscountExclusions(), ...over })
const comparable = ({ searchId: _s, ...rest }: Awaited<ReturnType<SearchService['listing']>>) => rest

/** Every product the listing would show, with what the exclusions look at. */
async function allListed(service: SearchService, over: Partial<ListingQuery> = {}) {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const r = await service.listing(q({ ...over, page }))
    ids.push(...r.heroProducts.map((p) => p.productId))
    if (page >= r.pageCount) break
  }
  const { rows } = await database.pool.query<{ id: number; brand: string; category: string; parent: string | null; product_type: string }>(
    `select p.id, b.slug as brand, c.url_slug as category, pc.url_slug as parent, p.product_type::text as product_type
       from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id left join categories pc on pc.id = c.parent_id
      where p.id = any($1::int[])`,
    [ids],
  )
  return rows
}

describe('the registry discount listing', () => {
  test('has no gift cards, cash funds or favors, no diapers or wipes and none of the named brands', async () => {
    const rows = await allListed(sql)
    expect(rows.length).toBeGreaterThan(100)
    expect(rows.filter((r) => r.product_type !== 'product')).toEqual([])
    expect(rows.filter((r) => ['diapers', 'wipes'].includes(r.category) || ['diapers', 'wipes'].includes(r.parent ?? ''))).toEqual([])
    expect(rows.filter((r) => ['bumblebee-basics', 'stroll-and-co'].includes(r.brand))).toEqual([])
    // …while the rest of diapering (bags, changing pads) stays.
    expect(rows.some((r) => r.parent === 'diapering')).toBe(true)
  })

  test('leaves out exactly the excluded products: the count is the catalogue minus them', async () => {
    // The catalogue has some of each kind the discount leaves out, so the check below is not empty.
    const kinds = await database.pool.query<{ brands: string; diapers: string; cards: string }>(
      `select count(*) filter (where b.slug in ('bumblebee-basics', 'stroll-and-co')) brands,
              count(*) filter (where c.url_slug in ('diapers', 'wipes')) diapers,
              count(*) filter (where p.product_type <> 'product') cards
         from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id`,
    )
    expect(Number(kinds.rows[0]!.brands)).toBeGreaterThan(0)
    expect(Number(kinds.rows[0]!.diapers)).toBeGreaterThan(0)
    expect(Number(kinds.rows[0]!.cards)).toBeGreaterThan(0)
    const { rows } = await database.pool.query<{ n: string }>(
      `select count(*) n from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
        where p.product_type = 'product' and b.slug not in ('bumblebee-basics', 'stroll-and-co') and c.url_slug not in ('diapers', 'wipes')`,
    )
    expect((await sql.listing(q({}))).count).toBe(Number(rows[0]!.n))
    const unfiltered = await sql.listing(q({ exclude: undefined }))
    expect(unfiltered.count).toBeGreaterThan(Number(rows[0]!.n))
  })

  test('the in-memory index answers exactly as PostgreSQL, with filters, sorts, a category and a search', async () => {
    expect(indexed.engineName()).toBe('index')
    const cases: Partial<ListingQuery>[] = [
      {},
      { sort: 'price', order: 'asc', limit: 18 },
      { categorySlug: 'diapering' },
      { categorySlug: 'diapers' },
      { searchTerm: 'wipes' },
      { searchTerm: 'stroller', filters: { onSale: true } },
      { filters: { brands: ['bumblebee-basics', 'little-acorn'] } },
      { filters: { minPrice: 20, maxPrice: 120, minRating: 4 }, sort: 'rating', order: 'desc', limit: 18, page: 2 },
    ]
    for (const c of cases) expect(comparable(await indexed.listing(q(c))), JSON.stringify(c)).toEqual(comparable(await sql.listing(q(c))))
    expect((await sql.listing(q({ categorySlug: 'diapers' }))).count).toBe(0)
  })
})
