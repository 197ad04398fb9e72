import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from './accounts.schema'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

// Who gets what from every account endpoint: anonymous, user A, user B and staff. Account data is always
// the caller's own: nothing takes a user id from the request, so B can never read or change A's.

let database: TestDatabase
let app: ReturnType<typeof createApp>
type Who = 'anonymous' | 'A' | 'B' | 'staff'
const cookies: Partial<Record<Who, string>> = {}
const emails: Partial<Record<Who, string>> = {}

const call = (who: Who, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookies[who] ? { Cookie: cookies[who]! } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
  for (const who of ['A', 'B', 'staff'] as const) {
    const email = `${who.toLowerCase()}-matrix@example.test`
    const through = async (method: string, path: string, init: { body?: unknown }) => {
      const res = await call('anonymous', method, path, init.body)
      return { status: res.status, headers: res.headers, text: await res.text() }
    }
    cookies[who] = (await signUpThroughApi(through, database.db, { firstName: who, lastName: 'Matrix', email, password: `matrix phrase for ${who}` })).cookie
    emails[who] = email
  }
  await database.db.update(users).set({ role: 'staff' }).where(eq(users.email, emails.staff!))
})

afterAll(async () => {
  await database?.drop()
})

const address = (name: string) => ({ name, line1: '1 Nest Lane', line2: '', city: 'Beverly Hills', state: 'CA', zip: '90210', phone: '' })

describe('every account endpoint refuses anonymous callers with 401', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/v3/user'],
    ['PATCH', '/api/v3/user', { firstName: 'X', lastName: 'Y', email: 'x@example.test' }],
    ['POST', '/api/v3/password_verifications', { password: 'whatever' }],
    ['GET', '/api/v3/user/events'],
    ['POST', '/api/v3/user/events', { name: 'x' }],
    ['GET', '/api/v3/address'],
    ['PUT', '/api/v3/address', address('Nobody')],
    ['DELETE', '/api/v3/address'],
    ['GET', '/api/v3/two_factors'],
    ['POST', '/api/v3/two_factors'],
    ['POST', '/api/v3/two_factors/confirmation', { code: '123456' }],
    ['DELETE', '/api/v3/two_factors', { password: 'whatever' }],
    ['POST', '/api/v3/two_factors/recovery_codes', { password: 'whatever' }],
  ]
  test.each(endpoints)('%s %s', async (method, path, body) => {
    const res = await call('anonymous', method, path, body)
    expect(res.status).toBe(401)
  })
})

describe('users reach only their own account data', () => {
  test('the user record is always the caller\'s own, staff included', async () => {
    for (const who of ['A', 'B', 'staff'] as const) {
      const res = await call(who, 'GET', '/api/v3/user')
      expect(res.status).toBe(200)
      expect(((await res.json()) as { email: string }).email).toBe(emails[who])
    }
  })

  test('A\'s address is A\'s: B cannot read, replace or delete it; staff see only their own', async () => {
    expect((await call('A', 'PUT', '/api/v3/address', address('Ada A'))).status).toBe(200)
    expect((await call('B', 'GET', '/api/v3/address')).status).toBe(404)
    expect((await call('staff', 'GET', '/api/v3/address')).status).toBe(404)
    expect((await call('B', 'PUT', '/api/v3/address', address('Bea B'))).status).toBe(200)
    expect((await call('B', 'DELETE', '/api/v3/address')).status).toBe(204)
    const a = await call('A', 'GET', '/api/v3/address')
    expect(a.status).toBe(200)
    expect(((await a.json()) as { name: string }).name).toBe('Ada A')
  })

  test('events and password checks are per user', async () => {
    expect((await call('A', 'POST', '/api/v3/user/events', { name: 'secret_of_a', value: 1 })).status).toBe(201)
    const b = await call('B', 'GET', '/api/v3/user/events')
    expect(((await b.json()) as { events: unknown[] }).events).toEqual([])
    const check = await call('B', 'POST', '/api/v3/password_verifications', { password: 'matrix phrase for A' })
    expect(await check.json()).toEqual({ verified: false })
  })

  test('two-factor setup of A is invisible to B and cannot be confirmed or turned off by B', async () => {
    expect((await call('A', 'POST', '/api/v3/two_factors')).status).toBe(201)
    const b = await call('B', 'GET', '/api/v3/two_factors')
    expect(b.status).toBe(200)
    expect(await b.json()).toMatchObject({ enabled: false })
    // B has no setup of its own to confirm, and A's pending secret is not B's
    expect((await call('B', 'POST', '/api/v3/two_factors/confirmation', { code: '000000' })).status).toBeGreaterThanOrEqual(400)
    expect((await call('B', 'DELETE', '/api/v3/two_factors', { password: 'matrix phrase for B' })).status).toBeLessThan(500)
    const a = await call('A', 'GET', '/api/v3/two_factors')
    expect(a.status).toBe(200)
  })

  test('moving B to another email needs B\'s password', async () => {
    const without = await call('B', 'PATCH', '/api/v3/user', { firstName: 'B', lastName: 'Matrix', email: 'elsewhere@example.test' })
    expect(without.status).toBe(422)
    const withA = await call('B', 'PATCH', '/api/v3/user', { firstName: 'B', lastName: 'Matrix', email: 'elsewhere@example.test', currentPassword: 'matrix phrase for A' })
    expect(withA.status).toBe(422)
    const withB = await call('B', 'PATCH', '/api/v3/user', { firstName: 'B', lastName: 'Matrix', email: 'elsewhere@example.test', currentPassword: 'matrix phrase for B' })
    expect(withB.status).toBe(200)
    // The account moves only from the link sent to the new address
    expect(await withB.json()).toMatchObject({ email: emails.B, emailVerified: true, emailChangePending: 'elsewhere@example.test' })
  })

  test('a profile change by B changes B only', async () => {
    const res = await call('B', 'PATCH', '/api/v3/user', { firstName: 'Bea', lastName: 'Changed', email: emails.B })
    expect(res.status).toBe(200)
    const a = (await (await call('A', 'GET', '/api/v3/user')).json()) as { firstName: string }
    expect(a.firstName).toBe('A')
  })
})
