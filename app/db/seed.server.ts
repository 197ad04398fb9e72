import { eq } from 'drizzle-orm'
import type pg from 'pg'
import { resetCatalog, seedCatalog } from '../modules/catalog/catalog.seed.server'
import { resetReviews, seedReviews } from '../modules/catalog/reviews.seed.server'
import { resetChecklist, seedChecklist } from '../modules/checklist/checklist.seed.server'
import { resetRegistries, seedRegistries } from '../modules/registry/registry.seed.server'
import { resetExternalItems, seedExternalItems } from '../modules/external-products/external-products.seed.server'
import { resetProductStock, seedProductStock } from '../modules/orders/stock.seed.server'
import { resetCashFunds, seedCashFunds } from '../modules/cash-funds/cash-funds.seed.server'
import { resetDemoAddress, seedDemoAddress } from '../modules/accounts/address.seed.server'
import { resetBannerAds, seedBannerAds } from '../modules/banner-ads/banner-ads.seed.server'
import type { Db } from './client.server'
import type { SeedContext } from './seed-context.server'
import { seedRuns } from './seed.schema'

export const DEFAULT_PRODUCTS = 1500
const DEMO = 'demo'

type SeedStep = { name: string; run(ctx: SeedContext): Promise<void>; reset(pool: pg.Pool): Promise<void> }

/** Each module adds its demo data here, in dependency order (later steps may use earlier rows). */
const steps: SeedStep[] = [
  { name: 'catalog', run: seedCatalog, reset: resetCatalog },
  { name: 'reviews', run: seedReviews, reset: resetReviews },
  { name: 'registries', run: seedRegistries, reset: resetRegistries },
  { name: "the demo parent's saved address", run: seedDemoAddress, reset: resetDemoAddress },
  { name: 'checklist', run: seedChecklist, reset: resetChecklist },
  { name: 'items from other stores', run: seedExternalItems, reset: resetExternalItems },
  { name: 'stock per product option', run: seedProductStock, reset: resetProductStock },
  { name: 'cash funds', run: seedCashFunds, reset: resetCashFunds },
  { name: 'home banner ads', run: seedBannerAds, reset: resetBannerAds },
]

/** Replaces all demo data with a fresh, deterministic set. */
export async function seedDemoData(db: Db, pool: pg.Pool, options: { products: number }, log: (m: string) => void) {
  await db.delete(seedRuns).where(eq(seedRuns.name, DEMO))
  for (const step of [...steps].reverse()) await step.reset(pool)
  for (const step of steps) {
    const started = performance.now()
    await step.run({ db, pool, log, options })
    log(`Seeded ${step.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  await db.insert(seedRuns).values({ name: DEMO, products: options.products })
}

/** Seeds on first start only; a start after an interrupted seed starts the seed over. */
export async function seedIfNeeded(db: Db, pool: pg.Pool, log: (m: string) => void): Promise<boolean> {
  const done = await db.select().from(seedRuns).where(eq(seedRuns.name, DEMO))
  if (done.length > 0) return false
  log(`Seeding the demo data (${DEFAULT_PRODUCTS} products)…`)
  await seedDemoData(db, pool, { products: DEFAULT_PRODUCTS }, log)
  return true
}
