import type { Browser, Page } from 'playwright-core'
import { formatCents } from '~/lib/money'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoParent, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { placeApiOrder } from './support/api-checkout'
import { addShopProduct, fillShippingAddress, openPage, sessionCookie, testCard, testCardExpiry } from './support/checkout-setup'

// Gift cards (issue 7): a guest buys an e-gift card on /store/gift-cards, pays with the test card, the recipient's
// email (read from the staff outbox) carries the code, and the recipient redeems it into their balance at
// /settings/gift-cards-and-promos; a registry owner returns a gift for store credit. Axe at 375 and 1280 px.
// The gift card purchase checks out through POST /api/v3/orders with the browser's cart cookie; the store credit is
// spent on the checkout page (/store/checkout).
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})


/** Checks out the cart behind `cookie` through the orders API, as the checkout page does. */
async function checkout(cookie: string, body: Record<string, unknown>) {
  const res = await placeApiOrder(baseUrl, cookie, body, { 'Idempotency-Key': `e2e-gift-cards-${Date.now()}-${Math.random().toString(36).slice(2)}` })
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { id: string; status: string; totalCents: number; shippingCents: number; taxCents: number; cardChargeCents: number }
}

const signIn = (account: { email: string; password: string }) => sessionCookie(baseUrl, account)

/** How many emails the outbox holds for `to` (staff view). */
async function emailCount(to: string) {
  const list = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(to)}`, { headers: { Cookie: await signIn(demoStaff) } })).text()
  return new Set([...list.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((m) => m[1])).size
}

const open = (page: Page, p: string) => openPage(page, baseUrl, p)

/** Staff read the newest email to `to` in the outbox (/admin/emails), as without SMTP. */
/** The newest email to `to` (whose subject matches `subject`, when given), as staff see it in the outbox. */
async function newestEmailText(to: string, subject?: RegExp): Promise<{ subject: string; body: string }> {
  const cookie = await signIn(demoStaff)
  const list = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(to)}`, { headers: { Cookie: cookie } })).text()
  const ids = [...new Set([...list.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((m) => Number(m[1])))].sort((a, b) => b - a)
  for (const id of ids) {
    const detail = await (await fetch(`${baseUrl}/admin/emails/${id}`, { headers: { Cookie: cookie } })).text()
    const found = { subject: detail.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? '', body: detail.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"') }
    if (!subject || subject.test(found.subject)) return found
  }
  throw new Error(`no email to ${to}${subject ? ` with a subject matching ${subject}` : ''}`)
}

describe('gift cards', () => {
  let recipient: TestAccount

  test('a guest buys a $75 gift card with the test card; the recipient gets the code by email and redeems it into their balance', async () => {
    recipient = await createAccount(baseUrl, { firstName: 'Riley' })

    // 1. Choose the gift card on /store/gift-cards (desktop).
    const buyer = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await buyer.newPage()
    await open(page, '/store/gift-cards')
    await expectNoSeriousA11yViolations(page, 'gift cards page 1280')
    await page.getByText('Other amount', { exact: true }).click()
    await page.getByLabel('Other amount in dollars').fill('75')
    await page.getByLabel("Recipient's name").fill('Riley')
    await page.getByLabel("Recipient's email").fill(recipient.email)
    await page.getByLabel('Your name').fill('Jordan')
    await page.getByLabel('Message').fill('For all the little things. Love, Jordan')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText('Added to your cart').waitFor()
    expect(await page.getByRole('status').first().innerText()).toContain('$75 for Riley')
    await expectNoSeriousA11yViolations(page, 'gift card added 1280')

    // A mistake keeps what was typed and says what to fix.
    await page.getByLabel("Recipient's name").fill('Sam')
    await page.getByLabel("Recipient's email").fill('not-an-email')
    await page.getByLabel('Your name').fill('Jordan')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText("Enter the recipient's email address.").waitFor()
    expect(await page.getByLabel("Recipient's name").inputValue()).toBe('Sam')

    // 2. Check out: the guest cart (its cookie) paid with 4242 4242 4242 4242.
    const cartCookie = (await buyer.cookies(baseUrl)).find((c) => c.name === 'nestlist_cart')!
    const order = await checkout(`nestlist_cart=${cartCookie.value}`, { email: 'jordan@example.test', name: 'Jordan', card: testCard })
    expect(order).toMatchObject({ status: 'paid', totalCents: 7_500, shippingCents: 0, taxCents: 0, cardChargeCents: 7_500 })
    await buyer.close()

    // 3. The recipient's email, as staff see it in the outbox.
    const mail = await newestEmailText(recipient.email)
    expect(mail.body).toContain('Jordan sent you a Nestlist gift card')
    expect(mail.body).toContain('For all the little things. Love, Jordan')
    const code = mail.body.match(/code: ([2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3})/)![1]!
    // The buyer's copy has no code.
    // (The order confirmation goes to the buyer too, from the orders service.)
    const copy = await newestEmailText('jordan@example.test', /gift card for Riley is on its way/)
    expect(copy.body).toContain('Riley')
    expect(copy.body).not.toContain(code)
    // The receipt says how the card travels (nothing ships), never an empty address.
    const receipt = await newestEmailText('jordan@example.test', /order .* is confirmed/)
    expect(receipt.body).toContain('Each gift card goes to its recipient by email.')
    expect(receipt.body).not.toContain('Ships to ,')

    // 4. The recipient redeems it on a phone.
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await signInContext(phone, baseUrl, recipient)
    const p2 = await phone.newPage()
    await open(p2, '/settings/gift-cards-and-promos')
    expect(await p2.getByTestId('credit-balance').innerText()).toBe('$0')
    await expectNoSeriousA11yViolations(p2, 'gift cards and promos 375')
    await p2.getByLabel('Gift card code').fill('ABCD-EFGH-JKLM-NPQR')
    await p2.getByRole('button', { name: 'Redeem' }).click()
    await p2.getByText('We could not find a gift card with that code.').waitFor()
    expect(await p2.getByLabel('Gift card code').getAttribute('aria-invalid')).toBe('true')
    await expectNoSeriousA11yViolations(p2, 'redeem error 375')
    await p2.getByLabel('Gift card code').fill(code.toLowerCase().replaceAll('-', ' '))
    await p2.getByRole('button', { name: 'Redeem' }).click()
    await p2.getByRole('status').getByText('Gift card redeemed').waitFor()
    await p2.getByTestId('credit-balance').getByText('$75').waitFor()
    expect(await p2.getByRole('region', { name: 'Balance history' }).innerText()).toContain(`Gift card ••••${code.slice(-4)}`)
    await expectNoSeriousA11yViolations(p2, 'redeemed 375')
    await phone.close()

    // The API agrees.
    const credit = await fetch(`${baseUrl}/api/v3/user_credit`, { headers: { Cookie: recipient.cookie } })
    expect(await credit.json()).toMatchObject({ balanceCents: 7_500, entries: [{ amountCents: 7_500, reason: 'gift_card_redeemed' }] })
  })

  test('the recipient spends the store credit at /store/checkout; the order shows Store credit and what the card paid', async () => {
    // Something from the shop in the recipient's cart.
    await addShopProduct(baseUrl, 'blanket', recipient.cookie)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, recipient)
    const page = await context.newPage()
    await open(page, '/store/checkout')
    await fillShippingAddress(page)
    await page.getByLabel('Apply my store credit ($75 available)').check()
    // The summary shows the credit before the order is placed (placing charges only what it shows).
    await page.getByRole('region', { name: 'Order summary' }).last().getByText('Store credit').waitFor()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill(testCardExpiry)
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: /^Place order/ }).click()
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}/)
    // The address changes a moment before the order page replaces the checkout (whose summaries also list
    // 'Store credit'): wait for the order page itself, then read its payment section.
    await page.getByRole('heading', { level: 1, name: /^Order #/ }).waitFor()
    await page.getByRole('region', { name: 'Payment' }).locator('dt', { hasText: 'Store credit' }).waitFor()
    const payment = await page.getByRole('region', { name: 'Payment' }).innerText()
    expect(payment).toMatch(/Store credit\s+−\$/)
    await expectNoSeriousA11yViolations(page, 'order paid with store credit 1280')
    const credit = (await (await fetch(`${baseUrl}/api/v3/user_credit`, { headers: { Cookie: recipient.cookie } })).json()) as { balanceCents: number; entries: { reason: string }[] }
    expect(credit.entries[0]!.reason).toBe('order_payment')
    expect(credit.balanceCents).toBeLessThan(7_500)
    await context.close()
  })

  test('the balance page at 1280, a gift card product page with its purchase form, and /returns/gift pass axe', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(desktop, baseUrl, recipient)
    const page = await desktop.newPage()
    await open(page, '/settings/gift-cards-and-promos')
    // What is left after the checkout above.
    const { balanceCents } = (await (await fetch(`${baseUrl}/api/v3/user_credit`, { headers: { Cookie: recipient.cookie } })).json()) as { balanceCents: number }
    expect(await page.getByTestId('credit-balance').innerText()).toBe(formatCents(balanceCents))
    expect(await page.getByRole('region', { name: 'Balance history' }).innerText()).toContain('Used on an order')
    await expectNoSeriousA11yViolations(page, 'gift cards and promos 1280')
    await open(page, '/returns/gift')
    await page.getByRole('heading', { name: 'Return a gift' }).waitFor()
    await expectNoSeriousA11yViolations(page, 'gift returns 1280')
    await desktop.close()

    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const p = await phone.newPage()
    const designId = (await (await fetch(`${baseUrl}/store/gift-cards`)).text()).match(/name="productId" value="(\d+)"/)![1]
    await open(p, `/gp/nestlist-store-gift-card/${designId}`)
    await p.getByRole('heading', { name: 'Send this gift card' }).waitFor()
    await expectNoSeriousA11yViolations(p, 'gift card product page 375')
    await p.getByText('$100', { exact: true }).click()
    await p.getByLabel("Recipient's name").fill('Ari')
    await p.getByLabel("Recipient's email").fill('ari@example.test')
    await p.getByLabel('Your name').fill('Kim')
    await p.getByRole('button', { name: 'Add gift card to cart' }).click()
    await p.getByText('Added to your cart').waitFor()
    // Still on the product page: the form posted in place.
    expect(new URL(p.url()).pathname).toMatch(/^\/gp\/nestlist-store-gift-card\//)
    await open(p, '/store/gift-cards')
    await expectNoSeriousA11yViolations(p, 'gift cards page 375')
    await phone.close()
  })

  test('a registry owner returns a gift bought on Nestlist for store credit, on a phone', async () => {
    // A guest buys two of a gift on the demo parent's registry (Buy from Nestlist, then the orders API).
    const ownerCookie = await signIn(demoParent)
    const me = (await (await fetch(`${baseUrl}/api/v3/user`, { headers: { Cookie: ownerCookie } })).json()) as { registries: { id: number }[] }
    const listed = (await (await fetch(`${baseUrl}/api/v3/registries/${me.registries[0]!.id}/reg_items`)).json()) as {
      items: { id: number; productId: number | null; title: string; quantityStillNeeded: number; options: Record<string, string>; href: string | null }[]
    }
    let giverCookie = ''
    let item: (typeof listed.items)[number] | undefined
    for (const candidate of listed.items.filter((i) => i.productId && i.quantityStillNeeded >= 2 && i.href?.startsWith('/gp/'))) {
      const added = await fetch(`${baseUrl}/api/v3/cart_items`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(giverCookie ? { Cookie: giverCookie } : {}) },
        body: JSON.stringify({ productId: candidate.productId, regItemId: candidate.id, quantity: 2, ...candidate.options }),
      })
      giverCookie ||= (added.headers.get('set-cookie') ?? '').split(';')[0]!
      if (added.status === 201 || added.status === 200) {
        item = candidate
        break
      }
    }
    expect(item, 'a shop item the demo registry still needs two of').toBeDefined()
    await checkout(giverCookie, { email: 'june@example.test', name: 'June', card: testCard })
    const giverEmailsBefore = await emailCount('june@example.test')

    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await signInContext(phone, baseUrl, { cookie: ownerCookie })
    const page = await phone.newPage()
    await open(page, '/returns/gift')
    const gift = page.getByRole('article').filter({ hasText: item!.title })
    await gift.waitFor()
    expect(await gift.innerText()).toContain('2 of 2 can be returned')
    await expectNoSeriousA11yViolations(page, 'gift returns 375')
    await gift.getByLabel('Reason').selectOption('duplicate')
    await gift.getByRole('button', { name: 'Return for credit' }).click()
    await page.getByRole('status').getByText('Gift returned').waitFor()
    // The list is read again after the return (a moment after the message).
    await page.getByRole('article').filter({ hasText: item!.title }).getByText('1 of 2 can be returned').waitFor()
    expect(await page.getByRole('region', { name: 'Returned gifts' }).innerText()).toContain('I received more than one')
    await expectNoSeriousA11yViolations(page, 'gift returned 375')
    // The giver was not told: no email went to them because of the return.
    expect(await emailCount('june@example.test')).toBe(giverEmailsBefore)
    await phone.close()
  })

  test('a cart of e-gift cards checks out on /store/checkout without any shipping address, and the order says they go by email', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    try {
      const page = await context.newPage()
      await open(page, '/store/gift-cards')
      await page.getByText('Other amount', { exact: true }).click()
      await page.getByLabel('Other amount in dollars').fill('40')
      await page.getByLabel("Recipient's name").fill('Ari')
      await page.getByLabel("Recipient's email").fill(`ari-${Date.now()}@example.test`)
      await page.getByLabel('Your name').fill('Lee')
      await page.getByRole('button', { name: 'Add gift card to cart' }).click()
      await page.getByText('Added to your cart').waitFor()

      await open(page, '/store/checkout')
      // Nothing ships: no address fields, no shipping method, and the tax line names no state.
      await page.getByText('Gift cards are sent by email to the recipients you chose').waitFor()
      expect(await page.getByLabel('Street address').count()).toBe(0)
      expect(await page.getByText('Shipping method').count()).toBe(0)
      expect(await page.locator('main').innerText()).not.toMatch(/Tax \(/)
      await expectNoSeriousA11yViolations(page, 'e-gift card checkout at 375')
      await page.getByLabel('Email').fill('lee@example.test')
      await page.getByLabel('Your name').fill('Lee')
      await page.getByLabel('Card number').fill(testCard.number)
      await page.getByLabel('Expiry (MM/YY)').fill(testCardExpiry)
      await page.getByLabel('Security code (CVC)').fill(testCard.cvc)
      await page.getByRole('button', { name: /^Place order/ }).click()
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/)
      await page.getByText('Thank you! Your order is placed.').waitFor()
      const main = await page.locator('main').innerText()
      expect(main).toContain('Gift cards are sent by email to the recipients you chose.')
      expect(main).toContain('Gift cards by email')
      expect(main).toContain('Sent by email')
      expect(main).not.toContain('Processing')
    } finally {
      await context.close()
    }
  })

  test('without JavaScript the purchase form still works', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/store/gift-cards`)
    await page.getByText('$250', { exact: true }).click()
    await page.getByLabel("Recipient's name").fill('Noa')
    await page.getByLabel("Recipient's email").fill('noa@example.test')
    await page.getByLabel('Your name').fill('Lee')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText('Added to your cart').waitFor()
    expect(await page.locator('body').innerText()).toContain('$250 for Noa')

    // A preset stays chosen while an amount is typed (no script to unselect it): the typed amount is bought,
    // and one out of range is refused with a clear message, what was typed kept.
    await page.getByLabel("Recipient's name").fill('Noa')
    await page.getByLabel("Recipient's email").fill('noa@example.test')
    await page.getByLabel('Your name').fill('Lee')
    await page.getByLabel('Other amount in dollars').fill('1500')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText('Gift cards go up to $1,000. Enter $1,000 or less.').waitFor()
    expect(await page.getByLabel('Other amount in dollars').inputValue()).toBe('1500')
    await page.getByText('$100', { exact: true }).click()
    await page.getByLabel('Other amount in dollars').fill('60')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText('Added to your cart').waitFor()
    expect(await page.locator('body').innerText()).toContain('$60 for Noa')
    await context.close()
  })

  test('choosing a preset amount clears the other amount, and typing one unselects the presets (like the big shops), at 320 px', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } })
    const page = await context.newPage()
    await open(page, '/store/gift-cards')
    const custom = page.getByLabel('Other amount in dollars')
    const preset = (label: string) => page.getByRole('radio', { name: label, exact: true })
    expect(await preset('$50').isChecked()).toBe(true)

    await custom.fill('80')
    expect(await preset('$50').isChecked()).toBe(false)
    expect(await preset('Other amount').isChecked()).toBe(true)
    await page.getByText('$100', { exact: true }).click()
    expect(await preset('$100').isChecked()).toBe(true)
    expect(await custom.inputValue()).toBe('')

    // Too small: the message names the range.
    await custom.fill('20')
    await page.getByLabel("Recipient's name").fill('Ari')
    await page.getByLabel("Recipient's email").fill('ari@example.test')
    await page.getByLabel('Your name').fill('Lee')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText('Gift cards start at $25. Enter $25 or more.').waitFor()
    expect(await custom.inputValue()).toBe('20')
    expect(await preset('Other amount').isChecked()).toBe(true)
    await expectNoSeriousA11yViolations(page, 'gift card amount error at 320')
    await custom.fill('30')
    await page.getByRole('button', { name: 'Add gift card to cart' }).click()
    await page.getByText('Added to your cart').waitFor()
    expect(await page.getByRole('status').first().innerText()).toContain('$30 for Ari')
    await context.close()
  })
})
