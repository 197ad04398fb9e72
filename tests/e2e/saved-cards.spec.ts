import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTemplateDatabase, dropDatabase } from '../support/postgres-server'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'
import { embeddedUrl, type ShopProduct, shopDb } from './support/shop-db'

// docs/decisions/026: a shopper saves a card at checkout, finds it in settings, buys a product in one step with
// it on /quick_buy, sees the order, and removes the card; a declined saved card leaves no order.
const dbName = `nestlist_e2e_saved_cards_${process.pid}`
const shots = process.env.E2E_SCREENSHOTS
let server: RunningServer
let dataDir: string
let baseUrl: string
let browser: Browser
let shop: ReturnType<typeof shopDb>

beforeAll(async () => {
  dataDir = makeDataDir()
  const databaseUrl = process.env.DATABASE_URL ? await createTemplateDatabase(process.env.DATABASE_URL, dbName) : ''
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
  baseUrl = server.baseUrl
  shop = shopDb(databaseUrl || embeddedUrl(dataDir))
  browser = await launchBrowser()
}, 240_000)
afterAll(async () => {
  await browser?.close()
  await shop?.close()
  if (server) await stopServer(server)
  if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, dbName).catch(() => undefined)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const expiryYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

async function fillCard(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${expiryYear}`)
  await page.getByLabel('Security code (CVC)').fill('123')
}

async function orderPlaced(page: Page) {
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/)
  await expect.poll(() => page.getByText('Thank you! Your order is placed.').isVisible()).toBe(true)
}

/** A fresh account with a saved shipping address. */
async function shopperWithAddress(): Promise<TestAccount & { userId: number }> {
  const account = await createAccount(baseUrl)
  const res = await fetch(`${baseUrl}/api/v3/address`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: account.cookie },
    body: JSON.stringify({ name: 'Robin Tester', line1: '9 Fast Lane', city: 'Austin', state: 'TX', zip: '78701' }),
  })
  expect(res.status).toBe(200)
  return { ...account, userId: await shop.userId(account.email) }
}

const quickBuyPath = (p: ShopProduct) => `/quick_buy?${new URLSearchParams({ product_id: String(p.id), ...(p.size ? { size: p.size } : {}), ...(p.color ? { color: p.color } : {}) }).toString()}`

describe('saved cards and quick buy', () => {
  test('save a card at checkout, see it in settings, quick buy with it in one click, see the order, remove the card', async () => {
    const shopper = await shopperWithAddress()
    const [first, second] = await shop.products(2, { minCents: 2_000, maxCents: 4_000, skip: 20 })
    await shop.cart.add({ userId: shopper.userId }, { productId: first!.id, size: first!.size, color: first!.color, quantity: 1 })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, shopper)
    const page = await context.newPage()

    // Checkout: no saved card yet, so the card fields and 'Save this card for next time'.
    await open(page, '/store/checkout')
    await expect.poll(() => page.getByLabel('Card number').isVisible()).toBe(true)
    await fillCard(page)
    await page.getByLabel('Save this card for next time').check()
    await shot(page, 'checkout-save-card-1280')
    await expectNoSeriousA11yViolations(page, 'checkout with save card 1280')
    await page.getByRole('button', { name: /^Place order/ }).click()
    await orderPlaced(page)

    // Settings: the card is there, as the default.
    const label = `Visa ending in 4242, expires 12/${expiryYear}`
    await page.setViewportSize({ width: 375, height: 900 })
    await open(page, '/settings/payment-methods')
    await expect.poll(() => page.getByText(label).isVisible()).toBe(true)
    expect(await page.getByText('Default', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Payment methods' }).getAttribute('aria-current')).toBe('page')
    await shot(page, 'payment-methods-375')
    await expectNoSeriousA11yViolations(page, 'payment methods 375')

    // The product page leads to quick buy; choosing its options there (if any) gives the same page.
    await open(page, `/gp/item/${second!.id}`)
    await page.getByRole('link', { name: 'Buy now in one step' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/quick_buy')
    expect(new URL(page.url()).searchParams.get('product_id')).toBe(String(second!.id))

    // Quick buy: the saved card is chosen already; one click buys.
    await open(page, quickBuyPath(second!))
    expect(await page.getByText('9 Fast Lane').isVisible()).toBe(true)
    expect(await page.getByRole('radio', { name: new RegExp(label) }).isChecked()).toBe(true)
    expect(await page.getByLabel('Card number').isVisible()).toBe(false)
    expect(await page.getByText('Tax (TX, 6.25%)').isVisible()).toBe(true)
    await shot(page, 'quick-buy-375')
    await expectNoSeriousA11yViolations(page, 'quick buy 375')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shot(page, 'quick-buy-1280')
    await expectNoSeriousA11yViolations(page, 'quick buy 1280')
    await page.getByRole('button', { name: /^Buy now/ }).click()
    await orderPlaced(page)
    const orderText = await page.locator('main').innerText()
    expect(orderText, orderText).toContain(`1 × ${second!.name}`)
    expect(orderText).toContain('Visa ending 4242')
    expect(await shop.count('select count(*)::int as n from orders where user_id = $1', [shopper.userId])).toBe(2)

    // Remove, with a confirmation step.
    await open(page, '/settings/payment-methods')
    await page.getByRole('link', { name: `Remove: ${label}` }).click()
    await expect.poll(() => page.getByText(`Remove ${label}?`).isVisible()).toBe(true)
    await shot(page, 'payment-methods-remove-1280')
    await expectNoSeriousA11yViolations(page, 'payment methods remove confirmation 1280')
    await page.getByRole('button', { name: 'Yes, remove it' }).click()
    await expect.poll(() => page.getByText('The card was removed.').isVisible()).toBe(true)
    await expect.poll(() => page.getByText(label).count()).toBe(0)
    expect(await page.getByText('You have no saved cards yet.').isVisible()).toBe(true)
    expect(await shop.count('select count(*)::int as n from saved_payment_methods where user_id = $1', [shopper.userId])).toBe(0)
    await context.close()
  })

  test('a saved card that is declined leaves no order and keeps the choice; anonymous visitors sign in first and come back', async () => {
    const shopper = await shopperWithAddress()
    const [product] = await shop.products(1, { minCents: 2_000, maxCents: 4_000, skip: 24 })
    const context = await browser.newContext({ viewport: { width: 375, height: 900 } })
    const page = await context.newPage()
    const path = quickBuyPath(product!)
    await open(page, path)
    await page.waitForURL(/\/login\?redirect_path=/)
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect_path') ?? '')).toBe(path)

    await signInContext(context, baseUrl, shopper)
    // Add the declining test card in settings (it saves; charging it is declined).
    await open(page, '/settings/payment-methods')
    await fillCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Save card' }).click()
    await expect.poll(() => page.getByText('Your card was saved.').isVisible()).toBe(true)

    await open(page, path)
    const declined = page.getByRole('radio', { name: /Visa ending in 0002/ })
    expect(await declined.isChecked()).toBe(true)
    await page.getByRole('button', { name: /^Buy now/ }).click()
    await expect.poll(() => page.getByText('Your card was declined. Try another card or contact your bank.').first().isVisible()).toBe(true)
    expect(await declined.isChecked()).toBe(true)
    expect(page.url()).toContain('/quick_buy?')
    await shot(page, 'quick-buy-declined-375')
    await expectNoSeriousA11yViolations(page, 'quick buy declined 375')
    expect(await shop.count('select count(*)::int as n from orders where user_id = $1', [shopper.userId])).toBe(0)

    // A new card that is declined is not saved, even with 'Save this card' ticked; the number is asked again.
    await page.getByRole('radio', { name: 'Use a new card' }).check()
    await fillCard(page, '4000 0000 0000 9995')
    await page.getByLabel('Save this card for next time').check()
    await page.getByRole('button', { name: /^Buy now/ }).click()
    await expect.poll(() => page.getByText('Your card has insufficient funds. Try another card.').first().isVisible()).toBe(true)
    expect(await page.getByRole('radio', { name: 'Use a new card' }).isChecked()).toBe(true)
    expect(await page.getByLabel('Card number').inputValue()).toBe('')
    expect(await shop.count('select count(*)::int as n from saved_payment_methods where user_id = $1', [shopper.userId])).toBe(1)
    expect(await shop.count('select count(*)::int as n from orders where user_id = $1', [shopper.userId])).toBe(0)

    // Another card typed in on the spot goes through (and is not saved unless asked).
    await fillCard(page)
    await page.getByLabel('Save this card for next time').uncheck()
    await page.getByRole('button', { name: /^Buy now/ }).click()
    await orderPlaced(page)
    expect(await shop.count('select count(*)::int as n from orders where user_id = $1', [shopper.userId])).toBe(1)
    expect(await shop.count('select count(*)::int as n from saved_payment_methods where user_id = $1', [shopper.userId])).toBe(1)
    await context.close()
  })

  test('quick buy explains what is missing: no saved address (with a link to add one), or a sold-out product', async () => {
    const noAddress = await createAccount(baseUrl)
    const [product] = await shop.products(1, { minCents: 2_000, maxCents: 4_000, skip: 28 })
    const context = await browser.newContext({ viewport: { width: 375, height: 900 } })
    await signInContext(context, baseUrl, noAddress)
    const page = await context.newPage()
    await open(page, quickBuyPath(product!))
    expect(await page.getByText('Buy now ships to your saved shipping address, and you have not saved one yet.').isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Add a shipping address' }).getAttribute('href')).toBe('/settings/shipping')
    expect(await page.getByRole('button', { name: /^Buy now/ }).count()).toBe(0)
    await expectNoSeriousA11yViolations(page, 'quick buy without an address 375')
    await context.close()

    const shopper = await shopperWithAddress()
    const shopperContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(shopperContext, baseUrl, shopper)
    const shopperPage = await shopperContext.newPage()
    await shop.pool.query('update products set available = false where id = $1', [product!.id])
    try {
      await open(shopperPage, quickBuyPath(product!))
      expect(await shopperPage.getByText(`Sorry, ${product!.name}`).isVisible()).toBe(true)
      expect(await shopperPage.getByRole('button', { name: /^Buy now/ }).count()).toBe(0)
      await expectNoSeriousA11yViolations(shopperPage, 'quick buy sold out 1280')
    } finally {
      await shop.pool.query('update products set available = true where id = $1', [product!.id])
      await shopperContext.close()
    }
  })

  test('without JavaScript: quick buy with the saved card, and the new-card fields show only once "Use a new card" is chosen', async () => {
    const shopper = await shopperWithAddress()
    const saved = await fetch(`${baseUrl}/api/v3/payment_methods`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: shopper.cookie },
      body: JSON.stringify({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2000 + Number(expiryYear), cvc: '123' }),
    })
    expect(saved.status).toBe(201)
    const [product] = await shop.products(1, { minCents: 2_000, maxCents: 4_000, skip: 32 })
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } })
    await signInContext(context, baseUrl, shopper)
    const page = await context.newPage()
    await page.goto(`${baseUrl}${quickBuyPath(product!)}`)
    expect(await page.getByRole('radio', { name: /Visa ending in 4242/ }).isChecked()).toBe(true)
    expect(await page.getByLabel('Card number').isVisible()).toBe(false)
    await page.getByRole('radio', { name: 'Use a new card' }).check()
    expect(await page.getByLabel('Card number').isVisible()).toBe(true)
    await page.getByRole('radio', { name: /Visa ending in 4242/ }).check()
    await page.getByRole('button', { name: /^Buy now/ }).click()
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/)
    // the address bar changes a moment before the order page has rendered
    await page.getByText('Thank you! Your order is placed.').waitFor()
    expect(await shop.count('select count(*)::int as n from orders where user_id = $1', [shopper.userId])).toBe(1)
    await context.close()
  })
})
