import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'

// The Amazon cart (docs/decisions/032-amazon-cart.md): a guest adds two of a registry's Amazon items (naming
// themselves once), sees them held, sends both to Amazon with one link, says they bought one, and the
// registry shows it bought; the other stays held. Also without JavaScript. Pages pass axe; screenshots at
// 320, 375, 1280 and 1440 px land in $TMPDIR/nestlist-amazon-cart for a person to look at.
const baseUrl = inject('baseUrl')
const shots = path.join(os.tmpdir(), 'nestlist-amazon-cart')
let browser: Browser
let owner: TestAccount
const tag = randomBytes(3).toString('hex')
let registry: { id: number; slug: string }
const gifts = {
  swaddle: { title: `Cloud swaddle blanket ${tag}`, url: 'https://www.amazon.com/Cloud-Swaddle-Blanket/dp/B07XJ8C8F5/ref=sr_1_1', asin: 'B07XJ8C8F5' },
  monitor: { title: `Video baby monitor ${tag}`, url: 'https://peak-parent.example/monitor', asin: 'B000FQ9QVI' },
  rattle: { title: `Wooden rattle ${tag}`, url: 'https://little-acorn.example/rattle', asin: null },
  nightLight: { title: `Owl night light ${tag}`, url: 'https://www.amazon.com/gp/product/B01N5IB20Q', asin: 'B01N5IB20Q' },
}
const ids: Record<keyof typeof gifts, number> = { swaddle: 0, monitor: 0, rattle: 0, nightLight: 0 }

async function api(method: string, urlPath: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: owner.cookie, Origin: baseUrl },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json().catch(() => null)
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  browser = await launchBrowser()
  owner = await createAccount(baseUrl, { firstName: 'Nora', lastName: 'Amazonia' })
  const created = await api('POST', '/api/v3/registries', { registryType: 'baby', title: 'Baby Amazonia', familyName: `Nora & Sam Amazonia ${tag}`, slug: `amazonia-${tag}`, arrivalDate: '2027-05-01' })
  registry = { id: created.id, slug: created.slug }
  await api('PATCH', `/api/v3/registries/${registry.id}`, {
    shippingAddress: { name: 'Nora Amazonia', line1: `12 Hidden Lane ${tag}`, line2: '', city: 'Portland', state: 'OR', zip: '97201' },
  })
  for (const [key, g] of Object.entries(gifts) as [keyof typeof gifts, (typeof gifts)[keyof typeof gifts]][]) {
    const item = await api('POST', `/api/v3/registries/${registry.id}/external_items`, { url: g.url, title: g.title, priceCents: 3_499, storeName: 'Some store', quantity: 1 })
    ids[key] = item.id
  }
  // The monitor is on Amazon through a further place to buy it.
  await api('POST', `/api/v3/registries/${registry.id}/reg_items/${ids.monitor}/offers`, { storeName: 'Amazon', url: `https://www.amazon.com/dp/${gifts.monitor.asin}`, priceCents: 3_299 })
})
afterAll(async () => {
  await browser?.close()
})

async function guest(width: number, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
  // amazon.com is never reached from the tests: the new tab gets a stand-in page, and we read its address.
  await context.route('https://www.amazon.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Amazon (stand-in)</title><p>Amazon cart</p>' }))
  return { context, page: await context.newPage() }
}

async function open(page: Page, urlPath: string, hydrated = true) {
  await page.goto(`${baseUrl}${urlPath}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
}

// A card is named by its title (and, for a store link, '(at …, opens in a new tab)').
const card = (page: Page, title: string) => page.getByRole('article', { name: title })

/** A button named '{label}: {title}' (the title is screen-reader text after the visible label). */
const named = (label: string, title: string) => new RegExp(`^${label}\\s?: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

async function screenshot(context: BrowserContext, urlPath: string, name: string, hydrated = true) {
  for (const width of [320, 375, 1280, 1440]) {
    const page = await context.newPage()
    await page.setViewportSize({ width, height: 900 })
    await open(page, urlPath, hydrated)
    // Nothing may run off the side at any width.
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth <= window.innerWidth
        ? []
        : [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => `${e.tagName}.${e.className}`.slice(0, 120)).slice(-5),
    )
    expect(wide, `${name} at ${width}px scrolls sideways`).toEqual([])
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true })
    await page.close()
  }
}

describe('Amazon cart', () => {
  test('a guest adds two Amazon gifts, checks out on Amazon with both ASINs, confirms one bought, and the registry shows it bought', async () => {
    const { context, page } = await guest(1280)
    try {
      await open(page, `/${registry.slug}`)
      // Only Amazon items get the button.
      await card(page, gifts.rattle.title).waitFor()
      expect(await card(page, gifts.rattle.title).getByRole('button', { name: /Add to Amazon cart/ }).count()).toBe(0)
      await expectNoSeriousA11yViolations(page, 'registry with Amazon items')

      // The first gift asks who is giving (a guest has no account).
      await card(page, gifts.swaddle.title).getByRole('button', { name: named('Add to Amazon cart', gifts.swaddle.title) }).click()
      await page.getByRole('heading', { name: 'Who is this gift from?' }).waitFor()
      await page.getByRole('button', { name: 'Add to Amazon cart' }).click()
      await page.getByText('Please check the fields marked below.').waitFor()
      await page.getByLabel('Your name').fill('Aunt June')
      await page.getByLabel('Your email').fill('june.amazon@example.test')
      await expectNoSeriousA11yViolations(page, 'who is giving')
      await page.getByRole('button', { name: 'Add to Amazon cart' }).click()
      await page.waitForURL(`${baseUrl}/${registry.slug}`)
      await page.getByText('Added to your Amazon cart.').waitFor()
      await card(page, gifts.swaddle.title).getByText('In your Amazon cart').waitFor()

      // The second goes straight in: the cart knows who is giving.
      await card(page, gifts.monitor.title).getByRole('button', { name: named('Add to Amazon cart', gifts.monitor.title) }).click()
      await card(page, gifts.monitor.title).getByText('In your Amazon cart').waitFor()
      const link = page.getByRole('link', { name: 'Amazon cart (2)' })
      await link.waitFor()
      await link.click()

      await page.getByRole('heading', { level: 1, name: 'Your Amazon cart' }).waitFor()
      const held = page.getByRole('list', { name: /Gifts held for you/ })
      expect(await held.getByRole('listitem').count()).toBe(2)
      await page.getByText('gifts ship to Portland, OR').waitFor()
      expect(await page.content()).not.toContain('Hidden Lane')
      await expectNoSeriousA11yViolations(page, 'amazon cart')

      // One button sends both to Amazon, in a new tab.
      const [amazon] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /Check out on Amazon/ }).click()])
      // The new tab posts to Nestlist, which notes the checkout and redirects to Amazon.
      await amazon.waitForURL(/^https:\/\/www\.amazon\.com\//)
      const sent = new URL(amazon.url())
      expect(sent.origin + sent.pathname).toBe('https://www.amazon.com/gp/aws/cart/add.html')
      expect([sent.searchParams.get('ASIN.1'), sent.searchParams.get('ASIN.2')].sort()).toEqual([gifts.monitor.asin, gifts.swaddle.asin].sort())
      expect(sent.searchParams.get('Quantity.1')).toBe('1')
      expect(sent.searchParams.has('AssociateTag')).toBe(false)
      expect(await amazon.evaluate(() => window.opener)).toBeNull()
      await amazon.close()

      // Nothing is bought until the giver says so.
      const ask = page.getByRole('group', { name: 'Did you buy these on Amazon?' })
      await ask.waitFor()
      await ask.getByRole('button', { name: named('Yes, I bought it', gifts.swaddle.title) }).click()
      await page.getByText(`Thank you! ${gifts.swaddle.title} is marked as bought on the registry.`).waitFor()
      await ask.getByRole('button', { name: named('Not yet', gifts.monitor.title) }).click()
      await page.getByText(`No problem: we are still holding ${gifts.monitor.title} for you.`).waitFor()
      // Nothing left to ask about: the monitor stays held, and the question waits for the next checkout.
      await page.getByRole('group', { name: 'Did you buy these on Amazon?' }).waitFor({ state: 'detached' })
      await page.getByRole('heading', { name: 'Bought on Amazon' }).waitFor()
      expect(await held.getByRole('listitem').count()).toBe(1)

      await open(page, `/${registry.slug}`)
      await card(page, gifts.swaddle.title).getByText('Fulfilled').waitFor()
      await card(page, gifts.monitor.title).getByText('Fulfilled').waitFor()
      await card(page, gifts.monitor.title).getByText('In your Amazon cart').waitFor()
      const { items: list } = (await api('GET', `/api/v3/registries/${registry.id}/reg_items`)) as { items: { id: number; quantityPurchased: number; quantityReserved: number }[] }
      expect(list.find((i) => i.id === ids.swaddle)).toMatchObject({ quantityPurchased: 1, quantityReserved: 0 })
      expect(list.find((i) => i.id === ids.monitor)).toMatchObject({ quantityPurchased: 0, quantityReserved: 1 })

      await screenshot(context, '/registry/amazon-cart', 'amazon-cart')
      await screenshot(context, `/${registry.slug}`, 'registry')
    } finally {
      await context.close()
    }
  })

  test('without JavaScript a guest adds an Amazon gift, removes it (it is free again) and the checkout form still opens Amazon', async () => {
    const { context, page } = await guest(375, { javaScriptEnabled: false })
    try {
      await open(page, `/${registry.slug}`, false)
      await card(page, gifts.nightLight.title).getByRole('button', { name: named('Add to Amazon cart', gifts.nightLight.title) }).click()
      await page.getByRole('heading', { name: 'Who is this gift from?' }).waitFor()
      await page.getByLabel('Your name').fill('Uncle Ray')
      await page.getByLabel('Your email').fill('not-an-email')
      await page.getByRole('button', { name: 'Add to Amazon cart' }).click()
      // The form comes back with what was typed.
      await page.getByText('Please check the fields marked below.').waitFor()
      expect(await page.getByLabel('Your name').inputValue()).toBe('Uncle Ray')
      await page.getByLabel('Your email').fill('ray.amazon@example.test')
      await page.getByRole('button', { name: 'Add to Amazon cart' }).click()
      await page.waitForURL(`${baseUrl}/${registry.slug}`)
      await card(page, gifts.nightLight.title).getByText('In your Amazon cart').waitFor()
      await screenshot(context, `/registry/amazon-cart?add=${ids.swaddle}&returnTo=/${registry.slug}`, 'who-is-giving', false)

      await open(page, '/registry/amazon-cart', false)
      const [amazon] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /Check out on Amazon/ }).click()])
      await amazon.waitForURL(/^https:\/\/www\.amazon\.com\//)
      expect(new URL(amazon.url()).searchParams.get('ASIN.1')).toBe(gifts.nightLight.asin)
      await amazon.close()
      // After a reload the page asks what was bought.
      await open(page, '/registry/amazon-cart', false)
      await page.getByRole('group', { name: 'Did you buy these on Amazon?' }).waitFor()
      await page.getByRole('button', { name: named('Remove', gifts.nightLight.title) }).click()
      await page.getByText('Removed from your Amazon cart. The gift is free for others again.').waitFor()
      await page.getByText('Your Amazon cart is empty.').waitFor()
      await open(page, `/${registry.slug}`, false)
      await card(page, gifts.nightLight.title).getByText('1 still needed').waitFor()
    } finally {
      await context.close()
    }
  })
})
