import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, seriousA11yViolations } from './support/browser'

// The staff email outbox in Chromium: what the route tests cannot show (real CSP, the sandboxed HTML
// preview rendering with its inline styles, layout at phone and desktop widths, axe). Authorisation is
// covered in app/routes/admin/emails.test.ts; here one check that a parent sees the 404 page.

const baseUrl = inject('baseUrl')
let browser: Browser
let parent: TestAccount
let staffCookie: string

beforeAll(async () => {
  browser = await launchBrowser()
  parent = await createAccount(baseUrl, { firstName: 'Ines' })
  const res = await fetch(`${baseUrl}/api/v3/user_session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(demoStaff),
  })
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`)
  staffCookie = res.headers.get('set-cookie')!.split(';')[0]!
})

afterAll(async () => {
  await browser?.close()
})

async function openPage(cookie: string, width = 1280): Promise<{ page: Page; cspViolations: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await signInContext(context, baseUrl, { cookie })
  const page = await context.newPage()
  // The browser may already be closing (afterAll): a context that is gone needs no closing.
  page.on('close', () => void context.close().catch(() => undefined))
  const cspViolations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) cspViolations.push(m.text())
  })
  return { page, cspViolations }
}

describe('staff email outbox', () => {
  test('staff find a parent’s email by recipient and read it as text and as rendered HTML, with no CSP or accessibility errors', async () => {
    const { page, cspViolations } = await openPage(staffCookie)
    await page.goto(`${baseUrl}/admin/emails`)
    expect(await page.getByRole('heading', { name: 'Email outbox', level: 1 }).count()).toBe(1)
    expect(await page.getByText('Emails are not being sent').count()).toBe(1)
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByRole('textbox', { name: 'Recipient' }).fill(parent.email.toUpperCase())
    await page.getByRole('button', { name: 'Show emails' }).click()
    await page.waitForURL(/\?to=/)
    await expect.poll(() => page.getByRole('status').filter({ hasText: `to ${parent.email}` }).count()).toBe(1)
    const rows = page.locator('table tbody tr')
    expect(await rows.count()).toBeGreaterThan(0)
    for (const to of await rows.locator('td:nth-child(2)').allTextContents()) expect(to).toBe(parent.email)

    await rows.first().getByRole('link').click()
    await page.waitForURL(/\/admin\/emails\/\d+$/)
    // The address changes as the navigation starts; wait for the message page itself.
    await page.getByRole('heading', { name: 'Plain text' }).waitFor()
    expect(await page.locator('pre').textContent()).toContain('Hi Ines,')
    expect(await seriousA11yViolations(page)).toEqual([])

    const iframe = page.locator('iframe[srcdoc]')
    expect(await iframe.getAttribute('sandbox')).toBe('')
    const frame = await (await iframe.elementHandle())!.contentFrame()
    await frame!.waitForSelector('h1')
    expect(await frame!.locator('h1').textContent()).toBeTruthy()
    // The email's inline styles apply inside the sandbox under the page's CSP.
    const bodyBackground = await frame!.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(bodyBackground).toBe('rgb(255, 250, 245)')
    const button = frame!.locator('a').first()
    expect(await button.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 255)')
    expect(cspViolations).toEqual([])
  })

  test('the outbox reads well on a phone', async () => {
    const { page } = await openPage(staffCookie, 375)
    await page.goto(`${baseUrl}/admin/emails?to=${encodeURIComponent(parent.email)}`)
    const entries = page.locator('ul li').filter({ hasText: parent.email })
    expect(await entries.count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await seriousA11yViolations(page)).toEqual([])
    await entries.first().getByRole('link').click()
    await page.waitForURL(/\/admin\/emails\/\d+$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  test('a signed-in parent gets the ordinary 404 page', async () => {
    const { page } = await openPage(parent.cookie)
    const response = await page.goto(`${baseUrl}/admin/emails`)
    expect(response!.status()).toBe(404)
    expect(await page.getByRole('heading', { name: "We couldn't find that page" }).count()).toBe(1)
    expect(await page.getByText('Email outbox').count()).toBe(0)
  })
})
