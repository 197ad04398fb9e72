import type pg from 'pg'
import type { SeedContext } from '../../db/seed-context.server'
import { brandGuides, brands, categories, categoryGuides, collectionProducts, collections, guides } from './catalog.schema'
import {
  brandGuideRows,
  brandRows,
  categoryGuideRows,
  categoryRows,
  collectionsFor,
  guideRows,
  productAt,
  type ProductSeed,
} from './seed/catalog-seed-data'

/** Products per INSERT: big enough to amortise the round trip, small enough to keep memory flat. */
const PRODUCT_BATCH_SIZE = 5_000
const PROGRESS_EVERY = 100_000
export const MAX_SEED_PRODUCTS = 1_000_000

// Column name, Postgres element type, and how to read it from a seed row.
const PRODUCT_COLUMNS: [string, string, (p: ProductSeed) => unknown][] = [
  ['id', 'int4', (p) => p.id],
  ['slug', 'text', (p) => p.slug],
  ['name', 'text', (p) => p.name],
  ['short_name', 'text', (p) => p.shortName],
  ['description', 'text', (p) => p.description],
  ['brand_id', 'int4', (p) => p.brandId],
  ['category_id', 'int4', (p) => p.categoryId],
  ['product_type', 'product_type', (p) => p.productType],
  ['price_cents', 'int4', (p) => p.priceCents],
  ['sale_price_cents', 'int4', (p) => p.salePriceCents],
  ['msrp_cents', 'int4', (p) => p.msrpCents],
  ['rating', 'numeric', (p) => p.rating],
  ['review_count', 'int4', (p) => p.reviewCount],
  ['stock', 'int4', (p) => p.stock],
  ['available', 'bool', (p) => p.available],
  ['fsa_hsa_eligible', 'bool', (p) => p.fsaHsaEligible],
  ['popularity', 'int4', (p) => p.popularity],
  ['image_url', 'text', (p) => p.imageUrl],
  ['secondary_image_url', 'text', (p) => p.secondaryImageUrl],
  ['badges', 'jsonb', (p) => JSON.stringify(p.badges)],
  ['callouts', 'jsonb', (p) => JSON.stringify(p.callouts)],
  ['options', 'jsonb', (p) => JSON.stringify(p.options)],
  ['short_code', 'text', (p) => p.shortCode],
  ['created_at', 'timestamptz', (p) => p.createdAt.toISOString()],
]

// One parameterised statement per batch: each column travels as one array and unnest() zips them
// back into rows, so 5,000 rows cost one round trip and one parse. jsonb values travel as text.
const INSERT_PRODUCTS_SQL =
  `INSERT INTO products (${PRODUCT_COLUMNS.map(([name]) => name).join(', ')}) ` +
  `SELECT * FROM unnest(${PRODUCT_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`

function productBatchValues(from: number, to: number, total: number): unknown[][] {
  const columns = PRODUCT_COLUMNS.map(([, , read]) => ({ read, values: [] as unknown[] }))
  for (let id = from; id <= to; id++) {
    const product = productAt(id, total)
    for (const column of columns) column.values.push(column.read(product))
  }
  return columns.map((column) => column.values)
}

async function insertProducts(pool: pg.Pool, total: number, log: (message: string) => void): Promise<void> {
  const client = await pool.connect()
  const started = performance.now()
  try {
    // Generate the next batch while Postgres is still writing the previous one.
    let pending: Promise<unknown> | null = null
    let reported = 0
    for (let from = 1; from <= total; from += PRODUCT_BATCH_SIZE) {
      const to = Math.min(total, from + PRODUCT_BATCH_SIZE - 1)
      const values = productBatchValues(from, to, total)
      if (pending) await pending
      pending = client.query(INSERT_PRODUCTS_SQL, values)
      if (Math.floor(to / PROGRESS_EVERY) > reported) {
        reported = Math.floor(to / PROGRESS_EVERY)
        log(`catalog: ${(reported * PROGRESS_EVERY).toLocaleString('en-US')} products generated (${((performance.now() - started) / 1000).toFixed(1)}s)`)
      }
    }
    if (pending) await pending
  } finally {
    client.release()
  }
  log(`catalog: inserted ${total.toLocaleString('en-US')} products in ${((performance.now() - started) / 1000).toFixed(1)}s`)
}

/**
 * Fills the catalogue tables with the deterministic demo catalogue: categories, brands, guides and
 * their links, `ctx.options.products` products (0 to 1,000,000) and the landing-page collections.
 * Expects empty tables (see resetCatalog).
 */
export async function seedCatalog(ctx: SeedContext): Promise<void> {
  const total = ctx.options.products
  if (!Number.isInteger(total) || total < 0 || total > MAX_SEED_PRODUCTS) {
    throw new RangeError(`products must be an integer from 0 to ${MAX_SEED_PRODUCTS}, got ${total}`)
  }

  const categoryData = categoryRows()
  const brandData = brandRows()
  const guideData = guideRows()
  await ctx.db.transaction(async (tx) => {
    await tx.insert(categories).values(categoryData)
    await tx.insert(brands).values(brandData)
    await tx.insert(guides).values(guideData)
    await tx.insert(categoryGuides).values(categoryGuideRows())
    await tx.insert(brandGuides).values(brandGuideRows())
  })
  ctx.log(`catalog: ${categoryData.length} categories, ${brandData.length} brands, ${guideData.length} guides`)

  if (total > 0) await insertProducts(ctx.pool, total, ctx.log)

  const collectionData = collectionsFor(total)
  if (collectionData.length > 0) {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(collections).values(collectionData.map(({ id, title, teaser, position }) => ({ id, title, teaser, position })))
      await tx
        .insert(collectionProducts)
        .values(collectionData.flatMap((c) => c.productIds.map((productId, position) => ({ collectionId: c.id, productId, position }))))
    })
  }
  ctx.log(`catalog: ${collectionData.length} collections`)

  // Fresh statistics so the first queries after a big seed get sensible plans.
  await ctx.pool.query('ANALYZE categories, brands, products, guides, category_guides, brand_guides, collections, collection_products')
}

/**
 * Empties every catalogue table (and anything that references them). order_lines is named: its product_id is no
 * longer a foreign key (docs/decisions/025, h18), so CASCADE would not reach it as it did.
 */
export async function resetCatalog(pool: pg.Pool): Promise<void> {
  await pool.query(
    'TRUNCATE collection_products, collections, brand_guides, category_guides, products, guides, brands, categories, order_lines RESTART IDENTITY CASCADE',
  )
}
