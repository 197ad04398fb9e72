import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { type FixtureServer, startProductFixtureServer } from '../../../tests/support/product-fixture-server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { PLACEHOLDER_HEART_PATH } from '../catalog/image-paths'
import { regItems } from '../registry/registry.schema'
import { createRegistryService } from '../registry/registry.service.server'
import { externalImages } from './external-products.schema'
import { createExternalProductsService, IMAGE_MAX_PX } from './external-products.service.server'
import { createSafeFetcher } from './safe-fetch.server'

let database: TestDatabase
let fixture: FixtureServer
let service: ReturnType<typeof createExternalProductsService>
let registry: ReturnType<typeof createRegistryService>
let n = 0

async function newOwner() {
  const [u] = await database.db.insert(users).values({ email: `ext${++n}@example.test`, firstName: 'Owner', lastName: String(n), passwordHash: 'x' }).returning()
  const r = await registry.create(u!.id, { registryType: 'baby', title: 'Baby', familyName: 'The Owls', slug: await registry.suggestSlug(`ext owner ${n}`), isArrivalDateKnown: false })
  return { userId: u!.id, registryId: r.id, categories: r.categories }
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (isDomainError(error)) return error
    throw error
  }
  throw new Error('expected a DomainError')
}

beforeAll(async () => {
  database = await createTestDatabase()
  fixture = await startProductFixtureServer()
  registry = createRegistryService({ db: database.db })
  service = createExternalProductsService({ db: database.db, registry, fetcher: createSafeFetcher({ allowLoopbackPortsForTests: [fixture.port], timeoutMs: 1500 }) })
})
afterAll(async () => {
  await fixture.close()
  await database.drop()
})

describe('preview of a pasted link', () => {
  test('reads the product and stores its pictures as WebP of at most 600 px', async () => {
    const { userId } = await newOwner()
    const preview = await service.preview(userId, `${fixture.origin}/product-jsonld`)
    expect(preview).toMatchObject({ ok: true, title: 'Cloud Nine Bassinet', priceCents: 124_950, storeName: 'Little Nest Co.', brand: 'Little Nest' })
    expect(preview.images).toHaveLength(2)
    expect(preview.images[0]!.path).toMatch(/^\/images\/external\/[0-9a-f-]{36}\.webp$/)
    const stored = await service.image(preview.images[0]!.id)
    const meta = await sharp(stored!.bytes).metadata()
    expect(meta.format).toBe('webp')
    expect(Math.max(meta.width!, meta.height!)).toBe(IMAGE_MAX_PX)
  })

  test('a page that is not a product gives the manual form with the reason', async () => {
    const { userId } = await newOwner()
    const preview = await service.preview(userId, `${fixture.origin}/not-a-product`)
    expect(preview).toMatchObject({ ok: false, reason: 'not_a_product', title: 'About us', storeName: '127.0.0.1' })
  })

  test('a page that times out keeps what the bookmarklet read in the page', async () => {
    const { userId } = await newOwner()
    const preview = await service.preview(userId, `${fixture.origin}/slow?ms=4000`, {
      title: '  Owl  lamp ',
      price: '$31.50',
      store: 'Owl & Acorn',
      image: `${fixture.origin}/pictures/owl.png`,
    })
    expect(preview).toMatchObject({ ok: false, reason: 'timeout', title: 'Owl lamp', priceCents: 3150, storeName: 'Owl & Acorn' })
    expect(preview.images).toHaveLength(1)
  })

  test('javascript: and data: links are refused with a field message', async () => {
    const { userId } = await newOwner()
    for (const url of ['javascript:alert(1)', 'data:text/html,hi']) {
      const error = await rejection(service.preview(userId, url))
      expect(error.code).toBe('invalid_input')
      expect(error.fields?.url?.[0]).toMatch(/http:\/\/ or https:\/\//)
    }
  })
})

describe('saving an item from another store', () => {
  test('keeps its store name, link and our stored picture, as an item with no shop product', async () => {
    const { userId, registryId } = await newOwner()
    const preview = await service.preview(userId, `${fixture.origin}/product-og`)
    const item = await service.saveItem(registryId, userId, {
      url: `${fixture.origin}/product-og`,
      title: 'Sleepy Owl Night Light',
      priceCents: 2499,
      quantity: 2,
      note: 'The warm one',
      mostWanted: true,
      storeName: 'Owl & Acorn',
      imageId: preview.images[0]!.id,
    })
    expect(item).toMatchObject({ productId: null, storeName: 'Owl & Acorn', href: `${fixture.origin}/product-og`, priceCents: 2499, quantityNeeded: 2, mostWanted: true, note: 'The warm one' })
    expect(item.imageUrl).toBe(preview.images[0]!.path)
    const guest = await registry.guestView(registryId)
    expect(guest.items.map((i) => i.title)).toEqual(['Sleepy Owl Night Light'])
  })

  test('without a picture the item gets the placeholder', async () => {
    const { userId, registryId } = await newOwner()
    const item = await service.saveItem(registryId, userId, { url: 'https://shop.example/x', title: 'Hand-knit hat', priceCents: 1800, storeName: 'Etsy shop' })
    expect(item.imageUrl).toBe(PLACEHOLDER_HEART_PATH)
  })

  test("another owner's picture cannot be attached", async () => {
    const a = await newOwner()
    const b = await newOwner()
    const preview = await service.preview(a.userId, `${fixture.origin}/product-og`)
    const error = await rejection(service.saveItem(b.registryId, b.userId, { url: 'https://shop.example/x', title: 'Hat', priceCents: 100, storeName: 'S', imageId: preview.images[0]!.id }))
    expect(error.fields?.imageId).toBeDefined()
  })

  test("someone else's registry is not found, and nothing is saved", async () => {
    const a = await newOwner()
    const b = await newOwner()
    const error = await rejection(service.saveItem(a.registryId, b.userId, { url: 'https://shop.example/x', title: 'Hat', priceCents: 100, storeName: 'S' }))
    expect(error.code).toBe('not_found')
    expect(await database.db.select().from(regItems).where(eq(regItems.registryId, a.registryId))).toHaveLength(0)
  })

  test('bad values get messages per field', async () => {
    const { userId, registryId } = await newOwner()
    const error = await rejection(service.saveItem(registryId, userId, { url: 'javascript:alert(1)', title: '', priceCents: -5, storeName: '', quantity: 0 }))
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['priceCents', 'quantity', 'storeName', 'title', 'url'])
  })

  test('scraped markup is stored as text, exactly as read', async () => {
    const { userId, registryId } = await newOwner()
    const item = await service.saveItem(registryId, userId, { url: 'https://shop.example/x', title: '<script>alert(1)</script>', priceCents: 100, storeName: '<b>S</b>' })
    expect(item.title).toBe('<script>alert(1)</script>')
  })
})

describe('buying options', () => {
  test('the owner adds and removes other places to buy an item; guests read them in one query', async () => {
    const { userId, registryId } = await newOwner()
    const item = await service.saveItem(registryId, userId, { url: 'https://one.example/p', title: 'Play mat', priceCents: 5000, storeName: 'One' })
    const offer = await service.addOffer(item.id, userId, { storeName: 'Two', url: 'https://two.example/p', priceCents: 4500 })
    await service.addOffer(item.id, userId, { storeName: 'Three', url: 'https://three.example/p', priceCents: 5200 })
    expect((await service.offersFor([item.id]))[item.id]!.map((o) => [o.storeName, o.priceCents])).toEqual([
      ['Two', 4500],
      ['Three', 5200],
    ])
    await service.removeOffer(item.id, offer.id, userId)
    expect((await service.offersFor([item.id]))[item.id]!.map((o) => o.storeName)).toEqual(['Three'])
  })

  test("another owner cannot add to or remove from someone else's item (not found)", async () => {
    const a = await newOwner()
    const b = await newOwner()
    const item = await service.saveItem(a.registryId, a.userId, { url: 'https://one.example/p', title: 'Play mat', priceCents: 5000, storeName: 'One' })
    const offer = await service.addOffer(item.id, a.userId, { storeName: 'Two', url: 'https://two.example/p', priceCents: 4500 })
    expect((await rejection(service.addOffer(item.id, b.userId, { storeName: 'X', url: 'https://x.example/', priceCents: 1 }))).code).toBe('not_found')
    expect((await rejection(service.removeOffer(item.id, offer.id, b.userId))).code).toBe('not_found')
    // an offer id from another item is not found either
    const other = await service.saveItem(b.registryId, b.userId, { url: 'https://one.example/q', title: 'Rug', priceCents: 100, storeName: 'One' })
    expect((await rejection(service.removeOffer(other.id, offer.id, b.userId))).code).toBe('not_found')
    expect((await service.offersFor([item.id]))[item.id]).toHaveLength(1)
  })

  test('a javascript: buying-option link is refused', async () => {
    const { userId, registryId } = await newOwner()
    const item = await service.saveItem(registryId, userId, { url: 'https://one.example/p', title: 'Mat', priceCents: 5000, storeName: 'One' })
    const error = await rejection(service.addOffer(item.id, userId, { storeName: 'Evil', url: 'javascript:alert(document.cookie)', priceCents: 1 }))
    expect(error.fields?.url).toBeDefined()
  })
})

test('stored pictures remember who fetched them', async () => {
  const { userId } = await newOwner()
  const preview = await service.preview(userId, `${fixture.origin}/product-og`)
  const [row] = await database.db.select({ userId: externalImages.userId }).from(externalImages).where(eq(externalImages.id, preview.images[0]!.id))
  expect(row!.userId).toBe(userId)
})

test('preview pictures nobody saved are deleted after a day; saved ones stay', async () => {
  const { userId, registryId } = await newOwner()
  const preview = await service.preview(userId, `${fixture.origin}/product-jsonld`)
  const [kept, dropped] = preview.images
  await service.saveItem(registryId, userId, { url: 'https://shop.example/b', title: 'Bassinet', priceCents: 100, storeName: 'S', imageId: kept!.id })
  const later = createExternalProductsService({
    db: database.db,
    registry,
    fetcher: createSafeFetcher(),
    clock: () => new Date(Date.now() + 2 * 86_400_000),
  })
  expect(await later.pruneUnattachedImages()).toBeGreaterThanOrEqual(1)
  expect(await service.image(kept!.id)).not.toBeNull()
  expect(await service.image(dropped!.id)).toBeNull()
})

test('an owner who looks up too many links in an hour is asked to wait (and can still add by hand)', async () => {
  const { userId, registryId } = await newOwner()
  const limited = createExternalProductsService({ db: database.db, registry, fetcher: createSafeFetcher({ allowLoopbackPortsForTests: [fixture.port] }), picturesPerHour: 2 })
  await limited.preview(userId, `${fixture.origin}/product-jsonld`) // 2 pictures
  const error = await rejection(limited.preview(userId, `${fixture.origin}/product-og`))
  expect(error.code).toBe('rate_limited')
  // it says when the first of the hour's pictures stops counting (the 429's Retry-After)
  expect(error.retryAfterSeconds).toBeGreaterThan(3500)
  expect(error.retryAfterSeconds).toBeLessThanOrEqual(3600)
  await limited.saveItem(registryId, userId, { url: 'https://shop.example/x', title: 'Hat', priceCents: 100, storeName: 'S' })
})
