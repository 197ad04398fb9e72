import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'
import { latestEmailLink } from './support/outbox'

// Issue 5's whole journey in one go, as two people would live it: an anonymous visitor creates a registry,
// adds five products, organises them and shares the link; a guest in a second browser finds it by name,
// reserves one gift, marks another bought elsewhere and leaves a thank-you address; the owner sees the gifts
// in the tracker, then turns on 'keep it a surprise' and the tracker stops naming givers.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const tag = randomBytes(3).toString('hex')
const familyName = `Ada Journeyman${tag}`

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

const inMonths = (months: number) => {
  const d = new Date()
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.toISOString().slice(0, 10)
}

const card = (page: Page, title: string) => page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

describe('registry journey', () => {
  test('create, add five products, organise and share; a guest finds, reserves, buys elsewhere and leaves an address; the owner tracks gifts as the surprise setting says', async () => {
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const guestContext = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await ownerContext.newPage()
    const guestPage = await guestContext.newPage()
    try {
      // 1. An anonymous visitor creates an account and a baby registry.
      await open(page, '/registry/new')
      await page.getByLabel('First name').fill('Ada')
      await page.getByLabel('Last name').fill(`Journeyman${tag}`)
      await page.getByLabel('Email').fill(`ada-${tag}@example.test`)
      await page.getByLabel('Password', { exact: true }).fill('a long journey phrase')
      await page.getByRole('button', { name: 'Create account' }).click()
      // The emailed link finishes the account and comes back to the next step (decision 035).
      await page.getByRole('heading', { name: 'Check your email' }).waitFor()
      await page.goto(await latestEmailLink(baseUrl, `ada-${tag}@example.test`, /\/verify_email\?token=/))
      await page.getByRole('button', { name: 'Confirm and sign in' }).click()
      await page.getByText('Step 2 of 4').waitFor()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Choose what the registry is for.').waitFor()
      await page.getByLabel(/Baby registry/).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Step 3 of 4').waitFor()
      await page.getByLabel('Pregnant').check()
      await page.getByLabel('Arrival date').fill(inMonths(5))
      await page.getByLabel('A boy').check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Step 4 of 4').waitFor()
      const slug = `ada-${tag}`
      await page.getByLabel('Registry title').fill('Baby Journeyman')
      await page.getByLabel('Web address').fill(slug)
      await expect.poll(() => page.locator('#slug-status').innerText(), { timeout: 5000 }).toBe('That web address is free.')
      await page.getByRole('button', { name: 'Create my registry' }).click()
      await page.waitForURL('**/registry/home')
      const guestHref = await page.getByRole('link', { name: 'View as guest' }).getAttribute('href')
      const registryId = /\/list\/(\d{12})/.exec(guestHref ?? '')![1]!

      // 2. Five products: one from its product page, four with the quick Add of /registry/add-items.
      await open(page, '/registry/add-items')
      const paths = await page.locator('ul[aria-label="Popular products"] h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
      expect(paths.length).toBeGreaterThanOrEqual(5)
      await open(page, paths[0]!)
      const firstTitle = (await page.getByRole('heading', { level: 1 }).innerText()).trim()
      await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2')
      await page.getByRole('button', { name: 'Add to Registry' }).click()
      await page.getByText('Added to your registry.').waitFor()
      await open(page, '/registry/add-items')
      for (const path of paths.slice(1, 5)) {
        const quick = page.locator('ul[aria-label="Popular products"] > li').filter({ has: page.locator(`a[href="${path}"]`) })
        await quick.getByRole('button', { name: /to your registry$/ }).click()
        await quick.getByRole('button', { name: /^Add another/ }).waitFor()
      }
      // Each quick add also says so in a toast (its code loads with the page's first toast), with a way to the registry.
      const toasts = page.locator('[aria-live="polite"]').filter({ hasText: 'Added to your registry.' })
      await toasts.getByRole('link', { name: 'View registry' }).first().waitFor()
      expect(await toasts.getByRole('button', { name: 'Dismiss' }).count()).toBeGreaterThan(0)
      await open(page, '/registry/home')
      const itemsStat = await page
        .locator('section[aria-labelledby="stats-title"] dt', { hasText: /^Items$/ })
        .evaluate((dt) => dt.nextElementSibling?.textContent?.trim())
      expect(itemsStat).toBe('5')

      // 3. Organise: rename a category and move the first product into it.
      await open(page, `/list/${registryId}/organize`)
      await page.getByRole('button', { name: 'Rename Gear' }).click()
      await page.getByLabel('New name for Gear').fill('Out and about')
      await page.getByRole('button', { name: 'Save name' }).click()
      await page.getByRole('heading', { name: /^Out and about/ }).waitFor()
      const holder = page.locator('ol[aria-label="Your categories"] [data-item-id]').filter({ has: page.getByText(`Edit ${firstTitle}`) })
      await holder.getByText(`Edit ${firstTitle}`).click()
      await holder.getByLabel('Category').selectOption({ label: 'Out and about' })
      await holder.getByRole('button', { name: 'Move', exact: true }).click()
      const outAndAbout = page.locator('ol[aria-label="Your categories"] > li').filter({ has: page.getByRole('heading', { name: /^Out and about/ }) })
      await outAndAbout.getByText(firstTitle, { exact: true }).waitFor()
      const itemCount = await page.locator('ol[aria-label="Your categories"] [data-item-id]').count()
      expect(itemCount).toBe(5)

      // 4. Share: the link and its QR code.
      await open(page, '/registry/share')
      expect(await page.getByLabel('Your registry link').inputValue()).toBe(`${baseUrl}/${slug}`)
      await page.getByRole('img', { name: `QR code that opens ${baseUrl}/${slug}` }).waitFor()

      // 5. A guest on a phone finds the registry by name.
      await open(guestPage, '/find')
      await guestPage.getByRole('searchbox', { name: 'Find a registry' }).fill(`Journeyman${tag}`)
      await guestPage.getByRole('button', { name: 'Search registries' }).click()
      await guestPage.waitForURL(/search_term=/)
      await guestPage.getByRole('link', { name: new RegExp(familyName) }).click()
      await guestPage.waitForURL(`**/${slug}`)
      await guestPage.waitForSelector('html[data-hydrated]')
      await guestPage.getByRole('heading', { level: 1, name: familyName }).waitFor()
      expect(await card(guestPage, firstTitle).innerText()).toContain('2 still needed')

      // ...reserves the first product,
      await card(guestPage, firstTitle).getByRole('link', { name: `Reserve: ${firstTitle}` }).click()
      const dialog = guestPage.getByRole('dialog')
      await dialog.getByLabel('Your name').fill('Grace Hopper')
      await dialog.getByLabel('Your email').fill(`grace-${tag}@example.test`)
      await dialog.getByRole('button', { name: 'Reserve gift' }).click()
      await guestPage.waitForURL(/\/reservations\/[0-9a-f-]{36}/)
      await guestPage.getByText('You reserved this gift!').waitFor()

      // ...leaves a thank-you address,
      await guestPage.getByLabel('Street address').fill('1 Compiler Way')
      await guestPage.getByLabel('City').fill('Arlington')
      await guestPage.getByLabel('State').selectOption('VA')
      await guestPage.getByLabel('ZIP code').fill('22201')
      await guestPage.getByRole('button', { name: 'Save my address' }).click()
      await guestPage.getByText('now has your address for all your gifts on this registry').waitFor()

      // ...and marks another gift as bought elsewhere.
      await open(guestPage, `/${slug}`)
      const titles = await guestPage.locator('article h3').allInnerTexts()
      const secondTitle = titles.map((t) => t.trim()).find((t) => t !== firstTitle)!
      await card(guestPage, secondTitle).getByRole('link', { name: `I bought this elsewhere: ${secondTitle}` }).click()
      const bought = guestPage.getByRole('dialog')
      await bought.getByLabel('Your name').fill('Grace Hopper')
      await bought.getByLabel('Your email').fill(`grace-${tag}@example.test`)
      await bought.getByRole('button', { name: 'Mark as bought' }).click()
      await guestPage.getByText('Thank you for your gift!').waitFor()
      await open(guestPage, `/${slug}`)
      expect(await card(guestPage, firstTitle).innerText()).toContain('1 still needed')
      expect(await card(guestPage, secondTitle).innerText()).toContain('Fulfilled')
      await expectNoSeriousA11yViolations(guestPage, 'guest view after giving, 375')

      // 6. The owner (surprise off, the default) sees both gifts, who gave them and where to send thanks.
      await open(page, '/registry/gift-tracker')
      const reserved = page.getByRole('listitem').filter({ hasText: firstTitle })
      const elsewhere = page.getByRole('listitem').filter({ hasText: secondTitle })
      expect(await reserved.innerText()).toContain('Grace Hopper')
      expect(await reserved.innerText()).toContain('Arlington')
      expect(await elsewhere.innerText()).toContain('Bought elsewhere')
      await expectNoSeriousA11yViolations(page, 'gift tracker, 1280')

      // 7. With 'keep it a surprise' on, the tracker and the home stop naming givers: the server leaves them out.
      await open(page, '/settings/registry')
      await page.getByLabel('Keep it a surprise').check()
      await page.getByRole('button', { name: 'Save registry settings' }).click()
      await page.getByText('Your registry settings are saved.').waitFor()
      await open(page, '/registry/gift-tracker')
      await page.getByRole('heading', { name: 'You are keeping it a surprise' }).waitFor()
      expect(await page.content()).not.toContain('Grace Hopper')
      await open(page, '/registry/home')
      expect(await page.content()).not.toContain('Grace Hopper')
      expect(await page.locator('section[aria-labelledby="stats-title"]').innerText()).not.toContain('Reserved')
    } finally {
      await ownerContext.close()
      await guestContext.close()
    }
  })
})
