import DataLoader from 'dataloader'
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, min, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { parseInput as parse } from '~/lib/parse-input'
import { publicOriginOf } from '~/lib/public-origin.server'
import type { EmailSender } from '~/modules/email/email.types'
import {
  emailVerifications,
  passwordResetTokens,
  sessions,
  signInAttempts,
  signInLinks,
  twoFactors,
  type UserRow,
  userEvents,
  users,
} from './accounts.schema'
import type { SessionMeta, SignInResult, UserEvent, UserProfile, Viewer } from './accounts.types'
import {
  changePasswordInput,
  forgotPasswordInput,
  passwordVerificationInput,
  resetPasswordInput,
  signInInput,
  signInLinkRequestInput,
  signUpInput,
  updateProfileInput,
  userEventInput,
} from './accounts.validation'
import { hashPassword, isCommonPassword, verifyDummy, verifyPassword } from './password.server'
import { safeRedirectPath } from './safe-redirect'
import { generateToken, hashToken } from './tokens.server'

export type AccountsConfig = {
  /** A session unused for this long ends. */
  sessionIdleMs: number
  /** A session ends this long after sign-in whatever the activity. */
  sessionAbsoluteMs: number
  /** How long a password reset link works. */
  resetTtlMs: number
  /** Wrong passwords for one account from one address (since its last success, within a day) before delays start. */
  freeFailuresPerAccountAndAddress: number
  /** Wrong passwords for one account per hour, from all addresses, past which each address gets one free try only. */
  accountUnderAttackFailures: number
  /** The first delay; each further wrong password doubles it, up to backoffMaxMs. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Attempts (passwords checked and sign-ups) per client address per hour before delays start. */
  attemptsPerIpPerHour: number
  /** How long an emailed sign-in link works. */
  signInLinkTtlMs: number
  /** Reset emails sent per account per hour (more requests get the same answer and no email). */
  resetsPerAccountPerHour: number
  /** How long a link confirming an account's new email works. */
  verificationTtlMs: number
  /** How long the link that finishes a sign-up works (it also signs in, so it lives shorter). */
  signUpLinkTtlMs: number
}

export const defaultAccountsConfig: AccountsConfig = {
  sessionIdleMs: 30 * 24 * 3600_000,
  sessionAbsoluteMs: 90 * 24 * 3600_000,
  resetTtlMs: 60 * 60_000,
  freeFailuresPerAccountAndAddress: 5,
  accountUnderAttackFailures: 100,
  backoffBaseMs: 1000,
  backoffMaxMs: 15 * 60_000,
  attemptsPerIpPerHour: 300,
  signInLinkTtlMs: 15 * 60_000,
  resetsPerAccountPerHour: 5,
  verificationTtlMs: 7 * 24 * 3600_000,
  signUpLinkTtlMs: 24 * 3600_000,
}

const HOUR = 3600_000
const DAY = 24 * HOUR
const PENDING_TWO_FACTOR_MS = 10 * 60_000
// lastSeenAt is written at most this often, so reading a session is usually one SELECT.
const TOUCH_EVERY_MS = 60 * 60_000

export const accountMessages = {
  badCredentials: 'That email and password do not match. Check them and try again.',
  tooManyAttempts: (seconds: number) =>
    `Too many sign-in attempts from here. Try again in ${waitInWords(seconds)}, or ask for a sign-in link by email.`,
  signInLinkInvalid: 'This sign-in link has expired or was already used. Ask for a new one below.',
  commonPassword: 'That password is too common and easy to guess. Choose a less common one.',
  verifyInvalid: 'This confirmation link has expired or was already used.',
  confirmFirst: (email: string) =>
    `Please confirm your email address before you sign in. We sent a link to ${email}: open it to finish creating your account.`,
  confirmFirstNoResend: (email: string) =>
    `Please confirm your email address before you sign in. We sent several links to ${email} in the last hour: open the newest one.`,
  alreadyConfirmed: 'This email address already belongs to a confirmed Nestlist account. Sign in to that account instead.',
  resetInvalid: 'This reset link has expired or was already used. Ask for a new one below.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordForEmail: 'Enter your current password to change your email.',
} as const

function waitInWords(seconds: number) {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

const toViewer = (u: UserRow): Viewer => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  createdAt: u.createdAt,
  isBookmarkletUsed: u.isBookmarkletUsed,
  emailVerified: u.emailVerifiedAt !== null,
})

export type AccountsDeps = {
  db: Db
  email: EmailSender
  /** The origin every emailed link starts with (services.publicOrigin, docs/decisions/034); never a request's Host. */
  publicOrigin?: string
  clock?: () => Date
  config?: Partial<AccountsConfig>
  /**
   * Runs work after the answer has gone, so its length cannot tell the caller anything (forgot password).
   * Default: the next turn of the event loop, failures logged. Tests pass one they can wait on.
   */
  defer?: (work: () => Promise<void>) => void
  logger?: Logger
}

/** Accounts: sign-up, sign-in with throttling, sign-in links, server-side sessions, password reset, profile and user events. */
/** A session's id (the hash of its cookie token), or null for a token that cannot be one (absent or too long). */
export function sessionIdFor(token: string | undefined | null): string | null {
  return token && token.length <= 100 ? hashToken(token) : null
}

/**
 * The account an email (lower case, as the inputs make it) signs in to, resets and is credited as: the confirmed one,
 * else the first that claimed the address. Sign-up no longer makes a second account for an address (decision 035),
 * but accounts made before it did may still share one; the newest of those may be someone else's doing: had it won,
 * a later sign-up with an unconfirmed owner's address would lock them out and route their password reset elsewhere.
 */
export async function accountOfEmail(db: Db, emailKey: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(users.email, emailKey))
    .orderBy(sql`${users.emailVerifiedAt} is null`, asc(users.createdAt), asc(users.id))
    .limit(1)
  return u
}

export function createAccountsService({ db, email, defer: deferWork, logger, clock = () => new Date(), config: overrides, publicOrigin = publicOriginOf({}) }: AccountsDeps) {
  const config = { ...defaultAccountsConfig, ...overrides }
  const defer =
    deferWork ??
    ((work: () => Promise<void>) => {
      setImmediate(() => {
        work().catch((error: unknown) => logger?.error({ err: error }, 'account work after the answer failed'))
      })
    })

  async function createSession(userId: number, meta: SessionMeta, twoFactorPending = false) {
    const token = generateToken()
    const now = clock()
    await db.insert(sessions).values({
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      // A session waiting for the authenticator code is only good for finishing that sign-in, for 10 minutes.
      expiresAt: new Date(now.getTime() + (twoFactorPending ? PENDING_TWO_FACTOR_MS : config.sessionAbsoluteMs)),
      twoFactorPending,
      userAgent: meta.userAgent.slice(0, 300),
    })
    return token
  }

  const sessionById = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_by_id')

  /**
   * The session read by id, checked: null (and deleted) when expired, idle or (unless allowed) waiting for its
   * two-factor code; its last-seen time moved on at most hourly.
   */
  async function settleSession(id: string, row: { session: typeof sessions.$inferSelect; user: UserRow }, options: { allowPending?: boolean }) {
    const now = clock().getTime()
    if (row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + config.sessionIdleMs <= now) {
      await db.delete(sessions).where(eq(sessions.id, id))
      return null
    }
    if (row.session.twoFactorPending && !options.allowPending) return null
    if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id))
    }
    return { sessionId: id, twoFactorPending: row.session.twoFactorPending, user: toViewer(row.user) }
  }

  /** The wait after `excess` wrong tries past the free ones: doubling from the base, capped. */
  const backoffMs = (excess: number) => Math.min(config.backoffMaxMs, config.backoffBaseMs * 2 ** Math.min(excess, 40))

  /** Refuses with rate_limited (and how long to wait) while `until` is in the future. */
  function refuseUntil(until: number) {
    const waitMs = until - clock().getTime()
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      throw new DomainError('rate_limited', accountMessages.tooManyAttempts(seconds), { retryAfterSeconds: seconds })
    }
  }

  /** Attempts from one address in the last hour: past the free ones, each waits a doubling delay after the last. */
  async function checkAddress(tx: Pick<Db, 'execute'>, ip: string) {
    const { rows } = await tx.execute<{ n: number; last: string | null }>(sql`
      select count(*)::int as n, max(created_at) as last from sign_in_attempts
      where ip = ${ip} and created_at > ${new Date(clock().getTime() - HOUR).toISOString()}::timestamptz`)
    const byIp = rows[0]
    if (byIp && byIp.last && byIp.n >= config.attemptsPerIpPerHour) refuseUntil(new Date(byIp.last).getTime() + backoffMs(byIp.n - config.attemptsPerIpPerHour))
  }

  /**
   * Records a password check before it is made, under per-account and per-address locks, so parallel guesses
   * cannot slip past the throttle (docs/decisions/033). Wrong passwords are counted per account and address:
   * a few are free, then each waits a doubling delay after the last, up to a cap; a success clears the address's
   * record. The account's total only shortens the free allowance (to one), so a guesser slows everyone down but
   * never locks the owner out, and the owner can always ask for a sign-in link by email. Returns the attempt id,
   * or throws rate_limited with the seconds to wait.
   */
  async function admitAttempt(emailKey: string, ip: string): Promise<number> {
    return db.transaction(async (tx) => {
      // Always the account's lock before the address's, so two attempts never wait on each other in a circle.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin:' + emailKey}))`)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin-ip:' + ip}))`)
      const now = clock().getTime()
      const { rows } = await tx.execute<{ failures: number; last: string | null; account_failures: number }>(sql`
        with pair as (
          select succeeded, created_at from sign_in_attempts
          where email = ${emailKey} and ip = ${ip} and kind = 'password' and created_at > ${new Date(now - DAY).toISOString()}::timestamptz
        ), cleared as (
          select coalesce(max(created_at) filter (where succeeded), '-infinity'::timestamptz) as at from pair
        )
        select
          (select count(*)::int from pair, cleared where not succeeded and created_at > cleared.at) as failures,
          (select max(created_at) from pair where not succeeded) as last,
          (select count(*)::int from sign_in_attempts
            where email = ${emailKey} and kind = 'password' and not succeeded
              and created_at > ${new Date(now - HOUR).toISOString()}::timestamptz) as account_failures`)
      const pair = rows[0]!
      const free = pair.account_failures >= config.accountUnderAttackFailures ? 1 : config.freeFailuresPerAccountAndAddress
      if (pair.last && pair.failures >= free) refuseUntil(new Date(pair.last).getTime() + backoffMs(pair.failures - free))
      await checkAddress(tx, ip)
      const [row] = await tx
        .insert(signInAttempts)
        .values({ email: emailKey, ip, kind: 'password', succeeded: false, createdAt: clock() })
        .returning({ id: signInAttempts.id })
      return row!.id
    })
  }

  /** A sign-up is throttled per address only: naming an email that a guesser has throttled never refuses it. */
  async function admitSignUp(emailKey: string, ip: string) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin-ip:' + ip}))`)
      await checkAddress(tx, ip)
      await tx.insert(signInAttempts).values({ email: emailKey, ip, kind: 'sign_up', succeeded: true, createdAt: clock() })
    })
  }

  /** The part of a sign-in link request that depends on the account; runs after the answer (see requestSignInLink). */
  async function sendSignInLink(emailKey: string) {
    const user = await accountForEmail(emailKey)
    if (!user) return
    const since = new Date(clock().getTime() - HOUR)
    const [recent] = await db
      .select({ n: count() })
      .from(signInLinks)
      .where(and(eq(signInLinks.userId, user.id), gte(signInLinks.createdAt, since)))
    if ((recent?.n ?? 0) >= config.resetsPerAccountPerHour) return
    const token = generateToken()
    const now = clock()
    await db.insert(signInLinks).values({ id: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + config.signInLinkTtlMs) })
    const minutes = Math.round(config.signInLinkTtlMs / 60_000)
    await email.send({
      to: user.email,
      userId: user.id,
      template: 'notice',
      data: {
        category: 'account',
        subject: 'Your Nestlist sign-in link',
        heading: 'Sign in to Nestlist',
        firstName: user.firstName,
        paragraphs: [
          `Use the button below to sign in. The link works once and expires in ${minutes} minutes.`,
          'If you did not ask for it, you can ignore this email: nobody can use it without access to your inbox.',
        ],
        action: { label: 'Sign in to Nestlist', url: `${linkBase}/login/email?token=${encodeURIComponent(token)}` },
      },
    })
  }

  /** The part of a password reset that depends on the account; runs after the answer (see requestPasswordReset). */
  async function sendPasswordReset(emailKey: string) {
    const user = await accountForEmail(emailKey)
    if (!user) return
    const since = new Date(clock().getTime() - HOUR)
    const [recent] = await db
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), gte(passwordResetTokens.createdAt, since)))
    if ((recent?.n ?? 0) >= config.resetsPerAccountPerHour) return
    const token = generateToken()
    const now = clock()
    await db.insert(passwordResetTokens).values({
      id: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.resetTtlMs),
    })
    // The email module records every message (and any delivery failure) itself and never throws.
    await email.send({
      to: user.email,
      userId: user.id,
      template: 'password_reset',
      data: {
        firstName: user.firstName,
        resetUrl: `${linkBase}/password_resets?token=${encodeURIComponent(token)}`,
        expiresInMinutes: Math.round(config.resetTtlMs / 60_000),
      },
    })
  }

  /** The account an email signs in to: the confirmed one, else the newest unconfirmed one. */
  const accountForEmail = (emailKey: string) => accountOfEmail(db, emailKey)

  async function confirmedOwner(emailKey: string, exceptUserId?: number) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, emailKey), isNotNull(users.emailVerifiedAt), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    return u
  }

  /**
   * Sends the address a confirmation link, or, when it already belongs to a confirmed account, a note saying
   * so to that address's owner. The person at the keyboard gets the same answer either way. A sign-up's link
   * finishes the sign-up (it confirms and signs in, docs/decisions/035) and can carry the page to continue on.
   */
  async function sendConfirmation(user: { id: number; firstName: string }, emailKey: string, purpose: 'sign_up' | 'change', continuePath?: string) {
    const token = generateToken()
    const now = clock()
    // One email change waits at a time: a newer request replaces the older one (as the settings page shows it).
    if (purpose === 'change') {
      await db
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.userId, user.id), eq(emailVerifications.purpose, 'change'), isNull(emailVerifications.usedAt)))
    }
    // Recorded either way, so what the account reads back (the pending change, the hourly count of links) does not
    // tell a taken address from a free one. For a taken one the token is never sent, and confirmEmail would refuse it.
    await db.insert(emailVerifications).values({
      id: hashToken(token),
      userId: user.id,
      email: emailKey,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (purpose === 'sign_up' ? config.signUpLinkTtlMs : config.verificationTtlMs)),
    })
    if (await confirmedOwner(emailKey, user.id)) {
      await sendAlreadyHaveAccount(emailKey, purpose)
      return
    }
    const then = continuePath && continuePath !== '/' ? `&redirect_path=${encodeURIComponent(continuePath)}` : ''
    const hours = Math.round(config.signUpLinkTtlMs / HOUR)
    await email.send({
      to: emailKey,
      userId: user.id,
      template: 'notice',
      data: {
        category: 'account',
        subject: purpose === 'sign_up' ? 'Confirm your email to finish signing up' : 'Confirm your new email for Nestlist',
        heading: purpose === 'sign_up' ? 'Welcome to Nestlist!' : 'Confirm your new email',
        firstName: user.firstName,
        paragraphs:
          purpose === 'sign_up'
            ? [
                'Thanks for joining. Confirm that this is your email address to finish creating your account: the button signs you in and takes you back to where you were.',
                `The link works once, for ${hours} hours. If you did not sign up for Nestlist, you can ignore this email: without this link nobody can use an account with this address.`,
              ]
            : ['Please confirm this new email address for your Nestlist account. Until you do, we keep using your current one.'],
        action: {
          label: purpose === 'sign_up' ? 'Confirm and sign in' : 'Confirm my email',
          url: `${linkBase}/verify_email?token=${encodeURIComponent(token)}${then}`,
        },
      },
    })
  }

  /**
   * The note to an address that already has an account, when someone signs up with it (or asks to move another
   * account to it). A confirmed owner is pointed to sign-in; an account that was started but never confirmed is
   * finished by choosing a password from a reset link (which proves the address and replaces whatever password
   * the earlier sign-up chose, so a stranger who started it cannot keep a way in).
   */
  async function sendAlreadyHaveAccount(emailKey: string, purpose: 'sign_up' | 'change') {
    const owner = await accountForEmail(emailKey)
    if (!owner) return
    const confirmed = owner.emailVerifiedAt !== null
    await email.send({
      to: emailKey,
      userId: owner.id,
      template: 'notice',
      data: {
        category: 'account',
        subject: 'You already have a Nestlist account',
        heading: 'You already have an account',
        paragraphs: [
          purpose === 'sign_up'
            ? 'Someone, maybe you, just tried to create a Nestlist account with this email address. It already has an account, so nothing was changed.'
            : 'Someone, maybe you, just asked to move another Nestlist account to this email address. It already has an account, so nothing was changed.',
          confirmed
            ? 'If it was you, sign in to your account, or reset your password if you have forgotten it. If it was not you, you can ignore this email.'
            : 'That account was started but its email was never confirmed. If it is yours, choose a password for it: we will email you a link, and opening it confirms your address. If it was not you, you can ignore this email.',
        ],
        action: confirmed ? { label: 'Sign in to Nestlist', url: `${linkBase}/login` } : { label: 'Choose a password', url: `${linkBase}/forgot_password` },
      },
    })
  }

  /** Sends an unconfirmed account a fresh sign-up link, unless it has had 5 in the last hour: then not, and when one is free again. */
  async function sendSignUpLinkIfAllowed(user: UserRow): Promise<{ sent: true } | { sent: false; freeAt: number }> {
    const since = new Date(clock().getTime() - HOUR)
    const [recent] = await db
      .select({ n: count(), oldest: min(emailVerifications.createdAt) })
      .from(emailVerifications)
      .where(and(eq(emailVerifications.userId, user.id), gte(emailVerifications.createdAt, since)))
    // Another link can be sent when the oldest of the hour's links leaves the window.
    if ((recent?.n ?? 0) >= config.resetsPerAccountPerHour) return { sent: false, freeAt: (recent?.oldest?.getTime() ?? clock().getTime()) + HOUR }
    await sendConfirmation(user, user.email, 'sign_up')
    return { sent: true }
  }

  /** Marks an account's address confirmed after an emailed link to it was used, unless another account confirmed it first. */
  async function confirmIfUnclaimed(tx: Pick<Db, 'execute'>, userId: number) {
    await tx.execute(sql`
      update users u set email_verified_at = ${clock().toISOString()}::timestamptz
      where u.id = ${userId} and u.email_verified_at is null
        and not exists (select 1 from users o where o.email = u.email and o.email_verified_at is not null)`)
  }

  /** A full session, or a pending one when two-factor sign-in is on. */
  async function startSession(user: UserRow, meta: SessionMeta): Promise<SignInResult> {
    const [tf] = await db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, user.id))
    if (tf?.enabledAt) return { status: 'two_factor_required', token: await createSession(user.id, meta, true) }
    return { status: 'signed_in', token: await createSession(user.id, meta), user: toViewer(user) }
  }

  async function userById(id: number) {
    const [u] = await db.select().from(users).where(eq(users.id, id))
    return u
  }

  const linkBase = publicOrigin.replace(/\/$/, '')

  return {
    config,

    /**
     * Starts an account (docs/decisions/035). Nobody is signed in until the address is proven: a free address gets
     * an unconfirmed account and a link that confirms it and signs in; an address that already has an account gets
     * a note to its owner, and no second account is made. Every address gets the same answer, in about the same
     * time: the password is hashed either way, and the email goes out after the answer.
     */
    async signUp(input: unknown, meta: SessionMeta, options: { continuePath?: string } = {}): Promise<{ status: 'confirmation_sent'; email: string }> {
      const data = parse(signUpInput, input)
      if (isCommonPassword(data.password)) {
        throw new DomainError('invalid_input', 'Choose a stronger password.', { fields: { password: [accountMessages.commonPassword] } })
      }
      // Counted toward the address, so sign-up cannot be used to hammer the server (argon2 is costly).
      await admitSignUp(data.email, meta.ip)
      const passwordHash = await hashPassword(data.password)
      const continuePath = options.continuePath ? safeRedirectPath(options.continuePath) : undefined
      const created = await db.transaction(async (tx) => {
        // Two sign-ups with one address at once: the second waits and finds the first's account.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signup:' + data.email}))`)
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1)
        if (taken) return null
        const [row] = await tx
          .insert(users)
          .values({ email: data.email, firstName: data.firstName, lastName: data.lastName, passwordHash, createdAt: clock(), updatedAt: clock() })
          .returning()
        return row!
      })
      defer(() => (created ? sendConfirmation(created, data.email, 'sign_up', continuePath) : sendAlreadyHaveAccount(data.email, 'sign_up')))
      return { status: 'confirmation_sent', email: data.email }
    },

    /** What an emailed confirmation link would do, without using it (its page asks before it confirms): null when it cannot be used. */
    async emailLinkPurpose(token: string): Promise<'sign_up' | 'change' | null> {
      if (!token || token.length > 200) return null
      const [link] = await db
        .select({ purpose: emailVerifications.purpose })
        .from(emailVerifications)
        .where(and(eq(emailVerifications.id, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, clock())))
      return link?.purpose ?? null
    },

    /**
     * Confirms an address from an emailed link, once: a new account's (which also signs it in, as a sign-in link
     * would; two-factor sign-in still asks for its code), or an account's new address (no session: the person may be
     * signed in elsewhere).
     */
    async confirmEmail(
      token: string,
      meta: SessionMeta,
    ): Promise<{ purpose: 'sign_up' | 'change'; email: string; userId: number; session: SignInResult | null }> {
      if (!token || token.length > 200) throw new DomainError('invalid_input', accountMessages.verifyInvalid)
      const done = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(emailVerifications)
          .set({ usedAt: clock() })
          .where(and(eq(emailVerifications.id, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, clock())))
          .returning()
        if (!link) throw new DomainError('invalid_input', accountMessages.verifyInvalid)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'verify:' + link.email}))`)
        const [owner] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, link.email), isNotNull(users.emailVerifiedAt), ne(users.id, link.userId)))
        if (owner) throw new DomainError('conflict', accountMessages.alreadyConfirmed)
        const updated = await tx
          .update(users)
          .set({ email: link.email, emailVerifiedAt: clock(), updatedAt: clock() })
          .where(link.purpose === 'sign_up' ? and(eq(users.id, link.userId), eq(users.email, link.email)) : eq(users.id, link.userId))
          .returning()
        if (updated.length === 0) throw new DomainError('invalid_input', accountMessages.verifyInvalid)
        return { purpose: link.purpose, email: link.email, userId: link.userId, user: updated[0]! }
      })
      const session = done.purpose === 'sign_up' ? await startSession(done.user, meta) : null
      return { purpose: done.purpose, email: done.email, userId: done.userId, session }
    },

    /** Sends a fresh confirmation link to an unconfirmed account's address (at most 5 an hour). */
    async resendConfirmation(userId: number) {
      const user = await userById(userId)
      if (!user || user.emailVerifiedAt) return
      const result = await sendSignUpLinkIfAllowed(user)
      if (!result.sent) {
        throw new DomainError('rate_limited', 'We have sent several links in the last hour. Please check your inbox and spam folder, or try again later.', {
          retryAfterSeconds: (result.freeAt - clock().getTime()) / 1000,
        })
      }
    },

    /**
     * Checks an email and password. Unknown emails take the same time and get the same answer as wrong
     * passwords. With two-factor sign-in on, the session stays pending until the code is checked.
     */
    async signIn(input: unknown, meta: SessionMeta): Promise<SignInResult> {
      const data = parse(signInInput, input)
      const attemptId = await admitAttempt(data.email, meta.ip)
      const user = await accountForEmail(data.email)
      const ok = user ? await verifyPassword(user.passwordHash, data.password) : await verifyDummy(data.password)
      if (!user || !ok) throw new DomainError('unauthenticated', accountMessages.badCredentials)
      await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
      // An address is proven before it signs in (decision 035): the right password for an unconfirmed account
      // sends it a fresh link instead (at most 5 an hour).
      if (!user.emailVerifiedAt) {
        const { sent } = await sendSignUpLinkIfAllowed(user)
        throw new DomainError('forbidden', sent ? accountMessages.confirmFirst(user.email) : accountMessages.confirmFirstNoResend(user.email))
      }
      return startSession(user, meta)
    },

    /**
     * Emails the account a single-use sign-in link (the way in a password guesser cannot block). Answers the
     * same, in the same time, whether or not the email has an account: as for a password reset, everything that
     * depends on the account runs after the answer. At most 5 links per account per hour are sent.
     */
    async requestSignInLink(input: unknown) {
      const data = parse(signInLinkRequestInput, input)
      defer(() => sendSignInLink(data.email))
    },

    /** True when a sign-in link can still be used (its page checks before showing the button). */
    async signInLinkUsable(token: string) {
      if (!token || token.length > 200) return false
      const [row] = await db
        .select({ id: signInLinks.id })
        .from(signInLinks)
        .where(and(eq(signInLinks.id, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, clock())))
      return Boolean(row)
    },

    /** Signs in with an emailed link, once; two-factor sign-in still asks for the code. */
    async signInWithLink(token: string, meta: SessionMeta): Promise<SignInResult> {
      if (!token || token.length > 200) throw new DomainError('invalid_input', accountMessages.signInLinkInvalid)
      const [used] = await db
        .update(signInLinks)
        .set({ usedAt: clock() })
        .where(and(eq(signInLinks.id, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, clock())))
        .returning({ userId: signInLinks.userId })
      if (!used) throw new DomainError('invalid_input', accountMessages.signInLinkInvalid)
      // The link reached the address, which confirms it (unless another account confirmed it meanwhile).
      await confirmIfUnclaimed(db, used.userId)
      const user = await userById(used.userId)
      if (!user) throw new DomainError('invalid_input', accountMessages.signInLinkInvalid)
      return startSession(user, meta)
    },

    /**
     * The session and user for a cookie token, or null when absent, expired (idle or absolute) or revoked.
     * Pending two-factor sessions are returned only when asked for.
     */
    async validateSession(token: string | undefined | null, options: { allowPending?: boolean } = {}) {
      const id = sessionIdFor(token)
      if (!id) return null
      const [row] = await sessionById.execute({ id })
      return row ? settleSession(id, row, options) : null
    },

    /**
     * validateSession, with more columns about the session's user read in the same statement (one round trip:
     * the shop header's cart count and registry discount facts for a page made from the shared copy, decision 028
     * h29). `columns` gets the session's user id column and names the extra columns; the statement is prepared once
     * under `name`. The reader answers null for a session validateSession refuses, else the session with the values;
     * the sessions asked for in one turn of the event loop are read in one statement.
     */
    sessionReaderWith<E extends Record<string, SQL>>(name: string, columns: (userId: typeof sessions.userId) => E) {
      type Values = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never }
      const extra = columns(sessions.userId)
      const statement = db
        .select({ session: sessions, user: users, extra })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
        .prepare(name)
      // The sessions asked for in the same turn of the event loop are read together: one statement for several
      // requests under load (each round trip costs a system call to wake a PostgreSQL backend), one for one at rest.
      const byId = new DataLoader<string, { session: typeof sessions.$inferSelect; user: UserRow; extra: Values } | null>(
        async (ids) => {
          const rows = new Map((await statement.execute({ ids: [...ids] })).map((row) => [row.session.id, row as { session: typeof sessions.$inferSelect; user: UserRow; extra: Values }]))
          return ids.map((id) => rows.get(id) ?? null)
        },
        // After the event loop's poll phase: every request read in that turn (each socket's data is its own callback, and
        // DataLoader's default closes a batch after each callback's promise jobs) asks in the same batch.
        { cache: false, maxBatchSize: 100, batchScheduleFn: (run) => setImmediate(run) },
      )
      return async (token: string | undefined | null) => {
        const id = sessionIdFor(token)
        if (!id) return null
        const row = await byId.load(id)
        const session = row ? await settleSession(id, row, {}) : null
        return session ? { ...session, values: row!.extra } : null
      }
    },

    /** Turns a pending two-factor session into a full one, under a new id (the two-factor module calls this). */
    async completeTwoFactorSession(pendingToken: string, meta: SessionMeta) {
      const id = hashToken(pendingToken)
      const [row] = await db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.twoFactorPending, true))).returning()
      if (!row) throw new DomainError('unauthenticated', 'Your sign-in has expired. Please sign in again.')
      const user = await userById(row.userId)
      if (!user) throw new DomainError('unauthenticated', 'Your sign-in has expired. Please sign in again.')
      return { token: await createSession(user.id, meta), user: toViewer(user) }
    },

    /** Ends one session (sign-out). Unknown tokens are fine. */
    async signOut(token: string | undefined | null) {
      if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)))
    },

    /** Ends every session of a user except the one given (after a password change). */
    async signOutOtherSessions(userId: number, keepSessionId?: string) {
      await db
        .delete(sessions)
        .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    },

    /** How many live sessions a user has (settings shows it; tests read it). */
    async sessionCount(userId: number) {
      const [r] = await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock())))
      return r?.n ?? 0
    },

    /**
     * Starts a password reset. Answers the same, in the same time, whether or not the email has an account:
     * everything that depends on the account (the lookup, the hourly cap, the link, the email) runs after the
     * answer, for every address alike. Only an existing account gets the email, with a single-use link that expires.
     */
    async requestPasswordReset(input: unknown) {
      const data = parse(forgotPasswordInput, input)
      defer(() => sendPasswordReset(data.email))
    },

    /** True when a reset token can still be used (the reset page checks before showing its form). */
    async resetTokenUsable(token: string) {
      if (!token || token.length > 200) return false
      const [row] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, clock())))
      return Boolean(row)
    },

    /** Sets a new password from a reset link (once), ends every session, and signs in afresh. */
    async resetPassword(input: unknown, meta: SessionMeta) {
      const data = parse(resetPasswordInput, input)
      if (isCommonPassword(data.password)) {
        throw new DomainError('invalid_input', 'Choose a stronger password.', { fields: { password: [accountMessages.commonPassword] } })
      }
      const passwordHash = await hashPassword(data.password)
      const userId = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: clock() })
          .where(
            and(
              eq(passwordResetTokens.id, hashToken(data.token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, clock()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId })
        if (!used) throw new DomainError('invalid_input', accountMessages.resetInvalid, { fields: { token: [accountMessages.resetInvalid] } })
        await tx.update(users).set({ passwordHash, updatedAt: clock() }).where(eq(users.id, used.userId))
        // The link reached the address, which confirms it (unless another account confirmed it meanwhile).
        await confirmIfUnclaimed(tx, used.userId)
        // Every other outstanding link for this account stops working too.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: clock() })
          .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)))
        await tx.delete(sessions).where(eq(sessions.userId, used.userId))
        return used.userId
      })
      const user = (await userById(userId))!
      const token = await createSession(userId, meta)
      return { token, user: toViewer(user) }
    },

    /** Changes the password after checking the current one; other sessions are signed out. */
    async changePassword(userId: number, keepSessionId: string, input: unknown) {
      const data = parse(changePasswordInput, input)
      const user = await userById(userId)
      if (!user) throw new DomainError('unauthenticated', 'Please sign in again.')
      const attemptId = await admitAttempt(user.email, `user:${userId}`)
      if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
        throw new DomainError('invalid_input', accountMessages.currentPasswordWrong, {
          fields: { currentPassword: [accountMessages.currentPasswordWrong] },
        })
      }
      await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
      if (isCommonPassword(data.newPassword)) {
        throw new DomainError('invalid_input', 'Choose a stronger password.', { fields: { newPassword: [accountMessages.commonPassword] } })
      }
      await db.update(users).set({ passwordHash: await hashPassword(data.newPassword), updatedAt: clock() }).where(eq(users.id, userId))
      await this.signOutOtherSessions(userId, keepSessionId)
      await email.send({
        to: user.email,
        userId,
        template: 'password_changed',
        data: { firstName: user.firstName, resetUrl: `${linkBase}/forgot_password` },
      })
    },

    /** Checks the signed-in user's password (before sensitive changes); throttled like sign-in. */
    async verifyPasswordFor(userId: number, input: unknown) {
      const data = parse(passwordVerificationInput, input)
      const user = await userById(userId)
      if (!user) throw new DomainError('unauthenticated', 'Please sign in again.')
      const attemptId = await admitAttempt(user.email, `user:${userId}`)
      const ok = await verifyPassword(user.passwordHash, data.password)
      if (ok) await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
      return { verified: ok }
    },

    /**
     * Updates the name at once. A new email takes effect when the link sent to it is clicked (so this never
     * reveals whether the address has an account); until then the current address stays.
     */
    async updateProfile(userId: number, input: unknown): Promise<{ user: Viewer; emailChangePending: string | null }> {
      const data = parse(updateProfileInput, input)
      const current = await userById(userId)
      if (!current) throw new DomainError('not_found', 'That account no longer exists.')
      if (data.email !== current.email) {
        if (!data.currentPassword) {
          throw new DomainError('invalid_input', accountMessages.passwordForEmail, { fields: { currentPassword: [accountMessages.passwordForEmail] } })
        }
        const attemptId = await admitAttempt(current.email, `user:${userId}`)
        if (!(await verifyPassword(current.passwordHash, data.currentPassword))) {
          throw new DomainError('invalid_input', accountMessages.currentPasswordWrong, { fields: { currentPassword: [accountMessages.currentPasswordWrong] } })
        }
        await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
      }
      const [row] = await db
        .update(users)
        .set({ firstName: data.firstName, lastName: data.lastName, updatedAt: clock() })
        .where(eq(users.id, userId))
        .returning()
      if (!row) throw new DomainError('not_found', 'That account no longer exists.')
      if (data.email === row.email) return { user: toViewer(row), emailChangePending: null }
      // Confirmed or not, the account moves only from the link sent to the new address: an unconfirmed account that
      // could switch at once would hold any address it names without proving it, and would answer differently for an
      // address that already has an account (the one whose owner gets a note instead of a link). A mistyped sign-up
      // address is corrected the same way, and the link also confirms the account.
      await sendConfirmation(row, data.email, 'change')
      return { user: toViewer(row), emailChangePending: data.email }
    },

    /** The address waiting for confirmation after an email change, if any. */
    async pendingEmailChange(userId: number): Promise<string | null> {
      const [link] = await db
        .select({ email: emailVerifications.email })
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, userId),
            eq(emailVerifications.purpose, 'change'),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, clock()),
          ),
        )
        .orderBy(desc(emailVerifications.createdAt))
        .limit(1)
      return link?.email ?? null
    },

    /** The viewer record for a user id (null when deleted). */
    async viewer(userId: number): Promise<Viewer | null> {
      const u = await userById(userId)
      return u ? toViewer(u) : null
    },

    /** GET /api/v3/user: the current user as the spec's client state names it. */
    async profile(userId: number): Promise<UserProfile> {
      const u = await userById(userId)
      if (!u) throw new DomainError('unauthenticated', 'Please sign in again.')
      const [tf] = await db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, userId))
      return {
        id: u.id,
        createdAt: u.createdAt.toISOString(),
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        emailVerified: u.emailVerifiedAt !== null,
        role: u.role,
        registries: [],
        registryId: null,
        currentRegistry: null,
        events: await this.events(userId),
        twoFactors: { enabled: Boolean(tf?.enabledAt) },
        isBookmarkletUsed: u.isBookmarkletUsed,
      }
    },

    /** The user's events, newest first. */
    async events(userId: number): Promise<UserEvent[]> {
      const rows = await db
        .select({ name: userEvents.name, value: userEvents.value })
        .from(userEvents)
        .where(eq(userEvents.userId, userId))
        .orderBy(desc(userEvents.updatedAt), desc(userEvents.name))
      return rows.map((r) => ({ name: r.name, value: r.value ?? null }))
    },

    /** Records an event: it replaces one with the same name, otherwise it is prepended (spec §4). */
    async addEvent(userId: number, input: unknown): Promise<UserEvent[]> {
      const data = parse(userEventInput, input)
      await db
        .insert(userEvents)
        .values({ userId, name: data.name, value: data.value ?? null, updatedAt: clock() })
        .onConflictDoUpdate({
          target: [userEvents.userId, userEvents.name],
          set: { value: data.value ?? null, updatedAt: clock() },
        })
      return this.events(userId)
    },

    /** Creates or refreshes an account with a known password (the seed's demo accounts). */
    async ensureAccount(a: { email: string; password: string; firstName: string; lastName: string; role: 'user' | 'staff' }) {
      const passwordHash = await hashPassword(a.password)
      const [row] = await db
        .insert(users)
        .values({ email: a.email.toLowerCase(), firstName: a.firstName, lastName: a.lastName, role: a.role, passwordHash, emailVerifiedAt: clock() })
        .onConflictDoNothing()
        .returning()
      return row ?? (await accountForEmail(a.email.toLowerCase()))!
    },

    /** Deletes sign-in attempts and sessions past any use (called at start and hourly). */
    async prune() {
      const now = clock()
      // The throttle reads a day back (docs/decisions/033).
      await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(now.getTime() - DAY - HOUR)))
      await db.delete(signInLinks).where(lt(signInLinks.expiresAt, new Date(now.getTime() - DAY)))
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - config.sessionIdleMs))))
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - 24 * HOUR)))
    },
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
