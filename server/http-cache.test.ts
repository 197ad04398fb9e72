import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { Writable } from 'node:stream'
import zlib from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import pino from 'pino'
import { describe, expect, test, vi } from 'vitest'
import type { AppEnv } from '~/api/types'
import { SHARED_PAGE_CACHE_CONTROL, sharedPageHeaders } from '~/lib/shared-pages'
import { serveWithCacheHit } from './cache-hit-server.test-support'
import { createHttpCache, type HttpCache, httpCacheListener, httpCacheMiddleware, parseCacheControl, probeHeaders } from './http-cache'

/** A page varied enough that its gzip is much smaller than it, different per render. */
const page = (render: number) =>
  `<!DOCTYPE html><html><body><h1>render ${render}</h1>${Array.from({ length: 300 }, (_, i) => `<li class="p${(i * 7919) % 997}">stroller ${i} é $${(i * 37) % 500}.99</li>`).join('')}</body></html>`
const KEPT = 'public, s-maxage=15, stale-while-revalidate=30'
const HTML = 'text/html; charset=utf-8'

/** A clock the cache and the middleware read, moved by hand. */
function clock(start = 1_700_000_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

type Answer = { status?: number; headers?: HeadersInit; body?: BodyInit | null }
type AnswerFor = (c: Context<AppEnv>, render: number) => Answer | Promise<Answer>

/**
 * The middleware in front of a page handler that counts its renders and answers `answer` (by default a page that a
 * shared cache may keep 15 s and serve stale 30 s more). A stale answer's revalidation goes through the same app
 * with `Cache-Control: no-cache`, as revalidateThrough (server/app.ts) does.
 */
function makeApp(cache: HttpCache, answer: AnswerFor = () => ({}), options: { now?: () => number; bypass?: (cookie: string | undefined) => boolean; revalidate?: (url: string) => Promise<void> } = {}) {
  let renders = 0
  const app = new Hono<AppEnv>()
  const revalidate =
    options.revalidate ??
    (async (url: string) => {
      await (await app.request(url, { headers: { 'Cache-Control': 'no-cache' } })).arrayBuffer()
    })
  app.use(httpCacheMiddleware(cache, { revalidate, bypass: options.bypass, now: options.now }))
  app.all('*', async (c) => {
    const render = ++renders
    const a = await answer(c, render)
    return new Response(a.body === undefined ? page(render) : a.body, { status: a.status ?? 200, headers: a.headers ?? { 'Content-Type': HTML, 'Cache-Control': KEPT } })
  })
  return { app, renders: () => renders }
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())
const answerOf = (body: string | Buffer, headers: HeadersInit = { 'Content-Type': HTML, 'Cache-Control': KEPT }, status = 200) =>
  new Response(typeof body === 'string' ? body : new Uint8Array(body), { status, headers })

describe('parseCacheControl', () => {
  test('reads the directives a shared cache obeys, whatever their case, spacing or quotes; unknown ones and bad numbers are ignored', () => {
    expect(parseCacheControl('public, max-age=0, s-maxage=15, stale-while-revalidate=30')).toEqual({ public: true, private: false, noStore: false, noCache: false, maxAge: 0, sMaxAge: 15, staleWhileRevalidate: 30 })
    expect(parseCacheControl(' PUBLIC ,S-MAXAGE="20",  Immutable')).toMatchObject({ public: true, sMaxAge: 20 })
    expect(parseCacheControl('private, no-store, no-cache')).toMatchObject({ public: false, private: true, noStore: true, noCache: true })
    expect(parseCacheControl('public, s-maxage=abc, max-age=-1')).toMatchObject({ sMaxAge: undefined, maxAge: undefined })
    for (const none of [undefined, null, '']) expect(parseCacheControl(none)).toEqual({ public: false, private: false, noStore: false, noCache: false })
  })

  test('the shared pages’ Cache-Control: browsers check every time, a shared cache keeps 15 s and serves stale 30 s more', () => {
    expect(parseCacheControl(SHARED_PAGE_CACHE_CONTROL)).toMatchObject({ public: true, maxAge: 0, sMaxAge: 15, staleWhileRevalidate: 30 })
  })
})

describe('what is stored', () => {
  const storable: [string, Answer][] = [
    ['public with s-maxage', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, s-maxage=15' } }],
    ['public with max-age only', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, max-age=60' } }],
    ['the shared pages’ headers (max-age=0 for browsers, s-maxage for us)', { headers: { 'Content-Type': HTML, ...sharedPageHeaders() } }],
    ['Vary: Accept-Encoding', { headers: { 'Content-Type': HTML, 'Cache-Control': KEPT, Vary: 'Accept-Encoding' } }],
    ['directives in capitals', { headers: { 'Content-Type': HTML, 'Cache-Control': 'PUBLIC, S-MAXAGE=15' } }],
  ]
  const notStorable: [string, Answer][] = [
    ['private', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, s-maxage=15, private' } }],
    ['no-store', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, s-maxage=15, no-store' } }],
    ['no-cache', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, s-maxage=15, no-cache' } }],
    ['not public', { headers: { 'Content-Type': HTML, 'Cache-Control': 's-maxage=15, stale-while-revalidate=30' } }],
    ['public without a lifetime', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public' } }],
    ['public, max-age=0 without s-maxage', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, max-age=0, stale-while-revalidate=30' } }],
    ['s-maxage=0 (it overrides max-age for a shared cache)', { headers: { 'Content-Type': HTML, 'Cache-Control': 'public, s-maxage=0, max-age=60' } }],
    ['no Cache-Control at all', { headers: { 'Content-Type': HTML } }],
    ['Set-Cookie', { headers: { 'Content-Type': HTML, 'Cache-Control': KEPT, 'Set-Cookie': 'nestlist_flash=; Max-Age=0' } }],
    ['Vary: Cookie', { headers: { 'Content-Type': HTML, 'Cache-Control': KEPT, Vary: 'Cookie' } }],
    ['Vary: Accept-Encoding, Cookie', { headers: { 'Content-Type': HTML, 'Cache-Control': KEPT, Vary: 'Accept-Encoding, Cookie' } }],
    ['Vary: *', { headers: { 'Content-Type': HTML, 'Cache-Control': KEPT, Vary: '*' } }],
    ['status 404', { status: 404, headers: { 'Content-Type': HTML, 'Cache-Control': KEPT } }],
    ['status 500', { status: 500, headers: { 'Content-Type': HTML, 'Cache-Control': KEPT } }],
    ['a redirect', { status: 302, body: null, headers: { Location: '/store', 'Cache-Control': KEPT } }],
    ['already encoded', { body: new Uint8Array(zlib.gzipSync(page(0))), headers: { 'Content-Type': HTML, 'Cache-Control': KEPT, 'Content-Encoding': 'gzip' } }],
  ]

  test.each(storable)('stored: %s (the second request is answered from the cache, the same bytes)', async (_name, answer) => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache, () => answer)
    const first = await app.request('/store/strollers')
    const firstBody = await bytesOf(first)
    expect(firstBody.toString('utf8')).toBe(page(1))
    const second = await app.request('/store/strollers')
    expect(renders()).toBe(1)
    expect((await bytesOf(second)).equals(firstBody)).toBe(true)
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
    expect(cache.size().entries).toBe(1)
    expect(cache.stats).toEqual({ hits: 1, staleHits: 0, misses: 1, stored: 1 })
  })

  test.each(notStorable)('not stored: %s (every request renders, and gets its answer as it was)', async (_name, answer) => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache, () => answer)
    for (const _ of [1, 2]) {
      const res = await app.request('/store/strollers')
      expect(res.status).toBe(answer.status ?? 200)
      for (const [name, value] of new Headers(answer.headers)) expect(res.headers.get(name)).toBe(value)
      if (answer.body === undefined) expect(await res.text()).toBe(page(renders()))
    }
    expect(renders()).toBe(2)
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 })
    expect(cache.stats.stored).toBe(0)
  })

  test('only GET answers without credentials are stored; POST is never looked up', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache)
    await app.request('/store/strollers', { method: 'POST' })
    await app.request('/store/strollers', { method: 'HEAD' })
    await app.request('/store/strollers', { headers: { Authorization: 'Bearer x' } })
    expect(cache.size().entries).toBe(0)
    expect(renders()).toBe(3)
    await app.request('/store/strollers')
    expect(cache.size().entries).toBe(1)
    // Stored now: neither a POST nor a request with credentials is answered from it.
    expect(await (await app.request('/store/strollers', { method: 'POST' })).text()).toBe(page(5))
    expect(await (await app.request('/store/strollers', { headers: { Authorization: 'Bearer x' } })).text()).toBe(page(6))
    expect(renders()).toBe(6)
  })

  test('the key is the whole URL: another query or host is another answer', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache)
    for (const url of ['http://a.test/store/strollers?page=2', 'http://a.test/store/strollers?page=3', 'http://b.test/store/strollers?page=2', 'http://a.test/store/strollers']) await app.request(url)
    expect(renders()).toBe(4)
    expect(await (await app.request('http://b.test/store/strollers?page=2')).text()).toBe(page(3))
    expect(renders()).toBe(4)
  })

  test('a stored answer keeps its own headers, but not its length, date, age or Vary, which each answer says anew', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const headers = { 'Content-Type': HTML, 'Cache-Control': SHARED_PAGE_CACHE_CONTROL, 'X-Accel-Expires': '1', 'X-Custom': 'kept', Date: 'Mon, 01 Jan 2024 00:00:00 GMT', Age: '100', 'Content-Length': String(Buffer.byteLength(page(1))) }
    const { app } = makeApp(cache, () => ({ headers }))
    await (await app.request('/store')).arrayBuffer()
    const hit = await app.request('/store')
    expect(hit.headers.get('content-type')).toBe(HTML)
    expect(hit.headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL)
    expect(hit.headers.get('x-accel-expires')).toBe('1')
    expect(hit.headers.get('x-custom')).toBe('kept')
    expect(hit.headers.get('date')).toBeNull()
    expect(hit.headers.get('age')).toBe('0')
    expect(hit.headers.get('vary')).toBe('Accept-Encoding')
    expect(hit.headers.get('content-length')).toBe(String(Buffer.byteLength(page(1))))
    expect(await hit.text()).toBe(page(1))
  })

  test('an answer over maxAnswerBytes, or over the whole cache, is sent but not stored', async () => {
    const big = createHttpCache({ maxBytes: 1_000_000, maxAnswerBytes: 1000 })
    const { app, renders } = makeApp(big)
    expect(await (await app.request('/store')).text()).toBe(page(1))
    expect(await (await app.request('/store')).text()).toBe(page(2))
    expect(renders()).toBe(2)
    expect(big.size().entries).toBe(0)
    const small = createHttpCache({ maxBytes: 1000 })
    const other = makeApp(small)
    expect(await (await other.app.request('/store')).text()).toBe(page(1))
    expect(small.size()).toEqual({ entries: 0, bytes: 0 })
  })
})

describe('freshness and stale-while-revalidate', () => {
  test('fresh for s-maxage (Age counts the seconds), then gone when there is no stale-while-revalidate', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    const revalidate = vi.fn(async () => {})
    const { app, renders } = makeApp(cache, () => ({ headers: { 'Content-Type': HTML, 'Cache-Control': 'public, s-maxage=15' } }), { now: t.now, revalidate })
    await app.request('/store')
    t.advance(5_500)
    const hit = await app.request('/store')
    expect(hit.headers.get('age')).toBe('5')
    t.advance(14_999 - 5_500)
    expect((await app.request('/store')).headers.get('age')).toBe('14')
    expect(renders()).toBe(1)
    t.advance(1)
    expect(await (await app.request('/store')).text()).toBe(page(2))
    expect(renders()).toBe(2)
    expect(revalidate).not.toHaveBeenCalled()
    expect(cache.stats.staleHits).toBe(0)
  })

  test('a stale answer is served within stale-while-revalidate while one background request fetches it again, once', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    let finish!: () => void
    const revalidate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { app, renders } = makeApp(cache, () => ({}), { now: t.now, revalidate })
    await app.request('http://shop.test/store/strollers?page=2')
    t.advance(15_000)
    for (const _ of [1, 2, 3]) {
      const stale = await app.request('http://shop.test/store/strollers?page=2')
      expect(await stale.text()).toBe(page(1))
      expect(stale.headers.get('age')).toBe('15')
    }
    expect(renders()).toBe(1)
    expect(revalidate).toHaveBeenCalledTimes(1)
    expect(revalidate).toHaveBeenCalledWith('http://shop.test/store/strollers?page=2')
    expect(cache.stats).toMatchObject({ hits: 0, staleHits: 3 })
    finish()
    // Past the stale window, nothing is served from it: the page is rendered (and stored) again.
    t.advance(30_000)
    expect(await (await app.request('http://shop.test/store/strollers?page=2')).text()).toBe(page(2))
    expect(revalidate).toHaveBeenCalledTimes(1)
  })

  test('the revalidation’s answer replaces the stale one; the new one is revalidated once when it goes stale in turn', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    const refreshed: string[] = []
    // As revalidateThrough does: the same URL through the app, asking for a new answer.
    const revalidate = vi.fn(async (url: string) => {
      await (await made.app.request(url, { headers: { 'Cache-Control': 'no-cache' } })).arrayBuffer()
      refreshed.push(url)
    })
    const made = makeApp(cache, () => ({}), { now: t.now, revalidate })
    const app = made.app
    await app.request('/store')
    t.advance(20_000)
    expect(await (await app.request('/store')).text()).toBe(page(1))
    await vi.waitFor(() => expect(refreshed).toEqual(['http://localhost/store']))
    expect(made.renders()).toBe(2)
    const fresh = await app.request('/store')
    expect(await fresh.text()).toBe(page(2))
    expect(fresh.headers.get('age')).toBe('0')
    expect(cache.lookup('http://localhost/store')?.stale).toBe(false)
    expect(revalidate).toHaveBeenCalledTimes(1)
    t.advance(15_000)
    expect(await (await app.request('/store')).text()).toBe(page(2))
    await app.request('/store')
    await vi.waitFor(() => expect(refreshed).toHaveLength(2))
    expect(revalidate).toHaveBeenCalledTimes(2)
    expect(await (await app.request('/store')).text()).toBe(page(3))
  })

  test('a revalidation that fails lets the next stale request try again', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    const revalidate = vi.fn(async () => {
      throw new Error('database down')
    })
    const { app } = makeApp(cache, () => ({}), { now: t.now, revalidate })
    await app.request('/store')
    t.advance(16_000)
    await app.request('/store')
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setImmediate(resolve))
    expect(await (await app.request('/store')).text()).toBe(page(1))
    expect(revalidate).toHaveBeenCalledTimes(2)
  })

  test('the shared pages’ headers: fresh 15 s, then stale 30 s more, then gone', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    await cache.store('k', answerOf('page', { 'Content-Type': HTML, ...sharedPageHeaders() }), cache.generation())
    t.advance(14_999)
    expect(cache.lookup('k')?.stale).toBe(false)
    t.advance(1)
    expect(cache.lookup('k')?.stale).toBe(true)
    t.advance(29_999)
    expect(cache.lookup('k')?.stale).toBe(true)
    t.advance(1)
    expect(cache.lookup('k')).toBeUndefined()
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 })
  })
})

describe('requests that are not answered from the cache', () => {
  test('Cache-Control: no-cache on the request skips the stored answer, and the new answer is stored', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache)
    await app.request('/store')
    expect(await (await app.request('/store', { headers: { 'Cache-Control': 'no-cache' } })).text()).toBe(page(2))
    expect(await (await app.request('/store')).text()).toBe(page(2))
    expect(renders()).toBe(2)
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2, stored: 2 })
  })

  test('a request whose cookies `bypass` names is neither answered from the cache nor stored (its page is its own)', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const bypass = vi.fn((cookie: string | undefined) => /(?:^|;\s*)flash=./.test(cookie ?? ''))
    const { app, renders } = makeApp(cache, () => ({}), { bypass })
    await app.request('/store')
    expect(await (await app.request('/store', { headers: { Cookie: 'session=a; flash=signed_in' } })).text()).toBe(page(2))
    expect(bypass).toHaveBeenCalledWith('session=a; flash=signed_in')
    // Its render, said public by the route, was not kept: everyone else still gets the first one.
    expect(await (await app.request('/store')).text()).toBe(page(1))
    // Any other cookie is no reason not to answer: the stored answer is the same for everyone.
    expect(await (await app.request('/store', { headers: { Cookie: 'session=a' } })).text()).toBe(page(1))
    expect(renders()).toBe(2)
    expect(cache.stats.stored).toBe(1)
  })
})

describe('invalidation', () => {
  test('drops every answer and moves the generation', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    await cache.store('a', answerOf(page(1)), 0)
    await cache.store('b', answerOf(page(2)), 0)
    expect(cache.size().entries).toBe(2)
    cache.invalidate()
    expect(cache.generation()).toBe(1)
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 })
    expect(cache.lookup('a')).toBeUndefined()
    expect(cache.lookup('b')).toBeUndefined()
  })

  test('an answer rendered while the catalogue changed is sent but not stored', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    let rendering!: () => void
    const rendered = new Promise<void>((resolve) => (rendering = resolve))
    const { app, renders } = makeApp(cache, async (_c, render) => {
      if (render === 1) await rendered
      return {}
    })
    const pending = app.request('/store/strollers')
    await vi.waitFor(() => expect(renders()).toBe(1))
    cache.invalidate()
    rendering()
    expect(await (await pending).text()).toBe(page(1))
    expect(cache.size().entries).toBe(0)
    expect(await (await app.request('/store/strollers')).text()).toBe(page(2))
    expect(await (await app.request('/store/strollers')).text()).toBe(page(2))
    expect(renders()).toBe(2)
  })

  test('an invalidation while the answer is being stored (read and compressed) keeps it out', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const startedAt = cache.generation()
    const storing = cache.store('k', answerOf(page(1)), startedAt)
    cache.invalidate()
    expect((await storing)?.body.toString('utf8')).toBe(page(1))
    expect(cache.size().entries).toBe(0)
    // Fetched before an invalidation that is over: still not stored.
    expect(await cache.store('k', answerOf(page(1)), startedAt)).toBeDefined()
    expect(cache.size().entries).toBe(0)
    await cache.store('k', answerOf(page(1)), cache.generation())
    expect(cache.size().entries).toBe(1)
  })
})

describe('memory', () => {
  const body = page(1)
  test('an answer costs its key, body and gzip copy; beyond maxBytes the least recently used go first', async () => {
    const one = 'http://s/a'.length + Buffer.byteLength(body) + zlib.gzipSync(body, { level: 9 }).length
    const cache = createHttpCache({ maxBytes: Math.floor(one * 2.5) })
    await cache.store('http://s/a', answerOf(body), 0)
    expect(cache.size()).toEqual({ entries: 1, bytes: one })
    // Stored again under the same key: replaced, not counted twice.
    await cache.store('http://s/a', answerOf(body), 0)
    expect(cache.size()).toEqual({ entries: 1, bytes: one })
    await cache.store('http://s/b', answerOf(body), 0)
    expect(cache.lookup('http://s/a')).toBeDefined() // a is now the most recent
    await cache.store('http://s/c', answerOf(body), 0)
    expect(cache.size()).toEqual({ entries: 2, bytes: 2 * one })
    expect(cache.lookup('http://s/b')).toBeUndefined()
    expect(cache.lookup('http://s/a')).toBeDefined()
    expect(cache.lookup('http://s/c')).toBeDefined()
    await cache.store('http://s/d', answerOf(body), 0)
    expect(cache.lookup('http://s/a')).toBeUndefined() // c was looked at last
    expect(cache.lookup('http://s/c')).toBeDefined()
    expect(cache.lookup('http://s/d')).toBeDefined()
  })
})

describe('what a stored answer is sent as', () => {
  const accepting = ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*']
  const refusing = [undefined, 'identity', 'br', 'gzip;q=0, *', 'deflate']

  test('gzip only for a client that accepts it, and the gzip decodes to the page; Vary: Accept-Encoding either way', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache)
    await app.request('/store')
    for (const accept of accepting) {
      const res = await app.request('/store', { headers: { 'Accept-Encoding': accept } })
      const bytes = await bytesOf(res)
      expect(res.headers.get('content-encoding'), accept).toBe('gzip')
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('content-length')).toBe(String(bytes.length))
      expect(bytes.length).toBeLessThan(Buffer.byteLength(page(1)) / 3)
      expect(zlib.gunzipSync(bytes).toString('utf8')).toBe(page(1))
    }
    for (const accept of refusing) {
      const res = await app.request('/store', { headers: accept ? { 'Accept-Encoding': accept } : {} })
      expect(res.headers.get('content-encoding'), accept).toBeNull()
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(await res.text()).toBe(page(1))
    }
    expect(renders()).toBe(1)
  })

  test('HEAD gets the stored answer’s headers and no body', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache)
    await app.request('/store')
    const plain = await app.request('/store', { method: 'HEAD' })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toBe(HTML)
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(page(1))))
    expect((await bytesOf(plain)).length).toBe(0)
    const gzipped = await app.request('/store', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(page(1)))
    expect((await bytesOf(gzipped)).length).toBe(0)
    expect(renders()).toBe(1)
    expect(cache.stats.hits).toBe(2)
  })
})

/** A request as node's server hands it to the listener, and what the listener wrote back. */
function exchange(method: string, url: string, headers: Record<string, string> = {}) {
  const req = { method, url, headers: { host: 'shop.test', ...headers }, socket: {} } as unknown as IncomingMessage
  const sent: { status?: number; headers: Record<string, string>; body?: Buffer; ended: boolean } = { headers: {}, ended: false }
  const res = {
    writeHead(status: number, flat: string[]) {
      sent.status = status
      for (let i = 0; i < flat.length; i += 2) sent.headers[flat[i]!.toLowerCase()] = flat[i + 1]!
      return res
    },
    end(body?: Buffer) {
      sent.body = body
      sent.ended = true
      return res
    },
  } as unknown as ServerResponse
  return { req, res, sent }
}

function captureLogger() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

const SECURITY = ['x-frame-options', 'DENY', 'referrer-policy', 'strict-origin-when-cross-origin']

describe('httpCacheListener (stored answers before the app)', () => {
  const shared = ['/store', '/store/strollers?page=2', '/store/search?search_term=a%20b', '/store/strollers.data', '/gp/lamp/1', '/best-baby-products']
  const notShared = ['/login', '/store/checkout', '/store/gift-cards', '/store/api/navbar_categories', '/store-checkout-hbb', '/api/v3/me/header', '/robots.txt', '/registry/1', '/gp', '/storefront']

  async function filled(now?: () => number) {
    const cache = createHttpCache({ maxBytes: 10_000_000, now })
    for (const path of [...shared, ...notShared, '/store/%73trollers']) await cache.store(`http://shop.test${path}`, answerOf(`<p>${path}</p>`), cache.generation())
    return cache
  }

  test('answers a stored shared page (the shop: /store…, /gp/…) with the security headers, its own headers, Age and length', async () => {
    const cache = await filled()
    const listener = httpCacheListener(cache, { securityHeaders: SECURITY, revalidate: async () => {} })
    for (const path of shared) {
      const { req, res, sent } = exchange('GET', path)
      expect(listener(req, res), path).toBe(true)
      expect(sent.status).toBe(200)
      expect(sent.body?.toString('utf8')).toBe(`<p>${path}</p>`)
      expect(sent.headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin', 'content-type': HTML, 'cache-control': KEPT, vary: 'Accept-Encoding', age: '0', 'content-length': String(Buffer.byteLength(`<p>${path}</p>`)) })
      expect(sent.headers['content-encoding']).toBeUndefined()
    }
    expect(cache.stats.hits).toBe(shared.length)
  })

  test('returns false, having written nothing, for anything but a stored shared page asked for plainly', async () => {
    const cache = await filled()
    const listener = httpCacheListener(cache, { securityHeaders: SECURITY, revalidate: async () => {}, bypass: (cookie) => Boolean(cookie?.includes('nestlist_flash=')) })
    const refused: [string, string, Record<string, string>?][] = [
      ...notShared.map((path): [string, string] => ['GET', path]),
      ['GET', '/store/%73trollers'], // a percent-encoded path (stored under that key too)
      ['GET', '/store', { authorization: 'Bearer x' }],
      ['GET', '/store', { 'cache-control': 'no-cache' }],
      ['GET', '/store', { cookie: 'nestlist_session=a; nestlist_flash=signed_in' }],
      ['POST', '/store'],
      ['GET', '/store/car-seats'], // not stored
      ['GET', 'http://shop.test/store'], // an absolute-form target (server/request-target.ts makes it origin-form first)
      ['GET', '*'],
    ]
    for (const [method, path, headers] of refused) {
      const { req, res, sent } = exchange(method, path, headers)
      expect(listener(req, res), `${method} ${path} ${JSON.stringify(headers ?? {})}`).toBe(false)
      expect(sent.status).toBeUndefined()
      expect(sent.ended).toBe(false)
    }
    const noHost = exchange('GET', '/store')
    delete noHost.req.headers.host
    expect(listener(noHost.req, noHost.res)).toBe(false)
    // A cookie that `bypass` does not name changes nothing: the page is the same for everyone.
    const withCookie = exchange('GET', '/store', { cookie: 'nestlist_session=a' })
    expect(listener(withCookie.req, withCookie.res)).toBe(true)
  })

  test('gzip when accepted (decoding to the page), HEAD without a body, Age from the clock', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    await cache.store('http://shop.test/store', answerOf(page(1)), cache.generation())
    const listener = httpCacheListener(cache, { securityHeaders: SECURITY, revalidate: async () => {}, now: t.now })
    t.advance(3_200)
    const gz = exchange('GET', '/store', { 'accept-encoding': 'gzip, br' })
    expect(listener(gz.req, gz.res)).toBe(true)
    expect(gz.sent.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding', age: '3', 'content-length': String(gz.sent.body!.length) })
    expect(zlib.gunzipSync(gz.sent.body!).toString('utf8')).toBe(page(1))
    const refused = exchange('GET', '/store', { 'accept-encoding': 'gzip;q=0' })
    expect(listener(refused.req, refused.res)).toBe(true)
    expect(refused.sent.headers['content-encoding']).toBeUndefined()
    expect(refused.sent.body?.toString('utf8')).toBe(page(1))
    const head = exchange('HEAD', '/store')
    expect(listener(head.req, head.res)).toBe(true)
    expect(head.sent.status).toBe(200)
    expect(head.sent.headers['content-length']).toBe(String(Buffer.byteLength(page(1))))
    expect(head.sent.body).toBeUndefined()
    expect(head.sent.ended).toBe(true)
  })

  test('a stale answer is sent while one revalidation runs; a failed one is logged and tried again; past the window, false', async () => {
    const t = clock()
    const cache = createHttpCache({ maxBytes: 1_000_000, now: t.now })
    await cache.store('http://shop.test/store', answerOf(page(1)), cache.generation())
    const { logger, lines } = captureLogger()
    let fail = true
    const revalidate = vi.fn(async () => {
      if (fail) throw new Error('boom')
    })
    const listener = httpCacheListener(cache, { securityHeaders: SECURITY, revalidate, logger, now: t.now })
    t.advance(15_000)
    for (const _ of [1, 2]) {
      const { req, res, sent } = exchange('GET', '/store')
      expect(listener(req, res)).toBe(true)
      expect(sent.body?.toString('utf8')).toBe(page(1))
    }
    expect(revalidate).toHaveBeenCalledTimes(1)
    expect(revalidate).toHaveBeenCalledWith('http://shop.test/store')
    await vi.waitFor(() => expect(lines.some((l) => l.msg === 'refreshing a stored page failed' && l.url === 'http://shop.test/store')).toBe(true))
    fail = false
    for (const _ of [1, 2]) {
      const { req, res } = exchange('GET', '/store')
      listener(req, res)
    }
    expect(revalidate).toHaveBeenCalledTimes(2)
    expect(cache.stats.staleHits).toBe(4)
    t.advance(30_000)
    const { req, res } = exchange('GET', '/store')
    expect(listener(req, res)).toBe(false)
  })

  test('logs each answer it sends as a request line', async () => {
    const cache = await filled()
    const { logger, lines } = captureLogger()
    const listener = httpCacheListener(cache, { securityHeaders: SECURITY, revalidate: async () => {}, logger })
    const { req, res } = exchange('GET', '/store/strollers?page=2')
    listener(req, res)
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', path: '/store/strollers', status: 200, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) })])
  })

  test('on a node server in front of the app: finds what the app’s middleware stored, and sends it as the app would', async () => {
    const cache = createHttpCache({ maxBytes: 1_000_000 })
    const { app, renders } = makeApp(cache)
    const hit = httpCacheListener(cache, { securityHeaders: SECURITY, revalidate: async () => {} })
    const { base, taken, close } = await serveWithCacheHit(hit, getRequestListener(app.fetch))
    const send = (path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
        })
        req.on('error', reject)
        req.end()
      })
    try {
      const rendered = await send('/store/strollers?page=2')
      expect(rendered.body.toString('utf8')).toBe(page(1))
      expect(taken()).toBe(0)
      const gz = await send('/store/strollers?page=2', { headers: { 'accept-encoding': 'gzip' } })
      expect(taken()).toBe(1)
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gz.headers['x-frame-options']).toBe('DENY')
      expect(gz.headers.vary).toBe('Accept-Encoding')
      expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(page(1))
      const plain = await send('/store/strollers?page=2')
      expect(plain.body.toString('utf8')).toBe(page(1))
      const head = await send('/store/strollers?page=2', { method: 'HEAD' })
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page(1))))
      expect(head.body.length).toBe(0)
      expect(taken()).toBe(3)
      expect(renders()).toBe(1)
      // Not a shared page: stored by the app's middleware and answered there, not before the app.
      await send('/robots.txt')
      expect((await send('/robots.txt')).body.toString('utf8')).toBe(page(2))
      expect(taken()).toBe(3)
      expect(renders()).toBe(2)
      // Credentials, and an invalidated cache: the app renders.
      expect((await send('/store/strollers?page=2', { headers: { authorization: 'Bearer x' } })).body.toString('utf8')).toBe(page(3))
      cache.invalidate()
      expect((await send('/store/strollers?page=2')).body.toString('utf8')).toBe(page(4))
      expect(taken()).toBe(3)
    } finally {
      await close()
    }
  })
})

describe('probeHeaders', () => {
  test('what a middleware adds to an answer, flat for writeHead', async () => {
    const headers = await probeHeaders(async (c, next) => {
      await next()
      c.header('X-Frame-Options', 'DENY')
      c.header('Referrer-Policy', 'no-referrer')
    })
    const map = Object.fromEntries(Array.from({ length: headers.length / 2 }, (_, i) => [headers[2 * i], headers[2 * i + 1]]))
    expect(map).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' })
  })
})
