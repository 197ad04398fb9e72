import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoParent, demoStaff, signInContext } from './support/accounts'
import { placeApiOrder } from './support/api-checkout'
import { expectNoSeriousA11yViolations, launchBrowser, step } from './support/browser'
import { addShopProduct, openPage, sessionCookie, testCard } from './support/checkout-setup'

// The h11 walk through the shop, checkout and registry at phone and desktop widths: layout faults a person
// sees at 320 px (text running under other text, controls sticking out of their card) and axe on the shop
// pages no other spec covers.

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function context(width: number, cookie?: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } })
  if (cookie) await signInContext(ctx, baseUrl, { cookie })
  return ctx
}

/**
 * Pairs of visible text runs in `main` that are drawn over each other (a title running under a price). The
 * viewport is made as tall as the page first, so every run can be checked for being the topmost thing there.
 */
async function overlappingText(page: Page): Promise<string[]> {
  const size = page.viewportSize()!
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: size.width, height: Math.min(height, 16_000) })
  try {
    return await page.evaluate(() => {
      const runs: { rect: DOMRect; text: string; parent: Element }[] = []
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!node.textContent?.trim() || !parent || parent.closest('.sr-only')) continue
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) {
          if (rect.width < 1 || rect.height < 1) continue
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
          if (hit && (parent.contains(hit) || hit.contains(parent))) runs.push({ rect, text: node.textContent.trim().slice(0, 30), parent })
        }
      }
      const found: string[] = []
      for (let i = 0; i < runs.length; i++) {
        for (let j = i + 1; j < runs.length; j++) {
          const a = runs[i]!
          const b = runs[j]!
          if (a.parent === b.parent) continue
          const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left)
          const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top)
          if (x > 2 && y > 4) found.push(`${a.text} / ${b.text}`)
        }
      }
      return found
    })
  } finally {
    await page.setViewportSize(size)
  }
}

/** Buttons, fields and links in `main` that stick out of the card around them. */
async function controlsOutsideTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button, main input:not([type=hidden]), main select, main a')]
      .filter((el) => {
        const card = el.parentElement?.closest('[class*="rounded-card"]')
        if (!card || !el.checkVisibility()) return false
        const r = el.getBoundingClientRect()
        const c = card.getBoundingClientRect()
        return r.width > 0 && (r.right > c.right + 1 || r.left < c.left - 1)
      })
      .map((el) => `${el.tagName.toLowerCase()} “${el.textContent?.trim().slice(0, 30) ?? ''}”`),
  )
}

describe('phone layout (320 px)', () => {
  test('registry home: an item title never runs under its price', async () => {
    const ctx = await context(320, await sessionCookie(baseUrl, demoParent))
    try {
      const page = await ctx.newPage()
      await openPage(page, baseUrl, '/registry/home')
      expect(await page.locator('main li h4').count()).toBeGreaterThan(5)
      expect(await overlappingText(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
    } finally {
      await ctx.close()
    }
  })

  test('cart: the quantity, Update and Remove controls stay inside the card', async () => {
    const { cookie } = await addShopProduct(baseUrl, 'rubber duck')
    const ctx = await context(320)
    try {
      const eq = cookie.indexOf('=')
      await ctx.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: baseUrl }])
      const page = await ctx.newPage()
      await openPage(page, baseUrl, '/store/checkout?cart_type=store')
      await expect.poll(() => page.getByRole('button', { name: /^Update/ }).count()).toBe(1)
      expect(await controlsOutsideTheirCard(page)).toEqual([])
      expect(await overlappingText(page)).toEqual([])
      await expectNoSeriousA11yViolations(page, 'cart 320')
    } finally {
      await ctx.close()
    }
  })

  test('order page: shipments are numbered for the shopper, no warehouse ids; amounts sit on one line', async () => {
    const account = await createAccount(baseUrl)
    await addShopProduct(baseUrl, 'rubber duck', account.cookie)
    const res = await placeApiOrder(
      baseUrl,
      account.cookie,
      {
        email: account.email,
        name: 'Robin Tester',
        shippingAddress: { name: 'Robin Tester', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' },
        card: testCard,
      },
      { 'Idempotency-Key': `e2e-ux-audit-${Date.now()}` },
    )
    expect(res.status).toBe(201)
    const order = (await res.json()) as { id: string }
    const ctx = await context(320, account.cookie)
    try {
      const page = await ctx.newPage()
      await openPage(page, baseUrl, `/orders/${order.id}`)
      const shipments = page.locator('section[aria-labelledby="shipments-title"]')
      await expect.poll(() => shipments.textContent()).toMatch(/Your shipment|Shipment 1 of \d/)
      expect(await shipments.textContent()).not.toMatch(/warehouse/i)
      // Each amount of the payment summary is one line tall.
      const amountHeights = await page.locator('section[aria-labelledby="payment-title"] dd').evaluateAll((dds) =>
        dds.map((dd) => dd.getClientRects().length),
      )
      expect(amountHeights.length).toBeGreaterThan(2)
      expect(amountHeights.every((n) => n === 1)).toBe(true)
      expect(await overlappingText(page)).toEqual([])
      await expectNoSeriousA11yViolations(page, 'order page 320')
    } finally {
      await ctx.close()
    }
  })
})

describe('a refused form puts focus on its first marked field', () => {
  // Field errors are descriptions, not live regions: without the focus move a screen reader user who clicked
  // the button hears nothing. Clicked with the mouse, so focus starts on the button.
  const cases = [
    { path: '/signup', button: 'Create account', field: 'firstName', signedIn: false },
    { path: '/forgot_password', button: 'Send reset link', field: 'email', signedIn: false },
    { path: '/settings/gift-cards-and-promos', button: 'Redeem', field: 'code', signedIn: true },
  ]
  for (const c of cases) {
    test(c.path, async () => {
      const ctx = await context(375, c.signedIn ? (await createAccount(baseUrl)).cookie : undefined)
      try {
        const page = await ctx.newPage()
        await openPage(page, baseUrl, c.path)
        await page.getByRole('button', { name: c.button, exact: true }).click()
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(c.field)
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true')
      } finally {
        await ctx.close()
      }
    })
  }
})

describe('shop errors', () => {
  test('a filter that makes no sense is a 400 whose tab title does not say the page is missing', async () => {
    for (const path of ['/store/strollers?minPrice=abc', '/store/sale?minPrice=abc']) {
      const res = await fetch(`${baseUrl}${path}`)
      const html = await res.text()
      expect(res.status, path).toBe(400)
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toBe('Check your search or filters | Nestlist')
    }
    // A missing page keeps its title.
    const missing = await fetch(`${baseUrl}/store/strollers?page=999`)
    expect(missing.status).toBe(404)
    expect((await missing.text()).match(/<title>([^<]*)<\/title>/)?.[1]).toBe('Page not found | Nestlist')
  })
})

describe('product page', () => {
  test('the brand name leads to the brand page', async () => {
    const ctx = await context(375)
    try {
      const page = await ctx.newPage()
      await openPage(page, baseUrl, '/store/search?search_term=stroller')
      await page.locator('main a[href^="/gp/"]').first().click()
      await page.waitForURL(/\/gp\//)
      const brand = page.locator('main a[href^="/store/b/"]').first()
      const name = (await brand.textContent())!.trim()
      await brand.click()
      await page.waitForURL(/\/store\/b\/[a-z0-9-]+\/\d+$/)
      expect((await page.locator('h1').textContent())!.toLowerCase()).toContain(name.toLowerCase())
    } finally {
      await ctx.close()
    }
  })
})

describe('axe on shop and staff pages without a spec of their own', () => {
  const shopPages = [
    '/store',
    '/store/strollers',
    '/store/jogging-strollers',
    '/store/search?search_term=strolr',
    '/store/search?search_term=zzqxvw',
    '/store/b/little-acorn/2',
  ]
  // One test per page and width: a slow or stuck page is named, and one page's time does not count against the others.
  for (const width of [320, 1280]) {
    for (const path of shopPages) {
      test(`${path} at ${width} px`, async () => {
        const ctx = await context(width)
        try {
          const page = await ctx.newPage()
          const response = await step(`${path}: open`, () => openPage(page, baseUrl, path))
          expect(response?.status(), path).toBe(200)
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), path).toBe(true)
          if (path === '/store') {
            // Each collection below the fold holds a place near its real height before it is laid out (no
            // jump while scrolling, no cards of one collection lying over the next for axe): within 40 %.
            const held = await page.evaluate(() => [...document.querySelectorAll('.render-when-near')].map((b) => b.getBoundingClientRect().height))
            const real = await step(`${path}: scroll through`, () =>
              page.evaluate(async () => {
                // A frame after each scroll, or 100 ms if no frame comes (a renderer starved of CPU).
                const frame = () => new Promise<void>((resolve) => (requestAnimationFrame(() => resolve()), setTimeout(resolve, 100)))
                for (let y = 0, i = 0; y < document.documentElement.scrollHeight && i < 100; y += 600, i++) {
                  window.scrollTo(0, y)
                  await frame()
                }
                window.scrollTo(0, 0)
                return [...document.querySelectorAll('.render-when-near')].map((b) => b.scrollHeight)
              }),
            )
            expect(held.length, 'collections rendered when near').toBeGreaterThan(0)
            for (const [i, h] of held.entries()) expect(Math.abs(h - real[i]!) / real[i]!, `collection ${i}: held ${h} px, real ${real[i]} px`).toBeLessThan(0.4)
            await step(`${path}: open again`, () => openPage(page, baseUrl, path))
          }
          // Checked as the page first shows, without scrolling: the landing page's collections skip layout
          // until near the screen, and the size they hold meanwhile must be close to their real one (app.css).
          await step(`${path}: axe`, () => expectNoSeriousA11yViolations(page, `${path} at ${width}`))
        } finally {
          await ctx.close()
        }
      }, 120_000) // the landing page is opened twice and scrolled through; each step has its own limit
    }
  }

  test('staff gift returns page at 320 and 1280 px', async () => {
    const cookie = await sessionCookie(baseUrl, demoStaff)
    for (const width of [320, 1280]) {
      const ctx = await context(width, cookie)
      try {
        const page = await ctx.newPage()
        const response = await openPage(page, baseUrl, '/admin/returns')
        expect(response?.status()).toBe(200)
        await expectNoSeriousA11yViolations(page, `/admin/returns at ${width}`)
      } finally {
        await ctx.close()
      }
    }
  })
})
