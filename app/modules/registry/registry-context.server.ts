import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { products } from '~/modules/catalog/catalog.schema'
import { pdpPath } from '~/modules/catalog/product-path'
import { createRegistryAccess } from './registry-access.server'
import { type RegItemRow, type RegistryRow, regItems, registries, registryCategories } from './registry.schema'
import type { GuestItem } from './registry.types'

/** The shared dependencies, messages and small loaders that the registry use cases (./use-cases) read. */

export const registryMessages = {
  notFound: 'We could not find that registry.',
  itemNotFound: 'That item is not on this registry.',
  slugTaken: 'That web address is taken. Try another one.',
  quantityBelowGiven: (given: number) => `${given} of this item ${given === 1 ? 'is' : 'are'} already reserved or bought, so ask for at least ${given}.`,
  groupGiftQuantityFixed: (quantity: number) =>
    `Guests have already chipped in towards this group gift, so the quantity stays at ${quantity} (its goal was fixed when the first guest chipped in).`,
  quantityBelowGivenSurprise: 'Guests have already taken care of some of this, so the quantity cannot go that low. (We keep the details a surprise.)',
  defaultCategory: 'This category holds items by default, so it cannot be renamed or deleted.',
  productUnavailable: 'That product is not available to add.',
  ownerOnlyDelete: 'Only the registry’s owner can delete it.',
  deleteNotConfirmed: 'Tick the box to confirm that you want to delete this registry and its gift records.',
} as const

export type RegistryDeps = { db: Db; clock?: () => Date }

export const monthOf = (d: string | null) => (d ? d.slice(0, 7) : null)
export const shipsTo = (r: RegistryRow) => (r.shippingAddress ? { city: r.shippingAddress.city, state: r.shippingAddress.state } : null)

export const toGuestItem = (i: RegItemRow, productSlug: string | null): GuestItem => ({
  id: i.id,
  categoryId: i.categoryId,
  productId: i.productId,
  href: i.productId && productSlug ? pdpPath({ slug: productSlug, genericProductId: i.productId }) : i.externalUrl,
  title: i.title,
  imageUrl: i.imageUrl,
  storeName: i.storeName,
  priceCents: i.priceCents,
  quantityNeeded: i.quantityNeeded,
  quantityStillNeeded: Math.max(0, i.quantityNeeded - i.quantityReserved - i.quantityPurchased),
  note: i.note,
  mostWanted: i.mostWanted,
  groupGift: i.groupGift,
  options: i.options,
  position: i.position,
})

/** Builds the one context a service's use cases share. */
export function createRegistryContext({ db, clock = () => new Date() }: RegistryDeps) {
  const today = () => clock().toISOString().slice(0, 10)

  async function registryById(id: number) {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined
    const [r] = await db.select().from(registries).where(eq(registries.id, id))
    return r
  }

  const access = createRegistryAccess(db)

  /**
   * The registry if `userId` may manage it (its owner or a collaborator); otherwise not_found (never
   * 'forbidden', which would confirm it exists). Every owner use case goes through here.
   */
  async function managed(registryId: number, userId: number) {
    const found = await access.of(registryId, userId)
    if (!found) throw new DomainError('not_found', registryMessages.notFound)
    return found
  }

  /** The item if `userId` may manage its registry; otherwise not_found. */
  async function managedItem(itemId: number, userId: number) {
    if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', registryMessages.itemNotFound)
    const [item] = await db.select().from(regItems).where(eq(regItems.id, itemId))
    if (!item || !(await access.of(item.registryId, userId))) throw new DomainError('not_found', registryMessages.itemNotFound)
    return item
  }

  async function itemsOf(registryId: number, { includeRemoved }: { includeRemoved: boolean }) {
    return db
      .select({
        item: regItems,
        productSlug: products.slug,
        // Sold by the Nestlist shop and in stock: guests can 'Buy from Nestlist' (cart module).
        buyable: sql<boolean>`coalesce(${products.productType} = 'product' and ${products.available}, false)`,
      })
      .from(regItems)
      .leftJoin(products, eq(products.id, regItems.productId))
      .where(includeRemoved ? eq(regItems.registryId, registryId) : and(eq(regItems.registryId, registryId), isNull(regItems.removedAt)))
      .orderBy(asc(regItems.categoryId), asc(regItems.position), asc(regItems.id))
  }

  async function categoriesOf(registryId: number) {
    return db
      .select()
      .from(registryCategories)
      .where(eq(registryCategories.registryId, registryId))
      .orderBy(asc(registryCategories.position), asc(registryCategories.id))
  }

  function surpriseActive(r: RegistryRow) {
    return r.surprise && (!r.surpriseRevealDate || r.surpriseRevealDate > today())
  }

  return { db, clock, today, access, registryById, managed, managedItem, itemsOf, categoriesOf, surpriseActive }
}

export type RegistryContext = ReturnType<typeof createRegistryContext>
