import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { sessions, users } from '../accounts/accounts.schema'
import { generateToken, hashToken } from '../accounts/tokens.server'
import { ensureProductStock } from '../orders/stock.seed.server'
import { createRegistryService } from '../registry/registry.service.server'
import { cartMessages, createCartService, shippingFor } from './cart.service.server'

let database: TestDatabase
let cart: ReturnType<typeof createCartService>
const factories = catalogFactories(() => database.db, 80_000)
let category: number
let brand: number
let n = 0

async function newUser() {
  const [u] = await database.db.insert(users).values({ email: `shopper${++n}@example.test`, firstName: 'Shopper', lastName: String(n), passwordHash: 'x' }).returning()
  return u!.id
}
const product = (overrides: Parameters<typeof factories.createProduct>[0] extends infer T ? Partial<T> : never = {}) =>
  factories.createProduct({ categoryId: category, brandId: brand, stock: 50, ...overrides })

async function codeOf(p: Promise<unknown>) {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return `${e.code}:${e.message}`
    throw e
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  cart = createCartService({ db: database.db })
  category = (await factories.createCategory({ urlSlug: 'cart-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

describe('shipping', () => {
  test('free from $45 of items that ship, $7.99 below, nothing when nothing ships', () => {
    expect(shippingFor(4_500)).toBe(0)
    expect(shippingFor(4_499)).toBe(799)
    expect(shippingFor(0)).toBe(0)
  })
})

describe('cart', () => {
  test('carts read together (one statement for the guests, one for the accounts) each get only their own lines, in the order added', async () => {
    const [a, b, c] = [await product(), await product(), await product()]
    const guest1 = { guestToken: cart.newGuestToken() }
    const guest2 = { guestToken: cart.newGuestToken() }
    const empty = { guestToken: cart.newGuestToken() }
    const user = { userId: await newUser() }
    await cart.add(guest1, { productId: b.id, quantity: 2 })
    await cart.add(guest1, { productId: a.id, quantity: 1 })
    await cart.add(guest2, { productId: c.id, quantity: 3 })
    await cart.add(user, { productId: a.id, quantity: 4 })
    await cart.add(user, { productId: c.id, quantity: 1 })
    // Asked in the same turn of the event loop: the loader reads them together.
    const [v1, v2, ve, vu, v1again] = await Promise.all([cart.view(guest1), cart.view(guest2), cart.view(empty), cart.view(user), cart.view(guest1)])
    const lines = (v: typeof v1) => v.lines.map((l) => [l.productId, l.quantity])
    expect(lines(v1)).toEqual([[b.id, 2], [a.id, 1]])
    expect(lines(v2)).toEqual([[c.id, 3]])
    expect(lines(ve)).toEqual([])
    expect(lines(vu)).toEqual([[a.id, 4], [c.id, 1]])
    expect(lines(v1again)).toEqual(lines(v1))
    // Never cached: a change shows at the next read.
    await cart.add(guest2, { productId: a.id, quantity: 1 })
    expect(lines(await cart.view(guest2))).toEqual([[c.id, 3], [a.id, 1]])
  })

  test('the read of carts by their owners keeps one generic plan (PostgreSQL does not plan it again on every call)', async () => {
    // One connection, so every read goes through the same prepared statement (docs/decisions/025, h16).
    const { db, pool } = createDb(database.url, { max: 1 })
    try {
      const one = createCartService({ db })
      const p = await product()
      const guests = Array.from({ length: 4 }, () => ({ guestToken: one.newGuestToken() }))
      for (const g of guests) await one.add(g, { productId: p.id, quantity: 1 })
      // Reads of 1 to 4 carts at once: a plan made for the array it was given would differ in cost with its size.
      for (let i = 0; i < 8; i++) await Promise.all(guests.slice(0, 1 + (i % 4)).map((g) => one.view(g)))
      const { rows } = await pool.query<{ generic_plans: string; custom_plans: string }>(`select generic_plans, custom_plans from pg_prepared_statements where name = 'cart_lines_by_guests'`)
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0)
      expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(5)
    } finally {
      await pool.end()
    }
  })

  test('the header count by session id: the session user\'s items, not another user\'s or a guest\'s; 0 for an unknown session', async () => {
    const shopper = await newUser()
    const other = await newUser()
    const token = generateToken()
    await database.db.insert(sessions).values({ id: hashToken(token), userId: shopper, expiresAt: new Date(Date.now() + 86_400_000) })
    const otherToken = generateToken()
    await database.db.insert(sessions).values({ id: hashToken(otherToken), userId: other, expiresAt: new Date(Date.now() + 86_400_000) })
    const bib = await product()
    const cup = await product()
    expect(await cart.itemCountForSession(hashToken(token))).toBe(0)
    await cart.add({ userId: shopper }, { productId: bib.id, quantity: 2 })
    await cart.add({ userId: shopper }, { productId: cup.id, quantity: 3 })
    await cart.add({ userId: other }, { productId: cup.id, quantity: 1 })
    await cart.add({ guestToken: cart.newGuestToken() }, { productId: bib.id, quantity: 4 })
    expect(await cart.itemCountForSession(hashToken(token))).toBe(5)
    expect(await cart.itemCountForSession(hashToken(token))).toBe(await cart.itemCount({ userId: shopper }))
    expect(await cart.itemCountForSession(hashToken(otherToken))).toBe(1)
    expect(await cart.itemCountForSession(hashToken(generateToken()))).toBe(0)
  })

  test('stock per option (product_stock) is respected: not more than is left, counting the cart; lines show when it ran out', async () => {
    const viewer = { guestToken: cart.newGuestToken() }
    const romper = await product({ stock: 4, options: { sizes: ['NB', '3M'] } })
    await ensureProductStock(database.db, [romper.id])
    // 4 spread over two sizes: 2 of each.
    await cart.add(viewer, { productId: romper.id, size: 'NB', quantity: 2 })
    expect(await codeOf(cart.add(viewer, { productId: romper.id, size: 'NB', quantity: 1 }))).toBe(`conflict:${cartMessages.onlyLeft(2, 2)}`)
    expect(await codeOf(cart.add(viewer, { productId: romper.id, size: '3M', quantity: 3 }))).toBe(`conflict:${cartMessages.onlyLeft(2, 0)}`)
    const { lineId } = await cart.add(viewer, { productId: romper.id, size: '3M', quantity: 1 })
    expect(await codeOf(cart.update(viewer, lineId, { quantity: 3 }))).toBe(`conflict:${cartMessages.onlyLeft(2, 0)}`)
    await cart.update(viewer, lineId, { quantity: 2 })
    // Someone else buys the last NB: the line stays, marked sold out, and leaves the totals.
    await database.db.execute(sql`update product_stock set quantity = 0 where product_id = ${romper.id} and option_key = 'size=NB'`)
    const view = await cart.view(viewer)
    expect(view.lines.map((l) => [l.options.size, l.unavailable])).toEqual([
      ['NB', cartMessages.soldOut],
      ['3M', null],
    ])
    expect(view.subtotalCents).toBe(view.lines[1]!.lineTotalCents)
    // All options gone: the product itself is no longer available (the stock trigger keeps products.available).
    await database.db.execute(sql`update product_stock set quantity = 0 where product_id = ${romper.id}`)
    const [row] = (await database.db.execute<{ available: boolean }>(sql`select available from products where id = ${romper.id}`)).rows
    expect(row!.available).toBe(false)
    await database.db.execute(sql`update product_stock set quantity = 1 where product_id = ${romper.id} and option_key = 'size=3M'`)
    const [back] = (await database.db.execute<{ available: boolean }>(sql`select available from products where id = ${romper.id}`)).rows
    expect(back!.available).toBe(true)
  })


  test('a product without stock rows yet (added after the seed) counts its opening stock, products.stock', async () => {
    const viewer = { guestToken: cart.newGuestToken() }
    const fresh = await product({ stock: 3 })
    expect(await codeOf(cart.add(viewer, { productId: fresh.id, quantity: 4 }))).toBe(`conflict:${cartMessages.onlyLeft(3, 0)}`)
    await cart.add(viewer, { productId: fresh.id, quantity: 3 })
    expect((await cart.view(viewer)).lines[0]).toMatchObject({ quantity: 3, unavailable: null })
  })

  test('a guest adds products with options; the same line adds up; totals include shipping under $45', async () => {
    const viewer = { guestToken: cart.newGuestToken() }
    const onesie = await product({ priceCents: 1_800, salePriceCents: 1_500, options: { sizes: ['NB', '0-3M'], colors: ['blue'] } })
    expect(await codeOf(cart.add(viewer, { productId: onesie.id, color: 'blue' }))).toBe(`invalid_input:${cartMessages.chooseSize}`)
    expect(await codeOf(cart.add(viewer, { productId: onesie.id, size: '12T', color: 'blue' }))).toBe(`invalid_input:${cartMessages.unknownOption}`)
    await cart.add(viewer, { productId: onesie.id, size: 'NB', color: 'blue', quantity: 1 })
    const { cart: view } = await cart.add(viewer, { productId: onesie.id, size: 'NB', color: 'blue', quantity: 2 })
    expect(view.lines).toHaveLength(1)
    expect(view.lines[0]).toMatchObject({ quantity: 3, unitPriceCents: 1_500, lineTotalCents: 4_500, options: { size: 'NB', color: 'blue' } })
    expect(view).toMatchObject({ subtotalCents: 4_500, shippingCents: 0, totalBeforeTaxCents: 4_500, itemCount: 3 })
    await cart.add(viewer, { productId: onesie.id, size: '0-3M', color: 'blue' })
    const two = await cart.view(viewer)
    expect(two.lines).toHaveLength(2)
    const updated = await cart.update(viewer, two.lines[0]!.id, { quantity: 1 })
    expect(updated).toMatchObject({ subtotalCents: 3_000, shippingCents: 799, freeShippingRemainingCents: 1_500 })
  })

  test('sold-out products, cash funds and unknown products are refused with clear messages; at most 99 of a line', async () => {
    const viewer = { guestToken: cart.newGuestToken() }
    const gone = await product({ stock: 0 })
    const fund = await product({ productType: 'cash_fund' })
    expect(await codeOf(cart.add(viewer, { productId: gone.id }))).toBe(`conflict:${cartMessages.soldOut}`)
    expect(await codeOf(cart.add(viewer, { productId: fund.id }))).toBe(`invalid_input:${cartMessages.notForSale}`)
    expect(await codeOf(cart.add(viewer, { productId: 999_999_999 }))).toBe(`not_found:${cartMessages.productNotFound}`)
    for (const quantity of [0, -1, 1e9, 'many']) expect(await codeOf(cart.add(viewer, { productId: gone.id, quantity }))).toMatch(/^invalid_input/)
    const p = await product({ stock: 500 })
    await cart.add(viewer, { productId: p.id, quantity: 60 })
    expect(await codeOf(cart.add(viewer, { productId: p.id, quantity: 60 }))).toBe(`invalid_input:${cartMessages.tooMany}`)
    expect((await cart.view(viewer)).lines[0]!.quantity).toBe(60)
  })

  test('electronic gift cards do not count towards shipping', async () => {
    const viewer = { guestToken: cart.newGuestToken() }
    const card = await product({ productType: 'gift_card', priceCents: 2_500, stock: 0 })
    const small = await product({ priceCents: 1_000 })
    // A gift card line is priced at the chosen amount, never out of stock, and needs its amount and recipient.
    await cart.addGiftCard(viewer, { productId: card.id, amountCents: 5_000, recipientName: 'Riley', recipientEmail: 'riley@example.test', senderName: 'Jo' })
    const { lineId } = await cart.addGiftCard(viewer, { productId: card.id, amountCents: 2_500, recipientName: 'Ari', recipientEmail: 'ari@example.test', senderName: 'Jo' })
    await expect(cart.update(viewer, lineId, { quantity: 11 })).rejects.toThrow('Choose from 1 to 10 cards.')
    await cart.remove(viewer, lineId)
    await expect(cart.add(viewer, { productId: card.id })).rejects.toThrow(cartMessages.giftCardDetails)
    await cart.add(viewer, { productId: small.id })
    expect(await cart.view(viewer)).toMatchObject({ subtotalCents: 6_000, shippingCents: 799 })
  })

  test("one shopper cannot see or change another's cart lines", async () => {
    const a = { userId: await newUser() }
    const b = { userId: await newUser() }
    const p = await product()
    const { lineId } = await cart.add(a, { productId: p.id })
    expect(await codeOf(cart.update(b, lineId, { quantity: 5 }))).toBe(`not_found:${cartMessages.lineNotFound}`)
    await cart.remove(b, lineId)
    expect((await cart.view(a)).lines).toHaveLength(1)
    expect((await cart.view(b)).lines).toHaveLength(0)
    expect((await cart.view({ guestToken: 'short' })).lines).toHaveLength(0)
  })

  test("signing in merges the guest's cart into the account's: lines add up (at most 99) and the guest cart is gone", async () => {
    const userId = await newUser()
    const guestToken = cart.newGuestToken()
    const p = await product({ stock: 500 })
    const q = await product()
    await cart.add({ userId }, { productId: p.id, quantity: 90 })
    await cart.add({ guestToken }, { productId: p.id, quantity: 20 })
    await cart.add({ guestToken }, { productId: q.id, quantity: 2 })
    await Promise.all([cart.mergeGuestCart(guestToken, userId), cart.mergeGuestCart(guestToken, userId)])
    const merged = await cart.view({ userId })
    expect(merged.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [p.id, 99],
      [q.id, 2],
    ])
    expect((await cart.view({ guestToken })).lines).toHaveLength(0)
  })

  test('a registry gift line knows the family and their city, never their street; a gift no longer needed is refused', async () => {
    const registry = createRegistryService({ db: database.db })
    const owner = await newUser()
    const p = await product()
    const r = await registry.create(owner, { registryType: 'baby', title: 'Baby Cart', familyName: 'The Carters', slug: `carters-${Date.now()}`, isArrivalDateKnown: false })
    await registry.setShippingAddress(r.id, owner, { name: 'Pat Carter', line1: '12 Secret Lane', line2: '', city: 'Boise', state: 'ID', zip: '83702' })
    const item = await registry.addItem(r.id, owner, { productId: p.id, quantity: 1 })
    const viewer = { guestToken: cart.newGuestToken() }
    const { cart: view } = await cart.add(viewer, { productId: p.id, regItemId: item.id })
    expect(view.lines[0]!.gift).toEqual({ registryId: r.id, regItemId: item.id, familyName: 'The Carters', shipsTo: 'Boise, ID' })
    expect(JSON.stringify(view)).not.toContain('Secret Lane')
    expect(await codeOf(cart.add(viewer, { productId: p.id, regItemId: item.id, quantity: 2 }))).toBe(`conflict:${cartMessages.giftNotNeeded}`)
  })

  test("a registry gift in a size the family chose is bought in that size; one they left open takes the giver's choice", async () => {
    const registry = createRegistryService({ db: database.db })
    const owner = await newUser()
    const p = await product({ stock: 10, options: { sizes: ['NB', '3M'], colors: ['blue', 'sand'] } })
    const r = await registry.create(owner, { registryType: 'baby', title: 'Baby Sizes', familyName: 'The Sizes', slug: `sizes-${Date.now()}`, isArrivalDateKnown: false })
    const item = await registry.addItem(r.id, owner, { productId: p.id, quantity: 2, options: { size: '3M' } })
    const viewer = { guestToken: cart.newGuestToken() }
    const wrong = await cart.add(viewer, { productId: p.id, regItemId: item.id, size: 'NB', color: 'blue' }).catch((e: { code: string; message: string; fields?: unknown }) => e)
    expect(wrong).toMatchObject({ code: 'invalid_input', message: cartMessages.giftOptionFixed('size', '3M'), fields: { size: [cartMessages.giftOptionFixed('size', '3M')] } })
    expect((await cart.view(viewer)).lines).toHaveLength(0)
    const { cart: view } = await cart.add(viewer, { productId: p.id, regItemId: item.id, size: '3M', color: 'sand' })
    expect(view.lines[0]).toMatchObject({ options: { size: '3M', color: 'sand' }, gift: { regItemId: item.id } })
  })
})
