/** Use case: guests and the family look at group gifts and their money. */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { type ProductOptions, products } from '../../catalog/catalog.schema'
import { type ChosenOptions, optionKey } from '../../catalog/product-options'
import { pdpPath } from '../../catalog/product-path'
import { productStock } from '../../orders/orders.schema'
import { registries, regItems } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFundContributions, cashFundPreferences, groupGiftRedemptions, payouts } from '../cash-funds.schema'
import { groupGiftMessages as gm } from '../cash-funds.strings'
import type { GroupGiftOrderChoice, GroupGiftView } from '../cash-funds.types'

/** The options still to choose for "Order it": the product's sizes/colours the item left open, each with its stock. */
export async function orderChoiceFor(ctx: CashFundsContext, product: { id: number; options: ProductOptions; stock: number }, chosen: ChosenOptions, quantity: number): Promise<GroupGiftOrderChoice | null> {
  const { db } = ctx
  const open: ProductOptions = {
    ...(product.options.sizes?.length && !chosen.size ? { sizes: product.options.sizes } : {}),
    ...(product.options.colors?.length && !chosen.color ? { colors: product.options.colors } : {}),
  }
  if (!open.sizes && !open.colors) return null
  const rows = await db.select({ key: productStock.optionKey, q: productStock.quantity }).from(productStock).where(eq(productStock.productId, product.id))
  const byKey = new Map(rows.map((r) => [r.key, r.q]))
  const sizes = open.sizes ?? [chosen.size]
  const colors = open.colors ?? [chosen.color]
  return sizes.flatMap((size) =>
    colors.map((color) => {
      const key = optionKey({ size, color })
      // A product without stock rows yet counts its opening stock (as the cart does).
      const left = Math.max(0, rows.length === 0 ? product.stock : (byKey.get(key) ?? 0))
      return { key, ...(size ? { size } : {}), ...(color ? { color } : {}), left, available: left >= quantity }
    }),
  )
}

/** The registry's group gifts with their money (guests' view: totals and a count, never who gave). */
export async function groupGiftsOf(ctx: CashFundsContext, registryId: number): Promise<GroupGiftView[]> {
  const { db, groupGiftsProgress, groupGiftView } = ctx
  if (!Number.isSafeInteger(registryId)) return []
  const items = await db
    .select()
    .from(regItems)
    .where(and(eq(regItems.registryId, registryId), eq(regItems.groupGift, true), isNull(regItems.removedAt)))
    .orderBy(asc(regItems.id))
  const progress = await groupGiftsProgress(items)
  return items.map((i, n) => groupGiftView(i, progress[n]!))
}

/** One open group gift with its registry's public face (the chip-in page). */
export async function groupGiftForGuest(ctx: CashFundsContext, itemId: number) {
  const { db, openGroupGift, groupGiftsProgress, groupGiftView } = ctx
  const item = await openGroupGift(itemId)
  const [reg] = await db.select({ id: registries.id, slug: registries.slug, familyName: registries.familyName, title: registries.title }).from(registries).where(eq(registries.id, item.registryId))
  const [progress] = await groupGiftsProgress([item])
  return { gift: groupGiftView(item, progress!), registry: reg! }
}

/**
 * The family's page for one item's group gift (owner or collaborator; anyone else 404): whether it is one,
 * can become one, or can stop being one, its money, how the fund would be paid out, and its redemption.
 */
export async function groupGiftForFamily(ctx: CashFundsContext, itemId: number, userId: number) {
  const { db, managed, groupGiftsProgress, groupGiftView, redemptionView } = ctx
  // A removed item's page stays open to the family: its chip-ins can still be redeemed.
  const [item] = Number.isSafeInteger(itemId) && itemId > 0 ? await db.select().from(regItems).where(eq(regItems.id, itemId)) : []
  if (!item) throw new DomainError('not_found', gm.itemNotFound)
  const registry = await managed(item.registryId, userId).catch(() => {
    throw new DomainError('not_found', gm.itemNotFound)
  })
  const [[progress], [counts], [redemption], [pref], [product]] = await Promise.all([
    groupGiftsProgress([item]),
    db
      .select({ active: sql<number>`count(*)::int`, pending: sql<number>`(count(*) filter (where ${cashFundContributions.status} = 'pending'))::int` })
      .from(cashFundContributions)
      .where(and(eq(cashFundContributions.regItemId, item.id), ne(cashFundContributions.status, 'cancelled'))),
    db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, item.id)),
    db.select({ method: cashFundPreferences.method }).from(cashFundPreferences).where(eq(cashFundPreferences.registryId, registry.id)),
    item.productId
      ? db.select({ id: products.id, slug: products.slug, productType: products.productType, options: products.options, stock: products.stock }).from(products).where(eq(products.id, item.productId))
      : Promise.resolve([]),
  ])
  const orderable = product?.productType === 'product'
  const orderChoice = orderable && item.groupGift && !redemption ? await orderChoiceFor(ctx, product, item.options, item.quantityNeeded) : null
  const [sent] = redemption?.payoutId ? await db.select({ sentAt: payouts.sentAt }).from(payouts).where(eq(payouts.id, redemption.payoutId)) : []
  return {
    gift: groupGiftView(item, progress!),
    registry: { id: registry.id, slug: registry.slug, title: registry.title },
    isGroupGift: item.groupGift,
    removed: item.removedAt !== null,
    /** Guests have already reserved or bought it: it cannot become a group gift. */
    alreadyGiven: item.quantityReserved + item.quantityPurchased > 0,
    /** Chip-ins held or charged (it stays a group gift). */
    chipIns: counts?.active ?? 0,
    pendingChipIns: counts?.pending ?? 0,
    payoutMethod: pref?.method ?? ('store_credit' as const),
    redemption: redemption ? redemptionView(redemption) : null,
    /** A bank transfer redemption: when Nestlist's payouts team sent it (h14); null while waiting. */
    sentToBankAt: sent ? sent.sentAt.toISOString() : null,
    /** A product of the Nestlist shop: once fully funded, the family can order it with the fund ('Order it'). */
    orderable,
    /** "Order it" needs a size or colour chosen first (the registry item left it open); null when not. */
    orderChoice,
    /** The product's page in the shop (a catalogue item), to choose it there when it cannot go in the cart as it is. */
    productHref: product?.productType === 'product' ? pdpPath({ slug: product.slug, genericProductId: product.id }) : null,
  }
}
