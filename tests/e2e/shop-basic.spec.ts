import type { Browser, ConsoleMessage, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import sharp from 'sharp'
import { launchBrowser, seriousA11yViolations } from './support/browser'

// A shopper's first walk through the shop on the seeded demo catalogue. Nothing here depends on a
// particular product: names, ids and codes are read from the pages and the API as a shopper would find them.

const baseUrl = inject('baseUrl')
let browser: Browser

type Card = { productId: number; title: string; path: string; brand: { name: string }; available: boolean }
type ProductPage = { heroProducts: Card[]; total: number; page: number; pageSize: number; pageCount: number }

async function api<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`)
  return { status: res.status, body: (await res.json()) as T }
}

/** A fresh page that records console errors (CSP violations show up there). */
async function openPage(): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  // The browser may already be closing (afterAll): a context that is gone needs no closing.
  page.on('close', () => void context.close().catch(() => undefined))
  const consoleErrors: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  page.on('pageerror', (e) => consoleErrors.push(e.message))
  return { page, consoleErrors }
}

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('category page', () => {
  test('a shopper browses a top-level category, then opens a product from the grid', async () => {
    const { page, consoleErrors } = await openPage()
    const res = await page.goto(`${baseUrl}/store/strollers`)
    expect(res?.status()).toBe(200)
    await expect(page.locator('h1').innerText()).resolves.toBe('Strollers')
    expect(await page.title()).not.toBe('')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}/store/strollers`)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link', { name: 'Home' }).count()).resolves.toBe(1)
    // Child category tiles, then a full first page of 18 product cards and a way to page 2.
    await expect(page.locator('#category-tiles-heading + ul > li').count()).resolves.toBeGreaterThan(1)
    // 18 product cards; the grid may hold a guide card besides (7+ products and a guide).
    const cards = page.getByRole('list', { name: 'Strollers products' }).locator(':scope > li:not([data-guide-card])')
    await expect(cards.count()).resolves.toBe(18)
    expect(await page.locator('link[rel="next"]').getAttribute('href')).toBe(`${baseUrl}/store/strollers?page=2`)
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).count()).resolves.toBe(1)

    const firstCard = cards.first().locator('h3 a')
    const title = (await firstCard.innerText()).trim()
    await Promise.all([page.waitForURL(/\/gp\/[^/]+\/\d+$/), firstCard.click()])
    await expect.poll(() => page.locator('h1').innerText()).toBe(title)
    // The breadcrumb leads back through the product's category to Strollers.
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').allInnerTexts()
    expect(crumbs[0]).toBe('Home')
    expect(crumbs).toContain('Strollers')
    expect(consoleErrors).toEqual([])
    await page.close()
  })

  test('a child category works under its parent path and on its own, with page 2 and a canonical link', async () => {
    const { page } = await openPage()
    const nested = await page.goto(`${baseUrl}/store/strollers/full-size-strollers`)
    expect(nested?.status()).toBe(200)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}/store/full-size-strollers`)
    const heading = await page.locator('h1').innerText()
    await page.goto(`${baseUrl}/store/full-size-strollers`)
    await expect(page.locator('h1').innerText()).resolves.toBe(heading)
    // The left navigation marks the current category.
    await expect(page.locator('nav[aria-label="Browse categories"] [aria-current="page"]').first().innerText()).resolves.toBe(heading)

    const { body } = await api<ProductPage>('/store/api/products?category=strollers&page=2')
    const second = await page.goto(`${baseUrl}/store/strollers?page=2`)
    expect(second?.status()).toBe(200)
    // textContent: innerText is '' for cards past the sixth while they skip rendering (content-visibility).
    const titles = (await page.getByRole('list', { name: 'Strollers products' }).locator(':scope > li:not([data-guide-card]) h3').allTextContents()).map((t) => t.trim())
    expect(titles).toEqual(body.heroProducts.map((p) => p.title))
    expect(await page.locator('link[rel="prev"]').getAttribute('href')).toBe(`${baseUrl}/store/strollers`)
    await page.close()
  })

  test('cards past the sixth skip rendering until near the screen, in a box as tall as the card; the focus outline shows whole', async () => {
    for (const width of [320, 800, 1280]) {
      const { page } = await openPage()
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${baseUrl}/store/strollers`)
      const cards = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('ul.card-grid > li:not([data-guide-card])')].map((li) => ({
            cv: getComputedStyle(li).contentVisibility,
            rendered: li.querySelector('h3')!.checkVisibility({ contentVisibilityAuto: true }),
            height: li.getBoundingClientRect().height,
          })),
        )
      const before = await cards()
      expect(before).toHaveLength(18)
      expect(before.map((c) => c.cv)).toEqual([...Array(6).fill('visible'), ...Array(12).fill('auto')])
      // The last card is far below the first screen: its content is skipped, yet in the page (text for find and
      // assistive technology).
      expect(before[17]!.rendered).toBe(false)
      expect(await page.locator('ul.card-grid > li').last().locator('h3').textContent()).toBeTruthy()

      // Scrolled through, every card renders as it nears the screen. The box a skipped card reserves is at least as
      // tall as the card once rendered: a shorter one would grow as the shopper scrolls to it and push the page down.
      const renderedHeight = new Map<number, number>()
      for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 400) {
        await page.evaluate((top) => window.scrollTo(0, top), y)
        await page.waitForTimeout(50)
        ;(await cards()).forEach((card, i) => {
          if (card.rendered && !renderedHeight.has(i)) renderedHeight.set(i, card.height)
        })
      }
      expect(renderedHeight.size).toBe(18)
      before.forEach((card, i) => {
        if (!card.rendered) expect(card.height, `card ${i + 1} at ${width} px`).toBeGreaterThanOrEqual(renderedHeight.get(i)! - 1)
      })

      // A skipped-then-rendered card clips its paint to its padding box: the padding holds the focus outline
      // (3 px wide, 2 px out), so the article sits at least 5 px inside its box.
      const ninth = page.locator('ul.card-grid > li:not([data-guide-card])').nth(8)
      const inset = await ninth.evaluate((li) => li.querySelector('article')!.getBoundingClientRect().top - li.getBoundingClientRect().top)
      expect(inset).toBeGreaterThanOrEqual(5)
      await page.close()
    }
  })

  test('star ratings are plain colour cut to five stars (no image for the browser to build), filled to the rating', async () => {
    const { page } = await openPage()
    await page.goto(`${baseUrl}/store/strollers`)
    const stars = page.locator('ul.card-grid .stars').first()
    const style = await stars.evaluate((el) => {
      const own = getComputedStyle(el)
      const fill = getComputedStyle(el.firstElementChild!)
      return { image: own.backgroundImage, fillImage: fill.backgroundImage, clip: own.clipPath, fillWidth: el.firstElementChild!.getBoundingClientRect().width / el.getBoundingClientRect().width }
    })
    // An SVG background (what this replaced) makes Chrome build an SVG document inside the page's first layout.
    expect(style.image).toBe('none')
    expect(style.fillImage).toBe('none')
    expect(style.clip.startsWith('polygon(')).toBe(true)
    const label = (await stars.locator('xpath=preceding-sibling::span[1]').textContent()) ?? ''
    const rating = Number(/Rated ([\d.]+) out of 5/.exec(label)?.[1])
    expect(style.fillWidth).toBeCloseTo(rating / 5, 2)

    // Drawn: the middle of the first star is the filled colour, the gap between the first two stars' tops is the
    // card behind (neither star colour).
    const shot = await stars.screenshot()
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    const pixel = (fx: number, fy: number) => {
      const i = (Math.round(fy * (info.height - 1)) * info.width + Math.round(fx * (info.width - 1))) * 3
      return [data[i]!, data[i + 1]!, data[i + 2]!]
    }
    const near = (p: number[], hex: string) => p.every((v, k) => Math.abs(v - parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16)) < 24)
    expect(near(pixel(0.1, 0.55), '#8a2a4b')).toBe(true)
    expect(near(pixel(0.2, 0.12), '#8a2a4b') || near(pixel(0.2, 0.12), '#d8ccd2')).toBe(false)
    await page.close()
  })

  test('client-side navigation (pagination, left nav) keeps clean addresses and working links', async () => {
    const { page, consoleErrors } = await openPage()
    await page.goto(`${baseUrl}/store/strollers`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await Promise.all([page.waitForURL(/\/store\/strollers\?page=2$/), pagination.getByRole('link', { name: 'Next' }).click()])
    await page.getByText(/Showing 19–36 of/).waitFor({ timeout: 5_000 })
    expect(await pagination.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/store/strollers?page=3')
    expect(await pagination.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/store/strollers')
    const nav = page.getByRole('navigation', { name: 'Browse categories' })
    await Promise.all([page.waitForURL(/\/store\/car-seats$/), nav.getByRole('link', { name: 'Car Seats', exact: true }).click()])
    // The address changes as the navigation commits; React renders the new page a moment later.
    await page.locator('h1', { hasText: /^Car Seats$/ }).waitFor({ timeout: 5_000 })
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}/store/car-seats`)
    expect(consoleErrors).toEqual([])
    await page.close()
  })

  test('Holiday Gifts is shown without its emoji', async () => {
    const { page } = await openPage()
    await page.goto(`${baseUrl}/store/holiday-gifts`)
    await expect(page.locator('h1').innerText()).resolves.toBe('Holiday Gifts')
    await page.close()
  })

  test('an unknown category, and a page past the end, are real 404s', async () => {
    const { page } = await openPage()
    const unknown = await page.goto(`${baseUrl}/store/no-such-category`)
    expect(unknown?.status()).toBe(404)
    await expect(page.locator('h1').innerText()).resolves.toMatch(/couldn.t find/i)
    const past = await page.goto(`${baseUrl}/store/strollers?page=999`)
    expect(past?.status()).toBe(404)
    await expect(page.getByText(/There is no page 999/).count()).resolves.toBe(1)
    const junk = await page.goto(`${baseUrl}/store/strollers?page=abc`)
    expect(junk?.status()).toBe(404)
    await page.close()
  })
})

describe('search', () => {
  test('a shopper searches and sees a count, cards and a tab titled with the term', async () => {
    const { page } = await openPage()
    const res = await page.goto(`${baseUrl}/store/search?search_term=stroller`)
    expect(res?.status()).toBe(200)
    expect(await page.title()).toBe('stroller')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    await expect(page.locator('h1').innerText()).resolves.toContain('"stroller"')
    const { body } = await api<ProductPage>('/store/api/products?search_term=stroller')
    expect(body.total).toBeGreaterThan(0)
    const count = `${body.total.toLocaleString('en-US')} ${body.total === 1 ? 'product' : 'products'}`
    await expect(page.getByText(count, { exact: true }).count()).resolves.toBe(1)
    // The first products sit in the hero strip above the grid; together they are one page of 18.
    const strip = await page.getByRole('list', { name: 'Top results' }).locator(':scope > li').count()
    const cards = page.getByRole('list', { name: 'Products matching stroller' }).locator(':scope > li')
    await expect(cards.count()).resolves.toBe(Math.min(body.total, 18) - strip)
    expect(strip).toBe(body.total > 6 ? 3 : 0)
    await page.close()
  })

  test('the unified_search variant works, and the brand name counts as a match', async () => {
    const { body: strollers } = await api<ProductPage>('/store/api/products?category=strollers')
    const brand = strollers.heroProducts[0]!.brand.name
    const { page } = await openPage()
    const res = await page.goto(`${baseUrl}/store/search?search_term=${encodeURIComponent(brand)}&unified_search=true`)
    expect(res?.status()).toBe(200)
    const brands = await page.locator('main article p.uppercase').allInnerTexts()
    expect(brands.length).toBeGreaterThan(0)
    await page.close()
  })

  test('no results shows the spec message with the term in capitals', async () => {
    const { page } = await openPage()
    await page.goto(`${baseUrl}/store/search?search_term=${encodeURIComponent('zebra quokka xyzzy')}`)
    await expect(page.getByText("Sorry, there are no products matching 'ZEBRA QUOKKA XYZZY'.").count()).resolves.toBe(1)
    await page.close()
  })

  test('an empty search is titled Search, and a term over 200 characters is a clear 400', async () => {
    const { page } = await openPage()
    await page.goto(`${baseUrl}/store/search`)
    expect(await page.title()).toBe('Search')
    const long = await page.goto(`${baseUrl}/store/search?search_term=${'a'.repeat(201)}`)
    expect(long?.status()).toBe(400)
    await expect(page.getByText(/at most 200 characters/).count()).resolves.toBe(1)
    await page.close()
  })
})

describe('short codes and product pages', () => {
  async function productWithShortCode(): Promise<{ id: number; shortCode: string; path: string }> {
    for (const slug of ['strollers', 'car-seats', 'nursery', 'feeding', 'clothing']) {
      const { body: list } = await api<ProductPage>(`/store/api/products?category=${slug}`)
      for (const card of list.heroProducts) {
        const { body: detail } = await api<{ shortCode: string | null; path: string }>(`/api/v3/products/${card.productId}`)
        if (detail.shortCode) return { id: card.productId, shortCode: detail.shortCode, path: detail.path }
      }
    }
    throw new Error('no product with a short code in the demo catalogue')
  }

  test('a short code redirects to its product page, whatever its case; unknown codes are 404', async () => {
    const product = await productWithShortCode()
    for (const code of [product.shortCode.toLowerCase(), product.shortCode.toUpperCase()]) {
      const res = await fetch(`${baseUrl}/store/code/${code}`, { redirect: 'manual' })
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get('location')!, baseUrl).pathname).toBe(product.path)
    }
    // Searching for the code without JavaScript lands on the product too.
    const searched = await fetch(`${baseUrl}/store/search?search_term=${product.shortCode}`, { redirect: 'manual' })
    expect(searched.status).toBe(302)
    expect(new URL(searched.headers.get('location')!, baseUrl).pathname).toBe(product.path)

    const { page } = await openPage()
    expect((await page.goto(`${baseUrl}/store/code/not-a-code`))?.status()).toBe(404)
    await expect(page.locator('h1').innerText()).resolves.toMatch(/couldn.t find/i)
    await page.close()
  })

  test('a well-formed short code that no product has is a 404', async () => {
    // Find a code that is free in this catalogue: a code whose redirect target would not exist.
    for (const letter of 'zyxw') {
      for (const digits of ['999', '998', '997']) {
        const res = await fetch(`${baseUrl}/store/code/${letter}${digits}`, { redirect: 'manual' })
        if (res.status === 302) continue
        expect(res.status).toBe(404)
        return
      }
    }
    throw new Error('every probed short code is taken')
  })

  test('the product page shows price, brand and JSON-LD, and a stale slug redirects with 301', async () => {
    const { body } = await api<ProductPage>('/store/api/products?category=full-size-strollers')
    const card = body.heroProducts[0]!
    const { page, consoleErrors } = await openPage()
    const res = await page.goto(`${baseUrl}${card.path}`)
    expect(res?.status()).toBe(200)
    await expect(page.locator('h1').innerText()).resolves.toBe(card.title)
    await expect(page.getByText(card.brand.name, { exact: true }).first().count()).resolves.toBe(1)
    await expect(page.getByText(/\$\d/).first().count()).resolves.toBe(1)
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>
    expect(ld['@type']).toBe('Product')
    expect(ld.name).toBe(card.title)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}${card.path}`)
    // Add to Cart (issue 7) for a product in stock; for visitors 'Add to Registry' is a link to sign in, not a button.
    await expect(page.getByRole('button', { name: /^add to cart$/i }).count()).resolves.toBe(card.available ? 1 : 0)
    await expect(page.getByRole('button', { name: /add to registry/i }).count()).resolves.toBe(0)
    await expect(page.locator('#related-heading + ul > li').count()).resolves.toBeGreaterThanOrEqual(4)
    expect(consoleErrors.filter((e) => /content security policy/i.test(e))).toEqual([])
    await page.close()

    const stale = await fetch(`${baseUrl}/gp/an-old-name/${card.productId}`, { redirect: 'manual' })
    expect(stale.status).toBe(301)
    expect(new URL(stale.headers.get('location')!, baseUrl).pathname).toBe(card.path)
    const withVariant = await fetch(`${baseUrl}${card.path}/7`)
    expect(withVariant.status).toBe(200)
  })

  test('an unknown or non-numeric product id is a 404', async () => {
    expect((await fetch(`${baseUrl}/gp/some-product/999999999`)).status).toBe(404)
    expect((await fetch(`${baseUrl}/gp/some-product/abc`)).status).toBe(404)
    expect((await fetch(`${baseUrl}/gp/some-product`)).status).toBe(404)
  })
})

describe('without JavaScript', () => {
  test('a shopper pages through a category, opens a product and searches, all server-rendered', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    try {
      await page.goto(`${baseUrl}/store/strollers`)
      await Promise.all([page.waitForURL(/page=2/), page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()])
      await page.getByText(/Showing 19–36 of/).waitFor()
      const card = page.getByRole('list', { name: 'Strollers products' }).locator(':scope > li h3 a').first()
      const title = (await card.innerText()).trim()
      await Promise.all([page.waitForURL(/\/gp\//), card.click()])
      await expect.poll(() => page.locator('h1').innerText()).toBe(title)
      await page.goto(`${baseUrl}/store/search?search_term=stroller`)
      await expect(page.locator('h1').innerText()).resolves.toContain('"stroller"')
    } finally {
      await context.close()
    }
  })
})

describe('the JSON API speaks the same catalogue', () => {
  test('store products by category and search, and a product by id', async () => {
    const byCategory = await api<ProductPage>('/store/api/products?category=strollers')
    expect(byCategory.status).toBe(200)
    expect(byCategory.body.pageSize).toBe(18)
    expect(byCategory.body.heroProducts).toHaveLength(18)
    expect((await api('/store/api/products?category=no-such-thing')).status).toBe(404)
    expect((await api('/store/api/products')).status).toBe(422)
    expect((await api('/store/api/products?search_term=stroller&page=0')).status).toBe(422)
    const first = byCategory.body.heroProducts[0]!
    const detail = await api<{ productId: number; trail: unknown[] }>(`/api/v3/products/${first.productId}`)
    expect(detail.status).toBe(200)
    expect(detail.body.productId).toBe(first.productId)
    expect((await api('/api/v3/products/999999999')).status).toBe(404)
  })
})

describe('accessibility', () => {
  test.each([
    ['category', '/store/strollers'],
    ['leaf category', '/store/full-size-strollers'],
    ['search', '/store/search?search_term=stroller'],
    ['empty search', '/store/search?search_term=xyzzy-nothing'],
  ])('the %s page has no serious axe violations', async (_name, path) => {
    const { page } = await openPage()
    await page.goto(`${baseUrl}${path}`)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.close()
  })

  test('the product page has no serious axe violations', async () => {
    const { body } = await api<ProductPage>('/store/api/products?category=strollers')
    const { page } = await openPage()
    await page.goto(`${baseUrl}${body.heroProducts[0]!.path}`)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.close()
  })
})
