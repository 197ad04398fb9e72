import DataLoader from 'dataloader'
import { and, count, eq, gt, ne, type SQL, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { type AccountsContext, PENDING_TWO_FACTOR_MS, sessionIdFor, TOUCH_EVERY_MS, toViewer } from '../accounts-context.server'
import { sessions, twoFactors, type UserRow, users } from '../accounts.schema'
import type { SessionMeta, SignInResult } from '../accounts.types'
import { generateToken, hashToken } from '../tokens.server'

/** Server-side sessions: starting, reading (one at a time or batched), finishing two-factor, ending and counting them. */

export async function createSession(ctx: AccountsContext, userId: number, meta: SessionMeta, twoFactorPending = false) {
  const token = generateToken()
  const now = ctx.clock()
  await ctx.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    // A session waiting for the authenticator code is only good for finishing that sign-in, for 10 minutes.
    expiresAt: new Date(now.getTime() + (twoFactorPending ? PENDING_TWO_FACTOR_MS : ctx.config.sessionAbsoluteMs)),
    twoFactorPending,
    userAgent: meta.userAgent.slice(0, 300),
  })
  return token
}

/** A full session, or a pending one when two-factor sign-in is on. */
export async function startSession(ctx: AccountsContext, user: UserRow, meta: SessionMeta): Promise<SignInResult> {
  const [tf] = await ctx.db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, user.id))
  if (tf?.enabledAt) return { status: 'two_factor_required', token: await createSession(ctx, user.id, meta, true) }
  return { status: 'signed_in', token: await createSession(ctx, user.id, meta), user: toViewer(user) }
}

/**
 * The session read by id, checked: null (and deleted) when expired, idle or (unless allowed) waiting for its
 * two-factor code; its last-seen time moved on at most hourly.
 */
async function settleSession(
  ctx: AccountsContext,
  id: string,
  row: { session: typeof sessions.$inferSelect; user: UserRow },
  options: { allowPending?: boolean },
) {
  const { db, config } = ctx
  const now = ctx.clock().getTime()
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

/**
 * The session and user for a cookie token, or null when absent, expired (idle or absolute) or revoked.
 * Pending two-factor sessions are returned only when asked for.
 */
export async function validateSession(ctx: AccountsContext, token: string | undefined | null, options: { allowPending?: boolean } = {}) {
  const id = sessionIdFor(token)
  if (!id) return null
  const [row] = await ctx.sessionById.execute({ id })
  return row ? settleSession(ctx, id, row, options) : null
}

/**
 * validateSession, with more columns about the session's user read in the same statement (one round trip:
 * the shop header's cart count and registry discount facts for a page made from the shared copy, decision 028
 * h29). `columns` gets the session's user id column and names the extra columns; the statement is prepared once
 * under `name`. The reader answers null for a session validateSession refuses, else the session with the values;
 * the sessions asked for in one turn of the event loop are read in one statement.
 */
export function sessionReaderWith<E extends Record<string, SQL>>(ctx: AccountsContext, name: string, columns: (userId: typeof sessions.userId) => E) {
  type Values = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never }
  const extra = columns(sessions.userId)
  const statement = ctx.db
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
    const session = row ? await settleSession(ctx, id, row, {}) : null
    return session ? { ...session, values: row!.extra } : null
  }
}

/** Turns a pending two-factor session into a full one, under a new id (the two-factor module calls this). */
export async function completeTwoFactorSession(ctx: AccountsContext, pendingToken: string, meta: SessionMeta) {
  const id = hashToken(pendingToken)
  const [row] = await ctx.db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.twoFactorPending, true))).returning()
  if (!row) throw new DomainError('unauthenticated', 'Your sign-in has expired. Please sign in again.')
  const user = await ctx.userById(row.userId)
  if (!user) throw new DomainError('unauthenticated', 'Your sign-in has expired. Please sign in again.')
  return { token: await createSession(ctx, user.id, meta), user: toViewer(user) }
}

/** Ends one session (sign-out). Unknown tokens are fine. */
export async function signOut(ctx: AccountsContext, token: string | undefined | null) {
  if (token) await ctx.db.delete(sessions).where(eq(sessions.id, hashToken(token)))
}

/** Ends every session of a user except the one given (after a password change). */
export async function signOutOtherSessions(ctx: AccountsContext, userId: number, keepSessionId?: string) {
  await ctx.db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
}

/** How many live sessions a user has (settings shows it; tests read it). */
export async function sessionCount(ctx: AccountsContext, userId: number) {
  const [r] = await ctx.db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, ctx.clock())))
  return r?.n ?? 0
}
