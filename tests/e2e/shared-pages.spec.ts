import { describe, expect, inject, test } from 'vitest'
import { createAccount, demoParent } from './support/accounts'
import { loaderValue, rootHeaderEntries } from './support/personal-copy'

// The anonymous page cache (server/page-cache.ts) on the real server: shop pages requested without any
// cookie may be answered from it; two signed-in shoppers and an anonymous visitor, interleaved on the
// same pages, each get their own page and never another's. Plain HTTP: no browser needed.

const baseUrl = inject('baseUrl')
const pages = ['/store/full-size-strollers', '/store/strollers', '/store/search?search_term=organic%20swaddle', '/store/sale', '/store', '/gp/nestling-essentials-wipes-dispenser/1']

async function page(path: string, cookie?: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
  const html = await res.text()
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1] ?? ''
  return { status: res.status, html, nonce, vary: res.headers.get('Vary') ?? '', setCookie: res.headers.get('Set-Cookie'), opener: res.headers.get('Cross-Origin-Opener-Policy') }
}

/** The header's account corner: the first name of the signed-in person, or the 'Sign in' link. */
const signedInAs = (html: string, names: string[]) => names.filter((n) => html.includes(`>${n}<`))

describe('anonymous page cache on the shop pages', () => {
  test('two signed-in shoppers and an anonymous visitor never see each other’s page', async () => {
    const alice = await createAccount(baseUrl, { firstName: 'Aliciaxq' })
    const bruno = await createAccount(baseUrl, { firstName: 'Brunozq' })
    const names = [alice.firstName, bruno.firstName]
    for (const path of pages) {
      // Anonymous first (the cache keeps it), then each shopper, then anonymous again (from the cache).
      const anonymous = await page(path)
      const a = await page(path, alice.cookie)
      const b = await page(path, bruno.cookie)
      const anonymousAgain = await page(path)
      const a2 = await page(path, alice.cookie)
      for (const p of [anonymous, a, b, anonymousAgain, a2]) {
        expect(p.status, path).toBe(200)
        expect(p.vary, path).toMatch(/Cookie/)
      }
      expect(signedInAs(a.html, names), path).toEqual([alice.firstName])
      expect(signedInAs(a2.html, names), path).toEqual([alice.firstName])
      // The pages shared between visitors carry no opener policy, rendered or from the cache; a signed-in
      // shopper's own page keeps it (decision 018, amendment h27).
      for (const p of [a, b, a2]) expect(p.opener, path).toBe('same-origin')
      expect(signedInAs(b.html, names), path).toEqual([bruno.firstName])
      for (const p of [anonymous, anonymousAgain]) {
        expect(signedInAs(p.html, names), path).toEqual([])
        expect(p.html, path).toContain('Sign in')
        expect(p.setCookie, path).toBeNull()
        expect(p.opener, path).toBeNull()
      }
    }
  })

  test('every anonymous response has its own CSP nonce, used by all of its scripts, and its own search id', async () => {
    const seen = new Set<string>()
    const searchIds = new Set<string>()
    for (let i = 0; i < 3; i++) {
      for (const path of pages) {
        const p = await page(path)
        expect(p.nonce, path).toMatch(/^[A-Za-z0-9+/=]{16,}$/)
        expect(seen.has(p.nonce), path).toBe(false)
        seen.add(p.nonce)
        const scriptNonces = [...p.html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1])
        expect(scriptNonces.length, path).toBeGreaterThan(0)
        expect(new Set(scriptNonces), path).toEqual(new Set([p.nonce]))
        const searchId = /searchId\\?",\\?"([0-9a-f-]{36})/.exec(p.html)?.[1]
        if (path.startsWith('/store/search')) {
          expect(searchId, path).toBeDefined()
          expect(searchIds.has(searchId!), path).toBe(false)
          searchIds.add(searchId!)
        }
      }
    }
    expect(searchIds.size).toBe(3)
  })

  test('guests holding carts and signed-in shoppers get the shared copy with their own header; each sees only their own', async () => {
    /** A new guest cart with `quantity` of the first product: the guest's cookie. */
    const guestCart = async (quantity: number) => {
      const res = await fetch(`${baseUrl}/api/v3/cart_items`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl }, body: JSON.stringify({ productId: 1, quantity }) })
      expect(res.status).toBe(201)
      return /nestlist_cart=[^;]+/.exec(res.headers.get('Set-Cookie') ?? '')![0]
    }
    const two = await guestCart(2)
    const five = await guestCart(5)
    // A new account (confirmed from its emailed link, as every new account is, and with no registry) and the demo
    // parent (owner of a registry whose discount banner shows on category and search pages).
    const carol = await createAccount(baseUrl, { firstName: 'Carolqx' })
    const signIn = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl }, body: JSON.stringify(demoParent) })
    expect(signIn.status).toBe(200)
    const parent = /nestlist_session=[^;]+/.exec(signIn.headers.get('Set-Cookie') ?? '')![0]
    const streamCount = (html: string) => {
      const { cartCount, fromCopy } = rootHeaderEntries(html)
      return { count: cartCount, copy: fromCopy }
    }
    const label = (html: string) => /aria-label="(Cart[^"]*)"[^>]*data-mini-cart/.exec(html)?.[1]
    for (const path of pages) {
      await page(path) // stored for everyone
      for (let round = 0; round < 2; round++) {
        const a = await page(path, two)
        const b = await page(path, five)
        const anonymous = await page(path)
        const c = await page(path, carol.cookie)
        const d = await page(path, parent)
        expect([a, b, anonymous, c, d].map((p) => p.status), path).toEqual([200, 200, 200, 200, 200])
        expect([label(a.html), label(b.html), label(anonymous.html), label(c.html)], path).toEqual(['Cart, 2 items', 'Cart, 5 items', 'Cart, empty', 'Cart, empty'])
        expect(streamCount(a.html), path).toEqual({ count: 2, copy: true })
        expect(streamCount(b.html), path).toEqual({ count: 5, copy: true })
        // A signed-in shopper's pages too (the landing, category, search and product pages).
        const listing = path.startsWith('/store/')
        expect(streamCount(d.html).copy, path).toBe(true)
        if (path === '/store') {
          // The landing page from the copy: the birthday prompt's facts are the parent's (their registries), no one else's.
          const prompt = loaderValue(d.html, 'routes/store/landing', 'birthdayPrompt') as { registries: { registryType: string }[] } | null
          expect(prompt?.registries.map((r) => r.registryType), path).toContain('baby')
          expect([a, b, anonymous, c].map((p) => loaderValue(p.html, 'routes/store/landing', 'birthdayPrompt')), path).toEqual([null, null, null, null])
        }
        if (path.startsWith('/gp/')) {
          // The product page from the copy: the parent's own Add to Registry form, and their address in its data.
          expect(d.html, path).toMatch(/Adding to <span[^>]*>Baby Rivera<\/span>/)
          expect(d.html, path).toContain('id="add-to-registry-quantity"')
          expect(d.html, path).not.toContain('/login?redirect_path=%2Fgp')
          expect(d.html, path).toContain('parent@nestlist.example')
          expect(a.html, path).toContain('/login?redirect_path=%2Fgp')
          expect([a, b, anonymous].some((p) => p.html.includes('parent@nestlist.example')), path).toBe(false)
        }
        expect(streamCount(c.html), path).toEqual({ count: 0, copy: true })
        expect(d.html, path).toContain('Account menu for ')
        expect(signedInAs(c.html, [carol.firstName, 'Maya']), path).toEqual([carol.firstName])
        expect(signedInAs(d.html, [carol.firstName]), path).toEqual([])
        // The banner is on category and search pages (the sale listing has none; the demo's landing page shows home
        // banner ads, and so no registry discount banner to anyone).
        expect(d.html.includes('aria-label="Registry discount"'), path).toBe(listing && path !== '/store/sale')
        expect(d.opener, path).toBe('same-origin')
        expect(streamCount(anonymous.html).count, path).toBe(0)
        expect(a.html, path).toContain('data-cart-count="true">2</span>')
        expect(anonymous.html, path).not.toContain('data-cart-count')
        // A guest's page is personal: the opener policy, and Vary; it sets no cookie and names nobody.
        for (const p of [a, b]) {
          expect(p.opener, path).toBe('same-origin')
          expect(p.vary, path).toMatch(/Cookie/)
          expect(p.setCookie, path).toBeNull()
          expect(signedInAs(p.html, [carol.firstName]), path).toEqual([])
        }
        expect(signedInAs(c.html, [carol.firstName]), path).toEqual([carol.firstName])
        expect(anonymous.opener, path).toBeNull()
      }
    }
    // A guest's copy is not kept from an earlier visit: a new item shows on the next page.
    await fetch(`${baseUrl}/api/v3/cart_items`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: two }, body: JSON.stringify({ productId: 1, quantity: 1 }) })
    expect(label((await page(pages[0]!, two)).html)).toBe('Cart, 3 items')
  })
})

