/** Use case: a family makes a registry item a group gift, or an ordinary item again. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { regItems } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { cashFundContributions } from '../cash-funds.schema'
import { groupGiftMessages as gm } from '../cash-funds.strings'
import type { GroupGiftView } from '../cash-funds.types'

/**
 * Marks a registry item as a group gift (owner or collaborator; anyone else 404). Any item with a price;
 * not one guests already reserved or bought (409): the check and the change are one statement.
 */
export async function markGroupGift(ctx: CashFundsContext, registryId: number, itemId: number, userId: number): Promise<GroupGiftView> {
  const { db, managed, groupGiftsProgress, groupGiftView } = ctx
  await managed(registryId, userId)
  const [item] = Number.isSafeInteger(itemId) && itemId > 0 ? await db.select().from(regItems).where(and(eq(regItems.id, itemId), eq(regItems.registryId, registryId), isNull(regItems.removedAt))) : []
  if (!item) throw new DomainError('not_found', gm.itemNotFound)
  if (item.priceCents <= 0) throw new DomainError('conflict', gm.noPrice)
  if (!item.groupGift) {
    const [marked] = await db
      .update(regItems)
      .set({ groupGift: true })
      .where(and(eq(regItems.id, item.id), eq(regItems.quantityReserved, 0), eq(regItems.quantityPurchased, 0)))
      .returning()
    if (!marked) throw new DomainError('conflict', gm.alreadyGiven)
    return groupGiftView(marked, (await groupGiftsProgress([marked]))[0]!)
  }
  return groupGiftView(item, (await groupGiftsProgress([item]))[0]!)
}

/**
 * Makes a group gift an ordinary item again, while nobody has chipped in (held or charged): otherwise 409,
 * it stays a group gift. The item's row is locked first, so a chip-in being recorded finishes before the count.
 */
export async function unmarkGroupGift(ctx: CashFundsContext, registryId: number, itemId: number, userId: number): Promise<void> {
  const { db, managed } = ctx
  await managed(registryId, userId)
  await db.transaction(async (tx) => {
    const locked = Number.isSafeInteger(itemId) && itemId > 0 ? await tx.execute<{ id: number }>(sql`select id from reg_items where id = ${itemId} and registry_id = ${registryId} for update`) : { rows: [] }
    if (!locked.rows[0]) throw new DomainError('not_found', gm.itemNotFound)
    const [n] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(cashFundContributions)
      .where(and(eq(cashFundContributions.regItemId, itemId), ne(cashFundContributions.status, 'cancelled')))
    if ((n?.count ?? 0) > 0) throw new DomainError('conflict', gm.hasChipIns(n!.count))
    await tx.update(regItems).set({ groupGift: false, groupGiftGoalCents: null }).where(eq(regItems.id, itemId))
  })
}
