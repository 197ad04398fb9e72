import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff, signInContext } from './support/accounts'
import { placeApiOrder } from './support/api-checkout'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { addShopProduct, openPage, sessionCookie, shot, testCard } from './support/checkout-setup'

// Change shipping address (docs/decisions/031): on /orders/{id} the buyer opens 'Change shipping address', sends a
// ZIP code of another state (the field says so and everything typed stays), fixes it and sees the new address; then
// without JavaScript at 375 px adds an apartment number; once staff mark a box shipped the form is gone and the
// page says why. Axe at 1280 and 375 px (with JavaScript: axe runs in the page).
const baseUrl = inject('baseUrl')
let browser: Browser
const home = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('change shipping address', () => {
  test('the buyer changes where an unshipped order goes, with and without JavaScript; after a box ships the form is gone', async () => {
    const buyer = await createAccount(baseUrl, { firstName: 'Sam', lastName: 'Buyer' })
    await addShopProduct(baseUrl, 'blanket', buyer.cookie)
    const placed = await placeApiOrder(baseUrl, buyer.cookie, { idempotencyKey: `e2e-address-${Date.now()}`, email: buyer.email, name: 'Sam Buyer', shippingAddress: home, card: testCard })
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as { id: string }

    const contexts: BrowserContext[] = []
    const contextFor = async (width: number, options: { javaScriptEnabled?: boolean } = {}) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, ...options })
      contexts.push(context)
      await signInContext(context, baseUrl, buyer)
      return context
    }
    try {
      const page = await (await contextFor(1280)).newPage()
      await openPage(page, baseUrl, `/orders/${order.id}`)
      await shot(page, 'order-address-closed-1280')
      await page.getByText('Change shipping address', { exact: true }).click()
      const form = page.getByRole('form', { name: 'Change shipping address' })
      await form.waitFor()
      expect(await form.getByLabel('Street address').inputValue()).toBe('1 Main Street')
      await expectNoSeriousA11yViolations(page, 'change address form at 1280')
      await shot(page, 'order-address-open-1280')

      await form.getByLabel('Street address').fill('500 Capitol Mall')
      await form.getByLabel('Apartment, suite or unit').fill('Suite 2')
      // A ZIP code in New York (the page fills in New York), then California chosen again: refused on the ZIP field,
      // as at checkout.
      await form.getByLabel('ZIP code').fill('10001')
      await page.locator('#zip-status').getByText('ZIP code 10001 is in New York, New York.').waitFor()
      await form.getByLabel('City').fill('Sacramento')
      await form.getByLabel('State', { exact: true }).selectOption('CA')
      await form.getByRole('button', { name: 'Save new address' }).click()
      await page.getByText('ZIP code 10001 is in New York, not California. Check the ZIP code and the state.').waitFor()
      expect(await form.getByLabel('Street address').inputValue()).toBe('500 Capitol Mall')
      expect(await form.getByLabel('Apartment, suite or unit').inputValue()).toBe('Suite 2')
      expect(await form.getByLabel('State', { exact: true }).inputValue()).toBe('CA')
      expect(await form.getByLabel('ZIP code').getAttribute('aria-invalid')).toBe('true')
      await expectNoSeriousA11yViolations(page, 'change address error at 1280')
      await shot(page, 'order-address-error-1280')

      await form.getByLabel('ZIP code').fill('95814')
      await page.locator('#zip-status').getByText('ZIP code 95814 is in Sacramento, California.').waitFor()
      await form.getByRole('button', { name: 'Save new address' }).click()
      await page.getByText('Your shipping address was changed. We will send the order there.').waitFor()
      const shipsTo = page.getByRole('region', { name: 'Ships to' }).locator('address')
      expect(await shipsTo.innerText()).toContain('500 Capitol Mall')
      expect(await shipsTo.innerText()).toContain('Suite 2')
      await shot(page, 'order-address-changed-1280')

      // 375 px without JavaScript: the disclosure and the form work as plain HTML.
      const plain = await (await contextFor(375, { javaScriptEnabled: false })).newPage()
      await openPage(plain, baseUrl, `/orders/${order.id}`, { hydrated: false })
      await plain.getByText('Change shipping address', { exact: true }).click()
      const plainForm = plain.getByRole('form', { name: 'Change shipping address' })
      await plainForm.getByLabel('Apartment, suite or unit').fill('Suite 300')
      await plainForm.getByRole('button', { name: 'Save new address' }).click()
      await plain.getByText('Your shipping address was changed. We will send the order there.').waitFor()
      expect(await plain.getByRole('region', { name: 'Ships to' }).locator('address').innerText()).toContain('Suite 300')
      await shot(plain, 'order-address-changed-375-nojs')

      // Axe at 375 px (with JavaScript, where axe runs), the form open.
      const narrow = await (await contextFor(375)).newPage()
      await openPage(narrow, baseUrl, `/orders/${order.id}`)
      await narrow.getByText('Change shipping address', { exact: true }).click()
      await narrow.getByRole('form', { name: 'Change shipping address' }).waitFor()
      await expectNoSeriousA11yViolations(narrow, 'change address form at 375')
      await shot(narrow, 'order-address-open-375')

      // Staff ship the box: the form is gone and the page says why; the API refuses a change.
      const staff = await sessionCookie(baseUrl, demoStaff)
      const boxes = (await (await fetch(`${baseUrl}/api/v3/staff/shipments?order=${order.id}`, { headers: { Cookie: staff } })).json()) as { shipments: { id: number }[] }
      const shipped = await fetch(`${baseUrl}/api/v3/staff/shipments/${boxes.shipments[0]!.id}/mark_shipped`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff },
        body: JSON.stringify({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
      })
      expect(shipped.status).toBe(200)
      await openPage(page, baseUrl, `/orders/${order.id}`)
      await page.getByText('Part of this order has already shipped, so its shipping address can no longer be changed.', { exact: false }).waitFor()
      expect(await page.getByText('Change shipping address', { exact: true }).count()).toBe(0)
      await shot(page, 'order-address-shipped-1280')
      const refused = await fetch(`${baseUrl}/api/v3/order_address`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Cookie: buyer.cookie }, body: JSON.stringify({ orderId: order.id, address: home }) })
      expect(refused.status).toBe(409)
    } finally {
      for (const c of contexts) await c.close()
    }
  })
})
