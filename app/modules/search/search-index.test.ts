import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import type { ListingQuery, SortKey, SortOrder } from './search.types'
import { createLiveIndex, type LiveIndex } from './search-live-index.server'
import { createSearchService, createSqlEngineSet, type SearchService } from './search.service.server'

let database: TestDatabase
let live: LiveIndex
let indexed: SearchService
let sql: SearchService

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 2500 }, () => {})
  // A low threshold so pages come from both the sorted-matches and the order-walk paths.
  live = createLiveIndex(database.pool, undefined, { sortBelow: 40 })
  await live.start()
  indexed = createSearchService({ db: database.db, pool: database.pool, engines: live })
  sql = createSearchService({ db: database.db, pool: database.pool, engines: createSqlEngineSet(database.pool) })
})

afterAll(async () => {
  await live?.stop()
  await database?.drop()
})

const q = (over: Partial<ListingQuery>): ListingQuery => ({ filters: {}, sort: 'popular', order: 'asc', page: 1, limit: 18, ...over })
const comparable = ({ searchId: _s, ...rest }: Awaited<ReturnType<SearchService['listing']>>) => rest

describe('the in-memory index answers exactly as PostgreSQL', () => {
  test('for searches, categories, brands, listings, every filter and every sort', async () => {
    expect(indexed.engineName()).toBe('index')
    const brand = (await database.pool.query<{ id: number; slug: string }>('select id, slug from brands order by id limit 3')).rows
    const cats = (await database.pool.query<{ url_slug: string }>('select url_slug from categories where not hidden order by id limit 6')).rows
    const sorts: [SortKey, SortOrder][] = [
      ['popular', 'asc'],
      ['price', 'asc'],
      ['price', 'desc'],
      ['newest', 'desc'],
      ['newest', 'asc'],
      ['rating', 'desc'],
      ['rating', 'asc'],
      ['reviews', 'desc'],
    ]
    const scopes: Partial<ListingQuery>[] = [
      {},
      { searchTerm: 'stroller' },
      { searchTerm: 'baby blankets' },
      { searchTerm: 'strolr' },
      { searchTerm: 'organic swaddle' },
      { searchTerm: 'zzzzqqq' },
      { categorySlug: cats[0]!.url_slug },
      { categorySlug: cats[3]!.url_slug },
      { brandId: brand[0]!.id },
      { listing: 'sale' },
      { listing: 'new' },
      { listing: 'best' },
      { listing: 'fsa-hsa-eligible' },
    ]
    const filterSets: ListingQuery['filters'][] = [
      {},
      { onSale: true },
      { available: true, minRating: 4 },
      { minPrice: 20, maxPrice: 80 },
      { brands: [brand[1]!.slug, brand[2]!.slug] },
      { categories: [cats[1]!.url_slug, cats[2]!.url_slug], minRating: 3.5 },
    ]
    let i = 0
    for (const scope of scopes) {
      for (const filters of filterSets) {
        const [sort, order] = sorts[i++ % sorts.length]!
        for (const page of [1, 2]) {
          const query = q({ ...scope, filters, sort, order, page })
          expect(comparable(await indexed.listing(query)), JSON.stringify(query)).toEqual(comparable(await sql.listing(query)))
        }
      }
    }
  })

  test('suggestions are the same', async () => {
    for (const term of ['strol', 'strolr', 'blank', 'baby bla', 'organic', 'zzzz']) {
      expect(await indexed.suggestions(term), term).toEqual(await sql.suggestions(term))
    }
  })
})

describe('the index follows the database', () => {
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      await live.settled()
      if (await check()) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('the index did not catch up')
  }

  test('a change is announced when notified and again once applied (the page cache drops its pages on both)', async () => {
    const { rows } = await database.pool.query<{ id: number }>('select id from products order by id desc limit 1')
    const id = rows[0]!.id
    let calls = 0
    const off = live.onChange(() => {
      calls++
    })
    await database.pool.query(`update products set name = 'Qorvandel Lamp' where id = $1`, [id])
    await eventually(async () => (await indexed.listing(q({ searchTerm: 'qorvandel' }))).count === 1 && calls >= 2)
    expect(calls).toBeGreaterThanOrEqual(2)
    off()
    const before = calls
    await database.pool.query(`update products set name = 'Zeptrinoq Lamp' where id = $1`, [id])
    await eventually(async () => (await indexed.listing(q({ searchTerm: 'zeptrinoq' }))).count === 1)
    expect(calls).toBe(before)
  })

  test('a renamed, repriced or deleted product shows up in listings', async () => {
    const { rows } = await database.pool.query<{ id: number }>('select id from products order by id limit 1')
    const id = rows[0]!.id
    await database.pool.query(`update products set name = 'Zyxwoggle Travel Stroller', price_cents = 123, sale_price_cents = null where id = $1`, [id])
    await eventually(async () => (await indexed.listing(q({ searchTerm: 'zyxwoggle' }))).count === 1)
    const found = await indexed.listing(q({ searchTerm: 'zyxwoggle', filters: { maxPrice: 2 } }))
    expect(found.heroProducts.map((p) => p.productId)).toEqual([id])
    expect(comparable(await indexed.listing(q({ searchTerm: 'stroller' })))).toEqual(comparable(await sql.listing(q({ searchTerm: 'stroller' }))))

    await database.pool.query('delete from collection_products where product_id = $1', [id])
    await database.pool.query('delete from product_reviews where product_id = $1', [id]).catch(() => undefined)
    await database.pool.query('delete from products where id = $1', [id])
    await eventually(async () => (await indexed.listing(q({ searchTerm: 'zyxwoggle' }))).count === 0)
  })

  test('a card read before a change is not served after it (the card cache follows the notifications)', async () => {
    const { rows } = await database.pool.query<{ id: number; category: string }>(
      'select p.id, c.url_slug category from products p join categories c on c.id = p.category_id order by p.popularity desc, p.id limit 1',
    )
    const { id, category } = rows[0]!
    const card = async () => (await indexed.listing(q({ categorySlug: category }))).heroProducts.find((p) => p.productId === id)
    expect(await card()).toBeDefined() // now cached
    await database.pool.query(`update products set short_name = 'Qwzzle Edition' where id = $1`, [id])
    await eventually(async () => (await card())?.shortName.includes('Qwzzle') ?? false)
    expect((await card())!.shortName).toBe((await sql.listing(q({ categorySlug: category }))).heroProducts.find((p) => p.productId === id)!.shortName)
  })
})
