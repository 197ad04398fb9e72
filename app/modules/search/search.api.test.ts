import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { isDomainError } from '~/lib/errors'
import { createServices } from '~/services.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createApp } from '../../../server/app'
import { LISTING_PARAM_KEYS, listingSearchParams, parseListingParams } from './listing-query'

let database: TestDatabase
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 400 }, () => {})
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@nestlist.example' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@nestlist.example' })
})

afterAll(async () => {
  await database?.drop()
})

const json = async (path: string) => {
  const res = await app.request(path)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { message: string } } }
}

describe('listing API', () => {
  test('GET /api/v3/products answers heroProducts, facets, count and a searchId for a term', async () => {
    const { status, body } = await json('/api/v3/products?search_term=stroller&limit=5&sort=price_asc')
    expect(status).toBe(200)
    expect((body.heroProducts as unknown[]).length).toBeLessThanOrEqual(5)
    expect(body.count).toEqual(expect.any(Number))
    expect(body.searchId).toEqual(expect.any(String))
    expect((body.facets as { key: string }[]).map((f) => f.key)).toEqual(['categories', 'brands', 'price', 'minRating', 'onSale', 'available'])
  })

  test('category ids, category facets and products, brand and search endpoints answer', async () => {
    const { rows } = await database.pool.query<{ id: number }>('select id from categories where parent_id is null order by position limit 1')
    const id = rows[0]!.id
    const byIds = await json(`/api/v3/products?category_ids[]=${id}`)
    expect(byIds.status).toBe(200)
    expect(byIds.body.count).toBeGreaterThan(0)
    const facets = await json(`/api/v3/catalog_categories/${id}/facets?onSale=true`)
    expect(facets.status).toBe(200)
    expect(facets.body.facets).toBeInstanceOf(Array)
    const products = await json(`/api/v3/catalog_categories/${id}/products?page=1`)
    expect(products.body.count).toBe(byIds.body.count)
    expect((await json('/api/v3/catalog_categories/999999/products')).status).toBe(404)

    const brand = (await database.pool.query<{ id: number; name: string; slug: string }>('select id, name, slug from brands order by id limit 1')).rows[0]!
    const shown = await json(`/api/v3/brands/${brand.id}`)
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ name: brand.name, brandPageUrl: `/store/b/${brand.slug}/${brand.id}`, meta: expect.any(Object) })
    const found = await json(`/api/v3/brands?search_term=${encodeURIComponent(brand.name)}`)
    expect(found.body.brand).toMatchObject({ id: brand.id })
    const brandProducts = await json(`/api/v3/brand/${brand.id}/products`)
    expect(brandProducts.status).toBe(200)
    const searched = await json(`/api/v3/search?q=${encodeURIComponent(brand.name)}&event_location=navbar`)
    expect(searched.body.brand).toMatchObject({ id: brand.id })
    expect(searched.body.searchId).toEqual(expect.any(String))
  })

  test("GET /api/v3/search answers didYouMean for a search that finds nothing, and a synonym finds products", async () => {
    const none = await json('/api/v3/search?q=strawllerr')
    expect(none.status).toBe(200)
    expect(none.body.count).toBe(0)
    expect((none.body.didYouMean as { searchTerm: string; url: string }[])[0]).toEqual({ searchTerm: 'stroller', url: '/store/search?search_term=stroller' })
    const found = await json('/api/v3/search?q=pram')
    expect(found.body.count).toBeGreaterThan(0)
    expect(found.body.didYouMean).toBeUndefined()
  })

  test('suggestions: a missing q is refused with the spec message, short terms give an empty list', async () => {
    const missing = await json('/store/api/search/suggestions')
    expect(missing.status).toBe(422)
    expect(missing.body.error?.message).toBe('searchTerm must be defined')
    expect((await json('/store/api/search/suggestions?q=st')).body).toEqual([])
    const res = await app.request('/store/api/search/suggestions?q=blank')
    const list = (await res.json()) as { searchTerm: string }[]
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((s) => typeof s.searchTerm === 'string')).toBe(true)
  })

  test('the OpenAPI document lists every listing and search endpoint', async () => {
    const doc = (await json('/api/v3/openapi.json')).body as { paths: Record<string, unknown> }
    for (const path of [
      '/api/v3/products',
      '/api/v3/catalog_categories/{id}/facets',
      '/api/v3/catalog_categories/{id}/products',
      '/api/v3/brands/{id}',
      '/api/v3/brands',
      '/api/v3/brand/{id}/products',
      '/api/v3/search',
      '/store/api/search/suggestions',
      '/store/api/navbar_categories',
      '/store/api/categories/{slug}',
      '/api/v3/products/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined()
    }
  })

  test('the store navbar and category lookups answer the spec shapes; an unknown category is 404', async () => {
    const navbar = await app.request('/store/api/navbar_categories')
    expect(navbar.status).toBe(200)
    const items = (await navbar.json()) as { title: string; urlSlug: string; children: { title: string; urlSlug: string }[]; guides: unknown[] }[]
    expect(items.map((i) => i.urlSlug)).toEqual(['strollers', 'car-seats', 'carriers', 'nursery', 'playroom', 'bath-potty', 'baby-health-safety', 'feeding', 'diapering', 'clothing', 'more'])
    expect(items[0]).toEqual({ title: expect.any(String), urlSlug: 'strollers', children: expect.any(Array), guides: expect.any(Array) })

    const { status, body } = await json('/store/api/categories/strollers')
    expect(status).toBe(200)
    expect(body).toMatchObject({ urlSlug: 'strollers', path: '/store/strollers', slugSet: ['strollers'], children: expect.any(Array) })
    for (const key of ['id', 'title', 'isSortable', 'hidden', 'sortType', 'sortOrder', 'teaser', 'seoTitle', 'seoDescription', 'frequentlyAskedQuestions', 'guides']) {
      expect(body, key).toHaveProperty(key)
    }
    expect(body.guideIds).toEqual((body.guides as { id: number }[]).map((g) => g.id))
    expect((body.guides as unknown[]).length).toBeGreaterThan(0)
    expect((body.guides as Record<string, unknown>[])[0]).toMatchObject({ slug: expect.any(String), title: expect.any(String), featuredImage: { url: expect.any(String) } })
    const leafSlug = (body.children as { urlSlug: string }[])[0]!.urlSlug
    expect((await json(`/store/api/categories/${leafSlug}`)).body).toMatchObject({ children: null, slugSet: ['strollers', leafSlug] })
    const byId = await json(`/api/v3/catalog_categories/${body.id as number}`)
    expect(byId.status).toBe(200)
    expect(byId.body).toMatchObject({ urlSlug: 'strollers', guideIds: body.guideIds })
    const missing = await json('/store/api/categories/no-such-category')
    expect(missing.status).toBe(404)
  })

  test('invalid filter values are a 422 with a message', async () => {
    const r = await json('/api/v3/products?minPrice=cheap')
    expect(r.status).toBe(422)
    expect(r.body.error?.message).toMatch(/minPrice/)
  })
})

// A small deterministic generator of hostile parameter values.
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const FRAGMENTS = [
  '', ' ', 'true', 'false', '1', '0', '-1', '1e309', 'NaN', 'Infinity', '4.5', '999999999999', '0x10', 'price_asc', 'desc', 'asc',
  'popular', "'; drop table products; --", '<script>alert(1)</script>', '%', '_', '\\', '%00', '\u0000', '👶', 'ñandú', 'strolr',
  'blankets', ',,,', 'a,b,,c', '"quoted"', '../../etc/passwd', '((', '[]', '{}', '\u202e', 'x'.repeat(10_000),
]
function randomValue(next: () => number): string {
  const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]!)
  return parts.join(next() < 0.5 ? '' : ' ')
}

describe('bad input never crashes', () => {
  test('parseListingParams returns a query or raises invalid_input, and round-trips what it accepts', () => {
    const next = rng(7)
    for (let i = 0; i < 2000; i++) {
      const params = new URLSearchParams()
      for (const key of LISTING_PARAM_KEYS) if (next() < 0.4) params.append(key, randomValue(next))
      let query
      try {
        query = parseListingParams(params)
      } catch (error) {
        expect(isDomainError(error) && error.code === 'invalid_input').toBe(true)
        continue
      }
      expect(parseListingParams(listingSearchParams(query)), params.toString().slice(0, 300)).toEqual(query)
    }
  })

  test('the listing and suggestion endpoints answer 200 or 4xx for any parameter values', async () => {
    const next = rng(11)
    const paths = ['/api/v3/products', '/api/v3/search', '/store/api/search/suggestions', '/api/v3/brands', '/api/v3/brand/1/products']
    const keys = [...LISTING_PARAM_KEYS, 'q', 'limit', 'category_ids[]', 'event_location']
    for (let i = 0; i < 150; i++) {
      const params = new URLSearchParams()
      for (const key of keys) if (next() < 0.35) params.append(key, randomValue(next))
      const path = `${paths[i % paths.length]}?${params}`
      const res = await app.request(path)
      expect(res.status, path.slice(0, 200)).toBeLessThan(500)
      await res.arrayBuffer()
    }
  })
})
