import fs from 'node:fs'
import pino from 'pino'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { createServices, type Services } from '~/services.server'
import { catalogFactories } from '../support/catalog-factories'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../support/postgres-server'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { shot, testCard } from './support/checkout-setup'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'
import { endPool } from './support/shop-db'

// Cancel item (issue 7, docs/decisions/024 h13): on /orders/{id} the buyer cancels one of two bibs that have not
// shipped (a dialog with JavaScript) and sees the refund to the test card; without JavaScript the rattle is
// cancelled through the on-page confirmation; a shipped line has no cancel control. Axe at 320 and 1280 px (axe runs
// in the page, so the screens without JavaScript are checked with it on, where they render the same confirmation).
// Orders are placed through the orders service in this process, against the database of the server it starts.
let browser: Browser
let server: RunningServer
let baseUrl: string
let dataDir: string
let pg: Awaited<ReturnType<typeof startTestPostgres>>
let services: Services
let pool: ReturnType<typeof createDb>['pool']
const dbName = `nestlist_e2e_cancel_${process.pid}`
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
  services = createServices({ db: opened.db, pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger: pino({ level: 'silent' }) })
  factories = catalogFactories(() => opened.db, 9_850_000)
  category = (await pool.query<{ id: number }>('select id from categories order by id limit 1')).rows[0]!.id
  brand = (await pool.query<{ id: number }>('select id from brands order by id limit 1')).rows[0]!.id
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

const product = (priceCents: number, name: string) => factories.createProduct({ categoryId: category, brandId: brand, priceCents, stock: 30, name: `${name} ${++n}`, shortName: `${name} ${n}` })

/** A paid order of two bibs and a rattle, paid with the test card. */
async function paidOrder(account: TestAccount) {
  const id = ((await (await fetch(`${baseUrl}/api/v3/user`, { headers: { Cookie: account.cookie } })).json()) as { id: number }).id
  const bib = await product(1_250, 'Muslin Bib')
  const rattle = await product(1_099, 'Wooden Rattle')
  await services.cart.add({ userId: id }, { productId: bib.id, quantity: 2 })
  await services.cart.add({ userId: id }, { productId: rattle.id, quantity: 1 })
  const order = await services.orders.placeOrder({ userId: id }, { idempotencyKey: `e2e-cancel-${Date.now()}-${++n}`, email: account.email, name: 'Sam Buyer', shippingAddress: home, card: testCard })
  return { order, bib, rattle }
}

async function contextFor(account: TestAccount, width: number, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
  await signInContext(context, baseUrl, account)
  return context
}

const stockOf = async (productId: number) => (await pool.query<{ quantity: number }>('select quantity from product_stock where product_id = $1', [productId])).rows[0]!.quantity

describe('cancel item', () => {
  test('the buyer cancels one of two bibs in a dialog and sees the $13.40 refund; without JavaScript the rattle; shipped lines have no control', async () => {
    const buyer = await createAccount(baseUrl, { firstName: 'Sam', lastName: 'Buyer' })
    const { order, bib, rattle } = await paidOrder(buyer)
    expect(order.totalCents).toBe(4_659)
    const bibStock = await stockOf(bib.id)
    let context: BrowserContext | undefined
    try {
      context = await contextFor(buyer, 1280)
      const page = await context.newPage()
      await open(page, `/orders/${order.id}`)
      await expectNoSeriousA11yViolations(page, 'order page with cancel controls at 1280')
      await shot(page, 'order-cancel-1280')

      await page.getByRole('link', { name: /^Cancel item \(2\): Muslin Bib/ }).click()
      const dialog = page.getByRole('dialog', { name: /Cancel Muslin Bib/ })
      await dialog.waitFor()
      await expectNoSeriousA11yViolations(page, 'cancel dialog at 1280')
      await shot(page, 'order-cancel-dialog-1280')
      await dialog.getByLabel('How many to cancel').selectOption('1')
      await dialog.getByRole('button', { name: 'Yes, cancel item' }).click()
      await page.getByText('Item cancelled. Refund of $13.40 on its way').waitFor()
      await expect(page.getByText('We refunded $13.40 to your Visa ending in 4242').first().isVisible()).resolves.toBe(true)
      await expect(page.getByRole('heading', { name: 'Cancelled items' }).isVisible()).resolves.toBe(true)
      await expect(page.getByText('1 cancelled').isVisible()).resolves.toBe(true)
      await expectNoSeriousA11yViolations(page, 'after cancelling at 1280')
      await shot(page, 'order-cancelled-1280')

      const paid = await pool.query<{ refunded_cents: number }>('select p.refunded_cents from payments p join orders o on o.payment_id = p.id where o.id = $1', [order.id])
      expect(paid.rows[0]!.refunded_cents).toBe(1_340)
      expect(await stockOf(bib.id)).toBe(bibStock + 1)
      const mail = await pool.query<{ subject: string; text: string }>('select subject, text from email_outbox where to_address = $1 order by id desc limit 1', [buyer.email])
      expect(mail.rows[0]!.subject).toBe('Items cancelled: $13.40 refund')

      // The on-page confirmation (what a browser without JavaScript gets) at 320, checked with axe.
      const rattleLine = (await pool.query<{ id: number }>('select id from order_lines where order_id = $1 and product_id = $2', [order.id, rattle.id])).rows[0]!.id
      await page.setViewportSize({ width: 320, height: 900 })
      await open(page, `/orders/${order.id}?cancel=${rattleLine}`)
      await page.getByRole('heading', { name: /Cancel Wooden Rattle/ }).waitFor()
      await expectNoSeriousA11yViolations(page, 'cancel confirmation on the page at 320')
    } finally {
      await context?.close()
    }

    // Without JavaScript, at 320: the rattle through the confirmation on the page.
    const plain = await contextFor(buyer, 320, { javaScriptEnabled: false })
    try {
      const p = await plain.newPage()
      await open(p, `/orders/${order.id}`, { hydrated: false })
      await p.getByRole('link', { name: /^Cancel item: Wooden Rattle/ }).click()
      await p.getByRole('heading', { name: /Cancel Wooden Rattle/ }).waitFor()
      await shot(p, 'order-cancel-confirm-320')
      await p.getByRole('button', { name: 'Yes, cancel item' }).click()
      // 10.99 + 0.80 tax; shipping is refunded only when nothing is left.
      await p.getByText('Item cancelled. Refund of $11.79 on its way').waitFor()
      await shot(p, 'order-cancelled-320')
    } finally {
      await plain.close()
    }
    expect(await stockOf(rattle.id)).toBeGreaterThan(0)

    // The last bib ships: no cancel control any more, and the API refuses it with 409.
    const line = (await pool.query<{ id: number; shipment_id: number }>('select id, shipment_id from order_lines where order_id = $1 and product_id = $2', [order.id, bib.id])).rows[0]!
    await services.shipments.markShipped(line.shipment_id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
    const shipped = await contextFor(buyer, 320)
    try {
      const page = await shipped.newPage()
      await open(page, `/orders/${order.id}`)
      await expect(page.getByRole('link', { name: /^Cancel item/ }).count()).resolves.toBe(0)
      await expectNoSeriousA11yViolations(page, 'shipped order at 320')
    } finally {
      await shipped.close()
    }
    const refused = await fetch(`${baseUrl}/api/v3/orders/${order.id}/cancellations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: buyer.cookie, Origin: baseUrl },
      body: JSON.stringify({ idempotencyKey: `e2e-refused-${Date.now()}`, lines: [{ orderLineId: line.id, quantity: 1 }] }),
    })
    expect(refused.status).toBe(409)

    // Someone else sees the order page only if it is theirs.
    const other = await createAccount(baseUrl)
    expect((await fetch(`${baseUrl}/orders/${order.id}`, { headers: { Cookie: other.cookie } })).status).toBe(404)
  }, 180_000)
})
