import { eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { openOptionChoices } from '~/modules/catalog/product-options'
import type { ProductOptions } from '~/modules/catalog/catalog.schema'
import { monthOf, type RegistryContext, registryMessages, shipsTo, toGuestItem } from '../registry-context.server'
import { type RegItemRow, registries, reservations } from '../registry.schema'
import type { GuestRegistry, OwnerItem, OwnerRegistry, SetupGoal } from '../registry.types'

/** Looking at a registry: the owner's view (with stats and setup goals) and the guests' view (no address, no givers). */

/** The options and stock (per option key; null before the product has stock rows) of the registry's shop products, in one read. */
async function shopStockOf(ctx: RegistryContext, registryId: number) {
  const { rows } = await ctx.db.execute<{ id: number; options: ProductOptions; stock: number; by_key: Record<string, number> | null }>(sql`
    select p.id, p.options, p.stock, (select json_object_agg(ps.option_key, ps.quantity) from product_stock ps where ps.product_id = p.id) as by_key
    from products p
    where p.id in (select ri.product_id from reg_items ri where ri.registry_id = ${registryId} and ri.removed_at is null and ri.product_id is not null)`)
  return new Map(rows.map((p) => [Number(p.id), { options: p.options ?? {}, stock: Math.max(0, Number(p.stock)), byKey: p.by_key }]))
}

async function hasShared(ctx: RegistryContext, registryId: number) {
  // Shared once the owner sent invitations (sharedAt) or a guest has reserved or bought from it.
  const [reg] = await ctx.db.select({ sharedAt: registries.sharedAt }).from(registries).where(eq(registries.id, registryId))
  if (reg?.sharedAt) return true
  const [r] = await ctx.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.registryId, registryId)).limit(1)
  return Boolean(r)
}

/** Everything the owner sees; who gave what is left out while 'keep it a surprise' is on. */
export async function ownerView(ctx: RegistryContext, registryId: number, userId: number): Promise<OwnerRegistry> {
  const { registry: r, role } = await ctx.managed(registryId, userId)
  const [rows, cats, shared] = await Promise.all([ctx.itemsOf(r.id, { includeRemoved: true }), ctx.categoriesOf(r.id), hasShared(ctx, r.id)])
  const hidden = ctx.surpriseActive(r)
  const items: OwnerItem[] = rows.map(({ item, productSlug }) => ({
    ...toGuestItem(item, productSlug),
    // With the surprise on, the owner sees only whether more is needed, not how much was reserved or bought.
    quantityReserved: hidden ? 0 : item.quantityReserved,
    quantityPurchased: hidden ? 0 : item.quantityPurchased,
    removed: item.removedAt !== null,
  }))
  const live = items.filter((i) => !i.removed)
  const stats = {
    items: live.length,
    reserved: hidden ? 0 : live.reduce((n, i) => n + i.quantityReserved, 0),
    purchased: hidden ? 0 : live.reduce((n, i) => n + i.quantityPurchased, 0),
    stillNeeded: live.reduce((n, i) => n + i.quantityStillNeeded, 0),
  }
  const goals: SetupGoal[] = [
    { key: 'add_10_items', label: 'Add 10 items', done: live.length >= 10, href: '/store' },
    { key: 'add_shipping_address', label: 'Add a shipping address', done: r.shippingAddress !== null, href: '/settings/registry' },
    { key: 'add_welcome_note', label: 'Write a welcome note for guests', done: r.welcomeNote.trim() !== '', href: '/settings/registry' },
    { key: 'share_registry', label: 'Share your registry', done: shared, href: '/registry/share' },
  ]
  return {
    id: r.id,
    ownerId: r.ownerId,
    role,
    slug: r.slug,
    registryType: r.registryType,
    title: r.title,
    familyName: r.familyName,
    welcomeNote: r.welcomeNote,
    arrivalMonth: monthOf(r.arrivalDate),
    arrivalDate: r.arrivalDate,
    isArrivalDateKnown: r.isArrivalDateKnown,
    planningStage: r.planningStage,
    expecting: r.expecting,
    showerDate: r.showerDate,
    guestCount: r.guestCount,
    guestTypes: r.guestTypes,
    searchLevel: r.searchLevel,
    shippingAddress: r.shippingAddress ?? null,
    shareAddressWithGivers: r.shareAddressWithGivers,
    giftDeliveryNote: r.giftDeliveryNote,
    shipsTo: shipsTo(r),
    surprise: r.surprise,
    surpriseRevealDate: r.surpriseRevealDate,
    surpriseActive: hidden,
    categories: cats.map((c) => ({
      id: c.id,
      title: c.title,
      position: c.position,
      isDefault: c.isDefault,
      itemCount: live.filter((i) => i.categoryId === c.id).length,
    })),
    items,
    stats,
    goals,
    createdAt: r.createdAt.toISOString(),
  }
}

/** What guests see at /list/{id}, /reg/{id} and /{slug}: no address, no email, no givers. */
export async function guestView(ctx: RegistryContext, idOrSlug: number | string): Promise<GuestRegistry> {
  const r =
    typeof idOrSlug === 'number'
      ? await ctx.registryById(idOrSlug)
      : (await ctx.db.select().from(registries).where(eq(registries.slug, idOrSlug.toLowerCase())))[0]
  if (!r) throw new DomainError('not_found', registryMessages.notFound)
  const [rows, cats, stocked] = await Promise.all([ctx.itemsOf(r.id, { includeRemoved: false }), ctx.categoriesOf(r.id), shopStockOf(ctx, r.id)])
  // What a giver can buy from the shop: the options the family left open with their stock, and nothing at all when
  // every combination the family's choice allows is sold out.
  const buying = (item: RegItemRow, buyable: boolean) => {
    const product = item.productId !== null ? stocked.get(item.productId) : undefined
    if (!buyable || !product) return { buyFromShop: false }
    // A product without stock rows yet counts its opening stock for every option (as the cart does).
    const leftOf = (key: string) => (product.byKey ? (product.byKey[key] ?? 0) : product.stock)
    const { open, left } = openOptionChoices(product.options, { size: item.options.size, color: item.options.color }, leftOf)
    return left > 0 ? { buyFromShop: true, ...(open.length > 0 ? { openOptions: open } : {}) } : { buyFromShop: false }
  }
  return {
    id: r.id,
    slug: r.slug,
    registryType: r.registryType,
    title: r.title,
    familyName: r.familyName,
    welcomeNote: r.welcomeNote,
    arrivalMonth: monthOf(r.arrivalDate),
    shipsTo: shipsTo(r),
    categories: cats.map((c) => ({ id: c.id, title: c.title, position: c.position })),
    items: rows.map(({ item, productSlug, buyable }) => ({ ...toGuestItem(item, productSlug), ...buying(item, Boolean(buyable)) })),
  }
}

/** Who may find a registry (the guest page's robots meta: only 'google' is indexable), or null when there is none. */
export async function searchLevelOf(ctx: RegistryContext, registryId: number) {
  const r = await ctx.registryById(registryId)
  return r?.searchLevel ?? null
}
