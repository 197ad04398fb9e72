// Product cards for a page of ids, in the order given: one indexed query, whatever engine chose the ids.
import type pg from 'pg'
import type { ProductCard } from '../catalog/catalog.service.server'
import { type CardRow, toCard } from '../catalog/product-card.server'

// Aliased to the catalogue's card row, so the one mapping (catalog/product-card.server) builds the card.
const CARDS_SQL = `select p.id, p.slug, p.name, p.short_name as "shortName", p.product_type as "productType",
  p.price_cents as "priceCents", p.sale_price_cents as "salePriceCents", p.msrp_cents as "msrpCents",
  p.rating::float8 as rating, p.review_count as "reviewCount", p.available, p.fsa_hsa_eligible as "fsaHsaEligible",
  (jsonb_array_length(coalesce(p.options -> 'sizes', '[]'::jsonb)) > 0 or jsonb_array_length(coalesce(p.options -> 'colors', '[]'::jsonb)) > 0) as "hasOptions",
  p.image_url as "imageUrl", p.secondary_image_url as "secondaryImageUrl", p.badges, p.callouts,
  b.id as "brandId", b.name as "brandName", b.slug as "brandSlug"
from products p join brands b on b.id = p.brand_id where p.id = any($1::int[])`

/** Cards for these ids in this order; ids no longer in the catalogue are skipped. */
export async function cardsByIds(pool: pg.Pool, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return []
  const { rows } = await pool.query<CardRow>({ name: 'search_cards_by_ids_v3', text: CARDS_SQL, values: [ids] })
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toCard(row)] : []
  })
}
