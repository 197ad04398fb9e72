import { and, eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { type RegistryContext, registryMessages } from '../registry-context.server'
import { registries } from '../registry.schema'

/**
 * Deletes the registry with its items, categories, reservations and collaborators. Only its owner may:
 * a collaborator gets 'forbidden', anyone else not_found. `confirmed` is the owner's explicit yes.
 */
export async function deleteRegistry(ctx: RegistryContext, registryId: number, userId: number, confirmed: boolean) {
  const { registry: r, role } = await ctx.managed(registryId, userId)
  if (role !== 'owner') throw new DomainError('forbidden', registryMessages.ownerOnlyDelete)
  if (!confirmed) throw new DomainError('invalid_input', registryMessages.deleteNotConfirmed, { fields: { confirm: [registryMessages.deleteNotConfirmed] } })
  await ctx.db.delete(registries).where(and(eq(registries.id, r.id), eq(registries.ownerId, userId)))
}
