// Shipments and purchase returns through the services and the JSON API: consolidated registry gifts, Ship now,
// the release sweep near the arrival date, staff status changes, refunds to the cent, idempotency and who may
// see what (docs/decisions/024).
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'
import { orders, productStock } from '../orders/orders.schema'
import { payments, testProcessorCharges } from '../payments/payments.schema'
import { createPaymentsService } from '../payments/payments.service.server'
import { createTestProcessor } from '../payments/test-processor.server'
import { registryCollaborators } from '../registry/collaborators.schema'
import { registries } from '../registry/registry.schema'
import { createPurchaseReturnsService } from './returns.service.server'
import { createShipmentsService } from './shipments.service.server'
import { shippingMessages } from './shipping.validation'

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let buyer: Person
let owner: Person
let helper: Person
let stranger: Person
let category: number
let brand: number
let n = 0
const factories = catalogFactories(() => h.database.db, 93_000)
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }
const home = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
const familyAddress = { name: 'Maya Rivera', line1: '12 Secret Lane', line2: 'Apt 3', city: 'Portland', state: 'OR', zip: '97201' }
const DAY = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

async function outcome<T>(p: Promise<T>): Promise<{ ok: T } | { code: string; message: string }> {
  try {
    return { ok: await p }
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message }
    throw e
  }
}

const product = async (priceCents: number, name = `Thing ${++n}`) => factories.createProduct({ categoryId: category, brandId: brand, priceCents, stock: 40, name })

/** A signed-in buyer's order for their own home, placed through the cart and the orders service. */
async function buy(who: Person, items: { productId: number; quantity: number }[]) {
  const viewer = { userId: who.id }
  for (const i of items) await h.services.cart.add(viewer, i)
  return h.services.orders.placeOrder(viewer, { idempotencyKey: `ship-${++n}-${Date.now()}`, email: who.email, name: 'Sam Buyer', shippingAddress: home, card })
}

/** A guest (or signed-in giver) buys a registry gift; it ships to the family. */
async function give(regItemId: number, productId: number, name: string, giver?: Person) {
  const viewer = giver ? { userId: giver.id } : { guestToken: h.services.cart.newGuestToken() }
  await h.services.cart.add(viewer, { productId, regItemId, quantity: 1 })
  return h.services.orders.placeOrder(viewer, { idempotencyKey: `gift-${++n}-${Date.now()}`, email: giver?.email ?? `giver${n}@example.test`, name, card })
}

async function familyRegistry(arrivalInDays: number | null = 120) {
  const r = await h.createRegistry(owner.cookie, arrivalInDays === null ? { isArrivalDateKnown: false, arrivalDate: undefined } : { arrivalDate: dayOf(Date.now() + arrivalInDays * DAY) })
  await h.services.registry.setShippingAddress(r.id, owner.id, familyAddress)
  await h.database.db.insert(registryCollaborators).values({ registryId: r.id, userId: helper.id })
  const p1 = await product(3_000, 'Cloud Swaddle')
  const p2 = await product(4_000, 'Moon Lamp')
  const item1 = await h.services.registry.addItem(r.id, owner.id, { productId: p1.id, quantity: 3 })
  const item2 = await h.services.registry.addItem(r.id, owner.id, { productId: p2.id, quantity: 3 })
  return { r, p1, p2, item1, item2 }
}

const latestMail = async (to: string) => (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1))[0]

beforeAll(async () => {
  h = await registryApiHarness(92_000)
  buyer = await h.signUp('Buyer')
  owner = await h.signUp('Owner')
  helper = await h.signUp('Helper')
  stranger = await h.signUp('Stranger')
  category = (await factories.createCategory({ urlSlug: 'shipping-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await h?.drop()
})

describe('shipments of a shopper’s own order', () => {
  test('one processing shipment per warehouse holds every line; the buyer sees it, anyone else gets 404', async () => {
    const a = await product(1_000)
    const b = await product(1_500)
    const order = await buy(buyer, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ])
    const sites = [...new Set([a.id, b.id].map((id) => [46, 47, 59, 185][id % 4]!))].sort((x, y) => x - y)
    expect(order.shipments.map((s) => [s.warehouseId, s.status])).toEqual(sites.map((w) => [w, 'processing']))
    expect(await h.services.orders.forBuyer(order.id, buyer.id)).toMatchObject({ shipments: order.shipments })

    const { purchases, gifts } = await h.services.shipments.forUser(buyer.id)
    const mine = purchases.filter((s) => s.items.some((i) => i.orderId === order.id))
    expect(mine.map((s) => s.warehouseId).sort((x, y) => x - y)).toEqual(sites)
    expect(mine.flatMap((s) => s.items).reduce((q, i) => q + i.quantity, 0)).toBe(3)
    expect(gifts).toEqual([])
    expect(mine[0]).toMatchObject({ role: 'buyer', status: 'processing', trackingNumber: null, canShipNow: false })

    const id = mine[0]!.id
    expect(await outcome(h.services.shipments.get(id, stranger.id))).toEqual({ code: 'not_found', message: shippingMessages.shipmentNotFound })
    expect((await h.call('GET', `/api/v3/shipments/${id}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await h.call('GET', `/api/v3/shipments/${id}`)).status).toBe(401)
    expect((await h.call('GET', '/api/v3/shipments')).status).toBe(401)
    expect((await h.call('GET', '/api/v3/shipments/abc', { cookie: buyer.cookie })).status).toBe(404)
    const mineOverApi = await h.call('GET', `/api/v3/shipments/${id}`, { cookie: buyer.cookie })
    expect(mineOverApi.status).toBe(200)
    expect(mineOverApi.headers.get('cache-control')).toBe('no-store')
    expect(mineOverApi.json).toMatchObject({ id, role: 'buyer', status: 'processing' })
    expect(JSON.stringify(mineOverApi.json)).not.toMatch(/priceCents|Cents/)
    // Someone else's box cannot be sent off early either.
    expect((await h.call('POST', `/api/v3/shipments/${id}/ship_now`, { cookie: buyer.cookie })).status).toBe(404)
  })

  test('staff move a box processing → shipped (tracking required) → delivered; any other step is 409, and the buyer is emailed the tracking number', async () => {
    const a = await product(2_000)
    const order = await buy(buyer, [{ productId: a.id, quantity: 1 }])
    const [box] = (await h.services.shipments.staffList({ orderId: order.id }))
    expect(box).toMatchObject({ status: 'processing', orderIds: [order.id], itemCount: 1 })
    const id = box!.id

    expect(await outcome(h.services.shipments.markDelivered(id))).toMatchObject({ code: 'conflict' })
    const bad = await outcome(h.services.shipments.markShipped(id, { carrier: 'UPS', trackingNumber: '1' }))
    expect(bad).toEqual({ code: 'invalid_input', message: expect.any(String) })
    expect(await outcome(h.services.shipments.markShipped(id, { carrier: 'Pigeon', trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ code: 'invalid_input' })
    expect(await outcome(h.services.shipments.markShipped(999_999_999, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ code: 'not_found' })

    expect(await h.services.shipments.markShipped(id, { carrier: 'UPS', trackingNumber: ' 1z999aa1 0123456784 ' }, { origin: 'http://shop.test' })).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    })
    expect(await outcome(h.services.shipments.markShipped(id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ code: 'conflict' })
    const mail = await latestMail(buyer.email)
    expect(mail).toMatchObject({ subject: 'Your Nestlist order has shipped', category: 'orders' })
    expect(mail!.text).toContain('UPS tracking number: 1Z999AA10123456784')
    expect(mail!.text).toContain(`http://shop.test/shipments/${id}`)
    expect(await h.services.shipments.get(id, buyer.id)).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })

    expect(await h.services.shipments.markDelivered(id)).toMatchObject({ status: 'delivered' })
    expect(await outcome(h.services.shipments.markDelivered(id))).toMatchObject({ code: 'conflict' })
    expect((await h.services.shipments.staffList({ status: 'delivered' })).map((s) => s.id)).toContain(id)
    expect(await h.services.shipments.staffList({ orderId: 'not-an-id' })).toEqual([])
  })
})

describe('electronic gift cards', () => {
  test('an e-gift card goes by email: its shipment row is no box on /shipments, in the staff list or at /shipments/{id}, and staff cannot ship or deliver it', async () => {
    const giftCard = await factories.createProduct({ categoryId: category, brandId: brand, productType: 'gift_card', name: 'Nestlist Store Gift Card', priceCents: 2_500, stock: 0 })
    const thing = await product(3_000)
    const viewer = { userId: buyer.id }
    await h.services.cart.addGiftCard(viewer, { productId: giftCard.id, amountCents: 5_000, recipientName: 'Riley', recipientEmail: 'riley@example.test', senderName: 'Sam', message: '' })
    await h.services.cart.add(viewer, { productId: thing.id, quantity: 1 })
    const order = await h.services.orders.placeOrder(viewer, { idempotencyKey: `egift-${++n}-${Date.now()}`, email: buyer.email, name: 'Sam Buyer', shippingAddress: home, card })
    const boxes = (
      await h.database.db.execute<{ id: number; warehouse_id: number }>(
        sql`select s.id, s.warehouse_id from shipments s where s.id in (select l.shipment_id from order_lines l where l.order_id = ${order.id}::uuid)`,
      )
    ).rows.map((b) => ({ id: Number(b.id), warehouseId: Number(b.warehouse_id) }))
    const emailed = boxes.find((b) => b.warehouseId === 49)!
    const parcel = boxes.find((b) => b.warehouseId !== 49)!
    expect(emailed).toBeDefined()
    expect(parcel).toBeDefined()

    const { purchases } = await h.services.shipments.forUser(buyer.id)
    expect(purchases.map((p) => p.id)).toContain(parcel.id)
    expect(purchases.map((p) => p.id)).not.toContain(emailed.id)
    expect((await h.services.shipments.staffList({ orderId: order.id })).map((s) => s.id)).toEqual([parcel.id])
    expect(await outcome(h.services.shipments.get(emailed.id, buyer.id))).toEqual({ code: 'not_found', message: shippingMessages.shipmentNotFound })
    expect(await outcome(h.services.shipments.markShipped(emailed.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))).toEqual({
      code: 'conflict',
      message: shippingMessages.emailedNotShipped,
    })
    expect(await outcome(h.services.shipments.markDelivered(emailed.id))).toEqual({ code: 'conflict', message: shippingMessages.emailedNotShipped })
    const [row] = (await h.database.db.execute<{ status: string }>(sql`select status from shipments where id = ${emailed.id}`)).rows
    expect(row!.status).toBe('processing')
    // The parcel still ships as before.
    expect(await outcome(h.services.shipments.markShipped(parcel.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))).toMatchObject({ ok: { status: 'shipped' } })
  })
})

describe('registry gifts wait in one consolidated shipment', () => {
  test('gifts from two orders join the same held box; the family sees titles and givers (not prices), a giver sees only their gift', async () => {
    const { r, p1, p2, item1, item2 } = await familyRegistry(120)
    const first = await give(item1.id, p1.id, 'Gale Giver')
    const second = await give(item2.id, p2.id, 'Pat Pal', stranger)
    expect(first.shipments).toEqual([{ warehouseId: 164, status: 'held', lineCount: 1 }])
    expect(second.shipments).toEqual([{ warehouseId: 164, status: 'held', lineCount: 1 }])
    const boxes = await h.database.db.execute<{ shipment_id: number }>(
      sql`select distinct l.shipment_id from order_lines l where l.order_id in (${first.id}::uuid, ${second.id}::uuid)`,
    )
    expect(boxes.rows).toHaveLength(1)
    const boxId = Number(boxes.rows[0]!.shipment_id)

    const { gifts } = await h.services.shipments.forUser(owner.id)
    const box = gifts.find((g) => g.id === boxId)!
    expect(box).toMatchObject({
      role: 'family',
      status: 'held',
      canShipNow: true,
      surpriseActive: false,
      itemCount: 2,
      autoShipOn: dayOf(Date.now() + 120 * DAY - 14 * DAY),
      registry: { id: r.id, familyName: 'Maya & Leo Rivera' },
    })
    expect(box.items.map((i) => [i.title, i.giverName]).sort()).toEqual([
      ['Cloud Swaddle', 'Gale Giver'],
      ['Moon Lamp', 'Pat Pal'],
    ])
    expect(JSON.stringify(box)).not.toMatch(/Cents|[:,[]\s*[34]000\b/)
    // A collaborator sees the same box.
    expect((await h.services.shipments.forUser(helper.id)).gifts.map((g) => g.id)).toContain(boxId)

    // The signed-in giver sees their own gift only, without the family's tracking.
    const giverView = await h.services.shipments.get(boxId, stranger.id)
    expect(giverView).toMatchObject({ role: 'buyer', canShipNow: false, trackingNumber: null, itemCount: 1 })
    expect(giverView.items.map((i) => i.title)).toEqual(['Moon Lamp'])
    expect(JSON.stringify(giverView)).not.toMatch(/Secret Lane|97201|Maya Rivera/)

    // Keep it a surprise: titles and givers leave the family's view; the count stays.
    await h.database.db.update(registries).set({ surprise: true }).where(eq(registries.id, r.id))
    const hidden = await h.services.shipments.get(boxId, owner.id)
    expect(hidden).toMatchObject({ surpriseActive: true, items: [], itemCount: 2 })
    expect(JSON.stringify(hidden)).not.toMatch(/Cloud Swaddle|Gale Giver/)
    await h.database.db.update(registries).set({ surprise: false }).where(eq(registries.id, r.id))
  })

  test('gifts bought in parallel by five guests all land in the one held box', async () => {
    const { r, p1, item1 } = await familyRegistry(150)
    await h.services.registry.updateItem(item1.id, owner.id, { quantity: 8 })
    const placed = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((x) => give(item1.id, p1.id, `Guest ${x}`)))
    expect(placed.every((o) => o.shipments[0]?.status === 'held')).toBe(true)
    const boxes = await h.database.pool.query<{ id: number; lines: number }>(
      `select s.id, count(l.*)::int as lines from shipments s join order_lines l on l.shipment_id = s.id where s.registry_id = $1 and s.status = 'held' group by s.id`,
      [r.id],
    )
    expect(boxes.rows).toEqual([{ id: expect.any(Number), lines: 5 }])
  })

  test('Ship now: the owner or a collaborator only (givers and strangers 404, anonymous 401); once released it is 409 and the next gift opens a new box', async () => {
    const { p1, p2, item1, item2 } = await familyRegistry(200)
    const order = await give(item1.id, p1.id, 'Giver One', buyer)
    const [boxId] = (await h.services.shipments.forUser(owner.id)).gifts.filter((g) => g.status === 'held' && g.items.some((i) => i.giverName === 'Giver One')).map((g) => g.id)
    expect(boxId).toBeDefined()

    expect((await h.call('POST', `/api/v3/shipments/${boxId}/ship_now`)).status).toBe(401)
    expect((await h.call('POST', `/api/v3/shipments/${boxId}/ship_now`, { cookie: stranger.cookie })).status).toBe(404)
    // The giver can see their gift's box, but only the family decides when it ships.
    expect((await h.call('POST', `/api/v3/shipments/${boxId}/ship_now`, { cookie: buyer.cookie })).status).toBe(404)
    const cross = await h.call('POST', `/api/v3/shipments/${boxId}/ship_now`, { cookie: helper.cookie, headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })
    expect(cross.status).toBe(403)

    const shipped = await h.call('POST', `/api/v3/shipments/${boxId}/ship_now`, { cookie: helper.cookie })
    expect(shipped.status).toBe(200)
    expect(shipped.json).toMatchObject({ id: boxId, status: 'processing', releaseReason: 'owner', canShipNow: false })
    const again = await h.call('POST', `/api/v3/shipments/${boxId}/ship_now`, { cookie: owner.cookie })
    expect(again.status).toBe(409)
    expect(again.json).toEqual({ error: { code: 'conflict', message: shippingMessages.notHeld } })
    expect((await h.services.orders.forBuyer(order.id, buyer.id)).shipments).toEqual([{ warehouseId: 164, status: 'processing', lineCount: 1 }])

    const later = await give(item2.id, p2.id, 'Giver Two')
    expect(later.shipments).toEqual([{ warehouseId: 164, status: 'held', lineCount: 1 }])
    const held = (await h.services.shipments.forUser(owner.id)).gifts.filter((g) => g.status === 'held' && g.items.some((i) => i.giverName === 'Giver Two'))
    expect(held).toHaveLength(1)
    expect(held[0]!.id).not.toBe(boxId)
  })

  test('staff cannot ship a held box; once released and shipped, the family gets the tracking and each giver a note without it', async () => {
    const { p1, item1 } = await familyRegistry(90)
    const giverEmail = `kind${++n}@example.test`
    const viewer = { guestToken: h.services.cart.newGuestToken() }
    await h.services.cart.add(viewer, { productId: p1.id, regItemId: item1.id, quantity: 1 })
    await h.services.orders.placeOrder(viewer, { idempotencyKey: `gift-mail-${n}`, email: giverEmail, name: 'Kind Friend', card })
    const box = (await h.services.shipments.forUser(owner.id)).gifts.find((g) => g.status === 'held' && g.items.some((i) => i.giverName === 'Kind Friend'))!
    const refused = await outcome(h.services.shipments.markShipped(box.id, { carrier: 'USPS', trackingNumber: '9400111899223856928499' }))
    expect(refused).toEqual({ code: 'conflict', message: shippingMessages.heldNeedsRelease })

    await h.services.shipments.shipNow(box.id, owner.id)
    await h.services.shipments.markShipped(box.id, { carrier: 'USPS', trackingNumber: '9400111899223856928499' })
    const family = await latestMail(owner.email)
    expect(family).toMatchObject({ subject: 'Gifts from your registry are on the way' })
    expect(family!.text).toContain('Cloud Swaddle, from Kind Friend')
    expect(family!.text).toContain('USPS tracking number: 9400111899223856928499')
    const giver = await latestMail(giverEmail)
    expect(giver).toMatchObject({ subject: 'Your gift for Maya & Leo Rivera has shipped' })
    expect(giver!.text).not.toMatch(/9400111899223856928499|Secret Lane|97201/)
  })

  test('the sweep releases held gifts 14 days before the arrival date (fake clock), and gifts bought later than that ship at once', async () => {
    const { p1, item1 } = await familyRegistry(30)
    await give(item1.id, p1.id, 'Early Bird')
    const box = (await h.services.shipments.forUser(owner.id)).gifts.find((g) => g.items.some((i) => i.giverName === 'Early Bird'))!
    expect(box.status).toBe('held')
    const at = (ms: number) => createShipmentsService({ db: h.database.db, email: h.services.email, clock: () => new Date(ms) })

    expect(await at(Date.now() + 15 * DAY).releaseDue()).not.toContain(box.id)
    expect((await h.services.shipments.get(box.id, owner.id)).status).toBe('held')
    expect(await at(Date.now() + 16 * DAY + 60_000).releaseDue()).toContain(box.id)
    expect(await h.services.shipments.get(box.id, owner.id)).toMatchObject({ status: 'processing', releaseReason: 'automatic' })

    // Arrival in 10 days: no point waiting.
    const soon = await familyRegistry(10)
    const now = await give(soon.item1.id, soon.p1.id, 'Late Friend')
    expect(now.shipments).toEqual([{ warehouseId: 164, status: 'processing', lineCount: 1 }])
  })

  test('without a known arrival date, held gifts ship by themselves 30 days after the box was opened', async () => {
    const { p1, item1 } = await familyRegistry(null)
    await give(item1.id, p1.id, 'Patient Pal')
    const box = (await h.services.shipments.forUser(owner.id)).gifts.find((g) => g.items.some((i) => i.giverName === 'Patient Pal'))!
    expect(box).toMatchObject({ status: 'held', autoShipOn: dayOf(Date.now() + 30 * DAY) })
    const at = (ms: number) => createShipmentsService({ db: h.database.db, email: h.services.email, clock: () => new Date(ms) })
    expect(await at(Date.now() + 29 * DAY).releaseDue()).not.toContain(box.id)
    expect(await at(Date.now() + 31 * DAY).releaseDue()).toContain(box.id)
  })
})

describe('purchase returns', () => {
  /** Staff ship every box of the order (only shipped items can be returned). */
  async function shipAll(orderId: string) {
    for (const box of await h.services.shipments.staffList({ orderId })) await h.services.shipments.markShipped(box.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
  }

  async function paidOrder(who = buyer, { ship = true } = {}) {
    // 2 × 12.50 + 10.99 = 35.99 (under $45: shipping 7.99); CA 7.25% of 35.99 = 2.609 → 2.61; total 46.59.
    const a = await product(1_250, `Bib ${++n}`)
    const b = await product(1_099, `Rattle ${++n}`)
    const order = await buy(who, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ])
    expect(order).toMatchObject({ subtotalCents: 3_599, shippingCents: 799, taxCents: 261, totalCents: 4_659, status: 'paid' })
    if (ship) await shipAll(order.id)
    const lines = (await h.services.purchaseReturns.returnableOrder(order.id, who.id)).lines
    return { order, a, b, lineA: lines.find((l) => l.title.startsWith('Bib'))!, lineB: lines.find((l) => l.title.startsWith('Rattle'))! }
  }
  const paymentOf = async (orderId: string) => (await h.database.db.select().from(payments).where(sql`${payments.id} = (select payment_id from ${orders} where id = ${orderId}::uuid)`))[0]!
  const stockOf = async (productId: number) => (await h.database.db.select().from(productStock).where(and(eq(productStock.productId, productId), eq(productStock.optionKey, ''))))[0]!.quantity

  test('one unit refunds its paid share plus its tax share to the cent, to the same card; the stock goes back; the rest later refunds shipping too', async () => {
    const { order, a, lineA, lineB } = await paidOrder()
    expect(lineA).toMatchObject({ quantity: 2, returnable: 2, returned: 0 })
    const stockBefore = await stockOf(a.id)

    const first = await h.services.purchaseReturns.create(buyer.id, { orderId: order.id, idempotencyKey: `ret-${++n}-key`, reason: 'wrong_size', lines: [{ orderLineId: lineA.id, quantity: 1 }] }, { origin: 'http://shop.test' })
    expect(first).toMatchObject({ status: 'refunded', itemsCents: 1_250, taxCents: 90, shippingCents: 0, refundCents: 1_340, card: { brand: 'Visa', last4: '4242' }, reasonLabel: 'Wrong size or fit' })
    expect((await paymentOf(order.id)).refundedCents).toBe(1_340)
    expect(await stockOf(a.id)).toBe(stockBefore + 1)
    const mail = await latestMail(buyer.email)
    expect(mail!.subject).toBe('Your refund of $13.40 is on its way')
    expect(mail!.text).toContain('Visa ending in 4242')

    const after = await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)
    expect(after.lines.find((l) => l.id === lineA.id)).toMatchObject({ returned: 1, returnable: 1 })
    expect(after.returns.map((r) => r.id)).toEqual([first.id])

    const rest = await h.services.purchaseReturns.create(buyer.id, {
      orderId: order.id,
      idempotencyKey: `ret-${++n}-key`,
      reason: 'no_longer_needed',
      lines: [
        { orderLineId: lineA.id, quantity: 1 },
        { orderLineId: lineB.id, quantity: 1 },
      ],
    })
    expect(rest).toMatchObject({ itemsCents: 1_250 + 1_099, taxCents: 91 + 80, shippingCents: 799, refundCents: 3_319 })
    const payment = await paymentOf(order.id)
    expect(payment).toMatchObject({ refundedCents: 4_659, capturedCents: 4_659, status: 'refunded' })
    expect((await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)).canReturn).toBe(false)

    const more = await outcome(h.services.purchaseReturns.create(buyer.id, { orderId: order.id, idempotencyKey: `ret-${++n}-key`, reason: 'other', lines: [{ orderLineId: lineB.id, quantity: 1 }] }))
    expect(more).toMatchObject({ code: 'invalid_input', message: shippingMessages.tooMany(lineB.title, 0) })
  })

  test('a double submit (in a row or in parallel) refunds once; the same key with other items is refused', async () => {
    const { order, lineA, lineB } = await paidOrder()
    const input = { orderId: order.id, idempotencyKey: `dup-${++n}-key`, reason: 'damaged', lines: [{ orderLineId: lineA.id, quantity: 1 }] }
    const [x, y, z] = await Promise.all([0, 1, 2].map(() => h.services.purchaseReturns.create(buyer.id, input)))
    expect(new Set([x!.id, y!.id, z!.id]).size).toBe(1)
    const again = await h.services.purchaseReturns.create(buyer.id, input)
    expect(again.id).toBe(x!.id)
    expect((await paymentOf(order.id)).refundedCents).toBe(1_340)
    const refunds = await h.database.pool.query(`select count(*)::int as n from payment_attempts where payment_id = (select payment_id from orders where id = $1) and kind = 'refund'`, [order.id])
    expect(refunds.rows[0].n).toBe(1)
    expect(await outcome(h.services.purchaseReturns.create(buyer.id, { ...input, lines: [{ orderLineId: lineB.id, quantity: 1 }] }))).toMatchObject({ code: 'invalid_input', message: shippingMessages.keyReused })
    // Another person cannot read a return through someone's key either.
    expect(await outcome(h.services.purchaseReturns.create(stranger.id, input))).toMatchObject({ code: 'invalid_input', message: shippingMessages.keyReused })
  })

  test("more than was bought, nothing chosen, a line from another order, someone else's order, or past the 9-month window are refused", async () => {
    const { order, lineA } = await paidOrder()
    const base = { orderId: order.id, reason: 'other' }
    expect(await outcome(h.services.purchaseReturns.create(buyer.id, { ...base, idempotencyKey: `x-${++n}-key`, lines: [{ orderLineId: lineA.id, quantity: 3 }] }))).toMatchObject({
      code: 'invalid_input',
      message: shippingMessages.tooMany(lineA.title, 2),
    })
    expect(await outcome(h.services.purchaseReturns.create(buyer.id, { ...base, idempotencyKey: `x-${++n}-key`, lines: [{ orderLineId: lineA.id, quantity: 0 }] }))).toMatchObject({ code: 'invalid_input' })
    expect(await outcome(h.services.purchaseReturns.create(buyer.id, { ...base, idempotencyKey: `x-${++n}-key`, lines: [{ orderLineId: 1, quantity: 1 }] }))).toMatchObject({
      code: 'invalid_input',
      message: shippingMessages.lineNotReturnable,
    })
    expect(await outcome(h.services.purchaseReturns.create(stranger.id, { ...base, idempotencyKey: `x-${++n}-key`, lines: [{ orderLineId: lineA.id, quantity: 1 }] }))).toEqual({
      code: 'not_found',
      message: shippingMessages.orderNotFound,
    })
    expect(await outcome(h.services.purchaseReturns.returnableOrder(order.id, stranger.id))).toMatchObject({ code: 'not_found' })
    for (const bad of ['------------------------------------', 'not-a-uuid']) {
      expect(await outcome(h.services.purchaseReturns.returnableOrder(bad, buyer.id))).toMatchObject({ code: 'not_found' })
      expect(await outcome(h.services.shipments.staffOrder(bad))).toMatchObject({ code: 'not_found' })
      expect(await outcome(h.services.purchaseReturns.create(buyer.id, { ...base, orderId: bad, idempotencyKey: `x-${++n}-key`, lines: [{ orderLineId: lineA.id, quantity: 1 }] }))).toMatchObject({ code: 'invalid_input' })
    }
    expect(await h.services.shipments.staffList({ orderId: '------------------------------------' })).toEqual([])

    const tenMonthsLater = createPurchaseReturnsService({ db: h.database.db, payments: h.services.payments, credit: h.services.giftCards, email: h.services.email, clock: () => new Date(Date.now() + 300 * DAY) })
    expect((await tenMonthsLater.returnableOrder(order.id, buyer.id)).lines[0]).toMatchObject({ returnable: 0, notReturnableReason: 'The return window has closed.' })
    expect(await outcome(tenMonthsLater.create(buyer.id, { ...base, idempotencyKey: `x-${++n}-key`, lines: [{ orderLineId: lineA.id, quantity: 1 }] }))).toEqual({
      code: 'invalid_input',
      message: shippingMessages.windowClosed(9),
    })
    expect((await paymentOf(order.id)).refundedCents).toBe(0)
  })

  test('an order paid partly with store credit: the card gets back at most what it paid, the rest comes back as store credit', async () => {
    await h.services.giftCards.grantCredit(buyer.id, 2_000, 'promotion')
    const balanceBefore = (await h.services.giftCards.creditOf(buyer.id)).balanceCents
    const a = await product(1_250, `Bib ${++n}`)
    const b = await product(1_099, `Rattle ${++n}`)
    const viewer = { userId: buyer.id }
    await h.services.cart.add(viewer, { productId: a.id, quantity: 2 })
    await h.services.cart.add(viewer, { productId: b.id, quantity: 1 })
    const order = await h.services.orders.placeOrder(viewer, { idempotencyKey: `credit-${++n}-${Date.now()}`, email: buyer.email, name: 'Sam Buyer', shippingAddress: home, card, applyCredit: true })
    expect(order.totalCents).toBe(4_659)
    expect((await paymentOf(order.id)).capturedCents).toBe(2_659)
    expect((await h.services.giftCards.creditOf(buyer.id)).balanceCents).toBe(balanceBefore - 2_000)
    await shipAll(order.id)

    const lines = (await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)).lines
    // One bib first: the card paid enough to take all of it.
    const first = await h.services.purchaseReturns.create(buyer.id, { orderId: order.id, idempotencyKey: `ret-${++n}-key`, reason: 'wrong_size', lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] })
    expect(first).toMatchObject({ refundCents: 1_340, creditCents: 0, card: { brand: 'Visa', last4: '4242', cents: 1_340 } })
    // The rest: $13.19 left on the card, $20.00 back as store credit.
    const rest = await h.services.purchaseReturns.create(buyer.id, {
      orderId: order.id,
      idempotencyKey: `ret-${++n}-key`,
      reason: 'no_longer_needed',
      lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.id === lines[0]!.id ? 1 : l.quantity })),
    })
    expect(rest).toMatchObject({ refundCents: 3_319, creditCents: 2_000, card: { cents: 1_319 } })
    expect((await paymentOf(order.id)).refundedCents).toBe(2_659)
    expect((await h.services.giftCards.creditOf(buyer.id)).balanceCents).toBe(balanceBefore)
    expect((await latestMail(buyer.email))!.text).toContain('$13.19 to your Visa ending in 4242 and $20 to your Nestlist store credit')
  })

  test('a refund interrupted after the processor answered stays pending, then a double submit or reconcile finishes it once (card refunded once, credit given once)', async () => {
    const buyer = await h.signUp('Interrupted')
    await h.services.giftCards.grantCredit(buyer.id, 1_000, 'promotion')
    const a = await product(1_250, `Bib ${++n}`)
    const viewer = { userId: buyer.id }
    await h.services.cart.add(viewer, { productId: a.id, quantity: 2 })
    // 2 × 12.50 = 25.00 + 7.99 shipping + CA tax 1.81 = 34.80: $10 store credit, $24.80 on the card.
    const order = await h.services.orders.placeOrder(viewer, { idempotencyKey: `crash-${++n}-${Date.now()}`, email: buyer.email, name: 'Sam Buyer', shippingAddress: home, card, applyCredit: true })
    const payment = await paymentOf(order.id)
    expect(payment.capturedCents).toBe(order.totalCents - 1_000)
    await shipAll(order.id)
    const stockBefore = await stockOf(a.id)
    const creditBefore = (await h.services.giftCards.creditOf(buyer.id)).balanceCents

    // The processor refunds, then the process dies before anything is written (the answer is lost).
    const processor = createTestProcessor({ db: h.database.db })
    let crash = true
    const crashing = {
      ...processor,
      async refund(ref: string, amountCents: number, key?: string) {
        const answer = await processor.refund(ref, amountCents, key)
        if (crash) throw new Error('process killed after the processor refunded')
        return answer
      },
    }
    const returns = (p: typeof crashing) =>
      createPurchaseReturnsService({ db: h.database.db, payments: createPaymentsService({ db: h.database.db, processor: p }), credit: h.services.giftCards, email: h.services.email })
    const input = { orderId: order.id, idempotencyKey: `ret-crash-${++n}-key`, reason: 'no_longer_needed', lines: (await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)).lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })) }
    const interrupted = await returns(crashing).create(buyer.id, input)
    expect(interrupted).toMatchObject({ status: 'pending', refundCents: order.totalCents, creditCents: 1_000 })
    const processorRefunded = async () => (await h.database.db.select().from(testProcessorCharges).where(eq(testProcessorCharges.id, (await h.database.pool.query(`select provider_ref from payments where id = $1`, [payment.id])).rows[0].provider_ref)))[0]!.refundedCents
    expect(await processorRefunded()).toBe(payment.capturedCents)
    expect((await h.services.giftCards.creditOf(buyer.id)).balanceCents).toBe(creditBefore)
    expect(await stockOf(a.id)).toBe(stockBefore)

    // A double submit while the processor is still unreachable changes nothing.
    expect(await returns(crashing).create(buyer.id, input)).toMatchObject({ id: interrupted.id, status: 'pending' })
    // The reconcile pass (the processor answers again): the same refund key finishes it.
    crash = false
    const healthy = returns(crashing)
    expect(await healthy.reconcile(0)).toMatchObject({ refunded: 1, failed: 0 })
    expect(await healthy.reconcile(0)).toMatchObject({ refunded: 0 })
    const again = await healthy.create(buyer.id, input)
    expect(again).toMatchObject({ id: interrupted.id, status: 'refunded', card: { cents: payment.capturedCents }, creditCents: 1_000 })
    expect(await processorRefunded()).toBe(payment.capturedCents)
    expect(await paymentOf(order.id)).toMatchObject({ refundedCents: payment.capturedCents, status: 'refunded' })
    expect((await h.services.giftCards.creditOf(buyer.id)).balanceCents).toBe(creditBefore + 1_000)
    expect(await stockOf(a.id)).toBe(stockBefore + 2)
    const refundEntries = await h.database.pool.query(`select count(*)::int as n from user_credit_entries where order_id = $1 and reason = 'refund'`, [order.id])
    expect(refundEntries.rows[0].n).toBe(1)
  })

  test('a refund the processor refuses under its key marks the return failed, gives the amount back, and stays refused when asked again', async () => {
    const { order, lineA } = await paidOrder()
    const payment = await paymentOf(order.id)
    const refusing = { ...createTestProcessor({ db: h.database.db }), refund: async (ref: string) => ({ ok: false as const, ref, code: 'refund_refused' }) }
    const service = createPurchaseReturnsService({ db: h.database.db, payments: createPaymentsService({ db: h.database.db, processor: refusing }), credit: h.services.giftCards, email: h.services.email })
    const input = { orderId: order.id, idempotencyKey: `ret-refused-${++n}-key`, reason: 'damaged', lines: [{ orderLineId: lineA.id, quantity: 1 }] }
    expect(await outcome(service.create(buyer.id, input))).toMatchObject({ code: 'conflict', message: shippingMessages.refundFailed })
    expect((await paymentOf(order.id)).refundedCents).toBe(0)
    expect(await outcome(h.services.payments.refundOnce(payment.id, 1_340, `purchase-return:${(await service.list(buyer.id)).find((r) => r.orderId === order.id)!.id}`))).toMatchObject({ code: 'conflict' })
    expect((await paymentOf(order.id)).refundedCents).toBe(0)
    expect((await service.returnableOrder(order.id, buyer.id)).lines.find((l) => l.id === lineA.id)).toMatchObject({ returnable: 2 })
  })

  test('the window runs from delivery: delivered two months after ordering, it is still open ten months after the order', async () => {
    const { order, lineA } = await paidOrder(buyer, { ship: false })
    const later = (days: number) => ({ db: h.database.db, email: h.services.email, clock: () => new Date(Date.now() + days * DAY) })
    for (const box of await h.services.shipments.staffList({ orderId: order.id })) {
      await createShipmentsService(later(55)).markShipped(box.id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456700' })
      await createShipmentsService(later(60)).markDelivered(box.id)
    }
    const returns = createPurchaseReturnsService({ ...later(300), payments: h.services.payments, credit: h.services.giftCards })
    const done = await returns.create(buyer.id, { orderId: order.id, idempotencyKey: `late-${++n}-key`, reason: 'other', lines: [{ orderLineId: lineA.id, quantity: 1 }] })
    expect(done.status).toBe('refunded')
  })

  test('items not shipped yet show as such and cannot be returned (409 with a clear message, nothing refunded); once shipped they can', async () => {
    const { order, lineA, lineB } = await paidOrder(buyer, { ship: false })
    for (const l of [lineA, lineB]) expect(l).toMatchObject({ shipped: false, returnable: 0, notReturnableReason: shippingMessages.notShippedYet })
    const view = await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)
    expect(view).toMatchObject({ canReturn: false, awaitingShipment: true })
    expect((await h.services.purchaseReturns.returnableOrders(buyer.id)).find((o) => o.id === order.id)).toMatchObject({ canReturn: false, awaitingShipment: true })

    const input = { orderId: order.id, idempotencyKey: `unshipped-${++n}-key`, reason: 'no_longer_needed', lines: [{ orderLineId: lineA.id, quantity: 1 }] }
    expect(await outcome(h.services.purchaseReturns.create(buyer.id, input))).toEqual({ code: 'conflict', message: shippingMessages.notShipped(lineA.title) })
    const api = await h.call('POST', '/api/v3/purchase_returns', { cookie: buyer.cookie, body: { ...input, idempotencyKey: `unshipped-${++n}-key` } })
    expect(api.status).toBe(409)
    expect(api.json.error).toMatchObject({ code: 'conflict', message: `${lineA.title} has not shipped yet, so it cannot be returned. You can return it once it ships.` })
    expect((await paymentOf(order.id)).refundedCents).toBe(0)
    expect(await h.database.pool.query(`select 1 from purchase_returns where order_id = $1`, [order.id])).toMatchObject({ rowCount: 0 })

    await shipAll(order.id)
    const shipped = await h.services.purchaseReturns.returnableOrder(order.id, buyer.id)
    expect(shipped).toMatchObject({ canReturn: true, awaitingShipment: false })
    expect(shipped.lines.find((l) => l.id === lineA.id)).toMatchObject({ shipped: true, returnable: 2, notReturnableReason: null })
    expect(await h.services.purchaseReturns.create(buyer.id, input)).toMatchObject({ status: 'refunded', refundCents: 1_340 })
  })

  test('over the API: 401 anonymous, 201 with the refund, the list, 404 for another person’s order, 422 for bad input', async () => {
    const { order, lineB } = await paidOrder()
    const body = { orderId: order.id, idempotencyKey: `api-${++n}-key`, reason: 'not_as_described', lines: [{ orderLineId: lineB.id, quantity: 1 }] }
    expect((await h.call('POST', '/api/v3/purchase_returns', { body })).status).toBe(401)
    expect((await h.call('GET', '/api/v3/purchase_returns')).status).toBe(401)
    const other = await h.call('POST', '/api/v3/purchase_returns', { cookie: stranger.cookie, body: { ...body, idempotencyKey: `api-${++n}-key` } })
    expect(other.status).toBe(404)
    const bad = await h.call('POST', '/api/v3/purchase_returns', { cookie: buyer.cookie, body: { ...body, reason: 'because' } })
    expect(bad.status).toBe(422)
    const made = await h.call('POST', '/api/v3/purchase_returns', { cookie: buyer.cookie, body })
    expect(made.status, made.text).toBe(201)
    expect(made.json).toMatchObject({ orderId: order.id, status: 'refunded', itemsCents: 1_099, taxCents: 80, shippingCents: 0, refundCents: 1_179 })
    const repeat = await h.call('POST', '/api/v3/purchase_returns', { cookie: buyer.cookie, body })
    expect(repeat.status).toBe(201)
    expect(repeat.json.id).toBe(made.json.id)
    const list = await h.call('GET', '/api/v3/purchase_returns', { cookie: buyer.cookie })
    expect(list.status).toBe(200)
    expect(list.json.returns.map((r: { id: string }) => r.id)).toContain(made.json.id)
    expect((await h.call('GET', '/api/v3/purchase_returns', { cookie: stranger.cookie })).json).toEqual({ returns: [] })
  })

  test('the OpenAPI document describes the shipment and return endpoints', async () => {
    const doc = (await h.call('GET', '/api/v3/openapi.json')).json
    for (const path of ['/api/v3/shipments', '/api/v3/shipments/{id}', '/api/v3/shipments/{id}/ship_now', '/api/v3/purchase_returns']) expect(Object.keys(doc.paths)).toContain(path)
    expect(Object.keys(doc.paths['/api/v3/shipments/{id}/ship_now'].post.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '409']))
  })
})
