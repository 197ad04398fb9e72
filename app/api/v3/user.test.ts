import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpLinkToken } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let app: ReturnType<typeof createApp>
let services: ReturnType<typeof createServices>
let n = 0

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
})

afterAll(async () => {
  await database?.drop()
})

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

/**
 * Signs up through the API as a client does: POST /api/v3/user (202, nobody signed in), then the token from the emailed
 * link to POST /api/v3/user/email_confirmations, which confirms the account and sets the session cookie.
 */
async function signUp(url = 'http://localhost/api/v3/user') {
  const account = { firstName: 'Ada', lastName: 'Byron', email: `ada${++n}@example.test`, password: 'counting engine 1843' }
  const started = await app.request(url, { method: 'POST', ...json(account) })
  expect(started.status).toBe(202)
  expect(started.headers.get('set-cookie')).toBeNull()
  expect(await started.json()).toEqual({ status: 'confirmation_sent', email: account.email })
  const token = await signUpLinkToken(database.db, account.email)
  const res = await app.request(new URL('/api/v3/user/email_confirmations', url).href, { method: 'POST', ...json({ token }) })
  expect(res.status).toBe(200)
  const setCookie = res.headers.get('set-cookie')!
  const body = (await res.json()) as { status: string; user: Record<string, unknown> }
  expect(body.status).toBe('signed_in')
  return { account, token, setCookie, cookie: setCookie.split(';')[0]!, body: body.user }
}

/** The sign-in link in the account's newest email (sent without waiting for delivery, so it may take a moment to be recorded). */
async function linkIn(to: string): Promise<RegExpExecArray> {
  for (let i = 0; i < 100; i++) {
    const found = /https?:\/\/[^/\s]+\/login\/email\?token=([a-z2-7]{32})/.exec((await services.email.latestTo(to))?.text ?? '')
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no sign-in link was emailed to ${to}`)
}

describe('POST /api/v3/user (sign-up)', () => {
  test('signs nobody in; the emailed token confirms the account once and sets an HttpOnly, SameSite=Lax session cookie (no Secure over plain HTTP)', async () => {
    const { setCookie, body, account, token } = await signUp()
    expect(setCookie).toMatch(/^nestlist_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/)
    expect(body).toMatchObject({ email: account.email, emailVerified: true, firstName: 'Ada', registries: [], events: [], twoFactors: { enabled: false } })
    expect(body).not.toHaveProperty('passwordHash')
    const again = await app.request('/api/v3/user/email_confirmations', { method: 'POST', ...json({ token }) })
    expect(again.status).toBe(422)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect((await app.request('/api/v3/user/email_confirmations', { method: 'POST', ...json({ token: 'short' }) })).status).toBe(422)
  })

  test('a taken address gets the same 202 and makes no second account; its owner is emailed, and the password signs nothing in', async () => {
    const { account } = await signUp()
    const probe = await app.request('/api/v3/user', { method: 'POST', ...json({ ...account, email: account.email.toUpperCase(), password: 'a guess at it 99' }) })
    expect(probe.status).toBe(202)
    expect(probe.headers.get('set-cookie')).toBeNull()
    expect(await probe.json()).toEqual({ status: 'confirmation_sent', email: account.email })
    const { rows } = await database.pool.query('select count(*)::int as n from users where email = $1', [account.email])
    expect(rows[0].n).toBe(1)
    await expect.poll(async () => (await services.email.latestTo(account.email))?.subject, { timeout: 5000 }).toBe('You already have a Nestlist account')
    expect((await app.request('/api/v3/user_session', { method: 'POST', ...json({ email: account.email, password: 'a guess at it 99' }) })).status).toBe(401)
  })

  test('the right password for an account not yet confirmed answers 403 and emails a fresh link', async () => {
    const account = { firstName: 'Ada', lastName: 'Byron', email: `ada${++n}@example.test`, password: 'counting engine 1843' }
    expect((await app.request('/api/v3/user', { method: 'POST', ...json(account) })).status).toBe(202)
    const first = await signUpLinkToken(database.db, account.email)
    const res = await app.request('/api/v3/user_session', { method: 'POST', ...json({ email: account.email, password: account.password }) })
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'forbidden', message: expect.stringContaining(account.email) })
    await expect.poll(async () => signUpLinkToken(database.db, account.email), { timeout: 5000 }).not.toBe(first)
  })

  test('over HTTPS the cookie is Secure with the __Host- prefix, and it is read back', async () => {
    const { setCookie, cookie } = await signUp('https://localhost/api/v3/user')
    expect(setCookie).toMatch(/^__Host-nestlist_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/)
    expect(setCookie).not.toMatch(/Domain=/i)
    const me = await app.request('https://localhost/api/v3/user', { headers: { Cookie: cookie } })
    expect(me.status).toBe(200)
  })

  test('bad input answers 422 with field messages; a common password is refused', async () => {
    const res = await app.request('/api/v3/user', { method: 'POST', ...json({ firstName: '', email: 'nope', password: 'short' }) })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } }
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['firstName', 'email', 'password']))
    const common = await app.request('/api/v3/user', {
      method: 'POST',
      ...json({ firstName: 'A', lastName: 'B', email: `c${++n}@example.test`, password: 'password123' }),
    })
    expect(common.status).toBe(422)
  })

  test('a body that is not JSON or far too large gets a 4xx, never a 500', async () => {
    const broken = await app.request('/api/v3/user', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"firstName":' })
    expect([400, 422]).toContain(broken.status)
    const huge = await app.request('/api/v3/user', { method: 'POST', ...json({ firstName: 'x'.repeat(40_000) }) })
    expect(huge.status).toBe(413)
  })
})

describe('GET /api/v3/user', () => {
  test('anonymous visitors get 401; a signed-in user gets their own record, not cached', async () => {
    const anonymous = await app.request('/api/v3/user')
    expect(anonymous.status).toBe(401)
    const { cookie, account } = await signUp()
    const me = await app.request('/api/v3/user', { headers: { Cookie: cookie } })
    expect(me.status).toBe(200)
    expect(me.headers.get('cache-control')).toBe('no-store')
    const body = (await me.json()) as Record<string, unknown>
    expect(body).toMatchObject({ email: account.email, registryId: null, currentRegistry: null, isBookmarkletUsed: false })
    expect(typeof body.id).toBe('number')
    expect(Date.parse(body.createdAt as string)).not.toBeNaN()
  })
})

describe('/api/v3/user_session', () => {
  test('signs in, gives a new session id, and signs out', async () => {
    const { account, cookie: signUpCookie } = await signUp()
    const res = await app.request('/api/v3/user_session', { method: 'POST', ...json({ email: account.email, password: account.password }) })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!
    expect(cookie).not.toBe(signUpCookie)
    expect((await app.request('/api/v3/user', { headers: { Cookie: cookie } })).status).toBe(200)
    const out = await app.request('/api/v3/user_session', { method: 'DELETE', headers: { Cookie: cookie } })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^nestlist_session=; .*Max-Age=0/)
    expect((await app.request('/api/v3/user', { headers: { Cookie: cookie } })).status).toBe(401)
  })

  test('an unknown email and a wrong password get the same status and body', async () => {
    const { account } = await signUp()
    const wrong = await app.request('/api/v3/user_session', { method: 'POST', ...json({ email: account.email, password: 'not it at all' }) })
    const unknown = await app.request('/api/v3/user_session', { method: 'POST', ...json({ email: `ghost${++n}@example.test`, password: 'not it at all' }) })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.text()).toBe(await unknown.text())
  })
})

describe('sign-in throttling and links', () => {
  test('every 429 carries Retry-After: wrong passwords from one address get growing delays', async () => {
    const { account } = await signUp()
    const attempt = (password: string) => app.request('/api/v3/user_session', { method: 'POST', ...json({ email: account.email, password }) })
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`)).status).toBe(401)
    const limited = await attempt(account.password)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('1')
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited')
    // a sign-up naming the throttled email is not refused
    const other = { firstName: 'Ada', lastName: 'Byron', email: account.email, password: 'another engine 1843' }
    expect((await app.request('/api/v3/user', { method: 'POST', ...json(other) })).status).toBe(202)
  })

  test('a sign-in link emailed to the account signs in once; unknown emails get the same answer', async () => {
    const { account } = await signUp()
    const ask = (email: string) => app.request('/api/v3/sign_in_links', { method: 'POST', ...json({ email }) })
    const unknown = await ask(`ghost${++n}@example.test`)
    const known = await ask(account.email)
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(await known.text()).toBe(await unknown.text())
    const token = (await linkIn(account.email))[1]!
    const use = () => app.request('/api/v3/user_session/link', { method: 'POST', ...json({ token }) })
    const first = await use()
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ status: 'signed_in', user: { email: account.email } })
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    expect((await app.request('/api/v3/user', { headers: { Cookie: cookie } })).status).toBe(200)
    const again = await use()
    expect(again.status).toBe(422)
    expect((await app.request('/api/v3/user_session/link', { method: 'POST', ...json({ token: 'short' }) })).status).toBe(422)
  })
})

describe('CSRF', () => {
  test('a cross-site POST with a session cookie is refused with 403 and changes nothing', async () => {
    const { cookie } = await signUp()
    const byOrigin = await app.request('http://localhost/api/v3/user/events', {
      method: 'POST',
      ...json({ name: 'cross_site' }, { Cookie: cookie, Origin: 'https://evil.example' }),
    })
    expect(byOrigin.status).toBe(403)
    const bySite = await app.request('http://localhost/api/v3/user/events', {
      method: 'POST',
      ...json({ name: 'cross_site' }, { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' }),
    })
    expect(bySite.status).toBe(403)
    const sameSiteSubdomain = await app.request('http://localhost/api/v3/user_session', {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-site' },
    })
    expect(sameSiteSubdomain.status).toBe(403)
    const events = await app.request('http://localhost/api/v3/user/events', { headers: { Cookie: cookie } })
    expect(((await events.json()) as { events: unknown[] }).events).toEqual([])
  })

  test('a same-origin POST from the browser is accepted', async () => {
    const { cookie } = await signUp()
    const res = await app.request('http://localhost/api/v3/user/events', {
      method: 'POST',
      ...json({ name: 'same_origin', value: { ok: true } }, { Cookie: cookie, Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }),
    })
    expect(res.status).toBe(201)
  })

  test('a cross-site sign-in form post (login CSRF) is refused too', async () => {
    const res = await app.request('http://localhost/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'email=a%40b.c&password=x',
    })
    expect(res.status).toBe(403)
  })
})

describe('user events and password verification', () => {
  test('events replace by name or are prepended; only for the signed-in user', async () => {
    const { cookie } = await signUp()
    const post = (body: unknown) => app.request('/api/v3/user/events', { method: 'POST', ...json(body, { Cookie: cookie }) })
    await post({ name: 'a', value: 1 })
    await new Promise((r) => setTimeout(r, 5))
    await post({ name: 'b', value: 2 })
    await new Promise((r) => setTimeout(r, 5))
    const res = await post({ name: 'a', value: 3 })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { events: unknown[] }).events).toEqual([
      { name: 'a', value: 3 },
      { name: 'b', value: 2 },
    ])
    expect((await app.request('/api/v3/user/events')).status).toBe(401)
    expect((await app.request('/api/v3/user/events', { method: 'POST', ...json({ name: 'x' }) })).status).toBe(401)
  })

  test('password verification answers verified true or false for the signed-in user', async () => {
    const { cookie, account } = await signUp()
    const check = (password: string) => app.request('/api/v3/password_verifications', { method: 'POST', ...json({ password }, { Cookie: cookie }) })
    expect(await (await check(account.password)).json()).toEqual({ verified: true })
    expect(await (await check('nope nope nope')).json()).toEqual({ verified: false })
    expect((await app.request('/api/v3/password_verifications', { method: 'POST', ...json({ password: 'x' }) })).status).toBe(401)
  })
})

test('every account endpoint is in the OpenAPI document', async () => {
  const doc = (await (await app.request('/api/v3/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
  expect(Object.keys(doc.paths['/api/v3/user'] ?? {}).sort()).toEqual(['get', 'patch', 'post'])
  expect(Object.keys(doc.paths['/api/v3/user_session'] ?? {}).sort()).toEqual(['delete', 'post'])
  expect(doc.paths['/api/v3/password_verifications']).toHaveProperty('post')
  expect(doc.paths['/api/v3/sign_in_links']).toHaveProperty('post')
  expect(doc.paths['/api/v3/user_session/link']).toHaveProperty('post')
  expect(Object.keys(doc.paths['/api/v3/user/events'] ?? {}).sort()).toEqual(['get', 'post'])
})
