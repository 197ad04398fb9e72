import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { giftCardMessages } from '~/modules/giftcards/giftcards.validation'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
let staff: { cookie: string; id: number; email: string }
let customer: { cookie: string; id: number; email: string }
let category: number
let brand: number
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' }
const address = { name: 'Sam Buyer', line1: '1 Main Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }

const call = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) => t.request(method, path, { cookie, body, headers })

beforeAll(async () => {
  t = await createTestApp({ firstCatalogId: 98_500 })
  category = (await t.factories.createCategory({ urlSlug: 'staff-api-test' })).id
  brand = (await t.factories.createBrand()).id
  staff = await t.signUp('Staff', { role: 'staff' })
  customer = await t.signUp('Customer')
})
afterAll(async () => {
  await t?.drop()
})

describe('who may call /api/v3/staff', () => {
  test('anonymous 401, a customer 404 (even with a bad body), staff 200', async () => {
    const p = await t.factories.createProduct({ categoryId: category, brandId: brand, stock: 3 })
    for (const [method, path, body] of [
      ['GET', `/api/v3/staff/products/${p.id}/stock`, undefined],
      ['PATCH', `/api/v3/staff/products/${p.id}/stock`, { quantity: 'lots' }],
      ['POST', '/api/v3/staff/store_credit_grants', {}],
      ['GET', '/api/v3/staff/shipments', undefined],
      ['POST', '/api/v3/staff/shipments/1/mark_shipped', {}],
      ['POST', '/api/v3/staff/gift_returns/00000000-0000-4000-8000-000000000000/receive', {}],
    ] as const) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401)
      expect((await call(method, path, customer.cookie, body)).status, `${method} ${path} customer`).toBe(404)
    }
    expect((await call('GET', `/api/v3/staff/products/${p.id}/stock`, staff.cookie)).status).toBe(200)
  })

  test('every staff endpoint is in the OpenAPI document', async () => {
    const doc = (await (await call('GET', '/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    for (const [path, method] of [
      ['/api/v3/staff/products/{id}/stock', 'get'],
      ['/api/v3/staff/products/{id}/stock', 'patch'],
      ['/api/v3/staff/store_credit_grants', 'get'],
      ['/api/v3/staff/store_credit_grants', 'post'],
      ['/api/v3/staff/shipments', 'get'],
      ['/api/v3/staff/shipments/{id}/mark_shipped', 'post'],
      ['/api/v3/staff/shipments/{id}/mark_delivered', 'post'],
      ['/api/v3/staff/gift_returns', 'get'],
      ['/api/v3/staff/gift_returns/{id}/receive', 'post'],
      ['/api/v3/gift_returns/{id}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })
})

describe('stock', () => {
  test('read per option, set conditionally: 409 with the new count when it changed, 422 on a bad count, waiting shoppers emailed from 0', async () => {
    const p = await t.factories.createProduct({ categoryId: category, brandId: brand, stock: 0, name: 'Sleepy Owl', options: { sizes: ['NB', '3M'] } })
    await t.services.inventory.subscribe(null, { productId: p.id, email: 'owl-fan@example.test', size: 'NB' })
    const read = await call('GET', `/api/v3/staff/products/${p.id}/stock`, staff.cookie)
    expect(await read.json()).toMatchObject({ id: p.id, name: 'Sleepy Owl', waiting: 1, options: [{ optionKey: 'size=NB', label: 'NB', quantity: 0 }, { optionKey: 'size=3M', quantity: 0 }] })

    const saved = await call('PATCH', `/api/v3/staff/products/${p.id}/stock`, staff.cookie, { optionKey: 'size=NB', quantity: 12, expected: 0 })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ optionKey: 'size=NB', quantity: 12, notified: 1 })
    expect((await t.services.email.latestTo('owl-fan@example.test'))!.subject).toBe('Back in stock: Sleepy Owl')
    // The same save again is not a conflict; a save from a stale read is.
    expect((await call('PATCH', `/api/v3/staff/products/${p.id}/stock`, staff.cookie, { optionKey: 'size=NB', quantity: 12, expected: 0 })).status).toBe(200)
    const stale = await call('PATCH', `/api/v3/staff/products/${p.id}/stock`, staff.cookie, { optionKey: 'size=NB', quantity: 5, expected: 0 })
    expect(stale.status).toBe(409)
    expect(((await stale.json()) as { error: { message: string } }).error.message).toContain('changed to 12')
    expect((await call('PATCH', `/api/v3/staff/products/${p.id}/stock`, staff.cookie, { optionKey: 'size=NB', quantity: -1, expected: 12 })).status).toBe(422)
    expect((await call('PATCH', `/api/v3/staff/products/${p.id}/stock`, staff.cookie, { optionKey: 'size=XL', quantity: 1, expected: 0 })).status).toBe(422)
    expect((await call('GET', '/api/v3/staff/products/999999999/stock', staff.cookie)).status).toBe(404)
    expect((await t.services.inventory.levels(p.id)).byOption['size=NB']).toBe(12)
  })
})

describe('promotional store credit', () => {
  test('a grant with an Idempotency-Key is made once (201, then 200 repeated); unknown email 422; the customer sees it', async () => {
    const key = `grant-${Date.now()}`
    const body = { email: customer.email.toUpperCase(), amountCents: 1_500, reason: 'Sorry your order arrived late' }
    const first = await call('POST', '/api/v3/staff/store_credit_grants', staff.cookie, body, { 'Idempotency-Key': key })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ user: { id: customer.id }, amountCents: 1_500, balanceCents: 1_500, repeated: false })
    const again = await call('POST', '/api/v3/staff/store_credit_grants', staff.cookie, { ...body, idempotencyKey: key })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ repeated: true, balanceCents: 1_500 })
    expect((await call('POST', '/api/v3/staff/store_credit_grants', staff.cookie, { ...body, amountCents: 2_000 }, { 'Idempotency-Key': key })).status).toBe(422)
    const nobody = await call('POST', '/api/v3/staff/store_credit_grants', staff.cookie, { ...body, email: 'nobody@example.test' }, { 'Idempotency-Key': `${key}-x` })
    expect(nobody.status).toBe(422)
    expect(((await nobody.json()) as { error: { fields: Record<string, string[]> } }).error.fields.email).toBeDefined()
    expect((await call('POST', '/api/v3/staff/store_credit_grants', staff.cookie, { ...body, amountCents: 60_000 }, { 'Idempotency-Key': `${key}-y` })).status).toBe(422)
    expect(await (await call('GET', '/api/v3/user_credit', customer.cookie)).json()).toMatchObject({ balanceCents: 1_500, entries: [{ amountCents: 1_500, reason: 'promotion', note: 'Sorry your order arrived late' }] })
    expect(await (await call('GET', '/api/v3/staff/store_credit_grants', staff.cookie)).json()).toMatchObject({ grants: [{ email: customer.email, amountCents: 1_500, grantedBy: staff.email }] })
  })
})

describe('shipments', () => {
  test('processing → shipped (with tracking) → delivered; each step once (409 after), bad carrier 422', async () => {
    const p = await t.factories.createProduct({ categoryId: category, brandId: brand, stock: 5, priceCents: 5_000 })
    await t.services.cart.add({ userId: customer.id }, { productId: p.id })
    const order = await t.services.orders.placeOrder({ userId: customer.id }, { idempotencyKey: `staff-ship-${Date.now()}`, email: customer.email, name: 'Customer', shippingAddress: address, card })
    const list = await call('GET', `/api/v3/staff/shipments?order=${order.id}`, staff.cookie)
    const { shipments } = (await list.json()) as { shipments: { id: number; status: string; orderIds: string[] }[] }
    expect(shipments).toMatchObject([{ status: 'processing', orderIds: [order.id] }])
    const id = shipments[0]!.id
    expect((await call('POST', `/api/v3/staff/shipments/${id}/mark_shipped`, staff.cookie, { carrier: 'Pigeon', trackingNumber: '1Z999' })).status).toBe(422)
    expect((await call('POST', `/api/v3/staff/shipments/${id}/mark_delivered`, staff.cookie)).status).toBe(409)
    const shipped = await call('POST', `/api/v3/staff/shipments/${id}/mark_shipped`, staff.cookie, { carrier: 'UPS', trackingNumber: '1z 999 aa1' })
    expect(shipped.status).toBe(200)
    expect(await shipped.json()).toMatchObject({ id, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA1' })
    expect((await call('POST', `/api/v3/staff/shipments/${id}/mark_shipped`, staff.cookie, { carrier: 'UPS', trackingNumber: '1Z999AA1' })).status).toBe(409)
    expect(await (await call('POST', `/api/v3/staff/shipments/${id}/mark_delivered`, staff.cookie)).json()).toMatchObject({ id, status: 'delivered' })
    expect((await call('POST', `/api/v3/staff/shipments/${id}/mark_delivered`, staff.cookie)).status).toBe(409)
    expect((await call('POST', '/api/v3/staff/shipments/999999999/mark_delivered', staff.cookie)).status).toBe(404)
    expect(await (await call('GET', '/api/v3/staff/shipments?status=delivered', staff.cookie)).json()).toMatchObject({ shipments: expect.arrayContaining([expect.objectContaining({ id })]) })
  })
})

describe('gift returns', () => {
  test('a shipped gift returned by the family: listed by code, received once with the restock choice, the family credited and told', async () => {
    const owner = await t.signUp('Owner')
    const r = await t.services.registry.create(owner.id, { registryType: 'baby', title: 'Baby Staff', familyName: 'The Staffords', slug: `staff-returns-${Date.now()}`, isArrivalDateKnown: false })
    await t.services.registry.setShippingAddress(r.id, owner.id, { name: 'O', line1: '1 Elm', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
    const p = await t.factories.createProduct({ categoryId: category, brandId: brand, priceCents: 4_200, stock: 5 })
    const item = await t.services.registry.addItem(r.id, owner.id, { productId: p.id, quantity: 1 })
    const giver = { guestToken: t.services.cart.newGuestToken() }
    await t.services.cart.add(giver, { productId: p.id, regItemId: item.id })
    const order = await t.services.orders.placeOrder(giver, { idempotencyKey: `staff-gift-${Date.now()}`, email: 'staff-giver@example.test', name: 'Giver', card })
    await t.database.pool.query(
      `update shipments set status = 'shipped', tracking_number = '1Z999', shipped_at = now()
       where id in (select l.shipment_id from order_lines l where l.order_id = $1)`,
      [order.id],
    )
    const [{ id: lineId }] = (await t.database.pool.query(`select id from order_lines where order_id = $1`, [order.id])).rows as [{ id: number }]
    const made = await call('POST', '/api/v3/gift_returns', owner.cookie, { orderLineId: Number(lineId), quantity: 1, reason: 'duplicate' })
    expect(made.status).toBe(201)
    const { giftReturn, balanceCents } = (await made.json()) as { giftReturn: { id: string; returnCode: string; status: string; creditPending: boolean }; balanceCents: number }
    expect(giftReturn).toMatchObject({ status: 'awaiting_return_shipment', creditPending: true })
    expect(balanceCents).toBe(0)
    // The family's detail: the code and where to send it; nobody else sees it.
    expect(await (await call('GET', `/api/v3/gift_returns/${giftReturn.id}`, owner.cookie)).json()).toMatchObject({ returnCode: giftReturn.returnCode, returnAddress: { id: 164 } })
    expect((await call('GET', `/api/v3/gift_returns/${giftReturn.id}`, customer.cookie)).status).toBe(404)

    const found = await call('GET', `/api/v3/staff/gift_returns?code=${encodeURIComponent(giftReturn.returnCode.toLowerCase())}`, staff.cookie)
    expect(await found.json()).toMatchObject({ giftReturns: [{ id: giftReturn.id, familyName: 'The Staffords', requester: { email: owner.email }, creditCents: 4_200 }] })
    expect((await call('POST', `/api/v3/staff/gift_returns/${giftReturn.id}/receive`, staff.cookie, { restock: 'maybe' })).status).toBe(422)
    const stock = (await t.services.inventory.levels(p.id)).total
    const received = await call('POST', `/api/v3/staff/gift_returns/${giftReturn.id}/receive`, staff.cookie, { restock: true })
    expect(received.status).toBe(200)
    expect(await received.json()).toMatchObject({ creditedCents: 4_200, restocked: true, giftReturn: { status: 'received', creditPending: false } })
    const twice = await call('POST', `/api/v3/staff/gift_returns/${giftReturn.id}/receive`, staff.cookie, { restock: true })
    expect(twice.status).toBe(409)
    expect(((await twice.json()) as { error: { message: string } }).error.message).toBe(giftCardMessages.alreadyReceived)
    expect((await call('POST', '/api/v3/staff/gift_returns/not-a-uuid/receive', staff.cookie, { restock: true })).status).toBe(404)
    expect((await t.services.inventory.levels(p.id)).total).toBe(stock + 1)
    expect(await (await call('GET', '/api/v3/user_credit', owner.cookie)).json()).toMatchObject({ balanceCents: 4_200 })
    expect((await t.services.email.latestTo(owner.email))!.subject).toBe(`We received your returned gift: ${p.name}`)
    // The giver is never told (nothing about the return reaches their address).
    expect((await t.database.pool.query(`select 1 from email_outbox where to_address = 'staff-giver@example.test' and (subject ilike '%return%' or text ilike '%return%')`)).rowCount).toBe(0)
    expect(await (await call('GET', '/api/v3/staff/gift_returns?status=received', staff.cookie)).json()).toMatchObject({ giftReturns: [{ id: giftReturn.id, restockedOnReceipt: true, receivedBy: staff.email }] })
  })
})
