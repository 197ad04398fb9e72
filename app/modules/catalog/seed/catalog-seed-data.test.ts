import { describe, expect, test } from 'vitest'
import { renderImageForPath } from '../illustrations'
import {
  CLOTHING_SIZES,
  FAVORITE_COLORS,
  GIFT_CARD_MIN_CENTS,
  SEED_REFERENCE_DATE,
  SHORT_CODE_LIMIT,
  TOP_LEVEL_CATEGORY_SLUGS,
  brandGuideRows,
  brandRows,
  categoryGuideRows,
  categoryRows,
  collectionsFor,
  displayTitle,
  guideRows,
  productAt,
  shortCodeFor,
  type ProductSeed,
} from './catalog-seed-data'

function products(count: number, total = count): ProductSeed[] {
  return Array.from({ length: count }, (_, i) => productAt(i + 1, total))
}

const SAMPLE = products(20_000)
const categories = categoryRows()
const categoryById = new Map(categories.map((c) => [c.id, c]))

describe('determinism', () => {
  test('the same seed size gives the same rows', () => {
    expect(products(500, 20_000)).toEqual(SAMPLE.slice(0, 500))
    expect(categoryRows()).toEqual(categories)
    expect(brandRows()).toEqual(brandRows())
    expect(guideRows()).toEqual(guideRows())
    expect(collectionsFor(20_000)).toEqual(collectionsFor(20_000))
  })

  test('a product depends only on its id, so every seed size shares its first rows', () => {
    for (const id of [1, 2, 17, 999, 4_321]) {
      expect(productAt(id, id)).toEqual(productAt(id, 1_000_000))
    }
  })

  test('ids outside 1..total are refused', () => {
    expect(() => productAt(0, 10)).toThrow(RangeError)
    expect(() => productAt(11, 10)).toThrow(RangeError)
    expect(() => productAt(1.5, 10)).toThrow(RangeError)
  })
})

describe('categories', () => {
  test("the top level is the spec's 11 navbar slugs, in order, with ids from 100", () => {
    const top = categories.filter((c) => c.parentId === null).sort((a, b) => a.position - b.position)
    expect(top.map((c) => c.urlSlug)).toEqual([...TOP_LEVEL_CATEGORY_SLUGS])
    expect(top.map((c) => c.id)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110])
  })

  test('no store category uses id 1, the registry’s uneditable category', () => {
    expect(categories.every((c) => c.id >= 100)).toBe(true)
  })

  test('url slugs are unique across the whole tree', () => {
    const slugs = categories.map((c) => c.urlSlug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  test('slugs do not collide with the fixed store pages', () => {
    const slugs = new Set(categories.map((c) => c.urlSlug))
    for (const page of ['sale', 'new', 'coming-soon', 'fsa-hsa-eligible', 'search', 'checkout', 'code', 'b', 'api']) {
      expect(slugs.has(page), page).toBe(false)
    }
  })

  test('each top-level category has 3 to 7 children, and children have no children', () => {
    for (const top of categories.filter((c) => c.parentId === null)) {
      const children = categories.filter((c) => c.parentId === top.id)
      expect(children.length, top.urlSlug).toBeGreaterThanOrEqual(3)
      expect(children.length, top.urlSlug).toBeLessThanOrEqual(7)
      expect(children.map((c) => c.position)).toEqual(children.map((_, i) => i))
      for (const child of children) expect(categories.some((c) => c.parentId === child.id)).toBe(false)
    }
  })

  test('every category has a title, SEO copy, a tile image and 2 to 4 FAQs', () => {
    for (const c of categories) {
      expect(c.title.length).toBeGreaterThan(2)
      expect(c.seoTitle).toContain('Nestlist')
      expect(c.seoDescription.length).toBeGreaterThan(40)
      expect(c.imageUrl).toBe(`/images/categories/${c.urlSlug}.svg`)
      expect(c.teaserText).toBeTruthy()
      expect(c.faqs.length, c.urlSlug).toBeGreaterThanOrEqual(2)
      expect(c.faqs.length, c.urlSlug).toBeLessThanOrEqual(4)
      for (const faq of c.faqs) {
        expect(faq.question.endsWith('?')).toBe(true)
        expect(faq.answer.length).toBeGreaterThan(30)
      }
    }
  })

  test('some leaves have no teaser image, so their teaser text shows on its own', () => {
    expect(categories.some((c) => c.teaserImageUrl === null)).toBe(true)
    expect(categories.filter((c) => c.parentId === null).every((c) => c.teaserImageUrl !== null)).toBe(true)
  })

  test("'Holiday Gifts 🎁' sits under 'more' and is displayed without its emoji", () => {
    const holiday = categories.find((c) => c.urlSlug === 'holiday-gifts')
    expect(holiday?.title).toBe('Holiday Gifts 🎁')
    expect(categoryById.get(holiday?.parentId ?? 0)?.urlSlug).toBe('more')
    expect(displayTitle(holiday?.title ?? '')).toBe('Holiday Gifts')
    expect(holiday?.seoTitle).not.toMatch(/🎁/)
  })

  test('two parent categories carry a grid callout (heading and a warm message); no leaf does', () => {
    const withCallout = categoryRows().filter((c) => c.gridCallout !== null)
    expect(withCallout.map((c) => c.urlSlug)).toEqual(['strollers', 'nursery'])
    for (const c of withCallout) {
      expect(c.parentId).toBeNull()
      expect(c.gridCallout!.title.length).toBeGreaterThan(5)
      expect(c.gridCallout!.message.length).toBeGreaterThan(20)
    }
  })

  test('a few categories carry a default sort', () => {
    const sorted = categories.filter((c) => c.sortType !== null)
    expect(sorted.length).toBeGreaterThan(0)
    expect(sorted.length).toBeLessThan(categories.length / 4)
    for (const c of sorted) {
      expect(['popular', 'price', 'rating', 'reviews', 'newest']).toContain(c.sortType)
      expect(['asc', 'desc']).toContain(c.sortOrder)
    }
  })
})

describe('brands', () => {
  const brands = brandRows()

  test('about sixty brands with unique slugs and logo paths', () => {
    expect(brands.length).toBeGreaterThanOrEqual(55)
    expect(new Set(brands.map((b) => b.slug)).size).toBe(brands.length)
    for (const b of brands) {
      expect(b.logoUrl).toBe(`/images/brands/${b.slug}.svg`)
      expect(b.description.split('. ').length).toBeGreaterThanOrEqual(2)
    }
  })

  test('most brands have 2 or 3 FAQs; a few have none, so their page has no FAQ section', () => {
    const withNone = brands.filter((b) => b.faqs.length === 0)
    expect(withNone.length).toBeGreaterThanOrEqual(3)
    expect(withNone.length).toBeLessThan(10)
    for (const b of brands.filter((b) => b.faqs.length > 0)) {
      expect(b.faqs.length).toBeGreaterThanOrEqual(2)
      expect(b.faqs.length).toBeLessThanOrEqual(3)
    }
  })
})

describe('products', () => {
  test('short codes are a letter and three digits, unique, and only for the first 26,000 products', () => {
    const codes = new Set<string>()
    for (let id = 1; id <= SHORT_CODE_LIMIT; id++) {
      const code = shortCodeFor(id)
      expect(code).toMatch(/^[a-z]\d{3}$/i)
      codes.add(code ?? '')
    }
    expect(codes.size).toBe(SHORT_CODE_LIMIT)
    expect(productAt(26_000, 30_000).shortCode).toBe(shortCodeFor(26_000))
    expect(productAt(26_001, 30_000).shortCode).toBeNull()
    for (const p of SAMPLE.slice(0, 100)) expect(p.shortCode).toBe(shortCodeFor(p.id))
  })

  test('sizes and colors come only from the spec lists', () => {
    const sizes = new Set<string>(CLOTHING_SIZES)
    const colors = new Set<string>(FAVORITE_COLORS)
    const offenders = SAMPLE.filter(
      (p) =>
        (p.options.sizes ?? []).some((s) => !sizes.has(s)) ||
        (p.options.colors ?? []).some((c) => !colors.has(c)) ||
        new Set(p.options.colors).size !== (p.options.colors ?? []).length,
    )
    expect(offenders).toEqual([])
    expect(SAMPLE.filter((p) => p.options.sizes).length).toBeGreaterThan(SAMPLE.length / 10)
    expect(SAMPLE.filter((p) => p.options.colors).length).toBeGreaterThan(SAMPLE.length / 4)
  })

  test('clothing comes in sizes, listed in the spec order', () => {
    const clothing = categories.find((c) => c.urlSlug === 'clothing')
    const clothingLeaves = new Set(categories.filter((c) => c.parentId === clothing?.id).map((c) => c.id))
    const order = CLOTHING_SIZES as readonly string[]
    for (const p of SAMPLE.filter((p) => clothingLeaves.has(p.categoryId) && p.options.sizes)) {
      const positions = (p.options.sizes ?? []).map((s) => order.indexOf(s))
      expect(positions).toEqual([...positions].sort((a, b) => a - b))
    }
  })

  test('prices are whole cents in the shop range, and sale prices are below the regular price', () => {
    const offenders = SAMPLE.filter(
      (p) =>
        !Number.isInteger(p.priceCents) ||
        (p.productType === 'product' && (p.priceCents < 800 || p.priceCents > 120_000)) ||
        (p.salePriceCents !== null &&
          (p.salePriceCents <= 0 ||
            p.salePriceCents >= p.priceCents ||
            !p.badges.some((b) => b.type === 'text' && b.variant === 'discount'))) ||
        (p.msrpCents !== null && p.msrpCents < p.priceCents),
    )
    expect(offenders).toEqual([])
    const onSale = SAMPLE.filter((p) => p.salePriceCents !== null).length
    expect(onSale / SAMPLE.length).toBeGreaterThan(0.12)
    expect(onSale / SAMPLE.length).toBeLessThan(0.18)
  })

  test('ratings have one decimal between 3 and 5, and are null without reviews', () => {
    const offenders = SAMPLE.filter((p) =>
      p.reviewCount === 0
        ? p.rating !== null
        : p.rating === null || p.rating < 3 || p.rating > 5 || Math.abs(Math.round(p.rating * 10) - p.rating * 10) > 1e-9,
    )
    expect(offenders).toEqual([])
    expect(SAMPLE.some((p) => p.reviewCount === 0)).toBe(true)
  })

  test('about 92% of products are available, and unavailable ones have no stock', () => {
    const available = SAMPLE.filter((p) => p.available).length / SAMPLE.length
    expect(available).toBeGreaterThan(0.89)
    expect(available).toBeLessThan(0.95)
    for (const p of SAMPLE.filter((p) => !p.available)) expect(p.stock).toBe(0)
  })

  test('products belong to leaf categories only', () => {
    const parents = new Set(categories.map((c) => c.parentId).filter((id) => id !== null))
    expect(SAMPLE.filter((p) => !categoryById.has(p.categoryId) || parents.has(p.categoryId))).toEqual([])
  })

  test('every category leaf gets products, and brands are real rows', () => {
    const leaves = categories.filter((c) => c.parentId !== null)
    const used = new Set(SAMPLE.map((p) => p.categoryId))
    for (const leaf of leaves) expect(used.has(leaf.id), leaf.urlSlug).toBe(true)
    const brandCount = brandRows().length
    expect(SAMPLE.filter((p) => p.brandId < 1 || p.brandId > brandCount)).toEqual([])
  })

  test('the first ids include cash funds, gift cards and favors, all in the More category', () => {
    const first = products(40)
    const more = categories.find((c) => c.urlSlug === 'more')
    for (const type of ['cash_fund', 'gift_card', 'favor'] as const) {
      const specials = first.filter((p) => p.productType === type)
      expect(specials.length, type).toBeGreaterThanOrEqual(2)
      for (const p of specials) {
        expect(categoryById.get(p.categoryId)?.parentId).toBe(more?.id)
        expect(p.rating).toBeNull()
        expect(p.reviewCount).toBe(0)
      }
    }
    for (const card of first.filter((p) => p.productType === 'gift_card')) {
      expect(card.priceCents).toBe(GIFT_CARD_MIN_CENTS)
      expect(card.slug).toBe('nestlist-store-gift-card')
    }
  })

  test('the type mix is mostly regular products with a sprinkling of specials', () => {
    const regular = SAMPLE.filter((p) => p.productType === 'product').length
    expect(regular / SAMPLE.length).toBeGreaterThan(0.99)
    expect(regular).toBeLessThan(SAMPLE.length)
  })

  test('health items can be FSA/HSA eligible; clothing never is', () => {
    const eligible = SAMPLE.filter((p) => p.fsaHsaEligible)
    expect(eligible.length).toBeGreaterThan(0)
    const clothing = categories.find((c) => c.urlSlug === 'clothing')?.id
    for (const p of eligible) expect(categoryById.get(p.categoryId)?.parentId).not.toBe(clothing)
  })

  test('created dates spread over the two years before the reference date', () => {
    const end = SEED_REFERENCE_DATE.getTime()
    const start = end - 731 * 86_400_000
    expect(SAMPLE.filter((p) => p.createdAt.getTime() > end || p.createdAt.getTime() < start)).toEqual([])
    expect(SAMPLE.every((p) => p.createdAt.getUTCMilliseconds() === 0)).toBe(true)
    expect(SAMPLE.some((p) => p.badges.some((b) => b.type === 'text' && b.text === 'New'))).toBe(true)
  })

  test('names, slugs and descriptions read like a shop', () => {
    for (const p of SAMPLE.slice(0, 2_000)) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(p.name).toContain(p.shortName.split(',')[0] ?? '')
      expect(p.description.split('. ').length).toBeGreaterThanOrEqual(2)
      expect(p.badges.length).toBeLessThanOrEqual(3)
    }
  })

  test('every image url resolves to an SVG; about 10% have no second image', () => {
    for (const p of SAMPLE.slice(0, 3_000)) {
      expect(renderImageForPath(p.imageUrl), p.imageUrl).not.toBeNull()
      if (p.secondaryImageUrl) expect(renderImageForPath(p.secondaryImageUrl)).not.toBeNull()
      for (const badge of p.badges) if (badge.type === 'image') expect(renderImageForPath(badge.imageUrl)).not.toBeNull()
    }
    const without = SAMPLE.filter((p) => p.secondaryImageUrl === null).length / SAMPLE.length
    expect(without).toBeGreaterThan(0.07)
    expect(without).toBeLessThan(0.13)
  })
})

describe('guides and links', () => {
  const guides = guideRows()
  const links = categoryGuideRows()

  test('about thirty guides with multi-paragraph bodies and cover images', () => {
    expect(guides.length).toBeGreaterThanOrEqual(25)
    expect(new Set(guides.map((g) => g.slug)).size).toBe(guides.length)
    for (const g of guides) {
      expect(g.body.split('\n\n').length, g.slug).toBeGreaterThanOrEqual(3)
      expect(g.featuredImageUrl).toBe(`/images/guides/${g.slug}.svg`)
      expect(renderImageForPath(g.featuredImageUrl)).not.toBeNull()
      expect(g.topics.length).toBeGreaterThan(0)
    }
  })

  test('each top-level category has 2 to 4 guides; no category has more than 4; some leaves have none', () => {
    const count = (id: number) => links.filter((l) => l.categoryId === id).length
    for (const c of categories) expect(count(c.id), c.urlSlug).toBeLessThanOrEqual(4)
    for (const c of categories.filter((c) => c.parentId === null)) expect(count(c.id), c.urlSlug).toBeGreaterThanOrEqual(2)
    expect(categories.some((c) => c.parentId !== null && count(c.id) === 0)).toBe(true)
  })

  test('teaser links point at a guide that is linked to the category', () => {
    for (const c of categories.filter((c) => c.teaserLinkUrl)) {
      const slug = c.teaserLinkUrl?.replace('/hello-baby/', '')
      const guide = guides.find((g) => g.slug === slug)
      expect(guide, c.urlSlug).toBeDefined()
      expect(links.some((l) => l.categoryId === c.id && l.guideId === guide?.id)).toBe(true)
    }
  })

  test('some brands have guides for their Shop by Guide block', () => {
    const brandLinks = brandGuideRows()
    const brandsWithTwo = new Set(brandLinks.map((l) => l.brandId).filter((id) => brandLinks.filter((l) => l.brandId === id).length >= 2))
    expect(brandsWithTwo.size).toBeGreaterThan(3)
  })
})

describe('collections', () => {
  test('a full seed has 4 to 6 collections of 6 to 12 distinct existing products', () => {
    const collections = collectionsFor(1_000_000)
    expect(collections.length).toBeGreaterThanOrEqual(4)
    expect(collections.length).toBeLessThanOrEqual(6)
    for (const c of collections) {
      expect(c.productIds.length).toBeGreaterThanOrEqual(6)
      expect(c.productIds.length).toBeLessThanOrEqual(12)
      expect(new Set(c.productIds).size).toBe(c.productIds.length)
      for (const id of c.productIds) expect(id).toBeLessThanOrEqual(1_500)
    }
  })

  test('small seeds only pick products that exist, and an empty seed has no collections', () => {
    for (const c of collectionsFor(50)) for (const id of c.productIds) expect(id).toBeLessThanOrEqual(50)
    expect(collectionsFor(0)).toEqual([])
  })
})

describe('product names read as a person would write them', () => {
  test('no word is said twice in a row (a qualifier already in the noun, a brand word the noun repeats)', () => {
    const repeated = SAMPLE.map((p) => p.name).filter((name) => /\b(\w+) \1\b/i.test(name))
    expect(repeated).toEqual([])
  })
})
