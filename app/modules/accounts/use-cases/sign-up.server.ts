import { eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, accountMessages } from '../accounts-context.server'
import { users } from '../accounts.schema'
import type { SessionMeta } from '../accounts.types'
import { signUpInput } from '../accounts.validation'
import { hashPassword, isCommonPassword } from '../password.server'
import { safeRedirectPath } from '../safe-redirect'
import { sendAlreadyHaveAccount, sendConfirmation, sendSignUpLinkIfAllowed } from './send-confirmation.server'
import { admitSignUp } from './throttle-sign-in.server'

/**
 * Starts an account (docs/decisions/035). Nobody is signed in until the address is proven: a free address gets
 * an unconfirmed account and a link that confirms it and signs in; an address that already has an account gets
 * a note to its owner, and no second account is made. Every address gets the same answer, in about the same
 * time: the password is hashed either way, and the email goes out after the answer.
 */
export async function signUp(
  ctx: AccountsContext,
  input: unknown,
  meta: SessionMeta,
  options: { continuePath?: string } = {},
): Promise<{ status: 'confirmation_sent'; email: string }> {
  const { db, clock } = ctx
  const data = parse(signUpInput, input)
  if (isCommonPassword(data.password)) {
    throw new DomainError('invalid_input', 'Choose a stronger password.', { fields: { password: [accountMessages.commonPassword] } })
  }
  // Counted toward the address, so sign-up cannot be used to hammer the server (argon2 is costly).
  await admitSignUp(ctx, data.email, meta.ip)
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
  ctx.defer(() => (created ? sendConfirmation(ctx, created, data.email, 'sign_up', continuePath) : sendAlreadyHaveAccount(ctx, data.email, 'sign_up')))
  return { status: 'confirmation_sent', email: data.email }
}

/** Sends a fresh confirmation link to an unconfirmed account's address (at most 5 an hour). */
export async function resendConfirmation(ctx: AccountsContext, userId: number) {
  const user = await ctx.userById(userId)
  if (!user || user.emailVerifiedAt) return
  const result = await sendSignUpLinkIfAllowed(ctx, user)
  if (!result.sent) {
    throw new DomainError('rate_limited', 'We have sent several links in the last hour. Please check your inbox and spam folder, or try again later.', {
      retryAfterSeconds: (result.freeAt - ctx.clock().getTime()) / 1000,
    })
  }
}
