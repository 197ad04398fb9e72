import type pg from 'pg'
import type { SeedContext } from '../../db/seed-context.server'
import { createRng, mixSeed, type Rng } from './seed/prng'

/** Only the first products get written reviews, so a 1,000,000-product seed stays fast. */
export const REVIEWED_PRODUCTS = 2_000
/** Written reviews per product at most; the product's reviewCount stays the full (imported) figure. */
export const MAX_REVIEWS_PER_PRODUCT = 6

const FIRST_NAMES = ['Maya', 'Jordan', 'Priya', 'Sam', 'Elena', 'Chris', 'Aisha', 'Tom', 'Lucia', 'Ben', 'Hana', 'Marcus', 'Olivia', 'Diego', 'Grace', 'Noah']
const INITIALS = 'ABCDEFGHJKLMNPRSTW'

// Short texts by star rating, written to read like real parents' notes about any baby product.
const TEXTS: Record<number, { title: string; body: string }[]> = {
  5: [
    { title: 'Worth every penny', body: 'We use this every single day. Sturdy, easy to clean and it still looks new after months.' },
    { title: 'Our favorite purchase', body: 'Friends asked where we got it. Simple to set up and the quality is better than we expected.' },
    { title: 'Exactly what we needed', body: 'Arrived quickly and works just as described. Our little one is happy, so we are happy.' },
    { title: 'Great for newborns', body: 'Soft, well made and thoughtfully designed. We have already bought a second one as a gift.' },
    { title: 'Love it', body: 'Easy to use one-handed, which matters more than you think with a baby on your hip.' },
  ],
  4: [
    { title: 'Very good, small quibbles', body: 'Does the job well. The instructions could be clearer, but once it is set up it is great.' },
    { title: 'Solid choice', body: 'Good value for the price. A little bulkier than I hoped, otherwise no complaints.' },
    { title: 'Happy overall', body: 'Nice materials and our baby likes it. Took a few days to get used to, now we use it daily.' },
    { title: 'Would recommend', body: 'Holds up well to daily use. I knocked off a star because the color is lighter than the photos.' },
  ],
  3: [
    { title: 'It is fine', body: 'Works, but nothing special. For the price I expected a bit more attention to detail.' },
    { title: 'Mixed feelings', body: 'Some parts are great, others feel flimsy. We still use it, just not as much as we thought.' },
  ],
  2: [{ title: 'Not for us', body: 'It did not fit our routine and felt less sturdy than other brands we have tried.' }],
  1: [{ title: 'Disappointed', body: 'Stopped working properly after a few weeks. Customer service was helpful with the return.' }],
}

/** A star count near the product's average rating. */
function starsNear(rng: Rng, average: number): number {
  const stars = Math.round(average + (rng.next() - 0.5) * 2.2)
  return Math.min(5, Math.max(1, stars))
}

export type ReviewSeed = { id: number; productId: number; rating: number; title: string; body: string; authorName: string; createdAt: Date }

/** The reviews of one product: deterministic from its id, its rating and its review count. */
export function reviewsForProduct(product: { id: number; rating: number | null; reviewCount: number }, firstId: number): ReviewSeed[] {
  if (product.rating === null || product.reviewCount <= 0) return []
  const rng = createRng(mixSeed(product.id, 0x5e71e5))
  const n = Math.min(product.reviewCount, MAX_REVIEWS_PER_PRODUCT)
  // Fixed epoch, not the clock: the same seed gives the same rows.
  const base = Date.UTC(2026, 9, 1)
  return Array.from({ length: n }, (_, i) => {
    const rating = starsNear(rng, product.rating ?? 4)
    const text = rng.pick(TEXTS[rating] ?? TEXTS[4] ?? [])
    return {
      id: firstId + i,
      productId: product.id,
      rating,
      title: text.title,
      body: text.body,
      authorName: `${rng.pick(FIRST_NAMES)} ${INITIALS[rng.int(0, INITIALS.length - 1)]}.`,
      createdAt: new Date(base - (i * 9 + rng.int(0, 8)) * 86_400_000 - rng.int(0, 86_399) * 1000),
    }
  })
}

/** Writes sample reviews for the first REVIEWED_PRODUCTS products (physical products with a rating). */
export async function seedReviews(ctx: SeedContext): Promise<void> {
  const { rows } = await ctx.pool.query<{ id: number; rating: string | null; review_count: number }>(
    `select id, rating, review_count from products where product_type = 'product' and id <= $1 order by id`,
    [REVIEWED_PRODUCTS],
  )
  const reviews: ReviewSeed[] = []
  for (const row of rows) {
    reviews.push(...reviewsForProduct({ id: row.id, rating: row.rating === null ? null : Number(row.rating), reviewCount: row.review_count }, reviews.length + 1))
  }
  for (let i = 0; i < reviews.length; i += 2_000) {
    const batch = reviews.slice(i, i + 2_000)
    await ctx.pool.query(
      `insert into product_reviews (id, product_id, rating, title, body, author_name, created_at)
       select * from unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])`,
      [
        batch.map((r) => r.id),
        batch.map((r) => r.productId),
        batch.map((r) => r.rating),
        batch.map((r) => r.title),
        batch.map((r) => r.body),
        batch.map((r) => r.authorName),
        batch.map((r) => r.createdAt.toISOString()),
      ],
    )
  }
  await ctx.pool.query('ANALYZE product_reviews')
  ctx.log(`reviews: ${reviews.length} reviews for ${rows.length} products`)
}

/** Empties the reviews table. */
export async function resetReviews(pool: pg.Pool): Promise<void> {
  await pool.query('TRUNCATE product_reviews RESTART IDENTITY')
}
