/** Use case: staff receive a shipped gift return at the returns warehouse, crediting the family. */
import { and, eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { parseInput } from '~/lib/parse-input'
import { users } from '../../accounts/accounts.schema'
import { orderLines } from '../../orders/orders.schema'
import { normaliseReturnCode } from '../gift-card-codes.server'
import { type GiftCardsContext, giftReturnView, uuidPattern } from '../giftcards-context.server'
import { giftReturns } from '../giftcards.schema'
import type { GiftReturnView, StaffGiftReturnRow } from '../giftcards.types'
import { giftCardMessages, giftReturnReasons, giftReturnReceiveInput, type GiftReturnStatus } from '../giftcards.validation'

/**
 * Staff: gift returns on their way back (oldest first: they arrive first), or the latest received, with the
 * family, who asked, and the code on the box. `code` narrows to one return code.
 */
export async function staffGiftReturns(ctx: GiftCardsContext, filter: { status?: 'awaiting_return_shipment' | 'received'; code?: string } = {}): Promise<StaffGiftReturnRow[]> {
  const { db } = ctx
  const status = filter.status ?? 'awaiting_return_shipment'
  const code = filter.code?.trim() ? normaliseReturnCode(filter.code) : null
  const rows = await db.execute<{
    id: string
    return_code: string | null
    status: GiftReturnStatus
    title: string
    options: { size?: string; color?: string } | null
    product_id: number | null
    quantity: number
    reason: string
    credit_cents: number
    family_name: string
    first_name: string
    last_name: string
    email: string
    order_id: string
    created_at: string
    received_at: string | null
    received_by: string | null
    restocked_on_receipt: boolean | null
  }>(sql`
    select g.id, g.return_code, g.status, l.title, l.options, l.product_id, g.quantity, g.reason, g.credit_cents,
           r.family_name, u.first_name, u.last_name, u.email, l.order_id, g.created_at, g.received_at,
           s.email as received_by, g.restocked_on_receipt
    from gift_returns g
      join order_lines l on l.id = g.order_line_id
      join registries r on r.id = g.registry_id
      join users u on u.id = g.user_id
      left join users s on s.id = g.received_by_user_id
    where ${code ? sql`g.return_code = ${code}` : sql`g.status = ${status}`}
    order by ${status === 'received' && !code ? sql`g.received_at desc` : sql`g.created_at asc`}, g.id
    limit 100`)
  return rows.rows.map((r) => ({
    id: r.id,
    returnCode: r.return_code,
    status: r.status,
    title: r.title,
    options: r.options ?? {},
    productId: r.product_id === null ? null : Number(r.product_id),
    quantity: Number(r.quantity),
    reasonLabel: giftReturnReasons.find((x) => x.id === r.reason)?.label ?? r.reason,
    creditCents: Number(r.credit_cents),
    familyName: r.family_name,
    requester: { name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    orderId: r.order_id,
    createdAt: new Date(r.created_at).toISOString(),
    receivedAt: r.received_at ? new Date(r.received_at).toISOString() : null,
    receivedBy: r.received_by,
    restockedOnReceipt: r.restocked_on_receipt,
  }))
}

/**
 * Staff: a shipped gift arrived at the returns warehouse. One transaction moves the return from
 * awaiting_return_shipment to received (a conditional update, so a double submit or two staff members
 * credit once: the second gets conflict), gives the family member who asked for it the store credit (unless
 * it was given when the return was made, as before receiving existed), and puts the units back in stock
 * when staff say they can be sold again. Then the family member is emailed a receipt; the giver never is.
 */
export async function receiveGiftReturn(
  ctx: GiftCardsContext,
  staffUserId: number,
  id: string,
  input: unknown,
): Promise<{ giftReturn: GiftReturnView; creditedCents: number; restocked: boolean }> {
  const { db, email, clock, logger, onRestocked, link, balanceOf, moveCredit } = ctx
  const data = parseInput(giftReturnReceiveInput, input)
  const notFound = () => new DomainError('not_found', giftCardMessages.giftReturnNotFound)
  if (!uuidPattern.test(id)) throw notFound()
  const now = clock()
  const done = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(giftReturns)
      .set({ status: 'received', receivedAt: now, receivedByUserId: staffUserId, restockedOnReceipt: data.restock })
      .where(and(eq(giftReturns.id, id), eq(giftReturns.status, 'awaiting_return_shipment')))
      .returning()
    if (!moved) {
      const [row] = await tx.select({ status: giftReturns.status }).from(giftReturns).where(eq(giftReturns.id, id))
      if (!row) throw notFound()
      throw new DomainError('conflict', row.status === 'received' ? giftCardMessages.alreadyReceived : giftCardMessages.notAwaitingShipment)
    }
    const [line] = await tx
      .select({ title: orderLines.title, productId: orderLines.productId, optionKey: orderLines.optionKey })
      .from(orderLines)
      .where(eq(orderLines.id, moved.orderLineId))
    let creditedCents = 0
    if (moved.creditedAt === null) {
      if (moved.creditCents > 0) {
        await moveCredit(tx, moved.userId, moved.creditCents, 'gift_return', { giftReturnId: moved.id, note: `Gift returned: ${line!.title}` })
        creditedCents = moved.creditCents
      }
      await tx.update(giftReturns).set({ creditedAt: now }).where(eq(giftReturns.id, moved.id))
    }
    const restocked = data.restock && line!.productId !== null
    if (restocked) {
      await tx.execute(sql`
        insert into product_stock (product_id, option_key, quantity) values (${line!.productId}, ${line!.optionKey}, ${moved.quantity})
        on conflict (product_id, option_key) do update set quantity = product_stock.quantity + excluded.quantity`)
    }
    const balance = await balanceOf(moved.userId, tx)
    return { row: { ...moved, creditedAt: moved.creditedAt ?? now }, title: line!.title, productId: line!.productId, creditedCents, restocked, balance }
  })
  logger?.info({ giftReturnId: id, staffUserId, restocked: done.restocked, creditedCents: done.creditedCents }, 'gift return received')
  if (done.restocked && done.productId !== null && onRestocked) {
    // Shoppers waiting for this product hear it is back, as after a staff restock; the return stands either way.
    await onRestocked(done.productId).catch((error: unknown) => logger?.warn({ err: error, giftReturnId: id }, 'back-in-stock emails after a gift return failed'))
  }
  try {
    const [member] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, done.row.userId))
    if (member) {
      await email.send({
        to: member.email,
        userId: done.row.userId,
        template: 'notice',
        data: {
          category: 'orders',
          subject: `We received your returned gift: ${done.title}`,
          heading: 'Your returned gift arrived',
          firstName: member.firstName,
          paragraphs: [
            `We received ${done.row.quantity} × ${done.title} at our returns warehouse (return ${done.row.returnCode ?? ''}).`,
            done.creditedCents > 0
              ? `${formatCents(done.creditedCents)} of store credit was added to your Nestlist account. Your balance is now ${formatCents(done.balance)}, and it pays at checkout.`
              : `Its store credit was already added to your account when you made the return. Your balance is ${formatCents(done.balance)}.`,
            'The person who gave it is not told.',
          ],
          ...(link('/settings/gift-cards-and-promos') ? { action: { label: 'See your store credit', url: link('/settings/gift-cards-and-promos')! } } : {}),
        },
      })
    }
  } catch (error) {
    // The return is received and credited either way; a failed receipt is recorded by the email module.
    logger?.warn({ err: error, giftReturnId: id }, 'gift return receipt email failed')
  }
  return { giftReturn: giftReturnView(done.row, done.title), creditedCents: done.creditedCents, restocked: done.restocked }
}
