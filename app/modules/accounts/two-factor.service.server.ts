import { randomBytes, randomInt } from 'node:crypto'
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding'
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp'
import { and, count, eq, gte, isNotNull, isNull, lt, min, or, sql } from 'drizzle-orm'
import QRCode from 'qrcode'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { recoveryCodes, twoFactorAttempts, twoFactors } from './accounts.schema'
import type { AccountsService } from './accounts.service.server'
import type { SessionMeta } from './accounts.types'
import { createSecretBox } from './two-factor.secret-box.server'
import { hashToken } from './tokens.server'
import {
  FAILED_CODES_WINDOW_MS,
  MAX_FAILED_CODES,
  normalizeCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  twoFactorCodeInput,
  twoFactorMessages,
  twoFactorPasswordInput,
} from './two-factor.validation'

const ISSUER = 'Nestlist'
// No 0/o, 1/l/i: recovery codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export type TwoFactorStatus = {
  enabled: boolean
  enabledAt: string | null
  /** A secret was handed out but no code confirmed it yet. */
  setupPending: boolean
  recoveryCodesRemaining: number
}

export type TwoFactorSetup = {
  /** Base32, for typing into an app by hand. */
  secret: string
  /** otpauth:// URI, what the QR code holds. */
  keyUri: string
  /** The QR code as an SVG document. */
  qrSvg: string
}

export type TwoFactorDeps = {
  db: Db
  accounts: Pick<AccountsService, 'viewer' | 'verifyPasswordFor' | 'validateSession' | 'completeTwoFactorSession'>
  /** The application secret (APP_SECRET or DATA_DIR/app.secret); authenticator secrets are encrypted with a key derived from it. */
  secretKey: string
  clock?: () => Date
}

function fieldError(field: string, message: string): never {
  throw new DomainError('invalid_input', message, { fields: { [field]: [message] } })
}

function parseField<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, field: string, input: unknown): T {
  const parsed = schema.safeParse(input)
  if (!parsed.success) fieldError(field, parsed.error.issues[0]?.message ?? 'Check this field.')
  return parsed.data
}

function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes. */
export function createTwoFactorService({ db, accounts, secretKey, clock = () => new Date() }: TwoFactorDeps) {
  const box = createSecretBox(secretKey)
  const aad = (userId: number) => `two_factors:${userId}`

  async function describeSetup(userId: number, key: Uint8Array): Promise<TwoFactorSetup> {
    const viewer = await accounts.viewer(userId)
    if (!viewer) throw new DomainError('unauthenticated', 'Please sign in again.')
    const keyUri = createTOTPKeyURI(ISSUER, viewer.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS)
    const qrSvg = await QRCode.toString(keyUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
    return { secret: encodeBase32UpperCaseNoPadding(key), keyUri, qrSvg }
  }

  function openSecret(userId: number, sealed: string): Uint8Array | null {
    try {
      return box.open(sealed, aad(userId))
    } catch {
      // A changed APP_SECRET or a tampered row: app codes cannot be checked, recovery codes still work.
      return null
    }
  }

  /** The 30-second steps (±1 for clock drift) at which the code is right and that are newer than the last one used. */
  function matchingStep(key: Uint8Array, code: string, lastUsedStep: number | null): number | null {
    const now = Math.floor(clock().getTime() / (TOTP_PERIOD_SECONDS * 1000))
    for (const step of [now - 1, now, now + 1]) {
      if (lastUsedStep !== null && step <= lastUsedStep) continue
      if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step
    }
    return null
  }

  /**
   * Counts a code attempt before it is checked, under a per-account lock, so parallel guesses cannot
   * exceed the budget. A right code removes its attempt again: only failures count.
   */
  async function admitAttempt(userId: number): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'two-factor:' + userId}))`)
      const since = new Date(clock().getTime() - FAILED_CODES_WINDOW_MS)
      const [recent] = await tx
        .select({ n: count(), oldest: min(twoFactorAttempts.createdAt) })
        .from(twoFactorAttempts)
        .where(and(eq(twoFactorAttempts.userId, userId), gte(twoFactorAttempts.createdAt, since)))
      if ((recent?.n ?? 0) >= MAX_FAILED_CODES) {
        // A code can be tried again when the oldest counted failure leaves the window.
        const freeAt = (recent?.oldest?.getTime() ?? clock().getTime()) + FAILED_CODES_WINDOW_MS
        throw new DomainError('rate_limited', twoFactorMessages.tooManyCodes, { retryAfterSeconds: (freeAt - clock().getTime()) / 1000 })
      }
      const [row] = await tx.insert(twoFactorAttempts).values({ userId, createdAt: clock() }).returning({ id: twoFactorAttempts.id })
      return row!.id
    })
  }

  async function forgiveAttempt(attemptId: number) {
    await db.delete(twoFactorAttempts).where(eq(twoFactorAttempts.id, attemptId))
  }

  async function replaceRecoveryCodes(tx: Pick<Db, 'delete' | 'insert'>, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashToken(normalizeCode(c)) })))
    return codes
  }

  /** Checks a code for an account with two-factor sign-in on: an app code (each step once) or an unused recovery code (then used up). */
  async function checkSignInCode(userId: number, rawCode: string): Promise<boolean> {
    const code = normalizeCode(rawCode)
    if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) {
      const [row] = await db.select().from(twoFactors).where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)))
      const key = row && openSecret(userId, row.secretEncrypted)
      if (!row || !key) return false
      const step = matchingStep(key, code, row.lastUsedStep)
      if (step === null) return false
      // Conditional update: of two requests racing with the same code, only one moves the step forward.
      const [taken] = await db
        .update(twoFactors)
        .set({ lastUsedStep: step })
        .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
        .returning({ userId: twoFactors.userId })
      return Boolean(taken)
    }
    if (!/^[a-z0-9]{10}$/.test(code)) return false
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: clock() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id })
    return Boolean(used)
  }

  async function requirePassword(userId: number, password: unknown) {
    const input = parseField(twoFactorPasswordInput, 'password', { password })
    const { verified } = await accounts.verifyPasswordFor(userId, input)
    if (!verified) fieldError('password', twoFactorMessages.passwordWrong)
  }

  return {
    /** Whether two-factor sign-in is on for the user, and how many recovery codes are left. */
    async status(userId: number): Promise<TwoFactorStatus> {
      const [row] = await db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, userId))
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      return {
        enabled: Boolean(row?.enabledAt),
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        setupPending: Boolean(row && !row.enabledAt),
        recoveryCodesRemaining: row?.enabledAt ? (left?.n ?? 0) : 0,
      }
    },

    /** Starts setup: a new secret (stored encrypted, not yet in force) with its key URI and QR code. Replaces an unconfirmed one. */
    async beginSetup(userId: number): Promise<TwoFactorSetup> {
      const key = new Uint8Array(randomBytes(20))
      const secretEncrypted = box.seal(key, aad(userId))
      const [row] = await db
        .insert(twoFactors)
        .values({ userId, secretEncrypted, createdAt: clock() })
        .onConflictDoUpdate({
          target: twoFactors.userId,
          set: { secretEncrypted, lastUsedStep: null, createdAt: clock() },
          setWhere: isNull(twoFactors.enabledAt),
        })
        .returning({ userId: twoFactors.userId })
      if (!row) throw new DomainError('conflict', twoFactorMessages.alreadyOn)
      return describeSetup(userId, key)
    },

    /** The setup in progress (secret, key URI, QR code) so a page can show it again, or null. */
    async pendingSetup(userId: number): Promise<TwoFactorSetup | null> {
      const [row] = await db
        .select({ secretEncrypted: twoFactors.secretEncrypted })
        .from(twoFactors)
        .where(and(eq(twoFactors.userId, userId), isNull(twoFactors.enabledAt)))
      const key = row && openSecret(userId, row.secretEncrypted)
      return key ? describeSetup(userId, key) : null
    },

    /** Drops a setup that was never confirmed. */
    async cancelSetup(userId: number) {
      await db.delete(twoFactors).where(and(eq(twoFactors.userId, userId), isNull(twoFactors.enabledAt)))
    },

    /** Turns two-factor sign-in on once a code from the app matches; returns 10 recovery codes, shown this once. */
    async confirmSetup(userId: number, code: unknown): Promise<{ recoveryCodes: string[] }> {
      const input = parseField(twoFactorCodeInput, 'code', { code })
      const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId))
      if (row?.enabledAt) throw new DomainError('conflict', twoFactorMessages.alreadyOn)
      const key = row && openSecret(userId, row.secretEncrypted)
      if (!row || !key) throw new DomainError('conflict', twoFactorMessages.noSetup)
      const attemptId = await admitAttempt(userId)
      const normalized = normalizeCode(input.code)
      const step = /^\d+$/.test(normalized) ? matchingStep(key, normalized, null) : null
      if (step === null) fieldError('code', twoFactorMessages.wrongCode)
      await forgiveAttempt(attemptId)
      return db.transaction(async (tx) => {
        const [enabled] = await tx
          .update(twoFactors)
          .set({ enabledAt: clock(), lastUsedStep: step })
          .where(and(eq(twoFactors.userId, userId), isNull(twoFactors.enabledAt), eq(twoFactors.secretEncrypted, row.secretEncrypted)))
          .returning({ userId: twoFactors.userId })
        // Another tab confirmed or restarted setup in the meantime.
        if (!enabled) throw new DomainError('conflict', twoFactorMessages.noSetup)
        return { recoveryCodes: await replaceRecoveryCodes(tx, userId) }
      })
    },

    /** Turns two-factor sign-in off (and forgets the secret and recovery codes) after checking the password. */
    async disable(userId: number, password: unknown) {
      await requirePassword(userId, password)
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId))
      })
    },

    /** Replaces every recovery code with 10 new ones after checking the password; the old ones stop working. */
    async regenerateRecoveryCodes(userId: number, password: unknown): Promise<{ recoveryCodes: string[] }> {
      if (!(await this.status(userId)).enabled) throw new DomainError('conflict', twoFactorMessages.notOn)
      await requirePassword(userId, password)
      return db.transaction(async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, userId) }))
    },

    /**
     * The second sign-in step: checks an app or recovery code for the pending session the password step
     * created (throttled: 10 wrong codes per account per 15 minutes), then swaps it for a full session.
     */
    async completeSignIn(pendingToken: string | undefined | null, code: unknown, meta: SessionMeta) {
      const session = await accounts.validateSession(pendingToken, { allowPending: true })
      if (!pendingToken || !session?.twoFactorPending) throw new DomainError('unauthenticated', twoFactorMessages.signInExpired)
      const input = parseField(twoFactorCodeInput, 'code', { code })
      const userId = session.user.id
      const attemptId = await admitAttempt(userId)
      if (!(await checkSignInCode(userId, input.code))) fieldError('code', twoFactorMessages.wrongCode)
      await forgiveAttempt(attemptId)
      return accounts.completeTwoFactorSession(pendingToken, meta)
    },

    /** Deletes attempts past the throttle window (call with the accounts prune). */
    async prune() {
      await db.delete(twoFactorAttempts).where(lt(twoFactorAttempts.createdAt, new Date(clock().getTime() - 2 * FAILED_CODES_WINDOW_MS)))
    },
  }
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>
