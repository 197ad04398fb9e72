// Cancel item (docs/decisions/024, h13): lines not shipped yet are cancelled in part or in full, the stock comes
// back, the box loses them (an emptied box is cancelled), a registry gift is needed again, and the money goes back
// the way it came, to the cent and once, through the service and POST /api/v3/orders/{id}/cancellations.
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'
import { giftCards, userCreditBalances } from '../giftcards/giftcards.schema'
import { paymentRefunds, payments } from '../payments/payments.schema'
import { registries, regItems, reservations } from '../registry/registry.schema'
import { refundFor } from '../shipping/refund-math'
import { refundWords } from '../shipping/refund-words'
import { cancellationMessages } from './cancellations.validation'
import { orderLines, orders, productStock, shipments } from './orders.schema'

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let buyer: Person
let owner: Person
let stranger: Person
let category: number
let brand: number
let giftCardProduct: number
let n = 0
const factories = catalogFactories(() => h.database.db, 95_000)
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }
const home = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
const DAY = 86_400_000
const key = () => `cancel-test-${++n}-${Date.now()}`

async function outcome<T>(p: Promise<T>): Promise<{ ok: T } | { code: string; message: string }> {
  try {
    return { ok: await p }
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message }
    throw e
  }
}

const product = async (priceCents: number, name = `Thing ${++n}`) => factories.createProduct({ categoryId: category, brandId: brand, priceCents, stock: 40, name })
const stockOf = async (productId: number) => (await h.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]!.quantity
const linesOf = async (orderId: string) => h.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)
const orderRow = async (orderId: string) => (await h.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!
const latestMail = async (to: string) => (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1))[0]
const creditOf = async (userId: number) => (await h.database.db.select().from(userCreditBalances).where(eq(userCreditBalances.userId, userId)))[0]?.balanceCents ?? 0

async function buy(who: Person, items: { productId: number; quantity: number }[], extra: { giftCardCode?: string; applyCredit?: boolean } = {}) {
  const viewer = { userId: who.id }
  for (const i of items) await h.services.cart.add(viewer, i)
  return h.services.orders.placeOrder(viewer, { idempotencyKey: key(), email: who.email, name: 'Sam Buyer', shippingAddress: home, card, ...extra })
}

/** A gift card bought with the test card; its code read from the recipient's email. */
async function giftCardCode(amountCents: number) {
  const viewer = { guestToken: h.services.cart.newGuestToken() }
  const recipientEmail = `riley${++n}@example.test`
  await h.services.cart.addGiftCard(viewer, { productId: giftCardProduct, amountCents, recipientName: 'Riley', recipientEmail, senderName: 'Jordan', message: '' })
  await h.services.orders.placeOrder(viewer, { idempotencyKey: key(), email: 'jordan@example.test', name: 'Jordan', card })
  const mail = await latestMail(recipientEmail)
  return mail!.text.match(/code: ([A-Z0-9-]{19})/)![1]!
}

const cancelApi = (who: Person, orderId: string, body: unknown) => h.call('POST', `/api/v3/orders/${orderId}/cancellations`, { cookie: who.cookie, body })

beforeAll(async () => {
  h = await registryApiHarness(94_000)
  buyer = await h.signUp('Buyer')
  owner = await h.signUp('Owner')
  stranger = await h.signUp('Stranger')
  category = (await factories.createCategory({ urlSlug: 'cancel-test' })).id
  brand = (await factories.createBrand()).id
  giftCardProduct = (await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', name: 'Nestlist Store Gift Card', priceCents: 2_500, stock: 0 })).id
  // The buyer's own registry, old enough and near its arrival date: their own orders get the registry discount.
  const r = await h.createRegistry(buyer.cookie, { arrivalDate: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10) })
  await h.database.db.update(registries).set({ createdAt: new Date(Date.now() - 45 * DAY) }).where(eq(registries.id, r.id))
})
afterAll(async () => {
  await h?.drop()
})

describe('cancelling part of a line', () => {
  test('refunds the units’ share after the discount with their tax, puts the stock back, keeps the rest in its box; a retry refunds once', async () => {
    const a = await product(2_999, 'Cloud Swaddle')
    const b = await product(1_850, 'Moon Lamp')
    const order = await buy(buyer, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ])
    expect(order.discountCents).toBeGreaterThan(0)
    const [lineA, lineB] = await linesOf(order.id)
    expect(lineA!.discountCents).toBeGreaterThan(0)
    const stockA = await stockOf(a.id)

    // Not yours: 404; not signed in: 401; bad quantities: 422 with nothing changed.
    expect((await cancelApi(stranger, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] })).status).toBe(404)
    expect((await h.call('POST', `/api/v3/orders/${order.id}/cancellations`, { body: { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] } })).status).toBe(401)
    expect((await cancelApi(buyer, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 0 }] })).status).toBe(422)
    const tooMany = await cancelApi(buyer, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 4 }] })
    expect(tooMany.status).toBe(422)
    expect(tooMany.json.error.message).toBe(cancellationMessages.tooMany('Cloud Swaddle', 3))
    expect((await cancelApi(buyer, order.id, { idempotencyKey: key(), lines: [] })).status).toBe(422)
    expect((await cancelApi(buyer, order.id, { idempotencyKey: key(), lines: [{ orderLineId: 999_999_999, quantity: 1 }] })).status).toBe(422)
    expect((await cancelApi(buyer, '00000000-0000-4000-8000-000000000000', { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] })).status).toBe(404)
    expect(await stockOf(a.id)).toBe(stockA)

    const k = key()
    const first = await cancelApi(buyer, order.id, { idempotencyKey: k, lines: [{ orderLineId: lineA!.id, quantity: 1 }] })
    expect(first.status, first.text).toBe(201)
    expect(first.headers.get('cache-control')).toBe('no-store')
    const o = await orderRow(order.id)
    const expected = refundFor(
      { taxCents: o.taxCents, shippingCents: o.shippingCents },
      [lineA!, lineB!].map((l) => ({ id: l.id, quantity: l.quantity, lineTotalCents: l.lineTotalCents, discountCents: l.discountCents, taxable: true, returnedBefore: 0, returningNow: l.id === lineA!.id ? 1 : 0 })),
    )
    // One third of what was paid for the line after its discount share, plus its tax share; no shipping.
    expect(expected.itemsCents).toBe(Math.floor((lineA!.lineTotalCents - lineA!.discountCents) / 3))
    expect(first.json).toMatchObject({ status: 'refunded', itemsCents: expected.itemsCents, taxCents: expected.taxCents, shippingCents: 0, refundCents: expected.refundCents, creditCents: 0, giftCard: null })
    expect(first.json.card).toMatchObject({ brand: 'Visa', last4: '4242', cents: expected.refundCents })
    expect(first.json.lines).toEqual([expect.objectContaining({ orderLineId: lineA!.id, quantity: 1, refundCents: expected.refundCents })])

    expect(await stockOf(a.id)).toBe(stockA + 1)
    expect(o.status).toBe('paid')
    const box = (await linesOf(order.id)).find((l) => l.id === lineA!.id)!.shipmentId
    expect(box).not.toBeNull()
    const [boxRow] = await h.database.db.select().from(shipments).where(eq(shipments.id, box!))
    expect(boxRow!.status).toBe('processing')
    // The buyer's box now carries 2 of the line.
    const { purchases } = await h.services.shipments.forUser(buyer.id)
    expect(purchases.find((s) => s.id === box)!.items.find((i) => i.title === 'Cloud Swaddle')!.quantity).toBe(2)
    const mail = await latestMail(buyer.email)
    expect(mail!.subject).toBe(cancellationMessages.emailSubject(expected.refundCents))
    expect(mail!.text).toContain('1 × Cloud Swaddle')

    // A retry with the same key: the same cancellation, one refund at the processor.
    const again = await cancelApi(buyer, order.id, { idempotencyKey: k, lines: [{ orderLineId: lineA!.id, quantity: 1 }] })
    expect(again.status).toBe(201)
    expect(again.json.id).toBe(first.json.id)
    const [paid] = await h.database.db.select().from(payments).where(eq(payments.id, o.paymentId!))
    expect(paid!.refundedCents).toBe(expected.refundCents)
    expect(await h.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, o.paymentId!))).toHaveLength(1)
    expect(await stockOf(a.id)).toBe(stockA + 1)
    // The same key for other items: 422, nothing more cancelled.
    const reused = await cancelApi(buyer, order.id, { idempotencyKey: k, lines: [{ orderLineId: lineB!.id, quantity: 1 }] })
    expect(reused.status).toBe(422)
    expect(reused.json.error.message).toBe(cancellationMessages.keyReused)

    // Two parallel submissions with one key: one cancellation.
    const k2 = key()
    const twins = await Promise.all([0, 1].map(() => outcome(h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: k2, lines: [{ orderLineId: lineA!.id, quantity: 1 }] }))))
    const ids = twins.map((t) => ('ok' in t ? t.ok.id : t.code))
    expect(ids[0]).toBe(ids[1])
    expect(await stockOf(a.id)).toBe(stockA + 2)

    // What can still be cancelled, and the listing over the API.
    const listed = await h.call('GET', `/api/v3/orders/${order.id}/cancellations`, { cookie: buyer.cookie })
    expect(listed.status).toBe(200)
    expect(listed.json.lines.find((l: { id: number }) => l.id === lineA!.id)).toMatchObject({ cancelled: 2, cancellable: 1 })
    expect(listed.json.cancellations).toHaveLength(2)
    expect((await h.call('GET', `/api/v3/orders/${order.id}/cancellations`, { cookie: stranger.cookie })).status).toBe(404)
  })
})

describe('cancelling everything', () => {
  test('the order and its boxes are cancelled, and the refunds add up to the order total exactly', async () => {
    const a = await product(1_299)
    const b = await product(3_450)
    const order = await buy(buyer, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ])
    const [lineA, lineB] = await linesOf(order.id)
    await h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] })
    await h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] })
    const last = await h.services.orderCancellations.create(buyer.id, order.id, {
      idempotencyKey: key(),
      lines: [
        { orderLineId: lineA!.id, quantity: 1 },
        { orderLineId: lineB!.id, quantity: 1 },
      ],
    })
    const o = await orderRow(order.id)
    expect(last.shippingCents).toBe(o.shippingCents)
    const all = await h.services.orderCancellations.forOrder(order.id, buyer.id)
    expect(all!.cancellations.reduce((s, c) => s + c.refundCents, 0)).toBe(o.totalCents)
    expect(all!.canCancel).toBe(false)
    expect(o.status).toBe('cancelled')
    const [paid] = await h.database.db.select().from(payments).where(eq(payments.id, o.paymentId!))
    expect(paid).toMatchObject({ refundedCents: o.totalCents, status: 'refunded' })
    // Every line is out of its box and every box is cancelled, so staff cannot ship it.
    expect((await linesOf(order.id)).every((l) => l.shipmentId === null)).toBe(true)
    const boxes = await h.database.db.select().from(shipments).where(eq(shipments.orderId, order.id))
    expect(boxes.length).toBeGreaterThan(0)
    expect(boxes.every((s) => s.status === 'cancelled')).toBe(true)
    expect(await outcome(h.services.shipments.markShipped(boxes[0]!.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ code: 'conflict' })
    expect(await outcome(h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] }))).toMatchObject({
      code: 'conflict',
      message: cancellationMessages.orderCancelled,
    })
  })
})

describe('shipped lines', () => {
  test('a line whose box has shipped is refused with 409 and no change; the unshipped box can still be cancelled', async () => {
    const a = await product(2_000)
    const order = await buy(buyer, [{ productId: a.id, quantity: 2 }])
    const [line] = await linesOf(order.id)
    await h.services.shipments.markShipped(line!.shipmentId!, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
    const stock = await stockOf(a.id)
    const refused = await cancelApi(buyer, order.id, { idempotencyKey: key(), lines: [{ orderLineId: line!.id, quantity: 1 }] })
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(cancellationMessages.alreadyShipped(line!.title))
    expect(await stockOf(a.id)).toBe(stock)
    expect((await h.services.orderCancellations.forOrder(order.id, buyer.id))!.lines[0]).toMatchObject({ cancellable: 0, shipmentStatus: 'shipped' })
  })

  test('a cancel and staff marking the box shipped at the same moment: one wins, never both', async () => {
    const a = await product(2_000)
    const order = await buy(buyer, [{ productId: a.id, quantity: 1 }])
    const [line] = await linesOf(order.id)
    const [cancel, ship] = await Promise.all([
      outcome(h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: line!.id, quantity: 1 }] })),
      outcome(h.services.shipments.markShipped(line!.shipmentId!, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })),
    ])
    const [box] = await h.database.db.select().from(shipments).where(eq(shipments.id, line!.shipmentId!))
    if ('ok' in cancel) {
      expect(ship).toMatchObject({ code: 'conflict' })
      expect(box!.status).toBe('cancelled')
    } else {
      expect(cancel.code).toBe('conflict')
      expect('ok' in ship).toBe(true)
      expect(box!.status).toBe('shipped')
    }
  })
})

describe('tenders', () => {
  test('card first, then store credit, then the gift card; a whole order gives each back exactly what it paid', async () => {
    const code = await giftCardCode(2_500)
    await h.database.db.transaction((tx) => h.services.giftCards.grantCreditIn(tx, buyer.id, 1_500, 'promotion', { note: 'test' }))
    const creditBefore = await creditOf(buyer.id)
    const a = await product(4_000)
    const b = await product(3_000)
    const order = await buy(
      buyer,
      [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
      { giftCardCode: code, applyCredit: true },
    )
    const o = await orderRow(order.id)
    const [cardRow] = await h.database.db.select().from(giftCards).where(sql`${giftCards.id} = (select gift_card_id from order_tenders where order_id = ${order.id}::uuid and kind = 'gift_card')`)
    expect(cardRow!.balanceCents).toBe(0)
    const creditUsed = creditBefore - (await creditOf(buyer.id))
    const cardCharged = o.totalCents - 2_500 - creditUsed
    expect(cardCharged).toBeGreaterThan(0)
    const [lineA, lineB] = await linesOf(order.id)

    // The first unit: all of it back to the card.
    const one = await h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: lineA!.id, quantity: 1 }] })
    expect(one.card!.cents).toBe(one.refundCents)
    expect(one.giftCard).toBeNull()
    expect(one.creditCents).toBe(0)
    // The rest: the card's remaining charge, then the credit, then the gift card.
    const rest = await h.services.orderCancellations.create(buyer.id, order.id, {
      idempotencyKey: key(),
      lines: [
        { orderLineId: lineA!.id, quantity: 1 },
        { orderLineId: lineB!.id, quantity: 1 },
      ],
    })
    expect((rest.card?.cents ?? 0) + one.card!.cents).toBe(cardCharged)
    expect(rest.creditCents).toBe(creditUsed)
    expect(rest.giftCard).toMatchObject({ cents: 2_500, last4: code.slice(-4) })
    expect(await creditOf(buyer.id)).toBe(creditBefore)
    const [cardAfter] = await h.database.db.select().from(giftCards).where(eq(giftCards.id, cardRow!.id))
    expect(cardAfter).toMatchObject({ balanceCents: 2_500, status: 'active' })
    expect(refundWords(rest)).toContain(`to your gift card ending in ${code.slice(-4)}`)
  })

  test('a purchase return after a cancellation never refunds the card more than it paid', async () => {
    const a = await product(1_000)
    const order = await buy(buyer, [{ productId: a.id, quantity: 3 }])
    const [line] = await linesOf(order.id)
    const c = await h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: line!.id, quantity: 1 }] })
    await h.services.shipments.markShipped(line!.shipmentId!, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
    const returnable = await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)
    expect(returnable.lines[0]).toMatchObject({ cancelled: 1, returnable: 2 })
    expect(await outcome(h.services.purchaseReturns.create(buyer.id, { orderId: order.id, idempotencyKey: key(), reason: 'no_longer_needed', lines: [{ orderLineId: line!.id, quantity: 3 }] }))).toMatchObject({
      code: 'invalid_input',
    })
    const r = await h.services.purchaseReturns.create(buyer.id, { orderId: order.id, idempotencyKey: key(), reason: 'no_longer_needed', lines: [{ orderLineId: line!.id, quantity: 2 }] })
    const o = await orderRow(order.id)
    expect(c.refundCents + r.refundCents).toBe(o.totalCents)
    const [paid] = await h.database.db.select().from(payments).where(eq(payments.id, o.paymentId!))
    expect(paid!.refundedCents).toBe(o.totalCents)
  })
})

describe('registry gifts', () => {
  test('a cancelled gift is needed again on the family’s registry and leaves the held box', async () => {
    const r = await h.createRegistry(owner.cookie, { arrivalDate: new Date(Date.now() + 120 * DAY).toISOString().slice(0, 10) })
    await h.services.registry.setShippingAddress(r.id, owner.id, { name: 'Maya Rivera', line1: '12 Secret Lane', line2: '', city: 'Portland', state: 'OR', zip: '97201' })
    const p = await product(3_000, 'Cloud Swaddle')
    const item = await h.services.registry.addItem(r.id, owner.id, { productId: p.id, quantity: 3 })
    const viewer = { userId: buyer.id }
    await h.services.cart.add(viewer, { productId: p.id, regItemId: item.id, quantity: 2 })
    const order = await h.services.orders.placeOrder(viewer, { idempotencyKey: key(), email: buyer.email, name: 'Sam Giver', card })
    const [line] = await linesOf(order.id)
    const regItem = async () => (await h.database.db.select().from(regItems).where(eq(regItems.id, item.id)))[0]!
    expect((await regItem()).quantityPurchased).toBe(2)
    const stock = await stockOf(p.id)

    await h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: line!.id, quantity: 1 }] })
    expect((await regItem()).quantityPurchased).toBe(1)
    const [resv] = await h.database.db.select().from(reservations).where(eq(reservations.id, line!.reservationId!))
    expect(resv).toMatchObject({ status: 'purchased', quantity: 1 })
    expect(await stockOf(p.id)).toBe(stock + 1)
    // The family's held box still has the other one.
    const [box] = await h.database.db.select().from(shipments).where(eq(shipments.id, line!.shipmentId!))
    expect(box!.status).toBe('held')

    await h.services.orderCancellations.create(buyer.id, order.id, { idempotencyKey: key(), lines: [{ orderLineId: line!.id, quantity: 1 }] })
    expect((await regItem()).quantityPurchased).toBe(0)
    const [gone] = await h.database.db.select().from(reservations).where(and(eq(reservations.id, line!.reservationId!)))
    expect(gone!.status).toBe('cancelled')
    const [emptied] = await h.database.db.select().from(shipments).where(eq(shipments.id, line!.shipmentId!))
    expect(emptied!.status).toBe('cancelled')
    expect((await orderRow(order.id)).status).toBe('cancelled')
  })
})
