import { lt, or } from 'drizzle-orm'
import { type AccountsContext, DAY, HOUR } from '../accounts-context.server'
import { passwordResetTokens, sessions, signInAttempts, signInLinks, users } from '../accounts.schema'
import { hashPassword } from '../password.server'

/** Housekeeping the app runs itself: the seed's demo accounts and pruning records past any use. */

/** Creates or refreshes an account with a known password (the seed's demo accounts). */
export async function ensureAccount(
  ctx: AccountsContext,
  a: { email: string; password: string; firstName: string; lastName: string; role: 'user' | 'staff' },
) {
  const passwordHash = await hashPassword(a.password)
  const [row] = await ctx.db
    .insert(users)
    .values({ email: a.email.toLowerCase(), firstName: a.firstName, lastName: a.lastName, role: a.role, passwordHash, emailVerifiedAt: ctx.clock() })
    .onConflictDoNothing()
    .returning()
  return row ?? (await ctx.accountForEmail(a.email.toLowerCase()))!
}

/** Deletes sign-in attempts and sessions past any use (called at start and hourly). */
export async function prune(ctx: AccountsContext) {
  const { db, config } = ctx
  const now = ctx.clock()
  // The throttle reads a day back (docs/decisions/033).
  await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(now.getTime() - DAY - HOUR)))
  await db.delete(signInLinks).where(lt(signInLinks.expiresAt, new Date(now.getTime() - DAY)))
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - config.sessionIdleMs))))
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - 24 * HOUR)))
}
