import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { DomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { type brands, type categories, categoryGuides, guides } from './catalog.schema'
import { type CatalogService, type CategoryNavItem, createCatalogService, openNavBranch } from './catalog.service.server'

let database: TestDatabase
let catalog: CatalogService

const { newId, createCategory, createBrand, createProduct } = catalogFactories(() => database.db, 1000)

const rejectsWithCode = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  expect((error as DomainError).code).toBe(code)
  return error as DomainError
}

// A small tree: strollers > (full-size, jogging, hidden-outlet); more > holiday gifts; empty-top.
let strollers: typeof categories.$inferSelect
let fullSize: typeof categories.$inferSelect
let jogging: typeof categories.$inferSelect
let hiddenOutlet: typeof categories.$inferSelect
let holiday: typeof categories.$inferSelect
let lumi: typeof brands.$inferSelect
let oak: typeof brands.$inferSelect

beforeAll(async () => {
  database = await createTestDatabase()
  catalog = createCatalogService({ db: database.db })

  strollers = await createCategory({
    urlSlug: 'strollers',
    title: 'Strollers',
    position: 0,
    seoTitle: 'Baby Strollers | Nestlist',
    faqs: [{ question: 'Which stroller?', answer: 'The one that folds.' }],
    gridCallout: { title: 'Not sure which stroller?', message: 'Lift it into your car first.' },
  })
  const more = await createCategory({ urlSlug: 'more', title: 'More', position: 1 })
  await createCategory({ urlSlug: 'empty-top', title: 'Empty Top', position: 2 })
  fullSize = await createCategory({ urlSlug: 'full-size-strollers', title: 'Full-Size Strollers', parentId: strollers.id, position: 0 })
  jogging = await createCategory({ urlSlug: 'jogging-strollers', title: 'Jogging Strollers', parentId: strollers.id, position: 1 })
  hiddenOutlet = await createCategory({ urlSlug: 'stroller-outlet', title: 'Outlet', parentId: strollers.id, position: 2, hidden: true })
  holiday = await createCategory({ urlSlug: 'holiday-gifts', title: 'Holiday Gifts 🎁', parentId: more.id, position: 0 })

  lumi = await createBrand({ name: 'Lumi & Co' })
  oak = await createBrand({ name: 'Oakleaf' })

  // 20 full-size strollers (popularity 100..81), 5 joggers (popularity 50..46), 1 hidden outlet item.
  for (let i = 0; i < 20; i++) {
    await createProduct({ categoryId: fullSize.id, brandId: i % 2 ? lumi.id : oak.id, popularity: 100 - i, name: `Cloud Glide Stroller ${i}` })
  }
  for (let i = 0; i < 5; i++) {
    await createProduct({ categoryId: jogging.id, brandId: oak.id, popularity: 50 - i, name: `Trail Runner Jogger ${i}` })
  }
  await createProduct({ categoryId: hiddenOutlet.id, brandId: oak.id, popularity: 1000, name: 'Outlet Stroller' })
})

afterAll(async () => {
  await database?.drop()
})

describe('existing category reads keep their behaviour', () => {
  test('the navbar lists visible top-level categories with visible children, titles without emoji', async () => {
    const navbar = await catalog.navbarCategories()
    expect(navbar.map((c) => c.urlSlug)).toEqual(['strollers', 'more', 'empty-top'])
    expect(navbar[0]!.children.map((c) => c.urlSlug)).toEqual(['full-size-strollers', 'jogging-strollers'])
    expect(navbar[1]!.children).toEqual([{ title: 'Holiday Gifts', urlSlug: 'holiday-gifts' }])
  })

  test('a category lookup resolves children and its slug set; an unknown one is not_found', async () => {
    const view = await catalog.category({ urlSlug: 'full-size-strollers' })
    expect(view.slugSet).toEqual(['strollers', 'full-size-strollers'])
    expect(view.children).toBeNull()
    await rejectsWithCode(catalog.category({ urlSlug: 'nope' }), 'not_found')
    const tree = await catalog.categoryTree()
    expect(tree[0]!.children?.map((c) => c.urlSlug)).toEqual(['full-size-strollers', 'jogging-strollers', 'stroller-outlet'])
  })
})

describe('grid callout', () => {
  test("a category's grid callout comes with its page context; a category without one has null", async () => {
    const parent = await catalog.categoryContext('strollers')
    expect(parent.category.gridCallout).toEqual({ title: 'Not sure which stroller?', message: 'Lift it into your car first.' })
    expect(parent.category.children?.map((c) => c.gridCallout)).toEqual([null, null, null])
    expect((await catalog.category({ urlSlug: 'more' })).gridCallout).toBeNull()
  })
})

describe('categoryPage', () => {
  test('a parent category shows the products of its visible descendants, 18 a page, most popular first', async () => {
    const page = await catalog.categoryPage({ urlSlug: 'strollers', page: 1 })
    expect(page.category.title).toBe('Strollers')
    expect(page.category.children?.map((c) => c.urlSlug)).toContain('jogging-strollers')
    expect(page.category.frequentlyAskedQuestions).toHaveLength(1)
    expect(page.trail).toEqual([{ title: 'Strollers', urlSlug: 'strollers', path: '/store/strollers' }])
    expect(page.products.total).toBe(25)
    expect(page.products.pageCount).toBe(2)
    expect(page.products.pageSize).toBe(18)
    expect(page.products.items).toHaveLength(18)
    const popularity = page.products.items.map((p) => p.title)
    expect(popularity[0]).toBe('Cloud Glide Stroller 0')
    expect(page.products.items.some((p) => p.title === 'Outlet Stroller')).toBe(false)

    const second = await catalog.categoryPage({ urlSlug: 'strollers', page: 2 })
    expect(second.products.items.map((p) => p.title)).toEqual([
      'Cloud Glide Stroller 18',
      'Cloud Glide Stroller 19',
      ...[0, 1, 2, 3, 4].map((i) => `Trail Runner Jogger ${i}`),
    ])
  })

  test('a leaf category has its breadcrumb trail and the left navigation holds visible categories only', async () => {
    const page = await catalog.categoryPage({ urlSlug: 'jogging-strollers', page: 1 })
    expect(page.trail.map((t) => t.urlSlug)).toEqual(['strollers', 'jogging-strollers'])
    expect(page.category.children).toBeNull()
    expect(page.category.slugSet).toEqual(['strollers', 'jogging-strollers'])
    expect(page.products.total).toBe(5)
    expect(page.nav.map((n) => n.urlSlug)).toEqual(['strollers', 'more', 'empty-top'])
    expect(page.nav[0]!.children.map((n) => n.urlSlug)).toEqual(['full-size-strollers', 'jogging-strollers'])
  })

  test('the navigation a category page sends keeps every top-level entry and only its own open branch', () => {
    const link = (slug: string, children: CategoryNavItem[] = []): CategoryNavItem => ({ title: slug.toUpperCase(), urlSlug: slug, path: `/store/${slug}`, children })
    const tree = [link('strollers', [link('full-size', [link('deep')]), link('jogging')]), link('feeding', [link('bottles')]), link('gift-cards')]
    const shown = openNavBranch(tree, ['strollers', 'full-size'])
    expect(shown.map((n) => [n.urlSlug, n.children.length, n.leaf])).toEqual([
      ['strollers', 2, undefined],
      ['feeding', 0, false],
      ['gift-cards', 0, true],
    ])
    expect(shown[0]!.children.map((n) => [n.urlSlug, n.children.map((c) => c.urlSlug), n.leaf])).toEqual([
      ['full-size', ['deep'], undefined],
      ['jogging', [], true],
    ])
    // The shared tree (memoised between requests) is not changed.
    expect(tree[1]!.children).toHaveLength(1)
    expect(openNavBranch(tree, []).every((n) => n.children.length === 0)).toBe(true)
  })

  test('Holiday Gifts is shown without its emoji', async () => {
    const page = await catalog.categoryPage({ urlSlug: 'holiday-gifts', page: 1 })
    expect(page.category.title).toBe('Holiday Gifts')
    expect(page.trail.at(-1)!.title).toBe('Holiday Gifts')
  })

  test('a hidden category can still be opened by its own address', async () => {
    const page = await catalog.categoryPage({ urlSlug: 'stroller-outlet', page: 1 })
    expect(page.products.items.map((p) => p.title)).toEqual(['Outlet Stroller'])
  })

  test('an empty category has an empty first page', async () => {
    const page = await catalog.categoryPage({ urlSlug: 'empty-top', page: 1 })
    expect(page.products).toMatchObject({ items: [], total: 0, page: 1, pageCount: 0 })
  })

  test('an unknown slug and a page past the end are not_found', async () => {
    await rejectsWithCode(catalog.categoryPage({ urlSlug: 'no-such-category', page: 1 }), 'not_found')
    await rejectsWithCode(catalog.categoryPage({ urlSlug: 'no-such-category', page: 3 }), 'not_found')
    const error = await rejectsWithCode(catalog.categoryPage({ urlSlug: 'strollers', page: 3 }), 'not_found')
    expect(error.message).toBe('There is no page 3: these products fit on 2 pages.')
    await rejectsWithCode(catalog.categoryPage({ urlSlug: 'empty-top', page: 2 }), 'not_found')
  })

  test('reads the page in two queries however many products it shows', async () => {
    const spy = vi.spyOn(database.pool, 'query')
    try {
      await catalog.categoryPage({ urlSlug: 'strollers', page: 1 })
      expect(spy).toHaveBeenCalledTimes(2)
    } finally {
      spy.mockRestore()
    }
  })

  test('categoryProducts pages like the page does and refuses unknown slugs', async () => {
    const page = await catalog.categoryProducts({ urlSlug: 'jogging-strollers', page: 1 })
    expect(page.items.map((p) => p.title)).toEqual([0, 1, 2, 3, 4].map((i) => `Trail Runner Jogger ${i}`))
    await rejectsWithCode(catalog.categoryProducts({ urlSlug: 'unknown-thing', page: 1 }), 'not_found')
  })
})

describe('searchProducts', () => {
  test('matches every word against the product name or brand name, case-insensitively', async () => {
    const byName = await catalog.searchProducts({ searchTerm: 'JOGGER', page: 1 })
    expect(byName.total).toBe(5)

    const byBrandAndName = await catalog.searchProducts({ searchTerm: 'lumi cloud', page: 1 })
    expect(byBrandAndName.total).toBe(10)
    expect(byBrandAndName.items.every((p) => p.brand.name === 'Lumi & Co')).toBe(true)

    const none = await catalog.searchProducts({ searchTerm: 'lumi jogger', page: 1 })
    expect(none).toMatchObject({ items: [], total: 0, pageCount: 0 })
  })

  test('takes LIKE pattern characters literally', async () => {
    expect((await catalog.searchProducts({ searchTerm: '%', page: 1 })).total).toBe(0)
    expect((await catalog.searchProducts({ searchTerm: '_', page: 1 })).total).toBe(0)
    expect((await catalog.searchProducts({ searchTerm: '&', page: 1 })).total).toBe(10)
  })

  test('pages 18 at a time and refuses a page past the end', async () => {
    const first = await catalog.searchProducts({ searchTerm: 'stroller', page: 1 })
    expect(first.total).toBe(21)
    expect(first.items).toHaveLength(18)
    const second = await catalog.searchProducts({ searchTerm: 'stroller', page: 2 })
    expect(second.items).toHaveLength(3)
    await rejectsWithCode(catalog.searchProducts({ searchTerm: 'stroller', page: 3 }), 'not_found')
  })

  test('an empty term finds nothing without querying; a term over 200 characters is invalid input', async () => {
    expect(await catalog.searchProducts({ searchTerm: '   ', page: 1 })).toMatchObject({ items: [], total: 0 })
    await expect(catalog.searchProducts({ searchTerm: 'a'.repeat(201), page: 1 })).rejects.toThrow(/at most 200/)
  })

  test('the query shape can use a trigram index on product names', async () => {
    const client = await database.pool.connect()
    try {
      await client.query('create extension if not exists pg_trgm')
      await client.query('create index if not exists products_name_trgm_test_idx on products using gin (name gin_trgm_ops)')
      await client.query('analyze products')
      await client.query('set enable_seqscan = off')
      const { rows } = await client.query(
        `explain select id from products
          where (name ilike $1 or brand_id = any(array(select b.id from brands b where b.name ilike $1)))`,
        ['%jogger%'],
      )
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
      // The migration's products_name_trgm_idx, once it lands, serves as well as this test's own index.
      expect(plan).toMatch(/products_name_trgm(_test)?_idx/)
    } finally {
      await client.query('reset enable_seqscan')
      await client.query('drop index if exists products_name_trgm_test_idx')
      client.release()
    }
  })
})

describe('product', () => {
  test('returns the card fields, description, options and the category trail', async () => {
    const p = await createProduct({
      categoryId: jogging.id,
      brandId: lumi.id,
      slug: 'trail-blazer',
      name: 'Trail Blazer',
      priceCents: 49_999,
      salePriceCents: 39_900,
      msrpCents: 59_900,
      rating: 4.5,
      reviewCount: 12,
      options: { sizes: ['S', 'M'], colors: ['Sage'] },
      badges: [{ type: 'text', text: 'Best seller', variant: 'primary' }],
      callouts: ['Free shipping'],
      shortCode: 'T123',
      secondaryImageUrl: '/images/products/second.svg',
    })
    const detail = await catalog.product({ id: p.id })
    expect(detail).toMatchObject({
      productId: p.id,
      genericProductId: p.id,
      title: 'Trail Blazer',
      path: `/gp/trail-blazer/${p.id}`,
      brand: { id: lumi.id, name: 'Lumi & Co' },
      price: { current: 39_900, regular: 49_999, min: 39_900, max: 39_900, msrp: 59_900 },
      onSale: true,
      rating: 4.5,
      reviewCount: 12,
      options: { sizes: ['S', 'M'], colors: ['Sage'] },
      shortCode: 'T123',
      category: { urlSlug: 'jogging-strollers', title: 'Jogging Strollers' },
      secondaryImageUrl: '/images/products/second.svg',
    })
    expect(detail.trail.map((t) => t.urlSlug)).toEqual(['strollers', 'jogging-strollers'])
    expect(detail.promotionalBadges).toEqual([{ type: 'text', text: 'Best seller', variant: 'primary' }])
  })

  test('an electronic gift card is priced from $25 to $1,000', async () => {
    const card = await createProduct({ categoryId: holiday.id, brandId: oak.id, productType: 'gift_card', priceCents: 2500 })
    const detail = await catalog.product({ id: card.id })
    expect(detail.isElectronicGiftCard).toBe(true)
    expect(detail.price).toMatchObject({ min: 2_500, max: 100_000 })
  })

  test('a sale price that is not lower than the price is not a sale', async () => {
    const p = await createProduct({ categoryId: holiday.id, brandId: oak.id, priceCents: 1000, salePriceCents: 1000 })
    const detail = await catalog.product({ id: p.id })
    expect(detail.onSale).toBe(false)
    expect(detail.price.current).toBe(1000)
  })

  test('an unknown id is not_found', async () => {
    await rejectsWithCode(catalog.product({ id: 987_654 }), 'not_found')
  })
})

describe('relatedProducts', () => {
  test('takes the same category first, tops up from sibling categories and never includes the product', async () => {
    const jogger = (await catalog.categoryProducts({ urlSlug: 'jogging-strollers', page: 1 })).items[0]!
    const related = await catalog.relatedProducts({ productId: jogger.productId })
    expect(related).toHaveLength(8)
    expect(related.some((p) => p.productId === jogger.productId)).toBe(false)
    const joggers = related.filter((p) => p.title.startsWith('Trail'))
    // Joggers first (including 'Trail Blazer' made above), then the most popular full-size strollers.
    expect(related.slice(0, joggers.length)).toEqual(joggers)
    expect(related[joggers.length]!.title).toBe('Cloud Glide Stroller 0')
    expect(related.some((p) => p.title === 'Outlet Stroller')).toBe(false)
  })
})

describe('productByShortCode', () => {
  test('finds the product whatever the case of the letter', async () => {
    const p = await createProduct({ categoryId: fullSize.id, brandId: oak.id, slug: 'coded', shortCode: 'K042' })
    expect(await catalog.productByShortCode('k042')).toEqual({ productId: p.id, slug: 'coded', path: `/gp/coded/${p.id}` })
    expect(await catalog.productByShortCode(' K042 ')).toMatchObject({ productId: p.id })
  })

  test('an unknown or malformed code is not_found', async () => {
    await rejectsWithCode(catalog.productByShortCode('Z999'), 'not_found')
    await rejectsWithCode(catalog.productByShortCode('stroller'), 'not_found')
  })
})

test('every search statement is parameterised: a quote in the term is just a character', async () => {
  const spy = vi.spyOn(database.pool, 'query')
  try {
    const result = await catalog.searchProducts({ searchTerm: "o'brien; drop table products", page: 1 })
    expect(result.total).toBe(0)
    const text = JSON.stringify(spy.mock.calls[0]?.[0])
    expect(text).not.toContain('brien')
  } finally {
    spy.mockRestore()
  }
  const stillThere = await database.db.execute(sql`select count(*)::int as n from products`)
  expect(Number(stillThere.rows[0]?.n)).toBeGreaterThan(0)
})

describe('guide', () => {
  test('returns the article with its parsed body, its visible categories and popular products from them', async () => {
    const parent = await createCategory({ urlSlug: 'guide-parent' })
    const leaf = await createCategory({ urlSlug: 'guide-leaf', parentId: parent.id })
    const hidden = await createCategory({ urlSlug: 'guide-hidden', hidden: true })
    const brand = await createBrand()
    const popular = await createProduct({ categoryId: leaf.id, brandId: brand.id, popularity: 900 })
    await createProduct({ categoryId: leaf.id, brandId: brand.id, popularity: 1 })
    const [guideRow] = await database.db
      .insert(guides)
      .values({
        id: newId(),
        slug: 'how-to-test-a-guide',
        title: 'How to Test a Guide',
        teaser: 'Short and useful.',
        body: 'Intro paragraph.\n\n## Checklist\n- One\n- Two',
        featuredImageUrl: '/images/guides/how-to-test-a-guide.svg',
        featuredImageDescription: 'A cover',
      })
      .returning()
    await database.db.insert(categoryGuides).values([
      { categoryId: parent.id, guideId: guideRow!.id, position: 0 },
      { categoryId: hidden.id, guideId: guideRow!.id, position: 1 },
    ])

    const guide = await catalog.guide('how-to-test-a-guide')
    expect(guide.title).toBe('How to Test a Guide')
    expect(guide.blocks).toEqual([
      { type: 'paragraph', text: 'Intro paragraph.' },
      { type: 'heading', text: 'Checklist' },
      { type: 'list', items: ['One', 'Two'] },
    ])
    expect(guide.categories.map((c) => c.urlSlug)).toEqual(['guide-parent'])
    expect(guide.products[0]?.productId).toBe(popular.id)
  })

  test('an unknown or malformed slug is not_found', async () => {
    await expect(catalog.guide('no-such-guide')).rejects.toMatchObject({ code: 'not_found' })
    await expect(catalog.guide('../etc/passwd')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('categoryContext', () => {
  test('gives the category, its trail and the navigation without reading products; unknown slugs are not_found', async () => {
    const parent = await createCategory({ urlSlug: 'context-parent' })
    await createCategory({ urlSlug: 'context-leaf', parentId: parent.id })
    const context = await catalog.categoryContext('context-leaf')
    expect(context.category.slugSet).toEqual(['context-parent', 'context-leaf'])
    expect(context.trail.map((t) => t.urlSlug)).toEqual(['context-parent', 'context-leaf'])
    expect(context).not.toHaveProperty('products')
    await expect(catalog.categoryContext('no-such-category')).rejects.toMatchObject({ code: 'not_found' })
    await expect(catalog.categoryContext('Bad Slug!')).rejects.toMatchObject({ code: 'not_found' })
  })
})
