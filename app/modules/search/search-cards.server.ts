// Product cards for a page of ids, in the order given: one indexed query, whatever engine chose the ids.
import type pg from 'pg'
import type { Badge } from '../catalog/catalog.schema'
import { ELECTRONIC_GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS, type ProductCard, type ProductKind } from '../catalog/catalog.service.server'
import { pdpPath } from '../catalog/product-path'

type CardRow = {
  id: number
  slug: string
  name: string
  short_name: string
  product_type: ProductKind
  price_cents: number
  sale_price_cents: number | null
  msrp_cents: number | null
  rating: string | null
  review_count: number
  available: boolean
  fsa_hsa_eligible: boolean
  image_url: string
  secondary_image_url: string | null
  badges: Badge[]
  callouts: string[]
  brand_id: number
  brand_name: string
  brand_slug: string
}

const CARDS_SQL = `select p.id, p.slug, p.name, p.short_name, p.product_type, p.price_cents, p.sale_price_cents, p.msrp_cents,
  p.rating, p.review_count, p.available, p.fsa_hsa_eligible, p.image_url, p.secondary_image_url, p.badges, p.callouts,
  b.id as brand_id, b.name as brand_name, b.slug as brand_slug
from products p join brands b on b.id = p.brand_id where p.id = any($1::int[])`

/** The same card the catalogue shows (catalog.service toCard). */
export function toCard(row: CardRow): ProductCard {
  const isElectronicGiftCard = row.product_type === 'gift_card'
  const onSale = row.sale_price_cents !== null && row.sale_price_cents < row.price_cents
  const current = onSale && row.sale_price_cents !== null ? row.sale_price_cents : row.price_cents
  return {
    productId: row.id,
    genericProductId: row.id,
    slug: row.slug,
    title: row.name,
    shortName: row.short_name,
    brand: { id: row.brand_id, name: row.brand_name, slug: row.brand_slug },
    imageUrl: row.image_url,
    secondaryImageUrl: row.secondary_image_url,
    path: pdpPath({ slug: row.slug, genericProductId: row.id }),
    productType: row.product_type,
    isCashFund: row.product_type === 'cash_fund',
    isFavor: row.product_type === 'favor',
    isElectronicGiftCard,
    isCrowdfund: false,
    fsaHsaEligible: row.fsa_hsa_eligible,
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: row.review_count,
    price: isElectronicGiftCard
      ? { current, regular: row.price_cents, min: ELECTRONIC_GIFT_CARD_MIN_CENTS, max: ELECTRONIC_GIFT_CARD_MAX_CENTS, msrp: null }
      : { current, regular: row.price_cents, min: current, max: current, msrp: row.msrp_cents },
    onSale,
    available: row.available,
    promotionalBadges: row.badges,
    callouts: row.callouts,
  }
}

/** Cards for these ids in this order; ids no longer in the catalogue are skipped. */
export async function cardsByIds(pool: pg.Pool, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return []
  const { rows } = await pool.query<CardRow>({ name: 'search_cards_by_ids', text: CARDS_SQL, values: [ids] })
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toCard(row)] : []
  })
}
