import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import type { ListingQuery } from './search.types'
import { createSearchService, type SearchService } from './search.service.server'

let database: TestDatabase
let search: SearchService

type P = {
  id: number
  name: string
  brand_id: number
  brand_name: string
  category_id: number
  popularity: number
  price_cents: number
  sale_price_cents: number | null
  rating: string | null
  available: boolean
  product_type: string
}
let all: P[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 3000 }, () => {})
  search = createSearchService({ db: database.db, pool: database.pool })
  all = (
    await database.pool.query<P>(
      `select p.id, p.name, p.brand_id, b.name as brand_name, p.category_id, p.popularity, p.price_cents, p.sale_price_cents, p.rating, p.available, p.product_type
       from products p join brands b on b.id = p.brand_id`,
    )
  ).rows
})

afterAll(async () => {
  await database?.drop()
})

const q = (over: Partial<ListingQuery>): ListingQuery => ({ filters: {}, sort: 'popular', order: 'asc', page: 1, limit: 18, ...over })
const onSale = (p: P) => p.sale_price_cents !== null && p.sale_price_cents < p.price_cents
const byPopularity = (a: P, b: P) => b.popularity - a.popularity || a.id - b.id

describe('listing', () => {
  test('a category listing counts every product of the category tree and pages by popularity', async () => {
    const { rows } = await database.pool.query<{ id: number; url_slug: string }>(
      `select c.id, c.url_slug from categories c where c.parent_id is null and not c.hidden order by position limit 1`,
    )
    const root = rows[0]!
    const tree = new Set<number>([root.id])
    const cats = (await database.pool.query<{ id: number; parent_id: number | null; hidden: boolean }>('select id, parent_id, hidden from categories')).rows
    for (let grew = true; grew; ) {
      grew = false
      for (const c of cats) {
        if (c.parent_id !== null && tree.has(c.parent_id) && !c.hidden && !tree.has(c.id)) {
          tree.add(c.id)
          grew = true
        }
      }
    }
    const expected = all.filter((p) => tree.has(p.category_id)).sort(byPopularity)
    const result = await search.listing(q({ categorySlug: root.url_slug }))
    expect(result.count).toBe(expected.length)
    expect(result.heroProducts.map((c) => c.productId)).toEqual(expected.slice(0, 18).map((p) => p.id))
    expect(result.pageCount).toBe(Math.ceil(expected.length / 18))
    expect(result.searchId).toBeUndefined()
  })

  test('facet counts are exact and each section excludes its own filter', async () => {
    const some = all.find((p) => onSale(p))!
    const result = await search.listing(q({ filters: { onSale: true, brands: [String(some.brand_id)] } }))
    const matches = all.filter((p) => onSale(p) && p.brand_id === some.brand_id)
    expect(result.count).toBe(matches.length)
    const brandFacet = result.facets.find((f) => f.key === 'brands')!
    const onSaleAll = all.filter(onSale)
    const brandTotal = brandFacet.values.reduce((n, v) => n + v.count, 0)
    expect(brandTotal).toBe(onSaleAll.length)
    const saleFacet = result.facets.find((f) => f.key === 'onSale')!
    expect(saleFacet.values[0]!.count).toBe(matches.length)
    const stock = result.facets.find((f) => f.key === 'available')!
    expect(stock.values[0]!.count).toBe(matches.filter((p) => p.available).length)
    const rating = result.facets.find((f) => f.key === 'minRating')!
    expect(rating.values.map((v) => v.label)).toEqual(['5', '4 & up', '3 & up', '2 & up', '1 & up'])
    expect(rating.values[1]!.count).toBe(matches.filter((p) => p.rating !== null && Number(p.rating) >= 4).length)
  })

  test('a price range keeps products whose price range overlaps it', async () => {
    const result = await search.listing(q({ filters: { minPrice: 20, maxPrice: 50 } }))
    const cur = (p: P) => (onSale(p) ? p.sale_price_cents! : p.price_cents)
    const lo = (p: P) => (p.product_type === 'gift_card' ? 2500 : cur(p))
    const hi = (p: P) => (p.product_type === 'gift_card' ? 100000 : cur(p))
    expect(result.count).toBe(all.filter((p) => hi(p) >= 2000 && lo(p) <= 5000).length)
  })

  test('a search matches words by prefix in the name or brand, plurals included, relevance first', async () => {
    const singular = await search.listing(q({ searchTerm: 'blanket' }))
    const plural = await search.listing(q({ searchTerm: 'blankets' }))
    expect(singular.count).toBeGreaterThan(0)
    expect(plural.count).toBe(singular.count)
    expect(plural.searchId).toMatch(/[0-9a-f-]{36}/)
    expect(all.filter((p) => /\bblanket/i.test(p.name) || /\bblanket/i.test(p.brand_name)).length).toBe(singular.count)
  })

  test('with a term, whole-word matches come before prefix matches, whatever their popularity', async () => {
    const { rows } = await database.pool.query<{ brand_id: number; category_id: number }>('select brand_id, category_id from products limit 1')
    const { brand_id: brandId, category_id: categoryId } = rows[0]!
    const insert = (id: number, name: string, popularity: number) =>
      database.pool.query(
        `insert into products (id, slug, name, short_name, description, brand_id, category_id, price_cents, image_url, popularity)
         values ($1, $2, $3, $3, '', $4, $5, 1000, '/x.svg', $6)`,
        [id, `p-${id}`, name, brandId, categoryId, popularity],
      )
    await insert(900001, 'Quorvex Cardigan', 1_000_000)
    await insert(900002, 'Quorvex Car Mirror', 1)
    await insert(900003, 'Quorvex Cars Playmat', 2)
    const result = await search.listing(q({ searchTerm: 'quorvex car' }))
    expect(result.heroProducts.map((p) => p.title)).toEqual(['Quorvex Cars Playmat', 'Quorvex Car Mirror', 'Quorvex Cardigan'])
    await database.pool.query('delete from products where id >= 900001 and id <= 900003')
  })

  test('a misspelt word finds what the right spelling finds', async () => {
    const right = await search.listing(q({ searchTerm: 'stroller' }))
    const typo = await search.listing(q({ searchTerm: 'strolr' }))
    expect(right.count).toBeGreaterThan(0)
    // 'strolr' is one edit from 'stroll', which also finds every stroller.
    expect(typo.count).toBeGreaterThanOrEqual(right.count)
    expect(typo.heroProducts.length).toBeGreaterThan(0)
    expect(typo.heroProducts.every((p) => /stroll/i.test(p.title))).toBe(true)
  })

  test('a term that is a brand name sets the brand and finds its products', async () => {
    const brand = (await database.pool.query<{ id: number; name: string; slug: string }>('select id, name, slug from brands order by id limit 1')).rows[0]!
    const result = await search.listing(q({ searchTerm: brand.name.toUpperCase() }))
    expect(result.brand).toMatchObject({ id: brand.id, brandPageUrl: `/store/b/${brand.slug}/${brand.id}` })
    expect(result.heroProducts.length).toBeGreaterThan(0)
  })

  test('sorting by price ascending orders by the current price', async () => {
    const result = await search.listing(q({ sort: 'price', order: 'asc' }))
    const prices = result.heroProducts.map((p) => p.price.current)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  test('unknown categories and brands are not found; hostile terms are harmless', async () => {
    await expect(search.listing(q({ categorySlug: 'no-such-category' }))).rejects.toMatchObject({ code: 'not_found' })
    await expect(search.listing(q({ brandId: 999999 }))).rejects.toMatchObject({ code: 'not_found' })
    for (const term of ["'; drop table products; --", '<script>alert(1)</script>', '(((', '\\', '%_%', '👶🍼', 'ñandú']) {
      const r = await search.listing(q({ searchTerm: term }))
      expect(r.count).toBeGreaterThanOrEqual(0)
    }
    expect((await search.listing(q({ searchTerm: '(((' }))).count).toBe(0)
  })
})

describe('suggestions', () => {
  test('a missing term is refused with the spec message; short terms give nothing', async () => {
    await expect(search.suggestions(undefined)).rejects.toThrow('searchTerm must be defined')
    expect(await search.suggestions('st')).toEqual([])
  })

  test('a prefix is completed, and a typo is corrected', async () => {
    const prefix = await search.suggestions('strol')
    expect(prefix.length).toBeGreaterThan(0)
    expect(prefix.every((s) => /strol/i.test(s.searchTerm))).toBe(true)
    const typo = await search.suggestions('strolr')
    expect(typo.some((s) => /stroller/i.test(s.searchTerm))).toBe(true)
  })
})
