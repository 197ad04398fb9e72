import { randomUUID } from 'node:crypto'
import http from 'node:http'
import zlib from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { describe, expect, test } from 'vitest'
import type { AppEnv } from '~/api/types'
import { VISITOR_RESERVATIONS_COOKIE } from '~/modules/registry/reservation-holder.server'
import { serveWithCacheHit } from './cache-hit-server.test-support'
import {
  acceptsGzip,
  crc32Combine,
  crc32CombineOp,
  deflatedValue,
  createPageCache,
  gzipBody,
  hasPersonalCookie,
  isAnonymousPageRequest,
  makeTemplate,
  type PageCache,
  pageCacheListener,
  pageCacheMiddleware,
  plainBody,
  probeSecurityHeaders,
} from './page-cache'

/**
 * The server's order (secure headers, compression, the cache, then the page handler) with a handler that
 * renders the way React Router's does: the nonce on its scripts, a search id it marks as per-response,
 * and the viewer named from the cookie.
 */
const appSecureHeaders = () => secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] }, xFrameOptions: 'DENY' })

function makeApp(cache: PageCache, options: { setCookie?: boolean; status?: number; cacheControl?: string } = {}) {
  let renders = 0
  const app = new Hono<AppEnv>()
  app.use(appSecureHeaders())
  app.use(compress())
  app.use('*', pageCacheMiddleware(cache))
  app.all('*', (c) => {
    renders++
    const nonce = c.var.secureHeadersNonce!
    const searchId = randomUUID()
    c.var.freshPerResponse?.push(searchId)
    const viewer = /(?:^|;\s*)session=([^;]+)/.exec(c.req.header('cookie') ?? '')?.[1] ?? 'anonymous'
    const html = `<!DOCTYPE html><html><body><p>Signed in as: ${viewer}</p><p>${c.req.path}</p>${'<li>product card</li>'.repeat(200)}<script nonce="${nonce}">window.searchId="${searchId}";var n="${nonce}"</script></body></html>`
    const res = c.html(html, (options.status ?? 200) as 200)
    if (options.setCookie) res.headers.append('Set-Cookie', 'flash=; Max-Age=0')
    if (options.cacheControl) res.headers.set('Cache-Control', options.cacheControl)
    return res
  })
  return { app, renders: () => renders }
}

/** The page's HTML (gunzipped when it came gzip), its CSP nonce and its search id. */
async function read(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer())
  const html = res.headers.get('Content-Encoding') === 'gzip' ? zlib.gunzipSync(bytes).toString('utf8') : bytes.toString('utf8')
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1]
  const searchId = /window\.searchId="([^"]+)"/.exec(html)?.[1]
  return { html, nonce, searchId }
}

const gzip = { 'Accept-Encoding': 'gzip, deflate, br' }
const newCache = (now?: () => number) => createPageCache({ maxBytes: 1_000_000, ttlMs: 15_000, now })
/** The cache stores after the client's branch of the body is read: let that finish. */
const settle = () => new Promise((r) => setTimeout(r, 20))

describe('anonymous page cache', () => {
  test('a second anonymous request is answered without rendering, with its own nonce and search id, gzip and plain', async () => {
    const cache = newCache()
    const { app, renders } = makeApp(cache)
    const first = await read(await app.request('/store/strollers', { headers: gzip }))
    await settle()
    const second = await app.request('/store/strollers', { headers: gzip })
    expect(second.headers.get('Content-Encoding')).toBe('gzip')
    expect(second.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    const hit = await read(second)
    const plain = await read(await app.request('/store/strollers'))
    expect(renders()).toBe(1)
    expect(cache.stats.hits).toBe(2)
    for (const page of [hit, plain]) {
      expect(page.nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/)
      expect(page.nonce).not.toBe(first.nonce)
      expect(page.searchId).toMatch(/^[0-9a-f-]{36}$/)
      expect(page.searchId).not.toBe(first.searchId)
      // Same page, with this response's nonce everywhere the first one had its own.
      expect(page.html.split(page.nonce!).join('N').split(page.searchId!).join('S')).toBe(first.html.split(first.nonce!).join('N').split(first.searchId!).join('S'))
      expect(page.html).toContain(`nonce="${page.nonce}"`)
      expect(page.html).toContain(`var n="${page.nonce}"`)
    }
    expect(hit.nonce).not.toBe(plain.nonce)
  })

  test('the request that renders a page gets the stored copy’s gzip, the same bytes a hit gets but for its own values', async () => {
    const cache = newCache()
    const { app } = makeApp(cache)
    const missRes = await app.request('/store/car-seats', { headers: gzip })
    expect(missRes.headers.get('Content-Encoding')).toBe('gzip')
    expect(missRes.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    const missBytes = Buffer.from(await missRes.clone().arrayBuffer())
    expect(missRes.headers.get('Content-Length')).toBe(String(missBytes.length))
    const miss = await read(missRes)
    expect(miss.html).toContain(`nonce="${miss.nonce}"`)
    expect(miss.html).toContain(`window.searchId="${miss.searchId}"`)
    expect(cache.stats.misses).toBe(1)
    const hitRes = await app.request('/store/car-seats', { headers: gzip })
    expect(cache.stats.hits).toBe(1)
    const hitBytes = Buffer.from(await hitRes.arrayBuffer())
    // Built from the same compressed pieces: only the nonce and search id differ, and they are the same length.
    expect(missBytes.length).toBe(hitBytes.length)
    expect(missBytes.equals(hitBytes)).toBe(false)
    // A client that takes no gzip gets the page itself.
    const plainRes = await makeApp(newCache()).app.request('/store/car-seats')
    expect(plainRes.headers.get('Content-Encoding')).toBeNull()
    expect((await read(plainRes)).html).toContain('<li>product card</li>')
  })

  test('requests with any cookie are neither answered from the cache nor stored, and never see another visitor’s page', async () => {
    const cache = newCache()
    const { app, renders } = makeApp(cache)
    const alice = await read(await app.request('/gp/lamp/1', { headers: { ...gzip, Cookie: 'session=alice' } }))
    const bob = await read(await app.request('/gp/lamp/1', { headers: { Cookie: 'session=bob' } }))
    await settle()
    expect(cache.size().pages).toBe(0)
    const anonymous = await read(await app.request('/gp/lamp/1', { headers: gzip }))
    await settle()
    const anonymousAgain = await read(await app.request('/gp/lamp/1', { headers: gzip }))
    const aliceAgain = await read(await app.request('/gp/lamp/1', { headers: { ...gzip, Cookie: 'session=alice' } }))
    const other = await read(await app.request('/gp/lamp/1', { headers: { Cookie: 'theme=dark' } }))
    expect(alice.html).toContain('Signed in as: alice')
    expect(bob.html).toContain('Signed in as: bob')
    expect(aliceAgain.html).toContain('Signed in as: alice')
    for (const page of [anonymous, anonymousAgain, other]) expect(page.html).toContain('Signed in as: anonymous')
    // alice, bob, anonymous (stored), alice again, the cookie visitor: the second anonymous one was a hit.
    expect(renders()).toBe(5)
    expect(cache.stats.hits).toBe(1)
  })

  test('a gift giver’s reservations cookie, which no shop page reads, does not keep the page off the cache', async () => {
    const cache = newCache()
    const { app, renders } = makeApp(cache)
    const reservations = `${VISITOR_RESERVATIONS_COOKIE}=0b5c5a2e-2d0f-4f55-9a51-5b0f0f2b8a11`
    const stored = await read(await app.request('/gp/lamp/1', { headers: { ...gzip, Cookie: reservations } }))
    await settle()
    expect(cache.size().pages).toBe(1)
    const hit = await read(await app.request('/gp/lamp/1', { headers: { ...gzip, Cookie: reservations } }))
    const anonymous = await read(await app.request('/gp/lamp/1', { headers: gzip }))
    expect(renders()).toBe(1)
    expect(cache.stats.hits).toBe(2)
    for (const page of [stored, hit, anonymous]) expect(page.html).toContain('Signed in as: anonymous')
    // With a session (or any other cookie) beside it, the page is the viewer's own, rendered for them.
    const alice = await read(await app.request('/gp/lamp/1', { headers: { ...gzip, Cookie: `${reservations}; session=alice` } }))
    expect(alice.html).toContain('Signed in as: alice')
    expect(renders()).toBe(2)
  })

  test('hasPersonalCookie: any cookie a shop page may read, or does not know', () => {
    for (const header of [undefined, null, '', ' ', `${VISITOR_RESERVATIONS_COOKIE}=a.b`, ` ${VISITOR_RESERVATIONS_COOKIE}=a ; `]) {
      expect(hasPersonalCookie(header), String(header)).toBe(false)
    }
    for (const header of ['nestlist_session=x', '__Host-nestlist_session=x', 'nestlist_flash=signed_in', 'theme=dark', 'flag', `${VISITOR_RESERVATIONS_COOKIE}=a; nestlist_cart=t`, `nestlist_cart=t; ${VISITOR_RESERVATIONS_COOKIE}=a`]) {
      expect(hasPersonalCookie(header), header).toBe(true)
    }
  })

  test('answers that set a cookie, are not 200 or say private/no-store are not stored', async () => {
    for (const options of [{ setCookie: true }, { status: 404 }, { cacheControl: 'private, max-age=0' }, { cacheControl: 'no-store' }]) {
      const cache = newCache()
      const { app, renders } = makeApp(cache, options)
      await app.request('/store/search?search_term=lamp', { headers: gzip })
      await settle()
      await app.request('/store/search?search_term=lamp', { headers: gzip })
      expect(renders(), JSON.stringify(options)).toBe(2)
      expect(cache.size().pages).toBe(0)
    }
  })

  test('only GET requests of shop pages without credentials are cacheable', () => {
    const req = (path: string, init?: RequestInit) => isAnonymousPageRequest(new Request(`http://shop.test${path}`, init), new URL(`http://shop.test${path}`).pathname)
    for (const path of ['/store', '/store/strollers', '/store/gear/strollers?page=2', '/store/search?search_term=x', '/store/b/nestling/1', '/gp/lamp/1', '/best-baby-products']) {
      expect(req(path), path).toBe(true)
    }
    for (const path of ['/store/checkout', '/store/checkout/reservations', '/store-checkout-hbb', '/store/gift-cards', '/store/api/search/suggestions', '/store/strollers.data', '/cart', '/account', '/registry/1', '/orders/1']) {
      expect(req(path), path).toBe(false)
    }
    expect(req('/store/strollers', { method: 'POST' })).toBe(false)
    expect(req('/store/strollers', { method: 'HEAD' })).toBe(false)
    expect(req('/store/strollers', { headers: { Cookie: 'a=b' } })).toBe(false)
    expect(req('/store/strollers', { headers: { Cookie: `${VISITOR_RESERVATIONS_COOKIE}=a` } })).toBe(true)
    expect(req('/store/strollers', { headers: { Authorization: 'Bearer x' } })).toBe(false)
    expect(req(`/store/search?search_term=${'a'.repeat(3000)}`)).toBe(false)
  })

  test('keys are the full URL: query strings and hosts are separate pages', async () => {
    const cache = newCache()
    const { app, renders } = makeApp(cache)
    for (const url of ['http://a.test/store/strollers?page=2', 'http://a.test/store/strollers?page=3', 'http://b.test/store/strollers?page=2']) {
      await app.request(url, { headers: gzip })
      await settle()
    }
    expect(renders()).toBe(3)
    await app.request('http://a.test/store/strollers?page=2', { headers: gzip })
    expect(renders()).toBe(3)
  })

  test('invalidation drops every page, and a render that began before it is not stored', async () => {
    const cache = newCache()
    const { app, renders } = makeApp(cache)
    await app.request('/store/strollers', { headers: gzip })
    await settle()
    cache.invalidate()
    await app.request('/store/strollers', { headers: gzip })
    expect(renders()).toBe(2)
    // A page rendered while the catalogue changed (generation moved during its render) is not kept.
    const startedAt = cache.generation()
    cache.invalidate()
    const template = makeTemplate('<p>old price</p>', 'nonce', [])
    expect(cache.set('web http://localhost/gp/x/1', { status: 200, headers: [], ...template }, startedAt)).toBe(false)
  })

  test('an expired page is rendered again by one request while the others get the old one for a few seconds', () => {
    let t = 0
    const cache = newCache(() => t)
    const page = { status: 200, headers: [] as [string, string][], ...makeTemplate('<p>page</p>', 'n0nce', []) }
    cache.set('k', page, cache.generation())
    t = 14_999
    expect(cache.get('k')).toBeDefined()
    t = 15_000
    // A look before the app (pageCacheListener) does not make its request the one that renders: the app's look does.
    expect(cache.get('k', { claimRefresh: false })).toBeUndefined()
    expect(cache.get('k', { claimRefresh: false })).toBeUndefined()
    expect(cache.get('k')).toBeUndefined() // this one renders
    expect(cache.get('k')).toBeDefined() // the others are served the old copy meanwhile
    expect(cache.get('k', { claimRefresh: false })).toBeDefined()
    t = 20_000
    expect(cache.get('k')).toBeUndefined()
    expect(cache.size().pages).toBe(0)
  })

  test('memory stays under its bound: the least recently used pages go first', () => {
    const cache = createPageCache({ maxBytes: 2_000, ttlMs: 60_000 })
    const page = () => ({ status: 200, headers: [] as [string, string][], ...makeTemplate(randomUUID().repeat(20), 'n0nce', []) })
    cache.set('a', page(), 0)
    cache.set('b', page(), 0)
    expect(cache.get('a')).toBeDefined() // a is now the most recent
    cache.set('c', page(), 0)
    expect(cache.size().bytes).toBeLessThanOrEqual(2_000)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
  })

  test('the gzip body built from precompressed pieces is valid gzip of the page with the new values', () => {
    const html = `<a nonce="OLD">é😀${'x'.repeat(70_000)}</a>OLD<b>11111111-2222-3333-4444-555555555555</b>OLD`
    const template = makeTemplate(html, 'OLD', ['11111111-2222-3333-4444-555555555555'])
    const values = [Buffer.from('NEW+/=='), Buffer.from('99999999-8888-7777-6666-555555555555')]
    const expected = html.replaceAll('OLD', 'NEW+/==').replace('11111111-2222-3333-4444-555555555555', '99999999-8888-7777-6666-555555555555')
    expect(zlib.gunzipSync(gzipBody(template, values)).toString('utf8')).toBe(expected)
    expect(plainBody(template, values).toString('utf8')).toBe(expected)
    const none = makeTemplate('<p>no values here</p>', 'OLD', [])
    expect(zlib.gunzipSync(gzipBody(none, values)).toString('utf8')).toBe('<p>no values here</p>')
  })

  test('personal values compressed once (deflatedValue) go into the gzip body beside stored blocks, and are kept by their text', () => {
    const html = '<a nonce="OLD">OLD</a><b>OLD</b>'
    const template = makeTemplate(html, 'OLD', [])
    const block = `<form>${'é<label>Quantity</label>'.repeat(200)}😀</form>`
    const compressed = deflatedValue(block)
    expect(deflatedValue(block)).toBe(compressed) // the same text: compressed once
    expect(compressed.deflated.length).toBeLessThan(Buffer.byteLength(block) / 4)
    const body = gzipBody(template, [compressed])
    expect(zlib.gunzipSync(body).toString('utf8')).toBe(html.replaceAll('OLD', block))
    // Mixed with stored blocks, and a value of 70,000 bytes (more than one stored block could hold).
    const big = 'ü'.repeat(35_000)
    const mixed = makeTemplate('OLD|OLD|OLD|', 'OLD', [])
    expect(zlib.gunzipSync(gzipBody(mixed, [Buffer.from('n1')])).toString('utf8')).toBe('n1|n1|n1|')
    const personal = makeTemplate('<p>OLD</p>UUID<i>', 'OLD', ['UUID'])
    const values = [Buffer.from('n2'), deflatedValue(big)]
    expect(zlib.gunzipSync(gzipBody(personal, values)).toString('utf8')).toBe(`<p>n2</p>${big}<i>`)
  })

  test('the CRC-32 of a concatenation combined from its pieces equals zlib’s CRC of the whole', () => {
    const random = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256)))
    for (const lengths of [[0, 0], [0, 5], [5, 0], [1, 1], [3, 36, 24], [70_000, 24, 130_000, 1], [65_535, 65_536, 65_537]]) {
      const pieces = lengths.map(random)
      const combined = pieces.reduce((crc, piece) => crc32Combine(crc, zlib.crc32(piece), crc32CombineOp(piece.length)), 0)
      expect(combined).toBe(zlib.crc32(Buffer.concat(pieces)))
    }
    // A page that starts and ends with values, and two values side by side (empty parts between them).
    const html = 'OLDOLD<p>é</p>OLD'
    const template = makeTemplate(html, 'OLD', [])
    expect(zlib.gunzipSync(gzipBody(template, [Buffer.from('nonce-1234')])).toString('utf8')).toBe(html.replaceAll('OLD', 'nonce-1234'))
  })

  test('Accept-Encoding: gzip only when allowed', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0, *')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })

  test('hits answered before the app (pageCacheListener) are the app’s own hits: headers, fresh nonce and search id, gzip', async () => {
    const cache = newCache()
    const { app, renders } = makeApp(cache)
    // Bots have their own copies (and fetch() says 'node'): a browser's user agent throughout.
    const browser = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' }
    const appListener = getRequestListener(app.fetch)
    const hit = pageCacheListener(cache, { security: await probeSecurityHeaders(appSecureHeaders()) })
    const { base, taken, close } = await serveWithCacheHit(hit, appListener)
    // fetch() undoes the gzip itself (and keeps the Content-Encoding header).
    const read = async (res: Response) => {
      const html = await res.text()
      return { html, nonce: /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1], searchId: /window\.searchId="([^"]+)"/.exec(html)?.[1] }
    }
    try {
      const rendered = await fetch(`${base}/store/strollers?page=2`, { headers: { ...gzip, ...browser } })
      const first = await read(rendered)
      await settle()
      const viaApp = await app.request(`${base}/store/strollers?page=2`, { headers: { ...gzip, ...browser } })
      const hits = [await fetch(`${base}/store/strollers?page=2`, { headers: { ...gzip, ...browser } }), await fetch(`${base}/store/strollers?page=2`, { headers: { 'Accept-Encoding': 'identity', ...browser } })]
      expect(taken()).toBe(2)
      expect(renders()).toBe(1)
      const names = (res: Response) => [...res.headers.keys()].filter((n) => !['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding'].includes(n)).sort()
      for (const res of hits) {
        expect(res.status).toBe(200)
        expect(names(res)).toEqual(names(viaApp))
        expect(res.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
        expect(res.headers.get('X-Frame-Options')).toBe('DENY')
      }
      const pages = [await read(hits[0]!), await read(hits[1]!)]
      for (const page of pages) {
        expect(page.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
        expect(page.nonce).not.toBe(first.nonce)
        expect(page.searchId).not.toBe(first.searchId)
        expect(page.html).toContain(`nonce="${page.nonce}"`)
        expect(page.html.split(page.nonce!).join('N').split(page.searchId!).join('S')).toBe(first.html.split(first.nonce!).join('N').split(first.searchId!).join('S'))
      }
      expect(pages[0]!.nonce).not.toBe(pages[1]!.nonce)
      const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) =>
        http.get(`${base}/store/strollers?page=2`, { headers: { ...gzip, ...browser } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
        }).on('error', reject),
      )
      // node:http leaves the body as sent: a valid gzip member.
      expect(raw.encoding).toBe('gzip')
      expect(zlib.gunzipSync(raw.body).toString('utf8')).toContain('<li>product card</li>')
      // Answered first with only a cookie no shop page reads (a gift giver's reservations).
      const giver = await fetch(`${base}/store/strollers?page=2`, { headers: { Cookie: `${VISITOR_RESERVATIONS_COOKIE}=0b5c5a2e-2d0f-4f55-9a51-5b0f0f2b8a11`, ...browser } })
      expect(giver.status).toBe(200)
      expect(taken()).toBe(4)
      // Not answered first: a cookie, another method, a page not stored yet, a percent-encoded path.
      await fetch(`${base}/store/strollers?page=2`, { headers: { Cookie: 'session=alice', ...browser } })
      await fetch(`${base}/store/strollers?page=2`, { method: 'HEAD', headers: browser })
      await fetch(`${base}/store/strollers?page=3`, { headers: browser })
      await fetch(`${base}/store/%73trollers?page=2`, { headers: browser })
      expect(taken()).toBe(4)
      cache.invalidate()
      await fetch(`${base}/store/strollers?page=2`, { headers: browser })
      expect(taken()).toBe(4)
    } finally {
      await close()
    }
  })
})
