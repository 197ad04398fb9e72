import { eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type RegistryContext, registryMessages } from '../registry-context.server'
import { registries } from '../registry.schema'
import { giftDeliveryInput, postalAddressInput, registrySettingsInput, visibilityInput } from '../registry.validation'
import { slugAvailable } from './choose-web-address.server'
import { ownerView } from './view-registry.server'

/** An owner's settings: title and web address, who can find it, the gift address and delivery, the surprise, sharing. */

/** Changes title, slug, names, welcome note, dates and the surprise setting. */
export async function updateSettings(ctx: RegistryContext, registryId: number, userId: number, input: unknown) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const data = parse(registrySettingsInput, input)
  if (!(await slugAvailable(ctx, data.slug, r.id))) {
    throw new DomainError('conflict', registryMessages.slugTaken, { fields: { slug: [registryMessages.slugTaken] } })
  }
  await ctx.db
    .update(registries)
    .set({
      title: data.title,
      familyName: data.familyName,
      slug: data.slug,
      welcomeNote: data.welcomeNote,
      arrivalDate: data.isArrivalDateKnown ? (data.arrivalDate ?? null) : null,
      isArrivalDateKnown: data.isArrivalDateKnown,
      planningStage: r.registryType === 'baby' ? (data.planningStage ?? r.planningStage) : null,
      surprise: data.surprise,
      surpriseRevealDate: data.surprise ? (data.surpriseRevealDate ?? null) : null,
      updatedAt: ctx.clock(),
    })
    .where(eq(registries.id, r.id))
  return ownerView(ctx, r.id, userId)
}

/** Who can find the registry: nestlist, private or google (the spec's public). */
export async function setVisibility(ctx: RegistryContext, registryId: number, userId: number, input: unknown) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const data = parse(visibilityInput, input)
  await ctx.db.update(registries).set({ searchLevel: data.searchLevel, updatedAt: ctx.clock() }).where(eq(registries.id, r.id))
  return data.searchLevel
}

/** Where gifts ship (never shown to guests). Null removes it. */
export async function setShippingAddress(ctx: RegistryContext, registryId: number, userId: number, input: unknown | null) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const address = input === null ? null : parse(postalAddressInput, input)
  await ctx.db.update(registries).set({ shippingAddress: address, updatedAt: ctx.clock() }).where(eq(registries.id, r.id))
}

/**
 * How gifts from other stores reach the family: show the gift address to a giver who reserved a gift or
 * marked one bought elsewhere (to that giver only, never on the public page), and/or a note of their own.
 */
export async function setGiftDelivery(ctx: RegistryContext, registryId: number, userId: number, input: unknown) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const data = parse(giftDeliveryInput, input)
  await ctx.db.update(registries).set({ shareAddressWithGivers: data.shareAddress, giftDeliveryNote: data.note, updatedAt: ctx.clock() }).where(eq(registries.id, r.id))
}

/** Ends 'keep it a surprise' now: the owner sees who gave what from this moment. */
export async function revealSurprise(ctx: RegistryContext, registryId: number, userId: number) {
  const { registry: r } = await ctx.managed(registryId, userId)
  await ctx.db.update(registries).set({ surprise: false, surpriseRevealDate: null, updatedAt: ctx.clock() }).where(eq(registries.id, r.id))
}

/** Records that the owner shared the registry (first time only), for the setup goal. */
export async function markShared(ctx: RegistryContext, registryId: number, userId: number) {
  const { registry: r } = await ctx.managed(registryId, userId)
  if (!r.sharedAt) await ctx.db.update(registries).set({ sharedAt: ctx.clock() }).where(eq(registries.id, r.id))
}
