import zlib from 'node:zlib'
import { type Context, Hono } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { describe, expect, test } from 'vitest'
import type { AppEnv } from '~/api/types'
import type { Services } from '~/services.server'
import { createPageCache, guestCartPageRequest, pageCacheMiddleware } from './page-cache'
import { cartLinkHtml, cartSlots, cartValues, newCartMarkers } from './personal-copy'

// The stream as React Router writes it (StreamTransfer): JSON.stringify of the chunk, '<', '>', '&' escaped.
const literal = (chunk: string) => JSON.stringify(chunk).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * turbo-stream's flat array for { loaderData: { root: { navbar, viewer, cartCount, flash }, 'routes/store/category':
 * { count: 0, title: 'Strollers <& more>' } }, actionData: null, errors: null }: the route's count and the root's
 * cart count share one entry (index 11), as the encoder writes equal values once.
 */
function streamValues(viewer: 'null' | 'named' = 'null') {
  const values: unknown[] = [
    { _1: 2, _3: -5, _4: -5 },
    'loaderData',
    { _5: 6, _14: 15 },
    'actionData',
    'errors',
    'root',
    { _7: 8, _9: viewer === 'null' ? -5 : 19, _10: 11, _12: -5 },
    'navbar',
    [13],
    'viewer',
    'cartCount',
    0,
    'flash',
    'Strollers',
    'routes/store/category',
    { _16: 11, _17: 18 },
    'count',
    'title',
    'Strollers <& more>',
  ]
  if (viewer === 'named') values.push({ _20: 21 }, 'firstName', 'Ana')
  return values
}

function page(values: unknown[], options: { link?: number; chunks?: number; nonce?: string } = {}) {
  const nonce = options.nonce ?? 'n0'
  const chunk = `${JSON.stringify(values)}\n`
  const script = `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${literal(chunk)});</script>`
  const links = Array.from({ length: options.link ?? 1 }, () => cartLinkHtml(0)).join('')
  return `<!DOCTYPE html><html><body><header>${links}</header><main>Strollers &lt;&amp; more&gt;</main>${script.repeat(options.chunks ?? 1)}<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`
}

/** The page's loader data, read back from its stream the way the browser's decoder resolves indexes. */
function loaderData(html: string) {
  const start = html.indexOf('enqueue(') + 'enqueue('.length
  const values = JSON.parse(JSON.parse(html.slice(start, html.indexOf(');</script>', start)))) as unknown[]
  const resolve = (i: number): unknown => {
    if (i === -5) return null
    const v = values[i]
    if (Array.isArray(v)) return v.map((x: number) => resolve(x))
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [values[Number(k.slice(1))], resolve(x as number)]))
    return v
  }
  return (resolve(0) as { loaderData: Record<string, Record<string, unknown>> }).loaderData
}

const fill = (marked: string, markers: ReturnType<typeof newCartMarkers>, count: number) => {
  const [link, n] = cartValues(count)
  return marked.replace(markers.link, link).replace(markers.count, n)
}

describe('a guest’s cart count in the shared copy of a page', () => {
  test('the header link and the root loader’s count take the guest’s count; the shared zero of the route’s data stays 0', () => {
    const values = streamValues()
    expect(values[11]).toBe(0)
    const html = page(values)
    expect(loaderData(html)).toEqual({ root: { navbar: ['Strollers'], viewer: null, cartCount: 0, flash: null }, 'routes/store/category': { count: 0, title: 'Strollers <& more>' } })
    const markers = newCartMarkers()
    const marked = cartSlots(html, markers)!
    expect(marked).not.toBeNull()
    // With 0 the page is the anonymous one again (the count now in its own entry).
    expect(loaderData(fill(marked, markers, 0))).toEqual(loaderData(html))
    const three = fill(marked, markers, 3)
    expect(loaderData(three)).toEqual({ root: { navbar: ['Strollers'], viewer: null, cartCount: 3, flash: null }, 'routes/store/category': { count: 0, title: 'Strollers <& more>' } })
    expect(three).toContain('aria-label="Cart, 3 items"')
    expect(three).toContain('data-cart-count="true">3</span>')
    expect(three).not.toContain(cartLinkHtml(0))
    // Everything else is the page as it was.
    expect(three.replace(cartLinkHtml(3), '').replace(/enqueue\(.*?\);<\/script>/, '')).toBe(html.replace(cartLinkHtml(0), '').replace(/enqueue\(.*?\);<\/script>/, ''))
    expect(fill(marked, markers, 120)).toContain('>99+</span>')
  })

  test('a page is not marked when it cannot be done safely', () => {
    const markers = newCartMarkers()
    // Rendered for someone signed in.
    expect(cartSlots(page(streamValues('named')), markers)).toBeNull()
    // No cart link, or two.
    expect(cartSlots(page(streamValues(), { link: 0 }), markers)).toBeNull()
    expect(cartSlots(page(streamValues(), { link: 2 }), markers)).toBeNull()
    // Data in more than one chunk (a deferred value would follow the first chunk's indexes).
    expect(cartSlots(page(streamValues(), { chunks: 2 }), markers)).toBeNull()
    // A count that is not 0, and a stream not written back byte for byte.
    const counted = streamValues()
    counted[11] = 1
    expect(cartSlots(page(counted), markers)).toBeNull()
    expect(cartSlots(page(streamValues()).replace('"[{', '"[ {'), markers)).toBeNull()
    // No stream at all.
    expect(cartSlots(`<header>${cartLinkHtml(0)}</header>`, markers)).toBeNull()
  })

  test('guestCartPageRequest: a shop page GET whose only personal cookie is a well-formed guest cart token', () => {
    const token = 'QZvY8A8TfbEupQnv8TvmOjykC_YqXAj2'
    const get = (path: string, cookie?: string, init: RequestInit = {}) => {
      const request = new Request(`http://shop.test${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) } })
      return guestCartPageRequest(request, new URL(request.url).pathname)
    }
    expect(get('/store/strollers', `nestlist_cart=${token}`)).toBe(token)
    expect(get('/gp/wipes/1', `__Host-nestlist_cart=${token}`)).toBe(token)
    expect(get('/store', `nestlist_reservations=abc; nestlist_cart=${token}`)).toBe(token)
    expect(get('/store/strollers')).toBeUndefined()
    expect(get('/store/strollers', `nestlist_cart=${token}; nestlist_session=s`)).toBeUndefined()
    expect(get('/store/strollers', `nestlist_cart=${token}; nestlist_flash=hello`)).toBeUndefined()
    expect(get('/store/strollers', 'nestlist_cart=short')).toBeUndefined()
    expect(get('/store/strollers', `nestlist_cart=${token}`, { headers: { authorization: 'Bearer x' } })).toBeUndefined()
    expect(get('/store/strollers', `nestlist_cart=${token}`, { method: 'POST' })).toBeUndefined()
    expect(get('/store/checkout', `nestlist_cart=${token}`)).toBeUndefined()
    expect(get('/registry/ana', `nestlist_cart=${token}`)).toBeUndefined()
  })

  test('through the cache: guests get the stored page with their own counts; a page that cannot be marked is rendered for them', async () => {
    const counts: Record<string, number> = { ['a'.repeat(24)]: 2, ['b'.repeat(24)]: 7 }
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 15_000 })
    const rendered: string[] = []
    const app = new Hono<AppEnv>()
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }))
    app.use(async (c, next) => {
      c.set('services', { cart: { itemCount: async ({ guestToken }: { guestToken?: string }) => counts[guestToken ?? ''] ?? 0 } } as unknown as Services)
      await next()
    })
    // The page handler: renders the anonymous page, or (with a cart cookie) the count in both places as the app does.
    const render = async (c: Context<AppEnv>, request: Request) => {
      const token = /nestlist_cart=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1]
      const path = new URL(request.url).pathname
      rendered.push(`${path} ${token ? 'guest' : 'anonymous'}`)
      const values = streamValues()
      if (token) {
        values.push(counts[token] ?? 0)
        ;(values[6] as Record<string, number>)._10 = values.length - 1
      }
      let html = page(values, { nonce: c.var.secureHeadersNonce }).replace(cartLinkHtml(0), cartLinkHtml(token ? (counts[token] ?? 0) : 0))
      if (path === '/store/plain') html = html.replace(/<header>.*<\/header>/, '<header></header>')
      return new Response(html, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } })
    }
    app.use('*', pageCacheMiddleware(cache, { render }))
    app.all('*', (c) => render(c, c.req.raw))
    const get = async (path: string, token?: string) => {
      const res = await app.request(path, { headers: { 'Accept-Encoding': 'gzip', ...(token ? { Cookie: `nestlist_cart=${token}` } : {}) } })
      const bytes = Buffer.from(await res.arrayBuffer())
      return { res, html: res.headers.get('Content-Encoding') === 'gzip' ? zlib.gunzipSync(bytes).toString('utf8') : bytes.toString('utf8') }
    }
    const a = 'a'.repeat(24)
    const b = 'b'.repeat(24)
    // The first guest's request renders the page for nobody, stores it and fills in their count.
    const first = await get('/store/strollers', a)
    expect(rendered).toEqual(['/store/strollers anonymous'])
    expect(loaderData(first.html).root!.cartCount).toBe(2)
    expect(first.html).toContain(cartLinkHtml(2))
    const second = await get('/store/strollers', b)
    const anonymous = await get('/store/strollers')
    const again = await get('/store/strollers', a)
    expect(rendered).toEqual(['/store/strollers anonymous'])
    expect(loaderData(second.html).root!.cartCount).toBe(7)
    expect(second.html).toContain(cartLinkHtml(7))
    expect(loaderData(anonymous.html).root!.cartCount).toBe(0)
    expect(anonymous.html).toContain(cartLinkHtml(0))
    expect(loaderData(again.html).root!.cartCount).toBe(2)
    for (const { res } of [first, second, anonymous, again]) expect(res.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    // Each response has its own nonce, in its CSP and its scripts.
    const nonce = /'nonce-([^']+)'/.exec(again.res.headers.get('Content-Security-Policy') ?? '')?.[1]
    expect(again.html).toContain(`nonce="${nonce}"`)
    // A page without the header's cart link is stored but cannot take a count: the guest's page is rendered for them.
    const plain = await get('/store/plain', b)
    expect(rendered.slice(1)).toEqual(['/store/plain anonymous', '/store/plain guest'])
    expect(loaderData(plain.html).root!.cartCount).toBe(7)
  })
})
