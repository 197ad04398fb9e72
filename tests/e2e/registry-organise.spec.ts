import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'

// Registries (issue 5), building and organising: 'Add to Registry' on a product page (with and without
// JavaScript), the organise page (rename a category, move an item, keyboard reordering announced), the gift
// tracker with a guest's gift and its thank-you checkbox; axe at phone and desktop widths.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function signedIn(account: TestAccount, width = 1280, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
  await signInContext(context, baseUrl, account)
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string, { hydrated = true } = {}) {
  const response = await page.goto(`${baseUrl}${path}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
  return response
}

/** An owner with a fresh registry, made through the JSON API (POST /api/v3/registries). */
async function ownerWithRegistry() {
  const account = await createAccount(baseUrl, { firstName: 'Maya' })
  const res = await fetch(`${baseUrl}/api/v3/registries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: account.cookie },
    body: JSON.stringify({ registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `rivera-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`, isArrivalDateKnown: false }),
  })
  if (res.status !== 201) throw new Error(`registry create failed: ${res.status} ${await res.text()}`)
  const registry = (await res.json()) as { id: number }
  return { account, registryId: registry.id }
}

/** The paths of the popular products /registry/add-items offers. */
async function productPaths(page: Page) {
  await open(page, '/registry/add-items')
  return page.locator('ul[aria-label="Popular products"] h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
}

const categoryNames = (page: Page) => page.locator('ol[aria-label="Your categories"] > li h2').evaluateAll((hs) => hs.map((h) => h.firstChild?.textContent?.trim() ?? ''))

describe('registry organise', () => {
  test('an owner adds a product from its page, renames a category, moves the item, reorders with the keyboard and sees the gift in the tracker', async () => {
    const { account, registryId } = await ownerWithRegistry()
    const { context, page } = await signedIn(account)
    try {
      const [first, second] = await productPaths(page)
      expect(first).toMatch(/^\/gp\//)
      await expectNoSeriousA11yViolations(page, '/registry/add-items')

      // Add to Registry on the product page: quantity, category, most wanted
      await open(page, first!)
      const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim()
      await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2')
      await page.getByText("Category, note and 'Most wanted'").click()
      await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Nursery' })
      await page.getByLabel('Most wanted').check()
      await page.getByRole('button', { name: 'Add to Registry' }).click()
      await page.getByText('Added to your registry.').waitFor()
      expect(await page.getByRole('link', { name: 'View your registry' }).getAttribute('href')).toBe('/registry/home')
      await expectNoSeriousA11yViolations(page, 'product page with the add form')

      // A second product through the quick Add on /registry/add-items
      await open(page, '/registry/add-items')
      const quick = page.locator('ul[aria-label="Popular products"] > li').filter({ has: page.locator(`a[href="${second}"]`) })
      await quick.getByRole('button', { name: /to your registry$/ }).click()
      await quick.getByRole('button', { name: /^Add another/ }).waitFor()

      // Organise
      await open(page, `/list/${registryId}/organize`)
      await expectNoSeriousA11yViolations(page, 'organize at 1280')
      const nursery = page.locator('ol[aria-label="Your categories"] > li').filter({ has: page.getByRole('heading', { name: /^Nursery/ }) })
      expect(await nursery.getByText(title).count()).toBeGreaterThan(0)
      expect(await nursery.getByLabel('Most wanted').isChecked()).toBe(true)
      expect(await nursery.getByLabel('Quantity').inputValue()).toBe('2')
      // the default category explains why it cannot be renamed
      expect(await page.getByText('so it cannot be renamed or deleted').count()).toBe(1)

      // rename Gear
      await page.getByRole('button', { name: 'Rename Gear' }).click()
      await page.getByLabel('New name for Gear').fill('Travel gear')
      await page.getByRole('button', { name: 'Save name' }).click()
      await page.getByRole('heading', { name: /^Travel gear/ }).waitFor()

      // move the item from Nursery to Travel gear
      await nursery.getByText(`Edit ${title}`).click()
      await nursery.getByLabel('Category').selectOption({ label: 'Travel gear' })
      await nursery.getByRole('button', { name: 'Move', exact: true }).click()
      const travel = page.locator('ol[aria-label="Your categories"] > li').filter({ has: page.getByRole('heading', { name: /^Travel gear/ }) })
      await travel.getByText(title, { exact: true }).waitFor()
      await page.waitForFunction(() => !document.querySelector('ol[aria-label="Items in Nursery"] [data-item-id]'))

      // reorder categories with the keyboard: Travel gear up one place, announced
      const before = await categoryNames(page)
      const at = before.indexOf('Travel gear')
      await page.getByRole('button', { name: 'Move Travel gear up' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(
        (text) => document.querySelector('p[role="status"].sr-only')?.textContent === text,
        `“Travel gear” moved to position ${at} of ${before.length}.`,
      )
      const after = await categoryNames(page)
      expect(after.indexOf('Travel gear')).toBe(at - 1)
      // focus stays on a move button of the moved category
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Move Travel gear (up|down)$/)
      await page.reload()
      await page.waitForSelector('html[data-hydrated]')
      expect(await categoryNames(page)).toEqual(after)

      await page.setViewportSize({ width: 375, height: 800 })
      await expectNoSeriousA11yViolations(page, 'organize at 375')

      // a guest gives the item; the owner sees it in the gift tracker and ticks the thank-you
      const itemId = await travel.locator('[data-item-id]').first().getAttribute('data-item-id')
      const gave = await fetch(`${baseUrl}/api/v3/reg_items/${itemId}/reservations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ quantity: 1, giverName: 'Aunt May', giverEmail: 'may@example.test', purchased: true }),
      })
      expect(gave.status).toBe(201)
      await open(page, '/registry/gift-tracker')
      const gift = page.getByRole('listitem').filter({ hasText: 'Aunt May' })
      expect(await gift.innerText()).toContain('Bought elsewhere')
      expect(await gift.innerText()).toContain(title)
      await expectNoSeriousA11yViolations(page, 'gift tracker at 375')
      await gift.getByRole('checkbox', { name: /Thank-you sent/ }).check()
      await page.waitForFunction(() => document.body.innerText.includes('1 of 1'))
      await page.reload()
      const row = (giver: string) => page.getByRole('listitem').filter({ hasText: `${giver} gave` })
      expect(await row('Aunt May').getByRole('checkbox', { name: /Thank-you sent/ }).isChecked()).toBe(true)
      await row('Aunt May').getByRole('checkbox', { name: /^Received/ }).check()
      await page.waitForFunction(() => /Not received yet\s*0/.test(document.body.innerText))
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, 'gift tracker at 1280')

      // A second gift with a message: the filters, 'Ask for their address', the CSV and the printable list.
      const reserved = await fetch(`${baseUrl}/api/v3/reg_items/${itemId}/reservations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ quantity: 1, giverName: 'Uncle Ben', giverEmail: 'ben@example.test', giftMessage: 'For the car rides' }),
      })
      expect(reserved.status).toBe(201)
      await open(page, '/registry/gift-tracker')
      expect(await row('Uncle Ben').innerText()).toContain('“For the car rides”')
      await page.getByLabel('Show').selectOption('to-thank')
      await page.waitForURL(/show=to-thank/)
      await page.getByRole('heading', { name: 'Showing 1 of 2 gifts' }).waitFor()
      expect(await row('Aunt May').count()).toBe(0)
      await row('Uncle Ben').getByRole('button', { name: 'Ask for their address' }).click()
      await page.getByText('We emailed Uncle Ben a link to add their address.').waitFor()
      await expect.poll(() => row('Uncle Ben').innerText()).toContain('You asked Uncle Ben on')
      const csv = await page.request.get(`${baseUrl}/registry/gift-tracker.csv?registry=${registryId}`)
      expect(csv.status()).toBe(200)
      expect(csv.headers()['content-type']).toContain('text/csv')
      const text = await csv.text()
      expect(text.split('\r\n')[0]).toBe('Date,Kind,Gift,Quantity,Amount,Giver,Giver email,Message,Thank-you address,Received,Thank-you sent')
      expect(text).toContain('Uncle Ben,ben@example.test,For the car rides')
      expect(text).toContain('Aunt May,may@example.test')
      await open(page, '/registry/gift-tracker?print=1')
      expect(await page.getByRole('table').innerText()).toContain('Uncle Ben')
      await expectNoSeriousA11yViolations(page, 'gift tracker printable list')
      await page.emulateMedia({ media: 'print' })
      expect(await page.locator('#top > header').isVisible()).toBe(false)
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
      await page.emulateMedia({ media: 'screen' })

      // someone else's registry id answers the 404 page
      const stranger = await createAccount(baseUrl)
      const other = await signedIn(stranger)
      try {
        expect((await open(other.page, `/list/${registryId}/organize`))?.status()).toBe(404)
        expect((await open(other.page, `/registry/${registryId}/gift-tracker`))?.status()).toBe(404)
        expect((await other.page.request.get(`${baseUrl}/registry/gift-tracker.csv?registry=${registryId}`)).status()).toBe(404)
      } finally {
        await other.context.close()
      }
    } finally {
      await context.close()
    }
  })

  test('without JavaScript, an owner reaches Add to Registry through sign-in, the add posts and comes back with the message, and organising still works', async () => {
    const { account, registryId } = await ownerWithRegistry()
    const scripted = await signedIn(account)
    const [path] = await productPaths(scripted.page)
    await scripted.context.close()
    const { context, page } = await signedIn(account, 1280, { javaScriptEnabled: false })
    try {
      await open(page, path!, { hydrated: false })
      // The product page is the one everyone gets: without scripts it cannot know the owner, so its way in is sign-in,
      // which sends a signed-in owner straight back with a message, and that page is their own, form and all.
      await page.getByRole('link', { name: 'Add to Registry' }).click()
      await page.getByText('You are already signed in.').first().waitFor()
      expect(new URL(page.url()).pathname).toBe(path)
      await page.getByRole('spinbutton', { name: 'Quantity' }).last().fill('3')
      await page.getByRole('button', { name: 'Add to Registry' }).click()
      // the post comes back to the same address: wait for the page it answers with
      await page.getByText('Added to your registry.').first().waitFor()

      await open(page, `/list/${registryId}/organize`, { hydrated: false })
      const main = page.locator('ol[aria-label="Your categories"] > li').first()
      expect(await main.locator('[data-item-id]').count()).toBe(1)
      expect(await main.innerText()).toContain('Wants 3')
      await page.getByRole('button', { name: 'Move Nursery down' }).click()
      // without JavaScript the click posts and the page comes back at the same address: wait for the answer
      await page.getByRole('status').filter({ hasText: '“Nursery” moved to position 3 of 7.' }).waitFor()
      expect(await page.getByRole('status').filter({ hasText: '“Nursery” moved to position 3 of 7.' }).count()).toBe(1)
      expect((await categoryNames(page))[2]).toBe('Nursery')
      // quantity edits are checked by the service
      await main.locator('summary').first().click()
      await main.getByRole('spinbutton', { name: 'Quantity' }).fill('0')
      await main.getByRole('button', { name: 'Save changes' }).click()
      await page.getByText('Ask for at least 1.').first().waitFor()
    } finally {
      await context.close()
    }
  })

  test('anonymous visitors are led to sign in from the product page and brought back', async () => {
    const { account } = await ownerWithRegistry()
    const scripted = await signedIn(account)
    const [path] = await productPaths(scripted.page)
    await scripted.context.close()
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    try {
      const page = await context.newPage()
      await open(page, path!)
      expect(await page.getByRole('link', { name: 'Add to Registry' }).getAttribute('href')).toBe(`/login?redirect_path=${encodeURIComponent(path!)}`)
      await expectNoSeriousA11yViolations(page, 'product page, anonymous, 375')
    } finally {
      await context.close()
    }
  })
})
