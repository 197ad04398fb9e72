import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
let alice: string
let bob: string

beforeAll(async () => {
  t = await createTestApp()
  alice = (await t.signUp('Alice')).cookie
  bob = (await t.signUp('Bob')).cookie
})

afterAll(async () => {
  await t?.drop()
})

const home = {
  name: 'Alice Tester',
  line1: '9336 Civic Center Dr',
  line2: '',
  city: 'Beverly Hills',
  state: 'CA',
  zip: '90210',
  phone: '212 555 0142',
}

const call = (method: string, path: string, cookie?: string, body?: unknown) => t.request(method, path, { cookie, body })

describe('/api/v3/address', () => {
  test('anonymous requests get 401 for every method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await call(method, '/api/v3/address', undefined, method === 'PUT' ? home : undefined)
      expect(res.status, method).toBe(401)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated')
    }
    const forged = await call('GET', '/api/v3/address', 'nestlist_session=not-a-real-token')
    expect(forged.status).toBe(401)
  })

  test('a user without an address gets 404, then saves one and reads it back (not cacheable)', async () => {
    expect((await call('GET', '/api/v3/address', alice)).status).toBe(404)
    const put = await call('PUT', '/api/v3/address', alice, home)
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ ...home, phone: '(212) 555-0142', stateName: 'California' })
    const got = await call('GET', '/api/v3/address', alice)
    expect(got.status).toBe(200)
    expect(got.headers.get('Cache-Control')).toBe('no-store')
    expect(await got.json()).toMatchObject({ name: 'Alice Tester', zip: '90210', state: 'CA' })
  })

  test("another user cannot read, replace or delete the first user's address", async () => {
    await call('PUT', '/api/v3/address', alice, home)
    expect((await call('GET', '/api/v3/address', bob)).status).toBe(404)
    expect((await call('DELETE', '/api/v3/address', bob)).status).toBe(204)
    const bobs = await call('PUT', '/api/v3/address', bob, { ...home, name: 'Bob Tester', city: '', state: '', zip: '10001' })
    expect(await bobs.json()).toMatchObject({ name: 'Bob Tester', city: 'New York', state: 'NY' })
    // Alice's is untouched by all of that.
    expect(await (await call('GET', '/api/v3/address', alice)).json()).toMatchObject({ name: 'Alice Tester', zip: '90210' })
    expect(await (await call('GET', '/api/v3/address', bob)).json()).toMatchObject({ name: 'Bob Tester', zip: '10001' })
  })

  test('a ZIP code that does not match the state answers 422 with the message on zip', async () => {
    const res = await call('PUT', '/api/v3/address', alice, { ...home, state: 'TX' })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } }
    expect(body.error.code).toBe('invalid_input')
    expect(body.error.fields.zip).toEqual(['ZIP code 90210 is in California, not Texas. Check the ZIP code and the state.'])
  })

  test('malformed bodies answer 422 with field messages, never 500', async () => {
    const bad = await call('PUT', '/api/v3/address', alice, { name: '', zip: 'abc' })
    expect(bad.status).toBe(422)
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } }
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['name', 'line1', 'zip']))
    const notJson = await t.app.request('/api/v3/address', {
      method: 'PUT',
      headers: { Cookie: alice, 'Content-Type': 'application/json' },
      body: '{',
    })
    expect(notJson.status).toBeGreaterThanOrEqual(400)
    expect(notJson.status).toBeLessThan(500)
  })

  test('DELETE removes only the signed-in user’s address', async () => {
    await call('PUT', '/api/v3/address', alice, home)
    await call('PUT', '/api/v3/address', bob, { ...home, name: 'Bob Tester' })
    expect((await call('DELETE', '/api/v3/address', alice)).status).toBe(204)
    expect((await call('GET', '/api/v3/address', alice)).status).toBe(404)
    expect((await call('GET', '/api/v3/address', bob)).status).toBe(200)
  })

  test('a cross-site PUT is refused', async () => {
    const res = await t.app.request('/api/v3/address', {
      method: 'PUT',
      headers: { Cookie: alice, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      body: JSON.stringify({ ...home, name: 'Mallory' }),
    })
    expect(res.status).toBe(403)
  })
})

describe('/api/v3/zip_lookups', () => {
  test('a known ZIP code answers its city and state, publicly cacheable, without cookies', async () => {
    const res = await t.app.request('/api/v3/zip_lookups?zip=90210')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' })
    expect(res.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+/)
    expect(res.headers.get('Set-Cookie')).toBeNull()
    expect(await (await t.app.request('/api/v3/zip_lookups?zip=20001-1234')).json()).toMatchObject({ zip: '20001', state: 'DC' })
  })

  test('an unknown ZIP code answers 404 and a malformed one 422', async () => {
    expect((await t.app.request('/api/v3/zip_lookups?zip=99999')).status).toBe(404)
    for (const q of ['zip=123', 'zip=abcde', 'zip=', '']) {
      const res = await t.app.request(`/api/v3/zip_lookups?${q}`)
      expect(res.status, q).toBe(422)
    }
  })

  test('the endpoints are in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/v3/address'] ?? {}).sort()).toEqual(['delete', 'get', 'put'])
    expect(Object.keys(doc.paths['/api/v3/zip_lookups'] ?? {})).toEqual(['get'])
  })
})
