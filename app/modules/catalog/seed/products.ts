// Builds demo products one at a time from their id alone, so a seed of a million rows can be
// generated in batches without holding them all in memory, and any product can be rebuilt in a test.

import type { Badge, ProductOptions } from '../catalog.schema'
import { IMAGE_BADGES, PALETTE_COUNT, badgeImagePath, productImagePath, type ImageBadgeSlug, type ProductKind } from '../illustrations'
import { BRAND_SEEDS, HOUSE_BRAND_ID, type Department } from './brand-list'
import { categoryNodeBySlug } from './category-tree'
import { CASH_FUNDS, FAVORS, GIFT_CARD_DESIGNS, MODEL_NAMES, PRODUCT_LINES, type FavoriteColor, type ProductLine } from './product-lines'
import { createRng, mixSeed, slugify, type Rng } from './prng'

/** Every seeded date is relative to this instant, never to the clock. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T00:00:00Z')

/** Electronic gift card range in cents (spec §9: minimum 25, maximum 1000). */
export { ELECTRONIC_GIFT_CARD_MAX_CENTS as GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS as GIFT_CARD_MIN_CENTS } from '../catalog.constants'
import { ELECTRONIC_GIFT_CARD_MIN_CENTS as GIFT_CARD_MIN_CENTS } from '../catalog.constants'

/** Short codes (a letter and three digits) exist for the first 26 x 1000 products only. */
export const SHORT_CODE_LIMIT = 26_000

export type SeedProductType = 'product' | 'cash_fund' | 'favor' | 'gift_card'

export type ProductSeed = {
  id: number
  slug: string
  name: string
  shortName: string
  description: string
  brandId: number
  categoryId: number
  productType: SeedProductType
  priceCents: number
  salePriceCents: number | null
  msrpCents: number | null
  rating: number | null
  reviewCount: number
  stock: number
  available: boolean
  fsaHsaEligible: boolean
  popularity: number
  imageUrl: string
  secondaryImageUrl: string | null
  badges: Badge[]
  callouts: string[]
  options: ProductOptions
  shortCode: string | null
  createdAt: Date
}

// ---------------------------------------------------------------------------------------------
// Lookup tables, built once

type PreparedLine = ProductLine & { categoryId: number; brandIds: number[] }

function brandIdsFor(dept: Department): number[] {
  const ids: number[] = []
  BRAND_SEEDS.forEach((brand, index) => {
    if (index + 1 !== HOUSE_BRAND_ID && brand.departments.includes(dept)) ids.push(index + 1)
  })
  if (ids.length === 0) throw new Error(`no brand makes ${dept} products`)
  return ids
}

const LINES: PreparedLine[] = PRODUCT_LINES.map((line) => {
  const node = categoryNodeBySlug(line.leaf)
  if (!node || node.parentId === null) throw new Error(`product line for unknown leaf category ${line.leaf}`)
  return { ...line, categoryId: node.id, brandIds: brandIdsFor(line.dept) }
})

const LINE_WEIGHTS = LINES.map((line) => line.weight)

function categoryIdOf(slug: string): number {
  const node = categoryNodeBySlug(slug)
  if (!node) throw new Error(`unknown category ${slug}`)
  return node.id
}

const CASH_FUND_CATEGORY_ID = categoryIdOf('cash-funds')
const GIFT_CARD_CATEGORY_ID = categoryIdOf('gift-cards')
const FAVOR_CATEGORY_ID = categoryIdOf('help-and-favors')

/** Color choices map onto the illustration palettes so a pink product looks pink. */
const PALETTE_FOR_COLOR: Record<FavoriteColor, number> = {
  red: 1,
  orange: 5,
  green: 0,
  blue: 2,
  purple: 4,
  brown: 6,
  pink: 1,
  white: 6,
  gray: 7,
  black: 7,
  yellow: 3,
  rainbow: 4,
}

const COLOR_WEIGHT: Record<FavoriteColor, number> = {
  red: 2, orange: 2, green: 4, blue: 4, purple: 2, brown: 3, pink: 4, white: 4, gray: 4, black: 3, yellow: 2, rainbow: 1,
}

const DAY_MS = 86_400_000
const CREATED_SPAN_MS = 730 * DAY_MS
const NEW_WINDOW_MS = 45 * DAY_MS
const REFERENCE_MS = SEED_REFERENCE_DATE.getTime()
const FREE_SHIPPING_CENTS = 4_500

/** The first ids hold a fixed handful of cash funds, gift cards and favors, so even tiny seeds have some. */
const FIXED_SPECIALS: Record<number, [SeedProductType, number]> = {
  2: ['cash_fund', 0],
  4: ['gift_card', 0],
  6: ['favor', 0],
  9: ['cash_fund', 1],
  13: ['favor', 1],
  17: ['gift_card', 1],
  21: ['cash_fund', 2],
  26: ['favor', 2],
  31: ['cash_fund', 3],
  37: ['favor', 3],
}

function specialAt(id: number): [SeedProductType, number] | null {
  const fixed = FIXED_SPECIALS[id]
  if (fixed) return fixed
  if (id <= 40) return null
  const h = mixSeed(id, 7)
  if (h % 500 !== 0) return null
  const variant = (h >>> 12) % 64
  return [(['cash_fund', 'gift_card', 'favor'] as const)[variant % 3] as SeedProductType, variant]
}

// ---------------------------------------------------------------------------------------------
// Helpers

const INTROS: ((name: string, brand: string) => string)[] = [
  (name, brand) => `The ${name} from ${brand} is made for real family life.`,
  (name, brand) => `Meet the ${name}, a ${brand} favorite with parents.`,
  (name, brand) => `${brand} designed the ${name} with busy parents in mind.`,
  (name) => `A thoughtful registry pick, the ${name} is simple to use and easy to love.`,
  (name, brand) => `Parents reach for the ${brand} ${name} again and again.`,
]

/** A price in cents that ends the way shop prices do ($24.99, $349.00, $1,199.99). */
function shopPrice(rng: Rng, minDollars: number, maxDollars: number): number {
  const dollars = rng.int(minDollars, maxDollars)
  if (dollars >= 100) {
    const rounded = Math.max(minDollars, Math.round(dollars / 10) * 10)
    return rng.chance(0.75) ? rounded * 100 - 1 : rounded * 100
  }
  return rng.chance(0.85) ? dollars * 100 + 99 : dollars * 100
}

function pickColors(rng: Rng, allowed: readonly FavoriteColor[], max: number): FavoriteColor[] {
  const count = rng.int(1, Math.min(max, allowed.length))
  const chosen: FavoriteColor[] = []
  const pool = allowed.slice()
  while (chosen.length < count && pool.length > 0) {
    const color = rng.weighted(pool, pool.map((c) => COLOR_WEIGHT[c]))
    chosen.push(color)
    pool.splice(pool.indexOf(color), 1)
  }
  return chosen
}

function contiguousSizes(rng: Rng, sizes: readonly string[]): string[] {
  if (sizes.length <= 3) return sizes.slice()
  const length = rng.int(Math.min(4, sizes.length), sizes.length)
  const start = rng.int(0, sizes.length - length)
  return sizes.slice(start, start + length)
}

/** A bijection of 0..25999 so neighbouring products get unrelated-looking codes. */
export function shortCodeFor(id: number): string | null {
  if (id < 1 || id > SHORT_CODE_LIMIT) return null
  const n = ((id - 1) * 7919) % SHORT_CODE_LIMIT
  return String.fromCharCode(97 + Math.floor(n / 1000)) + String(n % 1000).padStart(3, '0')
}

function createdAtFor(rng: Rng): Date {
  // Slightly more products are recent than old, like a growing shop.
  const age = Math.floor(Math.pow(rng.next(), 1.3) * CREATED_SPAN_MS)
  return new Date(REFERENCE_MS - (age - (age % 1000)))
}

function reviewsFor(rng: Rng): { reviewCount: number; rating: number | null } {
  if (rng.chance(0.12)) return { reviewCount: 0, rating: null }
  const reviewCount = 1 + Math.floor(Math.pow(rng.next(), 4) * 4000)
  const spread = reviewCount < 10 ? (rng.next() - 0.5) * 0.8 : 0
  const raw = 4.8 - 1.5 * Math.pow(rng.next(), 2.2) + spread
  const rating = Math.min(5, Math.max(3, Math.round(raw * 10) / 10))
  return { reviewCount, rating }
}

// ---------------------------------------------------------------------------------------------
// Products

function specialProduct(id: number, type: SeedProductType, variant: number, rng: Rng): ProductSeed {
  const createdAt = createdAtFor(rng)
  const popularity = 2_000 + rng.int(0, 6_000)
  const second = rng.chance(0.9)
  const palette = variant % PALETTE_COUNT
  const base = {
    id,
    brandId: HOUSE_BRAND_ID,
    productType: type,
    salePriceCents: null,
    msrpCents: null,
    rating: null,
    reviewCount: 0,
    stock: 9_999,
    available: true,
    fsaHsaEligible: false,
    popularity,
    badges: [] as Badge[],
    options: {},
    shortCode: shortCodeFor(id),
    createdAt,
  }
  if (type === 'cash_fund') {
    const [title, blurb] = CASH_FUNDS[variant % CASH_FUNDS.length] as readonly [string, string]
    return {
      ...base,
      slug: slugify(title),
      name: `Nestlist ${title}`,
      shortName: title,
      description: `${blurb} Friends and family can give any amount, and every contribution shows up in your gift tracker with their note.`,
      categoryId: CASH_FUND_CATEGORY_ID,
      priceCents: 0,
      imageUrl: productImagePath('cash-fund', palette),
      secondaryImageUrl: second ? productImagePath('cash-fund', palette, true) : null,
      callouts: ['Any amount'],
    }
  }
  if (type === 'gift_card') {
    const design = GIFT_CARD_DESIGNS[variant % GIFT_CARD_DESIGNS.length] as string
    return {
      ...base,
      slug: 'nestlist-store-gift-card',
      name: `Nestlist Store Gift Card: ${design}`,
      shortName: `Store Gift Card: ${design}`,
      description: `An electronic gift card for anything in the Nestlist shop, in any amount from $25 to $1,000. It is delivered by email on the date you choose, with your personal message, and it never expires.`,
      categoryId: GIFT_CARD_CATEGORY_ID,
      priceCents: GIFT_CARD_MIN_CENTS,
      imageUrl: productImagePath('gift-card', palette),
      secondaryImageUrl: second ? productImagePath('gift-card', palette, true) : null,
      badges: variant % GIFT_CARD_DESIGNS.length === 0 ? [{ type: 'text', text: 'Best Seller', variant: 'primary' }] : [],
      callouts: ['Delivered by email'],
    }
  }
  const [title, blurb] = FAVORS[variant % FAVORS.length] as readonly [string, string]
  return {
    ...base,
    slug: slugify(title),
    name: `Favor: ${title}`,
    shortName: title,
    description: `${blurb} Favors are free to give: friends sign up, and you sort out the details together.`,
    categoryId: FAVOR_CATEGORY_ID,
    priceCents: 0,
    imageUrl: productImagePath('favor', palette),
    secondaryImageUrl: second ? productImagePath('favor', palette, true) : null,
    callouts: ['Free to give'],
  }
}

/**
 * The product with id `i` (1-based) in a catalogue of `total` products. The result depends on `i`
 * alone, so any slice can be generated independently and every seed size shares its first rows;
 * `total` is only checked.
 */
/**
 * One word where the parts of a name meet on the same word: the qualifier 'Muslin' before the noun 'Muslin Crib
 * Sheet', the brand 'Tidepool Baby' before 'Baby Bathtub'. Nobody names a product 'Muslin Muslin Crib Sheet'.
 */
export function withoutRepeatedWords(text: string): string {
  return text.replace(/\b(\w+)(?: \1\b)+/gi, '$1')
}

export function productAt(i: number, total: number): ProductSeed {
  if (!Number.isInteger(i) || i < 1 || i > total) throw new RangeError(`product index ${i} is outside 1..${total}`)
  const rng = createRng(mixSeed(i, 0x5eed))

  const special = specialAt(i)
  if (special) return specialProduct(i, special[0], special[1], rng)

  const line = rng.weighted(LINES, LINE_WEIGHTS)
  const item = rng.pick(line.items)
  const kind: ProductKind = item.kind ?? line.kind
  const brandId = rng.pick(line.brandIds)
  const brandName = (BRAND_SEEDS[brandId - 1] as { name: string }).name

  const model = line.models && rng.chance(0.85) ? rng.pick(MODEL_NAMES) : ''
  const qualifier = rng.pick(line.qualifiers)
  const pack = line.packs && !item.single ? rng.pick(line.packs) : ''
  const suffix = item.suffixes ? rng.pick(item.suffixes) : ''
  const shortName = withoutRepeatedWords([model, qualifier, item.noun, pack].filter(Boolean).join(' ')) + (suffix ? `, ${suffix}` : '')
  const name = withoutRepeatedWords(`${brandName} ${shortName}`)

  const features = rng.sample(line.features, 2)
  const description = [rng.pick(INTROS)(model ? `${model} ${item.noun}` : item.noun, brandName), ...features].join(' ')

  // Prices: packs cost more, but less than buying singles.
  const packCount = pack ? Number.parseInt(pack, 10) : 1
  let priceCents = shopPrice(rng, item.price[0], item.price[1])
  if (packCount > 1) priceCents = Math.round((priceCents * packCount * 0.8) / 100) * 100 - 1
  const onSale = rng.chance(0.15)
  let salePriceCents: number | null = null
  let discountPercent = 0
  if (onSale) {
    discountPercent = rng.pick([10, 15, 20, 20, 25, 30, 40])
    salePriceCents = Math.floor((priceCents * (100 - discountPercent)) / 100 / 100) * 100 - 1
    if (salePriceCents <= 0 || salePriceCents >= priceCents) salePriceCents = priceCents - 100
    if (salePriceCents <= 0) salePriceCents = null
  }
  const msrpCents = !onSale && rng.chance(0.2) ? Math.round((priceCents * (1.1 + rng.next() * 0.25)) / 100) * 100 - 1 : onSale ? priceCents : null

  const { reviewCount, rating } = reviewsFor(rng)
  const available = rng.chance(0.92)
  const stock = available ? 1 + Math.floor(Math.pow(rng.next(), 2) * 400) : 0
  const fsaHsaEligible = line.fsa !== undefined && rng.chance(line.fsa)
  const createdAt = createdAtFor(rng)
  const isNew = REFERENCE_MS - createdAt.getTime() < NEW_WINDOW_MS
  const bestSeller = (reviewCount > 800 && (rating ?? 0) >= 4.5) || rng.chance(0.02)
  const popularity = Math.round(reviewCount * (rating ?? 3.5) * 2 + rng.next() * 900 + (bestSeller ? 5_000 : 0) + (isNew ? 600 : 0))

  const options: ProductOptions = {}
  const sizes = item.sizes ?? line.sizes
  if (sizes) options.sizes = contiguousSizes(rng, sizes)
  let palette = rng.int(0, PALETTE_COUNT - 1)
  if (line.colors) {
    const colors = pickColors(rng, line.colors, line.maxColors ?? 3)
    options.colors = colors
    const first = colors[0]
    if (first && first !== 'rainbow') palette = PALETTE_FOR_COLOR[first]
  }

  const badges: Badge[] = []
  if (bestSeller) badges.push({ type: 'text', text: 'Best Seller', variant: 'primary' })
  else if (isNew) badges.push({ type: 'text', text: 'New', variant: 'neutral' })
  else if (rng.chance(0.02)) badges.push({ type: 'text', text: 'Only at Nestlist', variant: 'neutral' })
  if (salePriceCents !== null) badges.push({ type: 'text', text: rng.chance(0.5) ? 'Sale' : `${discountPercent}% Off`, variant: 'discount' })
  const imageBadge: ImageBadgeSlug | null = /Organic|Plant-Based|Bamboo|Linen/.test(qualifier) && rng.chance(0.4)
    ? 'eco-friendly'
    : rng.chance(0.03)
      ? 'parents-pick'
      : rng.chance(0.015)
        ? 'award-winner'
        : null
  if (imageBadge) badges.push({ type: 'image', imageUrl: badgeImagePath(imageBadge), title: IMAGE_BADGES[imageBadge] })

  const callouts: string[] = []
  const effectivePrice = salePriceCents ?? priceCents
  if (effectivePrice >= FREE_SHIPPING_CENTS) callouts.push('Free shipping')
  if (available && stock <= 5) callouts.push(`Only ${stock} left`)
  else if (available && rng.chance(0.3)) callouts.push('Ships in 1-2 days')
  if (line.dept === 'gifts' && rng.chance(0.5)) callouts.push('Gift wrap available')

  return {
    id: i,
    slug: slugify(name),
    name,
    shortName,
    description,
    brandId,
    categoryId: line.categoryId,
    productType: 'product',
    priceCents,
    salePriceCents,
    msrpCents,
    rating,
    reviewCount,
    stock,
    available,
    fsaHsaEligible,
    popularity,
    imageUrl: productImagePath(kind, palette),
    secondaryImageUrl: rng.chance(0.9) ? productImagePath(kind, palette, true) : null,
    badges,
    callouts,
    options,
    shortCode: shortCodeFor(i),
    createdAt,
  }
}

/** Which illustration a product's image shows (parsed back from its image url). */
export function productKindOf(product: Pick<ProductSeed, 'imageUrl'>): string {
  const match = /^\/images\/products\/([a-z-]+?)-\d+\.svg$/.exec(product.imageUrl)
  return match?.[1] ?? ''
}
