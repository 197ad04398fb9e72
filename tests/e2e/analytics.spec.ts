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

  test('the events endpoint refuses an unknown event with 422', async () => {
    const res = await fetch(`${baseUrl}/api/v3/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ anonymousId: 'e2e', events: [{ name: 'nope', properties: {}, path: '/' }] }),
    })
    expect(res.status).toBe(422)
  })
})
