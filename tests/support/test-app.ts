/**
 * One test harness (issue 35): a test database of this file's own, the services and the Hono app wired on it, and
 * factories for the things most tests need first — a signed-in user, a registry, products.
 *
 * A new test uses it like this:
 *
 * ```ts
 * import { createTestApp, type TestApp } from '../../../tests/support/test-app'
 *
 * let t: TestApp
 * beforeAll(async () => {
 *   t = await createTestApp()                       // options: firstCatalogId, fetch, services (extra ServiceDeps)
 * })
 * afterAll(async () => {
 *   await t?.drop()
 * })
 *
 * test('an owner sees their registry', async () => {
 *   const ada = await t.signUp('Ada')                // signed up, confirmed and signed in: { cookie, email, id }
 *   const registry = await t.createRegistry(ada.cookie, { title: 'Baby Byron' })
 *   const [productId] = await t.createProducts(1)    // or t.createProduct({ priceCents: 2500 })
 *   const res = await t.call('GET', `/api/v3/registries/${registry.id}`, { cookie: ada.cookie })
 *   expect(res.status).toBe(200)                      // res: { status, headers, text, json }
 * })
 * ```
 *
 * `t.request()` answers the raw Response where a test reads the body itself; `t.services` and `t.database` are there
 * for what the API does not show. It composes the helpers beside it (test-database, accounts, catalog-factories)
 * rather than repeating them; `registryApiHarness` (registry-api.ts) is this same harness under its older name.
 */
import pino from 'pino'
import { expect } from 'vitest'
import type { SafeFetchOptions } from '~/modules/external-products/safe-fetch.server'
import { createServices, type ServiceDeps } from '~/services.server'
import { createApp } from '../../server/app'
import { signUpThroughApi } from './accounts'
import { catalogFactories } from './catalog-factories'
import { createTestDatabase, type TestDatabase } from './test-database'

export const TEST_SUPPORT_EMAIL = 'help@example.test'
/** The password every factory-made account has (long and uncommon enough for sign-up's rules). */
export const TEST_PASSWORD = 'counting engine 1843'

export type TestAppOptions = {
  /** First id the catalogue factories hand out (categories, brands, products, guides). */
  firstCatalogId?: number
  /** Limits for fetching pasted product links (tests allow their loopback fixture port). */
  fetch?: SafeFetchOptions
  /** Further service dependencies (a clock, shorter account limits, ...). */
  services?: Partial<Omit<ServiceDeps, 'db' | 'pool' | 'logger' | 'env' | 'fetch'>>
}

type Call = { cookie?: string; body?: unknown; headers?: Record<string, string> }
type SignUpOptions = { email?: string; lastName?: string; password?: string; role?: 'user' | 'staff' }

/** A database, services, the app and factories for one test file; `drop()` it in afterAll. */
export async function createTestApp(options: TestAppOptions = {}) {
  const firstCatalogId = options.firstCatalogId ?? 500_000
  const database: TestDatabase = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({
    ...options.services,
    db: database.db,
    pool: database.pool,
    env: { SUPPORT_EMAIL: TEST_SUPPORT_EMAIL },
    logger,
    fetch: options.fetch,
  })
  const app = createApp({ services, logger, supportEmail: TEST_SUPPORT_EMAIL })
  const factories = catalogFactories(() => database.db, firstCatalogId)
  let n = 0

  /** The app's raw answer to a request with an optional session cookie and JSON body. */
  function request(method: string, path: string, { cookie, body, headers = {} }: Call = {}) {
    return app.request(path, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  /** The same, read: status, headers, the body's text and its JSON (null when it is not JSON). */
  async function call(method: string, path: string, init: Call = {}) {
    const res = await request(method, path, init)
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    return { status: res.status, headers: res.headers, text, json: json as Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  /**
   * Signs up a new account through POST /api/v3/user, opens the emailed link, and returns its session cookie.
   * `role: 'staff'` then makes it staff, as an administrator would.
   */
  async function signUp(firstName = 'Ada', { email, lastName = 'Tester', password = TEST_PASSWORD, role = 'user' }: SignUpOptions = {}) {
    email ??= `${firstName.toLowerCase()}${++n}.${Date.now()}@example.test`
    const { cookie, id } = await signUpThroughApi(call, database.db, { firstName, lastName, email, password })
    if (role !== 'user') await database.pool.query('update users set role = $1 where id = $2', [role, id])
    return { cookie, email, id }
  }

  /** Marks an account's email as confirmed, as its confirmation link would (collaborator invitations need it). */
  async function confirmEmail(email: string) {
    await database.pool.query('update users set email_verified_at = now() where email = $1 and email_verified_at is null', [email])
  }

  // One category and brand for createProduct, made on first use.
  let shelf: Promise<{ categoryId: number; brandId: number }> | undefined
  const defaultShelf = () =>
    (shelf ??= (async () => ({
      categoryId: (await factories.createCategory({ urlSlug: `test-app-${firstCatalogId}-shelf` })).id,
      brandId: (await factories.createBrand()).id,
    }))())

  /** Inserts one product (in a shared category and brand unless given) and returns its row. */
  async function createProduct(overrides: Omit<Parameters<typeof factories.createProduct>[0], 'categoryId' | 'brandId'> & { categoryId?: number; brandId?: number } = {}) {
    return factories.createProduct({ ...(await defaultShelf()), ...overrides })
  }

  /** Inserts `count` products in a new category and brand, priced from `priceCents` up by a dollar each; their ids. */
  async function createProducts(count: number, priceCents = 2500) {
    const category = await factories.createCategory({ urlSlug: `reg-api-${firstCatalogId}-${++n}` })
    const brand = await factories.createBrand()
    const ids: number[] = []
    for (let i = 0; i < count; i++) ids.push((await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents: priceCents + i * 100 })).id)
    return ids
  }

  /** An arrival date four months ahead (YYYY-MM-DD), as a new registry has. */
  const arrival = () => new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10)

  /** Creates a baby registry through POST /api/v3/registries. */
  async function createRegistry(cookie: string, over: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/v3/registries', {
      cookie,
      body: { registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `maya-and-leo-${++n}-${Date.now() % 100000}`, arrivalDate: arrival(), planningStage: 'pregnant', ...over },
    })
    expect(res.status, res.text).toBe(201)
    return res.json as { id: number; slug: string; categories: { id: number; isDefault: boolean }[] }
  }

  return {
    app,
    database,
    services,
    factories,
    request,
    call,
    signUp,
    confirmEmail,
    createProduct,
    createProducts,
    createRegistry,
    arrival,
    drop: () => database.drop(),
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
