import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { SALE_PREVIEW_PRODUCTS, SALE_PREVIEWS, type SalePreview } from '~/modules/config/app-config'
import { parseListingParams } from '~/modules/search/listing-query'
import { createLiveIndex, type LiveIndex } from '~/modules/search/search-live-index.server'
import { createSearchService, createSqlEngineSet, type SearchService } from '~/modules/search/search.service.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { SALE_LISTING_PATH, salePreviewForFilters, salePreviewHref, salePreviews } from './sale-previews.server'
import { TOP_LEVEL_CATEGORY_SLUGS } from './seed/category-tree'

// Spec §9 'Sale preview slugs: two (gear and essentials)': the mapping, and the rows the sale page reads
// through the listing service (both engines), checked against the database's own answer.
let database: TestDatabase
let live: LiveIndex
let sql: SearchService
let indexed: SearchService

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 2500 }, () => {})
  sql = createSearchService({ db: database.db, pool: database.pool, engines: createSqlEngineSet(database.pool) })
  live = createLiveIndex(database.pool)
  await live.start()
  indexed = createSearchService({ db: database.db, pool: database.pool, engines: live })
})

afterAll(async () => {
  await live?.stop()
  await database?.drop()
})

/** The on-sale products of a group of top-level categories (with their subcategories), straight from SQL. */
async function onSaleIds(topSlugs: readonly string[]): Promise<Set<number>> {
  const { rows } = await database.pool.query<{ id: number }>(
    `with recursive tree as (select id from categories where url_slug = any($1) and not hidden
       union select c.id from categories c join tree t on c.parent_id = t.id where not c.hidden)
     select p.id from products p where p.category_id in (select id from tree) and p.sale_price_cents < p.price_cents`,
    [topSlugs],
  )
  return new Set(rows.map((r) => r.id))
}

describe('the sale preview mapping', () => {
  test('two slugs, gear and essentials, each over navbar top categories, no category in both, and every top category but more covered', () => {
    expect(SALE_PREVIEWS.map((p) => p.slug)).toEqual(['gear', 'essentials'])
    const all = SALE_PREVIEWS.flatMap((p) => p.categorySlugs)
    expect(new Set(all).size).toBe(all.length)
    for (const slug of all) expect(TOP_LEVEL_CATEGORY_SLUGS).toContain(slug)
    expect(TOP_LEVEL_CATEGORY_SLUGS.filter((s) => !all.includes(s))).toEqual(['more'])
    expect(SALE_PREVIEWS[0]!.categorySlugs).toEqual(expect.arrayContaining(['strollers', 'car-seats', 'carriers', 'nursery', 'playroom']))
    expect(SALE_PREVIEWS[1]!.categorySlugs).toEqual(expect.arrayContaining(['diapering', 'feeding', 'bath-potty', 'baby-health-safety', 'clothing']))
    expect(SALE_PREVIEWS.map((p) => p.shopAllLabel)).toEqual(['Shop all gear on sale', 'Shop all essentials on sale'])
  })

  test("'Shop all' is the sale listing with the group's categories, written as the filter bar writes it", () => {
    const href = salePreviewHref(SALE_PREVIEWS[0]!)
    const url = new URL(href, 'http://x')
    expect(url.pathname).toBe(SALE_LISTING_PATH)
    expect([...url.searchParams.keys()]).toEqual(['categories'])
    expect(url.searchParams.get('categories')!.split(',')).toEqual([...SALE_PREVIEWS[0]!.categorySlugs])
  })
})

describe.each([
  ['PostgreSQL', () => sql],
  ['the in-memory index', () => indexed],
])('the sale preview rows, through %s', (_name, service) => {
  test("each row holds the first on-sale products of its group only, and they open its 'Shop all' listing in the same order", async () => {
    const rows = await salePreviews(service())
    expect(rows.map((r) => r.slug)).toEqual(['gear', 'essentials'])
    for (const row of rows) {
      const preview = SALE_PREVIEWS.find((p) => p.slug === row.slug)!
      const expected = await onSaleIds(preview.categorySlugs)
      expect(row.count).toBe(expected.size)
      expect(row.products).toHaveLength(Math.min(SALE_PREVIEW_PRODUCTS, expected.size))
      for (const p of row.products) {
        expect(expected.has(p.productId), `${row.slug}: ${p.productId}`).toBe(true)
        expect(p.onSale).toBe(true)
      }
      // The 'Shop all' listing, read as the sale page reads its address: same count, same first products.
      const url = new URL(row.href, 'http://x')
      const shopAll = await service().listing({ ...parseListingParams(url.searchParams), listing: 'sale' })
      expect(shopAll.count).toBe(row.count)
      expect(shopAll.heroProducts.slice(0, row.products.length).map((p) => p.productId)).toEqual(row.products.map((p) => p.productId))
      expect(shopAll.heroProducts.every((p) => expected.has(p.productId))).toBe(true)
      // The filter panel lists the chosen top categories, checked by their slugs, with their trees' counts.
      const categories = shopAll.facets.find((f) => f.key === 'categories')!
      const chosen = categories.values.slice(0, preview.categorySlugs.length)
      expect(chosen.map((v) => v.value)).toEqual([...preview.categorySlugs])
      expect(chosen.reduce((n, v) => n + v.count, 0)).toBe(row.count)
    }
  })

  test('a group with nothing on sale is left out; the rest keep their order', async () => {
    const nothing: SalePreview = { slug: 'gear', title: 'Gift cards on sale', shopAllLabel: 'Shop all', categorySlugs: ['gift-cards'] }
    const rows = await salePreviews(service(), { previews: [nothing, SALE_PREVIEWS[1]!] })
    expect(rows.map((r) => r.title)).toEqual(['Essentials on sale'])
    const gone: SalePreview = { ...nothing, categorySlugs: ['no-such-category'] }
    expect(await salePreviews(service(), { previews: [gone] })).toEqual([])
  })
})

describe('salePreviewForFilters', () => {
  test("names the group whose 'Shop all' listing the filters are: its categories in any order, nothing else chosen", () => {
    const [gear, essentials] = SALE_PREVIEWS
    expect(salePreviewForFilters({ categories: [...gear!.categorySlugs] })?.title).toBe('Gear on sale')
    expect(salePreviewForFilters({ categories: [...essentials!.categorySlugs].reverse() })?.title).toBe('Essentials on sale')
    expect(salePreviewForFilters({ categories: gear!.categorySlugs.slice(1) })).toBeNull()
    expect(salePreviewForFilters({ categories: [...gear!.categorySlugs, 'clothing'] })).toBeNull()
    expect(salePreviewForFilters({ categories: [...gear!.categorySlugs], minPrice: 10 })).toBeNull()
    expect(salePreviewForFilters({})).toBeNull()
  })
})
