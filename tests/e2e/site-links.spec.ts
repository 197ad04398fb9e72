import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser } from './support/browser'

// In the browser, SiteLink renders a plain <a> with one click handler instead of React Router's Link
// (app/lib/site-link.tsx, decision 018 h14). These check that a click on one still does what Link's does:
// navigates inside the app (no document load), carries the navigation state, replaces the entry when the link
// is to the page already shown, and leaves modified clicks, other tabs and full-load links to the browser.

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function open(path: string, width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  // A mark on the window: it survives navigation inside the app and is gone after a document load.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  return { page, close: () => context.close() }
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

describe('site links', () => {
  test('a click on a footer link navigates inside the app, and Back returns', async () => {
    const { page, close } = await open('/store')
    try {
      const historyBefore = await page.evaluate(() => history.length)
      const link = page.locator('footer a[href="/store/strollers"]').first()
      await link.click()
      await page.waitForURL(`${baseUrl}/store/strollers`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await sameDocument(page)).toBe(true)
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1)
      await page.goBack()
      await page.waitForURL(`${baseUrl}/store`)
      expect(await sameDocument(page)).toBe(true)
    } finally {
      await close()
    }
  })

  test('a link to the page already shown replaces the history entry instead of adding one', async () => {
    const { page, close } = await open('/store/strollers')
    try {
      const historyBefore = await page.evaluate(() => history.length)
      await page.locator('footer a[href="/store/strollers"]').first().click()
      await page.waitForTimeout(300)
      expect(page.url()).toBe(`${baseUrl}/store/strollers`)
      expect(await page.evaluate(() => history.length)).toBe(historyBefore)
      expect(await sameDocument(page)).toBe(true)
    } finally {
      await close()
    }
  })

  test('a breadcrumb link carries its navigation state (the slug set)', async () => {
    const { page, close } = await open('/store/full-size-strollers')
    try {
      const crumb = page.locator('nav[aria-label="Breadcrumb"] a').nth(1)
      const href = await crumb.getAttribute('href')
      expect(href).toMatch(/^\/store\//)
      await crumb.click()
      await page.waitForURL(`${baseUrl}${href}`)
      expect(await sameDocument(page)).toBe(true)
      const state = await page.evaluate(() => (history.state as { usr?: { slugSet?: unknown } } | null)?.usr ?? null)
      expect(state).toEqual({ slugSet: expect.any(Array) })
    } finally {
      await close()
    }
  })

  test('a product card inside the grid loads the product page as a new document (reloadDocument)', async () => {
    const { page, close } = await open('/store/full-size-strollers')
    try {
      const card = page.locator('main article a[href^="/gp/"]').first()
      const href = await card.getAttribute('href')
      await Promise.all([page.waitForEvent('load'), card.click()])
      expect(new URL(page.url()).pathname).toBe(href!.split('?')[0])
      expect(await sameDocument(page)).toBe(false)
    } finally {
      await close()
    }
  })

  test('a modified click is left to the browser (a new tab), and the page stays', async () => {
    const { page, close } = await open('/store')
    try {
      const popup = page.context().waitForEvent('page')
      await page.locator('footer a[href="/store/strollers"]').first().click({ modifiers: ['Shift'] })
      const opened = await popup
      expect(opened.url()).toContain('/store/strollers')
      expect(new URL(page.url()).pathname).toBe('/store')
      expect(await sameDocument(page)).toBe(true)
    } finally {
      await close()
    }
  })
})
