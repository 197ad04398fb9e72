import { Writable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { messages } from '~/lib/errors'
import { createServices, type Services } from '~/services.server'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database'
import { createApp } from './app'

const SUPPORT = 'help@nestlist.example'

function captureLogger() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

let database: TestDatabase
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemoData(database.db, database.pool, { products: 60 }, () => {})
  const { logger } = captureLogger()
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: SUPPORT }, logger })
  app = createApp({ services, logger, supportEmail: SUPPORT })
})

afterAll(async () => {
  await database.drop()
})

describe('health and documents', () => {
  test('GET /healthz reports the database as up', async () => {
    const res = await app.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' })
  })

  test('the OpenAPI document describes every API route', async () => {
    const res = await app.request('/api/v3/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/store/api/navbar_categories', '/api/v3/catalog_categories', '/api/v3/catalog_categories/{id}', '/store/api/categories/{slug}']),
    )
  })
})

describe('security headers', () => {
  test('every answer carries CSP, nosniff, referrer policy, frame protection and a request id', async () => {
    const res = await app.request('/healthz')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/)
  })

  test('shop pages shared between visitors leave out the opener policy; personal pages and cookie holders keep it', async () => {
    const opener = async (path: string, cookie?: string) =>
      (await app.request(path, { headers: cookie ? { Cookie: cookie } : {} })).headers.get('cross-origin-opener-policy')
    // Asked for without a personal cookie: what the page cache shares (decision 018, amendment h27). This app has no
    // React Router build (the pages answer 404 here): the headers follow the request, and the browser suite checks
    // the real pages, rendered and from the cache.
    for (const path of ['/store', '/store/strollers', '/store/search?search_term=stroller', '/gp/any-product/12']) {
      const res = await app.request(path)
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull()
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    }
    // The reservations cookie is one every shop page ignores; a session (or any other) cookie is not.
    expect(await opener('/store', 'nestlist_reservations=abc')).toBeNull()
    expect(await opener('/store', 'nestlist_session=abc')).toBe('same-origin')
    expect(await opener('/store/strollers', 'nestlist_bench=1')).toBe('same-origin')
    // Not shop pages: sign-in, checkout, registry, the JSON API, health.
    for (const path of ['/login', '/store/checkout', '/registry/new', '/api/v3/openapi.json', '/healthz']) expect(await opener(path)).toBe('same-origin')
  })

  test('JSON API answers carry a policy that allows nothing (no nonce) and the same other headers', async () => {
    for (const path of ['/api/v3/openapi.json', '/store/api/no_such_thing']) {
      const res = await app.request(path)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-request-id')).toMatch(/.{8,}/)
    }
  })
})

describe('API compression', () => {
  test('JSON API answers say Vary: Accept-Encoding once, small or large, and are gzipped for a client that accepts it', async () => {
    for (const path of ['/api/v3/openapi.json', '/store/api/no_such_thing']) {
      const plain = await app.request(path)
      expect(plain.headers.get('vary')).toBe('Accept-Encoding')
      expect(plain.headers.get('content-encoding')).toBeNull()
    }
    const gz = await app.request('/api/v3/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('vary')).toBe('Accept-Encoding')
    const doc = JSON.parse(new TextDecoder().decode(gunzipSync(Buffer.from(await gz.arrayBuffer())))) as { openapi: string }
    expect(doc.openapi).toBe('3.1.0')
  })
})

describe('API errors', () => {
  test('an unknown API path answers 404 with the JSON error shape', async () => {
    for (const path of ['/api/v3/no_such_thing', '/store/api/nope/deeper']) {
      const res = await app.request(path, { method: 'POST' })
      expect(res.status).toBe(404)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('not_found')
      expect(body.error.message).toContain(path)
    }
  })

  test('invalid input answers 422 with field details, never a 500', async () => {
    for (const bad of ['abc', '-3', '1.5', '99999999999999']) {
      const res = await app.request(`/api/v3/catalog_categories/${bad}`)
      expect(res.status).toBe(422)
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } }
      expect(body.error.code).toBe('invalid_input')
      expect(body.error.fields.id?.length).toBeGreaterThan(0)
    }
    const slug = await app.request('/store/api/categories/Not%20A%20Slug')
    expect(slug.status).toBe(422)
  })

  test('a domain not_found maps to 404', async () => {
    const res = await app.request('/api/v3/catalog_categories/424242')
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
  })

  test('an unexpected failure logs the stack with the request id and answers the generic message', async () => {
    const { logger, lines } = captureLogger()
    const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: SUPPORT }, logger })
    const broken: Services = {
      ...services,
      catalog: {
        ...services.catalog,
        navbarCategories: async () => {
          throw new Error('boom: the database caught fire')
        },
      },
    }
    const failing = createApp({ services: broken, logger, supportEmail: SUPPORT })
    const res = await failing.request('/store/api/navbar_categories')
    expect(res.status).toBe(500)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body).toEqual({ error: { code: 'internal_error', message: messages.genericFailure(SUPPORT) } })
    expect(JSON.stringify(body)).not.toContain('boom')
    const requestId = res.headers.get('x-request-id')
    const errorLine = lines.find((l) => l.msg === 'unhandled error')
    expect(errorLine?.requestId).toBe(requestId)
    expect(JSON.stringify(errorLine)).toContain('boom: the database caught fire')
  })
})

describe('store navigation', () => {
  test('navbar categories are the 11 top-level categories in the spec order, with children', async () => {
    const res = await app.request('/store/api/navbar_categories')
    expect(res.status).toBe(200)
    const navbar = (await res.json()) as { urlSlug: string; children: unknown[] }[]
    expect(navbar.map((c) => c.urlSlug)).toEqual([
      'strollers', 'car-seats', 'carriers', 'nursery', 'playroom', 'bath-potty', 'baby-health-safety', 'feeding', 'diapering', 'clothing', 'more',
    ])
    for (const c of navbar) expect(c.children.length).toBeGreaterThan(0)
  })

  test('a category lookup resolves its children and ancestor slug chain', async () => {
    const res = await app.request('/store/api/categories/strollers')
    expect(res.status).toBe(200)
    const strollers = (await res.json()) as { urlSlug: string; path: string; children: { slugSet: string[] }[] }
    expect(strollers.path).toBe('/store/strollers')
    expect(strollers.children.length).toBeGreaterThan(0)
    expect(strollers.children[0]?.slugSet[0]).toBe('strollers')
  })
})

describe('generated images', () => {
  test('category images are served as cacheable SVG, unknown ones are 404', async () => {
    const ok = await app.request('/images/categories/strollers.svg')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('image/svg+xml')
    expect(ok.headers.get('cache-control')).toContain('immutable')
    expect(await ok.text()).toContain('<svg')
    // Answered from memory in front of the app's middleware: no request id, no document policy with a nonce.
    expect(ok.headers.get('x-request-id')).toBeNull()
    expect(ok.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    const gzip = await app.request('/images/categories/strollers.svg', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toContain('<svg')
    expect((await app.request('/images/products/not-a-kind-1.svg')).status).toBe(404)
    expect((await app.request('/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
  })
})
