import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { demoStaff, signInContext } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage, sessionCookie, shot } from './support/checkout-setup'

// /admin/shop-caches (spec §7 'Admin' cache_refreshes; decision 028, h16): staff see the listing index, the page
// cache and the shared reads, and refresh them with one button, with and without JavaScript. Axe at 320 and
// 1280 px. SHOTS_DIR=<dir> saves screenshots.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('staff shop caches', () => {
  for (const width of [320, 1280]) {
    test(`at ${width} px with JavaScript: the page shows what is kept, and the refresh says what it reloaded`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      context.setDefaultTimeout(15_000)
      await signInContext(context, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
      const page = await context.newPage()
      try {
        await openPage(page, baseUrl, '/admin/shop-caches')
        await page.getByRole('heading', { level: 1, name: 'Shop caches' }).waitFor()
        await page.getByText(/[\d,]+ products in memory/).waitFor()
        expect(await page.getByText('Not refreshed by staff since the server started.').count() + (await page.getByText(/took [\d,]+ ms/).count())).toBe(1)
        await expectNoSeriousA11yViolations(page, `shop caches at ${width}`)
        await page.getByRole('button', { name: 'Refresh shop caches now' }).click()
        await page.getByText(/^Shop caches refreshed: [\d,]+ products reloaded in [\d,]+ ms\.$/).waitFor()
        await page.getByText(/UTC, took [\d,]+ ms/).waitFor()
        await expectNoSeriousA11yViolations(page, `shop caches refreshed at ${width}`)
        await shot(page, `shop-caches-${width}`)
      } finally {
        await context.close()
      }
    })
  }

  test('without JavaScript the refresh button works too; a shopper gets the 404 page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    context.setDefaultTimeout(15_000)
    await signInContext(context, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
    const page = await context.newPage()
    try {
      await openPage(page, baseUrl, '/admin/shop-caches', { hydrated: false })
      await page.getByRole('button', { name: 'Refresh shop caches now' }).click()
      await page.getByText(/^Shop caches refreshed: [\d,]+ products reloaded in [\d,]+ ms\.$/).waitFor()
      const anonymous = await fetch(`${baseUrl}/admin/shop-caches`)
      expect(anonymous.status).toBe(404)
    } finally {
      await context.close()
    }
  })
})
