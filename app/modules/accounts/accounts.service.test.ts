import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DomainError, isDomainError } from '~/lib/errors'
import type { EmailSender, SendEmailInput } from '~/modules/email/email.types'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { passwordResetTokens, sessions, signInLinks, twoFactors, users } from './accounts.schema'
import { accountMessages, createAccountsService } from './accounts.service.server'
import { hashToken } from './tokens.server'

let database: TestDatabase
let now = new Date('2026-11-22T10:00:00Z')
const clock = () => now
const sent: SendEmailInput[] = []
const email: EmailSender = {
  async send(input) {
    sent.push(input as SendEmailInput)
    return { id: sent.length, status: 'kept' }
  },
}
const meta = { ip: '203.0.113.7', userAgent: 'vitest' }
let n = 0
const newAccount = (overrides: Record<string, string> = {}) => ({
  firstName: 'Maya',
  lastName: 'Rivera',
  email: `maya${++n}@example.test`,
  password: 'sunflower meadow 42',
  ...overrides,
})

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (isDomainError(error)) return error.code
    throw error
  }
}

let accounts: ReturnType<typeof createAccountsService>
// A password reset's work runs after the answer (so its time tells nothing); tests wait for it before looking.
const deferred: Promise<void>[] = []
const defer = (work: () => Promise<void>) => {
  deferred.push(work())
}
const settle = async () => {
  await Promise.all(deferred.splice(0))
}
const requestPasswordReset = async (input: unknown) => {
  const answer = await accounts.requestPasswordReset(input)
  await settle()
  return answer
}
/** The token in the newest email's button (a sign-up or email-change link). */
const lastLinkToken = () => new URL((sent.at(-1)!.data as { action: { url: string } }).action.url).searchParams.get('token')!
/** An account made the way a person makes one: sign up, open the emailed link (which confirms it and signs in). */
async function signUpConfirmed(input: ReturnType<typeof newAccount>, at = meta) {
  await accounts.signUp(input, at)
  await settle()
  const { session } = await accounts.confirmEmail(lastLinkToken(), at)
  if (session?.status !== 'signed_in') throw new Error('the sign-up link did not sign in')
  return { token: session.token, user: session.user }
}

beforeAll(async () => {
  database = await createTestDatabase()
  accounts = createAccountsService({ db: database.db, email, clock, defer, publicOrigin: 'https://nestlist.example' })
})

afterAll(async () => {
  await database?.drop()
})

describe('sign-up', () => {
  test('starts an unconfirmed account with an argon2id hash and signs nobody in; the emailed link confirms and signs in, once', async () => {
    const input = newAccount({ email: '  Maya.Up@Example.TEST ' })
    expect(await accounts.signUp(input, meta)).toEqual({ status: 'confirmation_sent', email: 'maya.up@example.test' })
    const [row] = await database.db.select().from(users).where(eq(users.email, 'maya.up@example.test'))
    // At argon2's least cost here (vitest.config.ts); password.server.test.ts shows production's m=19456, t=2, p=1.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/)
    expect(row!.passwordHash).not.toContain(input.password)
    expect(row!.emailVerifiedAt).toBeNull()
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(0)
    await settle()
    expect(sent.at(-1)).toMatchObject({ to: 'maya.up@example.test', template: 'notice', data: { subject: 'Confirm your email to finish signing up' } })
    const token = lastLinkToken()
    expect(await accounts.emailLinkPurpose(token)).toBe('sign_up')
    const { session, purpose } = await accounts.confirmEmail(token, meta)
    expect(purpose).toBe('sign_up')
    if (session?.status !== 'signed_in') throw new Error('not signed in')
    // at least 128 bits: 20 random bytes in base32 are 32 characters
    expect(session.token).toMatch(/^[a-z2-7]{32}$/)
    const [s] = await database.db.select().from(sessions).where(eq(sessions.userId, row!.id))
    expect(s!.id).toBe(hashToken(session.token))
    expect(s!.id).not.toBe(session.token)
    expect(session.user).toMatchObject({ id: row!.id, emailVerified: true })
    expect(await accounts.emailLinkPurpose(token)).toBeNull()
    expect(await codeOf(accounts.confirmEmail(token, meta))).toBe('invalid_input')
  })

  test('the link works for 24 hours and carries the page to come back to, only when it is one of ours', async () => {
    await accounts.signUp(newAccount(), meta, { continuePath: '/registry/new?account=new&type=baby' })
    await settle()
    const url = new URL((sent.at(-1)!.data as { action: { url: string } }).action.url)
    expect(url.origin).toBe('https://nestlist.example')
    expect(url.searchParams.get('redirect_path')).toBe('/registry/new?account=new&type=baby')
    await accounts.signUp(newAccount(), meta, { continuePath: '/..//evil.example' })
    await settle()
    expect(new URL((sent.at(-1)!.data as { action: { url: string } }).action.url).searchParams.has('redirect_path')).toBe(false)
    const token = lastLinkToken()
    const started = now
    now = new Date(started.getTime() + 25 * 3600_000)
    expect(await accounts.emailLinkPurpose(token)).toBeNull()
    expect(await codeOf(accounts.confirmEmail(token, meta))).toBe('invalid_input')
    now = started
  })

  test('refuses passwords under 8 characters and the most common passwords, and allows 64+ characters', async () => {
    const short = await accounts.signUp(newAccount({ password: 'abc12' }), meta).catch((e: unknown) => e)
    expect(isDomainError(short) && short.fields?.password?.[0]).toBe('Use at least 8 characters.')
    const common = await accounts.signUp(newAccount({ password: 'iloveyou' }), meta).catch((e: unknown) => e)
    expect(isDomainError(common) && common.fields?.password?.[0]).toBe(accountMessages.commonPassword)
    const commonUpper = await accounts.signUp(newAccount({ password: 'Password1' }), meta).catch((e: unknown) => e)
    expect(isDomainError(commonUpper) && commonUpper.fields?.password?.[0]).toBe(accountMessages.commonPassword)
    const long = 'a long passphrase about a sleepy baby owl '.repeat(2)
    expect(long.length).toBeGreaterThan(64)
    expect(await codeOf(accounts.signUp(newAccount({ password: long }), meta))).toBe('ok')
  })

  test('sign-up with an address that has an account answers exactly as for a new address and makes no second account; only the inbox learns', async () => {
    const owner = newAccount()
    await signUpConfirmed(owner)

    const fresh = await accounts.signUp(newAccount(), meta)
    await settle()
    const before = sent.length
    const probe = await accounts.signUp({ ...newAccount(), email: owner.email.toUpperCase(), password: 'a guess at it 99' }, meta)
    expect(probe).toEqual({ status: 'confirmation_sent', email: owner.email })
    expect(Object.keys(probe).sort()).toEqual(Object.keys(fresh).sort())
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))).toHaveLength(1)
    // the address's owner is told by email (work handed over to run after the answer); no confirmation link is sent
    await settle()
    expect(sent.slice(before)).toHaveLength(1)
    expect(sent.at(-1)).toMatchObject({ to: owner.email, data: { subject: 'You already have a Nestlist account', action: { url: 'https://nestlist.example/login' } } })
    // sign-in with that address still reaches the owner's account only
    const signIn = await accounts.signIn({ email: owner.email, password: owner.password }, meta)
    expect(signIn.status === 'signed_in' && signIn.user.emailVerified).toBe(true)
    expect(await codeOf(accounts.signIn({ email: owner.email, password: 'a guess at it 99' }, meta))).toBe('unauthenticated')
  })

  test('parallel sign-ups with one address make one account', async () => {
    const input = newAccount()
    const answers = await Promise.all([0, 1, 2].map((i) => accounts.signUp({ ...input, password: `parallel phrase ${i}0` }, { ...meta, ip: `198.51.100.${60 + i}` })))
    expect(answers.map((a) => a.status)).toEqual(['confirmation_sent', 'confirmation_sent', 'confirmation_sent'])
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))).toHaveLength(1)
    await settle()
  })

  test("a sign-up started by someone else cannot be kept: the owner's own sign-up makes no account, its note leads to a reset, and the reset replaces the password", async () => {
    const owner = newAccount()
    // Someone else signs up first with the owner's address and a password of their own; the link goes to the owner.
    await accounts.signUp({ ...owner, password: 'someone else 4242' }, meta)
    await settle()
    expect(await codeOf(accounts.signIn({ email: owner.email, password: 'someone else 4242' }, meta))).toBe('forbidden')
    await settle()
    now = new Date(now.getTime() + 60_000)
    await accounts.signUp(owner, meta)
    await settle()
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))).toHaveLength(1)
    expect(sent.at(-1)).toMatchObject({ to: owner.email, data: { subject: 'You already have a Nestlist account', action: { url: 'https://nestlist.example/forgot_password' } } })
    await requestPasswordReset({ email: owner.email })
    const resetUrl = (sent.at(-1)!.data as { resetUrl: string }).resetUrl
    const reset = await accounts.resetPassword({ token: new URL(resetUrl).searchParams.get('token')!, password: 'a fresh phrase 55', passwordConfirmation: 'a fresh phrase 55' }, meta)
    expect(reset.user.emailVerified).toBe(true)
    expect(await codeOf(accounts.signIn({ email: owner.email, password: 'someone else 4242' }, meta))).toBe('unauthenticated')
    expect(await codeOf(accounts.signIn({ email: owner.email, password: 'a fresh phrase 55' }, meta))).toBe('ok')
  })

  test('an emailed sign-in link proves the address too: it confirms an unconfirmed account and signs it in', async () => {
    const input = newAccount()
    await accounts.signUp(input, meta)
    await settle()
    await accounts.requestSignInLink({ email: input.email })
    await settle()
    const link = new URL((sent.at(-1)!.data as { action: { url: string } }).action.url)
    expect(link.pathname).toBe('/login/email')
    const result = await accounts.signInWithLink(link.searchParams.get('token')!, meta)
    expect(result).toMatchObject({ status: 'signed_in', user: { email: input.email, emailVerified: true } })
  })

  test('the right password for an unconfirmed account signs nobody in: it sends a fresh link, at most 5 an hour, and the link signs in', async () => {
    const input = newAccount()
    await accounts.signUp(input, meta)
    await settle()
    const refusal = await accounts.signIn({ email: input.email, password: input.password }, meta).catch((e: unknown) => e)
    expect(refusal).toMatchObject({ code: 'forbidden', message: accountMessages.confirmFirst(input.email) })
    await settle()
    expect(sent.at(-1)).toMatchObject({ to: input.email, data: { subject: 'Confirm your email to finish signing up' } })
    for (let i = 0; i < 3; i++) await codeOf(accounts.signIn({ email: input.email, password: input.password }, meta))
    const before = sent.length
    const capped = await accounts.signIn({ email: input.email, password: input.password }, meta).catch((e: unknown) => e)
    expect(capped).toMatchObject({ code: 'forbidden', message: accountMessages.confirmFirstNoResend(input.email) })
    expect(sent.length).toBe(before)
    const { session } = await accounts.confirmEmail(lastLinkToken(), meta)
    expect(session).toMatchObject({ status: 'signed_in', user: { email: input.email, emailVerified: true } })
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, meta))).toBe('ok')
  })
})

describe('sign-in and sessions', () => {
  test('signs in with the right password; a wrong password and an unknown email get the same answer', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const ok = await accounts.signIn({ email: input.email, password: input.password }, meta)
    expect(ok.status).toBe('signed_in')
    const wrong = await accounts.signIn({ email: input.email, password: 'not the password' }, meta).catch((e: Error) => e)
    const unknown = await accounts.signIn({ email: 'nobody-here@example.test', password: 'not the password' }, meta).catch((e: Error) => e)
    expect(isDomainError(wrong) && wrong.code).toBe('unauthenticated')
    expect(isDomainError(unknown) && unknown.code).toBe('unauthenticated')
    expect((wrong as Error).message).toBe((unknown as Error).message)
  })

  test('each sign-in gets a new session id; sign-out invalidates it', async () => {
    const input = newAccount()
    const first = await signUpConfirmed(input)
    const second = await accounts.signIn({ email: input.email, password: input.password }, meta)
    expect(second.status).toBe('signed_in')
    if (second.status !== 'signed_in') return
    expect(second.token).not.toBe(first.token)
    expect(await accounts.validateSession(second.token)).not.toBeNull()
    await accounts.signOut(second.token)
    expect(await accounts.validateSession(second.token)).toBeNull()
    expect(await accounts.validateSession(first.token)).not.toBeNull()
  })

  test('sessions end after 30 idle days and 90 days in all, whatever the activity', async () => {
    const started = now
    const { token } = await signUpConfirmed(newAccount())
    now = new Date(started.getTime() + 29 * 86_400_000)
    expect(await accounts.validateSession(token)).not.toBeNull()
    now = new Date(started.getTime() + 58 * 86_400_000)
    expect(await accounts.validateSession(token)).not.toBeNull()
    now = new Date(started.getTime() + 87 * 86_400_000)
    expect(await accounts.validateSession(token)).not.toBeNull()
    now = new Date(started.getTime() + 91 * 86_400_000)
    expect(await accounts.validateSession(token)).toBeNull()

    now = started
    const idle = await signUpConfirmed(newAccount())
    now = new Date(started.getTime() + 31 * 86_400_000)
    expect(await accounts.validateSession(idle.token)).toBeNull()
    now = started
  })

  test('a session waiting for the two-factor code expires after 10 minutes and reaches nothing meanwhile', async () => {
    const input = newAccount()
    const { user } = await signUpConfirmed(input)
    await database.db.insert(twoFactors).values({ userId: user.id, secretEncrypted: 'x', enabledAt: now })
    const result = await accounts.signIn({ email: input.email, password: input.password }, meta)
    expect(result.status).toBe('two_factor_required')
    expect(await accounts.validateSession(result.token)).toBeNull()
    expect(await accounts.validateSession(result.token, { allowPending: true })).toMatchObject({ twoFactorPending: true })
    const started = now
    now = new Date(started.getTime() + 11 * 60_000)
    expect(await accounts.validateSession(result.token, { allowPending: true })).toBeNull()
    now = started
  })

  test('a made-up or overlong token reads as signed out', async () => {
    expect(await accounts.validateSession('x'.repeat(32))).toBeNull()
    expect(await accounts.validateSession('x'.repeat(500))).toBeNull()
    expect(await accounts.validateSession(undefined)).toBeNull()
  })
})

describe('throttling', () => {
  /** Signs in, and when told to wait, moves the clock on by the Retry-After it was given and tries again. */
  async function patientSignIn(service: typeof accounts, input: { email: string; password: string }, ip: string) {
    for (;;) {
      const error = await service.signIn(input, { ...meta, ip }).then(() => null, (e: unknown) => e)
      if (!isDomainError(error) || error.code !== 'rate_limited') return error ? (error as DomainError).code : 'ok'
      now = new Date(now.getTime() + error.retryAfterSeconds! * 1000)
    }
  }

  test('after 100 wrong passwords from one address the owner signs in from another address', async () => {
    const input = newAccount()
    await signUpConfirmed(input, { ...meta, ip: '198.51.100.1' })
    const attacker = '198.51.100.66'
    for (let i = 0; i < 100; i++) expect(await patientSignIn(accounts, { email: input.email, password: `wrong ${i}` }, attacker)).toBe('unauthenticated')
    // the attacker is still held off, even with the right password
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, { ...meta, ip: attacker }))).toBe('rate_limited')
    // the owner, from their own address, is not
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, { ...meta, ip: '203.0.113.200' }))).toBe('ok')
  }, 120_000)

  test('100 wrong passwords for one account from many addresses within the hour do not block the owner elsewhere', async () => {
    const input = newAccount()
    await signUpConfirmed(input, { ...meta, ip: '198.51.100.1' })
    for (let i = 0; i < 100; i++) {
      expect(await codeOf(accounts.signIn({ email: input.email, password: `wrong ${i}` }, { ...meta, ip: `192.0.2.${i + 1}` }))).toBe('unauthenticated')
    }
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, { ...meta, ip: '203.0.113.201' }))).toBe('ok')
    // under attack, a new address gets one free try: after one more wrong password it has to wait
    expect(await codeOf(accounts.signIn({ email: input.email, password: 'wrong again' }, { ...meta, ip: '192.0.2.200' }))).toBe('unauthenticated')
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, { ...meta, ip: '192.0.2.200' }))).toBe('rate_limited')
  }, 120_000)

  test("the attacker's address gets growing delays with Retry-After, until a cap", async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const ip = { ...meta, ip: '198.51.100.77' }
    for (let i = 0; i < 5; i++) expect(await codeOf(accounts.signIn({ email: input.email, password: `wrong ${i}` }, ip))).toBe('unauthenticated')
    const delays: number[] = []
    for (let i = 0; i < 14; i++) {
      const blocked = await accounts.signIn({ email: input.email, password: input.password }, ip).catch((e: unknown) => e)
      expect(isDomainError(blocked) && blocked.code).toBe('rate_limited')
      const seconds = (blocked as DomainError).retryAfterSeconds!
      expect((blocked as Error).message).toBe(accountMessages.tooManyAttempts(seconds))
      delays.push(seconds)
      // a second short of the wait it is still refused
      now = new Date(now.getTime() + (seconds - 1) * 1000)
      expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, ip))).toBe('rate_limited')
      now = new Date(now.getTime() + 1000)
      expect(await codeOf(accounts.signIn({ email: input.email, password: `wrong again ${i}` }, ip))).toBe('unauthenticated')
    }
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8])
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!)
    expect(delays.at(-1)).toBe(15 * 60)
    // after waiting, the right password works and clears the address's record
    now = new Date(now.getTime() + 15 * 60_000)
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, ip))).toBe('ok')
    expect(await codeOf(accounts.signIn({ email: input.email, password: 'one typo' }, ip))).toBe('unauthenticated')
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, ip))).toBe('ok')
  }, 60_000)

  test('parallel guesses from one address cannot exceed its free attempts', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const ip = { ...meta, ip: '198.51.100.88' }
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => codeOf(accounts.signIn({ email: input.email, password: `guess ${i}` }, ip))))
    expect(results.filter((r) => r === 'unauthenticated')).toHaveLength(5)
    expect(results.filter((r) => r === 'rate_limited')).toHaveLength(7)
  })

  test('sign-ups naming a throttled email are not refused by the sign-in throttle', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const ip = { ...meta, ip: '198.51.100.99' }
    for (let i = 0; i < 5; i++) await codeOf(accounts.signIn({ email: input.email, password: `wrong ${i}` }, ip))
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, ip))).toBe('rate_limited')
    expect(await codeOf(accounts.signUp({ ...newAccount(), email: input.email }, ip))).toBe('ok')
    expect(await codeOf(accounts.signUp({ ...newAccount(), email: input.email }, meta))).toBe('ok')
  })

  test('attempts are also limited per address across accounts, with Retry-After', async () => {
    const limited = createAccountsService({ db: database.db, email, clock, config: { attemptsPerIpPerHour: 3 } })
    const ip = { ...meta, ip: '192.0.2.250' }
    const codes = []
    for (let i = 0; i < 5; i++) codes.push(await codeOf(limited.signIn({ email: `someone${i}@example.test`, password: 'whatever-it-is' }, ip)))
    expect(codes).toEqual(['unauthenticated', 'unauthenticated', 'unauthenticated', 'rate_limited', 'rate_limited'])
    const blocked = await limited.signIn({ email: 'someone-else@example.test', password: 'whatever-it-is' }, ip).catch((e: unknown) => e)
    expect((blocked as DomainError).retryAfterSeconds).toBeGreaterThan(0)
  })
})

describe('sign-in links', () => {
  const linkToken = () => new URL((sent.at(-1)!.data as { action: { url: string } }).action.url).searchParams.get('token')!
  // The account-dependent work runs after the answer; these tests hold it and run it when they choose.
  const held: (() => Promise<void>)[] = []
  const links = () => createAccountsService({ db: database.db, email, clock, publicOrigin: 'https://nestlist.example', defer: (work) => void held.push(work) })
  const runHeld = async () => {
    for (const work of held.splice(0)) await work()
  }
  const requestSignInLink = async (input: { email: string }) => {
    await links().requestSignInLink(input)
    await runHeld()
  }

  test('the answer comes before any account-dependent work: the same for known and unknown emails', async () => {
    const input = newAccount()
    const { user } = await signUpConfirmed(input)
    const before = sent.length
    await links().requestSignInLink({ email: input.email })
    await links().requestSignInLink({ email: 'nobody-at-all@example.test' })
    expect(sent.length).toBe(before)
    expect(await database.db.select().from(signInLinks).where(eq(signInLinks.userId, user.id))).toHaveLength(0)
    expect(held).toHaveLength(2)
    await runHeld()
    expect(sent.length).toBe(before + 1)
    expect(sent.at(-1)).toMatchObject({ to: input.email })
  })

  test('a sign-in link emailed to the account signs in once, even while its address is throttled', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const ip = { ...meta, ip: '198.51.100.111' }
    for (let i = 0; i < 5; i++) await codeOf(accounts.signIn({ email: input.email, password: `wrong ${i}` }, ip))
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, ip))).toBe('rate_limited')

    const before = sent.length
    await requestSignInLink({ email: 'nobody-at-all@example.test' })
    expect(sent.length).toBe(before)
    await requestSignInLink({ email: input.email.toUpperCase() })
    const mail = sent.at(-1)!
    expect(mail).toMatchObject({ to: input.email, template: 'notice', data: { subject: 'Your Nestlist sign-in link' } })
    expect((mail.data as { action: { url: string } }).action.url).toMatch(/^https:\/\/nestlist\.example\/login\/email\?token=[a-z2-7]{32}$/)
    const token = linkToken()
    expect(await accounts.signInLinkUsable(token)).toBe(true)
    const result = await accounts.signInWithLink(token, ip)
    expect(result.status === 'signed_in' && result.user.email).toBe(input.email)
    expect(await accounts.validateSession(result.token)).not.toBeNull()
    expect(await codeOf(accounts.signInWithLink(token, ip))).toBe('invalid_input')
    expect(await accounts.signInLinkUsable(token)).toBe(false)
  })

  test('links expire after 15 minutes, a reset link is not one, and two-factor sign-in still asks for the code', async () => {
    const input = newAccount()
    const { user } = await signUpConfirmed(input)
    await requestSignInLink({ email: input.email })
    const late = linkToken()
    now = new Date(now.getTime() + 16 * 60_000)
    expect(await codeOf(accounts.signInWithLink(late, meta))).toBe('invalid_input')
    // a password reset token is not a sign-in link
    const reset = 'a2'.repeat(16)
    await database.db.insert(passwordResetTokens).values({ id: hashToken(reset), userId: user.id, expiresAt: new Date(now.getTime() + 3600_000) })
    expect(await codeOf(accounts.signInWithLink(reset, meta))).toBe('invalid_input')
    expect(await codeOf(accounts.signInWithLink('x'.repeat(500), meta))).toBe('invalid_input')

    await database.db.insert(twoFactors).values({ userId: user.id, secretEncrypted: 'x', enabledAt: now })
    await requestSignInLink({ email: input.email })
    const result = await accounts.signInWithLink(linkToken(), meta)
    expect(result.status).toBe('two_factor_required')
    expect(await accounts.validateSession(result.token)).toBeNull()
  })

  test('at most 5 links per account per hour are sent (more requests get the same answer)', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const before = sent.length
    for (let i = 0; i < 7; i++) await requestSignInLink({ email: input.email })
    expect(sent.length - before).toBe(5)
  })
})

describe('password reset', () => {
  test('the same answer for known and unknown emails; only a known account gets the email', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    const before = sent.length
    await expect(requestPasswordReset({ email: 'no-such-person@example.test' })).resolves.toBeUndefined()
    expect(sent.length).toBe(before)
    await expect(requestPasswordReset({ email: input.email })).resolves.toBeUndefined()
    const mail = sent.at(-1)!
    expect(mail).toMatchObject({ to: input.email, template: 'password_reset' })
    expect((mail.data as { resetUrl: string }).resetUrl).toMatch(/^https:\/\/nestlist\.example\/password_resets\?token=[a-z2-7]{32}$/)
  })

  test('the link works once, sets the password, ends every session, and older links stop working', async () => {
    const input = newAccount()
    const { token: oldSession } = await signUpConfirmed(input)
    await requestPasswordReset({ email: input.email })
    const first = new URL((sent.at(-1)!.data as { resetUrl: string }).resetUrl).searchParams.get('token')!
    await requestPasswordReset({ email: input.email })
    const second = new URL((sent.at(-1)!.data as { resetUrl: string }).resetUrl).searchParams.get('token')!
    expect(await accounts.resetTokenUsable(second)).toBe(true)
    const { token } = await accounts.resetPassword({ token: second, password: 'a brand new phrase', passwordConfirmation: 'a brand new phrase' }, meta)
    expect(await accounts.validateSession(token)).not.toBeNull()
    expect(await accounts.validateSession(oldSession)).toBeNull()
    expect(await codeOf(accounts.signIn({ email: input.email, password: 'a brand new phrase' }, meta))).toBe('ok')
    expect(await codeOf(accounts.signIn({ email: input.email, password: input.password }, meta))).toBe('unauthenticated')
    // used once; the earlier link was cancelled with it
    expect(await codeOf(accounts.resetPassword({ token: second, password: 'another new phrase', passwordConfirmation: 'another new phrase' }, meta))).toBe('invalid_input')
    expect(await accounts.resetTokenUsable(first)).toBe(false)
  })

  test('links expire after an hour, and only the hash of the token is stored', async () => {
    const input = newAccount()
    await signUpConfirmed(input)
    await requestPasswordReset({ email: input.email })
    const token = new URL((sent.at(-1)!.data as { resetUrl: string }).resetUrl).searchParams.get('token')!
    const rows = await database.db.select().from(passwordResetTokens)
    expect(rows.some((r) => r.id === token)).toBe(false)
    expect(rows.some((r) => r.id === hashToken(token))).toBe(true)
    now = new Date(now.getTime() + 61 * 60_000)
    expect(await accounts.resetTokenUsable(token)).toBe(false)
    expect(await codeOf(accounts.resetPassword({ token, password: 'too late phrase', passwordConfirmation: 'too late phrase' }, meta))).toBe('invalid_input')
  })
})

describe('password change, profile and events', () => {
  test('changing the password needs the current one and signs out the other sessions only', async () => {
    const input = newAccount()
    const { token: here } = await signUpConfirmed(input)
    const other = await accounts.signIn({ email: input.email, password: input.password }, meta)
    const session = (await accounts.validateSession(here))!
    expect(await codeOf(accounts.changePassword(session.user.id, session.sessionId, { currentPassword: 'wrong one', newPassword: 'lovely new phrase' }))).toBe(
      'invalid_input',
    )
    await accounts.changePassword(session.user.id, session.sessionId, { currentPassword: input.password, newPassword: 'lovely new phrase' })
    expect(await accounts.validateSession(here)).not.toBeNull()
    expect(await accounts.validateSession(other.token)).toBeNull()
    expect(sent.at(-1)).toMatchObject({ template: 'password_changed', to: input.email })
  })

  test('an event replaces one with the same name, otherwise it is prepended', async () => {
    const { user } = await signUpConfirmed(newAccount())
    await accounts.addEvent(user.id, { name: 'viewed_checklist', value: 1 })
    now = new Date(now.getTime() + 1000)
    await accounts.addEvent(user.id, { name: 'dismissed_birthday_modal', value: true })
    now = new Date(now.getTime() + 1000)
    const events = await accounts.addEvent(user.id, { name: 'viewed_checklist', value: 2 })
    expect(events).toEqual([
      { name: 'viewed_checklist', value: 2 },
      { name: 'dismissed_birthday_modal', value: true },
    ])
    expect(await codeOf(accounts.addEvent(user.id, { name: 'bad name with spaces' }))).toBe('invalid_input')
  })

  test('a new email takes effect only from the link sent to it, and never lands on a confirmed address', async () => {
    const a = newAccount()
    await signUpConfirmed(a)
    const b = newAccount()
    const { user } = await signUpConfirmed(b)

    // to a taken address: same answer as any change, the owner of that address is told
    // changing the email needs the current password
    expect(await codeOf(accounts.updateProfile(user.id, { firstName: 'Bea', lastName: 'Two', email: 'x@example.test' }))).toBe('invalid_input')
    expect(
      await codeOf(accounts.updateProfile(user.id, { firstName: 'Bea', lastName: 'Two', email: 'x@example.test', currentPassword: 'not my password' })),
    ).toBe('invalid_input')
    expect(await accounts.pendingEmailChange(user.id)).toBeNull()
    const taken = await accounts.updateProfile(user.id, { firstName: 'Bea', lastName: 'Two', email: a.email, currentPassword: b.password })
    expect(taken).toMatchObject({ user: { firstName: 'Bea', email: b.email }, emailChangePending: a.email })
    expect(sent.at(-1)).toMatchObject({ to: a.email, data: { subject: 'You already have a Nestlist account' } })

    const moved = await accounts.updateProfile(user.id, { firstName: 'Bea', lastName: 'Two', email: 'bea.two@example.test', currentPassword: b.password })
    expect(moved).toMatchObject({ user: { email: b.email }, emailChangePending: 'bea.two@example.test' })
    expect(await accounts.pendingEmailChange(user.id)).toBe('bea.two@example.test')
    const token = new URL((sent.at(-1)!.data as { action: { url: string } }).action.url).searchParams.get('token')!
    expect(await accounts.confirmEmail(token, meta)).toMatchObject({ purpose: 'change', email: 'bea.two@example.test', session: null })
    expect((await accounts.viewer(user.id))!.email).toBe('bea.two@example.test')
    expect(await accounts.pendingEmailChange(user.id)).toBeNull()
  })
})
