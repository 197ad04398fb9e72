import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser } from './support/browser'

// Analytics (spec §7): the tracking module batches events to POST /api/v3/events, which validates
// and stores them (202 means stored; the service test reads them back from PostgreSQL).
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type SentEvent = { name: string; properties: Record<string, unknown>; path: string }

/**
 * Collects every event the page sends (beacons included), and the server's answers. The bodies are
 * read in a pass-through route: the DevTools protocol only hands over beacon bodies for routed requests.
 */
async function recordEvents(page: Page) {
  const events: SentEvent[] = []
  const statuses: number[] = []
  await page.route('**/api/v3/events', async (route) => {
    const request = route.request()
    if (request.method() === 'POST') {
      const body = JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[] }
      events.push(...(body.events ?? []))
    }
    try {
      const response = await route.fetch()
      statuses.push(response.status())
      await route.fulfill({ response })
    } catch {
      // The page or context closed while a beacon was in flight: nothing left to record.
    }
  })
  return { events, statuses }
}

describe('analytics', () => {
  test('a page view and a search are sent and stored; page views follow pathname changes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.route('**/store/api/search/suggestions?*', (route) => route.fulfill({ json: [] }))
    const { events, statuses } = await recordEvents(page)
    try {
      await page.goto(`${baseUrl}/`)
      await page.waitForSelector('html[data-hydrated]')
      await expect.poll(() => events.filter((e) => e.name === 'page_viewed').length, { timeout: 5000 }).toBe(1)
      expect(events[0]).toMatchObject({ name: 'page_viewed', path: '/', properties: { pathname: '/' } })

      await page.getByRole('combobox', { name: 'Search the store' }).fill('stroller')
      await page.getByRole('combobox', { name: 'Search the store' }).press('Enter')
      await page.waitForURL('**/store/search?search_term=stroller')
      await expect.poll(() => events.some((e) => e.name === 'search_executed'), { timeout: 5000 }).toBe(true)
      const searched = events.filter((e) => e.name === 'search_executed')
      expect(searched).toHaveLength(1)
      expect(searched[0]?.properties).toMatchObject({ searchTerm: 'stroller', eventType: 'shop' })
      // After a successful search the search id is stored, for product clicks.
      const stored = await page.evaluate(() => sessionStorage.getItem('nestlist.searchId'))
      if (searched[0]?.properties.searchId) expect(stored).toBe(searched[0].properties.searchId)
      await expect
        .poll(() => events.filter((e) => e.name === 'page_viewed').map((e) => e.properties.pathname), { timeout: 5000 })
        .toEqual(['/', '/store/search'])
      await expect.poll(() => statuses.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2)
      expect(statuses.every((s) => s === 202)).toBe(true)
    } finally {
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
      await context.close()
    }
  })

  test('a click on a store category in the header flyout records store_category_clicked', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const { events } = await recordEvents(page)
    try {
      await page.goto(`${baseUrl}/`)
      await page.waitForSelector('html[data-hydrated]')
      const item = page.locator('nav[aria-label="Shop by category"] a[aria-controls="nav-panel-strollers"]')
      if ((await item.count()) === 0) return // category pages not live
      await item.click()
      await page.waitForURL('**/store/strollers')
      await expect.poll(() => events.find((e) => e.name === 'store_category_clicked')?.properties, { timeout: 5000 }).toMatchObject({
        slug: 'strollers',
        location: 'flyout_nav',
        isLeafCategory: false,
      })
    } finally {
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
      await context.close()
    }
  })

  test('a category tile on /store records image_nav, and the left category navigation records left-nav', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const { events } = await recordEvents(page)
    try {
      await page.goto(`${baseUrl}/store`)
      await page.waitForSelector('html[data-hydrated]')
      await page.locator('section[aria-labelledby="category-tiles-heading"] a[href="/store/strollers"]').click()
      await page.waitForURL('**/store/strollers')
      await expect.poll(() => events.find((e) => e.name === 'store_category_clicked')?.properties, { timeout: 5000 }).toMatchObject({
        slug: 'strollers',
        location: 'image_nav',
        isLeafCategory: false,
      })
      await page.waitForSelector('html[data-hydrated]')
      await page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link', { name: 'Car Seats', exact: true }).click()
      await page.waitForURL('**/store/car-seats')
      await expect
        .poll(() => events.find((e) => e.name === 'store_category_clicked' && e.properties.location === 'left_nav')?.properties, { timeout: 5000 })
        .toMatchObject({ slug: 'car-seats', categoryName: 'Car Seats', isLeafCategory: false })
    } finally {
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
      await context.close()
    }
  })

  test('a click on a product card records product_clicked with the stored search id', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const { events } = await recordEvents(page)
    try {
      await page.goto(`${baseUrl}/store/search?search_term=blanket`)
      await page.waitForSelector('html[data-hydrated]')
      const card = page.locator('main article h3 a').first()
      if ((await card.count()) === 0) return // no results page yet
      await expect.poll(() => events.some((e) => e.name === 'search_executed'), { timeout: 5000 }).toBe(true)
      const searchId = await page.evaluate(() => sessionStorage.getItem('nestlist.searchId'))
      await card.click()
      await page.waitForURL('**/gp/**', { waitUntil: 'commit' })
      await expect.poll(() => events.find((e) => e.name === 'product_clicked')?.properties, { timeout: 5000 }).toMatchObject({
        eventType: 'click',
        location: 'store_product_card',
        ...(searchId ? { searchId } : {}),
      })
      const clicked = events.find((e) => e.name === 'product_clicked')!.properties
      expect(clicked.position).toBeGreaterThanOrEqual(1)
      expect(typeof clicked.priceCents).toBe('number')
    } finally {
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
      await context.close()
    }
  })

  test('the store landing records store_landing_viewed and product_collection_viewed, and a collection card click records product_collection_clicked', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const { events } = await recordEvents(page)
    try {
      await page.goto(`${baseUrl}/store`)
      await page.waitForSelector('html[data-hydrated]')
      await expect.poll(() => events.filter((e) => e.name === 'store_landing_viewed').length, { timeout: 5000 }).toBe(1)
      // The first collection is on screen at load: it is reported viewed once, with its products.
      const firstList = page.locator('main ul:has(> li[data-product-id])').first()
      const collectionName = await firstList.getAttribute('aria-label')
      await expect
        .poll(() => events.find((e) => e.name === 'product_collection_viewed' && e.properties.collectionName === collectionName)?.properties, { timeout: 5000 })
        .toMatchObject({ collectionName, productIds: expect.arrayContaining([expect.any(Number)]) as unknown })
      const secondItem = firstList.locator(':scope > li').nth(1)
      const productId = Number(await secondItem.getAttribute('data-product-id'))
      await secondItem.locator('article h3 a').click()
      await page.waitForURL('**/gp/**', { waitUntil: 'commit' })
      await expect.poll(() => events.find((e) => e.name === 'product_collection_clicked')?.properties, { timeout: 5000 }).toMatchObject({
        collectionName,
        productId,
        position: 2,
      })
      expect(events.filter((e) => e.name === 'product_collection_viewed' && e.properties.collectionName === collectionName)).toHaveLength(1)
    } finally {
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
      await context.close()
    }
  })

  test('a brand page records store_brand_viewed once; opening the filters and applying records the two filter events', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const { events } = await recordEvents(page)
    try {
      const sitemap = await (await fetch(`${baseUrl}/sitemaps/pages.xml`)).text()
      const brandPath = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => p.startsWith('/store/b/'))!
      const brandId = Number(brandPath.split('/').at(-1))
      await page.goto(`${baseUrl}${brandPath}`)
      await page.waitForSelector('html[data-hydrated]')
      const title = (await page.locator('main h1').innerText()).trim()
      await expect.poll(() => events.find((e) => e.name === 'store_brand_viewed')?.properties, { timeout: 5000 }).toEqual({ brandId, brandName: title })

      await page.getByRole('group', { name: 'Filter and sort' }).getByRole('button', { name: 'Sort' }).click()
      const drawer = page.getByRole('dialog', { name: 'Filter and sort' })
      await drawer.waitFor()
      await drawer.getByRole('radio', { name: 'Price Low to High' }).check()
      await drawer.getByRole('button', { name: 'Apply Filters' }).click()
      await page.waitForURL(/sort=price/)
      await expect.poll(() => events.find((e) => e.name === 'filters_applied')?.properties, { timeout: 5000 }).toMatchObject({
        categorySlug: String(brandId),
        sortCriteria: 'price',
        sortOrder: 'asc',
      })
      expect(events.find((e) => e.name === 'filters_panel_toggled' && e.properties.isOpen === true)?.properties).toMatchObject({ focusedSection: 'sort' })
      // Filtering the brand's products is the same brand page: it is not reported viewed again.
      await page.waitForTimeout(1200)
      expect(events.filter((e) => e.name === 'store_brand_viewed')).toHaveLength(1)
    } finally {
      await Promise.all(context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })))
      await context.close()
    }
  })

  test('the events endpoint refuses an unknown event with 422', async () => {
    const res = await fetch(`${baseUrl}/api/v3/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ anonymousId: 'e2e', events: [{ name: 'nope', properties: {}, path: '/' }] }),
    })
    expect(res.status).toBe(422)
  })
})
