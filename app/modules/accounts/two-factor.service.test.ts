import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DomainError, isDomainError } from '~/lib/errors'
import { createEmailService } from '~/modules/email/email.service.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import pino from 'pino'
import { recoveryCodes, twoFactorAttempts, twoFactors } from './accounts.schema'
import { type AccountsService, createAccountsService } from './accounts.service.server'
import { createSecretBox, resolveAppSecret } from './two-factor.secret-box.server'
import { createTwoFactorService, type TwoFactorService } from './two-factor.service.server'
import { twoFactorMessages } from './two-factor.validation'

const SECRET_KEY = 'test-app-secret-0123456789abcdef-0123456789'
const meta = { ip: '203.0.113.9', userAgent: 'vitest' }

let database: TestDatabase
let accounts: AccountsService
let twoFactor: TwoFactorService
let now = new Date('2025-03-01T12:00:00Z')
const clock = () => now
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms)
}

beforeAll(async () => {
  database = await createTestDatabase()
  const email = createEmailService({ db: database.db, logger: pino({ level: 'silent' }) })
  accounts = createAccountsService({ db: database.db, email, clock })
  twoFactor = createTwoFactorService({ db: database.db, accounts, secretKey: SECRET_KEY, clock })
})

afterAll(async () => {
  await database?.drop()
})

beforeEach(() => {
  // Each test starts well clear of the previous one's throttle window and steps.
  advance(24 * 3600_000)
})

/** The code an authenticator app would show `offsetSteps` 30-second steps from the fake now. */
function codeAt(secret: string, offsetSteps = 0) {
  const step = Math.floor(now.getTime() / 30_000) + offsetSteps
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6)
}

async function newUser() {
  const password = `Quiet ${randomBytes(4).toString('hex')} morning`
  const { user } = await signUpConfirmed(
    accounts,
    database.db,
    { firstName: 'Ada', lastName: 'Parent', email: `tf-${randomBytes(5).toString('hex')}@example.test`, password },
    meta,
  )
  return { user, password }
}

/** An account with two-factor sign-in on: its secret and recovery codes. */
async function enrolledUser() {
  const { user, password } = await newUser()
  const { secret } = await twoFactor.beginSetup(user.id)
  const { recoveryCodes: codes } = await twoFactor.confirmSetup(user.id, codeAt(secret))
  advance(30_000) // the confirming step is used; sign-in needs the next one
  return { user, password, secret, codes }
}

async function pendingSignIn(email: string, password: string) {
  const result = await accounts.signIn({ email, password }, meta)
  expect(result.status).toBe('two_factor_required')
  return result.token
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!isDomainError(error)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

describe('setting up two-factor sign-in', () => {
  test('setup hands out a base32 secret, an otpauth URI naming Nestlist and the account, and an SVG QR code', async () => {
    const { user } = await newUser()
    const setup = await twoFactor.beginSetup(user.id)
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.keyUri).toContain('otpauth://totp/Nestlist:')
    expect(setup.keyUri).toContain(encodeURIComponent(user.email))
    expect(setup.keyUri).toContain(`secret=${setup.secret}`)
    expect(setup.keyUri).toMatch(/period=30&digits=6|digits=6/)
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    expect(await twoFactor.status(user.id)).toEqual({ enabled: false, enabledAt: null, setupPending: true, recoveryCodesRemaining: 0 })
    expect((await twoFactor.pendingSetup(user.id))?.secret).toBe(setup.secret)
  })

  test('the secret is stored encrypted: the row holds neither the base32 secret nor its bytes, and opens only for its owner', async () => {
    const { user } = await newUser()
    const { secret } = await twoFactor.beginSetup(user.id)
    const [row] = await database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))
    const raw = Buffer.from(decodeBase32IgnorePadding(secret))
    expect(row!.secretEncrypted).not.toContain(secret)
    expect(row!.secretEncrypted.toLowerCase()).not.toContain(secret.toLowerCase())
    expect(row!.secretEncrypted).not.toContain(raw.toString('hex'))
    expect(row!.secretEncrypted).not.toContain(raw.toString('base64url'))
    const box = createSecretBox(SECRET_KEY)
    expect(Buffer.from(box.open(row!.secretEncrypted, `two_factors:${user.id}`))).toEqual(raw)
    expect(() => box.open(row!.secretEncrypted, `two_factors:${user.id + 1}`)).toThrow()
    expect(() => createSecretBox(`${SECRET_KEY}-other`).open(row!.secretEncrypted, `two_factors:${user.id}`)).toThrow()
  })

  test('a right code turns it on and returns 10 distinct recovery codes, stored only as SHA-256 hashes', async () => {
    const { user } = await newUser()
    const { secret } = await twoFactor.beginSetup(user.id)
    const { recoveryCodes: codes } = await twoFactor.confirmSetup(user.id, codeAt(secret))
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const rows = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(rows).toHaveLength(10)
    for (const r of rows) {
      expect(r.codeHash).toMatch(/^[0-9a-f]{64}$/)
      expect(codes.some((c) => r.codeHash.includes(c.replace('-', '')))).toBe(false)
    }
    const status = await twoFactor.status(user.id)
    expect(status).toMatchObject({ enabled: true, setupPending: false, recoveryCodesRemaining: 10 })
    expect(status.enabledAt).toBe(now.toISOString())
    expect(await twoFactor.pendingSetup(user.id)).toBeNull()
  })

  test('a wrong code does not turn it on and says so on the code field', async () => {
    const { user } = await newUser()
    const { secret } = await twoFactor.beginSetup(user.id)
    const wrong = codeAt(secret, 5)
    const error = await failure(twoFactor.confirmSetup(user.id, wrong))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toBe(twoFactorMessages.wrongCode)
    expect(error.fields).toEqual({ code: [twoFactorMessages.wrongCode] })
    expect((await twoFactor.status(user.id)).enabled).toBe(false)
    const empty = await failure(twoFactor.confirmSetup(user.id, '  '))
    expect(empty.fields?.code).toEqual([twoFactorMessages.enterCode])
  })

  test('setup cannot restart while it is on, and confirming without a setup is refused', async () => {
    const { user } = await enrolledUser()
    expect((await failure(twoFactor.beginSetup(user.id))).code).toBe('conflict')
    const other = await newUser()
    expect((await failure(twoFactor.confirmSetup(other.user.id, '123456'))).code).toBe('conflict')
  })

  test('cancelling an unconfirmed setup forgets its secret', async () => {
    const { user } = await newUser()
    await twoFactor.beginSetup(user.id)
    await twoFactor.cancelSetup(user.id)
    expect(await twoFactor.status(user.id)).toMatchObject({ enabled: false, setupPending: false })
  })
})

describe('signing in with a second factor', () => {
  test('after the password, the session is pending until a right app code swaps it for a full one', async () => {
    const { user, password, secret } = await enrolledUser()
    const pending = await pendingSignIn(user.email, password)
    expect(await accounts.validateSession(pending)).toBeNull()
    const done = await twoFactor.completeSignIn(pending, codeAt(secret), meta)
    expect(done.user.id).toBe(user.id)
    expect((await accounts.validateSession(done.token))?.user.id).toBe(user.id)
    // The pending session is gone.
    expect(await accounts.validateSession(pending, { allowPending: true })).toBeNull()
  })

  test('a code already accepted is refused the second time, even within its 30 seconds', async () => {
    const { user, password, secret } = await enrolledUser()
    const code = codeAt(secret)
    await twoFactor.completeSignIn(await pendingSignIn(user.email, password), code, meta)
    const again = await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), code, meta))
    expect(again.code).toBe('invalid_input')
    expect(again.fields?.code).toEqual([twoFactorMessages.wrongCode])
    // An earlier step's code is refused too once a later one was used.
    const earlier = await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret, -1), meta))
    expect(earlier.code).toBe('invalid_input')
  })

  test('codes one step either side are accepted for clock drift, two steps away are not', async () => {
    const { user, password, secret } = await enrolledUser()
    advance(60_000) // so the step before now is newer than the one setup used
    for (const offset of [-2, 2]) {
      const error = await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret, offset), meta))
      expect(error.code).toBe('invalid_input')
    }
    await expect(twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret, -1), meta)).resolves.toMatchObject({ user: { id: user.id } })
    await expect(twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret, 1), meta)).resolves.toMatchObject({ user: { id: user.id } })
  })

  test('a wrong code keeps the session pending', async () => {
    const { user, password, secret } = await enrolledUser()
    const pending = await pendingSignIn(user.email, password)
    const error = await failure(twoFactor.completeSignIn(pending, codeAt(secret, 4), meta))
    expect(error.message).toBe(twoFactorMessages.wrongCode)
    expect((await accounts.validateSession(pending, { allowPending: true }))?.twoFactorPending).toBe(true)
    await expect(twoFactor.completeSignIn(pending, codeAt(secret), meta)).resolves.toBeTruthy()
  })

  test('after 10 wrong codes in 15 minutes even a right code is refused, until the window passes', async () => {
    const { user, password, secret } = await enrolledUser()
    const pending = await pendingSignIn(user.email, password)
    for (let i = 0; i < 10; i++) {
      expect((await failure(twoFactor.completeSignIn(pending, String(100000 + i), meta))).code).toBe('invalid_input')
    }
    const limited = await failure(twoFactor.completeSignIn(pending, codeAt(secret), meta))
    expect(limited.code).toBe('rate_limited')
    expect(limited.message).toBe('Too many codes tried. Please wait a while and try again later.')
    advance(14 * 60_000)
    // the waiting sign-in itself expires after 10 minutes; a new one is still limited within the window
    expect((await failure(twoFactor.completeSignIn(pending, codeAt(secret), meta))).code).toBe('unauthenticated')
    expect((await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret), meta))).code).toBe('rate_limited')
    advance(60_000 + 1)
    const fresh = await pendingSignIn(user.email, password)
    await expect(twoFactor.completeSignIn(fresh, codeAt(secret), meta)).resolves.toMatchObject({ user: { id: user.id } })
  })

  test('right codes do not count towards the limit', async () => {
    const { user, password, secret } = await enrolledUser()
    for (let i = 0; i < 9; i++) await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), '000000', meta))
    await twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret), meta)
    const [n] = await database.pool.query('select count(*)::int as n from two_factor_attempts where user_id = $1', [user.id]).then((r) => r.rows)
    expect(n.n).toBe(9)
    // The tenth failure is still allowed, the eleventh attempt is not.
    expect((await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), '000000', meta))).code).toBe('invalid_input')
    expect((await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), '000000', meta))).code).toBe('rate_limited')
  })

  test('parallel wrong guesses cannot go past the limit', async () => {
    const { user, password } = await enrolledUser()
    const pending = await pendingSignIn(user.email, password)
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => failure(twoFactor.completeSignIn(pending, String(200000 + i), meta))))
    expect(results.filter((e) => e.code === 'invalid_input')).toHaveLength(10)
    expect(results.filter((e) => e.code === 'rate_limited')).toHaveLength(6)
    const rows = await database.db.select().from(twoFactorAttempts).where(eq(twoFactorAttempts.userId, user.id))
    expect(rows).toHaveLength(10)
  })

  test('a recovery code signs in once, in any case and without its dash, and is then used up', async () => {
    const { user, password, codes } = await enrolledUser()
    const code = codes[3]!
    const done = await twoFactor.completeSignIn(await pendingSignIn(user.email, password), ` ${code.replace('-', '').toUpperCase()} `, meta)
    expect(done.user.id).toBe(user.id)
    expect((await twoFactor.status(user.id)).recoveryCodesRemaining).toBe(9)
    const again = await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), code, meta))
    expect(again.fields?.code).toEqual([twoFactorMessages.wrongCode])
    // Another account's recovery code does not work here.
    const other = await enrolledUser()
    expect((await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), other.codes[0]!, meta))).code).toBe('invalid_input')
  })

  test('a session that is not pending (or no session) cannot take the second step', async () => {
    const { user, password, secret } = await enrolledUser()
    const full = await twoFactor.completeSignIn(await pendingSignIn(user.email, password), codeAt(secret), meta)
    advance(30_000)
    const error = await failure(twoFactor.completeSignIn(full.token, codeAt(secret), meta))
    expect(error.code).toBe('unauthenticated')
    expect(error.message).toBe(twoFactorMessages.signInExpired)
    expect((await failure(twoFactor.completeSignIn(undefined, '123456', meta))).code).toBe('unauthenticated')
    expect((await failure(twoFactor.completeSignIn('not-a-session-token', '123456', meta))).code).toBe('unauthenticated')
  })

  test('an account without two-factor sign-in signs in at once, with no pending step', async () => {
    const { user, password } = await newUser()
    const result = await accounts.signIn({ email: user.email, password }, meta)
    expect(result.status).toBe('signed_in')
  })
})

describe('turning it off and replacing recovery codes', () => {
  test('turning off needs the right password, then sign-in no longer asks for a code', async () => {
    const { user, password } = await enrolledUser()
    const wrong = await failure(twoFactor.disable(user.id, 'not my password'))
    expect(wrong.code).toBe('invalid_input')
    expect(wrong.fields).toEqual({ password: [twoFactorMessages.passwordWrong] })
    expect((await twoFactor.status(user.id)).enabled).toBe(true)
    expect((await failure(twoFactor.disable(user.id, ''))).fields?.password).toEqual(['Enter your password.'])

    await twoFactor.disable(user.id, password)
    expect(await twoFactor.status(user.id)).toEqual({ enabled: false, enabledAt: null, setupPending: false, recoveryCodesRemaining: 0 })
    expect(await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([])
    expect((await accounts.signIn({ email: user.email, password }, meta)).status).toBe('signed_in')
  })

  test('new recovery codes need the password and replace the old ones', async () => {
    const { user, password, codes } = await enrolledUser()
    expect((await failure(twoFactor.regenerateRecoveryCodes(user.id, 'wrong password'))).fields?.password).toEqual([twoFactorMessages.passwordWrong])
    const { recoveryCodes: fresh } = await twoFactor.regenerateRecoveryCodes(user.id, password)
    expect(fresh).toHaveLength(10)
    expect(fresh.some((c) => codes.includes(c))).toBe(false)
    const old = await failure(twoFactor.completeSignIn(await pendingSignIn(user.email, password), codes[0]!, meta))
    expect(old.code).toBe('invalid_input')
    await expect(twoFactor.completeSignIn(await pendingSignIn(user.email, password), fresh[0]!, meta)).resolves.toMatchObject({ user: { id: user.id } })
  })

  test('recovery codes cannot be made while two-factor sign-in is off', async () => {
    const { user, password } = await newUser()
    expect((await failure(twoFactor.regenerateRecoveryCodes(user.id, password))).code).toBe('conflict')
  })
})

describe('the application secret', () => {
  test('APP_SECRET wins; otherwise a key file is created once with mode 0600 and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-secret-'))
    try {
      expect(resolveAppSecret({ appSecret: SECRET_KEY, dataDir: dir })).toBe(SECRET_KEY)
      expect(fs.existsSync(path.join(dir, 'app.secret'))).toBe(false)
      const first = resolveAppSecret({ dataDir: dir })
      expect(first.length).toBeGreaterThanOrEqual(32)
      expect(fs.statSync(path.join(dir, 'app.secret')).mode & 0o777).toBe(0o600)
      expect(resolveAppSecret({ dataDir: dir })).toBe(first)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('a short key is refused', () => {
    expect(() => createSecretBox('short')).toThrow(/at least 32/)
  })
})
