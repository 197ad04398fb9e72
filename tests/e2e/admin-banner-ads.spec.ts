import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { demoStaff, signInContext } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage, sessionCookie, shot } from './support/checkout-setup'
import { endPool } from './support/shop-db'

// /admin/banner-ads (spec §2 'Store landing page': home banner ads; docs/decisions/008, amendment 2026-11-28): staff
// add an ad without JavaScript (a bad form keeps what was typed), it shows on the anonymous /store at once (the save
// refreshes the page cache), then they end it and it is gone. With JavaScript at 320 and 1280 px: the list, the edit
// form and a failed save, axe clean. A shopper gets the 404 page. SHOTS_DIR=<dir> saves screenshots.
const baseUrl = inject('baseUrl')
const databaseUrl = inject('databaseUrl')
let browser: Browser
const tag = Date.now().toString(36)
const adName = `E2E ad ${tag}`
const altText = `Bath week ${tag}: tubs and towels`

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  // Should the test stop half way, its ad must not stay on /store for the specs that count the demo ads.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    await pool.query(`update home_banner_ads set ends_at = now(), starts_at = least(starts_at, now()) where name = $1 and (ends_at is null or ends_at > now())`, [adName])
  } finally {
    await endPool(pool)
  }
})

/** The alt texts of the ads an anonymous visitor sees on /store (without JavaScript, as the page cache serves it). */
async function storeAds(): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await openPage(page, baseUrl, '/store', { hydrated: false })
    return await page.getByRole('region', { name: 'Offers' }).locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''))
  } finally {
    await context.close()
  }
}

const open = (page: Page, options?: { hydrated?: boolean }) => openPage(page, baseUrl, '/admin/banner-ads', options)

describe('staff banner ads', () => {
  test('without JavaScript: a bad form keeps what was typed; the added ad shows on /store at once; ended, it is gone', async () => {
    const before = await storeAds()
    expect(before.some((alt) => alt.startsWith('Nursery Week:'))).toBe(true)
    expect(before).not.toContain(altText)

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    context.setDefaultTimeout(15_000)
    await signInContext(context, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
    const page = await context.newPage()
    try {
      await open(page, { hydrated: false })
      await page.getByRole('heading', { level: 1, name: 'Banner ads' }).waitFor()
      const nursery = page.getByRole('article', { name: 'nursery-week' })
      expect(await nursery.getByText('Shown now').count()).toBe(1)
      expect(await nursery.locator('img').getAttribute('width')).toBe('1200')
      expect(await page.getByRole('article', { name: 'bath-time' }).getByText('Scheduled').count()).toBe(1)

      const form = page.getByRole('region', { name: 'Add a banner ad' })
      await form.getByLabel('Name').fill(adName)
      await form.getByLabel('Picture').selectOption('bath-time')
      await form.getByLabel('Alt text').fill(altText)
      await form.getByLabel('Link').fill('javascript:alert(1)')
      await form.getByLabel('Position').fill('0')
      await form.getByRole('button', { name: 'Add banner ad' }).click()
      await page.getByText('Some fields need another look.').waitFor()
      expect(await form.getByText('The link must be a path on this site (starting with /) or an https address.').count()).toBe(1)
      expect(await form.getByLabel('Name').inputValue()).toBe(adName)
      expect(await form.getByLabel('Alt text').inputValue()).toBe(altText)
      expect(await form.getByLabel('Picture').inputValue()).toBe('bath-time')
      expect(await form.getByLabel('Link').inputValue()).toBe('javascript:alert(1)')
      expect(await form.getByLabel('Link').getAttribute('aria-invalid')).toBe('true')

      await form.getByLabel('Link').fill('/store/bath-potty')
      await form.getByRole('button', { name: 'Add banner ad' }).click()
      await page.getByText(`${adName} was added. The shop caches were refreshed, so /store shows it on its next load.`).waitFor()
      const added = page.getByRole('article', { name: adName })
      expect(await added.getByText('Shown now').count()).toBe(1)
      expect(await added.getByText('/images/banners/bath-time.svg').count()).toBe(1)
      expect(await added.getByText('1200 × 400 px').count()).toBe(1)
      await shot(page, 'banner-ads-added-nojs-1280')

      const shown = await storeAds()
      expect(shown).toContain(altText)
      expect(shown).toHaveLength(3)

      await added.getByRole('button', { name: `End now: ${adName}` }).click()
      await page.getByText(`${adName} was ended and is no longer shown.`, { exact: false }).waitFor()
      expect(await page.getByRole('article', { name: adName }).getByText('Ended').count()).toBe(1)
      expect(await page.getByRole('article', { name: adName }).getByRole('button').count()).toBe(0)
      expect(await storeAds()).toEqual(before)

      const anonymous = await fetch(`${baseUrl}/admin/banner-ads`)
      expect(anonymous.status).toBe(404)
    } finally {
      await context.close()
    }
  })

  for (const width of [320, 1280]) {
    test(`at ${width} px with JavaScript: the list, the edit form and a failed save (what was typed stays, focus on the field), axe clean`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      context.setDefaultTimeout(15_000)
      await signInContext(context, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
      const page = await context.newPage()
      try {
        await open(page)
        await page.getByRole('heading', { level: 1, name: 'Banner ads' }).waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await expectNoSeriousA11yViolations(page, `banner ads at ${width}`)
        await shot(page, `banner-ads-${width}`)

        // With JavaScript the path and size fields only show for another image of ours.
        const add = page.getByRole('region', { name: 'Add a banner ad' })
        expect(await add.getByLabel('Image path').count()).toBe(0)
        await add.getByLabel('Picture').selectOption('own')
        await add.getByLabel('Image path').waitFor()
        expect(await add.getByLabel('Width in pixels').count()).toBe(1)

        await page.getByRole('link', { name: 'Edit on-the-go' }).click()
        const form = page.getByRole('region', { name: 'Edit on-the-go' })
        await form.waitFor()
        expect(await form.getByLabel('Picture').inputValue()).toBe('on-the-go')
        expect(await form.getByLabel('Link').inputValue()).toBe('/store/strollers')
        await form.getByLabel('Alt text').fill('')
        await form.getByLabel('Name').fill(`on-the-go ${tag}`)
        await form.getByRole('button', { name: 'Save changes' }).click()
        await form.getByText('Describe the banner for people who cannot see it (alt text).').waitFor()
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('altText')
        expect(await form.getByLabel('Name').inputValue()).toBe(`on-the-go ${tag}`)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await expectNoSeriousA11yViolations(page, `banner ad edit with errors at ${width}`)
        await shot(page, `banner-ads-edit-error-${width}`)
        await form.getByRole('link', { name: 'Stop editing' }).click()
        await page.getByRole('region', { name: 'Add a banner ad' }).waitFor()
        expect(await page.getByRole('article', { name: 'on-the-go' }).count()).toBe(1)
      } finally {
        await context.close()
      }
    })
  }
})
