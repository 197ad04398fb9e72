import { desc, eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, toViewer } from '../accounts-context.server'
import { twoFactors, userEvents } from '../accounts.schema'
import type { UserEvent, UserProfile, Viewer } from '../accounts.types'
import { userEventInput } from '../accounts.validation'

/** Reading who a user is (the viewer record, the API's profile) and the user's events (spec §4). */

/** The viewer record for a user id (null when deleted). */
export async function viewer(ctx: AccountsContext, userId: number): Promise<Viewer | null> {
  const u = await ctx.userById(userId)
  return u ? toViewer(u) : null
}

/** GET /api/v3/user: the current user as the spec's client state names it. */
export async function profile(ctx: AccountsContext, userId: number): Promise<UserProfile> {
  const u = await ctx.userById(userId)
  if (!u) throw new DomainError('unauthenticated', 'Please sign in again.')
  const [tf] = await ctx.db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, userId))
  return {
    id: u.id,
    createdAt: u.createdAt.toISOString(),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    role: u.role,
    registries: [],
    registryId: null,
    currentRegistry: null,
    events: await events(ctx, userId),
    twoFactors: { enabled: Boolean(tf?.enabledAt) },
    isBookmarkletUsed: u.isBookmarkletUsed,
  }
}

/** The user's events, newest first. */
export async function events(ctx: AccountsContext, userId: number): Promise<UserEvent[]> {
  const rows = await ctx.db
    .select({ name: userEvents.name, value: userEvents.value })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.updatedAt), desc(userEvents.name))
  return rows.map((r) => ({ name: r.name, value: r.value ?? null }))
}

/** Records an event: it replaces one with the same name, otherwise it is prepended (spec §4). */
export async function addEvent(ctx: AccountsContext, userId: number, input: unknown): Promise<UserEvent[]> {
  const data = parse(userEventInput, input)
  await ctx.db
    .insert(userEvents)
    .values({ userId, name: data.name, value: data.value ?? null, updatedAt: ctx.clock() })
    .onConflictDoUpdate({
      target: [userEvents.userId, userEvents.name],
      set: { value: data.value ?? null, updatedAt: ctx.clock() },
    })
  return events(ctx, userId)
}
