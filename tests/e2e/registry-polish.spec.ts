import { randomBytes } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage } from './support/checkout-setup'
import { ownerApi } from './support/owner-api'

// Small registry fixes (h13 polish): an item from another store saved without a picture shows a drawn
// placeholder (a gift icon and the store's web address) the size of a picture, never an empty box or a
// hot-linked image; the family's group gift page links back to the guest view with a button-styled link;
// the find-a-registry field's placeholder fits a 320 px phone.
// The registry and its items are set up through the JSON API.
const baseUrl = inject('baseUrl')
let browser: Browser
let owner: TestAccount
let api: ReturnType<typeof ownerApi>
const tag = randomBytes(3).toString('hex')
let registry: { id: number; slug: string }
let catalogueItem: { id: number; title: string }
const external = { title: `Hand-carved teether ${tag}`, url: `https://www.tiny-woodworks.example/teether-${tag}` }

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await createAccount(baseUrl, { firstName: 'Nora', lastName: 'Lind' })
  api = ownerApi(baseUrl, owner)
  const created = await api('POST', '/api/v3/registries', { registryType: 'baby', title: 'Baby Lind', familyName: 'Nora & Sam Lind', slug: `polish-${tag}`, isArrivalDateKnown: false })
  registry = { id: created.id, slug: created.slug }
  const search = await (await fetch(`${baseUrl}/api/v3/search?search_term=stroller`)).json()
  const product = (search.heroProducts as { productId: number }[])[0]!
  const added = await api('POST', `/api/v3/registries/${registry.id}/reg_items`, { productId: product.productId, quantity: 1 })
  catalogueItem = { id: added.id, title: added.title }
  // Saved from another store without choosing a picture.
  await api('POST', `/api/v3/registries/${registry.id}/external_items`, { url: external.url, title: external.title, priceCents: 1800, storeName: 'Tiny Woodworks' })
})
afterAll(async () => {
  await browser?.close()
})

describe('registry polish', () => {
  for (const width of [320, 1280]) {
    test(`an item from another store without a picture shows a gift placeholder with the store's address, the size of a picture (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      await openPage(page, baseUrl, `/${registry.slug}`)
      const card = page.locator('article', { has: page.getByRole('heading', { name: external.title }) })
      const placeholder = card.locator('[data-picture-placeholder]')
      await expect.poll(() => placeholder.count()).toBe(1)
      expect(await placeholder.getAttribute('aria-hidden')).toBe('true')
      expect(await placeholder.innerText()).toContain('tiny-woodworks.example')
      expect(await placeholder.locator('svg').count()).toBe(1)
      expect(await card.locator('img').count()).toBe(0)
      // The same box as a pictured item's: no layout shift, cards line up.
      const pictured = page.locator('article', { has: page.getByRole('heading', { name: catalogueItem.title }) }).locator('img').first()
      const [a, b] = [await placeholder.boundingBox(), await pictured.boundingBox()]
      expect(a && b && Math.round(a.width) === Math.round(b.width) && Math.round(a.height) === Math.round(b.height)).toBe(true)
      expect(Math.round(a!.width)).toBe(Math.round(a!.height))
      await expectNoSeriousA11yViolations(page, `guest page with a placeholder ${width}`)
      await page.close()
    })
  }

  test('the family sees the placeholder on their registry home too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, owner)
    const page = await context.newPage()
    await openPage(page, baseUrl, '/registry/home')
    const row = page.locator('li', { has: page.getByRole('link', { name: external.title }) }).first()
    await expect.poll(() => row.locator('[data-picture-placeholder] svg').count()).toBe(1)
    expect(await row.locator('img[src*="placeholder"]').count()).toBe(0)
    await context.close()
  })

  test("the group gift page links back to the registry like other registry pages, and to the guest view with the design system's secondary button", async () => {
    await api('PUT', `/api/v3/registries/${registry.id}/reg_items/${catalogueItem.id}/group_gift`)
    const context = await browser.newContext({ viewport: { width: 320, height: 900 } })
    await signInContext(context, baseUrl, owner)
    const page = await context.newPage()
    await openPage(page, baseUrl, `/registry/items/${catalogueItem.id}/group-gift`)
    // The back link looks like the other registry pages' (a chevron, no underline until hovered).
    const back = page.getByRole('link', { name: 'Back to your registry' })
    expect(await back.locator('svg').count()).toBe(1)
    expect(await back.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none')
    const link = page.getByRole('link', { name: 'See your registry as guests do' })
    expect(await link.getAttribute('href')).toBe(`/${registry.slug}`)
    const style = await link.evaluate((el) => {
      const s = getComputedStyle(el)
      return { border: s.borderTopWidth, borderColor: s.borderTopColor, color: s.color, height: el.getBoundingClientRect().height }
    })
    // A bordered berry button (2 px, the link's own colour), at least 36 px tall: not plain bold text.
    expect(style.border).toBe('2px')
    expect(style.borderColor).toBe(style.color)
    expect(style.height).toBeGreaterThanOrEqual(36)
    await link.focus()
    expect(await link.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
    await expectNoSeriousA11yViolations(page, 'group gift page 320')
    await context.close()
  })

  test("the find-a-registry field's placeholder is not cut off on a 320 px phone", async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 900 } })
    await openPage(page, baseUrl, '/find')
    const input = page.getByRole('main').getByRole('searchbox', { name: 'Find a registry' })
    const { text, room } = await input.evaluate((el: HTMLInputElement) => {
      const s = getComputedStyle(el)
      const ctx = document.createElement('canvas').getContext('2d')!
      ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`
      return { text: ctx.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) }
    })
    expect(text).toBeGreaterThan(0)
    expect(text).toBeLessThanOrEqual(room)
    await page.close()
  })
})
