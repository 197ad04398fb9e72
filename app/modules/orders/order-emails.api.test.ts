// The order confirmation is the orders service's side effect (docs/ARCHITECTURE: side effects are decided in the
// domain): an order placed through POST /api/v3/orders and one placed by the checkout page's action each send
// exactly one, the same email, and a retried checkout (the same key) sends no second one.
import { eq } from 'drizzle-orm'
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { post, run } from '../../../tests/support/route-calls'
import { emailOutbox } from '../email/email.schema'
import { placeOrderFromForm, quoteFor } from './checkout.server'
import { checkoutStrings } from './checkout.strings'
import { ensureProductStock } from './stock.seed.server'

let h: RegistryApiHarness
let products: number[]
let context: AppLoadContext
let n = 0

beforeAll(async () => {
  h = await registryApiHarness(97_000)
  products = await h.createProducts(2, 3_000)
  await h.database.pool.query('update products set stock = 50 where id = any($1)', [products])
  await ensureProductStock(h.database.db, products)
  context = { services: h.services, logger: pino({ level: 'silent' }), nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as unknown as AppLoadContext
})

afterAll(async () => {
  await h?.drop()
})

const address = { name: 'Sam Buyer', line1: '1 Capitol Mall', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
const checkoutKey = () => `order-emails-${++n}-${Date.now()}-0123456789abcdef0123456789`
const confirmations = (to: string) => h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id)

/** A signed-up buyer with one product in their cart, and the total the checkout would show. */
async function buyerWithCart() {
  const buyer = await h.signUp('Sam')
  await h.services.cart.add({ userId: buyer.id }, { productId: products[0]!, quantity: 2 })
  const quote = await h.services.orders.quote({ userId: buyer.id }, { scope: 'store', state: 'CA' })
  return { buyer, totalCents: quote.totalCents }
}

/** The email with what differs between two orders (their id and number, the day placed) taken out. */
function shapeOf(mail: { subject: string; text: string; category: string; template: string }, orderId: string) {
  const number = checkoutStrings.orderNumber(orderId).replace('Order ', '')
  const strip = (s: string) => s.replaceAll(orderId, '{id}').replaceAll(number, '{number}').replace(/placed \w{3}, \d{2} \w{3} \d{4}/, 'placed {date}')
  return { category: mail.category, template: mail.template, subject: strip(mail.subject), text: strip(mail.text) }
}

/** The checkout page's form as the browser posts it (store checkout, a typed card). */
function checkoutForm(key: string, email: string, totalCents: number) {
  return post('/checkout', undefined, {
    checkoutKey: key,
    email,
    buyerName: 'Sam Buyer',
    ...address,
    phone: '',
    cardNumber: '4242 4242 4242 4242',
    cardExpiry: '12/40',
    cardCvc: '123',
    cardName: 'Sam Buyer',
    shownTotalCents: totalCents,
  })
}

async function placeFromPage(cookie: string, key: string, email: string, totalCents: number) {
  const request = checkoutForm(key, email, totalCents)
  const withSession = new Request(request, { headers: { ...Object.fromEntries(request.headers), Cookie: cookie } })
  return run<unknown>(async () => placeOrderFromForm(withSession, context, await withSession.clone().formData(), 'store', { shipsToRegistry: false }))
}

describe('the order confirmation email', () => {
  test('POST /api/v3/orders sends one confirmation; a retry with the same key answers 200 and sends none', async () => {
    const { buyer, totalCents } = await buyerWithCart()
    const body = { idempotencyKey: checkoutKey(), email: buyer.email, name: 'Sam Buyer', shippingAddress: address, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' }, expected: { totalCents } }
    const placed = await h.call('POST', '/api/v3/orders', { cookie: buyer.cookie, body })
    expect(placed.status, placed.text).toBe(201)
    const again = await h.call('POST', '/api/v3/orders', { cookie: buyer.cookie, body })
    expect(again.status, again.text).toBe(200)
    expect(again.json.id).toBe(placed.json.id)

    const mail = (await confirmations(buyer.email)).filter((m) => m.category === 'orders')
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe(`Your Nestlist order ${checkoutStrings.orderNumber(placed.json.id as string).replace('Order ', '')} is confirmed`)
    expect(mail[0]!.text).toContain(`${h.services.publicOrigin}/orders/${placed.json.id}`)
  })

  test('the checkout page sends the same confirmation as the API, once, even when the form is posted again', async () => {
    const api = await buyerWithCart()
    const apiOrder = await h.call('POST', '/api/v3/orders', {
      cookie: api.buyer.cookie,
      body: { idempotencyKey: checkoutKey(), email: api.buyer.email, name: 'Sam Buyer', shippingAddress: address, card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }, expected: { totalCents: api.totalCents } },
    })
    expect(apiOrder.status, apiOrder.text).toBe(201)

    const page = await buyerWithCart()
    const key = checkoutKey()
    const first = await placeFromPage(page.buyer.cookie, key, page.buyer.email, page.totalCents)
    expect(first.status).toBe(302)
    const [pageOrder] = await h.services.orders.listForBuyer(page.buyer.id).then((r) => r.orders)
    expect(pageOrder).toBeDefined()
    // A double-submitted form (the same checkout key) lands on the same order and sends nothing more.
    const second = await placeFromPage(page.buyer.cookie, key, page.buyer.email, page.totalCents)
    expect(second.status).toBe(302)
    expect((await h.services.orders.listForBuyer(page.buyer.id)).total).toBe(1)

    const fromApi = (await confirmations(api.buyer.email)).filter((m) => m.category === 'orders')
    const fromPage = (await confirmations(page.buyer.email)).filter((m) => m.category === 'orders')
    expect(fromApi).toHaveLength(1)
    expect(fromPage).toHaveLength(1)
    expect(shapeOf(fromPage[0]!, pageOrder!.id)).toEqual(shapeOf(fromApi[0]!, apiOrder.json.id as string))
    expect(fromPage[0]!.text).toContain('Thank you for your order!')
  })
})

describe('the checkout page reads why the orders service refused, not its words', () => {
  test('an empty cart is a state of the page; a form with field errors gets one summary line', async () => {
    const buyer = await h.signUp('Empty')
    expect(await quoteFor(context, { userId: buyer.id }, 'store')).toEqual({ quote: null, problem: 'empty', message: null })

    const { buyer: other, totalCents } = await buyerWithCart()
    const request = checkoutForm(checkoutKey(), 'not-an-email', totalCents)
    const withSession = new Request(request, { headers: { ...Object.fromEntries(request.headers), Cookie: other.cookie } })
    const failed = await run<{ ok: boolean; message: string; fields: Record<string, string[]> }>(async () =>
      placeOrderFromForm(withSession, context, await withSession.clone().formData(), 'store', { shipsToRegistry: false }),
    )
    expect(failed.status).toBe(422)
    expect(failed.body).toMatchObject({ ok: false, message: checkoutStrings.fixFields })
    expect(failed.body.fields.email).toBeDefined()
    expect((await confirmations('not-an-email')).length).toBe(0)
  })
})
