// Synonyms, compounds and "Did you mean" through the real search service, on seeded products, with both
// engines (PostgreSQL and the in-memory index), which must agree.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import type { ListingQuery } from './search.types'
import { createLiveIndex, type LiveIndex } from './search-live-index.server'
import { createSearchService, createSqlEngineSet, type SearchService } from './search.service.server'

let database: TestDatabase
let live: LiveIndex
let engines: [string, SearchService][]
/** Product id -> category url slug and name. */
const products = new Map<number, { category: string; name: string }>()

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 3000 }, () => {})
  live = createLiveIndex(database.pool)
  await live.start()
  engines = [
    ['sql', createSearchService({ db: database.db, pool: database.pool, engines: createSqlEngineSet(database.pool) })],
    ['index', createSearchService({ db: database.db, pool: database.pool, engines: live })],
  ]
  const { rows } = await database.pool.query<{ id: number; name: string; url_slug: string }>(
    'select p.id, p.name, c.url_slug from products p join categories c on c.id = p.category_id',
  )
  for (const r of rows) products.set(r.id, { category: r.url_slug, name: r.name })
})

afterAll(async () => {
  await live?.stop()
  await database?.drop()
})

const q = (searchTerm: string, over: Partial<ListingQuery> = {}): ListingQuery => ({ searchTerm, filters: {}, sort: 'popular', order: 'asc', page: 1, limit: 100, ...over })

async function both(term: string) {
  const [a, b] = await Promise.all(engines.map(([, s]) => s.listing(q(term))))
  const { searchId: _a, ...sqlResult } = a!
  const { searchId: _b, ...indexResult } = b!
  expect(indexResult, `the engines agree for '${term}'`).toEqual(sqlResult)
  return a!
}

const categoriesOf = (result: Awaited<ReturnType<SearchService['listing']>>) =>
  new Set(result.heroProducts.map((p) => products.get(p.productId)!.category))

describe('everyday, joined and split words find what the catalogue calls them', () => {
  test("'carseat' finds the same car seats as 'car seat'", async () => {
    const joined = await both('carseat')
    const split = await both('car seat')
    expect(joined.count).toBeGreaterThan(0)
    expect(joined.count).toBe(split.count)
    expect(joined.heroProducts.map((p) => p.productId)).toEqual(split.heroProducts.map((p) => p.productId))
    expect([...categoriesOf(joined)].some((c) => c.includes('car-seat'))).toBe(true)
  })

  test("'onesie' and 'onesies' find bodysuits", async () => {
    for (const term of ['onesie', 'onesies']) {
      const result = await both(term)
      expect(result.count).toBeGreaterThan(0)
      expect(categoriesOf(result)).toEqual(new Set(['bodysuits']))
      expect(result.count).toBe((await both('bodysuit')).count)
    }
  })

  test("'pram', 'pushchair' and 'buggy' find strollers", async () => {
    const strollers = await both('stroller')
    for (const term of ['pram', 'pushchair', 'push chair', 'buggy']) expect((await both(term)).count).toBe(strollers.count)
  })

  test("'binky', 'dummy' and 'soother' find pacifiers; 'nappy' finds diapers", async () => {
    const pacifiers = await both('pacifier')
    expect(pacifiers.count).toBeGreaterThan(0)
    for (const term of ['binky', 'dummy', 'soother']) expect((await both(term)).count).toBe(pacifiers.count)
    const nappies = await both('nappies')
    expect(nappies.count).toBe((await both('diaper')).count)
    expect(nappies.count).toBeGreaterThan(0)
  })

  test("'cot' finds cribs, not cotton clothes", async () => {
    const cot = await both('cot')
    expect(cot.count).toBe((await both('crib')).count)
    expect(cot.heroProducts.every((p) => /crib/i.test(products.get(p.productId)!.name))).toBe(true)
  })

  test("'highchair', 'babymonitor', 'sippy cup' and 'burp cloth' find their products", async () => {
    expect((await both('highchair')).count).toBe((await both('high chair')).count)
    expect((await both('highchair')).count).toBeGreaterThan(0)
    const monitors = await both('babymonitor')
    expect(monitors.count).toBeGreaterThan(0)
    expect(categoriesOf(monitors)).toEqual(new Set(['baby-monitors']))
    expect((await both('sippycup')).count).toBe((await both('sippy cup')).count)
    expect((await both('burpcloth')).count).toBe((await both('burp cloth')).count)
  })

  test("'bassinette' and 'pack n play' find bassinets", async () => {
    const bassinets = await both('bassinet')
    expect(bassinets.count).toBeGreaterThan(0)
    expect((await both('bassinette')).count).toBe(bassinets.count)
    for (const term of ['pack n play', "pack 'n play", 'pack and play', 'packnplay']) expect((await both(term)).count).toBe(bassinets.count)
  })
})

describe('did you mean', () => {
  test('a search that finds nothing suggests nearby catalogue words that do find products', async () => {
    const result = await both('strawllerr')
    expect(result.count).toBe(0)
    expect(result.didYouMean?.[0]).toEqual({ searchTerm: 'stroller', url: '/store/search?search_term=stroller' })
    for (const s of result.didYouMean!) expect((await both(s.searchTerm)).count).toBeGreaterThan(0)
  })

  test('words that never meet in one product are suggested one at a time', async () => {
    const result = await both('bassinet thermometer')
    expect(result.count).toBe(0)
    expect(result.didYouMean!.map((s) => s.searchTerm).sort()).toEqual(['bassinet', 'thermometer'])
  })

  test('a search with results, or with nothing near, suggests nothing', async () => {
    expect((await both('stroller')).didYouMean).toBeUndefined()
    const none = await both('zzqxvw')
    expect(none.count).toBe(0)
    expect(none.didYouMean).toBeUndefined()
  })
})
