import { and, count, eq, gt, gte, isNull } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, accountMessages, HOUR, toViewer } from '../accounts-context.server'
import { passwordResetTokens, sessions, users } from '../accounts.schema'
import type { SessionMeta } from '../accounts.types'
import { forgotPasswordInput, resetPasswordInput } from '../accounts.validation'
import { hashPassword, isCommonPassword } from '../password.server'
import { generateToken, hashToken } from '../tokens.server'
import { createSession } from './manage-sessions.server'
import { confirmIfUnclaimed } from './send-confirmation.server'

/** The part of a password reset that depends on the account; runs after the answer (see requestPasswordReset). */
async function sendPasswordReset(ctx: AccountsContext, emailKey: string) {
  const { db, clock, config, linkBase } = ctx
  const user = await ctx.accountForEmail(emailKey)
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
  await ctx.email.send({
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

/**
 * Starts a password reset. Answers the same, in the same time, whether or not the email has an account:
 * everything that depends on the account (the lookup, the hourly cap, the link, the email) runs after the
 * answer, for every address alike. Only an existing account gets the email, with a single-use link that expires.
 */
export async function requestPasswordReset(ctx: AccountsContext, input: unknown) {
  const data = parse(forgotPasswordInput, input)
  ctx.defer(() => sendPasswordReset(ctx, data.email))
}

/** True when a reset token can still be used (the reset page checks before showing its form). */
export async function resetTokenUsable(ctx: AccountsContext, token: string) {
  if (!token || token.length > 200) return false
  const [row] = await ctx.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, ctx.clock())))
  return Boolean(row)
}

/** Sets a new password from a reset link (once), ends every session, and signs in afresh. */
export async function resetPassword(ctx: AccountsContext, input: unknown, meta: SessionMeta) {
  const { db, clock } = ctx
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
    await confirmIfUnclaimed(ctx, tx, used.userId)
    // Every other outstanding link for this account stops working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: clock() })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)))
    await tx.delete(sessions).where(eq(sessions.userId, used.userId))
    return used.userId
  })
  const user = (await ctx.userById(userId))!
  const token = await createSession(ctx, userId, meta)
  return { token, user: toViewer(user) }
}
