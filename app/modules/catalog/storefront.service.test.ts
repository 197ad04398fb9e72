import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { brandGuides, categoryGuides, collectionProducts, collections } from './catalog.schema'
import { MAX_REVIEWS_PER_PRODUCT, reviewsForProduct, seedReviews } from './reviews.seed.server'
import { productReviews } from './reviews.schema'
import { brandPath, createStorefrontService, SITEMAP_MAX_URLS, type StorefrontService } from './storefront.service.server'

let database: TestDatabase
let storefront: StorefrontService

const { createCategory, createBrand, createProduct, createGuide } = catalogFactories(() => database.db, 5000)

let root: Awaited<ReturnType<typeof createCategory>>
let leaf: Awaited<ReturnType<typeof createCategory>>
let brand: Awaited<ReturnType<typeof createBrand>>
let otherBrand: Awaited<ReturnType<typeof createBrand>>

beforeAll(async () => {
  database = await createTestDatabase()
  storefront = createStorefrontService({ db: database.db })
  root = await createCategory({ urlSlug: 'gear', title: 'Gear', position: 1, imageUrl: '/images/categories/gear.svg' })
  await createCategory({ urlSlug: 'secret', title: 'Secret', position: 2, hidden: true })
  await createCategory({ urlSlug: 'holiday', title: 'Holiday Gifts 🎁', position: 3 })
  leaf = await createCategory({ urlSlug: 'strollers', parentId: root.id })
  brand = await createBrand({ name: 'Acme', slug: 'acme', faqs: [{ question: 'Q?', answer: 'A.' }] })
  otherBrand = await createBrand({ name: 'Other' })
})

afterAll(async () => {
  await database?.drop()
})

describe('landing', () => {
  test('collections come with all their products in position order, and empty collections are left out', async () => {
    const a = await createProduct({ categoryId: leaf.id, brandId: brand.id })
    const b = await createProduct({ categoryId: leaf.id, brandId: brand.id, priceCents: 5000, salePriceCents: 4000 })
    const c = await createProduct({ categoryId: leaf.id, brandId: otherBrand.id })
    await database.db.insert(collections).values([
      { id: 1, title: 'Must-haves', teaser: 'Loved by parents.', position: 0 },
      { id: 2, title: 'Empty', teaser: 'Nothing.', position: 1 },
    ])
    await database.db.insert(collectionProducts).values([
      { collectionId: 1, productId: c.id, position: 0 },
      { collectionId: 1, productId: a.id, position: 1 },
      { collectionId: 1, productId: b.id, position: 2 },
    ])
    const landing = await storefront.landing()
    expect(landing.collections.map((x) => x.title)).toEqual(['Must-haves'])
    expect(landing.collections[0]!.products.map((p) => p.productId)).toEqual([c.id, a.id, b.id])
    const sale = landing.collections[0]!.products[2]!
    expect(sale.onSale).toBe(true)
    expect(sale.price.current).toBe(4000)
    expect(sale.path).toBe(`/gp/${b.slug}/${b.id}`)
  })

  test('category tiles are the root categories in order, with the hidden flag kept and emoji dropped', async () => {
    const landing = await storefront.landing()
    expect(landing.categories.map((t) => [t.title, t.path, t.hidden])).toEqual([
      ['Gear', '/store/gear', false],
      ['Secret', '/store/secret', true],
      ['Holiday Gifts', '/store/holiday', false],
    ])
    expect(landing.categories[0]!.imageUrl).toBe('/images/categories/gear.svg')
  })
})

describe('brand', () => {
  test('a brand carries its guides in position order, its FAQs and its page path', async () => {
    const g1 = await createGuide()
    const g2 = await createGuide()
    await database.db.insert(brandGuides).values([
      { brandId: brand.id, guideId: g2.id, position: 0 },
      { brandId: brand.id, guideId: g1.id, position: 1 },
    ])
    const view = await storefront.brand(String(brand.id))
    expect(view.brandPageUrl).toBe(`/store/b/acme/${brand.id}`)
    expect(view.brandPageUrl).toBe(brandPath(brand))
    expect(view.guides.map((g) => g.path)).toEqual([`/hello-baby/${g2.slug}`, `/hello-baby/${g1.slug}`])
    expect(view.frequentlyAskedQuestions).toEqual([{ question: 'Q?', answer: 'A.' }])
  })

  test('an unknown or malformed brand id is not found', async () => {
    await expect(storefront.brand('999999')).rejects.toMatchObject({ code: 'not_found' })
    await expect(storefront.brand('abc')).rejects.toMatchObject({ code: 'not_found' })
    await expect(storefront.brand('1; drop table brands')).rejects.toMatchObject({ code: 'not_found' })
  })

})

describe('guides for a category', () => {
  test("a category's own guides come first, then its ancestors', without repeats", async () => {
    const own = await createGuide()
    const parents = await createGuide()
    await database.db.insert(categoryGuides).values([
      { categoryId: leaf.id, guideId: own.id, position: 0 },
      { categoryId: root.id, guideId: parents.id, position: 0 },
      { categoryId: root.id, guideId: own.id, position: 1 },
    ])
    const list = await storefront.guidesForCategory('strollers')
    expect(list.map((g) => g.slug)).toEqual([own.slug, parents.slug])
    expect(await storefront.guidesForCategory('no-such-category')).toEqual([])
    expect(await storefront.guidesForCategory('<script>')).toEqual([])
  })
})

describe('reviews', () => {
  test('the seed writes a few deterministic reviews per rated product, and the product page reads the newest first', async () => {
    const rated = await createProduct({ id: 1, categoryId: leaf.id, brandId: brand.id, rating: 4.2, reviewCount: 40 })
    await createProduct({ id: 2, categoryId: leaf.id, brandId: brand.id, rating: null, reviewCount: 0 })
    const log: string[] = []
    await seedReviews({ db: database.db, pool: database.pool, log: (m) => log.push(m), options: { products: 2 } })
    const reviews = await storefront.productReviews(rated.id, 10)
    expect(reviews).toHaveLength(MAX_REVIEWS_PER_PRODUCT)
    const times = reviews.map((r) => Date.parse(r.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1)
      expect(r.rating).toBeLessThanOrEqual(5)
      expect(r.body.length).toBeGreaterThan(20)
      expect(r.authorName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/)
    }
    expect(await storefront.productReviews(2)).toEqual([])
    const stored = await database.db.select().from(productReviews)
    expect(stored.every((r) => r.productId === 1)).toBe(true)
  })

  test('the review seed is deterministic and never writes more reviews than the product has', () => {
    const product = { id: 42, rating: 4.5, reviewCount: 3 }
    expect(reviewsForProduct(product, 1)).toEqual(reviewsForProduct(product, 1))
    expect(reviewsForProduct(product, 1)).toHaveLength(3)
    expect(reviewsForProduct({ id: 43, rating: null, reviewCount: 0 }, 1)).toEqual([])
  })
})

describe('sitemap', () => {
  test('lists visible categories, brands and guides, and one product file per 50,000 products', async () => {
    const index = await storefront.sitemapIndex()
    expect(index.categories).toContain('/store/gear')
    expect(index.categories).not.toContain('/store/secret')
    expect(index.brands).toContain(`/store/b/acme/${brand.id}`)
    expect(index.guides.every((g) => g.startsWith('/hello-baby/'))).toBe(true)
    expect(index.productFiles).toBe(Math.ceil(index.productCount / SITEMAP_MAX_URLS))
    const first = await storefront.sitemapProducts(1)
    expect(first).toHaveLength(index.productCount)
    expect(first[0]).toMatch(/^\/gp\/[^/]+\/\d+$/)
    expect(await storefront.sitemapProducts(2)).toEqual([])
    expect(await storefront.sitemapProducts(0)).toEqual([])
  })
})
