import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, type TestAccount } from './support/accounts'

// One page for everyone (docs/decisions/037), on the real server: a shop page is the same bytes for an anonymous
// visitor, a signed-in owner with a registry and a cart, and a guest holding a cart; it names nobody, says any shared
// cache may keep it for a few seconds, and the server's own HTTP cache answers the next request from it. Each visitor's
// own facts come from GET /api/v3/me/header, kept by no cache. A request bringing a one-time message (the flash cookie,
// after a form sent without JavaScript) is rendered for its visitor. Plain HTTP: no browser needed.

const baseUrl = inject('baseUrl')
const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=15, stale-while-revalidate=30'
const pages = ['/store', '/store/full-size-strollers', '/store/strollers', '/store/search?search_term=organic%20swaddle', '/store/sale', '/best-baby-products', '/gp/nestling-essentials-wipes-dispenser/1']

type Answer = { status: number; body: string; headers: Headers }

async function get(path: string, { cookie, fresh = false }: { cookie?: string; fresh?: boolean } = {}): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (cookie) headers.Cookie = cookie
  // Asks for a new answer: the page is rendered for this request, not taken from the server's HTTP cache.
  if (fresh) headers['Cache-Control'] = 'no-cache'
  const res = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' })
  return { status: res.status, body: await res.text(), headers: res.headers }
}

const postJson = (path: string, body: unknown, cookie?: string) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) })

type VisitorHeader = { viewer: { firstName: string } | null; email: string | null; cartCount: number; myRegistry: { href: string } | null; addTarget: { title: string } | null }

let owner: TestAccount
let ownerCart: number
let guest: string
let brandPath: string
const REGISTRY_TITLE = 'Baby Ottilie'

beforeAll(async () => {
  // A signed-in owner with a registry and two items in their cart.
  owner = await createAccount(baseUrl, { firstName: 'Ottiliezq', lastName: 'Varnquist' })
  const registry = await postJson(
    '/api/v3/registries',
    { registryType: 'baby', title: REGISTRY_TITLE, familyName: 'Varnquist Family', slug: `ottilie-${Date.now() % 1_000_000}`, arrivalDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10), planningStage: 'pregnant' },
    owner.cookie,
  )
  expect(registry.status).toBe(201)
  expect((await postJson('/api/v3/cart_items', { productId: 1, quantity: 2 }, owner.cookie)).status).toBe(201)
  ownerCart = 2
  // A guest holding a cart of three.
  const added = await postJson('/api/v3/cart_items', { productId: 1, quantity: 3 })
  expect(added.status).toBe(201)
  guest = /nestlist_cart=[^;]+/.exec(added.headers.get('Set-Cookie') ?? '')![0]
  // A brand page, from the sitemap.
  const sitemap = await (await fetch(`${baseUrl}/sitemaps/pages.xml`)).text()
  brandPath = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => p.startsWith('/store/b/'))!
  expect(brandPath).toBeTruthy()
})

/** The headers every visitor's answer of a shared page carries. */
function expectSharedHeaders(answer: Answer, label: string) {
  expect(answer.status, label).toBe(200)
  expect(answer.headers.get('cache-control'), label).toBe(SHARED_CACHE_CONTROL)
  expect(answer.headers.get('x-accel-expires'), label).toBe('1')
  expect(answer.headers.get('vary'), label).toBe('Accept-Encoding')
  expect(answer.headers.get('set-cookie'), label).toBeNull()
  expect(answer.headers.get('cross-origin-opener-policy'), label).toBeNull()
  const csp = answer.headers.get('content-security-policy') ?? ''
  expect(csp, label).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
  expect(csp, label).not.toContain("'nonce-")
  // No script in the page carries a nonce, and every inline one is allowed by its hash.
  expect(answer.body, label).not.toMatch(/<script[^>]* nonce="/)
}

describe('shop pages are one page for everyone', () => {
  test('an anonymous visitor, a signed-in owner with a registry and a cart, and a guest with a cart get the same bytes, naming nobody', async () => {
    for (const path of [...pages, brandPath]) {
      // A page may show something that changes with the clock between two renders: one more try then.
      let attempt = 0
      let renders: { who: string; answer: Answer }[]
      for (;;) {
        renders = []
        for (const [who, cookie] of [
          ['anonymous', undefined],
          ['owner', owner.cookie],
          ['guest', guest],
          ['anonymous again', undefined],
        ] as const) {
          renders.push({ who, answer: await get(path, { cookie, fresh: true }) })
        }
        if (renders[0]!.answer.body === renders[3]!.answer.body || ++attempt > 1) break
      }
      const [anonymous] = renders
      for (const { who, answer } of renders) {
        const label = `${path} (${who})`
        expectSharedHeaders(answer, label)
        expect(answer.body.length, label).toBe(anonymous!.answer.body.length)
        expect(answer.body === anonymous!.answer.body, `${label}: the same bytes as the anonymous page`).toBe(true)
        expect(answer.headers.get('content-security-policy'), label).toBe(anonymous!.answer.headers.get('content-security-policy'))
        // Rendered for this request (asked with no-cache), not answered from the cache.
        expect(answer.headers.get('age'), label).toBeNull()
      }
      const html = anonymous!.answer.body
      // The owner is named nowhere: not their name, address, registry or cart count.
      for (const secret of [owner.firstName, owner.lastName, owner.email, REGISTRY_TITLE]) expect(html.includes(secret), `${path}: ${secret}`).toBe(false)
      // The header's neutral parts, until the browser knows who is looking: an 'Account' link to the settings and a
      // cart link that shows no count.
      expect(html, path).toMatch(/<a[^>]*href="\/settings"[^>]*>[\s\S]*?Account<\/span><\/a>/)
      expect(html, path).toMatch(/<a[^>]*aria-label="Cart"[^>]*data-mini-cart/)
      expect(html, path).not.toContain('data-cart-count')
      expect(html, path).not.toContain('Account menu for ')
    }
  })

  test('the registry discount banner in the shared page says what a registry brings, true for everyone', async () => {
    for (const path of ['/store/strollers', '/store/search?search_term=organic%20swaddle', brandPath]) {
      // The text without React's markers between its parts.
      const body = (await get(path, { cookie: owner.cookie })).body.replaceAll('<!-- -->', '')
      expect(body, path).toContain('aria-label="Registry discount"')
      expect(body, path).toContain('Registries get 15% off at the shop')
      expect(body, path).toContain('href="/registry-discount"')
      expect(body, path).not.toContain('Get 15% off at the shop<')
    }
  })

  test('the next request is answered from the server’s HTTP cache, with an Age, for anyone', async () => {
    for (const path of [...pages, brandPath]) {
      const first = await get(path)
      expectSharedHeaders(first, `${path} (first)`)
      for (const [who, cookie] of [
        ['anonymous', undefined],
        ['owner', owner.cookie],
        ['guest', guest],
      ] as const) {
        const label = `${path} (${who}, from the cache)`
        const again = await get(path, { cookie })
        expectSharedHeaders(again, label)
        expect(again.headers.get('age'), label).toMatch(/^\d+$/)
        expect(Number(again.headers.get('age')), label).toBeLessThanOrEqual(15)
        expect(again.body === first.body, label).toBe(true)
      }
    }
  })

  test('GET /api/v3/me/header gives each visitor their own facts, kept by no cache', async () => {
    const ask = async (cookie?: string) => {
      const res = await fetch(`${baseUrl}/api/v3/me/header`, { headers: cookie ? { Cookie: cookie } : {} })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('age')).toBeNull()
      return (await res.json()) as VisitorHeader
    }
    // Twice each, interleaved: nobody ever gets another's answer.
    for (let round = 0; round < 2; round++) {
      expect(await ask()).toMatchObject({ viewer: null, email: null, cartCount: 0, myRegistry: null, addTarget: null })
      const mine = await ask(owner.cookie)
      expect(mine).toMatchObject({ viewer: { firstName: owner.firstName }, email: owner.email, cartCount: ownerCart, myRegistry: { href: '/registry/home' } })
      expect(mine.addTarget?.title).toBe(REGISTRY_TITLE)
      expect(await ask(guest)).toMatchObject({ viewer: null, email: null, cartCount: 3, myRegistry: null, addTarget: null })
    }
  })

  test('a request bringing a one-time message gets a page rendered for its visitor, kept by no cache, and the message cleared', async () => {
    const path = '/gp/nestling-essentials-wipes-dispenser/1'
    await get(path) // stored for everyone
    for (const [who, cookie] of [
      ['owner', `nestlist_flash=cart_added; ${owner.cookie}`],
      ['guest', `${guest}; nestlist_flash=cart_added`],
      ['anonymous', 'nestlist_flash=cart_added'],
    ] as const) {
      const label = `${path} (${who} with a message)`
      const answer = await get(path, { cookie })
      expect(answer.status, label).toBe(200)
      expect(answer.headers.get('cache-control'), label).toBe('private, no-store')
      expect(answer.headers.get('age'), label).toBeNull()
      expect(answer.headers.get('cross-origin-opener-policy'), label).toBe('same-origin')
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce, label).toMatch(/^[A-Za-z0-9+/=]{16,}$/)
      expect(answer.headers.get('content-security-policy'), label).not.toContain("'sha256-")
      expect(new Set([...answer.body.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1])), label).toEqual(new Set([nonce]))
      const setCookie = answer.headers.get('set-cookie') ?? ''
      expect(setCookie, label).toMatch(/nestlist_flash=;/)
      expect(setCookie, label).toMatch(/Max-Age=0/)
      expect(answer.body, label).toContain('Added to your cart.')
      // The header is this visitor's: their name and their count.
      const cartLabel = /aria-label="(Cart[^"]*)"[^>]*data-mini-cart/.exec(answer.body)?.[1]
      if (who === 'owner') {
        expect(answer.body, label).toContain(`Account menu for </span>${owner.firstName}`)
        expect(cartLabel, label).toBe(`Cart, ${ownerCart} items`)
      } else {
        expect(answer.body.includes(owner.firstName), label).toBe(false)
        expect(cartLabel, label).toBe(who === 'guest' ? 'Cart, 3 items' : 'Cart, empty')
      }
    }
    // None of that was kept for anyone else.
    const after = await get(path)
    expectSharedHeaders(after, `${path} (anonymous, after)`)
    expect(after.body).not.toContain('Added to your cart.')
    expect(after.body.includes(owner.firstName)).toBe(false)
  })
})
