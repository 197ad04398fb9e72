import { eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, accountMessages } from '../accounts-context.server'
import { signInAttempts, users } from '../accounts.schema'
import { changePasswordInput, passwordVerificationInput } from '../accounts.validation'
import { hashPassword, isCommonPassword, verifyPassword } from '../password.server'
import { signOutOtherSessions } from './manage-sessions.server'
import { admitAttempt } from './throttle-sign-in.server'

/** Changes the password after checking the current one; other sessions are signed out. */
export async function changePassword(ctx: AccountsContext, userId: number, keepSessionId: string, input: unknown) {
  const { db, clock } = ctx
  const data = parse(changePasswordInput, input)
  const user = await ctx.userById(userId)
  if (!user) throw new DomainError('unauthenticated', 'Please sign in again.')
  const attemptId = await admitAttempt(ctx, user.email, `user:${userId}`)
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
  await signOutOtherSessions(ctx, userId, keepSessionId)
  await ctx.email.send({
    to: user.email,
    userId,
    template: 'password_changed',
    data: { firstName: user.firstName, resetUrl: `${ctx.linkBase}/forgot_password` },
  })
}

/** Checks the signed-in user's password (before sensitive changes); throttled like sign-in. */
export async function verifyPasswordFor(ctx: AccountsContext, userId: number, input: unknown) {
  const data = parse(passwordVerificationInput, input)
  const user = await ctx.userById(userId)
  if (!user) throw new DomainError('unauthenticated', 'Please sign in again.')
  const attemptId = await admitAttempt(ctx, user.email, `user:${userId}`)
  const ok = await verifyPassword(user.passwordHash, data.password)
  if (ok) await ctx.db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
  return { verified: ok }
}
