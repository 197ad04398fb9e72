import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'

// The server writes the footer, the store navigation bar, the left category navigation and most product cards
// from copies made by a render of their own (app/lib/static-markup.tsx, decision 028 h13). The browser renders
// those components normally and hydrates them against that HTML: any difference would show as a hydration
// error (React's recoverable errors, 'Hydration failed', 'did not match', minified error #418/#423/#425) and a
// page that re-renders on the client. Each page is requested twice with a cookie (rendered, never the anonymous
// page cache) before the browser opens it, so the browser gets the copies.

const baseUrl = inject('baseUrl')
const pages = ['/store/full-size-strollers', '/store/strollers', '/store/search?search_term=organic%20swaddle', '/gp/nestling-essentials-wipes-dispenser/1']
const COOKIE = { name: 'nestlist_e2e', value: 'static-markup' }

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Opens `path` with the test cookie, collecting every console error and uncaught page error. */
async function openRendered(path: string): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: `${COOKIE.name}=${COOKIE.value}` } })
    expect(res.status, path).toBe(200)
    await res.text()
  }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addCookies([{ ...COOKIE, url: baseUrl }])
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  const response = await page.goto(`${baseUrl}${path}`)
  expect(response?.status(), path).toBe(200)
  await page.waitForSelector('html[data-hydrated]')
  // Recoverable hydration errors are reported after the commit: give them a moment to surface.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))))
  return { page, problems, close: () => context.close() }
}

const hydrationProblem = /hydrat|did not match|didn't match|Minified React error #(418|423|425)|recoverable/i

describe('server copies of static subtrees hydrate without a mismatch', () => {
  test.each(pages)('%s: no console error or hydration warning, the copied parts work', async (path) => {
    const { page, problems, close } = await openRendered(path)
    try {
      expect(problems.filter((p) => hydrationProblem.test(p)), path).toEqual([])
      expect(problems.filter((p) => p.startsWith('error') || p.startsWith('pageerror')), path).toEqual([])
      // The footer and the store bar came from copies on the server; React's handlers are attached to them.
      await expect(page.locator('footer').getByRole('heading', { name: 'Shop' }).isVisible()).resolves.toBe(true)
      const bar = page.locator('nav[aria-label="Shop by category"]')
      const first = bar.locator(':scope > ul > li > a').first()
      await first.focus()
      await page.keyboard.press('ArrowDown')
      const panel = page.locator(`#${(await first.getAttribute('aria-controls')) ?? ''}`)
      await panel.locator('a').first().waitFor({ state: 'visible' })
      await expect(first.getAttribute('aria-expanded')).resolves.toBe('true')
      await page.keyboard.press('Escape')
      await expect(first.getAttribute('aria-expanded')).resolves.toBe('false')
    } finally {
      await close()
    }
  })

  test('a copied product card’s quick add works after hydration (fetcher, not a page load), and the page passes axe', async () => {
    const { page, problems, close } = await openRendered('/store/diapering')
    try {
      // Cards after the first row are written from copies (the first row's images are preloaded, so rendered in place).
      const form = page.locator('ul[aria-label] > li:nth-child(n+5) form[data-quick-add]').first()
      await expect(form.locator('input[name="returnTo"]').getAttribute('value')).resolves.toBe('/store/diapering')
      const urlBefore = page.url()
      await form.getByRole('button').click()
      await form.getByRole('status').filter({ hasText: /Added to cart/ }).waitFor({ state: 'attached' })
      expect(page.url()).toBe(urlBefore)
      // The left navigation (two lists from one copy): the phone disclosure's list and the desktop column's.
      // (The closed disclosure's link is out of the accessibility tree, so counted by its address.)
      const diapering = page.locator('nav[aria-label="Browse categories"] a[href="/store/diapering"]')
      await expect(diapering.count()).resolves.toBe(2)
      await expect(diapering.nth(1).getAttribute('aria-current')).resolves.toBe('page')
      await expect(diapering.nth(1).isVisible()).resolves.toBe(true)
      await expectNoSeriousA11yViolations(page, 'category page from copies')
      expect(problems.filter((p) => hydrationProblem.test(p) || p.startsWith('pageerror'))).toEqual([])
    } finally {
      await close()
    }
  })
})
