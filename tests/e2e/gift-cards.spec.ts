import fs from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { createServices, type Services } from '~/services.server'
import { createAccount, demoParent, demoStaff, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'

// Gift cards (issue 7): a guest buys an e-gift card on /store/gift-cards, pays with the test card, the recipient's
// email (read from the staff outbox) carries the code, and the recipient redeems it into their balance at
// /settings/gift-cards-and-promos. Axe at 375 and 1280 px.
//
// This branch has no checkout page or /api/v3/orders yet, so the order is placed with the orders service on the
// server's own database: this spec starts its own server on a data directory it knows, to reach that database.
let browser: Browser
let server: RunningServer
let baseUrl: string
let dataDir: string
let services: Services
let pool: ReturnType<typeof createDb>['pool']

beforeAll(async () => {
  dataDir = makeDataDir()
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  baseUrl = server.baseUrl
  // The embedded PostgreSQL's port (postmaster.pid, line 4) and the password the server keeps beside it.
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim()
  const password = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim()
  const opened = createDb(`postgres://nestlist:${encodeURIComponent(password)}@127.0.0.1:${port}/nestlist`, { max: 2 })
  pool = opened.pool
  services = createServices({ db: opened.db, pool, env: { SUPPORT_EMAIL: 'help@nestlist.example' }, logger: pino({ level: 'silent' }) })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await pool?.end()
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

async function open(page: Page, p: string) {
  const response = await page.goto(`${baseUrl}${p}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

/** Staff read the newest email to `to` in the outbox (/admin/emails), as without SMTP. */
async function newestEmailText(to: string): Promise<{ subject: string; body: string }> {
  const res = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoStaff) })
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!
  const list = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(to)}`, { headers: { Cookie: cookie } })).text()
  const id = Math.max(...[...list.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((m) => Number(m[1])))
  const detail = await (await fetch(`${baseUrl}/admin/emails/${id}`, { headers: { Cookie: cookie } })).text()
  return { subject: detail.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? '', body: detail.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"') }
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
    const cart = await services.cart.view({ guestToken: cartCookie.value })
    expect(cart.lines.map((l) => [l.unitPriceCents, l.quantity, l.giftCard?.recipientEmail])).toEqual([[7_500, 1, recipient.email]])
    const order = await services.orders.placeOrder(
      { guestToken: cartCookie.value },
      { idempotencyKey: `e2e-gift-card-${Date.now()}`, email: 'jordan@example.test', name: 'Jordan', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } },
    )
    expect(order).toMatchObject({ status: 'paid', totalCents: 7_500, shippingCents: 0, taxCents: 0, cardChargeCents: 7_500 })
    await buyer.close()

    // 3. The recipient's email, as staff see it in the outbox.
    const mail = await newestEmailText(recipient.email)
    expect(mail.body).toContain('Jordan sent you a Nestlist gift card')
    expect(mail.body).toContain('For all the little things. Love, Jordan')
    const code = mail.body.match(/code: ([2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3})/)![1]!
    // The buyer's copy has no code.
    const copy = await newestEmailText('jordan@example.test')
    expect(copy.body).toContain('Riley')
    expect(copy.body).not.toContain(code)

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

  test('the balance page at 1280, a gift card product page with its purchase form, and /returns/gift pass axe', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(desktop, baseUrl, recipient)
    const page = await desktop.newPage()
    await open(page, '/settings/gift-cards-and-promos')
    expect(await page.getByTestId('credit-balance').innerText()).toBe('$75')
    await expectNoSeriousA11yViolations(page, 'gift cards and promos 1280')
    await open(page, '/returns/gift')
    await page.getByRole('heading', { name: 'Return a gift' }).waitFor()
    await expectNoSeriousA11yViolations(page, 'gift returns 1280')
    await desktop.close()

    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const p = await phone.newPage()
    const designs = await services.giftCards.designs()
    await open(p, `/gp/nestlist-store-gift-card/${designs[0]!.id}`)
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
    // A guest buys two of a gift on the demo parent's registry (through the orders service, as above).
    const signIn = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoParent) })
    const ownerCookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const found = await pool.query<{ id: number; product_id: number; name: string }>(
      `select i.id, i.product_id, p.name from reg_items i join registries r on r.id = i.registry_id join users u on u.id = r.owner_id join products p on p.id = i.product_id
       where u.email = $1 and i.removed_at is null and p.product_type = 'product' and p.available and i.quantity_needed - i.quantity_reserved - i.quantity_purchased >= 2
       order by i.id limit 1`,
      [demoParent.email],
    )
    const item = { id: Number(found.rows[0]!.id), productId: Number(found.rows[0]!.product_id), name: found.rows[0]!.name }
    const giver = { guestToken: services.cart.newGuestToken() }
    await services.cart.add(giver, { productId: item.productId, regItemId: item.id, quantity: 2 })
    await services.orders.placeOrder(giver, { idempotencyKey: `e2e-gift-return-${Date.now()}`, email: 'june@example.test', name: 'June', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } })

    const emailsTo = async (to: string) => (await pool.query<{ n: number }>(`select count(*)::int as n from email_outbox where to_address = $1`, [to])).rows[0]!.n
    const giverEmailsBefore = await emailsTo('june@example.test')

    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await signInContext(phone, baseUrl, { cookie: ownerCookie })
    const page = await phone.newPage()
    await open(page, '/returns/gift')
    const gift = page.getByRole('article').filter({ hasText: item.name })
    await gift.waitFor()
    expect(await gift.innerText()).toContain('2 of 2 can be returned')
    await expectNoSeriousA11yViolations(page, 'gift returns 375')
    await gift.getByLabel('Reason').selectOption('duplicate')
    await gift.getByRole('button', { name: 'Return for credit' }).click()
    await page.getByRole('status').getByText('Gift returned').waitFor()
    expect(await page.getByRole('article').filter({ hasText: item.name }).innerText()).toContain('1 of 2 can be returned')
    expect(await page.getByRole('region', { name: 'Returned gifts' }).innerText()).toContain('I received more than one')
    await expectNoSeriousA11yViolations(page, 'gift returned 375')
    // The giver was not told: no email went to them because of the return.
    expect(await emailsTo('june@example.test')).toBe(giverEmailsBefore)
    await phone.close()
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
    await context.close()
  })
})
