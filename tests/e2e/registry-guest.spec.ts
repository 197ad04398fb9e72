import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'
import { latestEmailLink } from './support/outbox'

// Guests (issue 5): find a registry by name, reserve a quantity, buy elsewhere, leave a thank-you address,
// unreserve through the email's links, see fulfilled gifts, reserve without JavaScript; the pages pass axe and
// never carry the owner's street address or email. The registry is set up through the JSON API.
const baseUrl = inject('baseUrl')
let browser: Browser
let owner: TestAccount
const tag = randomBytes(3).toString('hex')
const familyName = `Maya & Leo Quillfeather${tag}`
const STREET = `742 Evergreen Terrace ${tag}`
let registry: { id: number; slug: string }
let items: { id: number; title: string }[]

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
  owner = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Quillfeather' })
  const created = await api('POST', '/api/v3/registries', {
    registryType: 'baby',
    title: 'Baby Quillfeather',
    familyName,
    slug: `quillfeather-${tag}`,
    arrivalDate: '2027-03-15',
  })
  registry = { id: created.id, slug: created.slug }
  await api('PATCH', `/api/v3/registries/${registry.id}`, {
    searchLevel: 'nestlist',
    welcomeNote: 'Thank you for celebrating with us!',
    shippingAddress: { name: 'Maya Quillfeather', line1: STREET, line2: '', city: 'Springfield', state: 'OR', zip: '97477' },
  })
  const search = await (await fetch(`${baseUrl}/api/v3/search?search_term=crib`)).json()
  const products = (search.heroProducts as { productId: number; title: string }[]).slice(0, 3)
  items = []
  for (const [i, p] of products.entries()) {
    const item = await api('POST', `/api/v3/registries/${registry.id}/reg_items`, { productId: p.productId, quantity: i === 0 ? 3 : 1 })
    items.push({ id: item.id, title: item.title })
  }
})
afterAll(async () => {
  await browser?.close()
})

async function guest(width = 1280, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string, { hydrated = true } = {}) {
  const response = await page.goto(`${baseUrl}${path}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
  return response
}

function card(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

async function reserveInDialog(page: Page, title: string, mode: 'Reserve' | 'I bought this elsewhere', fields: { quantity?: string; name: string; email: string }) {
  await card(page, title).getByRole('link', { name: `${mode}: ${title}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  if (fields.quantity) await dialog.getByLabel('Quantity').selectOption(fields.quantity)
  await dialog.getByLabel('Your name').fill(fields.name)
  await dialog.getByLabel('Your email').fill(fields.email)
  return dialog
}

async function expectNoOwnerSecrets(context: BrowserContext, page: Page, label: string) {
  const html = await page.content()
  expect(html, label).not.toContain(STREET)
  expect(html, label).not.toContain(owner.email)
  void context
}

describe('registry guests', () => {
  test('a guest finds the registry by name, reserves 2, buys another elsewhere, leaves a thank-you address and unreserves from the email', async () => {
    const { context, page } = await guest(1280)
    const email = `guest-${tag}@example.test`
    try {
      await open(page, '/find')
      await expectNoSeriousA11yViolations(page, '/find')
      await page.getByRole('searchbox', { name: 'Find a registry' }).fill(`Quillfeather${tag}`)
      await page.getByRole('button', { name: 'Search registries' }).click()
      await page.waitForURL(/search_term=/)
      const result = page.getByRole('link', { name: new RegExp(familyName) })
      expect(await result.innerText()).toContain('Springfield, OR')
      expect(await result.innerText()).toContain('Arriving March 2027')
      await expectNoOwnerSecrets(context, page, '/find results')
      await result.click()
      await page.waitForURL(`**/${registry.slug}`)
      await page.getByRole('heading', { level: 1, name: familyName }).waitFor()
      const header = await page.locator('header').last().innerText()
      expect(header).toContain('Arriving March 2027')
      expect(header).toContain('Gifts ship to Springfield, OR')
      expect(header).toContain('Thank you for celebrating with us!')
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
      await expectNoOwnerSecrets(context, page, 'guest view')
      await expectNoSeriousA11yViolations(page, 'guest view 1280')
      const [mugs, crib] = items as [{ id: number; title: string }, { id: number; title: string }]
      expect(await card(page, mugs.title).innerText()).toContain('3 still needed')

      // Reserve two in the dialog.
      const dialog = await reserveInDialog(page, mugs.title, 'Reserve', { quantity: '2', name: 'June Park', email })
      expect(await dialog.getByLabel('Quantity').locator('option').count()).toBe(3)
      await expectNoSeriousA11yViolations(page, 'reserve dialog')
      await dialog.getByRole('button', { name: 'Reserve gift' }).click()
      await page.waitForURL(/\/reservations\/[0-9a-f-]{36}\?show_purchase_confirmation_modal=true/)
      const reservationUrl = page.url().split('?')[0]!
      await page.getByRole('heading', { level: 1, name: `For ${familyName}` }).waitFor()
      await page.getByText('You reserved this gift!').waitFor()
      expect(await page.locator('main').innerText()).toContain('Quantity 2')
      expect(await page.getByRole('link', { name: 'See it in the Nestlist Shop' }).getAttribute('href')).toMatch(/^\/gp\//)
      await expectNoSeriousA11yViolations(page, 'reservation page')

      // Thank-you address: it applies to all this giver's gifts on the registry.
      expect(await page.getByRole('heading', { name: 'Want a thank-you note? Leave your address' }).isVisible()).toBe(true)
      await page.getByLabel('Street address').fill('1 Elm Street')
      await page.getByLabel('City').fill('Austin')
      await page.getByLabel('State').selectOption('TX')
      await page.getByLabel('ZIP code').fill('78701')
      await page.getByRole('button', { name: 'Save my address' }).click()
      await page.getByText('now has your address for all your gifts on this registry').waitFor()

      // Back on the registry: 'You reserved this' and one still needed.
      await open(page, `/list/${registry.id}`)
      const mugsCard = await card(page, mugs.title).innerText()
      expect(mugsCard).toContain('You reserved this')
      expect(mugsCard).toContain('1 still needed')

      // Bought elsewhere.
      const bought = await reserveInDialog(page, crib.title, 'I bought this elsewhere', { name: 'June Park', email })
      await bought.getByRole('button', { name: 'Mark as bought' }).click()
      await page.waitForURL(/show_purchase_confirmation_modal=true/)
      await page.getByText('Thank you for your gift!').waitFor()
      expect(page.url().split('?')[0]).not.toBe(reservationUrl)

      // The email's 'I bought it' link only asks (a GET changes nothing).
      const purchaseLink = await latestEmailLink(baseUrl, email, /\/email_actions\/reservation_purchase\/[0-9a-f-]{36}\?purchased=1/)
      expect(purchaseLink).toContain(reservationUrl.split('/reservations/')[1])
      await page.goto(purchaseLink)
      await page.waitForSelector('html[data-hydrated]')
      expect(await page.getByRole('button', { name: 'Mark as bought' }).isVisible()).toBe(true)
      await open(page, `/list/${registry.id}`)
      expect(await card(page, mugs.title).innerText()).toContain('1 still needed')

      // Unreserve through the reservation page the email links to.
      const pageLink = await latestEmailLink(baseUrl, email, new RegExp(`/reservations/${reservationUrl.split('/reservations/')[1]}$`))
      await page.goto(pageLink.replace(/[.,]$/, ''))
      await page.waitForSelector('html[data-hydrated]')
      await page.getByRole('link', { name: 'Unreserve' }).click()
      await page.waitForURL('**/reservation/unreserve/**')
      await page.getByRole('button', { name: 'Yes, unreserve it' }).click()
      await page.waitForURL(`**/list/${registry.id}`)
      await page.getByText('Your reservation is cancelled').waitFor()
      expect(await card(page, mugs.title).innerText()).toContain('3 still needed')
    } finally {
      await context.close()
    }
  })

  test('a second guest sees the fulfilled gift, can hide it, and gets a clear message when someone reserves first', async () => {
    const { context, page } = await guest(375)
    const other = await guest(1280)
    const [, crib, third] = items as [unknown, { id: number; title: string }, { id: number; title: string }]
    try {
      await open(page, `/${registry.slug}`)
      const cribCard = card(page, crib.title)
      expect(await cribCard.innerText()).toContain('Fulfilled')
      expect(await cribCard.getByRole('link', { name: /^Reserve/ }).count()).toBe(0)
      await expectNoSeriousA11yViolations(page, 'guest view 375')

      // Two guests open the same gift; the slower one hears that it is gone, with fresh quantities.
      const dialog = await reserveInDialog(page, third.title, 'Reserve', { name: 'Sam Slow', email: `slow-${tag}@example.test` })
      await expectNoSeriousA11yViolations(page, 'reserve dialog 375')
      await open(other.page, `/${registry.slug}`)
      const fast = await reserveInDialog(other.page, third.title, 'Reserve', { name: 'Fay Fast', email: `fast-${tag}@example.test` })
      await fast.getByRole('button', { name: 'Reserve gift' }).click()
      await other.page.waitForURL(/show_purchase_confirmation_modal=true/)
      await dialog.getByRole('button', { name: 'Reserve gift' }).click()
      await dialog.getByText('Someone just reserved this gift').waitFor()
      await dialog.getByText('This gift is fulfilled').waitFor()
      await page.keyboard.press('Escape')
      await card(page, third.title).getByText('Fulfilled').waitFor()

      // On a phone the category, price and sort fields are folded behind one button.
      expect(await page.locator('#filter-category').isVisible()).toBe(false)
      await page.getByRole('button', { name: 'Category, price and sort' }).click()
      expect(await page.locator('#filter-category').isVisible()).toBe(true)

      // Hide fulfilled (a GET filter, so the link can be shared).
      await page.getByLabel('Hide fulfilled gifts').check()
      await page.waitForURL(/hide_fulfilled=1/)
      await page.waitForSelector('html[data-hydrated]')
      expect(await card(page, crib.title).count()).toBe(0)
      expect(await card(page, (items[0] as { title: string }).title).count()).toBe(1)
    } finally {
      await context.close()
      await other.context.close()
    }
  })

  test('without JavaScript a guest reserves in the page section and filters by price', async () => {
    const { context, page } = await guest(1280, { javaScriptEnabled: false })
    const mugs = items[0] as { id: number; title: string }
    try {
      await open(page, `/list/${registry.id}`, { hydrated: false })
      await page.getByLabel('Max price ($)').fill('100000')
      await page.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL(/price_max=100000/)
      await card(page, mugs.title).getByRole('link', { name: `Reserve: ${mugs.title}` }).click()
      await page.waitForURL(new RegExp(`reserve=${mugs.id}`))
      const section = page.locator('#reserve')
      expect(await section.getByRole('heading', { name: 'Reserve this gift' }).isVisible()).toBe(true)
      await section.getByLabel('Your name').fill('No Script')
      await section.getByLabel('Your email').fill('not-an-email')
      await section.getByRole('button', { name: 'Reserve gift' }).click()
      await page.waitForLoadState()
      expect(await section.getByText('Enter an email address like name@example.com.').isVisible()).toBe(true)
      expect(await section.getByLabel('Your name').inputValue()).toBe('No Script')
      await section.getByLabel('Your email').fill(`noscript-${tag}@example.test`)
      await section.getByRole('button', { name: 'Reserve gift' }).click()
      await page.waitForURL(/\/reservations\/[0-9a-f-]{36}\?show_purchase_confirmation_modal=true/)
      expect(await page.locator('main').innerText()).toContain('You reserved this gift!')
      await open(page, `/list/${registry.id}`, { hydrated: false })
      expect(await card(page, mugs.title).innerText()).toContain('You reserved this')
    } finally {
      await context.close()
    }
  })

  test('the owner sees an owner bar that ?view=guest removes; unknown ids and slugs are 404s', async () => {
    const { context, page } = await guest(1280)
    try {
      for (const path of ['/list/abc', '/list/123456789012', '/reg/1e3', `/no-such-family-${tag}`, '/reservations/not-a-uuid']) {
        expect((await page.goto(`${baseUrl}${path}`))?.status(), path).toBe(404)
      }
      await signInContext(context, baseUrl, owner)
      await open(page, `/reg/${registry.id}`)
      expect(await page.getByRole('link', { name: 'Registry home' }).getAttribute('href')).toBe('/registry/home')
      await page.getByRole('link', { name: 'View as guest' }).click()
      await page.waitForURL(/view=guest/)
      await page.getByRole('link', { name: 'View as guest' }).waitFor({ state: 'detached' })
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(familyName)
    } finally {
      await context.close()
    }
  })
})
