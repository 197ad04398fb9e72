// The straightforward listing in PostgreSQL, one statement: word match through the trigram GIN index on
// products.name (regex at word starts), facet counts by GROUP BY, ORDER BY + LIMIT. The benchmark
// baseline, and the fallback while the in-memory index loads.
import type pg from 'pg'
import type { CatalogMeta } from './search-catalog.server'
import {
  BEST_MIN_RATING,
  BEST_MIN_REVIEWS,
  type EngineQuery,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  type ListingEngine,
  NEW_PRODUCT_DAYS,
  type RawListing,
} from './search-engine'

/** `\m(form|form)`: a word of the name starts with one of the forms (forms are [a-z0-9] only). */
const wordRegex = (forms: string[]) => `\\m(${forms.join('|')})`
/** A whole word of the name is one of the forms, or its plural. */
const exactWordRegex = (forms: string[]) => `\\m(${forms.join('|')})(s|es)?\\M`

type Row = {
  count: string
  ids: number[]
  brands: [number, number][] | null
  categories: [number, number][] | null
  price: [number | null, number | null, number]
  ratings: [number, number][] | null
  on_sale: string
  available: string
}

export function createSqlEngine(pool: pg.Pool): ListingEngine {
  return {
    name: 'sql',
    async run(q: EngineQuery, _meta: CatalogMeta): Promise<RawListing> {
      const values: unknown[] = []
      const param = (v: unknown) => {
        values.push(v)
        return `$${values.length}`
      }
      const where: string[] = []
      const nameMatches: string[] = []
      const exactMatches: string[] = []
      for (const w of q.words) {
        const re = param(wordRegex(w.forms))
        nameMatches.push(`p.name ~* ${re}`)
        exactMatches.push(`p.name ~* ${param(exactWordRegex(w.forms))}`)
        where.push(w.brandIds.length ? `(p.name ~* ${re} or p.brand_id = any(${param(w.brandIds)}::int[]))` : `p.name ~* ${re}`)
      }
      if (q.scopeCategoryIds) where.push(`p.category_id = any(${param(q.scopeCategoryIds)}::int[])`)
      if (q.scopeBrandId !== null) where.push(`p.brand_id = ${param(q.scopeBrandId)}`)
      if (q.listing === 'sale') where.push('p.sale_price_cents < p.price_cents')
      if (q.listing === 'fsa-hsa-eligible') where.push('p.fsa_hsa_eligible')
      if (q.listing === 'best') where.push(`p.rating >= ${BEST_MIN_RATING} and p.review_count >= ${BEST_MIN_REVIEWS} and p.product_type = 'product'`)
      if (q.excludeBrandIds?.length) where.push(`not (p.brand_id = any(${param(q.excludeBrandIds)}::int[]))`)
      if (q.excludeCategoryIds?.length) where.push(`not (p.category_id = any(${param(q.excludeCategoryIds)}::int[]))`)
      if (q.shopProductsOnly) where.push(`p.product_type = 'product'`)
      if (q.listing === 'new') where.push(`p.created_at > (select max(created_at) from products) - make_interval(days => ${NEW_PRODUCT_DAYS})`)

      const fb = q.brandIds ? `brand_id = any(${param(q.brandIds)}::int[])` : 'true'
      const fc = q.categoryIds ? `category_id = any(${param(q.categoryIds)}::int[])` : 'true'
      const fp =
        [q.minPriceCents !== null ? `pmax >= ${param(q.minPriceCents)}` : '', q.maxPriceCents !== null ? `pmin <= ${param(q.maxPriceCents)}` : '']
          .filter(Boolean)
          .join(' and ') || 'true'
      const fr = q.minRating !== null ? `rating >= ${param(q.minRating)}` : 'true'
      const fs = q.onSale ? 'on_sale' : 'true'
      const fa = q.available ? 'available' : 'true'

      const dir = q.order === 'asc' ? 'asc' : 'desc'
      const orderBy =
        q.sort === 'price'
          ? `cur ${dir}, id`
          : q.sort === 'newest'
            ? `created_at ${dir}, id`
            : q.sort === 'rating'
              ? `rating ${dir} nulls last, review_count ${dir}, id`
              : q.sort === 'reviews'
                ? `review_count ${dir}, id`
                : `${q.hasTerm ? 'rel desc, ' : ''}popularity desc, id`
      // Relevance: 2 when every word is a whole word of the name (or its plural), 1 when every word starts a
      // word of the name, 0 when some word matched only the brand.
      const rel = nameMatches.length
        ? `case when ${exactMatches.join(' and ')} then 2 when ${nameMatches.join(' and ')} then 1 else 0 end`
        : '0'
      const all = `${fb} and ${fc} and ${fp} and ${fr} and ${fs} and ${fa}`

      const text = `with base as materialized (
  select p.id, p.brand_id, p.category_id, p.popularity, p.created_at, p.rating, p.review_count, p.available,
    coalesce(p.sale_price_cents < p.price_cents, false) as on_sale,
    case when p.sale_price_cents < p.price_cents then p.sale_price_cents else p.price_cents end as cur,
    case when p.product_type = 'gift_card' then ${GIFT_CARD_MIN_CENTS} when p.sale_price_cents < p.price_cents then p.sale_price_cents else p.price_cents end as pmin,
    case when p.product_type = 'gift_card' then ${GIFT_CARD_MAX_CENTS} when p.sale_price_cents < p.price_cents then p.sale_price_cents else p.price_cents end as pmax,
    ${rel} as rel
  from products p
  where ${where.length ? where.join(' and ') : 'true'}
)
select
  (select count(*) from base where ${all}) as count,
  array(select id from base where ${all} order by ${orderBy} limit ${param(q.limit)} offset ${param(q.offset)}) as ids,
  (select json_agg(json_build_array(brand_id, n)) from (select brand_id, count(*) n from base where ${fc} and ${fp} and ${fr} and ${fs} and ${fa} group by brand_id) t) as brands,
  (select json_agg(json_build_array(category_id, n)) from (select category_id, count(*) n from base where ${fb} and ${fp} and ${fr} and ${fs} and ${fa} group by category_id) t) as categories,
  (select json_build_array(min(pmin), max(pmax), count(*)) from base where ${fb} and ${fc} and ${fr} and ${fs} and ${fa}) as price,
  (select json_agg(json_build_array(k, n)) from (select floor(rating)::int k, count(*) n from base where rating is not null and ${fb} and ${fc} and ${fp} and ${fs} and ${fa} group by 1) t) as ratings,
  (select count(*) from base where on_sale and ${fb} and ${fc} and ${fp} and ${fr} and ${fa}) as on_sale,
  (select count(*) from base where available and ${fb} and ${fc} and ${fp} and ${fr} and ${fs}) as available`
      const { rows } = await pool.query<Row>(text, values)
      const r = rows[0]!
      const histogram = [0, 0, 0, 0, 0, 0]
      for (const [k, n] of r.ratings ?? []) histogram[Math.min(5, Math.max(0, k))]! += Number(n)
      return {
        ids: r.ids,
        count: Number(r.count),
        brandCounts: new Map((r.brands ?? []).map(([id, n]) => [id, Number(n)])),
        categoryCounts: new Map((r.categories ?? []).map(([id, n]) => [id, Number(n)])),
        price: { min: r.price[0], max: r.price[1], count: Number(r.price[2]) },
        ratingHistogram: histogram,
        onSaleCount: Number(r.on_sale),
        availableCount: Number(r.available),
      }
    },
  }
}
