import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { latestEmailLink } from './support/outbox'

// Cart (issue 7): a guest adds a product with options from its page, sees the header count and the mini cart,
// changes the quantity there, signs in and keeps the cart (merged into the account's); a plain form (no
// JavaScript) adds too; a sold-out product says so and 'Notify me' leads to one 'Back in stock' email after a
// restock. axe at 375 and 1280 px. Shop pages are the same for everyone (docs/decisions/037): the shopper's own
// parts (menu, count, Add to Registry, Notify me) come once the page has asked who is looking (GET /api/v3/me/header).
const baseUrl = inject('baseUrl')
let browser: Browser

type Card = { productId: number; title: string; path: string; available: boolean; hasOptions: boolean; productType: string }

/** Cards from the shop's product list API, a few pages of a few searches, until one matches. */
async function findProduct(match: (c: Card) => boolean): Promise<Card> {
  for (const term of ['sleeper', 'bassinet', 'stroller', 'crib', 'wipes', 'bottle', 'blanket', 'toy']) {
    for (let page = 1; page <= 4; page++) {
      const res = await fetch(`${baseUrl}/store/api/products?search_term=${term}&page=${page}`)
      if (res.status !== 200) break
      const found = ((await res.json()).heroProducts as Card[]).find((c) => c.productType === 'product' && match(c))
      if (found) return found
    }
  }
  throw new Error('no product in the demo catalogue matches')
}

async function open(page: Page, path: string, { hydrated = true } = {}) {
  await page.goto(`${baseUrl}${path}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
}

const cartButton = (page: Page) => page.locator('[data-mini-cart]')

const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=15, stale-while-revalidate=30'

/** Whether the server answers this page to `cookie` as the page that is the same for everyone (shared-pages.spec). */
async function isSharedPage(path: string, cookie: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie } })
  await res.arrayBuffer()
  return res.headers.get('cache-control') === SHARED_CACHE_CONTROL
}

/** A new account (its address confirmed, as every new account's is before it signs in: no reminder under the header). */
async function confirmedAccount(firstName: string) {
  return createAccount(baseUrl, { firstName })
}

/** A browser page signed in with `cookie`, collecting its errors (page errors and console errors). */
async function signedInPage(cookie: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport })
  const eq = cookie.indexOf('=')
  await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  return { context, page, errors }
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('cart', () => {
  test('a guest adds a product with options, uses the mini cart, signs in and keeps the cart', async () => {
    const product = await findProduct((c) => c.available && c.hasOptions)
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    await open(page, product.path)
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, empty')

    // Without a size (when the product has sizes) the server says what is missing.
    const buy = page.locator('[data-add-to-cart]')
    const size = buy.getByLabel('Size')
    const color = buy.getByLabel('Color')
    const hasSize = (await size.count()) > 0
    const hasColor = (await color.count()) > 0
    if (hasSize && hasColor) {
      await color.selectOption({ index: 1 })
      await buy.getByRole('button', { name: 'Add to Cart' }).click()
      await expect.poll(() => buy.getByText('Choose a size.').first().isVisible()).toBe(true)
    }
    if (hasSize) await size.selectOption({ index: 1 })
    if (hasColor) await color.selectOption({ index: 1 })
    await buy.getByLabel('Quantity').selectOption('2')
    await buy.getByRole('button', { name: 'Add to Cart' }).click()
    const added = page.locator('[data-added-panel]')
    await added.waitFor()
    await expect.poll(() => added.textContent()).toContain('Added to cart')
    expect(await added.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/store/checkout?cart_type=store')
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items')
    await expectNoSeriousA11yViolations(page, 'product page after adding, 375')

    // The mini cart: the line with its options, then 3 of it.
    await cartButton(page).click()
    const drawer = page.getByRole('dialog', { name: 'Your cart' })
    await drawer.waitFor()
    const line = drawer.locator(`[data-mini-cart-line="${product.productId}"]`)
    await line.waitFor()
    expect(await line.textContent()).toContain(product.title)
    await expectNoSeriousA11yViolations(page, 'mini cart, 375')
    await line.getByLabel(`Quantity of ${product.title}`).selectOption('3')
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items')
    expect(await drawer.getByText(/away from free shipping|You get free shipping/).count()).toBe(1)
    expect(await drawer.getByRole('link', { name: 'View cart & check out' }).getAttribute('href')).toBe('/store/checkout?cart_type=store')
    await page.keyboard.press('Escape')

    // Sign in through the page: the cart comes along, and the guest cookie is gone.
    const account = await createAccount(baseUrl)
    await open(page, `/login?redirect_path=${encodeURIComponent(product.path)}`)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === product.path)
    await page.waitForSelector('html[data-hydrated]')
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items')
    const cookies = await context.cookies(baseUrl)
    expect(cookies.some((c) => c.name === 'nestlist_cart')).toBe(false)
    const mine = await (await fetch(`${baseUrl}/api/v3/cart`, { headers: { Cookie: account.cookie } })).json()
    expect(mine.lines).toMatchObject([{ productId: product.productId, quantity: 3 }])
    await context.close()
  })

  test('a guest holding a cart sees their count on shop pages once hydrated, in the mini cart and after navigating; without JavaScript the cart link still leads to the cart', async () => {
    const product = await findProduct((c) => c.available && !c.hasOptions)
    const added = await fetch(`${baseUrl}/api/v3/cart_items`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl }, body: JSON.stringify({ productId: product.productId, quantity: 2 }) })
    expect(added.status).toBe(201)
    const token = /nestlist_cart=([^;]+)/.exec(added.headers.get('Set-Cookie') ?? '')![1]!
    const path = '/store/strollers'
    // The page the guest gets is everyone's: their count comes in the browser.
    expect(await isSharedPage(path, `nestlist_cart=${token}`)).toBe(true)
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled })
      await context.addCookies([{ name: 'nestlist_cart', value: token, url: baseUrl }])
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
      await open(page, path, { hydrated: javaScriptEnabled })
      if (!javaScriptEnabled) {
        // Without scripts the page cannot know whose it is: a cart link with no count, to the cart page, which shows it.
        expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart')
        expect(await cartButton(page).locator('[data-cart-count]').count()).toBe(0)
        expect(await cartButton(page).getAttribute('href')).toBe('/store/checkout?cart_type=store')
      } else {
        // Hydrated without a mismatch: the button (scripts) with the guest's count, and the drawer lists the line.
        await expect.poll(() => cartButton(page).evaluate((e) => e.tagName)).toBe('BUTTON')
        await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items')
        expect(await cartButton(page).locator('[data-cart-count]').textContent()).toBe('2')
        await cartButton(page).click()
        const line = page.getByRole('dialog', { name: 'Your cart' }).locator(`[data-mini-cart-line="${product.productId}"]`)
        await line.waitFor()
        expect(await line.textContent()).toContain(product.title)
        await page.keyboard.press('Escape')
        // In-app navigation keeps the count.
        await page.locator('main a[href^="/gp/"]').first().click()
        await page.waitForURL((url) => url.pathname.startsWith('/gp/'))
        await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items')
      }
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('a signed-in shopper sees their own menu and count on category and search pages once hydrated, and sign-out works', async () => {
    const { cookie } = await confirmedAccount('Quinnzq')
    const product = await findProduct((c) => c.available && !c.hasOptions)
    await fetch(`${baseUrl}/api/v3/cart_items`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie }, body: JSON.stringify({ productId: product.productId, quantity: 1 }) })
    const count = ((await (await fetch(`${baseUrl}/api/v3/cart`, { headers: { Cookie: cookie } })).json()) as { itemCount: number }).itemCount
    expect(count).toBeGreaterThan(0)
    const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`
    const { context, page, errors } = await signedInPage(cookie, { width: 1280, height: 900 })
    for (const path of ['/store/full-size-strollers', '/store/search?search_term=blanket']) {
      expect(await isSharedPage(path, cookie), path).toBe(true)
      await open(page, path)
      await expect.poll(() => cartButton(page).getAttribute('aria-label'), { message: path }).toBe(label)
      const menu = page.locator('[data-account-menu]')
      await menu.waitFor()
      await menu.locator('summary').click()
      await expect.poll(() => menu.getAttribute('open'), { message: path }).toBe('')
      expect(await menu.locator('summary').textContent(), path).toContain('Quinnzq')
      expect(await menu.getByRole('link', { name: 'Account settings' }).isVisible(), path).toBe(true)
      // No registry of their own: no 'My registry' link.
      expect(await menu.getByRole('link', { name: 'My registry' }).count(), path).toBe(0)
      await page.keyboard.press('Escape')
      await expect.poll(() => menu.getAttribute('open'), { message: path }).toBeNull()
      await expectNoSeriousA11yViolations(page, `signed-in ${path}`)
    }
    // Sign out from the menu of a shop page: the page and the next one are a visitor's.
    await page.locator('[data-account-menu] summary').click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBe(1)
    await open(page, '/store/full-size-strollers')
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBe(1)
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, empty')
    expect(await page.locator('[data-account-menu]').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  test("a signed-in shopper's product page: their own Add to Registry block once hydrated, the add works, and the menu links to their registry", async () => {
    const { cookie } = await confirmedAccount('Rowanzq')
    const product = await findProduct((c) => c.available && !c.hasOptions)
    const path = product.path
    const { context, page, errors } = await signedInPage(cookie, { width: 375, height: 800 })
    // No registry yet: the way to start one.
    expect(await isSharedPage(path, cookie)).toBe(true)
    await open(page, path)
    const block = page.locator('section[aria-labelledby="add-to-registry-heading"]')
    await expect.poll(() => block.textContent()).toContain('You will start a registry first.')
    expect(await block.getByRole('link', { name: /Sign in/ }).count()).toBe(0)

    // With a registry: their form, adding to it.
    const created = await fetch(`${baseUrl}/api/v3/registries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify({ registryType: 'baby', title: 'Baby Rowan', familyName: 'Rowan Family', slug: `rowan-${Date.now() % 1_000_000}`, arrivalDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10), planningStage: 'pregnant' }),
    })
    expect(created.status).toBe(201)
    const registryId = ((await created.json()) as { id: number }).id
    expect(await isSharedPage(path, cookie)).toBe(true)
    await open(page, path)
    await expect.poll(() => block.textContent()).toContain('Adding to Baby Rowan')
    await block.getByLabel('Quantity').fill('2')
    await block.getByRole('button', { name: 'Add to Registry' }).click()
    await expect.poll(() => block.getByRole('alert').or(block.getByRole('status')).first().textContent()).toContain('Added to your registry.')
    const { items } = (await (await fetch(`${baseUrl}/api/v3/registries/${registryId}/reg_items`, { headers: { Cookie: cookie } })).json()) as { items: { title: string; quantityNeeded: number }[] }
    expect(items.map((i) => [i.title, i.quantityNeeded])).toEqual([[product.title, 2]])
    await expectNoSeriousA11yViolations(page, 'signed-in product page')
    // Now an owner: the account menu has 'My registry', to their registry home.
    const menu = page.locator('[data-account-menu]')
    await menu.locator('summary').click()
    const myRegistry = menu.getByRole('link', { name: 'My registry' })
    await expect.poll(() => myRegistry.count()).toBe(1)
    expect(await myRegistry.getAttribute('href')).toBe('/registry/home')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
    await context.close()
  })

  test('without JavaScript, Add to Cart is a plain form: back to the page with a message and the count', async () => {
    // The page after the form brings a one-time message, so it is rendered for this visitor (shared-pages.spec).
    const product = await findProduct((c) => c.available && !c.hasOptions)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await open(page, product.path, { hydrated: false })
    expect(await cartButton(page).getAttribute('href')).toBe('/store/checkout?cart_type=store')
    await page.locator('[data-add-to-cart]').getByRole('button', { name: 'Add to Cart' }).click()
    await page.waitForLoadState('load')
    expect(new URL(page.url()).pathname).toBe(product.path)
    expect(await page.getByText('Added to your cart.').count()).toBe(1)
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 1 item')
    // The message is shown once: the next visit is the page everyone gets, whose cart link leads to the cart.
    await open(page, product.path, { hydrated: false })
    expect(await page.getByText('Added to your cart.').count()).toBe(0)
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart')
    await context.close()
  })

  test('a sold-out product says Sold out, offers Notify me, and the restock sends the email', async () => {
    const product = await findProduct((c) => !c.available && !c.hasOptions)
    const email = `notify-${Date.now()}@example.test`
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      await open(page, product.path)
      const buy = page.locator('[data-add-to-cart]')
      expect(await buy.getByText('Sold out').count()).toBeGreaterThan(0)
      expect(await buy.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0)
      await expectNoSeriousA11yViolations(page, `sold-out product, ${width}`)
      if (width === 1280) {
        await buy.getByRole('button', { name: 'Notify me when available' }).click()
        await expect.poll(() => buy.getByText('Enter your email address so we can tell you.').count()).toBeGreaterThan(0)
        await buy.getByLabel('Email').fill(email)
        await buy.getByRole('button', { name: 'Notify me when available' }).click()
        await buy.locator('[data-notify-done]').waitFor()
        expect(await buy.locator('[data-notify-done]').textContent()).toContain(email)
        await expectNoSeriousA11yViolations(page, 'notify me saved, 1280')
      }
      await context.close()
    }

    // A signed-in shopper's page, once it knows them: 'Notify me' names their address and asks for none.
    const account = await confirmedAccount('Sagezq')
    expect(await isSharedPage(product.path, account.cookie)).toBe(true)
    const signedIn = await signedInPage(account.cookie, { width: 375, height: 800 })
    await open(signedIn.page, product.path)
    const buy = signedIn.page.locator('[data-add-to-cart]')
    await expect.poll(() => buy.textContent()).toContain(`We will write to ${account.email}.`)
    expect(await buy.getByLabel('Email').count()).toBe(0)
    await buy.getByRole('button', { name: 'Notify me when available' }).click()
    await buy.locator('[data-notify-done]').waitFor()
    expect(await buy.locator('[data-notify-done]').textContent()).toContain(account.email)
    await expectNoSeriousA11yViolations(signedIn.page, 'signed-in notify me, 375')
    expect(signedIn.errors).toEqual([])
    await signedIn.context.close()

    // Staff restock it; each subscriber gets one 'Back in stock' email linking to the product page.
    const signIn = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoStaff) })
    const staff = signIn.headers.get('set-cookie')!.split(';')[0]!
    const restock = await fetch(`${baseUrl}/api/v3/products/${product.productId}/restock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff },
      body: JSON.stringify({ quantity: 3 }),
    })
    expect(restock.status).toBe(200)
    expect((await restock.json()).notified).toBeGreaterThanOrEqual(2)
    for (const to of [email, account.email]) expect(new URL(await latestEmailLink(baseUrl, to, /\/gp\//)).pathname).toBe(product.path)
  })
})

describe('registry guest view', () => {
  test("'Buy from Nestlist' (no JavaScript) adds the gift and goes to the registry's gift checkout", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await open(page, '/maya-and-leo', { hydrated: false })
    const buy = page.locator('[data-buy-from-nestlist]').first()
    expect(await buy.count()).toBe(1)
    const regItemId = await buy.locator('input[name="regItemId"]').getAttribute('value')
    // An option the family left open is chosen in the buy step: the first one in stock.
    for (const menu of await buy.locator('select').all()) {
      const value = await menu.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
      await menu.selectOption(value!)
    }
    await buy.getByRole('button').click()
    await page.waitForURL((url) => url.pathname === '/store-checkout-hbb')
    const registryId = new URL(page.url()).searchParams.get('registry_id')
    expect(registryId).toMatch(/^\d+$/)
    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === 'nestlist_cart')!
    const cart = await (await fetch(`${baseUrl}/api/v3/cart`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } })).json()
    expect(cart.lines).toHaveLength(1)
    expect(cart.lines[0].gift).toMatchObject({ registryId: Number(registryId), regItemId: Number(regItemId) })
    // The family's street never reaches a gift buyer: city and state only.
    expect(Object.keys(cart.lines[0].gift).sort()).toEqual(['familyName', 'regItemId', 'registryId', 'shipsTo'])
    await context.close()
  })

  test("with JavaScript, buying an item whose color the family left open asks for it at the card, then, once chosen, checks it out (axe at 1280)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await open(page, '/maya-and-leo')
    const buy = page.locator('[data-buy-from-nestlist]').filter({ has: page.locator('select') }).first()
    const menus = await buy.locator('select').all()
    expect(menus.length).toBeGreaterThan(0)
    // Nothing chosen: the refusal is said beside the field, in the card the guest used, and nothing is added.
    await buy.getByRole('button').click()
    await expect.poll(() => buy.innerText()).toMatch(/Choose a (size|color)\./)
    expect(page.url()).toContain('/maya-and-leo')
    await expectNoSeriousA11yViolations(page, 'guest registry, buy step asking for an option, 1280')
    for (const menu of menus) {
      const value = await menu.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
      await menu.selectOption(value!)
    }
    await buy.getByRole('button').click()
    await page.waitForURL((url) => url.pathname === '/store-checkout-hbb')
    await context.close()
  })
})
