import { Writable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { cspWithScriptHashes } from '~/lib/csp.server'
import { messages } from '~/lib/errors'
import { FLASH_COOKIE } from '~/lib/flash'
import { SHARED_PAGE_CACHE_CONTROL, sharedPageHeaders } from '~/lib/shared-pages'
import { createServices, type Services } from '~/services.server'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database'
import { createApp, revalidateThrough, sharedPageSecureHeaders } from './app'
import { createHttpCache, probeHeaders } from './http-cache'
import { routeBuild } from './route-build.test-support'

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

  test('shared pages (the shop) get no opener policy and, when the page brings no CSP of its own, one that allows no inline script', async () => {
    const opener = async (path: string, cookie?: string) =>
      (await app.request(path, { headers: cookie ? { Cookie: cookie } : {} })).headers.get('cross-origin-opener-policy')
    // The same page for everyone, whoever asks (decision 037; decision 018, amendment h27). This app has no React Router
    // build (the pages answer 404 here), so no page brings its own policy with its scripts' hashes: the headers follow
    // the request, and the browser suite checks the real pages, rendered and from the cache.
    for (const path of ['/store', '/store/strollers', '/store/search?search_term=stroller', '/gp/any-product/12', '/store/strollers.data']) {
      const res = await app.request(path)
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull()
      expect(res.headers.get('content-security-policy')).toBe(cspWithScriptHashes([]))
      expect(res.headers.get('content-security-policy')).not.toContain('nonce-')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    }
    // Cookies change nothing on a shared page (it reads none of them), but a one-time message makes the page the visitor's own.
    for (const cookie of ['nestlist_reservations=abc', 'nestlist_session=abc', 'nestlist_bench=1', `${FLASH_COOKIE}=`]) expect(await opener('/store/strollers', cookie)).toBeNull()
    const flash = await app.request('/store', { headers: { Cookie: `nestlist_session=abc; ${FLASH_COOKIE}=signed_in` } })
    expect(flash.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(flash.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    // Not shared pages: sign-in, checkout, registry, the JSON API, health.
    for (const path of ['/login', '/store/checkout', '/registry/new', '/api/v3/openapi.json', '/healthz']) expect(await opener(path)).toBe('same-origin')
    for (const path of ['/login', '/store/checkout', '/registry/new']) {
      expect((await app.request(path)).headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    }
  })

  test('the headers sent with a stored shared page before the app (probeHeaders) are the app\'s for a shared page: no CSP, no opener policy', async () => {
    const probed = await probeHeaders(sharedPageSecureHeaders())
    const names = probed.filter((_, i) => i % 2 === 0)
    expect(names).not.toContain('content-security-policy')
    expect(names).not.toContain('cross-origin-opener-policy')
    const shared = await app.request('/store/strollers')
    for (let i = 0; i < probed.length; i += 2) expect(shared.headers.get(probed[i]!), probed[i]).toBe(probed[i + 1])
    expect(Object.fromEntries(Array.from({ length: probed.length / 2 }, (_, i) => [probed[2 * i], probed[2 * i + 1]]))).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
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

describe('the shared HTTP cache in the app', () => {
  /** The app with a stand-in build: shop pages that say they are shared, a sign-in page that says nothing; renders counted. */
  function cachedApp() {
    const httpCache = createHttpCache({ maxBytes: 1_000_000 })
    let renders = 0
    const build = routeBuild({
      category: { path: 'store/:slug', module: { loader: () => null, headers: () => sharedPageHeaders() } },
      login: { path: 'login', module: { loader: () => null } },
    })
    build.entry.module.default = (_request, status, headers, _context, loadContext) =>
      new Response(`<p>render ${++renders}, shared: ${(loadContext as { sharedPage?: boolean }).sharedPage}</p>`, { status, headers: { ...Object.fromEntries(headers), 'Content-Type': 'text/html; charset=utf-8' } })
    const { logger } = captureLogger()
    const cached = createApp({ services: {} as Services, logger, supportEmail: SUPPORT, build, httpCache })
    return { app: cached, httpCache, renders: () => renders }
  }

  test('a shared page is stored and answered from it with the shared page\'s headers, plain or gzip', async () => {
    const { app: cached, httpCache, renders } = cachedApp()
    const first = await cached.request('/store/strollers')
    expect(await first.text()).toBe('<p>render 1, shared: true</p>')
    expect(first.headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL)
    expect(httpCache.size().entries).toBe(1)
    for (const headers of [{}, { Cookie: 'nestlist_session=abc' }] as Record<string, string>[]) {
      const hit = await cached.request('/store/strollers', { headers })
      expect(await hit.text()).toBe('<p>render 1, shared: true</p>')
      expect(hit.headers.get('age')).toBe('0')
      expect(hit.headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL)
      expect(hit.headers.get('x-accel-expires')).toBe('1')
      expect(hit.headers.get('cross-origin-opener-policy')).toBeNull()
      expect(hit.headers.get('content-security-policy')).toBe(cspWithScriptHashes([]))
      expect(hit.headers.get('x-frame-options')).toBe('DENY')
    }
    const gz = await cached.request('/store/strollers', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe('<p>render 1, shared: true</p>')
    expect(renders()).toBe(1)
  })

  test('a request with a one-time message is rendered for its visitor and said to be personal', async () => {
    const { app: cached, renders } = cachedApp()
    await cached.request('/store/strollers')
    const flash = await cached.request('/store/strollers', { headers: { Cookie: `nestlist_session=abc; ${FLASH_COOKIE}=signed_in` } })
    expect(await flash.text()).toBe('<p>render 2, shared: false</p>')
    expect(flash.headers.get('cache-control')).toBe('private, no-store')
    expect(flash.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(renders()).toBe(2)
  })

  test('a page that does not say it may be shared is never stored', async () => {
    const { app: cached, httpCache, renders } = cachedApp()
    await cached.request('/login')
    await cached.request('/login')
    expect(renders()).toBe(2)
    expect(httpCache.size().entries).toBe(0)
  })

  test('a stale page is served while it is fetched again through the app (revalidateThrough); an invalidation drops it', async () => {
    // The cache and the app's middleware read the same clock (Date.now); only it is moved, timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-12-01T10:00:00Z'))
      const { app: cached, httpCache, renders } = cachedApp()
      await cached.request('/store/strollers')
      vi.setSystemTime(new Date('2026-12-01T10:00:16Z'))
      const stale = await cached.request('/store/strollers')
      expect(await stale.text()).toBe('<p>render 1, shared: true</p>')
      expect(stale.headers.get('age')).toBe('16')
      await vi.waitFor(() => expect(httpCache.stats.stored).toBe(2))
      expect(renders()).toBe(2)
      const fresh = await cached.request('/store/strollers')
      expect(await fresh.text()).toBe('<p>render 2, shared: true</p>')
      expect(fresh.headers.get('age')).toBe('0')
      httpCache.invalidate()
      expect(await (await cached.request('/store/strollers')).text()).toBe('<p>render 3, shared: true</p>')
    } finally {
      vi.useRealTimers()
    }
  })

  test('revalidateThrough asks the app for a new, plain answer and reads it whole', async () => {
    const asked: Request[] = []
    let read = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        read = true
        controller.close()
      },
    })
    await revalidateThrough({ fetch: (request) => (asked.push(request), new Response(body)) })('http://shop.test/store/strollers?page=2')
    expect(asked).toHaveLength(1)
    expect(asked[0]!.url).toBe('http://shop.test/store/strollers?page=2')
    expect(asked[0]!.method).toBe('GET')
    expect(asked[0]!.headers.get('cache-control')).toBe('no-cache')
    expect(asked[0]!.headers.get('accept-encoding')).toBe('identity')
    expect(read).toBe(true)
  })
})
