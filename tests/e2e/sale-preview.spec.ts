import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { shot } from './support/checkout-setup'
import { recordEvents } from './support/events'

// Spec §9 'Sale preview slugs: two (gear and essentials)' and §7 'product clicked' (preview ids): the gear
// and essentials rows above the sale listing on /store/sale, their 'Shop all' links, and the click event.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function newPage(width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled })
  const page = await context.newPage()
  const events = await recordEvents(page)
  return { context, page, events }
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

const productIdsOf = (page: Page, list: string) =>
  page
    .getByRole('list', { name: list, exact: true })
    .locator(':scope > li article h3 a')
    .evaluateAll((links) => links.map((a) => Number((a as HTMLAnchorElement).pathname.split('/').pop())))

describe('sale preview rows', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px /store/sale opens with 'Gear on sale' and 'Essentials on sale' rows above the full listing; 'Shop all gear on sale' lands on the filtered sale listing with the same products first; a click in a row records its preview ids`, async () => {
      const { context, page, events } = await newPage(width)
      try {
        expect((await open(page, '/store/sale'))?.status()).toBe(200)
        const rows = page.locator('main section[data-sale-preview]')
        await expect.poll(() => rows.evaluateAll((s) => s.map((e) => e.getAttribute('data-sale-preview')))).toEqual(['gear', 'essentials'])
        for (const title of ['Gear on sale', 'Essentials on sale']) {
          const row = page.getByRole('region', { name: title })
          expect(await row.isVisible()).toBe(true)
          const cards = row.getByRole('list', { name: title }).locator(':scope > li')
          expect(await cards.count()).toBeGreaterThanOrEqual(1)
          expect(await cards.count()).toBeLessThanOrEqual(4)
          // Every card is on sale: its price shows the regular price struck through.
          expect(await cards.locator('s, del').count()).toBeGreaterThanOrEqual(await cards.count())
          expect(await cards.first().isVisible()).toBe(true)
        }
        // The rows sit above the full listing, which keeps its heading and grid.
        const order = await page.evaluate(() => {
          const gear = document.querySelector('section[data-sale-preview="gear"]')!
          const grid = document.querySelector('ul[aria-label="Sale products"]')!
          return gear.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING
        })
        expect(order).toBeTruthy()
        expect(await page.getByRole('heading', { name: 'Everything on sale' }).isVisible()).toBe(true)
        await expectNoSeriousA11yViolations(page, `/store/sale at ${width}`)
        await shot(page, `sale-preview-${width}`)
        // Keyboard: from 'Shop all gear on sale', Tab reaches the row's first card, which is scrolled into view.
        await page.getByRole('link', { name: 'Shop all gear on sale' }).focus()
        await page.keyboard.press('Tab')
        const focused = await page.evaluate(() => document.activeElement?.closest('section[data-sale-preview]')?.getAttribute('data-sale-preview'))
        expect(focused).toBe('gear')
        expect(await page.locator('section[data-sale-preview="gear"] li').first().locator('a.pcard-link').evaluate((a) => a === document.activeElement)).toBe(true)
        await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/sale-preview-focus-${width}.png` : undefined })

        // A click on the second gear card: product clicked with the row's ids.
        const gearIds = await productIdsOf(page, 'Gear on sale')
        const second = page.getByRole('list', { name: 'Gear on sale', exact: true }).locator(':scope > li').nth(1).locator('article h3 a')
        await second.scrollIntoViewIfNeeded()
        await second.click()
        await page.waitForURL('**/gp/**', { waitUntil: 'commit' })
        await expect
          .poll(() => events.find((e) => e.name === 'product_clicked')?.properties, { timeout: 5000 })
          .toMatchObject({ location: 'store_product_card', position: 2, productId: gearIds[1], previewIds: gearIds })

        // 'Shop all gear on sale': the sale listing filtered to the gear categories, starting with the row's products.
        await open(page, '/store/sale')
        await page.getByRole('link', { name: 'Shop all gear on sale' }).click()
        await page.waitForURL(/\/store\/sale\?categories=/)
        await page.waitForLoadState('networkidle')
        const url = new URL(page.url())
        expect(url.searchParams.get('categories')!.split(',')).toEqual(['strollers', 'car-seats', 'carriers', 'nursery', 'playroom'])
        expect(await page.locator('main section[data-sale-preview]').count()).toBe(0)
        // Headed as the group it is, in the page and the tab.
        await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Gear on sale')
        await expect(page.title()).resolves.toBe('Gear on sale | Nestlist')
        const listed = await productIdsOf(page, 'Gear on sale products')
        expect(listed.slice(0, gearIds.length)).toEqual(gearIds)
        // The filter says what it is doing; the panel shows the chosen categories checked.
        if (width >= 930) expect(await page.getByRole('button', { name: 'Product Type (5)' }).isVisible()).toBe(true)
        else expect(await page.getByRole('button', { name: 'Filter (5)' }).isVisible()).toBe(true)
        await shot(page, `sale-preview-shop-all-gear-${width}`)
        const plain = await (await fetch(`${baseUrl}${url.pathname}${url.search}`)).text()
        expect(plain).not.toContain('data-sale-preview')
      } finally {
        await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
        await context.close()
      }
    })
  }

  test("without JavaScript the rows and their 'Shop all' links work the same", async () => {
    const { context, page } = await newPage(375, false)
    try {
      await page.goto(`${baseUrl}/store/sale`)
      expect(await page.getByRole('region', { name: 'Essentials on sale' }).isVisible()).toBe(true)
      await page.getByRole('link', { name: 'Shop all essentials on sale' }).click()
      await page.waitForURL(/\/store\/sale\?categories=/)
      expect(new URL(page.url()).searchParams.get('categories')!.split(',')).toEqual(['diapering', 'feeding', 'bath-potty', 'baby-health-safety', 'clothing'])
      expect(await page.getByRole('list', { name: 'Sale products' }).locator(':scope > li').count()).toBeGreaterThan(0)
      // The no-JavaScript filter panel carries the chosen categories as checked boxes.
      await page.goto(`${page.url()}&panel=categories`)
      const checked = await page.locator('input[name="categories"]:checked').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
      expect(checked).toEqual(['diapering', 'feeding', 'bath-potty', 'baby-health-safety', 'clothing'])
    } finally {
      await context.close()
    }
  })
})
