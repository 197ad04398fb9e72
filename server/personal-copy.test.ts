import http from 'node:http'
import zlib from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { createElement } from 'react'
import { type Context, Hono } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { describe, expect, test } from 'vitest'
import type { AppEnv } from '~/api/types'
import { AccountMenu } from '~/components/account-menu'
import { readSessionToken } from '~/modules/accounts/auth.server'
import { readCartToken } from '~/modules/cart/cart-cookie.server'
import { NotifyMe } from '~/modules/cart/ui/add-to-cart'
import { cartCopy } from '~/modules/cart/ui/cart-copy'
import { AddToRegistry } from '~/modules/registry/ui/add-to-registry'
import type { ShopDiscount } from '~/modules/discount/discount.service.server'
import { LANDING_DISCOUNT_BANNER_CLASS } from '~/modules/discount/ui/registry-discount-banner'
import { containerClass } from '~/ui'
import type { Services } from '~/services.server'
import { serveWithCacheHit } from './cache-hit-server.test-support'
import { createPageCache, isPersonalCopyRequest, pageCacheListener, pageCacheMiddleware, type PersonalServices, probeSecurityHeaders } from './page-cache'
import { ANONYMOUS, accountMenuHtml, bannerHtml, cartLinkHtml, type Markers, markPage, newMarkers, notifyMeHtml, type PersonalValues, personalEntries, registryBlockHtml, renderAt, SIGNED_IN_ROUTES, slotValues } from './personal-copy'

// The stream as React Router writes it (StreamTransfer): JSON.stringify of the chunk, '<', '>', '&' escaped.
const literal = (chunk: string) => JSON.stringify(chunk).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * turbo-stream's flat array for { loaderData: { root: { navbar, viewer: null, cartCount: 0, flash: null },
 * [route]: { count: 0, discountBanner: null, title } }, actionData: null, errors: null }: the route's count and the
 * root's cart count share one entry (index 11), as the encoder writes equal values once.
 */
function streamValues(route = 'routes/store/category', viewer: 'null' | 'named' = 'null') {
  const values: unknown[] = [
    { _1: 2, _3: -5, _4: -5 },
    'loaderData',
    { _5: 6, _14: 15 },
    'actionData',
    'errors',
    'root',
    { _7: 8, _9: viewer === 'null' ? -5 : 20, _10: 11, _12: -5 },
    'navbar',
    [13],
    'viewer',
    'cartCount',
    0,
    'flash',
    'Strollers',
    route,
    { _16: 11, _19: -5, _17: 18 },
    'count',
    'title',
    'Strollers <& more>',
    'discountBanner',
  ]
  if (viewer === 'named') values.push({ _21: 22 }, 'firstName', 'Ana')
  return values
}

const url = 'http://shop.test/store/strollers?sort=price'
const signIn = () => renderAt(url, createElement(AccountMenu, { viewer: null }))

/** A page as the app renders it, with the header's real parts: the sign-in link, the cart link, the banner's slot. */
async function page(values: unknown[], options: { links?: number; chunks?: number; nonce?: string; banner?: boolean; signIn?: boolean } = {}) {
  const nonce = options.nonce ?? 'n0'
  const chunk = `${JSON.stringify(values)}\n`
  const script = `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${literal(chunk)});</script>`
  const links = Array.from({ length: options.links ?? 1 }, () => cartLinkHtml(0)).join('')
  const menu = options.signIn === false ? '' : await signIn()
  const banner = options.banner === false ? '' : bannerHtml(null, 'mb-4')
  return `<!DOCTYPE html><html><body><header>${menu}${links}</header><main>${banner}<h1>Strollers &lt;&amp; more&gt;</h1></main>${script.repeat(options.chunks ?? 1)}<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`
}

/** The value at index `i` of a turbo-stream array, resolved the way the browser's decoder does (JSON values only). */
function resolveEntry(values: unknown[], i: number): unknown {
  if (i === -5) return null
  const v = values[i]
  if (Array.isArray(v)) return v.map((x: number) => resolveEntry(values, x))
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [values[Number(k.slice(1))], resolveEntry(values, x as number)]))
  return v
}

/** The page's loader data, read back from its stream. */
function loaderData(html: string) {
  const start = html.indexOf('enqueue(') + 'enqueue('.length
  const values = JSON.parse(JSON.parse(html.slice(start, html.indexOf(');</script>', start)))) as unknown[]
  return (resolveEntry(values, 0) as { loaderData: Record<string, Record<string, unknown>> }).loaderData
}

async function fill(marked: { html: string; slots: Parameters<typeof slotValues>[0] }, markers: Markers, personal: PersonalValues) {
  const values = await slotValues(marked.slots, personal)
  if (!values) return null
  let html = marked.html
  marked.slots.kinds.forEach((kind, i) => (html = html.replace(markers[kind], values[i]!)))
  return html
}

const promo = {
  discount: {
    isEligible: true,
    eligibleForMultiuseDiscount: true,
    discountThresholdAmount: 100,
    orderThresholdAmount: 1000,
    eligibilityEndsAt: '2027-03-01',
    eligibilityRegistryCreationMinDays: 0,
    eligibilityPreArrivalDays: 60,
    eligibilityPostArrivalDays: 180,
    percent: 15,
    reason: null,
  },
  modalFlag: true,
} as ShopDiscount
const ana = { firstName: 'Ana <3', role: 'user' as const, emailVerified: true }

/** A turbo-stream array for JSON values (each value once, no sharing: the decoder does not need it). */
function encode(data: unknown) {
  const values: unknown[] = []
  const add = (v: unknown): number => {
    if (v === null) return -5
    const at = values.push(undefined) - 1
    if (Array.isArray(v)) values[at] = v.map(add)
    else if (v && typeof v === 'object') values[at] = Object.fromEntries(Object.entries(v).map(([k, x]) => [`_${add(k)}`, add(x)]))
    else values[at] = v
    return at
  }
  add(data)
  return values
}
const withoutStream = (html: string) => html.replace(/enqueue\(.*?\);<\/script>/, '')

describe('personal values in the shared copy of a page', () => {
  test('anonymous values give the page back; a guest’s count and a signed-in owner’s menu and banner go in both places', async () => {
    const values = streamValues()
    const html = await page(values)
    const original = loaderData(html)
    expect(original).toEqual({
      root: { navbar: ['Strollers'], viewer: null, cartCount: 0, flash: null },
      'routes/store/category': { count: 0, discountBanner: null, title: 'Strollers <& more>' },
    })
    const markers = newMarkers()
    const marked = (await markPage(html, markers))!
    expect(marked.slots.signedIn).toBe(true)
    expect(marked.slots.heads).toEqual(['cartCount', 'viewer', 'discountBanner'])
    // With a visitor's values of nobody, the page as it was (the values now in their own entries).
    const anonymous = (await fill(marked, markers, ANONYMOUS))!
    expect(loaderData(anonymous)).toEqual(original)
    expect(withoutStream(anonymous)).toBe(withoutStream(html))
    // A guest with 3 items.
    const guest = (await fill(marked, markers, { ...ANONYMOUS, cartCount: 3 }))!
    expect(loaderData(guest).root).toEqual({ ...original.root, cartCount: 3 })
    expect(loaderData(guest)['routes/store/category']).toEqual(original['routes/store/category'])
    expect(guest).toContain('aria-label="Cart, 3 items"')
    expect(withoutStream(guest)).toBe(withoutStream(html).replace(cartLinkHtml(0), cartLinkHtml(3)))
    // A signed-in owner with an eligible discount and 120 items: the shared zero of the route's count stays 0.
    const owner = (await fill(marked, markers, { cartCount: 120, viewer: ana, discountBanner: promo }))!
    expect(loaderData(owner)).toEqual({
      root: { navbar: ['Strollers'], viewer: ana, cartCount: 120, flash: null },
      'routes/store/category': { count: 0, discountBanner: promo, title: 'Strollers <& more>' },
    })
    expect(owner).toContain(await accountMenuHtml(ana))
    expect(owner).toContain('Ana &lt;3')
    expect(owner).toContain('>99+</span>')
    expect(owner).toContain('aria-label="Registry discount" class="mb-4"')
    expect(owner).not.toContain('Sign in')
    expect(owner).not.toContain('data-personal-slot')
  })

  test('what a copy cannot take is refused: the visitor’s page is then rendered', async () => {
    const markers = newMarkers()
    // A page rendered for someone, one cart link too many or none, data in two chunks, a stream written otherwise.
    expect(await markPage(await page(streamValues('routes/store/category', 'named')), markers)).toBeNull()
    expect(await markPage(await page(streamValues(), { links: 2 }), markers)).toBeNull()
    expect(await markPage(await page(streamValues(), { links: 0 }), markers)).toBeNull()
    expect(await markPage(await page(streamValues(), { chunks: 2 }), markers)).toBeNull()
    expect(await markPage((await page(streamValues())).replace('"[{', '"[ {'), markers)).toBeNull()
    const counted = streamValues()
    counted[11] = 1
    expect(await markPage(await page(counted), markers)).toBeNull()
    // A route not listed (the product page's Add to Registry), or a listed page without the banner's slot or the
    // sign-in link: guests only.
    for (const [values, options] of [
      [streamValues('routes/product/product'), {}],
      [streamValues(), { banner: false }],
      [streamValues(), { signIn: false }],
    ] as const) {
      const marked = (await markPage(await page(values, options), markers))!
      expect(marked.slots.signedIn).toBe(false)
      expect(marked.slots.heads).toEqual(['cartCount'])
      expect(loaderData((await fill(marked, markers, { ...ANONYMOUS, cartCount: 2 }))!).root!.cartCount).toBe(2)
      expect(await slotValues(marked.slots, { ...ANONYMOUS, viewer: ana })).toBeNull()
    }
    // An address not yet confirmed: its reminder is not in the copy.
    const marked = (await markPage(await page(streamValues()), markers))!
    expect(await slotValues(marked.slots, { ...ANONYMOUS, viewer: { ...ana, emailVerified: false } })).toBeNull()
  })

  test('a product page: the Add to Registry block and the signed-in address go in for owners, no-registry shoppers and guests', async () => {
    const product = { productId: 7, title: 'Sleep gown <soft>', available: true, options: { sizes: ['NB', '0-3M'], colors: ['gray'] }, path: '/gp/sleep-gown/7' }
    const productPage = async (data: Record<string, unknown>, extra = '') => {
      const chunk = `${JSON.stringify(encode({ loaderData: { root: { viewer: null, cartCount: 0, flash: null }, 'routes/product/product': data }, actionData: null, errors: null }))}\n`
      const block = data.addToRegistry && (data.addToRegistry as { kind: string }).kind === 'anonymous' ? await registryBlockHtml({ kind: 'anonymous' }, product) : ''
      return `<!DOCTYPE html><html><body><header>${await signIn()}${cartLinkHtml(0)}</header><main><h1>Sleep gown &lt;soft&gt;</h1>${block}${extra}</main><script nonce="n0">window.__reactRouterContext.streamController.enqueue(${literal(chunk)});</script></body></html>`
    }
    const data = { product, addToRegistry: { kind: 'anonymous' }, stock: null, viewerEmail: null }
    const html = await productPage(data)
    const markers = newMarkers()
    const marked = (await markPage(html, markers))!
    expect(marked.slots).toMatchObject({ signedIn: true, heads: ['cartCount', 'viewer', 'viewerEmail', 'addToRegistry'], product })
    expect(marked.slots.kinds).toEqual(['accountMenu', 'cartLink', 'addToRegistry', 'stream'])
    const guest = { ...ANONYMOUS, cartCount: 2 }
    const anonymous = (await fill(marked, markers, guest))!
    expect(withoutStream(anonymous)).toBe(withoutStream(html).replace(cartLinkHtml(0), cartLinkHtml(2)))
    expect(loaderData(anonymous)['routes/product/product']).toEqual(data)

    // An owner: their form (fixed ids, as the page renders it) and their address; in the stream as the loader gives them.
    const owner = { kind: 'owner' as const, registryTitle: 'Baby Ana & co', categories: [{ id: 3, title: 'Nursery', isDefault: true }, { id: 4, title: 'Gear <2>', isDefault: false }] }
    const filled = (await fill(marked, markers, { cartCount: 1, viewer: ana, discountBanner: null, viewerEmail: 'ana@example.test', addToRegistry: owner }))!
    const form = await renderAt('http://shop.invalid/', createElement(AddToRegistry, { state: owner, product, path: product.path }))
    expect(filled).toContain(form)
    expect(form).toContain('id="add-to-registry-quantity"')
    expect(form).toContain('Baby Ana &amp; co')
    expect(form).not.toContain('/login?redirect_path')
    expect(loaderData(filled)['routes/product/product']).toEqual({ ...data, addToRegistry: owner, viewerEmail: 'ana@example.test' })
    expect(loaderData(filled).root).toMatchObject({ viewer: ana, cartCount: 1 })
    const none = (await fill(marked, markers, { cartCount: 0, viewer: ana, discountBanner: null, viewerEmail: 'ana@example.test', addToRegistry: { kind: 'no-registry' } }))!
    expect(none).toContain('You will start a registry first.')
    // Without the product page's values, no page from this copy.
    expect(await slotValues(marked.slots, { cartCount: 0, viewer: ana, discountBanner: null })).toBeNull()

    // A gift card's block is hidden for everyone: only the address goes in. 'Notify me' on the page (its text names the
    // signed-in address) and a block not found keep signed-in shoppers rendered.
    const gift = (await markPage(await productPage({ ...data, addToRegistry: { kind: 'hidden' } }), newMarkers()))!
    expect(gift.slots).toMatchObject({ signedIn: true, heads: ['cartCount', 'viewer', 'viewerEmail'] })
    expect(gift.slots.kinds).not.toContain('addToRegistry')
    expect((await markPage(await productPage(data, `<p>${cartCopy.notifyMeHelp}</p>`), newMarkers()))!.slots.signedIn).toBe(false)

    // A sold-out product's 'Notify me' form: a visitor types an address; a signed-in shopper's names theirs, without the field.
    const soldOut = await productPage(data, await notifyMeHtml(product, null))
    expect(soldOut).toContain('id="notify-me-email"')
    const notifyMarkers = newMarkers()
    const notifyMarked = (await markPage(soldOut, notifyMarkers))!
    expect(notifyMarked.slots).toMatchObject({ signedIn: true, heads: ['cartCount', 'viewer', 'viewerEmail', 'addToRegistry'], notifyMe: { productId: 7, path: '/gp/sleep-gown/7' } })
    expect(notifyMarked.slots.kinds).toEqual(['accountMenu', 'cartLink', 'addToRegistry', 'notifyMe', 'stream'])
    expect(withoutStream((await fill(notifyMarked, notifyMarkers, guest))!)).toBe(withoutStream(soldOut).replace(cartLinkHtml(0), cartLinkHtml(2)))
    const signedInSoldOut = (await fill(notifyMarked, notifyMarkers, { cartCount: 0, viewer: ana, discountBanner: null, viewerEmail: 'ana@example.test', addToRegistry: owner }))!
    expect(signedInSoldOut).toContain(`${cartCopy.notifyMeHelp} We will write to ana@example.test.`)
    expect(signedInSoldOut).not.toContain('id="notify-me-email"')
    expect(signedInSoldOut).toContain(await renderAt('http://shop.invalid/', createElement(NotifyMe, { productId: 7, options: {}, viewerEmail: 'ana@example.test', action: product.path })))
    expect(loaderData(signedInSoldOut)['routes/product/product']).toMatchObject({ viewerEmail: 'ana@example.test' })
    // Without the address (not read for this page), no page from this copy.
    expect(await slotValues(notifyMarked.slots, { cartCount: 0, viewer: ana, discountBanner: null, addToRegistry: owner })).toBeNull()
    expect((await markPage((await productPage(data)).replace('Add to Registry', 'Add to registry'), newMarkers()))!.slots.signedIn).toBe(false)
    expect((await markPage(await productPage({ ...data, viewerEmail: 'someone@example.test' }), newMarkers()))!.slots.signedIn).toBe(false)
  })

  test('the landing page: the banner (unless the page has home banner ads) and the birthday prompt’s facts go in for signed-in owners', async () => {
    const landingPage = async (data: Record<string, unknown>, options: { banner?: boolean } = {}) => {
      const chunk = `${JSON.stringify(encode({ loaderData: { root: { viewer: null, cartCount: 0, flash: null }, 'routes/store/landing': data }, actionData: null, errors: null }))}\n`
      const banner = options.banner === false ? '' : bannerHtml(null, LANDING_DISCOUNT_BANNER_CLASS)
      return `<!DOCTYPE html><html><body><header>${await signIn()}${cartLinkHtml(0)}</header><main>${banner}<h1>Shop with Nestlist</h1></main><script nonce="n0">window.__reactRouterContext.streamController.enqueue(${literal(chunk)});</script></body></html>`
    }
    const data = { collections: [], bannerAds: [], discountBanner: null, birthdayPrompt: null, origin: 'http://shop.test' }
    const html = await landingPage(data)
    const markers = newMarkers()
    const marked = (await markPage(html, markers))!
    expect(marked.slots).toMatchObject({ signedIn: true, heads: ['cartCount', 'viewer', 'discountBanner', 'birthdayPrompt'] })
    expect(marked.slots.noBanner).toBeUndefined()
    const anonymous = (await fill(marked, markers, ANONYMOUS))!
    expect(withoutStream(anonymous)).toBe(withoutStream(html))
    expect(loaderData(anonymous)['routes/store/landing']).toEqual(data)
    // An owner with an eligible registry: the banner as the landing page renders it (its own container), and the prompt's facts.
    const prompt = { id: 4, createdAt: '2026-01-02T03:04:05.000Z', registries: [{ id: 9, ownerId: 4, registryType: 'baby' }] }
    const owner = (await fill(marked, markers, { cartCount: 1, viewer: ana, discountBanner: promo, birthdayPrompt: prompt }))!
    expect(owner).toContain(`<aside aria-label="Registry discount" class="${LANDING_DISCOUNT_BANNER_CLASS}">`)
    expect(LANDING_DISCOUNT_BANNER_CLASS).toBe(containerClass('xl', '-mb-8 pt-4 sm:-mb-12'))
    expect(loaderData(owner)['routes/store/landing']).toEqual({ ...data, discountBanner: promo, birthdayPrompt: prompt })
    expect(loaderData(owner).root).toMatchObject({ viewer: ana, cartCount: 1 })
    // The prompt's facts are read for this page only: without them, no page from this copy.
    expect(await slotValues(marked.slots, { cartCount: 0, viewer: ana, discountBanner: null })).toBeNull()

    // With home banner ads the banner is no one's: an owner gets the page without it (not refused), the slot stays empty.
    const withAds = { ...data, bannerAds: [{ id: 1, title: 'Spring sale', linkUrl: '/store/sale' }] }
    const adsHtml = await landingPage(withAds)
    const adsMarked = (await markPage(adsHtml, markers))!
    expect(adsMarked.slots).toMatchObject({ signedIn: true, heads: ['cartCount', 'viewer', 'birthdayPrompt'], noBanner: true })
    const ownerWithAds = (await fill(adsMarked, markers, { cartCount: 1, viewer: ana, discountBanner: promo, birthdayPrompt: null }))!
    expect(ownerWithAds).not.toContain('Registry discount')
    expect(withoutStream(ownerWithAds)).toContain(bannerHtml(null, LANDING_DISCOUNT_BANNER_CLASS))
    expect(loaderData(ownerWithAds)['routes/store/landing']).toEqual({ ...withAds, discountBanner: null, birthdayPrompt: null })

    // A page rendered with someone's prompt, without its ads' list, or without the banner's slot: guests only.
    for (const html of [await landingPage({ ...data, birthdayPrompt: prompt }), await landingPage({ ...data, bannerAds: undefined }), await landingPage(data, { banner: false })]) {
      const guestsOnly = (await markPage(html, newMarkers()))!
      expect(guestsOnly.slots.signedIn).toBe(false)
      expect(guestsOnly.slots.heads).toEqual(['cartCount'])
    }
  })

  test('a page rendered the same again after its TTL keeps its compressed pieces and its personal copy; changed, both are made again', async () => {
    let t = 0
    let version = 1
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 15_000, now: () => t })
    const sessions: Record<string, { id: number; firstName: string }> = { ana: { id: 1, firstName: 'Ana' } }
    const services = {
      copyHeader: async (cookie: string | null | undefined) => {
        const session = sessions[readSessionToken(cookie) ?? '']
        return session
          ? { user: session, viewer: { firstName: session.firstName, role: 'user', emailVerified: true }, cartCount: 1, discountBanner: null }
          : { user: null, viewer: null, cartCount: 0, discountBanner: null }
      },
    } as unknown as Services
    let renders = 0
    const app = new Hono<AppEnv>()
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }))
    app.use(async (c, next) => {
      c.set('services', services)
      await next()
    })
    const render = async (c: Context<AppEnv>) => {
      renders++
      const html = (await page(streamValues(), { nonce: c.var.secureHeadersNonce })).replace('<main>', `<main><p>version ${version}</p>`)
      return new Response(html, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } })
    }
    app.use('*', pageCacheMiddleware(cache, { render }))
    app.all('*', (c) => render(c))
    const get = async (cookie?: string) => {
      const res = await app.request(url, { headers: { 'Accept-Encoding': 'gzip', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', ...(cookie ? { Cookie: cookie } : {}) } })
      return zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
    }
    const key = `web ${url}`
    await get()
    expect(loaderData(await get('nestlist_session=ana')).root!.viewer).toMatchObject({ firstName: 'Ana' })
    const first = cache.peek(key)!
    expect(first.personalReady).toBeTruthy()
    expect(renders).toBe(1)

    // Expired, rendered again the same: a new entry with the same pieces and personal copy (nothing compressed again).
    t = 15_000
    expect(await get()).toContain('version 1')
    await new Promise((r) => setTimeout(r, 20))
    const again = cache.peek(key)!
    expect(renders).toBe(2)
    expect(again).not.toBe(first)
    expect(again.expires).toBe(30_000)
    expect(again.deflated).toBe(first.deflated)
    expect(again.personalReady).toBe(first.personalReady)
    expect(cache.stats.unchanged).toBe(1)
    const ana = await get('nestlist_session=ana')
    expect(loaderData(ana).root).toMatchObject({ viewer: { firstName: 'Ana' }, cartCount: 1 })
    expect(ana).toContain('version 1')
    expect(renders).toBe(2)

    // Changed: compressed again, and the personal copy made again from the new page.
    version = 2
    t = 30_000
    expect(await get()).toContain('version 2')
    await new Promise((r) => setTimeout(r, 20))
    const changed = cache.peek(key)!
    expect(changed.deflated).not.toBe(first.deflated)
    expect(changed.personalReady).toBeUndefined()
    expect(cache.stats.unchanged).toBe(1)
    const anaAgain = await get('nestlist_session=ana')
    expect(anaAgain).toContain('version 2')
    expect(loaderData(anaAgain).root).toMatchObject({ viewer: { firstName: 'Ana' }, cartCount: 1 })
    expect(cache.peek(key)!.personalReady).toBeTruthy()
  })

  test('every route SIGNED_IN_ROUTES lists is a route of the app, by the id React Router gives it', async () => {
    type Entry = { id?: string; file: string; children?: Entry[] }
    const ids = new Set<string>()
    const walk = (entries: Entry[]) => {
      for (const e of entries) {
        ids.add(e.id ?? e.file.replace(/\.[jt]sx?$/, ''))
        walk(e.children ?? [])
      }
    }
    walk(((await import('../app/routes')) as { default: Entry[] }).default)
    expect(Object.keys(SIGNED_IN_ROUTES).filter((id) => !ids.has(id))).toEqual([])
    for (const id of ['routes/store/category', 'routes/store/search', 'routes/store/brand', 'routes/product/product', 'store-sale', 'best-baby-products']) expect(ids.has(id), id).toBe(true)
  })

  test('personalEntries writes JSON values as turbo-stream entries after the page’s own; anything else throws', () => {
    const base = 5
    const entries = JSON.parse(`[${personalEntries([3, { a: [true, null, 'x'], b: { c: 1.5 } }, null], base)}]`) as unknown[]
    const all: unknown[] = [...Array.from({ length: base }, () => 'page'), ...entries]
    expect([5, 6, 7].map((i) => resolveEntry(all, i))).toEqual([3, { a: [true, null, 'x'], b: { c: 1.5 } }, null])
    expect(() => personalEntries([new Date()], 0)).toThrow()
    expect(() => personalEntries([Number.NaN], 0)).toThrow()
  })

  test('isPersonalCopyRequest: a shop page GET whose only personal cookies are a session or a guest cart', () => {
    const get = (path: string, cookie?: string, init: RequestInit = {}) => {
      const request = new Request(`http://shop.test${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) } })
      return isPersonalCopyRequest(request, new URL(request.url).pathname)
    }
    expect(get('/store/strollers', 'nestlist_cart=abc')).toBe(true)
    expect(get('/store/strollers', 'nestlist_session=abc')).toBe(true)
    expect(get('/gp/wipes/1', '__Host-nestlist_session=a; __Host-nestlist_cart=b; nestlist_reservations=c')).toBe(true)
    expect(get('/store/strollers')).toBe(false)
    expect(get('/store/strollers', 'nestlist_session=a; nestlist_flash=hello')).toBe(false)
    expect(get('/store/strollers', 'nestlist_session=a; other=1')).toBe(false)
    expect(get('/store/strollers', 'nestlist_session=a', { headers: { authorization: 'Bearer x' } })).toBe(false)
    expect(get('/store/strollers', 'nestlist_session=a', { method: 'POST' })).toBe(false)
    expect(get('/store/checkout', 'nestlist_session=a')).toBe(false)
    expect(get('/registry/ana', 'nestlist_session=a')).toBe(false)
  })

  test('through the cache: guests and signed-in shoppers get the stored page with their own values, rendered only when it cannot be', async () => {
    const sessions: Record<string, { id: number; firstName: string; role: 'user'; emailVerified: boolean; createdAt: Date; cart: number; promo: ShopDiscount | null }> = {
      ana: { id: 1, firstName: 'Ana', role: 'user', emailVerified: true, createdAt: new Date(), cart: 4, promo },
      ben: { id: 2, firstName: 'Ben', role: 'user', emailVerified: true, createdAt: new Date(), cart: 0, promo: null },
      new: { id: 3, firstName: 'Neo', role: 'user', emailVerified: false, createdAt: new Date(), cart: 0, promo: null },
    }
    const guestCarts: Record<string, number> = { ['g'.repeat(24)]: 2 }
    // The one-statement reader (services.copyHeader, tested against PostgreSQL in discount.api.test.ts), by the same cookies.
    const services = {
      copyHeader: async (cookie: string | null | undefined) => {
        const session = sessions[readSessionToken(cookie) ?? '']
        if (session) return { user: session, viewer: { firstName: session.firstName, role: session.role, emailVerified: session.emailVerified }, cartCount: session.cart, discountBanner: session.promo }
        return { user: null, viewer: null, cartCount: guestCarts[readCartToken(cookie) ?? ''] ?? 0, discountBanner: null }
      },
    } as unknown as Services
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 15_000 })
    const rendered: string[] = []
    const app = new Hono<AppEnv>()
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }))
    app.use(async (c, next) => {
      c.set('services', services)
      await next()
    })
    // The page handler: the anonymous page, or (with any cookie) a page that says it was rendered for them.
    const render = async (c: Context<AppEnv>, request: Request) => {
      const cookie = request.headers.get('cookie')
      rendered.push(cookie ? 'personal' : 'anonymous')
      const html = cookie ? '<!DOCTYPE html><p>rendered for you</p>' : await page(streamValues(), { nonce: c.var.secureHeadersNonce })
      return new Response(html, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } })
    }
    app.use('*', pageCacheMiddleware(cache, { render }))
    app.all('*', (c) => render(c, c.req.raw))
    const get = async (cookie?: string) => {
      const res = await app.request(url, { headers: { 'Accept-Encoding': 'gzip', ...(cookie ? { Cookie: cookie } : {}) } })
      const bytes = Buffer.from(await res.arrayBuffer())
      return { res, html: res.headers.get('Content-Encoding') === 'gzip' ? zlib.gunzipSync(bytes).toString('utf8') : bytes.toString('utf8') }
    }
    // The first visitor with a cookie renders the page for nobody, stores it and gets it with their values.
    const first = await get(`nestlist_cart=${'g'.repeat(24)}`)
    expect(rendered).toEqual(['anonymous'])
    expect(loaderData(first.html).root!.cartCount).toBe(2)
    const a = await get('nestlist_session=ana')
    const b = await get('nestlist_session=ben; nestlist_cart=unknown-token-of-twenty-chars')
    const nobody = await get()
    const expired = await get('nestlist_session=gone')
    expect(rendered).toEqual(['anonymous'])
    expect(loaderData(a.html)).toMatchObject({ root: { viewer: { firstName: 'Ana' }, cartCount: 4 }, 'routes/store/category': { discountBanner: promo } })
    expect(a.html).toContain('Account menu for </span>Ana')
    expect(a.html).toContain('aria-label="Registry discount"')
    expect(loaderData(b.html)).toMatchObject({ root: { viewer: { firstName: 'Ben' }, cartCount: 0 }, 'routes/store/category': { discountBanner: null } })
    expect(b.html).not.toContain('aria-label="Registry discount"')
    for (const p of [nobody, expired]) {
      expect(loaderData(p.html).root).toMatchObject({ viewer: null, cartCount: 0 })
      expect(p.html).toContain('Sign in')
    }
    for (const { res } of [first, a, b, nobody, expired]) expect(res.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    const nonce = /'nonce-([^']+)'/.exec(a.res.headers.get('Content-Security-Policy') ?? '')?.[1]
    expect(a.html).toContain(`nonce="${nonce}"`)
    // Rendered for them: an address not yet confirmed, a flash message, a cookie no copy takes.
    for (const cookie of ['nestlist_session=new', 'nestlist_session=ana; nestlist_flash=saved', 'nestlist_session=ana; theme=dark']) {
      expect((await get(cookie)).html, cookie).toContain('rendered for you')
    }
    // The copy's personal pieces are kept gzip-compressed only: a client that refuses gzip is rendered for too.
    const plain = await app.request(url, { headers: { Cookie: 'nestlist_session=ana' } })
    expect(await plain.text()).toContain('rendered for you')
    expect(rendered).toEqual(['anonymous', 'personal', 'personal', 'personal', 'personal'])

    // Before the app (pageCacheListener, as server/main.ts wires it): once the copy is made, these visitors are answered
    // on node's request with a personal page's headers (the opener policy); values that do not fit go on to the app.
    const appListener = getRequestListener(app.fetch)
    const personalSecurity = await probeSecurityHeaders(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }))
    const shared = await probeSecurityHeaders(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] }, crossOriginOpenerPolicy: false }))
    const hit = pageCacheListener(cache, { security: shared, personal: { security: personalSecurity, services: services as unknown as PersonalServices, app: (req, res) => void appListener(req, res) } })
    const { base, taken, close } = await serveWithCacheHit(hit, appListener)
    const target = new URL(url)
    // The page as the cache stored it: its host (keys are whole URLs) and a browser (bots have their own copies).
    const fetchPage = (cookie: string, encoding = 'gzip') =>
      new Promise<{ res: { headers: Headers }; html: string }>((resolve, reject) => {
        const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
        const headers = { Host: target.host, 'User-Agent': browser, 'Accept-Encoding': encoding, Cookie: cookie }
        http
          .get(`${base}${target.pathname}${target.search}`, { headers }, (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => {
              const body = Buffer.concat(chunks)
              const html = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8')
              const out = new Headers()
              for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value)
              resolve({ res: { headers: out }, html })
            })
          })
          .on('error', reject)
      })
    try {
      const hits = cache.stats.personalHits
      const before = await fetchPage('nestlist_session=ana')
      expect(taken()).toBe(1)
      expect(cache.stats.personalHits).toBe(hits + 1)
      expect(loaderData(before.html)).toMatchObject({ root: { viewer: { firstName: 'Ana' }, cartCount: 4 }, 'routes/store/category': { discountBanner: promo } })
      expect(before.res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
      expect(before.res.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
      expect(before.res.headers.get('Set-Cookie')).toBeNull()
      const csp = /'nonce-([^']+)'/.exec(before.res.headers.get('Content-Security-Policy') ?? '')?.[1]
      expect(before.html).toContain(`nonce="${csp}"`)
      expect(loaderData((await fetchPage(`nestlist_cart=${'g'.repeat(24)}`)).html).root!.cartCount).toBe(2)
      expect(taken()).toBe(2)
      // Taken, then handed to the app: an address not confirmed yet is rendered for them.
      expect((await fetchPage('nestlist_session=new')).html).toContain('rendered for you')
      expect(taken()).toBe(3)
      // Not taken: a cookie no copy takes, a client without gzip.
      expect((await fetchPage('nestlist_session=ana; theme=dark')).html).toContain('rendered for you')
      expect((await fetchPage('nestlist_session=ana', 'identity')).html).toContain('rendered for you')
      expect(taken()).toBe(3)
    } finally {
      await close()
    }
  })
})
