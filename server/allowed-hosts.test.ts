// Requests for a host that is not ours, and the origin of emailed links (docs/decisions/034): links come from
// PUBLIC_URL or the address the server was started on, never from the Host a request names.
import { desc, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { allowedHostsOf } from '~/lib/public-origin.server'
import { emailOutbox } from '~/modules/email/email.schema'
import { createServices } from '~/services.server'
import { signUpThroughApi } from '../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database'
import { createApp } from './app'

let database: TestDatabase
let app: ReturnType<typeof createApp>
let n = 0
// As server/main.ts makes it without PUBLIC_URL: HOST=127.0.0.1 PORT=4321.
const PUBLIC_ORIGIN = 'http://127.0.0.1:4321'

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', HOST: '127.0.0.1', PORT: 4321 }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test', allowedHosts: allowedHostsOf({ HOST: '127.0.0.1' }) })
})

afterAll(async () => {
  await database?.drop()
})

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

/** Signs up through the API on `origin` and opens the emailed link (which confirms the account and signs in). */
async function signUp(origin = 'http://127.0.0.1:4321') {
  const account = { firstName: 'Ada', lastName: 'Byron', email: `hosts${++n}.${Date.now()}@example.test`, password: 'counting engine 1843' }
  const call = async (method: string, path: string, { body }: { body?: unknown }) => {
    const res = await app.request(`${origin}${path}`, json(method, body))
    return { status: res.status, headers: res.headers, text: await res.text() }
  }
  const { cookie } = await signUpThroughApi(call, database.db, account)
  return { account, cookie }
}

const mailTo = (address: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.id))
const linksIn = (text: string) => text.match(/https?:\/\/[^\s)"<>]+/g) ?? []

describe('a request naming a host that is not ours', () => {
  test('is answered 400 Unknown host before any page, API or health check runs', async () => {
    for (const [method, path] of [
      ['GET', '/healthz'],
      ['GET', '/store'],
      ['POST', '/forgot_password'],
      ['GET', '/api/v3/user'],
      ['POST', '/api/v3/user'],
      ['GET', '/images/external/00000000-0000-0000-0000-000000000000.webp'],
    ] as const) {
      for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1.evil.example', '0.0.0.0:4321']) {
        const res = await app.request(`http://${host}${path}`, { method })
        expect(res.status, `${method} ${host}${path}`).toBe(400)
        expect(await res.text()).toBe('Unknown host')
        expect(res.headers.get('Cache-Control')).toBe('no-store')
      }
    }
  })

  test('loopback names and the bound host are ours, on any port', async () => {
    for (const origin of ['http://localhost', 'http://localhost:5173', 'http://127.0.0.1:4321', 'http://[::1]:4321']) {
      expect((await app.request(`${origin}/healthz`)).status, origin).toBe(200)
    }
  })

  test('POST /forgot_password with Host evil.example is refused and mails nothing', async () => {
    const { account } = await signUp()
    const before = (await mailTo(account.email)).length
    const res = await app.request('http://evil.example/forgot_password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: account.email }),
    })
    expect(res.status).toBe(400)
    const after = await mailTo(account.email)
    expect(after.length).toBe(before)
    expect(after.some((m) => m.text.includes('evil.example') || m.html.includes('evil.example'))).toBe(false)
  })

  test('an email change sent with Host evil.example is refused: no change, no confirmation link to evil.example', async () => {
    const { account, cookie } = await signUp()
    const newEmail = `moved${++n}.${Date.now()}@example.test`
    const res = await app.request('http://evil.example/api/v3/user', json('PATCH', { firstName: 'Ada', lastName: 'Byron', email: newEmail, currentPassword: account.password }, { Cookie: cookie }))
    expect(res.status).toBe(400)
    expect(await mailTo(newEmail)).toEqual([])
    const me = await app.request('http://127.0.0.1:4321/api/v3/user', { headers: { Cookie: cookie } })
    expect(((await me.json()) as { emailChangePending?: string | null }).emailChangePending ?? null).toBeNull()
  })
})

describe('emailed links', () => {
  test('the sign-up confirmation links to the public origin, not the host the request named', async () => {
    const { account } = await signUp('http://localhost:5173')
    const [welcome] = await mailTo(account.email)
    const links = linksIn(welcome!.text).filter((l) => l.includes('/verify_email'))
    expect(links.length).toBe(1)
    expect(links[0]!.startsWith(`${PUBLIC_ORIGIN}/verify_email?token=`)).toBe(true)
  })

  test('the email change confirmation links to the public origin, not the host the request named', async () => {
    const { account, cookie } = await signUp()
    const newEmail = `changed${++n}.${Date.now()}@example.test`
    const res = await app.request('http://localhost:5173/api/v3/user', json('PATCH', { firstName: 'Ada', lastName: 'Byron', email: newEmail, currentPassword: account.password }, { Cookie: cookie }))
    expect(res.status, await res.clone().text()).toBe(200)
    const [confirm] = await mailTo(newEmail)
    const links = linksIn(confirm!.text)
    expect(links.some((l) => l.startsWith(`${PUBLIC_ORIGIN}/verify_email?token=`))).toBe(true)
    expect(links.filter((l) => l.startsWith('http://localhost'))).toEqual([])
  })
})
