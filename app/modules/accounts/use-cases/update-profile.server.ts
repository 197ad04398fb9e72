import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, accountMessages, toViewer } from '../accounts-context.server'
import { emailVerifications, signInAttempts, users } from '../accounts.schema'
import type { Viewer } from '../accounts.types'
import { updateProfileInput } from '../accounts.validation'
import { verifyPassword } from '../password.server'
import { sendConfirmation } from './send-confirmation.server'
import { admitAttempt } from './throttle-sign-in.server'

/**
 * Updates the name at once. A new email takes effect when the link sent to it is clicked (so this never
 * reveals whether the address has an account); until then the current address stays.
 */
export async function updateProfile(ctx: AccountsContext, userId: number, input: unknown): Promise<{ user: Viewer; emailChangePending: string | null }> {
  const { db, clock } = ctx
  const data = parse(updateProfileInput, input)
  const current = await ctx.userById(userId)
  if (!current) throw new DomainError('not_found', 'That account no longer exists.')
  if (data.email !== current.email) {
    if (!data.currentPassword) {
      throw new DomainError('invalid_input', accountMessages.passwordForEmail, { fields: { currentPassword: [accountMessages.passwordForEmail] } })
    }
    const attemptId = await admitAttempt(ctx, current.email, `user:${userId}`)
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
  await sendConfirmation(ctx, row, data.email, 'change')
  return { user: toViewer(row), emailChangePending: data.email }
}

/** The address waiting for confirmation after an email change, if any. */
export async function pendingEmailChange(ctx: AccountsContext, userId: number): Promise<string | null> {
  const [link] = await ctx.db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.purpose, 'change'),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, ctx.clock()),
      ),
    )
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1)
  return link?.email ?? null
}
