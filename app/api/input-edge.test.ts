// Bad input at the API's edge: control characters in any text and integers out of a column's range get a 4xx with a
// message per field, never a 500 or an error log line (issue 32, items 6).
import { Writable } from 'node:stream'
import { Hono } from 'hono'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../tests/support/registry-api'
import { createApp } from '../../server/app'
import { CONTROL_CHARACTERS_MESSAGE } from '~/lib/input-rules'
import { handleApiError } from './error-handler'
import type { AppEnv } from './types'

let h: RegistryApiHarness
let app: ReturnType<typeof createApp>
let products: number[]
const logLines: { level: number; msg: string }[] = []

beforeAll(async () => {
  h = await registryApiHarness(83_000)
  products = await h.createProducts(2)
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logLines.push(JSON.parse(line))
      done()
    },
  })
  app = createApp({ services: h.services, logger: pino({ level: 'info' }, stream), supportEmail: 'help@example.test' })
})

afterAll(async () => {
  await h?.drop()
})

async function call(method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const res = await app.request(path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, text, json: (text ? JSON.parse(text) : null) as { error?: { code: string; message: string; fields?: Record<string, string[]> } } & Record<string, unknown> }
}

const errorLines = () => logLines.filter((l) => l.level >= 50)
const NUL = 'Aunt\u0000June'

describe('control characters in text fields', () => {
  test('a guest reserving with a NUL in giverName or giftMessage gets 422 for that field and nothing is saved', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[0], quantity: 2 } })
    expect(item.status, item.text).toBe(201)
    const itemId = item.json.id as number
    for (const over of [{ giverName: NUL }, { giftMessage: 'Congratulations!\u0000' }]) {
      const res = await call('POST', `/api/v3/reg_items/${itemId}/reservations`, { body: { quantity: 1, giverName: 'June', giverEmail: 'june@example.test', giftMessage: 'Hi', ...over } })
      expect(res.status, res.text).toBe(422)
      const field = Object.keys(over)[0]!
      expect(res.json.error!.fields![field]![0]).toMatch(/control characters/)
    }
    const still = await h.call('GET', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie })
    expect(still.json.items[0]).toMatchObject({ id: itemId, quantityReserved: 0 })
    // Line breaks and tabs in a message are text, not control characters to refuse.
    const fine = await call('POST', `/api/v3/reg_items/${itemId}/reservations`, { body: { quantity: 1, giverName: 'June', giverEmail: 'june@example.test', giftMessage: 'Dear Maya,\r\n\tCongratulations!' } })
    expect(fine.status, fine.text).toBe(201)
    expect(errorLines()).toEqual([])
  })

  test("an owner's registry title, family name, welcome note, item note and category title refuse a NUL with 422", async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const created = await call('POST', '/api/v3/registries', {
      cookie: owner.cookie,
      body: { registryType: 'baby', title: 'Baby\u0000', familyName: 'The\u0007Riveras', slug: `nul-${Date.now() % 100000}`, isArrivalDateKnown: false },
    })
    expect(created.status, created.text).toBe(422)
    expect(Object.keys(created.json.error!.fields!)).toEqual(expect.arrayContaining(['title', 'familyName']))
    for (const body of [{ title: 'New\u0000' }, { familyName: 'X\u0000' }, { welcomeNote: 'Thanks\u0000' }]) {
      const res = await call('PATCH', `/api/v3/registries/${r.id}`, { cookie: owner.cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(Object.keys(res.json.error!.fields!)).toEqual(Object.keys(body))
    }
    const note = await call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[1], quantity: 1, note: 'grey\u0000' } })
    expect(note.status, note.text).toBe(422)
    expect(note.json.error!.fields!.note).toBeDefined()
    const category = await call('POST', `/api/v3/registries/${r.id}/categories`, { cookie: owner.cookie, body: { title: 'Bath\u0000' } })
    expect(category.status, category.text).toBe(422)
    const view = await h.call('GET', `/api/v3/registries/${r.id}`, { cookie: owner.cookie })
    expect(view.json.registry).toMatchObject({ title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', welcomeNote: '' })
    expect((await h.call('GET', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie })).json.items).toEqual([])
    expect(errorLines()).toEqual([])
  })
})

describe('integers out of range', () => {
  test('productId 2147483648 on POST /api/v3/cart_items and reg_items is a 4xx, not a 500', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    for (const productId of [2_147_483_648, 1e15]) {
      const cart = await call('POST', '/api/v3/cart_items', { body: { productId, quantity: 1 } })
      expect(cart.status, cart.text).toBe(422)
      expect(cart.json.error!.fields!.productId).toBeDefined()
      const item = await call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId, quantity: 1 } })
      expect(item.status, item.text).toBe(422)
      expect(item.json.error!.fields!.productId).toBeDefined()
    }
    expect(errorLines()).toEqual([])
  })

  test('a product id past the column range in the staff stock path is 404, not a 500', async () => {
    const staff = await h.signUp('Staff')
    await h.database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
    for (const id of ['1000000000000', '2147483648']) {
      expect((await call('GET', `/api/v3/staff/products/${id}/stock`, { cookie: staff.cookie })).status).toBe(404)
      expect((await call('PATCH', `/api/v3/staff/products/${id}/stock`, { cookie: staff.cookie, body: { option: '', quantity: 1, expectedQuantity: 0 } })).status).toBeLessThan(500)
    }
    expect(errorLines()).toEqual([])
  })
})

describe('the pages’ way in: the same services refuse the same input', () => {
  test('a reservation or a registry with a NUL in a text field is invalid_input for that field, as a form shows it', async () => {
    const owner = await h.signUp()
    const r = await h.createRegistry(owner.cookie)
    const item = await h.call('POST', `/api/v3/registries/${r.id}/reg_items`, { cookie: owner.cookie, body: { productId: products[0], quantity: 1 } })
    // reserve() checks its input before it returns its promise: wrapped so a throw and a rejection read the same.
    await expect(Promise.resolve().then(() => h.services.reservations.reserve(item.json.id as number, { quantity: 1, giverName: NUL, giverEmail: 'june@example.test' }))).rejects.toMatchObject({
      code: 'invalid_input',
      fields: { giverName: [CONTROL_CHARACTERS_MESSAGE] },
    })
    await expect(h.services.registry.create(owner.id, { registryType: 'baby', title: 'T\u0000', familyName: 'F', slug: `nul-page-${Date.now() % 100000}`, isArrivalDateKnown: false })).rejects.toMatchObject({
      code: 'invalid_input',
      fields: { title: [CONTROL_CHARACTERS_MESSAGE] },
    })
  })
})

describe('the last line of defence in the API error mapper', () => {
  test("PostgreSQL's refusal of a value (NUL, out of range, not a number) is a 422 logged as a warning, not a 500", async () => {
    const lines: { level: number }[] = []
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }))
    const probe = new Hono<AppEnv>()
    probe.use((c, next) => (c.set('logger', logger), c.set('supportEmail', 'help@example.test'), next()))
    probe.onError(handleApiError)
    probe.get('/:code', (c) => {
      throw new Error('Failed query', { cause: Object.assign(new Error('database'), { code: c.req.param('code') }) })
    })
    for (const code of ['22021', '22003', '22P02']) {
      const res = await probe.request(`/${code}`)
      expect(res.status).toBe(422)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input')
    }
    expect((await probe.request('/23505')).status).toBe(500)
    expect(lines.filter((l) => l.level >= 50)).toHaveLength(1)
    expect(lines.filter((l) => l.level === 40)).toHaveLength(3)
  })
})
