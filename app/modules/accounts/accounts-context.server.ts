import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Logger } from '~/lib/logger.server'
import { publicOriginOf } from '~/lib/public-origin.server'
import type { EmailSender } from '~/modules/email/email.types'
import { sessions, type UserRow, users } from './accounts.schema'
import type { Viewer } from './accounts.types'
import { hashToken } from './tokens.server'

/** The shared dependencies, settings and small loaders that the accounts use cases (./use-cases) read. */

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

export const HOUR = 3600_000
export const DAY = 24 * HOUR
export const PENDING_TWO_FACTOR_MS = 10 * 60_000
// lastSeenAt is written at most this often, so reading a session is usually one SELECT.
export const TOUCH_EVERY_MS = 60 * 60_000

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

export const toViewer = (u: UserRow): Viewer => ({
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

/** Builds the one context a service's use cases share (one prepared statement and one config per service). */
export function createAccountsContext({ db, email, defer: deferWork, logger, clock = () => new Date(), config: overrides, publicOrigin = publicOriginOf({}) }: AccountsDeps) {
  const config = { ...defaultAccountsConfig, ...overrides }
  const defer =
    deferWork ??
    ((work: () => Promise<void>) => {
      setImmediate(() => {
        work().catch((error: unknown) => logger?.error({ err: error }, 'account work after the answer failed'))
      })
    })

  const sessionById = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_by_id')

  async function userById(id: number) {
    const [u] = await db.select().from(users).where(eq(users.id, id))
    return u
  }

  /** The account an email signs in to: the confirmed one, else the newest unconfirmed one. */
  const accountForEmail = (emailKey: string) => accountOfEmail(db, emailKey)

  const linkBase = publicOrigin.replace(/\/$/, '')

  return { db, email, clock, config, defer, sessionById, userById, accountForEmail, linkBase }
}

export type AccountsContext = ReturnType<typeof createAccountsContext>
