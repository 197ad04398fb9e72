import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { registryCollaborators } from './collaborators.schema'
import { type RegistryRow, registries } from './registry.schema'

/** How a signed-in person relates to a registry: its owner, a collaborator the owner let in, or neither (null). */
export type RegistryRole = 'owner' | 'collaborator'

/** A registry someone manages, as owner or collaborator (the switcher, /registry/home, GET /api/v3/registries). */
export type ManagedRegistry = { id: number; ownerId: number; registryType: RegistryRow['registryType']; slug: string; title: string; role: RegistryRole }

/**
 * The one place that decides who may manage a registry. Every owner page, API endpoint and service use
 * case asks here: the owner and current collaborators manage; owner-only acts (deleting the registry,
 * inviting or removing collaborators) check for role 'owner'.
 */
export function createRegistryAccess(db: Db) {
  const collaborates = (userId: number) =>
    sql<boolean>`exists (select 1 from ${registryCollaborators} where ${registryCollaborators.registryId} = ${registries.id} and ${registryCollaborators.userId} = ${userId})`

  const access = {
    /** The registry and the user's role on it, or null when they may not manage it (or it does not exist). One query. */
    async of(registryId: number, userId: number): Promise<{ registry: RegistryRow; role: RegistryRole } | null> {
      if (!Number.isSafeInteger(registryId) || registryId <= 0 || !Number.isSafeInteger(userId)) return null
      const [row] = await db
        .select({ registry: registries, collaborates: collaborates(userId) })
        .from(registries)
        .where(eq(registries.id, registryId))
      if (!row) return null
      if (row.registry.ownerId === userId) return { registry: row.registry, role: 'owner' }
      return row.collaborates ? { registry: row.registry, role: 'collaborator' } : null
    },

    /** The user's role on the registry, or null. */
    async roleOf(registryId: number, userId: number): Promise<RegistryRole | null> {
      return (await access.of(registryId, userId))?.role ?? null
    },

    /**
     * Every registry the user manages: the ones they own first (newest first), then the ones they
     * collaborate on (most recently joined first). The first is their current registry.
     */
    async managedBy(userId: number): Promise<ManagedRegistry[]> {
      const rows = await db
        .select({
          id: registries.id,
          ownerId: registries.ownerId,
          registryType: registries.registryType,
          slug: registries.slug,
          title: registries.title,
          joinedAt: registryCollaborators.joinedAt,
        })
        .from(registries)
        .leftJoin(registryCollaborators, and(eq(registryCollaborators.registryId, registries.id), eq(registryCollaborators.userId, userId)))
        .where(or(eq(registries.ownerId, userId), eq(registryCollaborators.userId, userId)))
        .orderBy(sql`(${registries.ownerId} = ${userId}) desc`, desc(registryCollaborators.joinedAt), desc(registries.createdAt))
      return rows.map(({ joinedAt: _joined, ...r }) => ({ ...r, role: r.ownerId === userId ? 'owner' : 'collaborator' }))
    },
  }
  return access
}

export type RegistryAccess = ReturnType<typeof createRegistryAccess>
