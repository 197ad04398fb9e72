/** Use case: a family returns a registry gift for store credit. */
import { eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { orderLines, orders } from '../../orders/orders.schema'
import { generateReturnCode } from '../gift-card-codes.server'
import { addMonths, type GiftCardsContext, giftReturnView } from '../giftcards-context.server'
import { giftReturns } from '../giftcards.schema'
import type { GiftReturnView, ReturnableGift } from '../giftcards.types'
import { GIFT_RETURN_WINDOW_MONTHS, giftCardMessages, giftReturnInput } from '../giftcards.validation'

/** Gifts bought through Nestlist for the registries the user manages that can still be returned. */
export async function returnableGifts(ctx: GiftCardsContext, userId: number): Promise<ReturnableGift[]> {
  const { db, clock, access } = ctx
  const managed = await access.managedBy(userId)
  if (managed.length === 0) return []
  const since = addMonths(clock(), -GIFT_RETURN_WINDOW_MONTHS).toISOString()
  const rows = await db.execute<{
    id: number
    registry_id: number
    registry_title: string
    title: string
    options: { size?: string; color?: string }
    product_id: number | null
    quantity: number
    paid_cents: number
    returned: number
    created_at: string
  }>(sql`
    select l.id, l.registry_id, r.title as registry_title, l.title, l.options, l.product_id, l.quantity,
           l.line_total_cents - l.discount_cents as paid_cents, o.created_at,
           coalesce((select sum(g.quantity) from gift_returns g where g.order_line_id = l.id), 0)::int as returned
    from order_lines l join orders o on o.id = l.order_id join registries r on r.id = l.registry_id
    where l.registry_id in (${sql.join(managed.map((m) => sql`${m.id}`), sql`, `)})
      and o.status = 'paid' and o.created_at >= ${since}::timestamptz and l.gift_card is null
    order by o.created_at desc, l.id
    limit 200`)
  return rows.rows
    .filter((r) => Number(r.returned) < Number(r.quantity))
    .map((r) => {
      const boughtAt = new Date(r.created_at)
      return {
        orderLineId: Number(r.id),
        registryId: Number(r.registry_id),
        registryTitle: r.registry_title,
        title: r.title,
        options: r.options ?? {},
        productId: r.product_id === null ? null : Number(r.product_id),
        quantity: Number(r.quantity),
        returnedQuantity: Number(r.returned),
        creditPerUnitCents: Math.floor(Number(r.paid_cents) / Number(r.quantity)),
        boughtAt: boughtAt.toISOString(),
        returnBy: addMonths(boughtAt, GIFT_RETURN_WINDOW_MONTHS).toISOString(),
      }
    })
}

/**
 * Returns units of a registry gift for store credit to the user (the registry's owner or a collaborator).
 * The credit is what was paid for those units; the giver is not told. A gift that has not left the warehouse
 * goes straight back to stock and is credited at once; one that shipped gets a return code and is credited
 * when staff receive it (receiveGiftReturn). Anyone who may not manage the registry gets not_found, as for a
 * gift that does not exist.
 */
export async function returnGift(ctx: GiftCardsContext, userId: number, input: unknown): Promise<{ giftReturn: GiftReturnView; balanceCents: number }> {
  const { db, clock, access, balanceOf, moveCredit } = ctx
  const data = parseInput(giftReturnInput, input)
  const notFound = () => new DomainError('not_found', giftCardMessages.returnNotFound, { fields: { orderLineId: [giftCardMessages.returnNotFound] } })
  const [found] = await db
    .select({ line: orderLines, order: { status: orders.status, createdAt: orders.createdAt } })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, data.orderLineId))
  if (!found || !found.line.registryId || found.line.giftCard || !(await access.roleOf(found.line.registryId, userId))) throw notFound()
  if (found.order.status !== 'paid') throw new DomainError('conflict', giftCardMessages.returnNotPaid)
  if (addMonths(found.order.createdAt, GIFT_RETURN_WINDOW_MONTHS) < clock()) throw new DomainError('conflict', giftCardMessages.returnWindow)
  const line = found.line
  const registryId = line.registryId!
  const { row, balanceCents } = await db.transaction(async (tx) => {
    // The line's row lock serialises returns of one line, so the quantities can never add up past it.
    await tx.execute(sql`select id from order_lines where id = ${line.id} for update`)
    const [{ returned }] = (await tx.execute<{ returned: number }>(sql`select coalesce(sum(quantity), 0)::int as returned from gift_returns where order_line_id = ${line.id}`)).rows as [{ returned: number }]
    const left = line.quantity - Number(returned)
    if (data.quantity > left) throw new DomainError('conflict', giftCardMessages.returnTooMany(left), { fields: { quantity: [giftCardMessages.returnTooMany(left)] } })
    // Pro rata of what was paid, so several partial returns add up exactly to the line's price.
    const paid = line.lineTotalCents - line.discountCents
    const creditCents = Math.floor((paid * (Number(returned) + data.quantity)) / line.quantity) - Math.floor((paid * Number(returned)) / line.quantity)
    // The box the line travels in (a family's consolidated box is 'held' until they ask to ship it). Its row
    // lock makes a parallel 'Ship now' or staff status change wait for this return (or this return see it).
    const box =
      (
        await tx.execute<{ id: number; status: string }>(sql`
          select s.id, s.status from order_lines l join shipments s on s.id = l.shipment_id
          where l.id = ${line.id} for update of s`)
      ).rows[0] ??
      (
        await tx.execute<{ id: number; status: string }>(sql`
          select s.id, s.status from shipments s where s.order_id = ${line.orderId}::uuid and s.warehouse_id = ${line.warehouseId} limit 1`)
      ).rows[0]
    const inWarehouse = ['held', 'processing'].includes(box?.status ?? 'processing')
    if (inWarehouse && line.productId) {
      await tx.execute(sql`
        insert into product_stock (product_id, option_key, quantity) values (${line.productId}, ${line.optionKey}, ${data.quantity})
        on conflict (product_id, option_key) do update set quantity = product_stock.quantity + excluded.quantity`)
    }
    // A gift that has not left never ships: the box carries the line less its restocked returns (the shipment
    // views count it so); once every unit is returned the line leaves the box, and an emptied box is removed.
    if (inWarehouse && box && Number(returned) + data.quantity === line.quantity) {
      await tx.execute(sql`update order_lines set shipment_id = null where id = ${line.id} and shipment_id = ${box.id}`)
      await tx.execute(sql`
        delete from shipments s where s.id = ${box.id} and s.status in ('held', 'processing')
          and not exists (select 1 from order_lines l where l.shipment_id = s.id)`)
    }
    // A gift that never left is credited now; a shipped one when it arrives back (staff receive it with its
    // return code), as Babylist and Amazon do for items sent back.
    const now = clock()
    const [created] = await tx
      .insert(giftReturns)
      .values({
        orderLineId: line.id,
        registryId,
        userId,
        quantity: data.quantity,
        reason: data.reason,
        creditCents,
        status: inWarehouse ? 'restocked' : 'awaiting_return_shipment',
        returnCode: inWarehouse ? null : generateReturnCode(),
        creditedAt: inWarehouse ? now : null,
        createdAt: now,
      })
      .returning()
    if (inWarehouse && creditCents > 0) await moveCredit(tx, userId, creditCents, 'gift_return', { giftReturnId: created!.id, note: `Gift returned: ${line.title}` })
    return { row: created!, balanceCents: await balanceOf(userId, tx) }
  })
  return { giftReturn: giftReturnView(row, line.title), balanceCents }
}
