// Demo items from other stores on the demo parent's 'Baby Rivera': three invented shops, pictures drawn
// here and re-encoded like fetched ones (no network), further places to buy them, among them Amazon (demo
// ASIN-shaped ids 'B0NLDEMO0n', so guests see 'Add to Amazon cart': docs/decisions/032-amazon-cart.md).
import { eq } from 'drizzle-orm'
import type pg from 'pg'
import sharp from 'sharp'
import type { SeedContext } from '../../db/seed-context.server'
import { regItems, registryCategories } from '../registry/registry.schema'
import { externalImages, regItemOffers } from './external-products.schema'
import { externalImagePath, IMAGE_MAX_PX } from './external-products.service.server'

const BABY_RIVERA = 418_205_736_902

type DemoItem = {
  imageId: string
  categoryPosition: number
  title: string
  storeName: string
  url: string
  priceCents: number
  note: string
  colours: [string, string]
  shape: string
  offers?: { storeName: string; url: string; priceCents: number }[]
}

const ITEMS: DemoItem[] = [
  {
    imageId: '5eed0001-0000-4000-8000-000000000001',
    categoryPosition: 1,
    title: 'Hand-knit merino baby blanket, oatmeal',
    storeName: 'Willow & Wool Studio',
    url: 'https://willow-and-wool.example/products/merino-baby-blanket',
    priceCents: 8800,
    note: 'Made by a small studio near us. Any color is lovely.',
    colours: ['#f3e6d3', '#c9a27e'],
    // Sold in several places, so guests see the store-offer icon row (three icons and '+1').
    offers: [
      { storeName: 'Amazon', url: 'https://www.amazon.com/dp/B0NLDEMO01', priceCents: 9_200 },
      { storeName: 'Little Sprout Market', url: 'https://little-sprout.example/products/merino-baby-blanket', priceCents: 8_900 },
      { storeName: 'Cradle & Co.', url: 'https://cradle-and-co.example/blankets/merino-oatmeal', priceCents: 9_400 },
      { storeName: 'Nest Supply', url: 'https://nest-supply.example/p/merino-baby-blanket', priceCents: 8_800 },
    ],
    shape: '<rect x="150" y="170" width="300" height="260" rx="28" fill="#c9a27e"/><path d="M150 230h300M150 290h300M150 350h300" stroke="#f3e6d3" stroke-width="14"/>',
  },
  {
    imageId: '5eed0001-0000-4000-8000-000000000002',
    categoryPosition: 2,
    title: 'Trailhead all-terrain jogging stroller',
    storeName: 'Peak Parent Outfitters',
    url: 'https://peak-parent.example/gear/trailhead-jogging-stroller',
    priceCents: 54_900,
    note: 'For our morning runs along the river.',
    colours: ['#dfe9e4', '#3f6b5c'],
    shape: '<circle cx="210" cy="420" r="50" fill="none" stroke="#3f6b5c" stroke-width="18"/><circle cx="400" cy="420" r="50" fill="none" stroke="#3f6b5c" stroke-width="18"/><path d="M180 360 L260 200 h140 a80 80 0 0 1 -40 160z" fill="#3f6b5c"/>',
    offers: [
      { storeName: 'Riverside Kids Co-op', url: 'https://riverside-kids.example/item/trailhead-stroller', priceCents: 52_500 },
      { storeName: 'Amazon', url: 'https://www.amazon.com/Trailhead-All-Terrain-Jogging-Stroller/dp/B0NLDEMO02', priceCents: 54_900 },
    ],
  },
  {
    imageId: '5eed0001-0000-4000-8000-000000000003',
    categoryPosition: 6,
    title: 'Wooden rainbow stacker, 7 arches',
    storeName: 'Little Acorn Toyworks',
    url: 'https://little-acorn.example/shop/rainbow-stacker',
    priceCents: 4200,
    note: '',
    colours: ['#fbeee6', '#d9694f'],
    offers: [{ storeName: 'Amazon', url: 'https://www.amazon.com/gp/product/B0NLDEMO03', priceCents: 3_999 }],
    shape: '<path d="M130 430a170 170 0 0 1 340 0" fill="none" stroke="#d9694f" stroke-width="34"/><path d="M180 430a120 120 0 0 1 240 0" fill="none" stroke="#e9a23b" stroke-width="34"/><path d="M230 430a70 70 0 0 1 140 0" fill="none" stroke="#5c8a6b" stroke-width="34"/>',
  },
]

async function picture(item: DemoItem) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="${item.colours[0]}"/>${item.shape}</svg>`
  return sharp(Buffer.from(svg)).resize(IMAGE_MAX_PX, IMAGE_MAX_PX, { fit: 'inside' }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true })
}

/** Adds the three demo items from other stores (after the registries step). */
export async function seedExternalItems(ctx: SeedContext): Promise<void> {
  const { db, log } = ctx
  const cats = await db.select().from(registryCategories).where(eq(registryCategories.registryId, BABY_RIVERA))
  if (cats.length === 0) return
  let added = 0
  for (const item of ITEMS) {
    const category = cats.find((c) => c.position === item.categoryPosition) ?? cats.find((c) => c.isDefault)!
    const { data, info } = await picture(item)
    await db.insert(externalImages).values({ id: item.imageId, userId: null, bytes: data, width: info.width, height: info.height, sourceUrl: item.url, attachedAt: new Date() }).onConflictDoNothing()
    const [row] = await db
      .insert(regItems)
      .values({
        registryId: BABY_RIVERA,
        categoryId: category.id,
        productId: null,
        title: item.title,
        imageUrl: externalImagePath(item.imageId),
        externalUrl: item.url,
        storeName: item.storeName,
        priceCents: item.priceCents,
        quantityNeeded: 1,
        note: item.note,
        position: 100 + added,
      })
      .returning({ id: regItems.id })
    // Idempotent per item: an offer already there (same link) is not added twice.
    const have = new Set((await db.select({ url: regItemOffers.url }).from(regItemOffers).where(eq(regItemOffers.regItemId, row!.id))).map((o) => o.url))
    const offers = (item.offers ?? []).filter((o) => !have.has(o.url))
    if (offers.length) await db.insert(regItemOffers).values(offers.map((o) => ({ regItemId: row!.id, ...o })))
    added++
  }
  log(`Seeded ${added} items from other stores`)
}

/** Removes the demo pictures (the items and offers go with the registries). */
export async function resetExternalItems(pool: pg.Pool): Promise<void> {
  await pool.query('delete from external_images where id = any($1::uuid[])', [ITEMS.map((i) => i.imageId)])
}

