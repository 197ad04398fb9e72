import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { type RouteModule, routeBuild } from '../../../server/route-build.test-support'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import * as loginEmailRoute from './login-email'
import * as loginRoute from './login'

/** The real sign-in page modules under React Router's real request handler; the document is a stand-in for React's render. */
const loginBuild = () =>
  routeBuild({
    'routes/account/login': { path: 'login', module: loginRoute as unknown as RouteModule },
    'routes/account/login-email': { path: 'login/email', module: loginEmailRoute as unknown as RouteModule },
  })

let database: TestDatabase
let services: ReturnType<typeof createServices>
let app: ReturnType<typeof createApp>
let n = 0

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test', build: loginBuild() })
})

afterAll(async () => {
  await database?.drop()
})

async function account() {
  const input = { firstName: 'Ada', lastName: 'Byron', email: `page${++n}@example.test`, password: 'counting engine 1843' }
  await signUpConfirmed(services.accounts, database.db, input, { ip: '203.0.113.1', userAgent: 'vitest' })
  return input
}

const post = (path: string, fields: Record<string, string>) => app.request(path, { method: 'POST', body: new URLSearchParams(fields) })

/** The sign-in link in the account's newest email (sent without waiting for delivery, so it may take a moment to be recorded). */
async function linkIn(to: string): Promise<RegExpExecArray> {
  for (let i = 0; i < 100; i++) {
    const found = /https?:\/\/[^/\s]+\/login\/email\?token=([a-z2-7]{32})/.exec((await services.email.latestTo(to))?.text ?? '')
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no sign-in link was emailed to ${to}`)
}

describe('sign-in page', () => {
  test('every 429 from a page action carries Retry-After, with or without JavaScript', async () => {
    const { email } = await account()
    for (let i = 0; i < 5; i++) expect((await post('/login', { intent: 'sign-in', email, password: `wrong ${i}` })).status).toBe(401)
    const page = await post('/login', { intent: 'sign-in', email, password: 'wrong again' })
    expect(page.status).toBe(429)
    expect(page.headers.get('Retry-After')).toBe('1')
    const fetched = await post('/login.data', { intent: 'sign-in', email, password: 'wrong again' })
    expect(fetched.status).toBe(429)
    expect(fetched.headers.get('Retry-After')).toBe('1')
  })

  test('a sign-in link emailed to the account signs in once', async () => {
    const { email } = await account()
    const asked = await post('/login/email', { intent: 'request', email })
    expect(asked.status).toBe(200)
    const url = new URL((await linkIn(email))[0])
    const token = url.searchParams.get('token')!
    // opening the link (or a mail scanner fetching it) does not use it up
    expect((await app.request(url.pathname + url.search)).status).toBe(200)
    const signedIn = await post(`/login/email?token=${token}`, { intent: 'sign-in', token })
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('Location')).toBe('/')
    const cookie = signedIn.headers.get('Set-Cookie')!.split(';')[0]!
    expect(await services.accounts.validateSession(cookie.split('=')[1])).toMatchObject({ user: { email } })
    expect((await post(`/login/email?token=${token}`, { intent: 'sign-in', token })).status).toBe(422)
  })
})
