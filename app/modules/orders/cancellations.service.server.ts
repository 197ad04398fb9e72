import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { formatCents } from '~/lib/money'
import { parseInput } from '~/lib/parse-input'
import type { EmailSender } from '../email/email.types'
import type { GiftCardsService, Tx } from '../giftcards/giftcards.service.server'
import type { PaymentsService } from '../payments/payments.service.server'
import { cancelledUnitsOf, tendersLeftOf } from '../shipping/order-refunds.server'
import { refundFor, splitRefund } from '../shipping/refund-math'
import { refundWords } from '../shipping/refund-words'
import { UUID_PATTERN } from '../shipping/shipping.validation'
import { cancellationInput, cancellationMessages as m } from './cancellations.validation'

/** A line of the buyer's order with what can still be cancelled of it. */
export type CancellableLine = {
  id: number
  title: string
  options: { size?: string; color?: string }
  quantity: number
  lineTotalCents: number
  warehouseId: number
  cancelled: number
  /** Units that can be cancelled now: not shipped, not cancelled or returned (0 for gift cards and shipped lines). */
  cancellable: number
  /** The status of the box the line travels in (null once every unit of it is out of its box). */
  shipmentStatus: string | null
}

export type CancellationView = {
  id: string
  orderId: string
  /** pending: the card refund is not confirmed yet; refunded: done; credited: the card refused, so its part went to store credit. */
  status: 'pending' | 'refunded' | 'credited'
  itemsCents: number
  taxCents: number
  shippingCents: number
  refundCents: number
  /** What goes back to the order's card (null when the card paid none of it, or refused it: see creditCents). */
  card: { brand: string; last4: string; cents: number } | null
  /** What went back onto the order's gift card. */
  giftCard: { last4: string; cents: number } | null
  /** What went back as Nestlist store credit. */
  creditCents: number
  createdAt: string
  refundedAt: string | null
  lines: { orderLineId: number; title: string; options: { size?: string; color?: string }; quantity: number; refundCents: number }[]
}

export type OrderCancellations = { orderId: string; canCancel: boolean; lines: CancellableLine[]; cancellations: CancellationView[] }

export type OrderCancellationsDeps = {
  db: Db
  payments: Pick<PaymentsService, 'refundOnce'>
  giftCards: Pick<GiftCardsService, 'refundTendersIn' | 'grantCreditIn'>
  email: EmailSender
  clock?: () => Date
  logger?: Pick<Logger, 'warn'>
}

type OrderSql = { id: string; user_id: number; status: string; email: string; tax_cents: number; shipping_cents: number; payment_id: string | null }
type LineSql = {
  id: number
  warehouse_id: number
  title: string
  options: { size?: string; color?: string }
  quantity: number
  line_total_cents: number
  discount_cents: number
  product_id: number | null
  option_key: string
  reg_item_id: number | null
  reservation_id: string | null
  shipment_id: number | null
  shipment_status: string | null
  is_gift_card: boolean
  cancelled: number
  /** Returned by the buyer, or by the family for store credit (a registry gift): gone from the order either way. */
  returned: number
}

const UNSHIPPED = new Set(['held', 'processing'])
/** Units of a line still on their way to being shipped to the buyer or the family. */
const unitsLeft = (l: LineSql) => l.quantity - l.cancelled - l.returned
/** The key the card refund of a cancellation is asked with: every retry asks for the same refund. */
const refundKey = (id: string) => `order-cancellation:${id}`

/**
 * Cancel items (docs/decisions/024, h13): the signed-in buyer cancels lines of their own paid order (or part of
 * a line's quantity) while the box they travel in has not shipped. One transaction, under the order row's lock
 * and the boxes' locks (so a staff member marking the box shipped waits, then finds it changed): the cancellation
 * and its lines, the stock back per option, the lines out of their box (an emptied box is cancelled), a registry
 * gift's purchase un-marked, the gift card and store credit parts given back and, when nothing is left, the order
 * cancelled. The card part is refunded after commit, once per cancellation (payments.refundOnce).
 */
export function createOrderCancellationsService({ db, payments, giftCards, email, clock = () => new Date(), logger }: OrderCancellationsDeps) {
  async function linesOf(exec: Db | Tx, orderId: string): Promise<LineSql[]> {
    return (
      await exec.execute<LineSql>(sql`
        select l.id, l.warehouse_id, l.title, l.options, l.quantity, l.line_total_cents, l.discount_cents, l.product_id, l.option_key, l.reg_item_id, l.reservation_id, l.shipment_id,
               s.status as shipment_status,
               (l.gift_card is not null or coalesce(p.product_type = 'gift_card', false)) as is_gift_card,
               ${cancelledUnitsOf} as cancelled,
               (coalesce((select sum(rl.quantity) from purchase_return_lines rl join purchase_returns pr on pr.id = rl.return_id
                          where rl.order_line_id = l.id and pr.status <> 'failed'), 0)
                + coalesce((select sum(g.quantity) from gift_returns g where g.order_line_id = l.id), 0))::int as returned
        from order_lines l
        left join products p on p.id = l.product_id
        left join shipments s on s.id = l.shipment_id
        where l.order_id = ${orderId}::uuid
        order by l.id`)
    ).rows
  }

  const cancellableOf = (order: { status: string }, l: LineSql) =>
    order.status === 'paid' && !l.is_gift_card && l.shipment_status !== null && UNSHIPPED.has(l.shipment_status) ? Math.max(0, unitsLeft(l)) : 0

  async function viewsOf(where: ReturnType<typeof sql>): Promise<CancellationView[]> {
    const rows = (
      await db.execute<{
        id: string
        order_id: string
        status: CancellationView['status']
        items_cents: number
        tax_cents: number
        shipping_cents: number
        refund_cents: number
        card_cents: number
        gift_card_cents: number
        credit_cents: number
        card_brand: string | null
        card_last4: string | null
        gift_card_last4: string | null
        created_at: Date
        refunded_at: Date | null
      }>(sql`
        select c.id, c.order_id, c.status, c.items_cents, c.tax_cents, c.shipping_cents, c.refund_cents, c.card_cents, c.gift_card_cents, c.credit_cents,
               p.card_brand, p.card_last4, c.created_at, c.refunded_at,
               (select t.gift_card_last4 from order_tenders t where t.order_id = c.order_id and t.kind = 'gift_card' order by t.id limit 1) as gift_card_last4
        from order_cancellations c left join payments p on p.id = c.payment_id
        where ${where} order by c.created_at desc limit 100`)
    ).rows
    if (rows.length === 0) return []
    const lines = (
      await db.execute<{ cancellation_id: string; order_line_id: number; title: string; options: { size?: string; color?: string }; quantity: number; items_cents: number; tax_cents: number }>(sql`
        select cl.cancellation_id, cl.order_line_id, l.title, l.options, cl.quantity, cl.items_cents, cl.tax_cents
        from order_cancellation_lines cl join order_lines l on l.id = cl.order_line_id
        where cl.cancellation_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[]) order by cl.id`)
    ).rows
    return rows.map((r) => {
      // A refused card refund went to store credit (status credited): say so where the money is.
      const cardToCredit = r.status === 'credited' ? r.card_cents : 0
      return {
        id: r.id,
        orderId: r.order_id,
        status: r.status,
        itemsCents: r.items_cents,
        taxCents: r.tax_cents,
        shippingCents: r.shipping_cents,
        refundCents: r.refund_cents,
        card: r.card_cents > 0 && r.status !== 'credited' ? { brand: r.card_brand ?? 'card', last4: r.card_last4 ?? '', cents: r.card_cents } : null,
        giftCard: r.gift_card_cents > 0 ? { last4: r.gift_card_last4 ?? '', cents: r.gift_card_cents } : null,
        creditCents: r.credit_cents + cardToCredit,
        createdAt: new Date(r.created_at).toISOString(),
        refundedAt: r.refunded_at ? new Date(r.refunded_at).toISOString() : null,
        lines: lines
          .filter((l) => l.cancellation_id === r.id)
          .map((l) => ({ orderLineId: l.order_line_id, title: l.title, options: l.options, quantity: l.quantity, refundCents: l.items_cents + l.tax_cents })),
      }
    })
  }

  async function oneView(id: string) {
    const [view] = await viewsOf(sql`c.id = ${id}::uuid`)
    return view!
  }

  async function byKey(key: string) {
    return (await db.execute<{ id: string; user_id: number; order_id: string }>(sql`select id, user_id, order_id from order_cancellations where idempotency_key = ${key}`)).rows[0]
  }

  const wantedOf = (lines: { orderLineId: number; quantity: number }[]) => {
    const want = new Map<number, number>()
    for (const l of lines) want.set(l.orderLineId, (want.get(l.orderLineId) ?? 0) + l.quantity)
    return want
  }
  const sameRequest = (view: CancellationView, orderId: string, want: Map<number, number>) =>
    view.orderId === orderId && view.lines.length === want.size && view.lines.every((l) => want.get(l.orderLineId) === l.quantity)

  /** The same key sent again: the same cancellation (finishing its refund if it was interrupted), or 422 for other items. */
  async function repeat(existing: { id: string; user_id: number }, userId: number, orderId: string, want: Map<number, number>, origin?: string) {
    const view = existing.user_id === userId ? await oneView(existing.id) : null
    if (!view || !sameRequest(view, orderId, want)) throw new DomainError('invalid_input', m.keyReused, { fields: { idempotencyKey: [m.keyReused] } })
    if (view.status === 'pending') {
      await finish(view.id, origin)
      return oneView(view.id)
    }
    return view
  }

  /** The buyer's receipt: what was cancelled and where the money went. Sent once, by whoever completed the cancellation. */
  async function sendReceipt(id: string, to: { email: string; userId: number }, origin?: string) {
    const view = await oneView(id)
    const link = origin ? `${origin.replace(/\/$/, '')}/orders/${view.orderId}` : null
    await email
      .send({
        to: to.email,
        userId: to.userId,
        template: 'notice',
        data: {
          category: 'orders',
          subject: m.emailSubject(view.refundCents),
          heading: m.emailHeading,
          paragraphs: [
            `Order #${view.orderId.slice(0, 8).toUpperCase()}. These items will not ship:`,
            ...view.lines.map((l) => `${l.quantity} × ${l.title}: ${formatCents(l.refundCents)}`),
            ...(view.shippingCents > 0 ? [`Shipping: ${formatCents(view.shippingCents)}`] : []),
            ...(view.refundCents > 0 ? [`We refunded ${formatCents(view.refundCents)}: ${refundWords(view)}.`, 'Card refunds usually show on your statement within 5 to 10 business days.'] : []),
          ],
          ...(link ? { action: { label: 'See your order', url: link } } : {}),
        },
      })
      .catch((err: unknown) => logger?.warn({ err, cancellationId: id }, 'cancellation email failed'))
  }

  /**
   * Refunds a pending cancellation's card part and completes it, exactly once however often it runs (a retried
   * cancel, reconcile): the processor is asked under the cancellation's key; a confirmation flips it to refunded,
   * a refusal gives the card part as store credit instead (the items are cancelled either way), no answer leaves
   * it pending for the next pass.
   */
  async function finish(id: string, origin?: string): Promise<'refunded' | 'credited' | 'pending'> {
    const [c] = (
      await db.execute<{ id: string; user_id: number; order_id: string; payment_id: string | null; card_cents: number; status: string; email: string }>(sql`
        select c.id, c.user_id, c.order_id, c.payment_id, c.card_cents, c.status, o.email
        from order_cancellations c join orders o on o.id = c.order_id where c.id = ${id}::uuid`)
    ).rows
    if (!c) throw new DomainError('not_found', m.orderNotFound)
    if (c.status !== 'pending') return c.status as 'refunded' | 'credited'
    let outcome: 'refunded' | 'credited' = 'refunded'
    try {
      const refunded = await payments.refundOnce(c.payment_id!, c.card_cents, refundKey(c.id))
      if (refunded.status === 'pending') {
        logger?.warn({ cancellationId: c.id }, 'cancellation refund not confirmed yet; reconcile will ask again')
        return 'pending'
      }
    } catch (error) {
      if (!isDomainError(error)) throw error
      logger?.warn({ err: error, cancellationId: c.id }, 'cancellation card refund refused; giving it as store credit')
      outcome = 'credited'
    }
    const flipped = await db.transaction(async (tx) => {
      const done = await tx.execute(sql`
        update order_cancellations set status = ${outcome}, refunded_at = ${clock().toISOString()}::timestamptz
        where id = ${c.id}::uuid and status = 'pending' returning id`)
      if (done.rows.length === 0) return false
      if (outcome === 'credited') await giftCards.grantCreditIn(tx, c.user_id, c.card_cents, 'refund', { orderId: c.order_id, note: 'Cancelled items: the card could not take the refund' })
      return true
    })
    if (flipped) await sendReceipt(c.id, { email: c.email, userId: c.user_id }, origin)
    return outcome
  }

  const service = {
    /** The buyer's own order's lines with what can be cancelled, and its cancellations; null for anyone else. */
    async forOrder(orderId: string, userId: number): Promise<OrderCancellations | null> {
      if (!UUID_PATTERN.test(orderId)) return null
      const [order] = (await db.execute<{ id: string; status: string }>(sql`select id, status from orders where id = ${orderId}::uuid and user_id = ${userId}`)).rows
      if (!order) return null
      const [lines, cancellations] = await Promise.all([linesOf(db, order.id), viewsOf(sql`c.order_id = ${order.id}::uuid`)])
      const its = lines.map((l) => ({
        id: l.id,
        title: l.title,
        options: l.options,
        quantity: l.quantity,
        lineTotalCents: l.line_total_cents,
        warehouseId: l.warehouse_id,
        cancelled: l.cancelled,
        cancellable: cancellableOf(order, l),
        shipmentStatus: l.shipment_status,
      }))
      return { orderId: order.id, canCancel: its.some((l) => l.cancellable > 0), lines: its, cancellations }
    },

    /** One of the buyer's cancellations; not_found for anyone else's. */
    async get(id: string, userId: number): Promise<CancellationView> {
      if (!UUID_PATTERN.test(id)) throw new DomainError('not_found', m.orderNotFound)
      const [view] = await viewsOf(sql`c.id = ${id}::uuid and c.user_id = ${userId}`)
      if (!view) throw new DomainError('not_found', m.orderNotFound)
      return view
    },

    /**
     * Cancels units of lines of the buyer's own paid order that have not shipped. The same idempotency key gives the
     * same cancellation (one refund, however often it is sent); with other items 422. 404 for another person's order;
     * 409 for a line already shipped, an order not charged yet or already cancelled; 422 for more than is left.
     */
    async create(userId: number, orderId: string, input: unknown, options: { origin?: string } = {}): Promise<CancellationView> {
      if (!UUID_PATTERN.test(orderId)) throw new DomainError('not_found', m.orderNotFound)
      const data = parseInput(cancellationInput, input)
      const want = wantedOf(data.lines)
      const existing = await byKey(data.idempotencyKey)
      if (existing) return repeat(existing, userId, orderId, want, options.origin)

      const made = await db.transaction(async (tx) => {
        // The order row's lock makes cancellations and returns of one order take turns.
        const [order] = (
          await tx.execute<OrderSql>(sql`
            select id, user_id, status, email, tax_cents, shipping_cents, payment_id from orders
            where id = ${orderId}::uuid and user_id = ${userId} for update`)
        ).rows
        if (!order) throw new DomainError('not_found', m.orderNotFound)
        // A parallel submission with this key that got the lock first.
        const twin = (await tx.execute<{ id: string; user_id: number }>(sql`select id, user_id from order_cancellations where idempotency_key = ${data.idempotencyKey}`)).rows[0]
        if (twin) return { twin }
        if (order.status === 'cancelled') throw new DomainError('conflict', m.orderCancelled)
        if (order.status !== 'paid') throw new DomainError('conflict', m.notCharged)

        // The boxes' locks: staff marking one shipped waits for this transaction, then finds it changed (or
        // this one waits for theirs and sees it shipped).
        const unlocked = await linesOf(tx, order.id)
        const boxIds = [...new Set(unlocked.filter((l) => want.has(l.id) && l.shipment_id !== null).map((l) => l.shipment_id!))].sort((a, b) => a - b)
        if (boxIds.length > 0) await tx.execute(sql`select id from shipments where id = any(${`{${boxIds.join(',')}}`}::bigint[]) order by id for update`)
        const lines = boxIds.length > 0 ? await linesOf(tx, order.id) : unlocked

        for (const [lineId, qty] of want) {
          const line = lines.find((l) => l.id === lineId)
          const field = (message: string) => ({ fields: { [`line.${lineId}`]: [message], lines: [message] } })
          if (!line) throw new DomainError('invalid_input', m.lineNotFound, field(m.lineNotFound))
          if (line.is_gift_card) throw new DomainError('invalid_input', m.giftCard, field(m.giftCard))
          const left = Math.max(0, unitsLeft(line))
          if (left > 0 && (line.shipment_status === null || !UNSHIPPED.has(line.shipment_status))) {
            throw new DomainError('conflict', m.alreadyShipped(line.title), field(m.alreadyShipped(line.title)))
          }
          if (qty > left) throw new DomainError('invalid_input', m.tooMany(line.title, left), field(m.tooMany(line.title, left)))
        }

        // What the units are worth: their share of the line after its discount share, of the order's tax, and the
        // shipping only when nothing of the order is left (the same math as returns; no new shipping is charged
        // when what is left falls under the free-shipping threshold).
        const counted = lines.filter((l) => !l.is_gift_card)
        const refund = refundFor(
          { taxCents: order.tax_cents, shippingCents: order.shipping_cents },
          counted.map((l) => ({
            id: l.id,
            quantity: l.quantity,
            lineTotalCents: l.line_total_cents,
            discountCents: l.discount_cents,
            taxable: true,
            returnedBefore: l.cancelled + l.returned,
            returningNow: want.get(l.id) ?? 0,
          })),
        )
        const left = await tendersLeftOf(tx, { id: order.id, paymentId: order.payment_id })
        const split = splitRefund(refund.refundCents, left)
        const back = await giftCards.refundTendersIn(
          tx,
          { id: order.id, userId },
          { giftCardId: left.giftCardId, giftCardCents: split.giftCardCents, creditCents: split.creditCents },
          'Cancelled items',
        )
        const now = clock().toISOString()
        const cardCents = order.payment_id ? split.cardCents : 0
        const creditCents = back.creditCents + (split.cardCents - cardCents)
        const [row] = (
          await tx.execute<{ id: string }>(sql`
            insert into order_cancellations (order_id, user_id, idempotency_key, status, items_cents, tax_cents, shipping_cents, refund_cents,
                                             card_cents, gift_card_cents, credit_cents, gift_card_id, payment_id, created_at, refunded_at)
            values (${order.id}::uuid, ${userId}, ${data.idempotencyKey}, ${cardCents > 0 ? 'pending' : 'refunded'}, ${refund.itemsCents}, ${refund.taxCents},
                    ${refund.shippingCents}, ${refund.refundCents}, ${cardCents}, ${back.giftCardCents}, ${creditCents},
                    ${back.giftCardCents > 0 ? left.giftCardId : null}::uuid, ${order.payment_id}::uuid, ${now}::timestamptz,
                    ${cardCents > 0 ? null : now}::timestamptz)
            returning id`)
        ).rows
        const cancelled = [...want].map(([lineId, quantity]) => {
          const l = refund.lines.find((x) => x.id === lineId)!
          return { id: lineId, quantity, items_cents: l.itemsCents, tax_cents: l.taxCents }
        })
        await tx.execute(sql`
          insert into order_cancellation_lines (cancellation_id, order_line_id, quantity, items_cents, tax_cents)
          select ${row!.id}::uuid, x.id, x.quantity, x.items_cents, x.tax_cents
          from jsonb_to_recordset(${JSON.stringify(cancelled)}::jsonb) as x(id bigint, quantity int, items_cents int, tax_cents int)`)

        // The stock for each product option goes back on sale.
        const restock = lines.filter((l) => want.has(l.id) && l.product_id !== null).map((l) => ({ product_id: l.product_id, option_key: l.option_key, quantity: want.get(l.id)! }))
        if (restock.length > 0) {
          await tx.execute(sql`
            update product_stock ps set quantity = ps.quantity + x.quantity
            from (select product_id, option_key, sum(quantity)::int as quantity
                  from jsonb_to_recordset(${JSON.stringify(restock)}::jsonb) as r(product_id int, option_key text, quantity int) group by 1, 2) x
            where ps.product_id = x.product_id and ps.option_key = x.option_key`)
        }

        // A registry gift: the family's registry shows it as still needed (the purchase is un-marked, the giver's
        // reservation shrinks or is cancelled).
        for (const l of lines.filter((x) => want.has(x.id) && x.reg_item_id !== null)) {
          const k = want.get(l.id)!
          await tx.execute(sql`update reg_items set quantity_purchased = greatest(quantity_purchased - ${k}, 0) where id = ${l.reg_item_id}`)
          if (l.reservation_id) {
            await tx.execute(sql`
              update reservations set
                status = case when quantity <= ${k} then 'cancelled' else status end,
                cancelled_at = case when quantity <= ${k} then ${now}::timestamptz else cancelled_at end,
                quantity = case when quantity <= ${k} then quantity else quantity - ${k} end
              where id = ${l.reservation_id}::uuid and status = 'purchased'`)
          }
        }

        // Lines with nothing left come out of their box; a box left empty is cancelled, so it never ships.
        const emptied = lines.filter((l) => want.has(l.id) && unitsLeft(l) - want.get(l.id)! <= 0 && l.shipment_id !== null).map((l) => l.id)
        if (emptied.length > 0) {
          await tx.execute(sql`update order_lines set shipment_id = null where id = any(${`{${emptied.join(',')}}`}::bigint[])`)
          await tx.execute(sql`
            update shipments s set status = 'cancelled', updated_at = ${now}::timestamptz
            where s.id = any(${`{${boxIds.join(',')}}`}::bigint[]) and s.status in ('held', 'processing')
              and not exists (select 1 from order_lines l where l.shipment_id = s.id)`)
        }

        // Everything in the order cancelled: the order is cancelled.
        const allCancelled = lines.every((l) => l.cancelled + (want.get(l.id) ?? 0) >= l.quantity)
        if (allCancelled) await tx.execute(sql`update orders set status = 'cancelled', updated_at = ${now}::timestamptz where id = ${order.id}::uuid`)
        return { id: row!.id, cardCents, email: order.email }
      })

      if ('twin' in made) return repeat(made.twin!, userId, orderId, want, options.origin)
      // The card refund goes out after the cancellation is recorded (never a refund without its record).
      if (made.cardCents > 0) await finish(made.id, options.origin)
      else await sendReceipt(made.id, { email: made.email, userId }, options.origin)
      return oneView(made.id)
    },

    /** Finishes cancellations whose card refund a crash or an unreachable processor left pending (run every minute). */
    async reconcile(olderThanMs = 60_000): Promise<{ refunded: number; credited: number; pending: number }> {
      const since = new Date(clock().getTime() - olderThanMs).toISOString()
      const ids = (await db.execute<{ id: string }>(sql`select id from order_cancellations where status = 'pending' and created_at <= ${since}::timestamptz order by created_at limit 100`)).rows
      const counts = { refunded: 0, credited: 0, pending: 0 }
      for (const { id } of ids) counts[await finish(id)]++
      return counts
    },
  }
  return service
}

export type OrderCancellationsService = ReturnType<typeof createOrderCancellationsService>
