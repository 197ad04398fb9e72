import pino from 'pino'
import { expect } from 'vitest'
import type { SafeFetchOptions } from '~/modules/external-products/safe-fetch.server'
import { createServices } from '~/services.server'
import { createApp } from '../../server/app'
import { signUpThroughApi } from './accounts'
import { catalogFactories } from './catalog-factories'
import { createTestDatabase, type TestDatabase } from './test-database'

/** An app on a test database of its own, with helpers to call the registry API as different people. */
export async function registryApiHarness(firstCatalogId: number, options: { fetch?: SafeFetchOptions } = {}) {
  const database: TestDatabase = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger, fetch: options.fetch })
  const app = createApp({ services, logger, supportEmail: 'help@example.test' })
  const factories = catalogFactories(() => database.db, firstCatalogId)
  let n = 0

  type Call = { cookie?: string; body?: unknown; headers?: Record<string, string> }
  async function call(method: string, path: string, { cookie, body, headers = {} }: Call = {}) {
    const res = await app.request(path, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    return { status: res.status, headers: res.headers, text, json: json as Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  /** Signs up a new account through POST /api/v3/user, opens the emailed link, and returns its session cookie. */
  async function signUp(firstName = 'Ada') {
    const email = `${firstName.toLowerCase()}${++n}.${Date.now()}@example.test`
    const { cookie, id } = await signUpThroughApi(call, database.db, { firstName, lastName: 'Tester', email, password: 'counting engine 1843' })
    return { cookie, email, id }
  }

  /** Marks an account's email as confirmed, as its confirmation link would (collaborator invitations need it). */
  async function confirmEmail(email: string) {
    await database.pool.query('update users set email_verified_at = now() where email = $1 and email_verified_at is null', [email])
  }

  async function createProducts(count: number, priceCents = 2500) {
    const category = await factories.createCategory({ urlSlug: `reg-api-${firstCatalogId}-${++n}` })
    const brand = await factories.createBrand()
    const ids: number[] = []
    for (let i = 0; i < count; i++) ids.push((await factories.createProduct({ categoryId: category.id, brandId: brand.id, priceCents: priceCents + i * 100 })).id)
    return ids
  }

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

  return { app, database, services, call, signUp, confirmEmail, createProducts, createRegistry, arrival, drop: () => database.drop() }
}

export type RegistryApiHarness = Awaited<ReturnType<typeof registryApiHarness>>
