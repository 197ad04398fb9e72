// The product card (spec 'Product card'): the columns it reads and how a row becomes a card. One mapping
// for every module that lists products (catalogue pages, storefront, search).
import { sql } from 'drizzle-orm'
import { type Badge, brands, products } from './catalog.schema'
import {
  ELECTRONIC_GIFT_CARD_MAX_CENTS,
  ELECTRONIC_GIFT_CARD_MIN_CENTS,
  type ProductCard,
  type ProductCardView,
  type ProductKind,
} from './catalog.service.server'
import type { ListingResult, ListingView } from '../search/search.types'
import { pdpPath } from './product-path'

/** The columns a card needs, for `db.select(cardColumns).from(products).innerJoin(brands, …)`. */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  shortName: products.shortName,
  productType: products.productType,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  msrpCents: products.msrpCents,
  rating: products.rating,
  reviewCount: products.reviewCount,
  available: products.available,
  hasOptions: sql<boolean>`(jsonb_array_length(coalesce(${products.options} -> 'sizes', '[]'::jsonb)) > 0 or jsonb_array_length(coalesce(${products.options} -> 'colors', '[]'::jsonb)) > 0)`,
  fsaHsaEligible: products.fsaHsaEligible,
  imageUrl: products.imageUrl,
  secondaryImageUrl: products.secondaryImageUrl,
  badges: products.badges,
  callouts: products.callouts,
  brandId: brands.id,
  brandName: brands.name,
  brandSlug: brands.slug,
}

export type CardRow = {
  id: number
  slug: string
  name: string
  shortName: string
  productType: ProductKind
  priceCents: number
  salePriceCents: number | null
  msrpCents: number | null
  rating: number | null
  reviewCount: number
  available: boolean
  /** Sizes or colours to choose (a card's quick 'Add to Cart' sends these shoppers to the product page). */
  hasOptions: boolean
  fsaHsaEligible: boolean
  imageUrl: string
  secondaryImageUrl: string | null
  badges: Badge[]
  callouts: string[]
  brandId: number
  brandName: string
  brandSlug: string
}

const STALE_STOCK_CALLOUT = /^only \d+ left$/i

/** A selected row as the spec's product card. */
export function toCard(row: CardRow): ProductCard {
  const isElectronicGiftCard = row.productType === 'gift_card'
  const onSale = row.salePriceCents !== null && row.salePriceCents < row.priceCents
  const current = onSale && row.salePriceCents !== null ? row.salePriceCents : row.priceCents
  return {
    productId: row.id,
    genericProductId: row.id,
    slug: row.slug,
    title: row.name,
    shortName: row.shortName,
    brand: { id: row.brandId, name: row.brandName, slug: row.brandSlug },
    imageUrl: row.imageUrl,
    secondaryImageUrl: row.secondaryImageUrl,
    path: pdpPath({ slug: row.slug, genericProductId: row.id }),
    productType: row.productType,
    isCashFund: row.productType === 'cash_fund',
    isFavor: row.productType === 'favor',
    isElectronicGiftCard,
    // No crowdfund products exist in this catalogue yet; the flag keeps the spec's card shape.
    isCrowdfund: false,
    fsaHsaEligible: row.fsaHsaEligible,
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: row.reviewCount,
    price: isElectronicGiftCard
      ? { current, regular: row.priceCents, min: ELECTRONIC_GIFT_CARD_MIN_CENTS, max: ELECTRONIC_GIFT_CARD_MAX_CENTS, msrp: null }
      : { current, regular: row.priceCents, min: current, max: current, msrp: row.msrpCents },
    onSale,
    available: row.available,
    hasOptions: Boolean(row.hasOptions),
    promotionalBadges: row.badges,
    // Stock callouts written at seed time ('Only 3 left') would go stale as stock sells: the product page and
    // cart show stock from product_stock instead (docs/decisions/021-cart.md).
    callouts: row.callouts.filter((c) => !STALE_STOCK_CALLOUT.test(c)),
  }
}

// A card object is never changed once made (the listing index's card cache replaces a changed product's card with
// a new object), so its view is made once per card object and is the same object on every request: the product
// card's markup key then reuses one JSON copy of it (`jsonKey`, app/lib/static-markup.tsx) instead of serialising
// every card on every request (decision 028, amendment h25).
const views = new WeakMap<ProductCard, ProductCardView>()

/** The fields of a card that the browser renders (see `ProductCardView`); one view per card object. */
export function cardView(card: ProductCard): ProductCardView {
  let view = views.get(card)
  if (view === undefined) {
    view = {
      productId: card.productId,
      genericProductId: card.genericProductId,
      title: card.title,
      imageUrl: card.imageUrl,
      secondaryImageUrl: card.secondaryImageUrl,
      path: card.path,
      productType: card.productType,
      isCashFund: card.isCashFund,
      isFavor: card.isFavor,
      isElectronicGiftCard: card.isElectronicGiftCard,
      isCrowdfund: card.isCrowdfund,
      fsaHsaEligible: card.fsaHsaEligible,
      rating: card.rating,
      reviewCount: card.reviewCount,
      price: card.price,
      onSale: card.onSale,
      available: card.available,
      hasOptions: card.hasOptions,
      promotionalBadges: card.promotionalBadges,
      callouts: card.callouts,
      brand: { name: card.brand.name },
    }
    views.set(card, view)
  }
  return view
}

/**
 * A listing page's loader data: its cards as `cardView`s (a grid of 18 cards sends ~90 fewer values through
 * React Router's turbo-stream encoding and the page's hydration data).
 */
export function listingView(result: ListingResult): ListingView {
  return { ...result, heroProducts: result.heroProducts.map(cardView) }
}
