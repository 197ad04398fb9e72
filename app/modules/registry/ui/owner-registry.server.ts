import { type AppLoadContext, data } from 'react-router'
import { isDomainError } from '~/lib/errors'
import type { OwnerRegistry } from '../registry.types'

/**
 * The registry an owner's page works on: the one named by ?registry={id} (owners may have a baby registry
 * and a birthday wishlist), otherwise their newest. Null when they own none. Someone else's id is a 404.
 */
export async function ownerRegistryFor(request: Request, context: AppLoadContext, userId: number): Promise<OwnerRegistry | null> {
  const raw = new URL(request.url).searchParams.get('registry')
  if (!raw) return context.services.registry.currentFor(userId)
  try {
    return await context.services.registry.ownerView(Number(raw), userId)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data({ message: error.message }, { status: 404 })
    throw error
  }
}

