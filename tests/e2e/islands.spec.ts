import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'

// The header and footer are islands (app/lib/island.tsx, decision 018 h12): server HTML whose code loads on first
// use. These tests hold the islands' chunk back with page.route until after the shopper's first tap or key press,
// then let it through, and check that the action happened exactly once, that typed text survived, and that React
// reported no hydration mismatch.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ISLANDS_CHUNK = /\/assets\/islands-[\w-]+\.js$/

type Held = {
  page: Page
  context: BrowserContext
  errors: string[]
  /** Resolves once the page has asked for the islands' chunk. */
  requested: Promise<void>
  /** Lets the held chunk through. */
  release: () => void
}

/** Opens a page with the islands' chunk held back (or failing, with `fail`) until `release()`. */
async function openHeld(path: string, { width = 1280, fail = false } = {}): Promise<Held> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let requestedResolve = () => {}
  const requested = new Promise<void>((resolve) => (requestedResolve = resolve))
  await page.route(ISLANDS_CHUNK, async (route: Route) => {
    requestedResolve()
    await released
    if (fail) await route.abort()
    else await route.continue()
  })
  await page.route('**/store/api/search/suggestions?*', async (route: Route) => {
    const q = new URL(route.request().url()).searchParams.get('q') ?? ''
    await route.fulfill({ json: [q, `${q} cover`].map((searchTerm) => ({ searchTerm })) })
  })
  await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return { page, context, errors, requested, release }
}

/** The island marks its wrapper once it has hydrated (app/lib/island.tsx). */
const islandHydrated = (page: Page, name: string) => page.waitForSelector(`[data-island="${name}"][data-island-hydrated]`, { state: 'attached' })

describe('header and footer islands', () => {
  test('nothing of the islands is loaded until the page is used; the server HTML is complete and accessible', async () => {
    const held = await openHeld('/store')
    try {
      const asked = await Promise.race([held.requested.then(() => true), held.page.waitForTimeout(1500).then(() => false)])
      expect(asked).toBe(false)
      await expect(held.page.getByRole('combobox', { name: 'Search the store' }).isVisible()).resolves.toBe(true)
      await expect(held.page.locator('nav[aria-label="Shop by category"] > ul > li').count()).resolves.toBe(11)
      await expect(held.page.locator('footer').innerText()).resolves.toMatch(/© \d{4} Nestlist/)
      await expectNoSeriousA11yViolations(held.page, '/store before the islands hydrate')
      expect(held.errors).toEqual([])
    } finally {
      held.release()
      await held.context.close()
    }
  })

  test('a click on a script-only control before the code arrived is replayed once the island hydrated, exactly once', async () => {
    const held = await openHeld('/store')
    try {
      const trigger = held.page.getByRole('banner').getByRole('button', { name: 'About free shipping' })
      await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false')
      await trigger.click()
      await held.requested
      // Held: React cannot run the handler yet, and the click did nothing else.
      await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false')
      held.release()
      await islandHydrated(held.page, 'site-header')
      await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true')
      // Still open a moment later: a second replay would have toggled it closed again.
      await held.page.waitForTimeout(300)
      await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true')
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test('text typed into the search box before the code arrived is kept, gets suggestions, and Enter searches for it once', async () => {
    const held = await openHeld('/store')
    try {
      const box = held.page.getByRole('combobox', { name: 'Search the store' })
      await box.click()
      await held.requested
      await box.pressSequentially('crib', { delay: 20 })
      held.release()
      await islandHydrated(held.page, 'site-header')
      await expect(box.inputValue()).resolves.toBe('crib')
      await held.page.waitForFunction(() => document.querySelectorAll('[role=option]').length === 2)
      await expect(held.page.getByRole('option').allTextContents()).resolves.toEqual(['crib', 'crib cover'])
      await box.press('Enter')
      await held.page.waitForURL(/\/store\/search\?search_term=crib$/)
      // React's handler ran (not the browser's form submission): the session history has the term.
      await expect(held.page.evaluate(() => sessionStorage.getItem('nestlist.searchHistory'))).resolves.toBe(JSON.stringify(['crib']))
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test('Enter in the search box before the code arrived runs the search once the header hydrated', async () => {
    const held = await openHeld('/store')
    try {
      const box = held.page.getByRole('combobox', { name: 'Search the store' })
      await box.click()
      await held.requested
      await box.pressSequentially('swaddle', { delay: 10 })
      await box.press('Enter')
      await held.page.waitForTimeout(300)
      expect(new URL(held.page.url()).pathname).toBe('/store')
      const navigations: string[] = []
      held.page.on('framenavigated', (frame) => {
        if (frame === held.page.mainFrame()) navigations.push(frame.url())
      })
      held.release()
      await held.page.waitForURL(/\/store\/search\?search_term=swaddle$/)
      await expect(held.page.evaluate(() => sessionStorage.getItem('nestlist.searchHistory'))).resolves.toBe(JSON.stringify(['swaddle']))
      await held.page.waitForTimeout(300)
      expect(navigations).toHaveLength(1)
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test("a click on a navbar link before the code arrived becomes the router's navigation once the header hydrated", async () => {
    const held = await openHeld('/store')
    try {
      const link = held.page.locator('nav[aria-label="Shop by category"] a[aria-controls="nav-panel-strollers"]')
      // Survives a client-side navigation, not a full page load.
      await held.page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
      await link.click()
      await held.requested
      await held.page.waitForTimeout(300)
      expect(new URL(held.page.url()).pathname).toBe('/store')
      held.release()
      await held.page.waitForURL('**/store/strollers')
      await expect(held.page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).resolves.toBe(true)
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test('Down Arrow on a navbar category before the code arrived opens its panel and moves focus to the first link', async () => {
    const held = await openHeld('/store')
    try {
      const first = held.page.locator('nav[aria-label="Shop by category"] > ul > li > :is(a, button)').first()
      await first.focus()
      await held.requested
      await held.page.keyboard.press('ArrowDown')
      // The key was held (no scrolling, focus where it was).
      await expect(held.page.evaluate(() => window.scrollY)).resolves.toBe(0)
      held.release()
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true')
      const panel = held.page.locator(`#${await first.getAttribute('aria-controls')}`)
      await expect.poll(() => held.page.evaluate(() => document.activeElement?.closest('[id^="nav-panel-"]')?.id ?? null)).toBe(await panel.getAttribute('id'))
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test('the mobile menu button pressed before the code arrived opens the categories drawer', async () => {
    const held = await openHeld('/store', { width: 390 })
    try {
      await held.page.getByRole('button', { name: 'Shop categories' }).tap().catch(() => held.page.getByRole('button', { name: 'Shop categories' }).click())
      await held.requested
      held.release()
      await expect.poll(() => held.page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(1)
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test('a navigation started in the page body while the header is not hydrated finishes once its code arrived', async () => {
    const held = await openHeld('/store/full-size-strollers')
    try {
      const card = held.page.locator('main a[href^="/gp/"]').first()
      const href = await card.getAttribute('href')
      await held.page.evaluate((to) => {
        // A client-side navigation, as a body link with JavaScript would start.
        const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter
        void router.navigate(to)
      }, href!)
      await held.requested
      held.release()
      await held.page.waitForURL((url) => url.pathname === new URL(href!, baseUrl).pathname)
      await held.page.waitForFunction(() => document.querySelector('main h1') !== null)
      await islandHydrated(held.page, 'site-header')
      expect(held.errors).toEqual([])
    } finally {
      await held.context.close()
    }
  })

  test('if the islands cannot load, the header stays usable server HTML and navigations become full page loads', async () => {
    const held = await openHeld('/store/full-size-strollers', { fail: true })
    try {
      held.release()
      const box = held.page.getByRole('combobox', { name: 'Search the store' })
      await box.click()
      await box.pressSequentially('bottle', { delay: 10 })
      await box.press('Enter')
      // The browser submitted the GET form itself.
      await held.page.waitForURL(/\/store\/search\?search_term=bottle$/)
      await held.page.waitForSelector('html[data-hydrated]')
      await expect(box.inputValue()).resolves.toBe('bottle')
    } finally {
      await held.context.close()
    }
  })
})
