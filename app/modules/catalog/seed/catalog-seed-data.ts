// The demo catalogue as plain rows, ready to insert: categories, brands, guides, the links between
// them, and curated collections. Products come from productAt(); everything here is deterministic.

import type { Faq, GridCallout } from '../catalog.schema'
import { brandLogoPath, categoryImagePath, guideImagePath, productImagePath, PALETTE_COUNT } from '../illustrations'
import { BRAND_SEEDS, HOUSE_BRAND_ID, type BrandSeed, type Department } from './brand-list'
import { CATEGORY_COPY, GRID_CALLOUTS } from './category-content'
import { CATEGORY_NODES, categoryNodeBySlug, type CategoryNode } from './category-tree'
import { GUIDE_BODIES } from './guide-bodies'
import { GUIDE_SEEDS } from './guide-list'
import { hashString, slugify } from './prng'
import { productAt, productKindOf, SEED_REFERENCE_DATE, type ProductSeed } from './products'

export { productAt, shortCodeFor, SEED_REFERENCE_DATE, SHORT_CODE_LIMIT, GIFT_CARD_MIN_CENTS, GIFT_CARD_MAX_CENTS } from './products'
export type { ProductSeed, SeedProductType } from './products'
export { CLOTHING_SIZES, FAVORITE_COLORS } from './product-lines'
export { TOP_LEVEL_CATEGORY_SLUGS } from './category-tree'

export type CategoryRow = {
  id: number
  parentId: number | null
  title: string
  urlSlug: string
  position: number
  hidden: boolean
  isSortable: boolean
  sortType: string | null
  sortOrder: string | null
  teaserImageUrl: string | null
  teaserText: string | null
  teaserLinkText: string | null
  teaserLinkUrl: string | null
  imageUrl: string
  seoTitle: string
  seoDescription: string
  faqs: Faq[]
  gridCallout: GridCallout | null
}

export type BrandRow = {
  id: number
  name: string
  slug: string
  title: string
  description: string
  logoUrl: string
  seoTitle: string
  seoDescription: string
  faqs: Faq[]
}

export type GuideRow = {
  id: number
  slug: string
  title: string
  teaser: string
  body: string
  type: string
  featuredImageUrl: string
  featuredImageDescription: string
  topics: { name: string; slug: string }[]
  publishedAt: Date
}

export type LinkRow = { guideId: number; position: number }
export type CategoryGuideRow = LinkRow & { categoryId: number }
export type BrandGuideRow = LinkRow & { brandId: number }

export type CollectionSeed = { id: number; title: string; teaser: string; position: number; productIds: number[] }

const DAY_MS = 86_400_000

/** The title as shown to people: the spec shows 'Holiday Gifts 🎁' without its emoji. */
export function displayTitle(title: string): string {
  return title.replace(/\p{Extended_Pictographic}|\uFE0F/gu, '').replace(/\s+/g, ' ').trim()
}

// ---------------------------------------------------------------------------------------------
// Guides and their links

export function guideRows(): GuideRow[] {
  return GUIDE_SEEDS.map((guide, index) => {
    const body = GUIDE_BODIES[guide.slug]
    if (!body) throw new Error(`guide ${guide.slug} has no body`)
    return {
      id: index + 1,
      slug: guide.slug,
      title: guide.title,
      teaser: guide.teaser,
      body,
      type: 'guide',
      featuredImageUrl: guideImagePath(guide.slug),
      featuredImageDescription: `Illustrated cover for “${guide.title}”, showing a ${guide.kind.replace(/-/g, ' ')}.`,
      topics: guide.topics,
      publishedAt: new Date(SEED_REFERENCE_DATE.getTime() - (index * 17 + 5) * DAY_MS),
    }
  })
}

export function categoryGuideRows(): CategoryGuideRow[] {
  const rows: CategoryGuideRow[] = []
  const nextPosition = new Map<number, number>()
  GUIDE_SEEDS.forEach((guide, index) => {
    for (const slug of guide.categories) {
      const node = categoryNodeBySlug(slug)
      if (!node) throw new Error(`guide ${guide.slug} links to unknown category ${slug}`)
      const position = nextPosition.get(node.id) ?? 0
      nextPosition.set(node.id, position + 1)
      rows.push({ categoryId: node.id, guideId: index + 1, position })
    }
  })
  return rows
}

export function brandGuideRows(): BrandGuideRow[] {
  const idByName = new Map(BRAND_SEEDS.map((brand, index) => [brand.name, index + 1]))
  const rows: BrandGuideRow[] = []
  const nextPosition = new Map<number, number>()
  GUIDE_SEEDS.forEach((guide, index) => {
    for (const name of guide.brands) {
      const brandId = idByName.get(name)
      if (brandId === undefined) throw new Error(`guide ${guide.slug} links to unknown brand ${name}`)
      const position = nextPosition.get(brandId) ?? 0
      nextPosition.set(brandId, position + 1)
      rows.push({ brandId, guideId: index + 1, position })
    }
  })
  return rows
}

// ---------------------------------------------------------------------------------------------
// Categories

export function categoryRows(): CategoryRow[] {
  const guidesByCategory = new Map<number, { slug: string; title: string }[]>()
  for (const link of categoryGuideRows()) {
    const guide = GUIDE_SEEDS[link.guideId - 1]
    if (!guide) continue
    const list = guidesByCategory.get(link.categoryId) ?? []
    list.push({ slug: guide.slug, title: guide.title })
    guidesByCategory.set(link.categoryId, list)
  }
  const positions = new Map<number | null, number>()
  return CATEGORY_NODES.map((node: CategoryNode) => {
    const copy = CATEGORY_COPY[node.urlSlug]
    if (!copy) throw new Error(`category ${node.urlSlug} has no copy`)
    const position = positions.get(node.parentId) ?? 0
    positions.set(node.parentId, position + 1)
    const title = displayTitle(node.title)
    const h = hashString(node.urlSlug)
    const isTop = node.parentId === null
    // Most categories have a teaser image; a few leaves do not, so their teaser text shows on its own.
    const hasTeaserImage = isTop || h % 4 !== 0
    const firstGuide = guidesByCategory.get(node.id)?.[0]
    return {
      id: node.id,
      parentId: node.parentId,
      title: node.title,
      urlSlug: node.urlSlug,
      position,
      hidden: false,
      isSortable: true,
      sortType: node.sortType,
      sortOrder: node.sortOrder,
      teaserImageUrl: hasTeaserImage ? productImagePath(node.kind, h % PALETTE_COUNT, true) : null,
      teaserText: copy.teaser,
      teaserLinkText: firstGuide ? `Read: ${firstGuide.title}` : null,
      teaserLinkUrl: firstGuide ? `/hello-baby/${firstGuide.slug}` : null,
      imageUrl: categoryImagePath(node.urlSlug),
      seoTitle: isTop ? `Shop ${title} | Nestlist` : `${title} | Nestlist Baby Store`,
      seoDescription: `${copy.teaser} Free shipping on orders over $45, and 15% off with your Nestlist registry discount.`,
      faqs: copy.faqs.map(([question, answer]) => ({ question, answer })),
      gridCallout: GRID_CALLOUTS[node.urlSlug] ?? null,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Brands

const DEPARTMENT_WORDS: Record<Department, string> = {
  gear: 'strollers and travel gear',
  car: 'car seats',
  carry: 'baby carriers',
  nursery: 'nursery furniture',
  sleep: 'sleep essentials',
  play: 'toys',
  books: 'books',
  bath: 'bath-time basics',
  health: 'health essentials',
  safety: 'babyproofing gear',
  feeding: 'feeding gear',
  diapering: 'diapering essentials',
  apparel: 'baby clothes',
  gifts: 'gifts and keepsakes',
}

function listWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

const DEPARTMENT_FAQ: Record<Department, (name: string) => Faq> = {
  apparel: (name) => ({
    question: `How does ${name} sizing run?`,
    answer: 'True to size, with a little room to grow. If your baby is between sizes, size up; fabrics are pre-washed to keep shrinking to a minimum.',
  }),
  feeding: (name) => ({
    question: `Are ${name} products free of BPA?`,
    answer: 'Yes. Everything that touches food or milk is made without BPA, PVC or phthalates, and most pieces are dishwasher safe on the top rack.',
  }),
  gear: (name) => ({
    question: `Can I buy replacement parts for ${name} gear?`,
    answer: 'Yes. Replacement wheels, straps, canopies and covers are available through customer care, so a worn part does not mean replacing the whole product.',
  }),
  car: (name) => ({
    question: `Where can I find the expiry date on a ${name} car seat?`,
    answer: 'On the label on the side or bottom of the seat, next to the date of manufacture. Never use a seat past its expiry date or after a moderate or severe crash.',
  }),
  carry: (name) => ({
    question: `What weight range do ${name} carriers support?`,
    answer: 'Most carriers support babies from about 7 to 45 pounds. Check each product page for the exact range and whether an infant insert is needed for newborns.',
  }),
  nursery: (name) => ({
    question: `Does ${name} furniture need assembly?`,
    answer: 'Most pieces need light assembly, usually 30 to 60 minutes with the included tools. Always attach the included anti-tip kit to the wall.',
  }),
  sleep: (name) => ({
    question: `Do ${name} sleep products follow safe sleep guidance?`,
    answer: 'Yes. They are designed for a baby sleeping on their back on a firm, flat surface with no loose bedding. Stop swaddling as soon as your baby shows signs of rolling.',
  }),
  play: (name) => ({
    question: `What ages are ${name} toys for?`,
    answer: 'Each product page lists a recommended age. Everything is tested to toy safety standards, and toys for children under 3 have no small parts.',
  }),
  books: (name) => ({
    question: `Are ${name} board books safe to chew?`,
    answer: 'Yes. Pages are printed with non-toxic, water-based inks and the corners are rounded, so they stand up to teething babies.',
  }),
  bath: (name) => ({
    question: `How do I keep ${name} bath products clean?`,
    answer: 'Rinse and air-dry after every bath. Toys that open can be washed in warm soapy water, and towels can go in the washing machine on a warm cycle.',
  }),
  health: (name) => ({
    question: `Are ${name} products FSA/HSA eligible?`,
    answer: 'Many are. Look for the FSA/HSA eligible label on the product page, and check with your plan administrator if you are unsure.',
  }),
  safety: (name) => ({
    question: `Will ${name} products damage my walls or furniture?`,
    answer: 'Adhesive products remove cleanly when warmed with a hair dryer. Gates for the top of the stairs must be screwed into the wall for safety.',
  }),
  diapering: (name) => ({
    question: `Are ${name} products fragrance-free?`,
    answer: 'Yes. Diapers and wipes are made without fragrance, lotion or parabens, and are dermatologist tested for sensitive skin.',
  }),
  gifts: (name) => ({
    question: `Can ${name} products be gift-wrapped?`,
    answer: 'Yes. Add gift wrap and a personal note at checkout, and prices are left off the packing slip.',
  }),
}

function brandDescription(brand: BrandSeed): string {
  if (brand.name === 'Nestlist') {
    return `${brand.tagline} Cash funds, gift cards and favors let friends and family give exactly what a growing family needs.`
  }
  const made = listWords(brand.departments.map((d) => DEPARTMENT_WORDS[d]))
  return `${brand.tagline} Founded in ${brand.home} in ${brand.founded}, the team now makes ${made} for families everywhere.`
}

function brandFaqs(brand: BrandSeed, index: number): Faq[] {
  if (!brand.hasFaqs) return []
  if (brand.name === 'Nestlist') {
    return [
      { question: 'Do Nestlist gift cards expire?', answer: 'No. Nestlist electronic gift cards never expire and can be used on anything in the shop.' },
      { question: 'How do cash funds work?', answer: 'Friends and family contribute any amount towards a goal you choose, such as childcare or parental leave. Contributions appear in your gift tracker.' },
      { question: 'What is a favor?', answer: 'A favor is help rather than a thing: a meal, a dog walk or an evening of babysitting. Friends sign up, and you arrange the details together.' },
    ]
  }
  const faqs: Faq[] = [
    {
      question: `Where are ${brand.name} products designed?`,
      answer: `${brand.name} products are designed by a small team in ${brand.home} and made with manufacturing partners that are audited every year for product safety and fair working conditions.`,
    },
    {
      question: `What warranty does ${brand.name} offer?`,
      answer: `Every ${brand.name} product comes with a ${brand.warrantyYears}-year limited warranty against defects in materials and workmanship. Keep your order number handy and contact customer care if something goes wrong.`,
    },
  ]
  const first = brand.departments[0]
  if (first && index % 3 !== 0) faqs.splice(1, 0, DEPARTMENT_FAQ[first](brand.name))
  return faqs
}

export function brandRows(): BrandRow[] {
  return BRAND_SEEDS.map((brand, index) => {
    const slug = slugify(brand.name)
    return {
      id: index + 1,
      name: brand.name,
      slug,
      title: brand.name,
      description: brandDescription(brand),
      logoUrl: brandLogoPath(slug),
      seoTitle: `${brand.name} | Shop ${brand.name} Baby Products at Nestlist`,
      seoDescription: `Shop ${brand.name} at Nestlist. ${brand.tagline}`,
      faqs: brandFaqs(brand, index),
    }
  })
}

export { HOUSE_BRAND_ID }

// ---------------------------------------------------------------------------------------------
// Collections for the store landing page

type CollectionRule = {
  title: string
  teaser: string
  size: number
  accepts: (product: ProductSeed, kind: string) => boolean
  /** Higher scores are shown first; defaults to popularity. */
  score?: (product: ProductSeed) => number
}

const COLLECTION_RULES: CollectionRule[] = [
  {
    title: 'Registry Must-Haves',
    teaser: 'The things new parents reach for every single day.',
    size: 12,
    accepts: (_p, kind) => ['swaddle', 'bottle', 'diapers', 'wipes', 'car-seat', 'stroller', 'bassinet', 'monitor', 'carrier', 'bodysuit'].includes(kind),
  },
  {
    title: 'Sleep Like a Baby',
    teaser: 'Bassinets, swaddles and cozy sleepers for calmer nights.',
    size: 8,
    accepts: (_p, kind) => ['bassinet', 'swaddle', 'sleeper', 'crib', 'mobile', 'humidifier'].includes(kind),
  },
  {
    title: 'Gifts Under $50',
    teaser: 'Sweet, useful presents that will not break the bank.',
    size: 10,
    accepts: (p) => (p.salePriceCents ?? p.priceCents) <= 5_000,
  },
  {
    title: 'Out and About',
    teaser: 'Strollers, carriers and bags for getting out of the house.',
    size: 8,
    accepts: (_p, kind) => ['stroller', 'carrier', 'diaper-bag', 'car-seat'].includes(kind),
  },
  {
    title: 'Bath Time Favorites',
    teaser: 'Splashy toys, snug towels and tubs that make bath time fun.',
    size: 6,
    accepts: (_p, kind) => ['bath-tub', 'hooded-towel', 'bath-toy'].includes(kind),
  },
  {
    title: 'Just Arrived',
    teaser: 'The newest additions to the shop.',
    size: 8,
    accepts: () => true,
    score: (p) => p.createdAt.getTime(),
  },
]

/** Only the first products are considered, so collections are the same for every seed size above that. */
export const COLLECTION_CANDIDATE_LIMIT = 1_500

/**
 * Curated collections, chosen among products 1..min(total, 1500). Collections that would be empty
 * are left out, so a tiny seed may have none. A product appears in at most one collection.
 */
export function collectionsFor(total: number): CollectionSeed[] {
  const limit = Math.min(total, COLLECTION_CANDIDATE_LIMIT)
  const candidates: { product: ProductSeed; kind: string }[] = []
  for (let i = 1; i <= limit; i++) {
    const product = productAt(i, total)
    if (product.productType === 'product' && product.available) candidates.push({ product, kind: productKindOf(product) })
  }
  const used = new Set<number>()
  const result: CollectionSeed[] = []
  for (const rule of COLLECTION_RULES) {
    const score = rule.score ?? ((p: ProductSeed) => p.popularity)
    const picked = candidates
      .filter(({ product, kind }) => !used.has(product.id) && rule.accepts(product, kind))
      .sort((a, b) => score(b.product) - score(a.product) || a.product.id - b.product.id)
      .slice(0, rule.size)
      .map(({ product }) => product.id)
    if (picked.length === 0) continue
    picked.forEach((id) => used.add(id))
    result.push({ id: result.length + 1, title: rule.title, teaser: rule.teaser, position: result.length, productIds: picked })
  }
  return result
}
