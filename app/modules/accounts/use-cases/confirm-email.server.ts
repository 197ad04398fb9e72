import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { type AccountsContext, accountMessages } from '../accounts-context.server'
import { emailVerifications, users } from '../accounts.schema'
import type { SessionMeta, SignInResult } from '../accounts.types'
import { hashToken } from '../tokens.server'
import { startSession } from './manage-sessions.server'

/** What an emailed confirmation link would do, without using it (its page asks before it confirms): null when it cannot be used. */
export async function emailLinkPurpose(ctx: AccountsContext, token: string): Promise<'sign_up' | 'change' | null> {
  if (!token || token.length > 200) return null
  const [link] = await ctx.db
    .select({ purpose: emailVerifications.purpose })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.id, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, ctx.clock())))
  return link?.purpose ?? null
}

/**
 * Confirms an address from an emailed link, once: a new account's (which also signs it in, as a sign-in link
 * would; two-factor sign-in still asks for its code), or an account's new address (no session: the person may be
 * signed in elsewhere).
 */
export async function confirmEmail(
  ctx: AccountsContext,
  token: string,
  meta: SessionMeta,
): Promise<{ purpose: 'sign_up' | 'change'; email: string; userId: number; session: SignInResult | null }> {
  const { db, clock } = ctx
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
  const session = done.purpose === 'sign_up' ? await startSession(ctx, done.user, meta) : null
  return { purpose: done.purpose, email: done.email, userId: done.userId, session }
}
