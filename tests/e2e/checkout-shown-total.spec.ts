import type { Browser } from 'playwright-core'
import { formatCents } from '~/lib/money'
import { giftCardMessages } from '~/modules/giftcards/giftcards.validation'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext } from './support/accounts'
import { placeApiOrder } from './support/api-checkout'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { addShopProduct, fillShippingAddress, openPage, shot, testCard, testCardExpiry } from './support/checkout-setup'
import { giftCardCode as buyGiftCard } from './support/gift-card-code'

// Money shown = money charged (issue 7; docs/decisions/029, amendment h10): a gift card spent by someone else
// between the checkout summary and 'Place order' charges nothing; the page shows why and the fresh total, and
// placing again charges exactly that. Axe at 1280 and 375 px. SHOTS_DIR=<dir> also saves screenshots.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const cents = (text: string, label: string) => Math.round(Number(text.match(new RegExp(`${label}\\s+−?\\$([\\d,.]+)`))![1]!.replace(/,/g, '')) * 100)

describe('a gift card spent in another session during checkout', () => {
  test('Place order charges nothing and shows the new total; placing again charges what is shown', async () => {
    const shopper = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Shown' })
    const code = await buyGiftCard(baseUrl, shopper.email, testCard)
    await addShopProduct(baseUrl, 'blanket', shopper.cookie)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, shopper)
    const page = await context.newPage()
    const summary = () => page.getByRole('region', { name: 'Order summary' }).last()
    try {
      await openPage(page, baseUrl, '/store/checkout')
      await fillShippingAddress(page, 'Maya Shown')
      await page.getByLabel('Gift card code').fill(code)
      await page.getByRole('button', { name: 'Apply', exact: true }).click()
      await summary().getByText(`Gift card ••••${code.slice(-4)}`).waitFor()
      const before = await summary().innerText()
      const shownGiftCard = cents(before, `Gift card ••••${code.slice(-4)}`)
      expect(shownGiftCard).toBeGreaterThan(0)

      // Someone else with the code (another browser, a guest) spends it first.
      const other = await addShopProduct(baseUrl, 'towel')
      const spent = await placeApiOrder(baseUrl, other.cookie, {
        email: `other-${Date.now()}@example.test`,
        name: 'Otto Other',
        shippingAddress: { name: 'Otto Other', line1: '9 Side Street', line2: '', city: 'Portland', state: 'OR', zip: '97201' },
        giftCardCode: code,
        card: testCard,
      }, { 'Idempotency-Key': `e2e-shown-${Date.now()}` })
      expect(spent.status).toBe(201)

      await page.getByLabel('Card number').fill(testCard.number)
      await page.getByLabel('Expiry (MM/YY)').fill(testCardExpiry)
      await page.getByLabel('Security code (CVC)').fill(testCard.cvc)
      await page.getByRole('button', { name: /^Place order/ }).click()
      await page.getByRole('alert').getByText(giftCardMessages.balanceChanged).waitFor()
      // Nothing was placed or charged, and the summary now shows what placing would charge.
      expect(page.url()).toContain('/store/checkout')
      const orders = (await (await fetch(`${baseUrl}/api/v3/orders`, { headers: { Cookie: shopper.cookie } })).json()) as { orders: unknown[] }
      expect(orders.orders).toHaveLength(0)
      const after = await summary().innerText()
      expect(after).not.toContain(`−${formatCents(shownGiftCard)}`)
      // What was typed is kept (the card number and security code are asked again, as after any failure).
      expect(await page.getByLabel('Street address').inputValue()).toBe('1 Main Street')
      await expectNoSeriousA11yViolations(page, 'checkout, balance changed 1280')
      await shot(page, 'checkout-balance-changed-1280')
      await page.setViewportSize({ width: 375, height: 800 })
      await expectNoSeriousA11yViolations(page, 'checkout, balance changed 375')
      await shot(page, 'checkout-balance-changed-375')
      await page.setViewportSize({ width: 1280, height: 900 })

      // The card was used up: its code is now a field error; without it the card pays the new total.
      if ((await page.getByLabel('Gift card code').getAttribute('aria-invalid')) === 'true') await page.getByLabel('Gift card code').fill('')
      const total = cents(after, 'Total')
      const due = after.includes('To pay by card') ? cents(after, 'To pay by card') : total
      await page.getByLabel('Card number').fill(testCard.number)
      await page.getByLabel('Security code (CVC)').fill(testCard.cvc)
      await page.getByRole('button', { name: /^Place order/ }).click()
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}/, { timeout: 15_000 }).catch(async (error: unknown) => {
        throw new Error(`${String(error)}\ncode field: '${await page.getByLabel('Gift card code').inputValue()}' ${await page.getByLabel('Gift card code').getAttribute('aria-invalid')}\n${(await page.locator('main').innerText()).slice(-2500)}`)
      })
      await page.getByText('Thank you! Your order is placed.').waitFor()
      const placed = (await (await fetch(`${baseUrl}/api/v3/orders`, { headers: { Cookie: shopper.cookie } })).json()) as { orders: { totalCents: number }[] }
      expect(placed.orders).toMatchObject([{ totalCents: total }])
      expect(await page.getByRole('region', { name: 'Payment' }).innerText()).toContain(formatCents(due))
    } finally {
      await context.close()
    }
  })
})
