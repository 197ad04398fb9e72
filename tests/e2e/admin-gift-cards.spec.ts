import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff, signInContext } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage, sessionCookie, shot, testCard } from './support/checkout-setup'
import { giftCardCode, newestEmailText } from './support/gift-card-code'

// Staff gift card support (docs/decisions/023, h15): staff find a card by the last 4 of its code, send it a new
// code without JavaScript (a bad form keeps what was typed; the recipient's email has the new code, the old one
// stops working), and with JavaScript at 320 px move a card's balance into a customer's store credit, which the
// customer sees. Axe at 320 and 1280 px. Also /admin/reservations (docs/decisions/013, h15): staff find a giver's
// reservation and release it with a reason, without JavaScript. SHOTS_DIR=<dir> saves screenshots.
const baseUrl = inject('baseUrl')
let browser: Browser
const tag = Date.now().toString(36)

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const open = (page: Page, path: string, options?: { hydrated?: boolean }) => openPage(page, baseUrl, path, options)

/** Redeems a code into a fresh account's store credit through the API: the status says whether the code works. */
async function redeemStatus(code: string) {
  const account = await createAccount(baseUrl, { firstName: 'Code', lastName: 'Tester' })
  const res = await fetch(`${baseUrl}/api/v3/user_credit_redemptions`, { method: 'POST', headers: { Cookie: account.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) })
  return res.status
}

describe('staff gift card support', () => {
  test('without JavaScript: find a card by its last 4, a bad form keeps what was typed, a new code is emailed and the old one stops working', async () => {
    const recipient = `riley-support-${tag}@example.test`
    const code = await giftCardCode(baseUrl, recipient, testCard)
    const last4 = code.slice(-4)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    context.setDefaultTimeout(15_000)
    await signInContext(context, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
    const page = await context.newPage()
    try {
      await open(page, '/admin/gift-cards', { hydrated: false })
      expect(await page.locator('a[href="/admin/gift-cards"]').count()).toBeGreaterThan(0)
      await page.getByLabel(/Code’s last 4, email, or card or order id/).fill(last4)
      await page.getByRole('button', { name: 'Find cards' }).click()
      await page.getByRole('link', { name: `Open gift card ending ${last4}` }).click()
      await page.getByRole('heading', { level: 1, name: `Gift card ••••${last4}` }).waitFor()
      expect(await page.getByText('$25 left of $25').count()).toBeGreaterThan(0)

      await page.getByLabel('Reason', { exact: true }).fill('no')
      await page.getByLabel('Recipient’s email').fill(`typo-${recipient}`)
      await page.getByRole('button', { name: 'Send a new code' }).click()
      await page.getByText('Please correct the highlighted fields.').waitFor()
      expect(await page.getByLabel('Reason', { exact: true }).inputValue()).toBe('no')
      expect(await page.getByLabel('Recipient’s email').inputValue()).toBe(`typo-${recipient}`)

      await page.getByLabel('Reason', { exact: true }).fill('Customer deleted the email')
      await page.getByLabel('Recipient’s email').fill(recipient)
      await page.getByRole('button', { name: 'Send a new code' }).click()
      await page.getByText(new RegExp(`was emailed to ${recipient.replace(/[.]/g, '\\.')}\\. The old code ending ••••${last4} no longer works\\.`)).waitFor()
      expect(await page.getByRole('region', { name: 'New codes sent' }).innerText()).toContain('Customer deleted the email')
    } finally {
      await context.close()
    }
    const mail = await newestEmailText(baseUrl, recipient)
    expect(mail).toContain('Your Nestlist gift card has a new code')
    const newCode = mail.match(/code: ([2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3})/)![1]!
    expect(newCode).not.toBe(code)
    expect(await redeemStatus(code)).toBe(422)
    expect(await redeemStatus(newCode)).toBe(201)
  })

  test('with JavaScript at 320 px: move a card’s balance into a customer’s store credit; the customer sees it; axe at 320 and 1280 px', async () => {
    const recipient = `kit-support-${tag}@example.test`
    const code = await giftCardCode(baseUrl, recipient, testCard)
    const customer = await createAccount(baseUrl, { firstName: 'Kit', lastName: 'Lee' })
    const staff = await browser.newContext({ viewport: { width: 320, height: 800 } })
    await signInContext(staff, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
    const page = await staff.newPage()
    try {
      await open(page, `/admin/gift-cards?q=${encodeURIComponent(recipient)}`)
      await expectNoSeriousA11yViolations(page, 'admin gift cards 320')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
      await page.getByRole('link', { name: `Open gift card ending ${code.slice(-4)}` }).click()
      await page.getByRole('heading', { level: 1, name: `Gift card ••••${code.slice(-4)}` }).waitFor()
      await expectNoSeriousA11yViolations(page, 'admin gift card 320')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
      await shot(page, 'admin-gift-card-320')
      await page.getByLabel('Customer’s account email').fill(customer.email)
      await page.getByLabel('Reason (the customer sees it)').fill('Lost the email; order checked')
      await page.getByRole('button', { name: 'Add to their store credit' }).click()
      await page.getByText(`$25 was added to the store credit of ${customer.email}. Their balance is now $25.`).waitFor()
      await page.getByText('In store credit').first().waitFor()
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, 'admin gift card 1280')
      await shot(page, 'admin-gift-card-1280')
      await open(page, `/admin/gift-cards?email=${encodeURIComponent(customer.email)}`)
      expect(await page.getByRole('region', { name: `Store credit of ${customer.email}` }).innerText()).toContain('Lost the email; order checked')
    } finally {
      await staff.close()
    }
    const credit = await fetch(`${baseUrl}/api/v3/user_credit`, { headers: { Cookie: customer.cookie } })
    expect(await credit.json()).toMatchObject({ balanceCents: 2_500 })
    expect(await redeemStatus(code)).toBe(422)
  })

  test('without JavaScript: staff find a giver’s reservation, a release needs a reason, then the gift is free again; axe at 320 px with JavaScript', async () => {
    const owner = await createAccount(baseUrl, { firstName: 'Jo', lastName: 'Park' })
    const json = { 'Content-Type': 'application/json' }
    const created = await fetch(`${baseUrl}/api/v3/registries`, {
      method: 'POST',
      headers: { ...json, Cookie: owner.cookie },
      body: JSON.stringify({ registryType: 'baby', title: 'Baby Park', familyName: `Jo & Lee Park ${tag}`, slug: `res-support-${tag}`, isArrivalDateKnown: false }),
    })
    expect(created.status).toBe(201)
    const registryId = ((await created.json()) as { id: number }).id
    const found = await (await fetch(`${baseUrl}/store/search?search_term=swaddle`)).text()
    const productId = Number(found.match(/\/gp\/[a-z0-9-]+\/(\d+)/)![1])
    const added = await fetch(`${baseUrl}/api/v3/registries/${registryId}/reg_items`, { method: 'POST', headers: { ...json, Cookie: owner.cookie }, body: JSON.stringify({ productId, quantity: 1 }) })
    expect(added.status).toBe(201)
    const itemId = ((await added.json()) as { id: number }).id
    const giverEmail = `aunt-may-${tag}@example.test`
    const held = await fetch(`${baseUrl}/api/v3/reg_items/${itemId}/reservations`, { method: 'POST', headers: json, body: JSON.stringify({ quantity: 1, giverName: 'Aunt May', giverEmail }) })
    expect(held.status).toBe(201)

    const context = await browser.newContext({ viewport: { width: 320, height: 800 }, javaScriptEnabled: false })
    context.setDefaultTimeout(15_000)
    await signInContext(context, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
    const page = await context.newPage()
    try {
      await open(page, '/admin/reservations', { hydrated: false })
      await page.getByLabel(/Giver’s email, or registry id or link name/).fill(giverEmail)
      await page.getByRole('button', { name: 'Find reservations' }).click()
      const card = page.getByRole('article').filter({ hasText: 'Aunt May' })
      await card.waitFor()
      await card.getByRole('button', { name: 'Release the gift' }).click()
      await page.getByText(/Say why the gift is released/).first().waitFor()
      await page.getByRole('article').filter({ hasText: 'Aunt May' }).getByLabel(/Why release it/).fill('The family asked')
      await page.getByRole('article').filter({ hasText: 'Aunt May' }).getByRole('button', { name: 'Release the gift' }).click()
      await page.getByText(`was released and ${giverEmail} was told why.`, { exact: false }).waitFor()
      await shot(page, 'admin-reservations-320')
    } finally {
      await context.close()
    }
    // With JavaScript, the page passes axe at 320 px and nothing sticks out sideways.
    const withJs = await browser.newContext({ viewport: { width: 320, height: 800 } })
    await signInContext(withJs, baseUrl, { cookie: await sessionCookie(baseUrl, demoStaff) })
    const jsPage = await withJs.newPage()
    try {
      await open(jsPage, `/admin/reservations?q=${encodeURIComponent(giverEmail)}`)
      await jsPage.getByRole('article').filter({ hasText: 'Aunt May' }).getByText('Released').waitFor()
      await expectNoSeriousA11yViolations(jsPage, 'admin reservations 320')
      expect(await jsPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    } finally {
      await withJs.close()
    }
    expect(await newestEmailText(baseUrl, giverEmail)).toContain('Why: The family asked')
    // The gift is free again: another guest can reserve it.
    const again = await fetch(`${baseUrl}/api/v3/reg_items/${itemId}/reservations`, { method: 'POST', headers: json, body: JSON.stringify({ quantity: 1, giverName: 'Cousin Al', giverEmail: `al-${tag}@example.test` }) })
    expect(again.status).toBe(201)
  })
})
