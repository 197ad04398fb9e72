import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTemplateDatabase, dropDatabase } from '../support/postgres-server'
import { createReservationsService } from '~/modules/registry/reservations.service.server'
import { createDb } from '~/db/client.server'
import { createAccount, demoParent, signInContext } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { latestEmailLink } from './support/outbox'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'
import { embeddedUrl, endPool, type ShopProduct, shopDb } from './support/shop-db'

// Issue 7, checkout pages: a shopper buys two products with the test card, a declined card leaves no order and
// keeps the form, the demo parent's eligible registry takes 15% off, and a guest buys a registry gift without
// ever seeing the family's street. Cart lines are added through the cart service against this server's
// database (Add to Cart is another part of the issue), under the guest cart cookie or the account.
const DEMO_REGISTRY_ID = 418_205_736_902
const dbName = `nestlist_e2e_checkout_${process.pid}`
const shots = process.env.E2E_SCREENSHOTS
let server: RunningServer
let dataDir: string
let baseUrl: string
let browser: Browser
let shop: ReturnType<typeof shopDb>
let dbUrl: string

beforeAll(async () => {
  dataDir = makeDataDir()
  const databaseUrl = process.env.DATABASE_URL ? await createTemplateDatabase(process.env.DATABASE_URL, dbName) : ''
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
  baseUrl = server.baseUrl
  dbUrl = databaseUrl || embeddedUrl(dataDir)
  shop = shopDb(dbUrl)
  browser = await launchBrowser()
}, 240_000)
afterAll(async () => {
  await browser?.close()
  await shop?.close()
  if (server) await stopServer(server)
  if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, dbName).catch(() => undefined)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A browser context holding a guest cart with these lines (the cart cookie, as Add to Cart would set it). */
async function guestWithCart(lines: { product: ShopProduct; quantity?: number; regItemId?: number }[], width = 1280) {
  const token = shop.cart.newGuestToken()
  for (const l of lines) await shop.cart.add({ guestToken: token }, { productId: l.product.id, size: l.product.size, color: l.product.color, quantity: l.quantity ?? 1, regItemId: l.regItemId })
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await context.addCookies([{ name: 'nestlist_cart', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

async function fillAddress(page: Page) {
  await page.getByLabel('Full name').fill('Sam Shopper')
  await page.getByLabel('Street address').fill('1 Main Street')
  await page.getByLabel('ZIP code').fill('95814')
  await page.getByLabel('City').fill('Sacramento')
  await page.getByLabel('State', { exact: true }).selectOption('CA')
}

async function fillCard(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`)
  await page.getByLabel('Security code (CVC)').fill('123')
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Your name').fill('Sam Shopper')
}

/** After 'Place order': the order page has loaded and says so. */
async function orderPlaced(page: Page) {
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/)
  await expect.poll(() => page.getByText('Thank you! Your order is placed.').isVisible()).toBe(true)
}

const email = () => `shopper-${randomBytes(4).toString('hex')}@example.test`

describe('checkout', () => {
  test('a shopper reviews the cart (removing one line), checks out two products with the test card and sees the confirmation; others get 404', async () => {
    const [a, b, c] = await shop.products(3, { minCents: 1_500, maxCents: 3_000 })
    const { context, page } = await guestWithCart([{ product: a! }, { product: b!, quantity: 2 }, { product: c! }], 375)
    await open(page, '/store/checkout?cart_type=store')
    await expect.poll(() => page.getByRole('heading', { name: 'Your items' }).isVisible()).toBe(true)
    await shot(page, 'cart-375')
    await expectNoSeriousA11yViolations(page, 'cart review 375')
    const thirdRemove = page.getByRole('button', { name: `Remove ${c!.name}` })
    await thirdRemove.click()
    await expect.poll(() => page.getByRole('link', { name: c!.name }).count()).toBe(0)
    await expect.poll(() => page.getByText('Removed from your cart.').isVisible()).toBe(true)

    await page.getByRole('link', { name: 'Check out', exact: true }).click()
    await page.waitForURL(`${baseUrl}/store/checkout`)
    await expect.poll(() => page.getByLabel('Card number').isVisible()).toBe(true)
    expect(await page.getByText('Test mode: use 4242 4242 4242 4242').isVisible()).toBe(true)
    expect(await page.getByText('Estimated tax').filter({ visible: true }).first().isVisible()).toBe(true)
    await shot(page, 'checkout-375')
    await expectNoSeriousA11yViolations(page, 'checkout 375')

    const buyer = email()
    await fillContact(page, buyer)
    await fillAddress(page)
    // The summary follows the state: exact California tax once it is chosen.
    await expect.poll(() => page.getByText('Tax (CA, 7.25%)').filter({ visible: true }).isVisible()).toBe(true)
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)
    await expect.poll(() => page.getByText('Thank you! Your order is placed.').isVisible()).toBe(true)
    const body = await page.locator('main').innerText()
    expect(body).toContain('Visa ending 4242')
    expect(body).toContain(a!.name)
    expect(body).toContain(b!.name)
    expect(body).not.toContain(c!.name)
    expect(body).toContain('1 Main Street')
    await shot(page, 'order-375')
    await expectNoSeriousA11yViolations(page, 'order confirmation 375')
    const orderUrl = page.url().replace('?placed=1', '')
    const orderId = orderUrl.split('/').pop()!
    expect(await shop.count(`select count(*)::int as n from orders where email = $1 and status = 'paid'`, [buyer])).toBe(1)
    // What was bought left the cart; the removed line is gone too.
    await open(page, '/store/checkout?cart_type=store')
    expect(await page.getByRole('heading', { name: 'Your cart is empty' }).isVisible()).toBe(true)

    // The confirmation email names the order (a guest's email is the receipt, without a link).
    const outbox = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'staff@nestlist.example', password: 'nestlist-demo-staff' }) })
    const staff = (outbox.headers.get('set-cookie') ?? '').split(';')[0]!
    const list = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(buyer)}`, { headers: { Cookie: staff } })).text()
    expect(list).toContain(`#${orderId.slice(0, 8).toUpperCase()}`)

    // Another browser (no access cookie) and another signed-in account get a 404.
    const stranger = await browser.newContext()
    const strangerPage = await stranger.newPage()
    expect((await strangerPage.goto(orderUrl))?.status()).toBe(404)
    await stranger.close()
    await context.close()
  })

  test('a declined card places no order and keeps what was typed (except the card number and code)', async () => {
    const [p] = await shop.products(1, { minCents: 5_000, maxCents: 9_000 })
    const { context, page } = await guestWithCart([{ product: p! }])
    await open(page, '/store/checkout')
    const buyer = email()
    await fillContact(page, buyer)
    await fillAddress(page)
    await fillCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: /^Place order/ }).click()
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Your card was declined')
    expect(page.url()).toBe(`${baseUrl}/store/checkout`)
    expect(await page.getByLabel('Email').inputValue()).toBe(buyer)
    expect(await page.getByLabel('Street address').inputValue()).toBe('1 Main Street')
    expect(await page.getByLabel('Card number').inputValue()).toBe('')
    expect(await page.getByLabel('Security code (CVC)').inputValue()).toBe('')
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true')
    await shot(page, 'declined-1280')
    await expectNoSeriousA11yViolations(page, 'declined checkout 1280')
    expect(await shop.count('select count(*)::int as n from orders where email = $1', [buyer])).toBe(0)
    // The same form then goes through with a good card.
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)
    expect(await shop.count('select count(*)::int as n from orders where email = $1', [buyer])).toBe(1)
    await context.close()
  })

  test('the demo parent, whose registry is eligible, gets 15% off and finds the order in Your orders', async () => {
    const res = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoParent) })
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
    const userId = await shop.userId(demoParent.email)
    const [p] = await shop.products(1, { minCents: 6_000, maxCents: 9_999, skip: 3 })
    await shop.cart.clear({ userId })
    await shop.cart.add({ userId }, { productId: p!.id, size: p!.size, color: p!.color })
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, { cookie })
    const page = await context.newPage()
    await open(page, '/store/checkout')
    await expect.poll(() => page.getByText('Registry discount (15%)').filter({ visible: true }).isVisible()).toBe(true)
    const discount = Math.round((p!.priceCents * 15) / 100)
    expect(await page.locator('#summary-title').locator('..').innerText()).toContain(`−$${(discount / 100).toFixed(2)}`)
    expect(await page.getByLabel('Email').inputValue()).toBe(demoParent.email)
    await shot(page, 'checkout-discount-1280')
    await expectNoSeriousA11yViolations(page, 'checkout with discount 1280')
    if (!(await page.getByLabel('Street address').inputValue())) await fillAddress(page)
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)
    const orderId = page.url().split('/').pop()!.replace('?placed=1', '')
    expect(await page.locator('main').innerText()).toContain('Registry discount')
    expect(await shop.count('select discount_cents as n from orders where id = $1', [orderId])).toBe(discount)

    // The registry discount is single use (spec §9): the next checkout pays full price and says why.
    await shop.cart.add({ userId }, { productId: p!.id, size: p!.size, color: p!.color })
    await open(page, '/store/checkout')
    await expect.poll(() => page.getByText('Your registry discount is a one-time discount, and an earlier order used it.').filter({ visible: true }).isVisible()).toBe(true)
    expect(await page.getByText('Registry discount (15%)').count()).toBe(0)
    await shop.cart.clear({ userId })

    await open(page, '/settings/your-orders')
    expect(await page.getByRole('link', { name: `Order #${orderId.slice(0, 8).toUpperCase()}` }).isVisible()).toBe(true)
    await shot(page, 'your-orders-1280')
    await expectNoSeriousA11yViolations(page, 'your orders 1280')
    // The signed-in buyer's email links to the order.
    expect(await latestEmailLink(baseUrl, demoParent.email, /\/orders\//)).toContain(`/orders/${orderId}`)
    await context.close()
  })

  test("a guest buys a registry gift with a message and a thank-you address, never seeing the family's street; the family is emailed and finds both in the gift tracker", async () => {
    const { rows } = await shop.pool.query<{ item_id: string; product_id: number; line1: string; options: Record<string, string> }>(
      `select i.id as item_id, i.product_id, r.shipping_address->>'line1' as line1, i.options
       from reg_items i join registries r on r.id = i.registry_id join products p on p.id = i.product_id
       where r.id = $1 and i.removed_at is null and p.available and p.stock > 5 and p.product_type = 'product'
         and i.quantity_needed - i.quantity_reserved - i.quantity_purchased >= 1
       order by i.id limit 1`,
      [DEMO_REGISTRY_ID],
    )
    const item = rows[0]!
    expect(item.line1.length).toBeGreaterThan(3)
    const { context, page } = await guestWithCart(
      [{ product: { id: item.product_id, name: '', priceCents: 0, size: item.options.size, color: item.options.color }, regItemId: Number(item.item_id) }],
      375,
    )
    await open(page, '/store/checkout?cart_type=store')
    expect(await page.getByText(/Gift for the .+ registry, ships to /).isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Check out gifts' }).click()
    await page.waitForURL(`${baseUrl}/store-checkout-hbb?registry_id=${DEMO_REGISTRY_ID}`)
    await expect.poll(() => page.getByText(/^Ships to .+ in .+, [A-Z]{2}\.$/).isVisible()).toBe(true)
    expect(await page.content()).not.toContain(item.line1)
    await shot(page, 'gift-checkout-375')
    await expectNoSeriousA11yViolations(page, 'gift checkout 375')
    const giver = email()
    await fillContact(page, giver)
    await page.getByLabel('Gift message').fill('Welcome, little one!')
    await page.getByLabel('Share my address with the family so they can send a thank-you note').check()
    await fillAddress(page)
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)
    expect(await page.content()).not.toContain(item.line1)
    expect(await page.locator('main').innerText()).toContain('Welcome, little one!')
    // The gift waits in the family's consolidated box, in the shipment pages' words (it once showed 'held').
    expect(await page.getByText('Waiting to ship together', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByText('held', { exact: true }).count()).toBe(0)
    await expectNoSeriousA11yViolations(page, 'gift order 375')
    expect(
      await shop.count(`select count(*)::int as n from reservations where reg_item_id = $1 and giver_email = $2 and status = 'purchased' and source = 'nestlist_order'`, [
        item.item_id,
        giver,
      ]),
    ).toBe(1)
    await context.close()

    // The family hears of it at once (the demo family's preference), with the giver's name and message...
    const told = `select count(*)::int as n from email_outbox where to_address = 'parent@nestlist.example' and category = 'registry_activity'
      and text like '%Sam Shopper%' and text like '%Welcome, little one!%'`
    await expect.poll(() => shop.count(told)).toBe(1)
    // ...and finds the gift, its message and the thank-you address in the gift tracker.
    const signIn = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoParent) })
    const family = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(family, baseUrl, { cookie: (signIn.headers.get('set-cookie') ?? '').split(';')[0]! })
    const tracker = await family.newPage()
    await open(tracker, '/registry/gift-tracker?show=to-thank')
    const row = tracker.getByRole('listitem').filter({ hasText: 'Sam Shopper gave' }).filter({ hasText: 'Welcome, little one!' })
    expect(await row.innerText()).toContain('Bought on Nestlist')
    expect(await row.innerText()).toContain('1 Main Street, Sacramento, CA 95814')
    await family.close()
  })

  test('without JavaScript the checkout form still places the order (city and state filled from the ZIP code)', async () => {
    const [p] = await shop.products(1, { minCents: 2_000, maxCents: 3_000, skip: 7 })
    const token = shop.cart.newGuestToken()
    await shop.cart.add({ guestToken: token }, { productId: p!.id, size: p!.size, color: p!.color })
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } })
    await context.addCookies([{ name: 'nestlist_cart', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
    const page = await context.newPage()
    // The cart review's quantity form is a plain POST too.
    await page.goto(`${baseUrl}/store/checkout?cart_type=store`)
    await page.getByLabel('Quantity').fill('2')
    await page.getByRole('button', { name: `Update ${p!.name}` }).click()
    await expect.poll(() => page.getByText('Quantity updated.').isVisible()).toBe(true)
    expect(await page.getByLabel('Quantity').inputValue()).toBe('2')
    await page.goto(`${baseUrl}/store/checkout`)
    const buyer = email()
    await fillContact(page, buyer)
    await page.getByLabel('Full name').fill('Nora NoScript')
    await page.getByLabel('Street address').fill('5 Quiet Road')
    await page.getByLabel('ZIP code').fill('10001')
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    // Without JavaScript the summary estimated the tax until the state was known: the exact total is shown first
    // and nothing is charged (docs/decisions/029, amendment h10); the same page then places it.
    await page.getByText(/^With tax for NY, your total is \$[\d,.]+\. Nothing was charged yet/).waitFor()
    expect(await shop.count('select count(*)::int as n from orders where email = $1', [buyer])).toBe(0)
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)
    const body = await page.locator('main').innerText()
    expect(body).toContain('New York, NY 10001')
    expect(body).toContain('Thank you! Your order is placed.')
    // Going back and sending the same page again (same checkout key) shows the same order, never a second one.
    expect(await shop.count('select count(*)::int as n from orders where email = $1', [buyer])).toBe(1)
    await context.close()
  })

  test('a guest buys the gifts they reserved: the same reservation turns purchased; reservations not held by this browser are left out', async () => {
    const { rows } = await shop.pool.query<{ item_id: string }>(
      `select i.id as item_id from reg_items i join products p on p.id = i.product_id
       where i.registry_id = $1 and i.removed_at is null and p.available and p.stock > 5 and p.product_type = 'product'
         and i.quantity_needed - i.quantity_reserved - i.quantity_purchased >= 1 and i.options = '{}'::jsonb
       order by i.id desc limit 1`,
      [DEMO_REGISTRY_ID],
    )
    const { db, pool } = createDb(dbUrl, { max: 1 })
    const reservations = createReservationsService({ db })
    const giver = email()
    const held = await reservations.reserve(Number(rows[0]!.item_id), { quantity: 1, giverName: 'Rae Reserver', giverEmail: giver })
    await endPool(pool)
    const notMine = '0b7c2d1e-3f4a-4b5c-8d6e-7f8091a2b3c4'
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: 'nestlist_reservations', value: held.id, url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
    const page = await context.newPage()
    // The confirmation page of a shop gift held in this browser offers 'Buy it now', which leads to its checkout.
    await open(page, `/reservations/${held.id}`)
    await page.getByRole('link', { name: 'Buy it now' }).click()
    await page.waitForURL((u) => u.pathname === '/store/checkout/reservations' && u.search.includes(held.id))
    await open(page, `/store/checkout/reservations?tokens[]=${held.id}&tokens[]=${notMine}`)
    await expect.poll(() => page.getByText('One of the reservations in the link').isVisible()).toBe(true)
    await shot(page, 'reservations-1280')
    await expectNoSeriousA11yViolations(page, 'reservations checkout 1280')
    await fillContact(page, giver)
    await fillCard(page)
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)
    expect(await shop.count(`select count(*)::int as n from reservations where id = $1 and status = 'purchased' and source = 'nestlist_order'`, [held.id])).toBe(1)
    expect(await shop.count(`select count(*)::int as n from reservations where reg_item_id = $1 and giver_email = $2`, [rows[0]!.item_id, giver])).toBe(1)
    // The family is told, by the server that took the order (the demo parent owns the demo registry).
    await expect
      .poll(() => shop.count(`select count(*)::int as n from email_outbox where to_address = 'parent@nestlist.example' and subject like 'Rae Reserver bought % from Nestlist'`))
      .toBe(1)
    // Another browser holding no reservation cookie cannot use the link.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await open(otherPage, `/store/checkout/reservations?tokens[]=${held.id}`)
    expect(await otherPage.getByText('There are no reserved Nestlist Shop gifts').isVisible()).toBe(true)
    await other.close()
    await context.close()
  })

  test('quick buy: a signed-in shopper with a saved address buys one product in one step; another account gets 404 on the order', async () => {
    const account = await createAccount(baseUrl)
    const saved = await fetch(`${baseUrl}/api/v3/address`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: account.cookie },
      body: JSON.stringify({ name: 'Quinn Quick', line1: '9 Fast Lane', city: 'Austin', state: 'TX', zip: '78701' }),
    })
    expect(saved.status).toBe(200)
    const [p] = await shop.products(1, { minCents: 2_000, maxCents: 5_000, skip: 9 })
    const context = await browser.newContext({ viewport: { width: 320, height: 900 } })
    await signInContext(context, baseUrl, account)
    const page = await context.newPage()
    const query = new URLSearchParams({ product_id: String(p!.id), quantity: '2', ...(p!.size ? { size: p!.size } : {}), ...(p!.color ? { color: p!.color } : {}) })
    await open(page, `/quick_buy?${query.toString()}`)
    expect(await page.getByText('9 Fast Lane').isVisible()).toBe(true)
    expect(await page.getByText('Tax (TX, 6.25%)').filter({ visible: true }).isVisible()).toBe(true)
    await shot(page, 'quick-buy-320')
    await expectNoSeriousA11yViolations(page, 'quick buy 320')
    await fillCard(page)
    await page.getByRole('button', { name: /^Buy now/ }).click()
    await orderPlaced(page)
    const orderText = await page.locator('main').innerText()
    expect(orderText, orderText).toContain(`2 × ${p!.name}`)
    const orderUrl = page.url().replace('?placed=1', '')
    // Signed in as someone else: not found.
    const other = await createAccount(baseUrl)
    const otherContext = await browser.newContext()
    await signInContext(otherContext, baseUrl, other)
    expect((await (await otherContext.newPage()).goto(orderUrl))?.status()).toBe(404)
    await otherContext.close()
    await context.close()
  })

  test('an unavailable line is flagged in the cart and blocks its checkout until it is removed', async () => {
    const [ok, gone] = await shop.products(2, { minCents: 2_000, maxCents: 4_000, skip: 12 })
    const { context, page } = await guestWithCart([{ product: ok! }, { product: gone! }])
    await shop.pool.query('update products set available = false where id = $1', [gone!.id])
    try {
      await open(page, '/store/checkout?cart_type=store')
      expect(await page.getByText('Sorry, this is sold out.').isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Check out', exact: true }).isDisabled()).toBe(true)
      expect(await page.getByText('Remove unavailable items to check out.').isVisible()).toBe(true)
      await expectNoSeriousA11yViolations(page, 'cart with an unavailable line')
      // The checkout page refuses too, naming it.
      await open(page, '/store/checkout')
      expect(await page.getByRole('alert').innerText()).toContain(gone!.name)
      await open(page, '/store/checkout?cart_type=store')
      await page.getByRole('button', { name: `Remove ${gone!.name}` }).click()
      await expect.poll(() => page.getByRole('link', { name: 'Check out', exact: true }).isVisible()).toBe(true)
    } finally {
      await shop.pool.query('update products set available = true where id = $1', [gone!.id])
      await context.close()
    }
  })
})
