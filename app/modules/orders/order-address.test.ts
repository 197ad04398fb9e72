// Change shipping address (docs/decisions/031): the buyer moves their own order's destination while nothing of it
// has shipped, through GET|PUT /api/v3/order_address and the service the order page uses; checked as checkout
// checks an address; one consistent outcome when staff mark a box shipped at the same moment.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { emailOutbox } from '../email/email.schema'
import { orderAddressChanges } from './order-address.schema'
import { orderAddressMessages as m } from './order-address.validation'
import { orderLines, orders, shipments } from './orders.schema'
import { ensureProductStock } from './stock.seed.server'

let h: RegistryApiHarness
type Person = { cookie: string; id: number; email: string }
let buyer: Person
let stranger: Person
let category: number
let brand: number
let n = 0
const factories = catalogFactories(() => h.database.db, 96_500)
const nextYear = new Date().getUTCFullYear() + 1
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }
const home = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }
// Another address in California (same tax), and one in Oregon (no sales tax: a different tax).
const newHome = { name: 'Sam Buyer', line1: '500 Capitol Mall', line2: 'Suite 2', city: 'Sacramento', state: 'CA', zip: '95814', phone: '' }
const tracking = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }
const key = () => `address-test-${++n}-${Date.now()}`

async function outcome<T>(p: Promise<T>): Promise<{ ok: T } | { code: string; message: string; fields?: Record<string, string[]> }> {
  try {
    return { ok: await p }
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message, fields: e.fields }
    throw e
  }
}

const product = async (priceCents: number) => {
  const p = await factories.createProduct({ categoryId: category, brandId: brand, priceCents, stock: 40, name: `Thing ${++n}` })
  await ensureProductStock(h.database.db, [p.id])
  return p
}
const orderRow = async (orderId: string) => (await h.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!
const boxesOf = async (orderId: string) => [...new Set((await h.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((l) => l.shipmentId!))]
const statusOf = async (shipmentId: number) => (await h.database.db.select().from(shipments).where(eq(shipments.id, shipmentId)))[0]!.status
const mailsTo = async (to: string) => h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id))

/** A paid order of the buyer's own: products from two warehouses when `two` (two boxes). */
async function buy(who: Person, { two = false }: { two?: boolean } = {}) {
  const viewer = { userId: who.id }
  // Warehouses are chosen by product id mod 4: consecutive ids land in different ones.
  const a = await product(3_000)
  await h.services.cart.add(viewer, { productId: a.id, quantity: 1 })
  if (two) await h.services.cart.add(viewer, { productId: (await product(2_000)).id, quantity: 1 })
  return h.services.orders.placeOrder(viewer, { idempotencyKey: key(), email: who.email, name: 'Sam Buyer', shippingAddress: home, card })
}

const get = (who: Person | null, orderId: string) => h.call('GET', `/api/v3/order_address?order_id=${orderId}`, { cookie: who?.cookie })
const put = (who: Person | null, orderId: string, address: Record<string, unknown>) => h.call('PUT', '/api/v3/order_address', { cookie: who?.cookie, body: { orderId, address } })

beforeAll(async () => {
  h = await registryApiHarness(96_000)
  buyer = await h.signUp('Sam')
  stranger = await h.signUp('Eve')
  category = (await factories.createCategory({ urlSlug: 'order-address-test' })).id
  brand = (await factories.createBrand()).id
})
afterAll(async () => {
  await h?.drop()
})

describe('GET and PUT /api/v3/order_address', () => {
  test('the buyer sees the address and changes it before anything ships: the order, staff view and history change, the buyer is emailed once', async () => {
    const order = await buy(buyer, { two: true })
    expect((await boxesOf(order.id)).length).toBe(2)
    const before = await get(buyer, order.id)
    expect(before.status).toBe(200)
    expect(before.headers.get('cache-control')).toBe('no-store')
    expect(before.json).toMatchObject({ orderId: order.id, canChange: true, blocked: null, reason: null, taxState: 'CA', changedAt: null, shipsTo: { kind: 'buyer', address: { line1: '1 Main Street' } } })

    const changed = await put(buyer, order.id, newHome)
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json).toMatchObject({ changed: true, canChange: true, shipsTo: { kind: 'buyer', address: { line1: '500 Capitol Mall', line2: 'Suite 2', zip: '95814' } } })
    expect(changed.json.changedAt).toEqual(expect.any(String))
    const row = await orderRow(order.id)
    expect(row.shippingAddress).toMatchObject({ line1: '500 Capitol Mall', line2: 'Suite 2', city: 'Sacramento', state: 'CA' })
    expect(row.taxState).toBe('CA')
    // The buyer's order view and the staff order view read the new address.
    expect((await h.services.orders.forBuyer(order.id, buyer.id)).shipsTo).toMatchObject({ kind: 'buyer', address: { line1: '500 Capitol Mall' } })
    const staff = await h.services.shipments.staffOrder(order.id)
    expect(staff.shippingAddress).toMatchObject({ line1: '500 Capitol Mall' })
    expect(staff.addressChanges).toEqual([expect.objectContaining({ source: 'api', previousAddress: expect.objectContaining({ line1: '1 Main Street' }) })])
    const history = await h.database.db.select().from(orderAddressChanges).where(eq(orderAddressChanges.orderId, order.id))
    expect(history).toEqual([expect.objectContaining({ userId: buyer.id, source: 'api', previousAddress: expect.objectContaining({ line1: '1 Main Street' }), newAddress: expect.objectContaining({ line1: '500 Capitol Mall' }) })])
    const mail = (await mailsTo(buyer.email)).filter((x) => x.subject.startsWith('Your shipping address was changed'))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.text).toContain('500 Capitol Mall')

    // The same address again: nothing changes, no second email or history row.
    const again = await put(buyer, order.id, newHome)
    expect(again.json).toMatchObject({ changed: false })
    expect((await mailsTo(buyer.email)).filter((x) => x.subject.startsWith('Your shipping address was changed'))).toHaveLength(1)
    expect(await h.database.db.select().from(orderAddressChanges).where(eq(orderAddressChanges.orderId, order.id))).toHaveLength(1)
  })

  test("another person's order, an unknown order and a malformed id are 404 alike; no session is 401", async () => {
    const order = await buy(buyer)
    for (const [who, id] of [
      [stranger, order.id],
      [buyer, '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60'],
      [buyer, 'not-an-order'],
    ] as const) {
      const read = await get(who, id)
      expect(read.status).toBe(404)
      const change = await put(who, id, newHome)
      expect(change.status).toBe(404)
      expect(change.json.error).toMatchObject({ code: 'not_found', message: m.notFound })
    }
    expect((await get(null, order.id)).status).toBe(401)
    expect((await put(null, order.id, newHome)).status).toBe(401)
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({ line1: '1 Main Street' })
  })

  test('once one box has shipped, the address is fixed: GET says why, PUT is 409 and changes nothing', async () => {
    const order = await buy(buyer, { two: true })
    const [first] = await boxesOf(order.id)
    await h.services.shipments.markShipped(first!, tracking)
    const read = await get(buyer, order.id)
    expect(read.json).toMatchObject({ canChange: false, blocked: 'shipped', reason: m.shipped })
    const change = await put(buyer, order.id, newHome)
    expect(change.status).toBe(409)
    expect(change.json.error).toMatchObject({ code: 'conflict', message: m.shipped })
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({ line1: '1 Main Street' })
  })

  test("a registry gift order ships to the family: 409, and the buyer never sees the family's street", async () => {
    const owner = await h.signUp('Olive')
    const giftProduct = await product(4_000)
    const r = await h.services.registry.create(owner.id, { registryType: 'baby', title: 'Baby Oaks', familyName: 'The Oaks', slug: `oaks-address-${++n}`, isArrivalDateKnown: false })
    await h.services.registry.setShippingAddress(r.id, owner.id, { name: 'Olive Oak', line1: '12 Secret Lane', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
    const item = await h.services.registry.addItem(r.id, owner.id, { productId: giftProduct.id, quantity: 2 })
    await h.services.cart.add({ userId: buyer.id }, { productId: giftProduct.id, regItemId: item.id, quantity: 1 })
    const order = await h.services.orders.placeOrder({ userId: buyer.id }, { scope: { registryId: r.id }, idempotencyKey: key(), email: buyer.email, name: 'Sam Buyer', card })

    const read = await get(buyer, order.id)
    expect(read.json).toMatchObject({ canChange: false, blocked: 'registry_gift', reason: m.registryGift, shipsTo: { kind: 'registry', familyName: 'The Oaks', city: 'Austin', state: 'TX' } })
    expect(read.text).not.toContain('Secret Lane')
    expect(read.text).not.toContain('78701')
    const change = await put(buyer, order.id, newHome)
    expect(change.status).toBe(409)
    expect(change.json.error.message).toBe(m.registryGift)
    expect(change.text).not.toContain('Secret Lane')
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({ line1: '12 Secret Lane' })
  })

  test('a cancelled order is 409', async () => {
    const order = await buy(buyer)
    await h.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id))
    const change = await put(buyer, order.id, newHome)
    expect(change.status).toBe(409)
    expect(change.json.error.message).toBe(m.cancelled)
  })

  test('the address is checked as checkout checks it: 422 with messages on address.* for a bad ZIP, an unknown state, a ZIP in another state, a missing street', async () => {
    const order = await buy(buyer)
    const badZip = await put(buyer, order.id, { ...newHome, zip: '9581' })
    expect(badZip.status).toBe(422)
    expect(badZip.json.error.fields['address.zip']).toEqual(['Enter a 5-digit ZIP code, like 90210 or 90210-1234.'])
    const badState = await put(buyer, order.id, { ...newHome, state: 'XX' })
    expect(badState.status).toBe(422)
    expect(badState.json.error.fields['address.state']).toEqual(['Choose a state from the list.'])
    const otherState = await put(buyer, order.id, { ...newHome, zip: '10001', state: 'CA', city: 'New York' })
    expect(otherState.status).toBe(422)
    expect(otherState.json.error.fields['address.zip']).toEqual(['ZIP code 10001 is in New York, not California. Check the ZIP code and the state.'])
    const noStreet = await put(buyer, order.id, { ...newHome, line1: '  ' })
    expect(noStreet.status).toBe(422)
    expect(noStreet.json.error.fields['address.line1']).toEqual(['Enter the street address.'])
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({ line1: '1 Main Street' })
    // A known ZIP code fills an empty city and state, as at checkout.
    const filled = await put(buyer, order.id, { name: 'Sam Buyer', line1: '9 K Street', zip: '95814' })
    expect(filled.status, filled.text).toBe(200)
    expect(filled.json.shipsTo.address).toMatchObject({ city: 'Sacramento', state: 'CA', zip: '95814' })
  })

  test('another state whose tax differs is refused (409: cancel and order again); a state with the same tax to the cent is allowed', async () => {
    const order = await buy(buyer)
    // $30.00 at CA 7.25 % = $2.18; Oregon has no sales tax.
    expect(order.taxCents).toBe(218)
    const oregon = await put(buyer, order.id, { name: 'Sam Buyer', line1: '1 Pioneer Square', zip: '97204', city: 'Portland', state: 'OR' })
    expect(oregon.status).toBe(409)
    expect(oregon.json.error.message).toBe(m.otherState('California', 'Oregon'))
    expect(oregon.json.error.fields['address.state']).toEqual([m.otherState('California', 'Oregon')])
    expect((await orderRow(order.id)).taxState).toBe('CA')

    // Two states of the default 5 % rate: the same tax, so the order may move between them.
    await h.database.db.update(orders).set({ taxState: 'ID', shippingAddress: { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Boise', state: 'ID', zip: '83702' }, taxCents: 150, totalCents: order.totalCents - order.taxCents + 150 }).where(eq(orders.id, order.id))
    const montana = await put(buyer, order.id, { name: 'Sam Buyer', line1: '1 Last Chance Gulch', zip: '59601', city: 'Helena', state: 'MT' })
    // Montana has no sales tax: refused.
    expect(montana.status).toBe(409)
    const utah = await put(buyer, order.id, { name: 'Sam Buyer', line1: '1 State Street', zip: '84111', city: 'Salt Lake City', state: 'UT' })
    expect(utah.status, utah.text).toBe(200)
    expect(await orderRow(order.id)).toMatchObject({ taxState: 'UT', taxCents: 150 })
  })

  test('the routes are in the OpenAPI document', async () => {
    const doc = await h.call('GET', '/api/v3/openapi.json')
    expect(Object.keys(doc.json.paths['/api/v3/order_address'])).toEqual(expect.arrayContaining(['get', 'put']))
  })
})

describe('changing the address while staff mark a box shipped', () => {
  test('a box being marked shipped makes the change wait, then refuse (409); the address stays', async () => {
    const order = await buy(buyer)
    const [box] = await boxesOf(order.id)
    const staff = await h.database.pool.connect()
    try {
      await staff.query('begin')
      await staff.query(`update shipments set status = 'shipped', carrier = 'UPS', tracking_number = '1Z999AA10123456784', shipped_at = now() where id = $1 and status = 'processing'`, [box])
      let settled = false
      const change = outcome(h.services.orderAddress.change(buyer.id, { orderId: order.id, address: newHome })).finally(() => (settled = true))
      await new Promise((r) => setTimeout(r, 400))
      // It waits on the box's lock rather than reading the box as not shipped yet.
      expect(settled).toBe(false)
      await staff.query('commit')
      expect(await change).toMatchObject({ code: 'conflict', message: m.shipped })
    } finally {
      staff.release()
    }
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({ line1: '1 Main Street' })
  })

  test('a change in progress makes marking shipped wait; the box then ships to the new address', async () => {
    const order = await buy(buyer)
    const [box] = await boxesOf(order.id)
    const blocker = await h.database.pool.connect()
    try {
      // Holds the change inside its transaction, after it has locked the order and its box (its history insert waits).
      await blocker.query('begin')
      await blocker.query('lock table order_address_changes in share mode')
      const change = outcome(h.services.orderAddress.change(buyer.id, { orderId: order.id, address: newHome }))
      await new Promise((r) => setTimeout(r, 300))
      let shippedSettled = false
      const ship = outcome(h.services.shipments.markShipped(box!, tracking)).finally(() => (shippedSettled = true))
      await new Promise((r) => setTimeout(r, 400))
      expect(shippedSettled).toBe(false)
      expect(await statusOf(box!)).toBe('processing')
      await blocker.query('commit')
      expect(await change).toMatchObject({ ok: { changed: true } })
      expect(await ship).toMatchObject({ ok: { status: 'shipped' } })
    } finally {
      blocker.release()
    }
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({ line1: '500 Capitol Mall' })
  })

  test('run together on many orders, each ends one consistent way: changed then shipped, or shipped and refused with the old address', async () => {
    // One buyer has one cart: the orders are placed one after another (each empties the cart).
    const placed = []
    for (let i = 0; i < 6; i++) placed.push(await buy(buyer))
    const results = await Promise.all(
      placed.map(async (order) => {
        const [box] = await boxesOf(order.id)
        const [change, ship] = await Promise.all([outcome(h.services.orderAddress.change(buyer.id, { orderId: order.id, address: newHome })), outcome(h.services.shipments.markShipped(box!, tracking))])
        return { order, box: box!, change, ship }
      }),
    )
    for (const { order, box, change, ship } of results) {
      // Staff always ship (nothing in an address change stops a box); the change either went first or saw it shipped.
      expect(ship).toMatchObject({ ok: { status: 'shipped' } })
      expect(await statusOf(box)).toBe('shipped')
      const row = await orderRow(order.id)
      const history = await h.database.db.select().from(orderAddressChanges).where(eq(orderAddressChanges.orderId, order.id))
      if ('ok' in change) {
        expect(row.shippingAddress).toMatchObject({ line1: '500 Capitol Mall' })
        expect(history).toHaveLength(1)
      } else {
        expect(change).toMatchObject({ code: 'conflict', message: m.shipped })
        expect(row.shippingAddress).toMatchObject({ line1: '1 Main Street' })
        expect(history).toHaveLength(0)
      }
    }
  })
})
