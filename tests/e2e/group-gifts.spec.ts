import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { fillShippingAddress, openPage, testCard, testCardExpiry } from './support/checkout-setup'

// Group gifts (docs/decisions/030, h12): the family makes an item a group gift from their registry page, a guest
// chips in with the test card on the guest page (a declined card keeps what was typed; with and without
// JavaScript), other guests see the progress and a count without names, and the family redeems the fund as store
// credit; a fully funded catalogue group gift is ordered with its fund ("Order it": store credit, the item in the
// cart, checkout with the credit applied). Axe at 320 and 1280 px. The registry and its item are set up through the JSON API.
const baseUrl = inject('baseUrl')
let browser: Browser
let owner: TestAccount
const tag = randomBytes(3).toString('hex')
let registry: { id: number; slug: string }
let item: { id: number; title: string; priceCents: number }

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: owner.cookie, Origin: baseUrl },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json().catch(() => null)
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Rivera' })
  const created = await api('POST', '/api/v3/registries', { registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `group-${tag}`, isArrivalDateKnown: false })
  registry = { id: created.id, slug: created.slug }
  const search = await (await fetch(`${baseUrl}/api/v3/search?search_term=stroller`)).json()
  const product = (search.heroProducts as { productId: number }[])[0]!
  const added = await api('POST', `/api/v3/registries/${registry.id}/reg_items`, { productId: product.productId, quantity: 1 })
  item = { id: added.id, title: added.title, priceCents: added.priceCents }
})
afterAll(async () => {
  await browser?.close()
})

const open = (page: Page, path: string, options?: { hydrated?: boolean }) => openPage(page, baseUrl, path, options)
const expiry = () => `12/${(new Date().getUTCFullYear() + 2) % 100}`

async function fillChipIn(page: Page, { amount, name, card }: { amount: string; name: string; card: string }) {
  await page.getByLabel('Amount (US dollars)').fill(amount)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Your email').fill(`${name.split(' ')[0]!.toLowerCase()}.${tag}@example.test`)
  await page.getByLabel('Message for the family').fill(`Love from ${name}`)
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill(expiry())
  await page.getByLabel('Security code (CVC)').fill('123')
}

describe('group gifts', () => {
  test('the family makes an item a group gift from their registry page; the goal shows the 10% buffer and why', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, owner)
    const page = await context.newPage()
    await open(page, '/registry/home')
    await page.getByRole('link', { name: `Group gift: ${item.title}` }).click()
    await page.waitForURL(/\/registry\/items\/\d+\/group-gift$/)
    await page.waitForSelector('html[data-hydrated]')
    const goal = Math.ceil((item.priceCents * 110) / 100)
    const goalText = `$${(goal / 100).toLocaleString('en-US', { minimumFractionDigits: goal % 100 ? 2 : 0, maximumFractionDigits: 2 })}`
    expect(await page.getByRole('main').innerText()).toContain(`Goal: ${goalText}`)
    expect(await page.getByRole('main').innerText()).toContain('covers tax and shipping')
    await expectNoSeriousA11yViolations(page, 'make a group gift 1280')
    await page.getByRole('button', { name: 'Make it a group gift' }).click()
    await expect.poll(() => page.getByText(`${item.title} is now a group gift.`).count()).toBe(1)
    await expect.poll(() => page.getByRole('button', { name: 'Stop the group gift' }).count()).toBe(1)
    await context.close()
  })

  test('a guest chips in with the test card on the guest page; a declined card keeps what was typed; others see a count, no names', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } })
    const page = await context.newPage()
    await open(page, `/${registry.slug}`)
    // A group gift is not reserved whole: its card offers 'Chip in' only.
    expect(await page.getByRole('link', { name: `Reserve: ${item.title}` }).count()).toBe(0)
    await expectNoSeriousA11yViolations(page, 'guest page with a group gift 320')
    await page.getByRole('link', { name: `Chip in: ${item.title}` }).click()
    await page.waitForURL(/\/group_gifts\/\d+$/)
    await page.waitForSelector('html[data-hydrated]')
    await expectNoSeriousA11yViolations(page, 'chip in 320')

    await fillChipIn(page, { amount: '40', name: 'Grandma Rose', card: '4000 0000 0000 0002' })
    await page.getByRole('button', { name: 'Chip in now' }).click()
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Your card was declined')
    expect(await page.getByLabel('Amount (US dollars)').inputValue()).toBe('40')
    expect(await page.getByLabel('Your name').inputValue()).toBe('Grandma Rose')
    await expectNoSeriousA11yViolations(page, 'chip in declined 320')

    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill(expiry())
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: 'Chip in now' }).click()
    await expect.poll(() => page.getByText(`You chipped in $40 towards ${item.title}`).count()).toBe(1)

    await open(page, `/${registry.slug}`)
    const card = page.getByRole('article', { name: item.title })
    const text = await card.innerText()
    expect(text).toContain('$40 of')
    expect(text).toContain('1 person chipped in')
    expect(await page.content()).not.toContain('Grandma Rose')
    await context.close()
  })

  test('without JavaScript a guest still chips in, and too small an amount is explained beside the field', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await open(page, `/group_gifts/${item.id}`, { hydrated: false })
    await fillChipIn(page, { amount: '3', name: 'Uncle Theo', card: '4242424242424242' })
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Chip in now' }).click()])
    expect(await page.getByText('Chip in at least $5.').count()).toBe(1)
    expect(await page.getByLabel('Your name').inputValue()).toBe('Uncle Theo')
    await page.getByLabel('Amount (US dollars)').fill('25')
    await page.getByLabel('Card number').fill('4242424242424242')
    await page.getByLabel('Expiry (MM/YY)').fill(expiry())
    await page.getByLabel('Security code (CVC)').fill('123')
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Chip in now' }).click()])
    expect(await page.getByText(`You chipped in $25 towards ${item.title}`).count()).toBe(1)
    await context.close()
  })

  test('the family sees who chipped in in the gift tracker and turns the fund into store credit, once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, owner)
    const page = await context.newPage()
    await open(page, '/registry/gift-tracker')
    const gifts = await page.getByRole('region', { name: 'Cash fund and group gifts' }).innerText()
    expect(gifts).toContain('Grandma Rose chipped in $40')
    expect(gifts).toContain('Uncle Theo chipped in $25')
    await expectNoSeriousA11yViolations(page, 'gift tracker with chip-ins 1280')
    // h13: charged chip-ins of a fund not used yet wait apart from what was received.
    expect(gifts).toContain('$65 waiting in group gifts')
    await page.screenshot({ path: '/tmp/ggr-tracker-1280.png', fullPage: true })
    await page.setViewportSize({ width: 320, height: 800 })
    await expectNoSeriousA11yViolations(page, 'gift tracker with chip-ins 320')
    await page.screenshot({ path: '/tmp/ggr-tracker-320.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    await open(page, `/registry/items/${item.id}/group-gift`)
    expect(await page.getByText('2 people have already chipped in, so this stays a group gift.').count()).toBe(1)
    await page.getByRole('button', { name: 'Turn into store credit' }).click()
    await expect.poll(() => page.getByText('$65 was added to your Nestlist store credit.').count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('button', { name: 'Turn into store credit' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Use the fund' }).count()).toBe(1)
    await expectNoSeriousA11yViolations(page, 'group gift redeemed 1280')
    const credit = await api('GET', '/api/v3/user_credit')
    expect(credit.balanceCents).toBe(6_500)
    await context.close()

    // Guests now see it closed: no more chip-ins.
    const guestContext = await browser.newContext({ viewport: { width: 320, height: 800 } })
    const guestPage = await guestContext.newPage()
    await open(guestPage, `/${registry.slug}`)
    expect(await guestPage.getByRole('link', { name: `Chip in: ${item.title}` }).count()).toBe(0)
    await guestContext.close()
  })

  test('"Order it": a fully funded catalogue group gift lands on checkout with the item in the cart and the credit applied', async () => {
    // A family of its own (no store credit yet), its registry and a catalogue item funded by chip-ins through the API.
    const family = await createAccount(baseUrl, { firstName: 'Ora', lastName: 'Nguyen' })
    const as = async (method: string, path: string, body?: unknown, cookie: string | null = family.cookie) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const json = await res.json().catch(() => null)
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
      return json
    }
    const reg = await as('POST', '/api/v3/registries', { registryType: 'baby', title: 'Baby Nguyen', familyName: 'Ora Nguyen', slug: `order-${tag}`, isArrivalDateKnown: false })
    // A product without sizes or colours to choose, so the registry item goes to the cart as it is.
    const search = await (await fetch(`${baseUrl}/api/v3/search?search_term=stroller`)).json()
    const heroes = search.heroProducts as { productId: number; hasOptions?: boolean }[]
    const product = heroes.find((p) => !p.hasOptions) ?? heroes[0]!
    const added = await as('POST', `/api/v3/registries/${reg.id}/reg_items`, { productId: product.productId, quantity: 1 })
    const marked = await as('PUT', `/api/v3/registries/${reg.id}/reg_items/${added.id}/group_gift`)
    let left = marked.goalCents as number
    for (let n = 0; left > 0; n++) {
      const amountCents = Math.min(left, 500_000)
      const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
      await as('POST', '/api/v3/cash_fund_contributions', { regItemId: added.id, amountCents, giverName: `Friend ${n}`, giverEmail: `friend${n}.${tag}@example.test`, idempotencyKey: `order-${tag}-${n}`, card }, null)
      left -= amountCents
    }
    const fund = `$${(marked.goalCents / 100).toLocaleString('en-US', { minimumFractionDigits: marked.goalCents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, family)
    const page = await context.newPage()
    await open(page, `/registry/items/${added.id}/group-gift`)
    expect(await page.getByRole('heading', { name: 'Order it' }).count()).toBe(1)
    await expectNoSeriousA11yViolations(page, 'group gift order it 1280')
    await page.getByRole('button', { name: 'Order it' }).click()
    await page.waitForURL(/\/store\/checkout\?apply_credit=1&group_gift=\d+$/)
    await page.waitForSelector('html[data-hydrated]')
    const main = page.getByRole('main')
    await expect.poll(() => main.innerText()).toContain(`The group gift fund (${fund}) is now your Nestlist store credit and ${added.title} is in your cart.`)
    const text = await main.innerText()
    expect(text).toContain('Store credit')
    expect(await page.getByRole('checkbox', { name: /Apply my store credit/ }).isChecked()).toBe(true)
    await expectNoSeriousA11yViolations(page, 'checkout after order it 1280')
    await page.screenshot({ path: '/tmp/order-it-checkout.png', fullPage: true })
    const cart = await as('GET', '/api/v3/cart')
    expect(JSON.stringify(cart)).toContain(added.title)

    // The family page now says the fund went to ordering the gift, and does not offer it again (the cart is filled once).
    await open(page, `/registry/items/${added.id}/group-gift`)
    expect(await page.getByRole('button', { name: 'Order it' }).count()).toBe(0)
    expect(await page.getByText(`${fund} became your Nestlist store credit to order this gift.`).count()).toBe(1)
    expect((await as('GET', '/api/v3/user_credit')).balanceCents).toBe(marked.goalCents)
    await page.screenshot({ path: '/tmp/order-it-family.png', fullPage: true })

    // h13: the order placed at that checkout is recorded against the group gift; the family page says "Ordered"
    // and links to it.
    await page.getByRole('link', { name: 'Go to checkout' }).click()
    await page.waitForURL(/\/store\/checkout\?apply_credit=1&group_gift=\d+$/)
    await page.waitForSelector('html[data-hydrated]')
    await fillShippingAddress(page, 'Ora Nguyen')
    if (await page.getByLabel('Card number').isVisible()) {
      await page.getByLabel('Card number').fill(testCard.number)
      await page.getByLabel('Expiry (MM/YY)').fill(testCardExpiry)
      await page.getByLabel('Security code (CVC)').fill('123')
    }
    await page.getByRole('button', { name: /^Place order/ }).click()
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}/)
    const orderId = /\/orders\/([0-9a-f-]{36})/.exec(page.url())![1]!
    await open(page, `/registry/items/${added.id}/group-gift`)
    expect(await page.getByText('Ordered', { exact: true }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'See the order' }).getAttribute('href')).toBe(`/orders/${orderId}`)
    await expectNoSeriousA11yViolations(page, 'group gift ordered 1280')
    await page.setViewportSize({ width: 320, height: 800 })
    await expectNoSeriousA11yViolations(page, 'group gift ordered 320')
    await page.screenshot({ path: '/tmp/ggr-ordered-320.png', fullPage: true })
    await context.close()
  })

  test('h13: "Order it" for an item whose size and colour were never chosen offers the choice (stock shown, sold out disabled), without JavaScript', async () => {
    const family = await createAccount(baseUrl, { firstName: 'Ivy', lastName: 'Chen' })
    const as = async (method: string, path: string, body?: unknown, cookie: string | null = family.cookie) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const json = await res.json().catch(() => null)
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
      return json
    }
    const reg = await as('POST', '/api/v3/registries', { registryType: 'baby', title: 'Baby Chen', familyName: 'Ivy Chen', slug: `choose-${tag}`, isArrivalDateKnown: false })
    const search = await (await fetch(`${baseUrl}/api/v3/search?search_term=bodysuit`)).json()
    const product = (search.heroProducts as { productId: number; hasOptions?: boolean }[]).find((p) => p.hasOptions)!
    expect(product).toBeTruthy()
    // Added with no size or colour chosen.
    const added = await as('POST', `/api/v3/registries/${reg.id}/reg_items`, { productId: product.productId, quantity: 1 })
    const marked = await as('PUT', `/api/v3/registries/${reg.id}/reg_items/${added.id}/group_gift`)
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
    await as('POST', '/api/v3/cash_fund_contributions', { regItemId: added.id, amountCents: marked.goalCents, giverName: 'Friend', giverEmail: `friend.${tag}@example.test`, idempotencyKey: `choose-${tag}`, card }, null)

    // Axe (it needs JavaScript) at 320 and 1280 px, then the whole flow without JavaScript.
    const scripted = await browser.newContext({ viewport: { width: 320, height: 800 } })
    await signInContext(scripted, baseUrl, family)
    const look = await scripted.newPage()
    await open(look, `/registry/items/${added.id}/group-gift`)
    expect(await look.getByRole('group', { name: /^Choose a (size|color)/ }).getByRole('radio').count()).toBeGreaterThan(1)
    await expectNoSeriousA11yViolations(look, 'order it with a choice 320')
    await look.screenshot({ path: '/tmp/ggr-order-choice-320.png', fullPage: true })
    await look.setViewportSize({ width: 1280, height: 900 })
    await expectNoSeriousA11yViolations(look, 'order it with a choice 1280')
    await look.screenshot({ path: '/tmp/ggr-order-choice-1280.png', fullPage: true })
    await scripted.close()

    const context = await browser.newContext({ viewport: { width: 320, height: 800 }, javaScriptEnabled: false })
    await signInContext(context, baseUrl, family)
    const page = await context.newPage()
    await open(page, `/registry/items/${added.id}/group-gift`, { hydrated: false })
    const group = page.getByRole('group', { name: /^Choose a (size|color)/ })
    expect(await group.count()).toBe(1)
    // Nothing chosen: a clear message beside the group, nothing redeemed.
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Order it' }).click()])
    expect(await page.getByText('Choose which one to order.').count()).toBeGreaterThan(0)
    expect((await as('GET', '/api/v3/user_credit')).balanceCents).toBe(0)
    // Choose the first option in stock: the item goes in the cart in that option.
    const enabled = group.locator('input[type=radio]:not([disabled])').first()
    const key = (await enabled.getAttribute('value'))!
    await enabled.check()
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Order it' }).click()])
    await page.waitForURL(/\/store\/checkout\?apply_credit=1&group_gift=\d+$/)
    const cart = JSON.stringify(await as('GET', '/api/v3/cart'))
    for (const part of key.split('|')) expect(cart).toContain(part.split('=')[1]!)
    await context.close()
  })
})
