import { randomBytes } from 'node:crypto'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createServices } from '~/services.server'
import { createApp } from '../../../server/app'
import { signUpThroughApi } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { twoFactorMessages } from './two-factor.validation'

let database: TestDatabase
let app: ReturnType<typeof createApp>
let now = new Date('2025-06-01T08:00:00Z')
const clock = () => now
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms)
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  const services = createServices({
    db: database.db,
    pool: database.pool,
    env: { SUPPORT_EMAIL: 'help@example.test' },
    logger,
    clock,
    secretKey: 'api-test-secret-0123456789abcdef-0123456789',
  })
  app = createApp({ services, logger, supportEmail: 'help@example.test' })
})

afterAll(async () => {
  await database?.drop()
})

beforeEach(() => advance(24 * 3600_000))

const codeAt = (secret: string, offsetSteps = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now.getTime() / 30_000) + offsetSteps), 6)

type Json = Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string[]> } }

async function call(method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (cookie) headers.Cookie = cookie
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, res, body: (text ? JSON.parse(text) : null) as Json, cookie: res.headers.get('set-cookie')?.split(';')[0] }
}

async function signUp() {
  const account = { firstName: 'Sam', lastName: 'Parent', email: `tf-api-${randomBytes(5).toString('hex')}@example.test`, password: `Sleepy ${randomBytes(4).toString('hex')} nights` }
  const { cookie } = await signUpThroughApi(
    async (method, path, init) => {
      const res = await app.request(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(init.body) })
      return { status: res.status, headers: res.headers, text: await res.text() }
    },
    database.db,
    account,
  )
  return { ...account, cookie }
}

async function enrol() {
  const account = await signUp()
  const setup = await call('POST', '/api/v3/two_factors', { cookie: account.cookie })
  expect(setup.status).toBe(201)
  const secret = setup.body.secret as string
  const confirmed = await call('POST', '/api/v3/two_factors/confirmation', { cookie: account.cookie, body: { code: codeAt(secret) } })
  expect(confirmed.status).toBe(201)
  advance(30_000)
  return { ...account, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] }
}

describe('/api/v3/two_factors', () => {
  test('every endpoint needs a signed-in user (401) and answers no-store', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v3/two_factors', undefined],
      ['POST', '/api/v3/two_factors', undefined],
      ['POST', '/api/v3/two_factors/confirmation', { code: '123456' }],
      ['DELETE', '/api/v3/two_factors', { password: 'whatever' }],
      ['POST', '/api/v3/two_factors/recovery_codes', { password: 'whatever' }],
    ] as const) {
      const res = await call(method, path, { body })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.res.headers.get('cache-control')).toBe('no-store')
    }
  })

  test('setup, confirmation and status: the secret, URI and QR code come once, then 10 recovery codes', async () => {
    const account = await signUp()
    const before = await call('GET', '/api/v3/two_factors', { cookie: account.cookie })
    expect(before.body).toEqual({ enabled: false, enabledAt: null, setupPending: false, recoveryCodesRemaining: 0 })
    const setup = await call('POST', '/api/v3/two_factors', { cookie: account.cookie })
    expect(setup.status).toBe(201)
    expect(setup.res.headers.get('cache-control')).toBe('no-store')
    expect(setup.body).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), keyUri: expect.stringContaining('otpauth://totp/Nestlist:') })
    expect(setup.body.qrSvg).toMatch(/^<svg/)

    const wrong = await call('POST', '/api/v3/two_factors/confirmation', { cookie: account.cookie, body: { code: codeAt(setup.body.secret as string, 3) } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error).toEqual({ code: 'invalid_input', message: twoFactorMessages.wrongCode, fields: { code: [twoFactorMessages.wrongCode] } })
    const missing = await call('POST', '/api/v3/two_factors/confirmation', { cookie: account.cookie, body: {} })
    expect(missing.status).toBe(422)

    const ok = await call('POST', '/api/v3/two_factors/confirmation', { cookie: account.cookie, body: { code: codeAt(setup.body.secret as string) } })
    expect(ok.status).toBe(201)
    expect(ok.res.headers.get('cache-control')).toBe('no-store')
    expect(ok.body.recoveryCodes).toHaveLength(10)
    const after = await call('GET', '/api/v3/two_factors', { cookie: account.cookie })
    expect(after.body).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 })
    expect((await call('GET', '/api/v3/user', { cookie: account.cookie })).body.twoFactors).toEqual({ enabled: true })
    expect((await call('POST', '/api/v3/two_factors', { cookie: account.cookie })).status).toBe(409)
  })

  test('a full sign-in: the password step gives a pending cookie that reaches nothing, the code step a full session', async () => {
    const account = await enrol()
    const signIn = await call('POST', '/api/v3/user_session', { body: { email: account.email, password: account.password } })
    expect(signIn.status).toBe(202)
    expect(signIn.body).toEqual({ status: 'two_factor_required' })
    const pending = signIn.cookie!
    expect((await call('GET', '/api/v3/user', { cookie: pending })).status).toBe(401)
    expect((await call('GET', '/api/v3/two_factors', { cookie: pending })).status).toBe(401)

    const wrong = await call('POST', '/api/v3/two_factors/verification', { cookie: pending, body: { code: '000000' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error?.fields?.code).toEqual([twoFactorMessages.wrongCode])
    expect(wrong.cookie).toBeUndefined()

    const verified = await call('POST', '/api/v3/two_factors/verification', { cookie: pending, body: { code: codeAt(account.secret) } })
    expect(verified.status).toBe(200)
    expect(verified.res.headers.get('cache-control')).toBe('no-store')
    expect(verified.body).toMatchObject({ status: 'signed_in', user: { email: account.email, twoFactors: { enabled: true } } })
    const full = verified.cookie!
    expect(full).not.toBe(pending)
    expect((await call('GET', '/api/v3/user', { cookie: full })).status).toBe(200)
    // The pending cookie is spent.
    const reused = await call('POST', '/api/v3/two_factors/verification', { cookie: pending, body: { code: codeAt(account.secret, 1) } })
    expect(reused.status).toBe(401)
    expect(reused.body.error?.message).toBe(twoFactorMessages.signInExpired)
  })

  test('verification without a pending sign-in answers 401; too many wrong codes answer 429', async () => {
    expect((await call('POST', '/api/v3/two_factors/verification', { body: { code: '123456' } })).status).toBe(401)
    const account = await enrol()
    const pending = (await call('POST', '/api/v3/user_session', { body: { email: account.email, password: account.password } })).cookie!
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/api/v3/two_factors/verification', { cookie: pending, body: { code: String(300000 + i) } })).status).toBe(422)
    }
    const limited = await call('POST', '/api/v3/two_factors/verification', { cookie: pending, body: { code: codeAt(account.secret) } })
    expect(limited.status).toBe(429)
    expect(limited.body.error?.message).toBe(twoFactorMessages.tooManyCodes)
    // every 429 says when to try again: here when the oldest of the 10 wrong codes leaves the 15-minute window
    expect(Number(limited.res.headers.get('Retry-After'))).toBeGreaterThan(14 * 60)
    expect(Number(limited.res.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60)
  })

  test('a recovery code completes sign-in once', async () => {
    const account = await enrol()
    const signIn = async () => (await call('POST', '/api/v3/user_session', { body: { email: account.email, password: account.password } })).cookie!
    const first = await call('POST', '/api/v3/two_factors/verification', { cookie: await signIn(), body: { code: account.recoveryCodes[0] } })
    expect(first.status).toBe(200)
    const second = await call('POST', '/api/v3/two_factors/verification', { cookie: await signIn(), body: { code: account.recoveryCodes[0] } })
    expect(second.status).toBe(422)
  })

  test('turning off and new recovery codes need the password', async () => {
    const account = await enrol()
    const wrong = await call('DELETE', '/api/v3/two_factors', { cookie: account.cookie, body: { password: 'not it at all' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error?.fields).toEqual({ password: [twoFactorMessages.passwordWrong] })
    const codes = await call('POST', '/api/v3/two_factors/recovery_codes', { cookie: account.cookie, body: { password: account.password } })
    expect(codes.status).toBe(201)
    expect(codes.body.recoveryCodes).toHaveLength(10)
    const off = await call('DELETE', '/api/v3/two_factors', { cookie: account.cookie, body: { password: account.password } })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ enabled: false })
    const signIn = await call('POST', '/api/v3/user_session', { body: { email: account.email, password: account.password } })
    expect(signIn.status).toBe(200)
    expect((await call('POST', '/api/v3/two_factors/recovery_codes', { cookie: account.cookie, body: { password: account.password } })).status).toBe(409)
  })

  test('the OpenAPI document lists every two-factor endpoint', async () => {
    const doc = (await call('GET', '/api/v3/openapi.json')).body as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/v3/two_factors'] ?? {}).sort()).toEqual(['delete', 'get', 'post'])
    for (const path of ['/api/v3/two_factors/confirmation', '/api/v3/two_factors/verification', '/api/v3/two_factors/recovery_codes']) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['post'])
    }
  })
})
