import fs from 'node:fs'
import pino from 'pino'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { createServices, type Services } from '~/services.server'
import { catalogFactories } from '../support/catalog-factories'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../support/postgres-server'
import { createAccount, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { separatorsStartingLines } from './support/meta-lines'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'
import { endPool } from './support/shop-db'

// Shipments and purchase returns (issue 7): a buyer returns one line of a paid order at /returns/purchase and
// sees the refund; staff mark a shipment shipped with tracking and the buyer sees it on /shipments; a
// registry owner presses Ship now on held gifts (also without JavaScript). Axe at 375 and 1280 px.
// The checkout pages are built in parallel, so orders are placed through the orders service in this process,
// against the same database as the server this file starts.
let browser: Browser
let server: RunningServer
let baseUrl: string
let dataDir: string
let pg: Awaited<ReturnType<typeof startTestPostgres>>
let services: Services
let pool: ReturnType<typeof createDb>['pool']
const dbName = `nestlist_e2e_ship_${process.pid}`
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }
const home = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
let factories: ReturnType<typeof catalogFactories>
let category: number
let brand: number
let n = 0

beforeAll(async () => {
  pg = await startTestPostgres()
  const url = await createTemplateDatabase(pg.adminUrl, dbName)
  dataDir = makeDataDir()
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url })
  baseUrl = server.baseUrl
  const opened = createDb(url, { max: 4 })
  pool = opened.pool
  const db = opened.db
  services = createServices({ db, pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger: pino({ level: 'silent' }) })
  factories = catalogFactories(() => db, 9_800_000)
  const [c] = (await pool.query<{ id: number }>('select id from categories order by id limit 1')).rows
  const [b] = (await pool.query<{ id: number }>('select id from brands order by id limit 1')).rows
  category = c!.id
  brand = b!.id
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  if (server) await stopServer(server)
  if (pool) await endPool(pool)
  if (pg) {
    await dropDatabase(pg.adminUrl, dbName).catch(() => undefined)
    await pg.stop()
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

async function open(page: Page, path: string, { hydrated = true } = {}) {
  const response = await page.goto(`${baseUrl}${path}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
  return response
}

async function userId(account: TestAccount) {
  const res = await fetch(`${baseUrl}/api/v3/user`, { headers: { Cookie: account.cookie } })
  return ((await res.json()) as { id: number }).id
}

const product = (priceCents: number, name: string) => factories.createProduct({ categoryId: category, brandId: brand, priceCents, stock: 30, name: `${name} ${++n}`, shortName: `${name} ${n}` })

/** A paid order of two bibs and a rattle; `ship` marks its boxes shipped (only shipped items can be returned). */
async function paidOrder(account: TestAccount, { ship = false } = {}) {
  const id = await userId(account)
  const bib = await product(1_250, 'Muslin Bib')
  const rattle = await product(1_099, 'Wooden Rattle')
  await services.cart.add({ userId: id }, { productId: bib.id, quantity: 2 })
  await services.cart.add({ userId: id }, { productId: rattle.id, quantity: 1 })
  const order = await services.orders.placeOrder({ userId: id }, { idempotencyKey: `e2e-${Date.now()}-${++n}`, email: account.email, name: 'Sam Buyer', shippingAddress: home, card })
  if (ship) for (const box of await services.shipments.staffList({ orderId: order.id })) await services.shipments.markShipped(box.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
  return { order, bib, rattle }
}

async function staffContext() {
  const res = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoStaff) })
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signInContext(context, baseUrl, { cookie: res.headers.get('set-cookie')!.split(';')[0]! })
  return context
}

async function contextFor(account: TestAccount, width: number, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
  await signInContext(context, baseUrl, account)
  return context
}

describe('purchase returns', () => {
  test('a buyer returns one of two bibs from their order at /returns/purchase and sees the $13.40 refund', async () => {
    const buyer = await createAccount(baseUrl, { firstName: 'Sam', lastName: 'Buyer' })
    const { order } = await paidOrder(buyer, { ship: true })
    expect(order.totalCents).toBe(4_659)
    let context: BrowserContext | undefined
    try {
      context = await contextFor(buyer, 375)
      const page = await context.newPage()
      await open(page, '/returns')
      await expect(page.getByRole('heading', { level: 1, name: 'Returns and refunds' }).isVisible()).resolves.toBe(true)
      await expect(page.getByText('9 months from the day an item was delivered').isVisible()).resolves.toBe(true)
      await expectNoSeriousA11yViolations(page, '/returns at 375')

      await page.getByRole('link', { name: 'Return a purchase' }).click()
      await page.waitForURL(/\/returns\/purchase$/)
      await expectNoSeriousA11yViolations(page, '/returns/purchase at 375')
      await page.getByRole('link', { name: `Return items from order #${order.id.slice(0, 8).toUpperCase()}` }).click()
      await page.waitForURL(/order=/)

      // Nothing chosen: a clear message, and what was typed stays.
      await page.getByLabel('Anything we should know?').fill('Too big for our bib drawer')
      await page.getByRole('button', { name: 'Return and refund' }).click()
      await page.getByText('Choose at least one item to return and how many.').waitFor()
      await expect(page.getByLabel('Anything we should know?').inputValue()).resolves.toBe('Too big for our bib drawer')

      await page.getByRole('combobox', { name: /Quantity to return.*Muslin Bib/ }).selectOption('1')
      await page.getByLabel('Why are you returning them?').selectOption('no_longer_needed')
      await page.getByRole('button', { name: 'Return and refund' }).click()
      await page.getByText('Refund of $13.40 on its way').waitFor()
      await expect(page.getByText('We refunded $13.40 to your Visa ending in 4242').isVisible()).resolves.toBe(true)
      await expect(page.getByRole('heading', { name: 'Returns from this order' }).isVisible()).resolves.toBe(true)
      await expectNoSeriousA11yViolations(page, 'return done at 375')
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, 'return done at 1280')
      await open(page, '/returns')
      await expectNoSeriousA11yViolations(page, '/returns at 1280')

      // The order page shows the refund and leads back to returning the rest.
      await open(page, `/orders/${order.id}`)
      const returnsCard = page.getByRole('region', { name: 'Returns' })
      await expect(returnsCard.getByText('Refunded $13.40').isVisible()).resolves.toBe(true)
      await expect(returnsCard.getByRole('link', { name: 'Return items' }).getAttribute('href')).resolves.toBe(`/returns/purchase?order=${order.id}`)

      const { rows } = await pool.query<{ refunded_cents: number }>('select p.refunded_cents from payments p join orders o on o.payment_id = p.id where o.id = $1', [order.id])
      expect(rows[0]!.refunded_cents).toBe(1_340)

      // Without JavaScript, at 1280: the rest of the order (one bib and the rattle) comes back with the shipping.
      const plain = await contextFor(buyer, 1280, { javaScriptEnabled: false })
      try {
        const p = await plain.newPage()
        await open(p, `/returns/purchase?order=${order.id}`, { hydrated: false })
        await p.getByRole('combobox', { name: /Quantity to return.*Muslin Bib/ }).selectOption('1')
        await p.getByRole('combobox', { name: /Quantity to return.*Wooden Rattle/ }).selectOption('1')
        await p.getByLabel('Why are you returning them?').selectOption('duplicate')
        await p.getByRole('button', { name: 'Return and refund' }).click()
        // 12.50 + 0.91 tax + 10.99 + 0.80 tax + 7.99 shipping
        await p.getByText('Refund of $33.19 on its way').waitFor()
        await expect(p.getByText('Everything from this order has been returned.').isVisible()).resolves.toBe(true)
      } finally {
        await plain.close()
      }
      const total = await pool.query<{ refunded_cents: number; captured_cents: number }>('select p.refunded_cents, p.captured_cents from payments p join orders o on o.payment_id = p.id where o.id = $1', [order.id])
      expect(total.rows[0]).toEqual({ refunded_cents: 4_659, captured_cents: 4_659 })

      // Another person cannot open this order's return form.
      const other = await createAccount(baseUrl)
      const res = await fetch(`${baseUrl}/returns/purchase?order=${order.id}`, { headers: { Cookie: other.cookie } })
      expect(res.status).toBe(404)
    } finally {
      await context?.close()
    }
  })

  test('items of an order still processing show as Not shipped yet, without a return control, at 320 px (no line starts with ·)', async () => {
    const buyer = await createAccount(baseUrl, { firstName: 'Sam', lastName: 'Buyer' })
    const { order } = await paidOrder(buyer)
    const label = `#${order.id.slice(0, 8).toUpperCase()}`
    let context: BrowserContext | undefined
    try {
      context = await contextFor(buyer, 320)
      const page = await context.newPage()
      await open(page, '/returns/purchase')
      const row = page.getByRole('listitem').filter({ hasText: `Order ${label}` })
      await expect(row.getByText('Not shipped yet').isVisible()).resolves.toBe(true)
      await expect(row.getByText('You can return items once they ship.').isVisible()).resolves.toBe(true)
      await expect(row.getByRole('link', { name: /Return items/ }).count()).resolves.toBe(0)
      await expect(separatorsStartingLines(page)).resolves.toEqual([])
      await expectNoSeriousA11yViolations(page, '/returns/purchase with an unshipped order at 320')

      await open(page, `/returns/purchase?order=${order.id}`)
      await page.getByRole('heading', { name: 'Nothing from this order has shipped yet' }).waitFor()
      await expect(page.getByText('Not shipped yet', { exact: true }).count()).resolves.toBe(2)
      await expect(page.getByRole('combobox').count()).resolves.toBe(0)
      await expect(page.getByRole('button', { name: 'Return and refund' }).count()).resolves.toBe(0)
      await expect(separatorsStartingLines(page)).resolves.toEqual([])
      await expectNoSeriousA11yViolations(page, 'unshipped order at 320')

      // Once one box ships, its items get a quantity to return.
      for (const box of await services.shipments.staffList({ orderId: order.id })) await services.shipments.markShipped(box.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
      await open(page, `/returns/purchase?order=${order.id}`)
      await page.getByRole('combobox', { name: /Quantity to return.*Muslin Bib/ }).waitFor()
      await expect(page.getByText('Not shipped yet', { exact: true }).count()).resolves.toBe(0)
      await expect(separatorsStartingLines(page)).resolves.toEqual([])
    } finally {
      await context?.close()
    }
  })
})

describe('shipments', () => {
  test('staff mark a box shipped with its tracking number at /admin/shipments, and the buyer sees it on /shipments', async () => {
    const buyer = await createAccount(baseUrl, { firstName: 'Sam', lastName: 'Buyer' })
    const { order } = await paidOrder(buyer)
    const staff = await staffContext()
    let context: BrowserContext | undefined
    try {
      const page = await staff.newPage()
      await open(page, '/admin/shipments')
      await page.getByLabel('Order id').fill(order.id)
      await page.getByRole('button', { name: 'Find shipments' }).click()
      await page.waitForURL(/order=/)
      const boxes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Shipment \d+/ }) })
      await expect.poll(() => boxes.count(), { timeout: 20_000 }).toBe(order.shipments.length)
      await expectNoSeriousA11yViolations(page, '/admin/shipments at 1280')
      const first = boxes.first()
      // A bad tracking number: a clear message, the typed value kept.
      await first.getByLabel(/Tracking number/).fill('x')
      await first.getByRole('button', { name: 'Mark shipped' }).click()
      await page.getByText('Enter the tracking number (4 to 40 letters, digits or dashes).').waitFor()
      await expect(first.getByLabel(/Tracking number/).inputValue()).resolves.toBe('x')
      await first.getByLabel(/Carrier/).selectOption('USPS')
      await first.getByLabel(/Tracking number/).fill('9400 1118 9922 3856 9284 99')
      await first.getByRole('button', { name: 'Mark shipped' }).click()
      await page.getByText(/is marked shipped \(USPS 9400111899223856928499\)/).waitFor()
      await expectNoSeriousA11yViolations(page, '/admin/shipments after shipping at 1280')

      // The staff order view lists the same boxes.
      await open(page, `/bl_admin/orders/${order.id}`)
      await expect(page.getByText('USPS 9400111899223856928499').first().isVisible()).resolves.toBe(true)
      await expectNoSeriousA11yViolations(page, '/bl_admin/orders at 1280')

      context = await contextFor(buyer, 375)
      const mine = await context.newPage()
      await open(mine, '/shipments')
      await mine.getByText('9400111899223856928499').waitFor()
      await expect(mine.getByText('Shipped', { exact: true }).first().isVisible()).resolves.toBe(true)
      await expectNoSeriousA11yViolations(mine, '/shipments at 375')
      await mine.getByRole('link', { name: /Shipment details/ }).first().click()
      await mine.waitForURL(/\/shipments\/\d+$/)
      await mine.getByRole('list', { name: 'Shipment progress' }).waitFor()
      await expectNoSeriousA11yViolations(mine, '/shipments/{id} at 375')
      const shipmentUrl = mine.url()
      // The order page shows the tracking number too, and links the box to its shipment page.
      await open(mine, `/orders/${order.id}`)
      await mine.getByText('USPS tracking number 9400111899223856928499').waitFor()
      await expect(mine.getByRole('link', { name: 'Shipment details' }).first().getAttribute('href')).resolves.toMatch(/^\/shipments\/\d+$/)
      await expectNoSeriousA11yViolations(mine, '/orders/{id} shipped at 375')
      // Someone else's shipment is not found.
      const stranger = await createAccount(baseUrl)
      expect((await fetch(shipmentUrl, { headers: { Cookie: stranger.cookie } })).status).toBe(404)

      // Staff pages are not for shoppers.
      expect((await fetch(`${baseUrl}/admin/shipments`, { headers: { Cookie: buyer.cookie } })).status).toBe(404)
      expect((await fetch(`${baseUrl}/bl_admin/orders/${order.id}`, { headers: { Cookie: buyer.cookie } })).status).toBe(404)
    } finally {
      await context?.close()
      await staff.close()
    }
  })

  test('a registry owner sees gifts held for them, with givers but no prices, and presses Ship now (with and without JavaScript)', async () => {
    const owner = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Rivera' })
    const ownerId = await userId(owner)
    const arrival = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10)
    const created = await fetch(`${baseUrl}/api/v3/registries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
      body: JSON.stringify({ registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `ship-${Date.now().toString(36)}${n}`, arrivalDate: arrival, planningStage: 'pregnant' }),
    })
    expect(created.status).toBe(201)
    const registry = (await created.json()) as { id: number }
    await services.registry.setShippingAddress(registry.id, ownerId, { name: 'Maya Rivera', line1: '12 Secret Lane', line2: '', city: 'Portland', state: 'OR', zip: '97201' })
    const swaddle = await product(3_000, 'Cloud Swaddle')
    const item = await services.registry.addItem(registry.id, ownerId, { productId: swaddle.id, quantity: 4 })
    const giveOne = async (name: string) => {
      const viewer = { guestToken: services.cart.newGuestToken() }
      await services.cart.add(viewer, { productId: swaddle.id, regItemId: item.id, quantity: 1 })
      return services.orders.placeOrder(viewer, { idempotencyKey: `e2e-gift-${Date.now()}-${++n}`, email: `giver${n}@example.test`, name, card })
    }
    await giveOne('Aunt Jo')
    await giveOne('Uncle Ray')

    let context: BrowserContext | undefined
    try {
      context = await contextFor(owner, 1280)
      const page = await context.newPage()
      await open(page, '/shipments')
      const gifts = page.getByRole('region', { name: 'Gifts on the way to you' })
      await gifts.getByText('from Aunt Jo').waitFor()
      await expect(gifts.getByText('from Uncle Ray').isVisible()).resolves.toBe(true)
      await expect(gifts.getByText('Waiting to ship together').first().isVisible()).resolves.toBe(true)
      await expect(gifts.textContent()).resolves.not.toMatch(/\$30\.00|\$/)
      await expectNoSeriousA11yViolations(page, '/shipments with held gifts at 1280')
      await page.setViewportSize({ width: 375, height: 800 })
      await expectNoSeriousA11yViolations(page, '/shipments with held gifts at 375')
      await page.setViewportSize({ width: 1280, height: 900 })

      await gifts.getByRole('button', { name: /Ship now: 2 gifts for Maya & Leo Rivera/ }).click()
      await page.getByText('Your gifts are getting ready to ship.').waitFor()
      await expect(gifts.getByText('Preparing to ship').first().isVisible()).resolves.toBe(true)
      await expect(gifts.getByRole('button', { name: /Ship now/ }).count()).resolves.toBe(0)
      await expectNoSeriousA11yViolations(page, '/shipments after Ship now at 1280')

      // A third gift opens a new held box; without JavaScript, Ship now still works from its page.
      await giveOne('Grandpa Lou')
      const noJs = await contextFor(owner, 375, { javaScriptEnabled: false })
      try {
        const plain = await noJs.newPage()
        await open(plain, '/shipments', { hydrated: false })
        const held = plain.getByRole('region', { name: 'Gifts on the way to you' })
        await held.getByRole('button', { name: /Ship now: 1 gift for Maya & Leo Rivera/ }).click()
        await plain.getByText('Your gifts are getting ready to ship.').waitFor()
        await expect(held.getByRole('button', { name: /Ship now/ }).count()).resolves.toBe(0)
      } finally {
        await noJs.close()
      }
    } finally {
      await context?.close()
    }
  })
})
