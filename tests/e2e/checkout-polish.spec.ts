import type { Browser, Page } from 'playwright-core'
import { formatCents } from '~/lib/money'
import { giftCardMessages } from '~/modules/giftcards/giftcards.validation'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { placeApiOrder } from './support/api-checkout'
import { addShopProduct, fillShippingAddress, openPage, sessionCookie, shot, testCard, testCardExpiry as expiry } from './support/checkout-setup'
import { giftCardCode as buyGiftCard, newestEmailText as outboxText } from './support/gift-card-code'

// Issue 7's checkout polish (docs/decisions/029): the checkout summary shows a gift card and store credit before
// placing ('Apply', with and without JavaScript) and the order charges exactly that; staff give promotional
// store credit (/admin/store-credit) and set stock (/admin/stock), which emails 'Back in stock' subscribers.
// Axe at 375 and 1280 px. SHOTS_DIR=<dir> also saves screenshots of the new screens.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const signIn = (account: { email: string; password: string }) => sessionCookie(baseUrl, account)
const open = (page: Page, p: string) => openPage(page, baseUrl, p)
/** Puts a shop product (its first size and colour) in the account's cart. */
const addSomethingToCart = (account: TestAccount) => addShopProduct(baseUrl, 'blanket', account.cookie)

/** Cents of a summary row ('Total $52.41', 'Store credit −$5'). */
const centsOf = (text: string, label: string) => Math.round(Number(text.match(new RegExp(`${label}\\s+−?\\$([\\d,.]+)`))![1]!.replace(/,/g, '')) * 100)

const summaryText = (page: Page) => page.getByRole('region', { name: 'Order summary' }).last().innerText()

describe('checkout tenders and staff tools', () => {
  let shopper: TestAccount
  let code: string

  test('staff give promotional store credit by email on /admin/store-credit (375 and 1280 px); a wrong email is a field error', async () => {
    shopper = await createAccount(baseUrl, { firstName: 'Riley' })
    for (const width of [375, 1280]) {
      const staff = await browser.newContext({ viewport: { width, height: 900 } })
      await signInContext(staff, baseUrl, { cookie: await signIn(demoStaff) })
      const page = await staff.newPage()
      await open(page, '/admin/store-credit')
      await page.getByRole('heading', { name: 'Promotional store credit' }).waitFor()
      await expectNoSeriousA11yViolations(page, `store credit page ${width}`)
      if (width === 375) {
        await page.getByLabel('Customer’s account email').fill('nobody-here@example.test')
        await page.getByLabel('Amount (dollars)').fill('5')
        await page.getByLabel('Reason').fill('Sorry your order arrived late')
        await page.getByRole('button', { name: 'Give store credit' }).click()
        await page.getByText('There is no Nestlist account with that email address.').waitFor()
        expect(await page.getByLabel('Reason').inputValue()).toBe('Sorry your order arrived late')
        await expectNoSeriousA11yViolations(page, 'store credit error 375')
        await shot(page, 'store-credit-error-375')
      } else {
        await page.getByLabel('Customer’s account email').fill(shopper.email)
        await page.getByLabel('Amount (dollars)').fill('5')
        await page.getByLabel('Reason').fill('Sorry your order arrived late')
        await page.getByRole('button', { name: 'Give store credit' }).click()
        await page.getByText(`$5 of store credit was given to ${shopper.email}.`).waitFor()
        await page.getByRole('region', { name: 'Recent grants' }).getByText(shopper.email).waitFor()
        await shot(page, 'store-credit-granted-1280')
      }
      await staff.close()
    }
    const credit = (await (await fetch(`${baseUrl}/api/v3/user_credit`, { headers: { Cookie: shopper.cookie } })).json()) as { balanceCents: number; entries: { reason: string; note: string }[] }
    expect(credit).toMatchObject({ balanceCents: 500, entries: [{ reason: 'promotion', note: 'Sorry your order arrived late' }] })
  })

  test('without JavaScript, Apply shows the gift card in the summary and keeps everything typed', async () => {
    code = await buyGiftCard(baseUrl, shopper.email, testCard)
    await addSomethingToCart(shopper)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    await signInContext(context, baseUrl, shopper)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/store/checkout`)
    await fillShippingAddress(page)
    await page.getByLabel('Gift card code').fill(code)
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await page.getByText(`Gift card ••••${code.slice(-4)}: −$`).first().waitFor()
    expect(await summaryText(page)).toContain(`Gift card ••••${code.slice(-4)}`)
    expect(await page.getByLabel('Street address').inputValue()).toBe('1 Main Street')
    expect(await page.getByLabel('Gift card code').inputValue()).toBe(code)
    await context.close()
  })

  test('with JavaScript: a wrong code is a field error; the right code and store credit show in the summary without losing the form; the order charges what was shown', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, shopper)
    const page = await context.newPage()
    await open(page, '/store/checkout')
    await fillShippingAddress(page)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Gift card code').fill('ABCD-EFGH-JKLM-NPQR')
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await page.getByText('We could not find a gift card with that code.').waitFor()
    expect(await page.getByLabel('Gift card code').getAttribute('aria-invalid')).toBe('true')

    await page.getByLabel('Gift card code').fill(code.toLowerCase())
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await page.getByRole('region', { name: 'Order summary' }).last().getByText(`Gift card ••••${code.slice(-4)}`).waitFor()
    await page.getByLabel('Apply my store credit ($5 available)').check()
    await page.getByRole('region', { name: 'Order summary' }).last().getByText('Store credit').waitFor()
    // The card number typed before applying is still there (a fetcher, not a page load).
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    const summary = await summaryText(page)
    const total = centsOf(summary, 'Total')
    const giftCard = centsOf(summary, `Gift card ••••${code.slice(-4)}`)
    expect(giftCard).toBe(Math.min(2_500, total))
    expect(centsOf(summary, 'Store credit')).toBe(Math.min(500, total - giftCard))
    const dueCents = centsOf(summary, 'To pay by card')
    expect(dueCents).toBe(total - giftCard - Math.min(500, total - giftCard))
    await expectNoSeriousA11yViolations(page, 'checkout with tenders 1280')
    await shot(page, 'checkout-tenders-1280')
    await page.setViewportSize({ width: 375, height: 800 })
    await expectNoSeriousA11yViolations(page, 'checkout with tenders 375')
    await shot(page, 'checkout-tenders-375')
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByLabel('Expiry (MM/YY)').fill(expiry)
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: /^Place order/ }).click()
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}/)
    // The order page has rendered (the address bar changes a moment before).
    await page.getByText('Thank you! Your order is placed.').waitFor()
    const payment = await page.getByRole('region', { name: 'Payment' }).innerText()
    expect(centsOf(payment, `Gift card ••••${code.slice(-4)}`)).toBe(giftCard)
    expect(centsOf(payment, 'Store credit')).toBe(total - giftCard - dueCents)
    expect(payment).toContain(formatCents(dueCents))
    await context.close()
  })

  test('staff set stock on /admin/stock: raising a sold-out option from 0 emails the shopper waiting for it (375 and 1280 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, { cookie: await signIn(demoStaff) })
    const page = await context.newPage()
    await open(page, '/admin/stock')
    await expectNoSeriousA11yViolations(page, 'stock page 1280')
    await page.getByLabel('Product name or id').fill('blanket')
    await page.getByRole('button', { name: 'Find products' }).click()
    const product = page.locator('section[aria-labelledby^="product-"]').first()
    await product.waitFor()
    const name = (await product.getByRole('heading', { level: 2 }).innerText()).trim()
    const productId = Number((await product.innerText()).match(/Product (\d+)/)![1])
    const form = product.locator('form').first()
    const optionKey = (await form.locator('input[name="optionKey"]').getAttribute('value')) ?? ''
    const field = form.getByRole('textbox')

    // Sold out first, then a shopper asks to be told, then it comes back.
    await field.fill('0')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByText(`now has 0 in stock.`).waitFor()
    const waiting = `waiting-${Date.now()}@example.test`
    const options = Object.fromEntries(optionKey.split('|').filter(Boolean).map((p) => p.split('=') as [string, string]))
    const sub = await fetch(`${baseUrl}/api/v3/product_availability_subscriptions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ productId, email: waiting, ...options }) })
    expect(sub.status).toBeLessThan(300)

    await page.getByLabel('Product name or id').fill(String(productId))
    await page.getByRole('button', { name: 'Find products' }).click()
    const again = page.locator('section[aria-labelledby^="product-"]').first()
    await again.getByText('1 shopper waits for it').waitFor()
    await again.locator('form').first().getByRole('textbox').fill('7')
    await again.locator('form').first().getByRole('button', { name: 'Save' }).click()
    await page.getByText('now has 7 in stock. 1 shopper was emailed that it is back in stock.').waitFor()
    await expectNoSeriousA11yViolations(page, 'stock saved 1280')
    await shot(page, 'stock-saved-1280')
    expect(await outboxText(baseUrl, waiting)).toContain(`Back in stock: ${name}`)

    // A bad count on a phone: the field says why, nothing is saved.
    await page.setViewportSize({ width: 375, height: 800 })
    await again.locator('form').first().getByRole('textbox').fill('-3')
    await again.locator('form').first().getByRole('button', { name: 'Save' }).click()
    await page.getByText('Enter the stock as a whole number from 0 to 100,000.').waitFor()
    await expectNoSeriousA11yViolations(page, 'stock error 375')
    await shot(page, 'stock-error-375')
    await context.close()

    // Anyone else gets the 404 page.
    const res = await fetch(`${baseUrl}/admin/stock`, { headers: { Cookie: shopper.cookie } })
    expect(res.status).toBe(404)
  })
})

// Money shown = money charged (docs/decisions/029, amendment h10): a gift card spent by someone else between the
// checkout summary and 'Place order' charges nothing; the page shows why and the fresh total, and placing again
// charges exactly that.

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
      const shownGiftCard = centsOf(before, `Gift card ••••${code.slice(-4)}`)
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
      await page.getByLabel('Expiry (MM/YY)').fill(expiry)
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
      const total = centsOf(after, 'Total')
      const due = after.includes('To pay by card') ? centsOf(after, 'To pay by card') : total
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
