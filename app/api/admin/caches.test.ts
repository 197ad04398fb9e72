// /bl_admin/api/cache_refreshes and /admin/shop-caches (spec §7 'Admin'; decision 028, h16), against the real database
// with the listing index running, as in the server.
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { action as pageAction, loader as pageLoader } from '~/routes/admin/shop-caches'
import { createServices, type Services } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { get, post, run } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services
let app: ReturnType<typeof createApp>
let staff: { cookie: string; id: number }
let customer: { cookie: string; id: number }
let n = 0
const factories = catalogFactories(() => database.db, 97_000)

async function signUp(name: string) {
  const email = `${name.toLowerCase()}-${++n}-${Date.now()}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: name, lastName: 'Tester', email, password: `long enough ${name} pass` }, { ip: '203.0.113.9', userAgent: 'vitest' })
  return { cookie: `nestlist_session=${token}`, id: user.id }
}

/**
 * Lets the change feed deliver what the writes so far notified (PostgreSQL sends a NOTIFY at commit; the index's
 * listener gets it a moment later), then waits for the index to apply it: so a later assertion about what is kept
 * is not undone by a notification of the test's own set-up arriving late.
 */
async function feedCaughtUp() {
  await new Promise((resolve) => setTimeout(resolve, 150))
  await services.searchIndex.settled()
}

const call = (method: string, path: string, cookie?: string) => app.request(path, { method, headers: cookie ? { Cookie: cookie } : {} })

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  staff = await signUp('Staff')
  await database.pool.query(`update users set role = 'staff' where id = $1`, [staff.id])
  customer = await signUp('Customer')
  await services.searchIndex.start()
})
afterAll(async () => {
  await services?.searchIndex.stop()
  await database?.drop()
})

describe('/bl_admin/api/cache_refreshes', () => {
  test('anonymous 401, a customer 404, both calls in the OpenAPI document', async () => {
    for (const method of ['GET', 'POST']) {
      expect((await call(method, '/bl_admin/api/cache_refreshes')).status).toBe(401)
      expect((await call(method, '/bl_admin/api/cache_refreshes', customer.cookie)).status).toBe(404)
    }
    const doc = (await (await app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/bl_admin/api/cache_refreshes'] ?? {}).sort()).toEqual(['get', 'post'])
  })

  test('a guide edit (no change feed) shows only after a refresh; the answer says what was reloaded and by whom', async () => {
    const category = await factories.createCategory({ urlSlug: `caches-${Date.now()}` })
    const guide = await factories.createGuide({ title: 'Stroller basics' })
    await database.pool.query(`insert into category_guides (category_id, guide_id, position) values ($1, $2, 0)`, [category.id, guide.id])
    await feedCaughtUp()
    const titles = async () => (await services.storefront.guidesForCategory(category.urlSlug)).map((g) => g.title)
    expect(await titles()).toEqual(['Stroller basics'])
    await database.pool.query(`update guides set title = 'Strollers, explained' where id = $1`, [guide.id])
    expect(await titles()).toEqual(['Stroller basics']) // a shared read, kept up to its 15 s

    const res = await call('POST', '/bl_admin/api/cache_refreshes', staff.cookie)
    expect(res.status).toBe(201)
    const body = (await res.json()) as { refresh: { byStaffId: number; products: number; refreshedAt: string }; caches: { index: { ready: boolean; listening: boolean }; lastRefresh: unknown } }
    expect(body.refresh.byStaffId).toBe(staff.id)
    expect(body.caches.index).toMatchObject({ ready: true, listening: true })
    expect(body.caches.lastRefresh).toEqual(body.refresh)
    expect(await titles()).toEqual(['Strollers, explained'])

    const status = (await (await call('GET', '/bl_admin/api/cache_refreshes', staff.cookie)).json()) as { lastRefresh: unknown; reads: { entries: number } }
    expect(status.lastRefresh).toEqual(body.refresh)
  })

  test('a product changed behind the feed (no notification) is listed as it is after a refresh', async () => {
    const category = await factories.createCategory({ urlSlug: `caches-idx-${Date.now()}` })
    const brand = await factories.createBrand()
    const product = await factories.createProduct({ categoryId: category.id, brandId: brand.id, name: 'Quiet cotton swaddle' })
    const count = async (term: string) => (await services.search.listing({ searchTerm: term, categorySlug: category.urlSlug, filters: {}, sort: 'popular', order: 'desc', page: 1, limit: 18 })).count
    await vi.waitFor(async () => expect(await count('swaddle')).toBe(1), { timeout: 5_000 })
    await feedCaughtUp()
    // As if a change had been missed (a notification lost, an edit made with the triggers off).
    await database.pool.query(`alter table products disable trigger user`)
    await database.pool.query(`update products set name = 'Quiet cotton blanket' where id = $1`, [product.id])
    await database.pool.query(`alter table products enable trigger user`)
    expect(await count('swaddle')).toBe(1)
    const before = services.searchIndex.status().loadedAt!
    expect((await call('POST', '/bl_admin/api/cache_refreshes', staff.cookie)).status).toBe(201)
    expect(services.searchIndex.status().loadedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime())
    expect(await count('swaddle')).toBe(0)
    expect(await count('blanket')).toBe(1)
  })

  test('a category rename shows in the navbar at once (the shared navbar follows the feed)', async () => {
    const category = await factories.createCategory({ urlSlug: `caches-nav-${Date.now()}`, title: 'Sleep sacks' })
    const names = async () => JSON.stringify(await services.catalog.navbarCategories())
    await vi.waitFor(async () => expect(await names()).toContain('Sleep sacks'), { timeout: 5_000 })
    await database.pool.query(`update categories set title = 'Wearable blankets' where id = $1`, [category.id])
    // Well within the navbar's 10 s sharing: only the feed's reset can show the new title this soon.
    await vi.waitFor(async () => expect(await names()).toContain('Wearable blankets'), { timeout: 3_000 })
    expect(await names()).not.toContain('Sleep sacks')
  })
})

describe('/admin/shop-caches', () => {
  const args = (request: Request) => ({ request, context: { services, clientIp: '203.0.113.9' }, params: {} }) as never

  test('staff only (404 for a customer); the page shows the index and the refresh button refreshes', async () => {
    expect((await run(() => pageLoader(args(get('/admin/shop-caches', customer.cookie))))).status).toBe(404)
    expect((await run(() => pageAction(args(post('/admin/shop-caches', customer.cookie, {}))))).status).toBe(404)
    const page = await run<{ index: { ready: boolean; products: number } }>(() => pageLoader(args(get('/admin/shop-caches', staff.cookie))))
    expect(page.status).toBe(200)
    expect(page.body.index.ready).toBe(true)
    const done = await run<{ ok: boolean; message: string }>(() => pageAction(args(post('/admin/shop-caches', staff.cookie, {}))))
    expect(done.status).toBe(200)
    expect(done.body.message).toMatch(/^Shop caches refreshed: [\d,]+ products reloaded in [\d,]+ ms\.$/)
  })
})
