import { describe, expect, inject, test } from 'vitest'

// The scripts a shop page loads at start (decision 018): what its deferred-hydration loader lists (entry, the
// framework, the route and everything they import statically). Form validation (zod, 24 KB gzip) belongs to the
// server and to forms loaded on first use, never to a shop page's first load: it crept in twice (h13 on the product
// page, h16 on /store through the banner ads' link check), each time unseen until the bytes were counted.
const baseUrl = inject('baseUrl')

const pages = ['/store', '/store/full-size-strollers', '/store/search?search_term=swaddle', '/gp/nestling-essentials-wipes-dispenser/1']

async function firstLoadScripts(path: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text()
  // The loader's list of module preloads (app/lib/defer-hydration.server.ts): var q=["/assets/entry.client-….js", …];
  const list = html.match(/var q=\[("\/assets\/[\w.-]+\.js",?)+\];/)?.[0] ?? ''
  const urls = [...new Set(list.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
  return Promise.all(urls.map(async (url) => ({ url, code: await (await fetch(`${baseUrl}${url}`)).text() })))
}

describe('first-load scripts of shop pages', () => {
  for (const path of pages) {
    test(`${path} loads no form validation library at start`, async () => {
      const scripts = await firstLoadScripts(path)
      expect(scripts.length).toBeGreaterThan(3)
      expect(scripts[0]!.url).toMatch(/^\/assets\/entry\.client-/)
      expect(scripts.some((s) => s.code.includes('hydrateRoot') || s.code.includes('hydrate'))).toBe(true)
      const withZod = scripts.filter((s) => s.code.includes('ZodError') || s.code.includes('invalid_type')).map((s) => s.url)
      expect(withZod).toEqual([])
    })
  }
})

describe('what a shop page leaves out of its first load', () => {
  for (const path of pages) {
    test(`${path}: no icon drawings (the page's sprite has them), no signed-in account menu, no flash message texts, no suggestion requests, no back-to-top button`, async () => {
      const scripts = await firstLoadScripts(path)
      // The sparkle icon's drawing, and the staff links of the signed-in menu.
      expect(scripts.filter((s) => s.code.includes('M12 3c.6 4.4 2.6 6.4 7 7')).map((s) => s.url)).toEqual([])
      expect(scripts.filter((s) => s.code.includes('Staff: email outbox')).map((s) => s.url)).toEqual([])
      // The flash messages' texts: the root loader sends the one a page shows.
      expect(scripts.filter((s) => s.code.includes('You are signed out. See you soon!')).map((s) => s.url)).toEqual([])
      // The search box's suggestion requests (loaded when the box is first used) and the back-to-top button (loaded
      // on the first scroll past its threshold).
      expect(scripts.filter((s) => s.code.includes('/store/api/search/suggestions')).map((s) => s.url)).toEqual([])
      expect(scripts.filter((s) => s.code.includes('prefers-reduced-motion: reduce')).map((s) => s.url)).toEqual([])
      const html = await (await fetch(`${baseUrl}${path}`)).text()
      expect(html).toContain('<symbol id="icon-sparkle" viewBox="0 0 24 24"><path d="M12 3c.6 4.4 2.6 6.4 7 7')
    })
  }
})

describe('browser scripts of every page', () => {
  test("carry none of the demo catalogue's seed data (it crept into the staff banner page through the illustrations module, h17)", async () => {
    const html = await (await fetch(`${baseUrl}/store`)).text()
    const manifestUrl = html.match(/\/assets\/manifest-[\w-]+\.js/)?.[0]
    expect(manifestUrl).toBeDefined()
    const manifest = JSON.parse(
      (await (await fetch(`${baseUrl}${manifestUrl}`)).text()).replace(/^window.__reactRouterManifest=/, '').replace(/;\s*$/, ''),
    ) as { routes: Record<string, { module?: string; imports?: string[] }> }
    const urls = [...new Set(Object.values(manifest.routes).flatMap((r) => [...(r.module ? [r.module] : []), ...(r.imports ?? [])]))]
    expect(urls.length).toBeGreaterThan(50)
    const codes = await Promise.all(urls.map(async (url) => ({ url, code: await (await fetch(`${baseUrl}${url}`)).text() })))
    // A guide title of the seed lists (app/modules/catalog/seed/): data the server seeds and serves.
    expect(codes.filter((s) => s.code.includes('Travel Systems, Explained')).map((s) => s.url)).toEqual([])
  })
})
