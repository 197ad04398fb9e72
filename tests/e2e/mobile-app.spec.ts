import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'

// The search page's mobile promo (spec §2) and the page it leads to: Nestlist installs to a phone's home
// screen from its web app manifest, and on Android becomes a share target (/registry/share-target) that opens /registry/save_item.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function pageAt(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

describe('mobile app', () => {
  test('on a phone a search without results offers the app, whose page explains installing and continues to the search', async () => {
    const { context, page } = await pageAt(375)
    try {
      await open(page, '/store/search?search_term=qqxqqz')
      const promo = page.getByRole('complementary', { name: "Don't see what you're looking for?" }).first()
      expect(await promo.isVisible()).toBe(true)
      // the button-banner is for computers
      expect(await page.getByRole('link', { name: 'Get the Nestlist Button' }).isVisible()).toBe(false)
      const link = promo.getByRole('link', { name: 'You can add from any store with the 5-star app.' })
      expect(await link.getAttribute('href')).toBe(`/mobile-app-download?path=${encodeURIComponent('/store/search?search_term=qqxqqz')}`)
      await link.click()
      await page.waitForURL('**/mobile-app-download?**')
      await page.getByRole('heading', { level: 1, name: 'Nestlist on your phone' }).waitFor()
      expect(await page.getByRole('link', { name: 'Continue where you were' }).getAttribute('href')).toBe('/store/search?search_term=qqxqqz')
      // the QR code is for computers
      expect(await page.getByRole('heading', { name: 'On a computer?' }).isVisible()).toBe(false)
      await expectNoSeriousA11yViolations(page, '/mobile-app-download at 375')
    } finally {
      await context.close()
    }
  })

  test('on a computer the promo is hidden, desktop=true shows a QR code, and a path to another site is ignored', async () => {
    const { context, page } = await pageAt(1280)
    try {
      await open(page, '/store/search?search_term=qqxqqz')
      // on a computer the button-banner takes its place, leading to the Nestlist button
      const banners = page.getByRole('complementary', { name: "Don't see what you're looking for?" })
      expect(await banners.count()).toBe(1)
      expect(await banners.innerText()).toContain('Install the Nestlist Button to add items from any store.')
      expect(await page.getByRole('link', { name: 'You can add from any store with the 5-star app.' }).isVisible()).toBe(false)
      await banners.getByRole('link', { name: 'Get the Nestlist Button' }).click()
      await page.waitForURL('**/add-items')
      await open(page, `/mobile-app-download?desktop=true&path=${encodeURIComponent('//evil.example/x')}`)
      const qr = page.getByRole('img', { name: `QR code that opens ${baseUrl}/mobile-app-download` })
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      expect(await page.getByRole('link', { name: 'Continue where you were' }).count()).toBe(0)
      await expectNoSeriousA11yViolations(page, '/mobile-app-download at 1280')
    } finally {
      await context.close()
    }
  })

  test('every page links a web app manifest whose icons load and whose share target opens /registry/share-target', async () => {
    const home = await (await fetch(`${baseUrl}/`)).text()
    expect(/<link[^>]* rel="manifest" href="\/manifest\.webmanifest"/.test(home)).toBe(true)
    const res = await fetch(`${baseUrl}/manifest.webmanifest`)
    expect(res.headers.get('content-type')).toContain('application/manifest+json')
    const manifest = (await res.json()) as { display: string; icons: { src: string; sizes: string }[]; share_target: { action: string; method: string } }
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`)
      expect(image.status, icon.src).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
    }
    expect(manifest.share_target).toMatchObject({ action: '/registry/share-target', method: 'GET' })
  })
})
