/** Use case: a family redeems a group gift's fund (paid out, or "Order it" at Nestlist), and its order is linked. */
import { and, desc, eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { isUuid } from '~/lib/uuid'
import { products } from '../../catalog/catalog.schema'
import { optionKey, resolveOptions } from '../../catalog/product-options'
import { orderLines, orders, productStock } from '../../orders/orders.schema'
import { regItems } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFundContributions, cashFundPreferences, groupGiftRedemptions } from '../cash-funds.schema'
import { groupGiftMessages as gm } from '../cash-funds.strings'
import type { GroupGiftOrderLine, RedemptionView } from '../cash-funds.types'
import { redeemGroupGiftInput } from '../cash-funds.validation'
import { groupGiftProgress } from '../group-gifts'

/**
 * Pays a group gift's fund out to the family (owner or collaborator; anyone else 404), once: a second request
 * answers the first redemption (created: false). `use: 'payout'` (the default): the confirmed chip-ins go the
 * family's cash fund way (store credit now, or a recorded bank transfer). `use: 'order'`: a fully funded gift
 * from the Nestlist catalogue becomes store credit whatever the preference (it is spent here), and `orderLine`
 * says what to put in the cart (409 when not fully funded or not a catalogue product). Either way the item
 * counts as received on the registry. Chip-ins still being charged must be charged or declined first (409).
 */
export async function redeemGroupGift(ctx: CashFundsContext, input: unknown, userId: number): Promise<{ redemption: RedemptionView; created: boolean; orderLine: GroupGiftOrderLine | null }> {
  const { db, credit, clock, managed, redemptionView } = ctx
  const { regItemId, use, size, color } = parseInput(redeemGroupGiftInput, input)
  const [item] = await db.select({ registryId: regItems.registryId }).from(regItems).where(eq(regItems.id, regItemId))
  if (!item) throw new DomainError('not_found', gm.itemNotFound)
  const registry = await managed(item.registryId, userId).catch(() => {
    throw new DomainError('not_found', gm.itemNotFound)
  })
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ title: string; group_gift: boolean; price_cents: number; quantity_needed: number; goal_cents: number | null; product_id: number | null; options: Record<string, string> | null }>(
      sql`select title, group_gift, price_cents, quantity_needed, group_gift_goal_cents as goal_cents, product_id, options from reg_items where id = ${regItemId} for update`,
    )
    const row = locked.rows[0]!
    const [already] = await tx.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, regItemId))
    if (already) return { redemption: redemptionView(already), created: false, orderLine: null }
    if (!row.group_gift) throw new DomainError('conflict', gm.notGroupGift)
    const [sums] = await tx
      .select({
        confirmed: sql<string>`coalesce(sum(${cashFundContributions.amountCents}) filter (where ${cashFundContributions.status} = 'confirmed'), 0)`,
        pending: sql<number>`(count(*) filter (where ${cashFundContributions.status} = 'pending'))::int`,
      })
      .from(cashFundContributions)
      .where(eq(cashFundContributions.regItemId, regItemId))
    if ((sums?.pending ?? 0) > 0) throw new DomainError('conflict', gm.stillCharging)
    const amountCents = Number(sums?.confirmed ?? 0)
    if (amountCents <= 0) throw new DomainError('conflict', gm.nothingToRedeem)
    let orderLine: GroupGiftOrderLine | null = null
    if (use === 'order') {
      // Only a product the shop sells (not a cash fund idea, favour or gift card).
      const [product] = row.product_id
        ? await tx.select({ id: products.id, productType: products.productType, options: products.options, stock: products.stock, available: products.available }).from(products).where(eq(products.id, Number(row.product_id)))
        : []
      if (product?.productType !== 'product') throw new DomainError('conflict', gm.orderNotCatalogue)
      const progress = groupGiftProgress({ priceCents: Number(row.price_cents), quantityNeeded: Number(row.quantity_needed), groupGiftGoalCents: row.goal_cents === null ? null : Number(row.goal_cents) }, { confirmedCents: amountCents, pendingCents: 0, confirmedCount: 0, redeemed: false })
      if (!progress.fullyFunded) throw new DomainError('conflict', gm.orderNotFunded(progress.leftCents))
      // The item's own size and colour; one it left open is the family's choice now (checked against the
      // product, and in stock for the quantity needed), before anything is recorded.
      const saved = row.options ?? {}
      const quantity = Number(row.quantity_needed)
      const options = resolveOptions(product.options, { size: saved.size || size || undefined, color: saved.color || color || undefined })
      const rows = await tx.select({ key: productStock.optionKey, q: productStock.quantity }).from(productStock).where(eq(productStock.productId, product.id))
      // A product without stock rows yet counts its opening stock (as the cart does).
      const left = !product.available ? 0 : Math.max(0, rows.length === 0 ? product.stock : (rows.find((r) => r.key === optionKey(options))?.q ?? 0))
      if (left < quantity) throw new DomainError('conflict', gm.orderSoldOut(options, left), { fields: { option: [gm.orderSoldOut(options, left)] } })
      orderLine = { productId: product.id, quantity, ...options }
    }
    // Ordering spends the fund at Nestlist: store credit whatever the cash fund preference says.
    const [pref] = use === 'order' ? [] : await tx.select({ method: cashFundPreferences.method }).from(cashFundPreferences).where(eq(cashFundPreferences.registryId, registry.id))
    const method = pref?.method ?? 'store_credit'
    const [created] = await tx.insert(groupGiftRedemptions).values({ regItemId, registryId: registry.id, method, use, amountCents, redeemedBy: userId, createdAt: clock() }).returning()
    if (method === 'store_credit') await credit.cashFundCreditIn(tx, registry.ownerId, amountCents, `Group gift: ${row.title}`)
    // The family has the gift's money: it counts as received on the registry (nothing left to give).
    await tx.execute(sql`update reg_items set quantity_purchased = quantity_needed - quantity_reserved where id = ${regItemId}`)
    return { redemption: redemptionView(created!), created: true, orderLine }
  })
}

/**
 * The 'order' redemption of a group gift, for the checkout's message after "Order it": its amount and the
 * item's title, or null when there is none or the viewer is not the family (nothing is said to anyone else).
 */
export async function orderedGroupGift(ctx: CashFundsContext, itemId: number, userId: number): Promise<{ amountCents: number; title: string } | null> {
  const { db, managed } = ctx
  if (!Number.isSafeInteger(itemId) || itemId <= 0) return null
  const [r] = await db
    .select({ amountCents: groupGiftRedemptions.amountCents, registryId: groupGiftRedemptions.registryId, title: regItems.title })
    .from(groupGiftRedemptions)
    .innerJoin(regItems, eq(regItems.id, groupGiftRedemptions.regItemId))
    .where(and(eq(groupGiftRedemptions.regItemId, itemId), eq(groupGiftRedemptions.use, 'order')))
  if (!r) return null
  const mine = await managed(r.registryId, userId).then(
    () => true,
    () => false,
  )
  return mine ? { amountCents: r.amountCents, title: r.title } : null
}

/**
 * Records the store order placed with an "Order it" fund against its group gift (decision 030, h13): one
 * UPDATE by the redemption's unique item id, after checkout placed the order, written once. It holds only
 * for the family member who pressed "Order it" and placed the order, and an order that carries the item's
 * product; anything else changes nothing (false).
 */
export async function linkGroupGiftOrder(ctx: CashFundsContext, itemId: number, orderId: string, userId: number): Promise<boolean> {
  const { db } = ctx
  if (!Number.isSafeInteger(itemId) || itemId <= 0 || !isUuid(orderId)) return false
  const linked = await db.execute(sql`
    update group_gift_redemptions r set order_id = ${orderId}::uuid
    where r.reg_item_id = ${itemId} and r.use = 'order' and r.order_id is null and r.redeemed_by = ${userId}
      and exists (
        select 1 from ${orders} o join ${orderLines} l on l.order_id = o.id join reg_items i on i.id = r.reg_item_id
        where o.id = ${orderId}::uuid and o.user_id = ${userId} and l.product_id = i.product_id)`)
  return (linked.rowCount ?? 0) > 0
}

/** The registry's group gift redemptions by item (the family's gift tracker). */
export async function redemptionsOf(ctx: CashFundsContext, registryId: number, userId: number): Promise<RedemptionView[]> {
  const { db, managed, redemptionView } = ctx
  await managed(registryId, userId)
  return (await db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.registryId, registryId)).orderBy(desc(groupGiftRedemptions.createdAt))).map(redemptionView)
}
