import { type AnyColumn, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { RegistryContext } from '../registry-context.server'
import { registries } from '../registry.schema'
import type { OwnerRegistry } from '../registry.types'
import { ownerView } from './view-registry.server'

/** The registries a signed-in user owns or manages: their current one, where 'Add to Registry' adds, their role. */

/** The registry a user adds products to, with its categories in order (registry.addTargetFor). */
export type AddTarget = { registryId: number; title: string; categories: { id: number; title: string; isDefault: boolean }[] }

/**
 * The registry a user adds products to, as one JSON value over `userId` (a value or another statement's user id column):
 * the first of registry-access's managedBy (their own registries first, then those they most recently joined, newest
 * first), with its categories by position; null when they manage none. addTargetFor reads it alone; the shop header's
 * statement for a product page made from the shared copy reads it beside the session (decision 028 h29).
 */
export const addTargetOf = (userId: AnyColumn | SQL) =>
  sql<AddTarget | null>`(select json_build_object('registryId', r.id, 'title', r.title, 'categories', (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'isDefault', c.is_default) order by c.position, c.id), '[]'::json) from registry_categories c where c.registry_id = r.id))
    from registries r left join registry_collaborators rc on rc.registry_id = r.id and rc.user_id = ${userId}
    where r.owner_id = ${userId} or rc.user_id = ${userId}
    order by (r.owner_id = ${userId}) desc, rc.joined_at desc, r.created_at desc limit 1)`

/**
 * A user's current registry (their newest own one, as ownedBy()[0]) as the facts its discount is worked out from,
 * as a column of another statement (`userId`: that statement's user id column): null without a registry. For the
 * shop header's facts in one statement (accounts' sessionReaderWith; decision 028 h29).
 */
export const currentRegistryDiscountFactsOf = (userId: AnyColumn) =>
  sql<{ registryType: string; arrivalDate: string | null; createdAt: string } | null>`(select json_build_object('registryType', r.registry_type, 'arrivalDate', r.arrival_date, 'createdAt', r.created_at) from registries r where r.owner_id = ${userId} order by r.created_at desc, r.id desc limit 1)`

/**
 * The registries a user owns, newest first (ownedBy's order), with what the birthday prompt needs of each, as a column
 * of another statement (the landing page's header facts in one statement, decision 028 h30).
 */
export const ownedRegistriesOf = (userId: AnyColumn) =>
  sql<{ id: number; ownerId: number; registryType: string }[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'ownerId', r.owner_id, 'registryType', r.registry_type) order by r.created_at desc, r.id desc), '[]'::json) from registries r where r.owner_id = ${userId})`

/** The registries a user owns, newest first (id, ownerId, registryType for GET /api/v3/user; arrival and creation for the discount). */
export async function ownedBy(ctx: RegistryContext, userId: number) {
  return ctx.db
    .select({
      id: registries.id,
      ownerId: registries.ownerId,
      registryType: registries.registryType,
      slug: registries.slug,
      title: registries.title,
      arrivalDate: registries.arrivalDate,
      createdAt: registries.createdAt,
    })
    .from(registries)
    .where(eq(registries.ownerId, userId))
    .orderBy(desc(registries.createdAt), desc(registries.id))
}

/** The user's current registry: their newest own one, else the one they most recently joined; null when none. */
export async function currentFor(ctx: RegistryContext, userId: number): Promise<OwnerRegistry | null> {
  const [r] = await ctx.access.managedBy(userId)
  return r ? ownerView(ctx, r.id, userId) : null
}

/** True when the user owns the registry (analytics' owner flag; owner-only acts use roleOf). */
export async function isOwner(ctx: RegistryContext, registryId: number, userId: number) {
  return (await ctx.access.roleOf(registryId, userId)) === 'owner'
}

/** True when the user may manage the registry, as owner or collaborator (pages that switch between owner and guest views). */
export async function canManage(ctx: RegistryContext, registryId: number, userId: number) {
  return (await ctx.access.roleOf(registryId, userId)) !== null
}

/**
 * Where 'Add to Registry' adds for this user: their current registry's id, title and categories
 * in order, or null when they have none. Two small reads, for product pages.
 */
export async function addTargetFor(ctx: RegistryContext, userId: number): Promise<AddTarget | null> {
  const { rows } = await ctx.db.execute<{ target: AddTarget | null }>(sql`select ${addTargetOf(sql`${userId}::bigint`)} as target`)
  return rows[0]?.target ?? null
}
