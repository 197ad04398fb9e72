import { randomInt } from 'node:crypto'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type RegistryContext, registryMessages } from '../registry-context.server'
import { DEFAULT_CATEGORIES, type RegistryType } from '../registry.constants'
import { registries, registryCategories } from '../registry.schema'
import type { OwnerRegistry } from '../registry.types'
import { createRegistryInput } from '../registry.validation'
import { slugAvailable } from './choose-web-address.server'
import { ownerView } from './view-registry.server'

/** Creates a registry with its default categories for the signed-in owner. */
export async function createRegistry(ctx: RegistryContext, ownerId: number, input: unknown): Promise<OwnerRegistry> {
  const data = parse(createRegistryInput, input)
  if (!(await slugAvailable(ctx, data.slug))) {
    throw new DomainError('conflict', registryMessages.slugTaken, { fields: { slug: [registryMessages.slugTaken] } })
  }
  const id = await ctx.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = randomInt(100_000_000_000, 999_999_999_999)
      const inserted = await tx
        .insert(registries)
        .values({
          id: candidate,
          ownerId,
          registryType: data.registryType,
          title: data.title,
          slug: data.slug,
          familyName: data.familyName,
          arrivalDate: data.isArrivalDateKnown ? (data.arrivalDate ?? null) : null,
          isArrivalDateKnown: data.isArrivalDateKnown,
          planningStage: data.registryType === 'baby' ? (data.planningStage ?? null) : null,
          expecting: data.registryType === 'baby' ? (data.expecting ?? null) : null,
          showerDate: data.showerDate ?? null,
          guestCount: data.guestCount ?? null,
          guestTypes: data.guestTypes,
          createdAt: ctx.clock(),
          updatedAt: ctx.clock(),
        })
        .onConflictDoNothing()
        .returning({ id: registries.id, slug: registries.slug })
      if (inserted[0]) {
        await tx.insert(registryCategories).values(
          DEFAULT_CATEGORIES[data.registryType as RegistryType].map((title, position) => ({
            registryId: candidate,
            title,
            position,
            isDefault: position === 0,
          })),
        )
        return candidate
      }
      // a clash on the slug (someone took it a moment ago) or, rarely, on the random id
      if (!(await slugAvailable(ctx, data.slug))) {
        throw new DomainError('conflict', registryMessages.slugTaken, { fields: { slug: [registryMessages.slugTaken] } })
      }
    }
    throw new Error('could not allocate a registry id')
  })
  return ownerView(ctx, id, ownerId)
}
