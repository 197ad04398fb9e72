import { createRegistryContext, type RegistryDeps } from './registry-context.server'
import { addExternalItem, addItem, type ExternalItemData } from './use-cases/add-item.server'
import { markShared, revealSurprise, setGiftDelivery, setShippingAddress, setVisibility, updateSettings } from './use-cases/change-settings.server'
import { isSlugAvailable, suggestSlug } from './use-cases/choose-web-address.server'
import { createRegistry } from './use-cases/create-registry.server'
import { deleteRegistry } from './use-cases/delete-registry.server'
import { manageableItem, removeItem, reorderItems, restoreItem, updateItem } from './use-cases/edit-item.server'
import { find, idForSlug, publicSlugs } from './use-cases/find-registries.server'
import { addTargetFor, canManage, currentFor, isOwner, ownedBy } from './use-cases/my-registries.server'
import { addCategory, deleteCategory, renameCategory, reorderCategories } from './use-cases/organise-categories.server'
import { guestView, ownerView, searchLevelOf } from './use-cases/view-registry.server'

/*
 * The registry module's public face. Each method hands over to one use case; where each one lives:
 *   registry-context.server.ts              messages, deps, the shared context (db, clock, access, managed/managedItem, loaders)
 *   use-cases/choose-web-address.server.ts  suggestSlug, isSlugAvailable
 *   use-cases/create-registry.server.ts     create
 *   use-cases/view-registry.server.ts       ownerView, guestView, searchLevelOf
 *   use-cases/my-registries.server.ts       ownedBy, currentFor, isOwner, canManage, addTargetFor (+ the SQL columns
 *                                           other modules read beside a session: addTargetOf, ownedRegistriesOf...)
 *   use-cases/change-settings.server.ts     updateSettings, setVisibility, setShippingAddress, setGiftDelivery,
 *                                           revealSurprise, markShared
 *   use-cases/delete-registry.server.ts     deleteRegistry
 *   use-cases/add-item.server.ts            addItem, addExternalItem
 *   use-cases/edit-item.server.ts           manageableItem, updateItem, removeItem, restoreItem, reorderItems
 *   use-cases/organise-categories.server.ts addCategory, renameCategory, deleteCategory, reorderCategories
 *   use-cases/find-registries.server.ts     find, idForSlug, publicSlugs
 *   registry-access.server.ts               managedBy, roleOf (who may manage a registry)
 */

export { registryMessages, type RegistryDeps } from './registry-context.server'
export type { ExternalItemData } from './use-cases/add-item.server'
export { FIND_FUZZY_MIN_LENGTH, FIND_WORD_SIMILARITY } from './use-cases/find-registries.server'
export { type AddTarget, addTargetOf, currentRegistryDiscountFactsOf, ownedRegistriesOf } from './use-cases/my-registries.server'

/** Registries: create, settings, items and categories for owners; the guest view and find for everyone. */
export function createRegistryService(deps: RegistryDeps) {
  const ctx = createRegistryContext(deps)
  return {
    suggestSlug: (from: string) => suggestSlug(ctx, from),
    isSlugAvailable: (slug: string, exceptRegistryId?: number) => isSlugAvailable(ctx, slug, exceptRegistryId),
    create: (ownerId: number, input: unknown) => createRegistry(ctx, ownerId, input),

    ownedBy: (userId: number) => ownedBy(ctx, userId),
    /** Every registry the user manages, owned ones first, then those they collaborate on (see registry-access). */
    managedBy: ctx.access.managedBy,
    /** The user's role on a registry ('owner' or 'collaborator'), or null when they may not manage it. */
    roleOf: ctx.access.roleOf,
    currentFor: (userId: number) => currentFor(ctx, userId),
    isOwner: (registryId: number, userId: number) => isOwner(ctx, registryId, userId),
    canManage: (registryId: number, userId: number) => canManage(ctx, registryId, userId),
    addTargetFor: (userId: number) => addTargetFor(ctx, userId),

    ownerView: (registryId: number, userId: number) => ownerView(ctx, registryId, userId),
    guestView: (idOrSlug: number | string) => guestView(ctx, idOrSlug),
    searchLevelOf: (registryId: number) => searchLevelOf(ctx, registryId),

    updateSettings: (registryId: number, userId: number, input: unknown) => updateSettings(ctx, registryId, userId, input),
    setVisibility: (registryId: number, userId: number, input: unknown) => setVisibility(ctx, registryId, userId, input),
    setShippingAddress: (registryId: number, userId: number, input: unknown | null) => setShippingAddress(ctx, registryId, userId, input),
    setGiftDelivery: (registryId: number, userId: number, input: unknown) => setGiftDelivery(ctx, registryId, userId, input),
    revealSurprise: (registryId: number, userId: number) => revealSurprise(ctx, registryId, userId),
    markShared: (registryId: number, userId: number) => markShared(ctx, registryId, userId),
    deleteRegistry: (registryId: number, userId: number, confirmed: boolean) => deleteRegistry(ctx, registryId, userId, confirmed),

    addItem: (registryId: number, userId: number, input: unknown) => addItem(ctx, registryId, userId, input),
    addExternalItem: (registryId: number, userId: number, data: ExternalItemData) => addExternalItem(ctx, registryId, userId, data),
    manageableItem: (itemId: number, userId: number) => manageableItem(ctx, itemId, userId),
    updateItem: (itemId: number, userId: number, input: unknown) => updateItem(ctx, itemId, userId, input),
    removeItem: (itemId: number, userId: number) => removeItem(ctx, itemId, userId),
    restoreItem: (itemId: number, userId: number) => restoreItem(ctx, itemId, userId),
    reorderItems: (registryId: number, userId: number, categoryId: number, itemIds: number[]) => reorderItems(ctx, registryId, userId, categoryId, itemIds),

    addCategory: (registryId: number, userId: number, input: unknown) => addCategory(ctx, registryId, userId, input),
    renameCategory: (registryId: number, userId: number, categoryId: number, input: unknown) => renameCategory(ctx, registryId, userId, categoryId, input),
    deleteCategory: (registryId: number, userId: number, categoryId: number) => deleteCategory(ctx, registryId, userId, categoryId),
    reorderCategories: (registryId: number, userId: number, categoryIds: number[]) => reorderCategories(ctx, registryId, userId, categoryIds),

    find: (term: string, limit = 20) => find(ctx, term, limit),
    idForSlug: (slug: string) => idForSlug(ctx, slug),
    publicSlugs: () => publicSlugs(ctx),
  }
}

export type RegistryService = ReturnType<typeof createRegistryService>
