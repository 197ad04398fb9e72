import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'
import { latestEmailLink } from './support/outbox'

// Registry owners (issue 5): create a registry in a guided flow (with and without JavaScript), see it on
// /registry/home, change its settings and privacy, and share it (link, QR code, email invitations).
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function newPage(options: BrowserContextOptions & { width?: number } = {}, account?: TestAccount) {
  const { width = 1280, ...rest } = options
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...rest })
  if (account) await signInContext(context, baseUrl, account)
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

const uniqueEmail = () => `owner-${randomBytes(5).toString('hex')}@example.test`

/** After the account step: the page says to check the inbox; the emailed link confirms, signs in and comes back to step 2. */
async function finishSignUpFromEmail(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Check your email' }).waitFor()
  const link = new URL(await latestEmailLink(baseUrl, email, /\/verify_email\?token=/))
  await page.goto(`${baseUrl}${link.pathname}${link.search}`)
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
}
const inMonths = (months: number) => {
  const d = new Date()
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.toISOString().slice(0, 10)
}

/** Creates a baby registry for a signed-in account through the create form's last step (as a no-JS browser posts it). */
async function createRegistry(account: TestAccount, slug = `e2e-${randomBytes(4).toString('hex')}`) {
  const body = new URLSearchParams({
    step: 'name',
    intent: 'next',
    registryType: 'baby',
    arrivalDate: inMonths(4),
    planningStage: 'pregnant',
    expecting: 'unknown',
    title: 'Baby Tester',
    familyName: 'Robin & Sam Tester',
    slug,
  })
  const res = await fetch(`${baseUrl}/registry/new`, {
    method: 'POST',
    headers: { Cookie: account.cookie, Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  })
  if (res.status !== 302 || res.headers.get('location') !== '/registry/home') throw new Error(`registry not created: ${res.status}`)
  return slug
}

describe('registry owner', () => {
  test('an anonymous visitor creates an account and a baby registry in four steps and lands on the registry home (axe clean at 375 px)', async () => {
    const { context, page } = await newPage({ width: 375 })
    try {
      await open(page, '/registry/new?lp_content=checklist')
      expect(await page.getByText('Step 1 of 4').isVisible()).toBe(true)
      await expectNoSeriousA11yViolations(page, 'step 1')
      await page.getByLabel('First name').fill('Maya')
      await page.getByLabel('Last name').fill('Rivera')
      const email = uniqueEmail()
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password', { exact: true }).fill('a long secret phrase')
      await page.getByRole('button', { name: 'Create account' }).click()
      await finishSignUpFromEmail(page, email)

      await page.getByText('Step 2 of 4').waitFor()
      await expectNoSeriousA11yViolations(page, 'step 2')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Choose what the registry is for.').waitFor()
      await page.getByLabel(/Baby registry/).check()
      await page.getByRole('button', { name: 'Continue' }).click()

      await page.getByText('Step 3 of 4').waitFor()
      // Bad input: a date years away is refused with a clear message; the choices made stay chosen.
      await page.getByLabel('Pregnant').check()
      await page.getByLabel('Arrival date').fill(inMonths(40))
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('The arrival date must be within the next 2 years.').waitFor()
      expect(await page.getByLabel('Pregnant').isChecked()).toBe(true)
      await expectNoSeriousA11yViolations(page, 'step 3 with errors')
      await page.getByLabel('Arrival date').fill(inMonths(5))
      await page.getByLabel('A girl').check()
      await page.getByText('Planning a shower? (optional)').click()
      await page.getByLabel('How many guests?').selectOption('21-30')
      await page.getByLabel('Friends & Family').check()
      await page.getByRole('button', { name: 'Continue' }).click()

      await page.getByText('Step 4 of 4').waitFor()
      // The web address is suggested from the names; going back and forth keeps everything.
      expect(await page.getByLabel('Web address').inputValue()).toMatch(/^maya-rivera/)
      expect(await page.getByLabel('Names guests will see').inputValue()).toBe('Maya Rivera')
      await page.getByRole('button', { name: 'Back' }).click()
      await page.getByText('Step 3 of 4').waitFor()
      expect(await page.getByLabel('A girl').isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Step 4 of 4').waitFor()
      await expectNoSeriousA11yViolations(page, 'step 4')
      const slug = `maya-${randomBytes(4).toString('hex')}`
      await page.getByLabel('Registry title').fill('Baby Rivera')
      await page.getByLabel('Web address').fill(slug)
      await expect.poll(() => page.locator('#slug-preview').innerText()).toContain(`/${slug}`)
      await expect.poll(() => page.locator('#slug-status').innerText(), { timeout: 5000 }).toBe('That web address is free.')
      await page.getByRole('button', { name: 'Create my registry' }).click()

      await page.waitForURL('**/registry/home')
      await page.getByRole('heading', { level: 1, name: 'Baby Rivera' }).waitFor()
      expect(await page.locator('main').innerText()).toContain('Your registry is ready!')
      expect(await page.locator('main').innerText()).toContain('Maya Rivera'.toUpperCase())
      expect(await page.getByRole('link', { name: 'View as guest' }).getAttribute('href')).toMatch(/^\/list\/\d{12}\?view=guest$/)
      expect(await page.getByRole('link', { name: 'Shop the store' }).getAttribute('href')).toBe('/store')
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0')
      await expectNoSeriousA11yViolations(page, '/registry/home at 375')
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, '/registry/home at 1280')
    } finally {
      await context.close()
    }
  })

  test('without JavaScript the whole flow works: hidden fields carry each step and errors keep what was typed', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false })
    try {
      await page.goto(`${baseUrl}/registry/build/birthday`)
      await page.getByText('Step 1 of 4').waitFor()
      await page.getByLabel('First name').fill('Noor')
      await page.getByLabel('Last name').fill('Haddad')
      const email = uniqueEmail()
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password', { exact: true }).fill('another long phrase')
      await page.getByRole('button', { name: 'Create account' }).click()
      await finishSignUpFromEmail(page, email)
      await page.getByText('Step 2 of 4').waitFor()
      // /registry/build/birthday chose the type already.
      expect(await page.getByLabel(/Birthday wishlist/).isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('heading', { name: 'When is the birthday?' }).waitFor()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Enter the date of the birthday.').waitFor()
      await page.getByLabel('Birthday').fill(inMonths(2))
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Step 4 of 4').waitFor()
      expect(await page.getByLabel('Registry title').inputValue()).toBe('Noor’s Birthday Wishlist')
      await page.getByLabel('Web address').fill('Not A Slug!')
      await page.getByRole('button', { name: 'Create my registry' }).click()
      await page.getByText('Use lower-case letters, digits and single dashes, like maya-and-leo.').waitFor()
      expect(await page.getByLabel('Web address').inputValue()).toBe('Not A Slug!')
      await page.getByLabel('Web address').fill(`noor-${randomBytes(4).toString('hex')}`)
      await page.getByRole('button', { name: 'Create my registry' }).click()
      await page.waitForURL('**/registry/home')
      await page.getByRole('heading', { level: 1, name: 'Noor’s Birthday Wishlist' }).waitFor()
    } finally {
      await context.close()
    }
  })

  test('registry settings, the gift address and privacy are kept after a reload; a taken web address is refused (axe clean at 375 and 1280)', async () => {
    const other = await createAccount(baseUrl)
    const takenSlug = await createRegistry(other)
    const account = await createAccount(baseUrl, { firstName: 'Robin' })
    await createRegistry(account)
    const { context, page } = await newPage({}, account)
    try {
      await open(page, '/settings/registry')
      expect(await page.locator('nav[aria-label="Settings"] a[aria-current="page"]').innerText()).toBe('Registry')
      await page.getByLabel('Web address').fill(takenSlug)
      await page.getByRole('button', { name: 'Save registry settings' }).click()
      await page.getByText('That web address is taken. Try another one.').waitFor()

      const slug = `robin-${randomBytes(4).toString('hex')}`
      await page.getByLabel('Registry title').fill('Our Little One')
      await page.getByLabel('Web address').fill(slug)
      await page.getByLabel('Welcome note').fill('Thank you for celebrating with us!')
      await page.getByLabel('Keep it a surprise').check()
      await page.getByLabel('Reveal date').fill(inMonths(6))
      await page.getByRole('button', { name: 'Save registry settings' }).click()
      await page.getByText('Your registry settings are saved.').waitFor()

      await page.getByLabel('Full name').fill('Robin Tester')
      await page.getByLabel('Street address').fill('9336 Civic Center Dr')
      await page.getByLabel('ZIP code').fill('90210')
      await page.getByLabel('City').fill('Beverly Hills')
      await page.getByLabel('State').selectOption('CA')
      await page.getByRole('button', { name: 'Save gift address' }).click()
      await page.getByText('Your gift address is saved.').waitFor()

      await open(page, '/settings/registry')
      expect(await page.getByLabel('Registry title').inputValue()).toBe('Our Little One')
      expect(await page.getByLabel('Web address').inputValue()).toBe(slug)
      expect(await page.getByLabel('Welcome note').inputValue()).toBe('Thank you for celebrating with us!')
      expect(await page.getByLabel('Keep it a surprise').isChecked()).toBe(true)
      expect(await page.getByLabel('Street address').inputValue()).toBe('9336 Civic Center Dr')
      await expectNoSeriousA11yViolations(page, '/settings/registry at 1280')
      await page.setViewportSize({ width: 375, height: 900 })
      await expectNoSeriousA11yViolations(page, '/settings/registry at 375')

      // With the surprise on, the home shows only items and still needed, and says why.
      await open(page, '/registry/home')
      const stats = await page.locator('section[aria-labelledby="stats-title"]').innerText()
      expect(stats).toContain('Still needed')
      expect(stats).not.toContain('Reserved')
      expect(stats).toContain('You are keeping it a surprise until')

      await open(page, '/settings/registry/visibility')
      expect(await page.getByLabel(/Nestlist only/).isChecked()).toBe(true)
      await page.getByLabel(/^Private/).check()
      await page.getByRole('button', { name: 'Save privacy setting' }).click()
      await page.getByText('Your privacy setting is saved.').waitFor()
      await open(page, '/settings/registry/visibility')
      expect(await page.getByLabel(/^Private/).isChecked()).toBe(true)
      await expectNoSeriousA11yViolations(page, '/settings/registry/visibility at 375')
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, '/settings/registry/visibility at 1280')
    } finally {
      await context.close()
    }
  })

  test('the share page shows the link and a QR code image and sends email invitations that reach the outbox (axe clean at 375 and 1280)', async () => {
    const account = await createAccount(baseUrl, { firstName: 'Robin' })
    const slug = await createRegistry(account)
    const { context, page } = await newPage({ width: 375 }, account)
    try {
      await open(page, '/registry/share/link')
      expect(await page.getByLabel('Your registry link').inputValue()).toBe(`${baseUrl}/${slug}`)
      const qr = page.getByRole('img', { name: `QR code that opens ${baseUrl}/${slug}` })
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      expect(await page.getByRole('link', { name: 'Download QR code' }).getAttribute('download')).toBe(`nestlist-${slug}-qr.svg`)
      await expectNoSeriousA11yViolations(page, '/registry/share at 375')

      await page.getByLabel('Email addresses').fill('grandma@example, ')
      await page.getByRole('button', { name: 'Send invitations' }).click()
      await page.getByText('“grandma@example” does not look like an email address. Use name@example.com.').waitFor()
      expect(await page.getByLabel('Email addresses').inputValue()).toBe('grandma@example, ')

      const guests = [uniqueEmail(), uniqueEmail()]
      await page.getByLabel('Email addresses').fill(guests.join('\n'))
      await page.getByLabel('Your message').fill('We would love to see you at the shower!')
      await page.getByRole('button', { name: 'Send invitations' }).click()
      await page.getByText(`We emailed ${guests.join(', ')}.`).waitFor()
      await expect.poll(() => page.locator('main').innerText(), { timeout: 5000 }).toContain('48 left today')
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, '/registry/share at 1280')

      const link = await latestEmailLink(baseUrl, guests[1]!, /\/list\/\d{12}$/)
      expect(link).toMatch(new RegExp(`^${baseUrl}/list/\\d{12}$`))

      // The share page's copy field works without JavaScript as a read-only field.
      const noJs = await newPage({ javaScriptEnabled: false }, account)
      await noJs.page.goto(`${baseUrl}/registry/share`)
      expect(await noJs.page.getByLabel('Your registry link').getAttribute('readonly')).not.toBeNull()
      expect(await noJs.page.getByRole('button', { name: 'Copy link' }).count()).toBe(0)
      await noJs.context.close()
    } finally {
      await context.close()
    }
  })

  test('a signed-in owner without a registry is sent from /registry/home to /registry/new, which skips the account step', async () => {
    const account = await createAccount(baseUrl, { firstName: 'Sam' })
    const { context, page } = await newPage({}, account)
    try {
      await open(page, '/registry/home')
      expect(new URL(page.url()).pathname).toBe('/registry/new')
      expect(await page.getByText('Step 1 of 3').isVisible()).toBe(true)
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('What are you celebrating?')
      await expectNoSeriousA11yViolations(page, '/registry/new signed in')
    } finally {
      await context.close()
    }
  })
})
