// `npm run db:seed -- --products N`: replaces the demo data with a fresh deterministic set of N products.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { createDb } from '~/db/client.server'
import { openDatabase } from '~/db/database.server'
import { runMigrations } from '~/db/migrate.server'
import { DEFAULT_PRODUCTS, seedDemoData } from '~/db/seed.server'
import { readEnv } from '~/lib/env.server'
import { MAX_SEED_PRODUCTS } from '~/modules/catalog/catalog.seed.server'

const { values } = parseArgs({ options: { products: { type: 'string', default: String(DEFAULT_PRODUCTS) } } })
const products = z.coerce.number().int().min(0).max(MAX_SEED_PRODUCTS).safeParse(values.products)
if (!products.success) {
  console.error(`--products must be a whole number from 0 to ${MAX_SEED_PRODUCTS.toLocaleString('en-US')} (got "${values.products}").`)
  process.exit(2)
}

const env = readEnv()
const log = { info: (m: string) => console.error(m), warn: (m: string) => console.error(m), debug: () => {} }
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }, log)
const { db, pool } = createDb(database.url)
try {
  await runMigrations(database.url)
  const started = performance.now()
  await seedDemoData(db, pool, { products: products.data }, (m) => console.error(m))
  console.error(`Seeded ${products.data} products in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
} finally {
  await pool.end()
  await database.close()
}
