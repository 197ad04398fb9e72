import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type RegistryContext, registryMessages } from '../registry-context.server'
import { regItems, registries } from '../registry.schema'
import { updateItemInput } from '../registry.validation'

/** An owner editing items already on the registry: note, quantity, category and order, removing and restoring. */

/** The item (id, registry, title, store) when `userId` may manage it; otherwise not_found. */
export async function manageableItem(ctx: RegistryContext, itemId: number, userId: number) {
  if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', registryMessages.itemNotFound)
  const item = await ctx.managedItem(itemId, userId)
  return { id: item.id, registryId: item.registryId, title: item.title, storeName: item.storeName, productId: item.productId, externalUrl: item.externalUrl, priceCents: item.priceCents }
}

/**
 * Edits an item; `changed` says whether anything differed from what was saved. The quantity cannot go below
 * what guests already reserved or bought (the database check holds it too, whatever runs at the same moment).
 * An item moved to another category without a position goes to that category's end.
 */
export async function updateItem(ctx: RegistryContext, itemId: number, userId: number, input: unknown): Promise<{ changed: boolean }> {
  const item = await ctx.managedItem(itemId, userId)
  const data = parse(updateItemInput, input)
  let position = data.position
  if (data.categoryId !== undefined) {
    const cats = await ctx.categoriesOf(item.registryId)
    if (!cats.some((c) => c.id === data.categoryId)) {
      throw new DomainError('invalid_input', 'Choose one of your categories.', { fields: { categoryId: ['Choose one of your categories.'] } })
    }
    if (position === undefined && data.categoryId !== item.categoryId) {
      const [{ next } = { next: 0 }] = await ctx.db
        .select({ next: sql<number>`coalesce(max(${regItems.position}) + 1, 0)::int` })
        .from(regItems)
        .where(and(eq(regItems.registryId, item.registryId), eq(regItems.categoryId, data.categoryId)))
      position = next
    }
  }
  const set = {
    ...(data.note !== undefined ? { note: data.note } : {}),
    ...(data.mostWanted !== undefined ? { mostWanted: data.mostWanted } : {}),
    ...(data.categoryId !== undefined ? { categoryId: data.categoryId } : {}),
    ...(position !== undefined ? { position } : {}),
    ...(data.quantity !== undefined ? { quantityNeeded: data.quantity } : {}),
  }
  const changed = (Object.keys(set) as (keyof typeof set)[]).some((key) => set[key] !== item[key])
  if (!changed) return { changed: false }
  const update = (q: Pick<Db, 'update'>, extra: { groupGiftGoalCents?: null } = {}) =>
    q
      .update(regItems)
      .set({ ...set, ...extra })
      .where(
        data.quantity !== undefined
          ? and(eq(regItems.id, item.id), sql`${regItems.quantityReserved} + ${regItems.quantityPurchased} <= ${data.quantity}`)
          : eq(regItems.id, item.id),
      )
      .returning({ id: regItems.id })
  const updated =
    data.quantity !== undefined && data.quantity !== item.quantityNeeded && item.groupGift
      ? // A group gift's goal is fixed once a guest chips in (decision 030, h13): its quantity cannot change while
        // chip-ins are held or charged; before that the goal follows the new quantity. The item's row is locked
        // first (as recording a chip-in locks it), so the count cannot miss one being recorded.
        await ctx.db.transaction(async (tx) => {
          const locked = await tx.execute<{ group_gift: boolean; quantity_needed: number }>(sql`select group_gift, quantity_needed from reg_items where id = ${item.id} for update`)
          const row = locked.rows[0]
          if (!row?.group_gift) return update(tx)
          const active = await tx.execute<{ n: number }>(sql`select count(*)::int as n from cash_fund_contributions where reg_item_id = ${item.id} and status <> 'cancelled'`)
          if (Number(active.rows[0]?.n ?? 0) > 0) {
            const message = registryMessages.groupGiftQuantityFixed(Number(row.quantity_needed))
            throw new DomainError('conflict', message, { fields: { quantity: [message] } })
          }
          return update(tx, { groupGiftGoalCents: null })
        })
      : await update(ctx.db)
  if (updated.length === 0) {
    const [now] = await ctx.db.select().from(regItems).where(eq(regItems.id, item.id))
    const given = (now?.quantityReserved ?? 0) + (now?.quantityPurchased ?? 0)
    // While 'keep it a surprise' is on, the answer must not count what guests gave.
    const [reg] = await ctx.db.select().from(registries).where(eq(registries.id, item.registryId))
    const message = reg && ctx.surpriseActive(reg) ? registryMessages.quantityBelowGivenSurprise : registryMessages.quantityBelowGiven(given)
    throw new DomainError('conflict', message, { fields: { quantity: [message] } })
  }
  return { changed: true }
}

/** Removes an item from the guest view; its reservations stay, and the owner still sees them. */
export async function removeItem(ctx: RegistryContext, itemId: number, userId: number) {
  const item = await ctx.managedItem(itemId, userId)
  await ctx.db.update(regItems).set({ removedAt: ctx.clock() }).where(eq(regItems.id, item.id))
}

/** Puts a removed item back. */
export async function restoreItem(ctx: RegistryContext, itemId: number, userId: number) {
  const item = await ctx.managedItem(itemId, userId)
  await ctx.db.update(regItems).set({ removedAt: null }).where(eq(regItems.id, item.id))
}

/** Sets the order of items in a category (ids in the new order); ids from elsewhere are refused. */
export async function reorderItems(ctx: RegistryContext, registryId: number, userId: number, categoryId: number, itemIds: number[]) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const rows = await ctx.db
    .select({ id: regItems.id })
    .from(regItems)
    .where(and(eq(regItems.registryId, r.id), inArray(regItems.id, itemIds.length ? itemIds : [-1])))
  if (rows.length !== new Set(itemIds).size) throw new DomainError('not_found', registryMessages.itemNotFound)
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of itemIds.entries()) {
      await tx.update(regItems).set({ position, categoryId }).where(eq(regItems.id, id))
    }
  })
}
