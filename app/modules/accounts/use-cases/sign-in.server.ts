import { eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, accountMessages } from '../accounts-context.server'
import { signInAttempts } from '../accounts.schema'
import type { SessionMeta, SignInResult } from '../accounts.types'
import { signInInput } from '../accounts.validation'
import { verifyDummy, verifyPassword } from '../password.server'
import { startSession } from './manage-sessions.server'
import { sendSignUpLinkIfAllowed } from './send-confirmation.server'
import { admitAttempt } from './throttle-sign-in.server'

/**
 * Checks an email and password. Unknown emails take the same time and get the same answer as wrong
 * passwords. With two-factor sign-in on, the session stays pending until the code is checked.
 */
export async function signIn(ctx: AccountsContext, input: unknown, meta: SessionMeta): Promise<SignInResult> {
  const data = parse(signInInput, input)
  const attemptId = await admitAttempt(ctx, data.email, meta.ip)
  const user = await ctx.accountForEmail(data.email)
  const ok = user ? await verifyPassword(user.passwordHash, data.password) : await verifyDummy(data.password)
  if (!user || !ok) throw new DomainError('unauthenticated', accountMessages.badCredentials)
  await ctx.db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
  // An address is proven before it signs in (decision 035): the right password for an unconfirmed account
  // sends it a fresh link instead (at most 5 an hour).
  if (!user.emailVerifiedAt) {
    const { sent } = await sendSignUpLinkIfAllowed(ctx, user)
    throw new DomainError('forbidden', sent ? accountMessages.confirmFirst(user.email) : accountMessages.confirmFirstNoResend(user.email))
  }
  return startSession(ctx, user, meta)
}
