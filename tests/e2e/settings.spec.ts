import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'

// Settings (issue 4): account details, password change, email preferences and the saved shipping address,
// each kept after a reload; ZIP codes fill city and state; every page passes axe at phone and desktop widths.
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

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

const statusText = (page: Page) => page.locator('[role="status"]').allInnerTexts()

/** A second, independent session for the same account (another browser or phone). */
async function secondSession(account: TestAccount): Promise<TestAccount> {
  const res = await fetch(`${baseUrl}/api/v3/user_session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return { ...account, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
}

describe('settings', () => {
  test('name, shipping address (ZIP fills city and state) and an email opt-out are kept after a reload; pages pass axe', async () => {
    const account = await createAccount(baseUrl, { firstName: 'Robin' })
    const { context, page } = await signedIn(account)
    try {
      await open(page, '/settings')
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Settings')
      expect(await page.locator('nav[aria-label="Settings"] a[aria-current="page"]').innerText()).toBe('Overview')
      await expectNoSeriousA11yViolations(page, '/settings')

      // Name
      await page.getByRole('link', { name: 'Account', exact: true }).click()
      await page.waitForURL('**/settings/account')
      await page.getByLabel('First name').fill('Jordan')
      await page.getByRole('button', { name: 'Save details' }).click()
      await expect.poll(() => statusText(page), { timeout: 5000 }).toContain('Your details are saved.')
      // The header greets the new name without a reload.
      await expect.poll(() => page.locator('[data-account-menu]').first().innerText(), { timeout: 5000 }).toContain('Jordan')
      await expectNoSeriousA11yViolations(page, '/settings/account')

      // Address: a ZIP code in another state is refused with a clear message, then ZIP autofill fixes it.
      await open(page, '/settings/shipping')
      await page.getByLabel('Street address').fill('9336 Civic Center Dr')
      await page.getByLabel('City').fill('Beverly Hills')
      await page.getByLabel('State').selectOption('NY')
      await page.getByLabel('ZIP code').fill('90210')
      // Autofill sets the state from the ZIP code; put the wrong one back to see the server's check.
      await expect.poll(() => page.getByLabel('State').inputValue(), { timeout: 5000 }).toBe('CA')
      await page.getByLabel('State').selectOption('NY')
      await page.getByRole('button', { name: 'Save address' }).click()
      await expect
        .poll(() => page.locator('main').innerText(), { timeout: 5000 })
        .toContain('ZIP code 90210 is in California, not New York. Check the ZIP code and the state.')
      // The typed values are kept and focus is on the field to fix.
      expect(await page.getByLabel('Street address').inputValue()).toBe('9336 Civic Center Dr')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('zip')
      await expectNoSeriousA11yViolations(page, '/settings/shipping with an error')

      await page.getByLabel('City').fill('')
      await page.getByLabel('ZIP code').fill('')
      await page.getByLabel('ZIP code').pressSequentially('10001')
      await expect.poll(() => page.getByLabel('City').inputValue(), { timeout: 5000 }).toBe('New York')
      expect(await page.getByLabel('State').inputValue()).toBe('NY')
      expect(await page.locator('#zip-status').innerText()).toContain('ZIP code 10001 is in New York, New York.')
      await page.getByRole('textbox', { name: 'Phone' }).fill('212.555.0142')
      await page.getByRole('button', { name: 'Save address' }).click()
      await expect.poll(() => statusText(page), { timeout: 5000 }).toContain('Your shipping address is saved.')
      await expectNoSeriousA11yViolations(page, '/settings/shipping')

      // Email preferences
      await open(page, '/settings/email-preferences')
      expect(await page.getByRole('checkbox', { name: 'Account and security' }).isDisabled()).toBe(true)
      expect(await page.getByRole('checkbox', { name: 'Account and security' }).isChecked()).toBe(true)
      await page.getByRole('checkbox', { name: 'Nestlist Shop offers' }).uncheck()
      await page.getByRole('button', { name: 'Save preferences' }).click()
      await expect.poll(() => statusText(page), { timeout: 5000 }).toContain('Your email preferences are saved.')
      await expectNoSeriousA11yViolations(page, '/settings/email-preferences')

      // Everything is still there after reloading each page.
      await open(page, '/settings/account')
      expect(await page.getByLabel('First name').inputValue()).toBe('Jordan')
      await open(page, '/settings/shipping')
      expect(await page.getByLabel('Street address').inputValue()).toBe('9336 Civic Center Dr')
      expect(await page.getByLabel('City').inputValue()).toBe('New York')
      expect(await page.getByLabel('State').inputValue()).toBe('NY')
      expect(await page.getByLabel('ZIP code').inputValue()).toBe('10001')
      expect(await page.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('(212) 555-0142')
      await open(page, '/settings/email-preferences')
      expect(await page.getByRole('checkbox', { name: 'Nestlist Shop offers' }).isChecked()).toBe(false)
      expect(await page.getByRole('checkbox', { name: 'Registry activity' }).isChecked()).toBe(true)
      await open(page, '/settings')
      const overview = await page.locator('main').innerText()
      expect(overview).toContain('Jordan Tester')
      expect(overview).toContain('New York, NY 10001')
      expect(overview).toContain('You get 3 of 4 optional kinds of email')
    } finally {
      await context.close()
    }
  })

  test('changing the password keeps this session and signs the other one out; a wrong current password is refused', async () => {
    const account = await createAccount(baseUrl)
    const other = await secondSession(account)
    const here = await signedIn(account)
    const elsewhere = await signedIn(other)
    try {
      await open(elsewhere.page, '/settings')
      expect(elsewhere.page.url()).toBe(`${baseUrl}/settings`)

      await open(here.page, '/settings/account')
      expect(await here.page.locator('section[aria-labelledby="devices-title"]').innerText()).toContain('signed in on 2 devices')
      await here.page.getByLabel('Current password').fill('not my password')
      await here.page.getByLabel('New password').fill('a brand new passphrase')
      await here.page.getByRole('button', { name: 'Change password' }).click()
      await expect.poll(() => here.page.locator('main').innerText(), { timeout: 5000 }).toContain('Your current password is not right.')
      // Passwords are never kept in the page after an attempt, and focus is on the field to fix.
      expect(await here.page.getByLabel('Current password').inputValue()).toBe('')
      expect(await here.page.getByLabel('New password').inputValue()).toBe('')
      expect(await here.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('currentPassword')

      await here.page.getByLabel('Current password').fill(account.password)
      await here.page.getByLabel('New password').fill('a brand new passphrase')
      await here.page.getByRole('button', { name: 'Change password' }).click()
      await expect
        .poll(() => statusText(here.page), { timeout: 5000 })
        .toContain('Your password is changed. Any other devices were signed out.')
      expect(await here.page.getByLabel('New password').inputValue()).toBe('')
      await expect
        .poll(() => here.page.locator('main').innerText(), { timeout: 5000 })
        .toContain('This is the only device or browser signed in to your account.')

      // The other browser is signed out; this one is not.
      await elsewhere.page.goto(`${baseUrl}/settings`)
      expect(new URL(elsewhere.page.url()).pathname).toBe('/login')
      expect(new URL(elsewhere.page.url()).searchParams.get('redirect_path')).toBe('/settings')
      await open(here.page, '/settings/account')
      expect(new URL(here.page.url()).pathname).toBe('/settings/account')

      // The new password works for signing in, the old one does not.
      const withNew = await fetch(`${baseUrl}/api/v3/user_session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: 'a brand new passphrase' }),
      })
      expect(withNew.status).toBe(200)
      const withOld = await fetch(`${baseUrl}/api/v3/user_session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      })
      expect(withOld.status).toBe(401)
    } finally {
      await here.context.close()
      await elsewhere.context.close()
    }
  })

  test('settings pages send a signed-out visitor to sign in and back', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      for (const path of [
        '/settings',
        '/settings/account',
        '/settings/email-preferences',
        '/settings/shipping',
        '/settings/simple-shipping',
      ]) {
        await page.goto(`${baseUrl}${path}`)
        const url = new URL(page.url())
        expect(url.pathname, path).toBe('/login')
        expect(url.searchParams.get('redirect_path'), path).toBe(path)
      }
    } finally {
      await context.close()
    }
  })

  test('without JavaScript, the simple address form fills city and state from the ZIP code and returns to redirect_path', async () => {
    const account = await createAccount(baseUrl, { firstName: 'Sam', lastName: 'Lee' })
    const { context, page } = await signedIn(account, 375, { javaScriptEnabled: false })
    try {
      await page.goto(`${baseUrl}/settings/simple-shipping?popup=true&redirect_path=${encodeURIComponent('/settings/shipping')}`)
      // The popup variant is just the form: no site header and no settings navigation.
      expect(await page.locator('nav[aria-label="Settings"]').count()).toBe(0)
      expect(await page.getByLabel('Full name').inputValue()).toBe('Sam Lee')
      await page.getByLabel('Street address').fill('1600 Pennsylvania Ave NW')
      await page.getByLabel('ZIP code').fill('20500')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.waitForURL('**/settings/shipping')
      expect(await page.getByLabel('City').inputValue()).toBe('Washington')
      expect(await page.getByLabel('State').inputValue()).toBe('DC')

      // An off-site redirect_path is ignored: the form stays and says it saved.
      await page.goto(`${baseUrl}/settings/simple-shipping?redirect_path=${encodeURIComponent('//evil.example/')}`)
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.waitForLoadState()
      expect(new URL(page.url()).host).toBe(new URL(baseUrl).host)
      expect(await page.locator('[role="status"]').allInnerTexts()).toContain('Your shipping address is saved.')
    } finally {
      await context.close()
    }
  })

  test('at 320 px the settings navigation scrolls sideways, the page does not, and every page passes axe', async () => {
    const account = await createAccount(baseUrl)
    const { context, page } = await signedIn(account, 320)
    try {
      for (const path of [
        '/settings',
        '/settings/account',
        '/settings/email-preferences',
        '/settings/shipping',
        '/settings/simple-shipping',
      ]) {
        await open(page, path)
        // Nothing in the page content sticks out sideways (the settings nav row scrolls inside itself).
        const sticking = await page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter(
              (el) =>
                !el.closest('nav[aria-label="Settings"] ul') &&
                el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
            )
            .map((el) => `${el.tagName}.${String(el.className).slice(0, 40)}`),
        )
        expect(sticking, path).toEqual([])
        await expectNoSeriousA11yViolations(page, `${path} at 320 px`)
      }
      await open(page, '/settings/shipping')
      const nav = page.locator('nav[aria-label="Settings"] ul')
      expect(await nav.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true)
      // The current section is scrolled into view.
      const box = await page.locator('nav[aria-label="Settings"] a[aria-current="page"]').boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(320)
    } finally {
      await context.close()
    }
  })
})
