// Nestlist on three nodes behind nginx (npm run cluster, docs/deploy.md), sharing this run's database: each visitor
// gets their own header, cart and discount banner on pages every node and nginx keep, a sign-in made on one node holds
// on all, a stock change made through one node reaches the pages of every node and of nginx within 2 s, and
// reservations keep their rule while a node is killed mid-run.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { type Cluster, startCluster } from '../../scripts/cluster-lib'
import { createAccount, demoParent, demoStaff } from './support/accounts'
import { launchBrowser } from './support/browser'
import { makeDataDir } from './support/server'
import { endPool } from './support/shop-db'

const databaseUrl = inject('databaseUrl')
let cluster: Cluster
let browser: Browser
let pool: pg.Pool

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, port: 0, databaseUrl, dataDir: makeDataDir() })
  browser = await launchBrowser()
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
})

afterAll(async () => {
  await browser?.close()
  await cluster?.stop()
  if (pool) await endPool(pool)
})

const json = (base: string, method: string, path: string, body?: unknown, cookie?: string) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function signIn(base: string, account: { email: string; password: string }) {
  const res = await json(base, 'POST', '/api/v3/user_session', account)
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

const page = async (base: string, path: string, cookie?: string) => (await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text()

/** A stocked product without options (one stock row), and its page's path. */
async function stockedProduct() {
  const { rows } = await pool.query<{ product_id: number; option_key: string; quantity: number }>(
    `select s.product_id, s.option_key, s.quantity from product_stock s join products p on p.id = s.product_id
     where s.quantity between 5 and 500 and p.available and s.option_key = ''
       and (select count(*) from product_stock o where o.product_id = s.product_id) = 1
     order by s.product_id desc limit 1`,
  )
  const row = rows[0]!
  return { id: row.product_id, optionKey: row.option_key, quantity: row.quantity, path: `/gp/p/${row.product_id}` }
}

describe('three nodes behind nginx', () => {
  test('a signed-in parent, a guest with a cart and an anonymous visitor each get their own header, cart and discount banner from every node; a sign-in on one node holds on all', async () => {
    // In browsers, through nginx: the parent signs in on the sign-in page and browses; a guest puts a product in a
    // cart; a third browser stays anonymous. The pages are the same for all three (and kept by nginx and the nodes);
    // each one's header, cart count and registry discount banner come from GET /api/v3/me/header.
    const parentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const guestContext = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const anonymousContext = await browser.newContext({ viewport: { width: 375, height: 800 } })
    try {
      const parentPage = await parentContext.newPage()
      await parentPage.goto(`${cluster.url}/login?redirect_path=%2Fstore`)
      await parentPage.getByLabel('Email').fill(demoParent.email)
      await parentPage.getByLabel('Password', { exact: true }).fill(demoParent.password)
      await parentPage.getByRole('button', { name: 'Sign in' }).click()
      await parentPage.waitForURL(`${cluster.url}/store`)
      const product = await stockedProduct()
      const added = await guestContext.request.post(`${cluster.url}/api/v3/cart_items`, { data: { productId: product.id, quantity: 1 }, headers: { Origin: cluster.url } })
      expect(added.status(), await added.text()).toBe(201)
      const guestPage = await guestContext.newPage()
      const anonymousPage = await anonymousContext.newPage()
      const cart = (p: typeof parentPage) => p.locator('[data-mini-cart]').getAttribute('aria-label')
      const banner = (p: typeof parentPage) => p.locator('[data-registry-discount]').textContent()
      for (let round = 0; round < 4; round++) {
        for (const path of ['/store/strollers', '/store/search?search_term=blanket']) {
          for (const p of [parentPage, guestPage, anonymousPage]) {
            await p.goto(`${cluster.url}${path}`)
            await p.waitForSelector('html[data-hydrated]')
          }
          await expect.poll(() => parentPage.locator('summary', { hasText: 'Maya' }).count(), { message: path }).toBe(1)
          await expect.poll(() => banner(parentPage), { message: path }).toContain('Get 15% off at the shop')
          await expect.poll(() => cart(guestPage), { message: path }).toBe('Cart, 1 item')
          await expect.poll(() => guestPage.getByRole('link', { name: 'Sign in' }).count(), { message: path }).toBeGreaterThan(0)
          await expect.poll(() => cart(anonymousPage), { message: path }).toBe('Cart, empty')
          await expect.poll(() => anonymousPage.getByRole('link', { name: 'Sign in' }).count(), { message: path }).toBeGreaterThan(0)
          for (const p of [guestPage, anonymousPage]) {
            expect(await banner(p), path).toContain('Registries get 15% off at the shop')
            expect(await p.content(), path).not.toContain('Maya')
          }
        }
      }
      const cookie = (await parentContext.cookies()).find((c) => c.name.endsWith('nestlist_session'))!
      const parentCookie = `${cookie.name}=${cookie.value}`
      // The session made through nginx is good on every node; every node answers each visitor with their own facts,
      // and the page itself is the same for all, with nothing of the parent in it.
      for (const node of cluster.nodes) {
        const me = await fetch(`${node.url}/api/v3/me/header`, { headers: { Cookie: parentCookie } })
        expect(me.status, node.url).toBe(200)
        expect(me.headers.get('cache-control')).toBe('private, no-store')
        expect(((await me.json()) as { viewer: { firstName: string } | null }).viewer?.firstName, node.url).toBe('Maya')
        const nobody = (await (await fetch(`${node.url}/api/v3/me/header`)).json()) as { viewer: unknown; cartCount: number }
        expect(nobody, node.url).toMatchObject({ viewer: null, cartCount: 0 })
        for (let i = 0; i < 2; i++) {
          const signedIn = await page(node.url, '/store/strollers', parentCookie)
          expect(signedIn, node.url).not.toContain('Account menu for ')
          expect(signedIn, node.url).not.toContain(demoParent.email)
        }
      }
    } finally {
      await parentContext.close()
      await guestContext.close()
      await anonymousContext.close()
    }
    // A sign-in on node 1 is valid on nodes 2 and 3.
    const fromNode1 = await signIn(cluster.nodes[0]!.url, demoParent)
    for (const node of cluster.nodes.slice(1)) expect((await fetch(`${node.url}/api/v3/user`, { headers: { Cookie: fromNode1 } })).status, node.url).toBe(200)
  })

  test('a stock change made through one node shows on the product page of every node, and through nginx, within 2 s', async () => {
    const product = await stockedProduct()
    const staff = await signIn(cluster.url, demoStaff)
    const soldOutText = 'We will send you one email when it is back in stock.'
    // Every node has the page in its cache first, so a node that missed the change would keep showing it in stock.
    for (const node of cluster.nodes) for (let i = 0; i < 2; i++) expect(await page(node.url, product.path), node.url).not.toContain(soldOutText)
    // nginx keeps the page too (X-Accel-Expires: 1), so it is one of the places that must show the change in time.
    for (let i = 0; i < 2; i++) expect(await page(cluster.url, product.path)).not.toContain(soldOutText)
    const showsOnEveryNode = async (soldOut: boolean) => {
      const since = Date.now()
      for (const base of [...cluster.nodes.map((n) => n.url), cluster.url]) {
        await expect
          .poll(async () => (await page(base, product.path)).includes(soldOutText), { timeout: Math.max(100, 2000 - (Date.now() - since)), interval: 100, message: base })
          .toBe(soldOut)
      }
    }
    const set = (base: string, quantity: number, expected: number) =>
      json(base, 'PATCH', `/api/v3/staff/products/${product.id}/stock`, { optionKey: product.optionKey, quantity, expected }, staff)
    try {
      expect((await set(cluster.nodes[0]!.url, 0, product.quantity)).status).toBe(200)
      await showsOnEveryNode(true)
    } finally {
      expect((await set(cluster.nodes[1]!.url, product.quantity, 0)).status).toBe(200)
    }
    await showsOnEveryNode(false)
  })

  test("staff's 'refresh now' on one node reloads the listing index of every node", async () => {
    const staff = await signIn(cluster.url, demoStaff)
    const loadedAt = async (node: { url: string }) => {
      const res = await fetch(`${node.url}/bl_admin/api/cache_refreshes`, { headers: { Cookie: staff } })
      expect(res.status).toBe(200)
      return ((await res.json()) as { index: { loadedAt: string | null } }).index.loadedAt
    }
    const before = await Promise.all(cluster.nodes.map(loadedAt))
    expect((await json(cluster.nodes[2]!.url, 'POST', '/bl_admin/api/cache_refreshes', {}, staff)).status).toBe(201)
    for (const [i, node] of cluster.nodes.entries()) {
      await expect.poll(() => loadedAt(node), { timeout: 5000, interval: 100 }).not.toBe(before[i])
    }
  })

  test('reservations spread over the nodes keep their rule while one node is killed and restarted: none acknowledged is lost or doubled, none beyond the quantity', async () => {
    const owner = await createAccount(cluster.url, { firstName: 'Clara' })
    const product = await stockedProduct()
    const arrival = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10)
    const registry = await json(
      cluster.url,
      'POST',
      '/api/v3/registries',
      { registryType: 'baby', title: 'Baby Cluster', familyName: 'Clara Tester', slug: `cluster-${randomBytes(4).toString('hex')}`, arrivalDate: arrival, planningStage: 'pregnant' },
      owner.cookie,
    )
    expect(registry.status).toBe(201)
    const registryId = ((await registry.json()) as { id: number }).id
    const item = await json(cluster.url, 'POST', `/api/v3/registries/${registryId}/reg_items`, { productId: product.id, quantity: 5 }, owner.cookie)
    expect(item.status).toBe(201)
    const itemId = ((await item.json()) as { id: number }).id

    const victim = cluster.nodes[1]!
    const outcomes: { status: number; id?: string }[] = []
    const attempt = async (i: number) => {
      try {
        const res = await json(cluster.url, 'POST', `/api/v3/reg_items/${itemId}/reservations`, { quantity: 1, giverName: `Guest ${i}`, giverEmail: `guest${i}.${randomBytes(3).toString('hex')}@example.test` })
        const body = (await res.json().catch(() => ({}))) as { id?: string }
        outcomes.push({ status: res.status, id: body.id })
      } catch {
        outcomes.push({ status: 0 })
      }
    }
    const first = Array.from({ length: 8 }, (_, i) => attempt(i))
    await new Promise((r) => setTimeout(r, 30))
    await victim.kill()
    const second = Array.from({ length: 12 }, (_, i) => attempt(100 + i))
    await Promise.all([...first, ...second])
    await victim.restart()

    const acknowledged = outcomes.filter((o) => o.status === 201)
    const refused = outcomes.filter((o) => o.status === 409 || o.status === 422)
    const unknown = outcomes.filter((o) => o.status !== 201 && o.status !== 409 && o.status !== 422)
    expect(outcomes).toHaveLength(20)
    expect(acknowledged.length).toBeGreaterThan(0)
    expect(acknowledged.length + refused.length + unknown.length).toBe(20)
    // Every acknowledged reservation exists, once, on every node (the restarted one too).
    expect(new Set(acknowledged.map((o) => o.id)).size).toBe(acknowledged.length)
    for (const node of cluster.nodes) {
      for (const { id } of acknowledged) {
        const res = await fetch(`${node.url}/api/v3/reservations/${id}`)
        expect(res.status, `${node.url} ${id}`).toBe(200)
      }
    }
    const stored = await pool.query<{ n: number; quantity: number }>(
      `select count(*)::int as n, coalesce(sum(quantity), 0)::int as quantity from reservations where reg_item_id = $1 and status <> 'cancelled'`,
      [itemId],
    )
    // Never more than the family asked for; nothing acknowledged lost; nothing stored that a request did not make.
    expect(stored.rows[0]!.quantity).toBeLessThanOrEqual(5)
    expect(stored.rows[0]!.n).toBeGreaterThanOrEqual(acknowledged.length)
    expect(stored.rows[0]!.n).toBeLessThanOrEqual(acknowledged.length + unknown.length)
    // The refusals say the gift is taken, not that something broke.
    if (acknowledged.length === 5) expect(refused.length).toBeGreaterThan(0)
  })
})
