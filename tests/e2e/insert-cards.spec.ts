import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'

// Insert cards (issue 6): an owner without a shipping address is sent to add one, then orders free cards
// with a live preview; staff move the order along at /admin/insert-cards and the owner sees it shipped.
// Without JavaScript the order form still works. Axe at 375 and 1280 px.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function open(page: Page, path: string, { hydrated = true } = {}) {
  const response = await page.goto(`${baseUrl}${path}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
  return response
}

async function ownerWithRegistry() {
  const account = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Rivera' })
  const res = await fetch(`${baseUrl}/api/v3/registries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: account.cookie },
    body: JSON.stringify({ registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `cards-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`, isArrivalDateKnown: false }),
  })
  if (res.status !== 201) throw new Error(`registry create failed: ${res.status}`)
  return { account, registry: (await res.json()) as { id: number; slug: string } }
}

async function setAddress(account: TestAccount, registryId: number) {
  const res = await fetch(`${baseUrl}/api/v3/registries/${registryId}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: account.cookie },
    body: JSON.stringify({ shippingAddress: { name: 'Maya Rivera', line1: '12 Elm Street', city: 'Portland', state: 'OR', zip: '97201' } }),
  })
  if (res.status !== 200) throw new Error(`address failed: ${res.status}`)
}

async function staffCookie() {
  const res = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoStaff) })
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

describe('insert cards', () => {
  test('an owner adds the missing address, orders 50 free cards with a live preview, and sees staff move the order to shipped', async () => {
    const { account, registry } = await ownerWithRegistry()
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await signInContext(context, baseUrl, account)
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(staff, baseUrl, { cookie: await staffCookie() })
    try {
      const page = await context.newPage()
      await open(page, '/registry/share')
      await page.getByRole('link', { name: 'Order insert cards' }).click()
      await page.waitForURL('**/registry/share/insert-cards')
      await page.getByText('Add a shipping address first').waitFor()
      expect(await page.getByRole('link', { name: 'Add a shipping address' }).getAttribute('href')).toBe('/settings/registry#gift-address-title')
      expect(await page.getByRole('img', { name: `QR code for ${new URL(baseUrl).host}/${registry.slug}` }).count()).toBe(1)
      await expectNoSeriousA11yViolations(page, 'insert cards without an address (375)')

      await setAddress(account, registry.id)
      await open(page, '/registry/share/insert-cards')
      expect(await page.getByText('Maya & Leo Rivera').first().isVisible()).toBe(true)
      await page.getByText('50', { exact: true }).click()
      await page.getByText('Preview: 50 cards like this one').waitFor()
      await expectNoSeriousA11yViolations(page, 'insert cards order form (375)')
      await page.getByRole('button', { name: 'Order 50 free cards' }).click()
      await page.getByText('Your insert cards are ordered').waitFor()
      await page.getByText('50 insert cards · ordered', { exact: false }).waitFor()
      expect(await page.getByRole('button', { name: /free cards$/ }).count()).toBe(0)
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoSeriousA11yViolations(page, 'insert cards after ordering (1280)')

      // Staff print and ship it.
      const admin = await staff.newPage()
      await open(admin, '/admin/insert-cards?status=ordered')
      const row = admin.getByRole('listitem').filter({ hasText: `${new URL(baseUrl).host}/${registry.slug}` })
      await expectNoSeriousA11yViolations(admin, '/admin/insert-cards (1280)')
      await row.getByRole('button', { name: /^Mark printed/ }).click()
      await admin.getByText(/is now printed\.$/).waitFor()
      await open(admin, '/admin/insert-cards?status=printed')
      await admin.getByRole('listitem').filter({ hasText: `/${registry.slug}` }).getByRole('button', { name: /^Mark shipped/ }).click()
      await admin.getByText(/is now shipped\.$/).waitFor()
      await admin.setViewportSize({ width: 375, height: 800 })
      await expectNoSeriousA11yViolations(admin, '/admin/insert-cards (375)')

      await open(page, '/registry/share/insert-cards')
      expect(await page.locator('[aria-current="step"]').innerText()).toContain('Shipped')

      // Not staff: the admin page does not exist for them.
      expect((await page.goto(`${baseUrl}/admin/insert-cards`))?.status()).toBe(404)
    } finally {
      await context.close()
      await staff.close()
    }
  })

  test('without JavaScript, choosing a quantity and ordering still works', async () => {
    const { account, registry } = await ownerWithRegistry()
    await setAddress(account, registry.id)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    await signInContext(context, baseUrl, account)
    try {
      const page = await context.newPage()
      await open(page, '/registry/share/insert-cards', { hydrated: false })
      await page.getByText('75', { exact: true }).click()
      await page.getByRole('button', { name: /free cards$/ }).click()
      await page.getByText('Your insert cards are ordered').waitFor()
      expect(await page.getByText('75 insert cards · ordered', { exact: false }).count()).toBe(1)
    } finally {
      await context.close()
    }
  })
})
