import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser, seriousA11yViolations } from './support/browser'

// Filters and sort on the listing pages, as a shopper uses them: pills, the drawer, the address, back,
// Clear All, the keyboard, the compact bar, and the same without JavaScript. Brands, counts and prices
// are read from the pages, not assumed.

const baseUrl = inject('baseUrl')
const LEAF = '/store/full-size-strollers'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function openPage(width = 1280, options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { page, context, errors }
}

async function goHydrated(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

const bar = (page: Page) => page.getByRole('group', { name: 'Filter and sort' })
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Filter and sort' })
const countLine = (page: Page) => page.getByText(/^(Showing \d+–\d+ of [\d,]+ products|[\d,]+ products?)$/)

/** The number of products the count line reports. */
async function shownCount(page: Page): Promise<number> {
  const text = await countLine(page).first().innerText()
  return Number(/([\d,]+) products?$/.exec(text)![1]!.replaceAll(',', ''))
}

/** The first brand option that has products: its label, value and count. */
async function firstBrand(page: Page): Promise<{ name: string; count: number }> {
  const dialog = drawer(page)
  const option = dialog.locator('input[name="brands"]:not([disabled])').first()
  const label = option.locator('xpath=ancestor::label')
  const name = (await label.locator('span').first().innerText()).trim()
  const count = Number((await label.locator('span').last().innerText()).replaceAll(',', ''))
  return { name, count }
}

describe('filters with JavaScript', () => {
  test('a shopper filters by brand and price, sees counts, applies, goes back, and clears all', async () => {
    const { page, context, errors } = await openPage()
    await goHydrated(page, LEAF)
    const total = await shownCount(page)

    await bar(page).getByRole('button', { name: 'Brands' }).click()
    await drawer(page).waitFor()
    const sections = await drawer(page).locator('summary').allInnerTexts()
    expect(sections.map((s) => s.trim())).toEqual(['Sort', 'Brands', 'Product Type', 'Rating', 'Price Range', 'In Stock', 'On Sale'])
    const viewAll = drawer(page).locator('[data-section="brands"]').getByRole('checkbox', { name: 'View All' })
    expect(await viewAll.isChecked()).toBe(true)
    const brand = await firstBrand(page)
    expect(brand.count).toBeGreaterThan(0)
    expect(brand.count).toBeLessThan(total)
    await drawer(page).getByRole('checkbox', { name: new RegExp(`^${brand.name}`) }).check()
    expect(await viewAll.isChecked()).toBe(false)
    await drawer(page).getByRole('button', { name: 'Apply Filters' }).click()
    await page.waitForURL(/brands=/)
    await drawer(page).waitFor({ state: 'hidden' })
    await expect.poll(() => shownCount(page)).toBe(brand.count)
    // textContent, not innerText: cards past the sixth skip rendering until near the screen (content-visibility), and
    // innerText, which follows rendering, is '' for them; their text is in the page all the same.
    const brandsShown = await page.getByRole('list', { name: 'Full-Size Strollers products' }).locator(':scope > li:not([data-guide-card]) article p.uppercase').allTextContents()
    expect(new Set(brandsShown.map((b) => b.trim().toLowerCase()))).toEqual(new Set([brand.name.toLowerCase()]))
    expect(await bar(page).getByRole('button', { name: 'Brands (1)' }).count()).toBe(1)
    const brandUrl = page.url()

    // Price: lower the maximum with the keyboard.
    await bar(page).getByRole('button', { name: 'Price Range' }).click()
    const max = drawer(page).getByRole('slider', { name: 'Maximum price' })
    const before = Number(await max.inputValue())
    await max.focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft')
    const after = Number(await max.inputValue())
    expect(after).toBeLessThan(before)
    expect(await max.getAttribute('aria-valuetext')).toBe(`$${after.toLocaleString('en-US')}`)
    await drawer(page).getByRole('button', { name: 'Apply Filters' }).click()
    await page.waitForURL(new RegExp(`maxPrice=${after}`))
    expect(new URL(page.url()).searchParams.get('brands')).not.toBeNull()
    const filtered = await shownCount(page).catch(() => 0)
    expect(filtered).toBeLessThanOrEqual(brand.count)

    // Back restores the brand-only view.
    await page.goBack()
    await page.waitForURL(brandUrl)
    await expect.poll(() => shownCount(page)).toBe(brand.count)

    // Clear All goes to the bare path.
    await bar(page).getByRole('link', { name: 'Clear All' }).click()
    await page.waitForURL(`${baseUrl}${LEAF}`)
    await expect.poll(() => shownCount(page)).toBe(total)
    expect(errors).toEqual([])
    await context.close()
  })

  test('closing the drawer without applying discards the edits', async () => {
    const { page, context } = await openPage()
    await goHydrated(page, LEAF)
    await bar(page).getByRole('button', { name: 'Brands' }).click()
    const option = drawer(page).locator('input[name="brands"]:not([disabled])').first()
    await option.check()
    await drawer(page).getByRole('button', { name: 'Close filters' }).click()
    await drawer(page).waitFor({ state: 'hidden' })
    expect(page.url()).toBe(`${baseUrl}${LEAF}`)
    await bar(page).getByRole('button', { name: 'Brands' }).click()
    expect(await drawer(page).locator('input[name="brands"]:checked').count()).toBe(0)
    expect(await drawer(page).locator('[data-section="brands"]').getByRole('checkbox', { name: 'View All' }).isChecked()).toBe(true)
    await context.close()
  })

  test('the drawer works from the keyboard: open, choose a sort, Escape discards, apply sorts by price', async () => {
    const { page, context } = await openPage()
    await goHydrated(page, LEAF)
    const sortPill = bar(page).getByRole('button', { name: 'Sort' })
    await sortPill.focus()
    await page.keyboard.press('Enter')
    await drawer(page).waitFor()
    // Focus starts in the dialog, at the Sort section.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sort')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('popular')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await drawer(page).waitFor({ state: 'hidden' })
    expect(page.url()).toBe(`${baseUrl}${LEAF}`)
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sort')

    await page.keyboard.press('Enter')
    await drawer(page).waitFor()
    expect(await drawer(page).getByRole('radio', { name: 'Popular' }).isChecked()).toBe(true)
    await page.keyboard.press('Tab')
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
    expect(await drawer(page).getByRole('radio', { name: 'Price Low to High' }).isChecked()).toBe(true)
    await drawer(page).getByRole('button', { name: 'Apply Filters' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/sort=price&order=asc/)
    await page.locator('[aria-label="Full-Size Strollers products"]').waitFor()
    await expect
      .poll(async () => {
        const prices = await page.getByRole('list', { name: 'Full-Size Strollers products' }).locator(':scope > li:not([data-guide-card]) article').evaluateAll((cards) =>
          cards.map((c) => Number((/\$([\d,.]+)/.exec(c.textContent ?? '')?.[1] ?? '0').replaceAll(',', ''))),
        )
        return prices.every((p, i) => i === 0 || p >= prices[i - 1]!)
      })
      .toBe(true)
    await context.close()
  })

  test('below 930 px the bar is compact: Sort, Filter and the In Stock toggle', async () => {
    const { page, context } = await openPage(900)
    await goHydrated(page, LEAF)
    const visible = await bar(page).getByRole('button').evaluateAll((buttons) =>
      buttons.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.textContent?.trim()),
    )
    expect(visible).toEqual(['Sort', 'Filter', 'In Stock'])
    const inStock = bar(page).getByRole('button', { name: 'In Stock' }).first()
    await inStock.click()
    await page.waitForURL(/available=true/)
    await expect.poll(() => bar(page).getByRole('button', { name: 'In Stock' }).first().getAttribute('aria-pressed')).toBe('true')
    await bar(page).getByRole('button', { name: 'Filter' }).click()
    await drawer(page).waitFor()
    expect(await drawer(page).getByRole('switch', { name: /in stock/i }).isChecked()).toBe(true)
    await context.close()
  })

  test('an empty filtered result explains, and clear all filters goes to the bare path', async () => {
    const { page, context } = await openPage()
    await goHydrated(page, `${LEAF}?minPrice=999999`)
    await page.getByText(/Whoops! We couldn't find any matches that fit your current filters\./).waitFor()
    const block = page.locator('p', { hasText: 'Whoops!' })
    expect(await block.evaluate((p) => getComputedStyle(p).maxWidth)).toBe('480px')
    await block.getByRole('link', { name: 'clear all filters' }).click()
    await page.waitForURL(`${baseUrl}${LEAF}`)
    await context.close()
  })

  test('search results filter too, keep the term, and a stored sort replaces the address', async () => {
    const { page, context } = await openPage()
    await goHydrated(page, '/store/search?search_term=stroller')
    await bar(page).getByRole('button', { name: 'Sort' }).click()
    await drawer(page).getByRole('radio', { name: 'Newest' }).check()
    await drawer(page).getByRole('button', { name: 'Apply Filters' }).click()
    await page.waitForURL(/search_term=stroller&sort=newest&order=desc/)
    const historyBefore = await page.evaluate(() => history.length)
    await goHydrated(page, '/store/search?search_term=crib')
    await page.waitForURL(/search_term=crib&sort=newest&order=desc/)
    // Replaced, not pushed: one entry for the crib search, whatever the address became.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1)
    await context.close()
  })

  test('bad filter values answer a 400, never a 500', async () => {
    for (const q of ['minPrice=abc', 'order=sideways', 'onSale=maybe', `brands=${'x'.repeat(500)}`]) {
      const res = await fetch(`${baseUrl}${LEAF}?${q}`)
      expect(res.status, q).toBe(400)
    }
    const html = await (await fetch(`${baseUrl}${LEAF}?sort=%3Cscript%3Ealert(1)%3C/script%3E`)).text()
    expect(html).not.toContain('<script>alert(1)')
  })
})

describe('accessibility', () => {
  test('the listing and the open drawer have no serious axe violations', async () => {
    const { page, context } = await openPage()
    await goHydrated(page, `${LEAF}?brands=puffin-path`)
    expect(await seriousA11yViolations(page)).toEqual([])
    await bar(page).getByRole('button', { name: 'Brands (1)' }).click()
    await drawer(page).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

describe('without JavaScript', () => {
  test('a shopper opens the filters, picks a brand, applies and clears, all with links and a GET form', async () => {
    const { page, context } = await openPage(1280, { javaScriptEnabled: false })
    await page.goto(`${baseUrl}${LEAF}`)
    const total = await shownCount(page)
    await bar(page).getByRole('link', { name: 'Brands' }).click()
    await page.waitForURL(/panel=brands/)
    const panel = page.getByRole('region', { name: 'Filter and sort' })
    const option = panel.locator('input[name="brands"]:not([disabled])').first()
    const value = await option.getAttribute('value')
    await option.check()
    await panel.getByRole('button', { name: 'Apply Filters' }).click()
    // The plain form's empty fields are tidied away by a redirect.
    await page.waitForURL(new RegExp(`\\?brands=${value}(&|$)`))
    expect(page.url()).not.toMatch(/panel=|minRating=&|sort=popular/)
    const filtered = await shownCount(page)
    expect(filtered).toBeLessThan(total)
    await bar(page).getByRole('link', { name: 'Clear All' }).click()
    await page.waitForURL(`${baseUrl}${LEAF}`)
    expect(await shownCount(page)).toBe(total)
    // The In Stock toggle is a link.
    await bar(page).getByRole('link', { name: 'In Stock' }).first().click()
    await page.waitForURL(/available=true/)
    await context.close()
  })
})
