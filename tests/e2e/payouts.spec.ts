import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage, sessionCookie, shot, testCard } from './support/checkout-setup'

// Bank transfer payouts (docs/decisions/030, h14): staff see what families who chose a bank transfer are owed
// at /admin/payouts and record a transfer they sent, without JavaScript (a bad reference keeps what was typed)
// and with it; the family is emailed and sees each gift sent in the gift tracker and the transfer in their cash
// fund preferences; anyone else gets the 404 page. Axe at 320 and 1280 px. SHOTS_DIR=<dir> saves screenshots.
// Each test makes its own family, so any one runs alone (-t) and in any order.
const baseUrl = inject('baseUrl')
let browser: Browser
const tag = Date.now().toString(36)
let n = 0

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function api(method: string, path: string, cookie: string | undefined, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

type Family = { owner: TestAccount; familyName: string; registryId: number }

/** A family who chose a bank transfer (account ending 4321), with a cash fund and two gifts charged: $40 and $25.50. */
async function bankFamily(): Promise<Family> {
  const owner = await createAccount(baseUrl, { firstName: 'Ana', lastName: 'Ortiz' })
  const familyName = `Ana & Luis Ortiz ${tag}${++n}`
  const created = await api('POST', '/api/v3/registries', owner.cookie, { registryType: 'baby', title: 'Baby Ortiz', familyName, slug: `payouts-${tag}-${n}${Math.floor(Math.random() * 1e4)}`, isArrivalDateKnown: false })
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  const registryId = created.json.id as number
  expect((await api('PUT', `/api/v3/cash_fund_preferences?registryId=${registryId}`, owner.cookie, { method: 'bank_transfer', accountHolder: 'Ana Ortiz', accountLast4: '4321' })).status).toBe(200)
  const fund = await api('POST', `/api/v3/registries/${registryId}/cash_funds`, owner.cookie, { title: 'Parental Leave Fund' })
  expect(fund.status).toBe(201)
  for (const [giverName, amountCents] of [
    ['Grandma Rose', 4_000],
    ['Uncle Ben', 2_550],
  ] as const) {
    const gift = await api('POST', '/api/v3/cash_fund_contributions', undefined, {
      cashFundId: fund.json.id,
      amountCents,
      giverName,
      giverEmail: `giver-${tag}-${++n}@example.test`,
      message: '',
      idempotencyKey: `e2e-payout-${tag}-${n}`,
      card: { ...testCard, number: testCard.number.replace(/ /g, '') },
    })
    expect(gift.status, JSON.stringify(gift.json)).toBe(201)
  }
  return { owner, familyName, registryId }
}

const open = (page: Page, path: string, options?: { hydrated?: boolean }) => openPage(page, baseUrl, path, options)
const cardOf = (page: Page, family: Family) => page.getByRole('article', { name: new RegExp(family.familyName) })

describe('bank transfer payouts', () => {
  test('without JavaScript: staff see what a family is owed, a bad reference keeps what was typed, a good one records the transfer', async () => {
    const family = await bankFamily()
    const staffCookie = await sessionCookie(baseUrl, demoStaff)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    context.setDefaultTimeout(15_000)
    await signInContext(context, baseUrl, { cookie: staffCookie })
    const page = await context.newPage()
    try {
      await open(page, '/admin/payouts', { hydrated: false })
      // The staff menu links here.
      expect(await page.locator('a[href="/admin/payouts"]').count()).toBeGreaterThan(0)
      const card = cardOf(page, family)
      const text = await card.innerText()
      expect(text).toContain('Ana Ortiz')
      expect(text).toContain('****4321')
      expect(text).toContain('$65.50')
      expect(text).toMatch(/Gifts\s+2/)

      await card.getByLabel(/Transfer reference/).fill('ab')
      await card.getByRole('button', { name: 'Record transfer sent' }).click()
      await cardOf(page, family).getByText(/The reference is 3 to 64 characters/).waitFor()
      expect(await cardOf(page, family).getByLabel(/Transfer reference/).inputValue()).toBe('ab')
      expect(await cardOf(page, family).getByLabel(/Transfer reference/).getAttribute('aria-invalid')).toBe('true')

      const reference = `NOJS-${tag}`
      await cardOf(page, family).getByLabel(/Transfer reference/).fill(reference)
      await cardOf(page, family).getByRole('button', { name: 'Record transfer sent' }).click()
      await page.getByText(`Recorded: $65.50 sent to ${family.familyName} (account ****4321), reference ${reference}. The family was emailed.`).waitFor()
      expect(await cardOf(page, family).count()).toBe(0)
      expect(await page.getByRole('region', { name: 'Transfers sent' }).innerText()).toContain(reference)
    } finally {
      await context.close()
    }
    // Recording it again (a resubmitted form) adds nothing; the API answers the first payout.
    const history = await api('GET', '/api/v3/staff/payouts', staffCookie)
    expect((history.json.payouts as { reference: string }[]).filter((p) => p.reference === `NOJS-${tag}`)).toHaveLength(1)
  })

  test('with JavaScript at 320 px: staff record a transfer; the family is emailed and sees each gift sent; axe at 320 and 1280 px', async () => {
    const family = await bankFamily()
    const staffCookie = await sessionCookie(baseUrl, demoStaff)
    const staff = await browser.newContext({ viewport: { width: 320, height: 800 } })
    await signInContext(staff, baseUrl, { cookie: staffCookie })
    const page = await staff.newPage()
    const reference = `JS-${tag}-0042`
    try {
      await open(page, '/admin/payouts')
      await expectNoSeriousA11yViolations(page, 'admin payouts 320')
      // Nothing sticks out sideways at 320 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
      await cardOf(page, family).getByText(/gifts this covers/).click()
      expect(await cardOf(page, family).innerText()).toContain('Uncle Ben to Parental Leave Fund')
      await shot(page, 'admin-payouts-320')
      await cardOf(page, family).getByLabel(/Transfer reference/).fill(reference)
      await cardOf(page, family).getByRole('button', { name: 'Record transfer sent' }).click()
      await page.getByText(`Recorded: $65.50 sent to ${family.familyName} (account ****4321), reference ${reference}. The family was emailed.`).waitFor()
      await expect.poll(() => cardOf(page, family).count()).toBe(0)
      await expectNoSeriousA11yViolations(page, 'admin payouts recorded 320')
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, 'admin payouts 1280')
      await shot(page, 'admin-payouts-1280')
    } finally {
      await staff.close()
    }

    // The family's email, from the staff outbox.
    const outbox = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(family.owner.email)}`, { headers: { Cookie: staffCookie } })).text()
    expect(outbox).toContain('Your cash fund transfer is on its way')

    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(owner, baseUrl, family.owner)
    const ownerPage = await owner.newPage()
    try {
      await open(ownerPage, '/registry/gift-tracker')
      const gifts = await ownerPage.getByRole('region', { name: 'Cash fund and group gifts' }).innerText()
      expect(gifts.match(/Sent to your bank account on [A-Z][a-z]+ \d{1,2}, \d{4}/g)).toHaveLength(2)
      expect(gifts).not.toContain('Waiting for transfer')
      await expectNoSeriousA11yViolations(ownerPage, 'gift tracker with transfers 1280')
      await shot(ownerPage, 'gift-tracker-sent-1280')
      await open(ownerPage, '/settings/cash-fund-preferences')
      const transfers = await ownerPage.getByRole('region', { name: 'Transfers to your bank account' }).innerText()
      expect(transfers).toContain('$65.50 sent to your account ending in 4321')
      expect(transfers).toContain(reference)
      await ownerPage.setViewportSize({ width: 320, height: 800 })
      await expectNoSeriousA11yViolations(ownerPage, 'cash fund preferences with transfers 320')
      await shot(ownerPage, 'cash-fund-preferences-320')
      // The family cannot open the staff page.
      expect((await ownerPage.goto(`${baseUrl}/admin/payouts`))!.status()).toBe(404)
    } finally {
      await owner.close()
    }
  })

  test('before the transfer the family sees each gift waiting for it', async () => {
    const family = await bankFamily()
    const owner = await browser.newContext({ viewport: { width: 320, height: 800 } })
    await signInContext(owner, baseUrl, family.owner)
    const page = await owner.newPage()
    try {
      await open(page, '/registry/gift-tracker')
      const gifts = await page.getByRole('region', { name: 'Cash fund and group gifts' }).innerText()
      expect(gifts.match(/Waiting for transfer/g)!.length).toBeGreaterThanOrEqual(2)
      expect(gifts).toContain('$65.50 of it is waiting for a bank transfer')
      await expectNoSeriousA11yViolations(page, 'gift tracker waiting 320')
      await shot(page, 'gift-tracker-waiting-320')
    } finally {
      await owner.close()
    }
  })
})
