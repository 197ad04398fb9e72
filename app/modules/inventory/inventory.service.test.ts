import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createEmailService, type EmailService } from '../email/email.service.server'
import { createInventoryService, inventoryMessages, keyCovers, stockLabel, type InventoryService } from './inventory.service.server'

let database: TestDatabase
let email: EmailService
let inventory: InventoryService
const factories = catalogFactories(() => database.db, 81_000)
let category: number
let brand: number

const product = (overrides: Parameters<typeof factories.createProduct>[0] extends infer T ? Partial<T> : never = {}) =>
  factories.createProduct({ categoryId: category, brandId: brand, stock: 10, ...overrides })

async function codeOf(p: Promise<unknown>) {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return `${e.code}:${e.message}`
    throw e
  }
}

const outboxFor = async (to: string) => (await email.list({ to })).messages

beforeAll(async () => {
  database = await createTestDatabase()
  email = createEmailService({ db: database.db, logger: pino({ level: 'silent' }) })
  inventory = createInventoryService({ db: database.db, email, publicOrigin: 'https://shop.example.test' })
  category = (await factories.createCategory({ urlSlug: 'inventory-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await database?.drop()
})

describe('stock wording and option matching', () => {
  test('Sold out, Only n left up to 5, In stock above', () => {
    expect([0, -1, 1, 5, 6].map(stockLabel)).toEqual(['Sold out', 'Sold out', 'Only 1 left', 'Only 5 left', 'In stock'])
  })
  test("a subscription for a size is met by any colour of that size; '' by anything", () => {
    expect(keyCovers('size=NB', 'size=NB|color=red')).toBe(true)
    expect(keyCovers('size=NB', 'size=3M|color=red')).toBe(false)
    expect(keyCovers('', 'size=3M')).toBe(true)
    expect(keyCovers('size=NB|color=red', 'size=NB|color=red')).toBe(true)
  })
})

describe('inventory', () => {
  test('levels come from product_stock, set up from products.stock the first time', async () => {
    const p = await product({ stock: 5, options: { sizes: ['NB', '3M'] } })
    expect(await inventory.levels(p.id)).toEqual({ total: 5, byOption: { 'size=NB': 3, 'size=3M': 2 } })
  })

  test('notify me: refused while in stock; idempotent per email; one email when stock returns, then marked notified', async () => {
    const p = await product({ stock: 0, name: 'Cloud Swaddle' })
    const q = await product({ stock: 3 })
    expect(await codeOf(inventory.subscribe(null, { productId: q.id, email: 'early@example.test' }))).toBe(`conflict:${inventoryMessages.inStock}`)
    expect(await codeOf(inventory.subscribe(null, { productId: p.id }))).toBe(`invalid_input:${inventoryMessages.emailNeeded}`)
    expect(await codeOf(inventory.subscribe(null, { productId: p.id, email: 'not an email' }))).toMatch(/^invalid_input/)
    expect(await inventory.subscribe(null, { productId: p.id, email: 'Waiting@Example.test' })).toEqual({ created: true, email: 'waiting@example.test' })
    expect(await inventory.subscribe(null, { productId: p.id, email: 'waiting@example.test' })).toEqual({ created: false, email: 'waiting@example.test' })
    // A signed-in shopper's account email wins over what the form says.
    const [user] = (await database.db.execute<{ id: number }>(sql`insert into users (email, first_name, last_name, password_hash) values ('acct@example.test', 'A', 'B', 'x') returning id`)).rows
    expect((await inventory.subscribe({ userId: Number(user!.id), email: 'acct@example.test' }, { productId: p.id, email: 'other@example.test' })).email).toBe('acct@example.test')

    const restocked = await inventory.restock(p.id, { quantity: 4 })
    expect(restocked).toEqual({ optionKey: '', quantity: 4, notified: 2 })
    const [mail] = await outboxFor('waiting@example.test')
    expect(mail!.subject).toBe('Back in stock: Cloud Swaddle')
    const full = await email.latestTo('waiting@example.test')
    expect(full!.text).toContain(`https://shop.example.test/gp/${p.slug}/${p.id}`)
    expect(await outboxFor('other@example.test')).toHaveLength(0)
    // Told once: another restock sends nothing more.
    expect((await inventory.restock(p.id, { quantity: 1 })).notified).toBe(0)
    expect(await outboxFor('waiting@example.test')).toHaveLength(1)
    const rows = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from product_availability_subscriptions where product_id = ${p.id} and notified_at is not null`)).rows
    expect(Number(rows[0]!.n)).toBe(2)
    // The product is available again (trigger).
    const [avail] = (await database.db.execute<{ available: boolean }>(sql`select available from products where id = ${p.id}`)).rows
    expect(avail!.available).toBe(true)
  })

  test('a subscription for one option waits for that option; restock checks the option exists', async () => {
    const p = await product({ stock: 0, options: { sizes: ['NB', '3M'], colors: ['red'] } })
    await inventory.subscribe(null, { productId: p.id, email: 'nb@example.test', size: 'NB' })
    expect(await codeOf(inventory.subscribe(null, { productId: p.id, email: 'nb@example.test', size: 'XXL' }))).toMatch(/^invalid_input/)
    expect(await codeOf(inventory.restock(p.id, { size: 'NB', quantity: 1 }))).toMatch(/^invalid_input/)
    expect((await inventory.restock(p.id, { size: '3M', color: 'red', quantity: 2 })).notified).toBe(0)
    expect(await outboxFor('nb@example.test')).toHaveLength(0)
    expect((await inventory.restock(p.id, { size: 'NB', color: 'red', quantity: 2 })).notified).toBe(1)
    expect(await outboxFor('nb@example.test')).toHaveLength(1)
  })

  test('cash funds and unknown products have nothing to wait for', async () => {
    const fund = await product({ productType: 'cash_fund' })
    expect(await codeOf(inventory.subscribe(null, { productId: fund.id, email: 'a@example.test' }))).toBe(`invalid_input:${inventoryMessages.notStocked}`)
    expect(await codeOf(inventory.subscribe(null, { productId: 99_999_999, email: 'a@example.test' }))).toBe(`not_found:${inventoryMessages.productNotFound}`)
  })
})
