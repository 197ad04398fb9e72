/** Use case: a family looks at the gift returns made for its registries. */
import { desc, eq, inArray, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { orderLines } from '../../orders/orders.schema'
import { type GiftCardsContext, giftReturnView, uuidPattern } from '../giftcards-context.server'
import { giftReturns } from '../giftcards.schema'
import type { GiftReturnDetail, GiftReturnView } from '../giftcards.types'
import { giftCardMessages } from '../giftcards.validation'
import { RETURNS_WAREHOUSE } from '../returns-warehouse'

/** Gift returns made for the registries the user manages, newest first. */
export async function giftReturnsFor(ctx: GiftCardsContext, userId: number): Promise<GiftReturnView[]> {
  const { db, access } = ctx
  const managed = await access.managedBy(userId)
  if (managed.length === 0) return []
  const rows = await db
    .select({ r: giftReturns, title: orderLines.title })
    .from(giftReturns)
    .innerJoin(orderLines, eq(orderLines.id, giftReturns.orderLineId))
    .where(inArray(giftReturns.registryId, managed.map((m) => m.id)))
    .orderBy(desc(giftReturns.createdAt))
    .limit(100)
  return rows.map(({ r, title }) => giftReturnView(r, title))
}

/**
 * One gift return for the family (the registry's owner or a collaborator, as the list): its status, and for a
 * shipped gift the return code and the returns warehouse's address. Anyone else gets not_found.
 */
export async function giftReturnFor(ctx: GiftCardsContext, id: string, userId: number): Promise<GiftReturnDetail> {
  const { db, access } = ctx
  const notFound = () => new DomainError('not_found', giftCardMessages.giftReturnNotFound)
  if (!uuidPattern.test(id)) throw notFound()
  const [found] = await db
    .select({ r: giftReturns, title: orderLines.title, options: orderLines.options })
    .from(giftReturns)
    .innerJoin(orderLines, eq(orderLines.id, giftReturns.orderLineId))
    .where(eq(giftReturns.id, id))
  if (!found || !(await access.roleOf(found.r.registryId, userId))) throw notFound()
  const [registry] = await db.execute<{ title: string }>(sql`select title from registries where id = ${found.r.registryId}`).then((x) => x.rows)
  return {
    ...giftReturnView(found.r, found.title),
    registryTitle: registry?.title ?? '',
    options: (found.options as { size?: string; color?: string } | null) ?? {},
    returnAddress: found.r.returnCode ? RETURNS_WAREHOUSE : null,
  }
}
