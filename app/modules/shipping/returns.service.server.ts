import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import type { Logger } from '~/lib/logger.server'
import { parseInput } from '~/lib/parse-input'
import type { EmailSender } from '../email/email.types'
import type { Tx } from '../giftcards/giftcards.service.server'
import type { PaymentsService } from '../payments/payments.service.server'
import { cancelledUnitsOf, tendersLeftOf } from './order-refunds.server'
import { refundFor, splitRefund } from './refund-math'
import { refundWords } from './refund-words'
import { purchaseReturnInput, RETURN_WINDOW_MONTHS, returnReasonLabel, shippingMessages, UUID_PATTERN } from './shipping.validation'

/** One line of a buyer's order, with what can still be returned of it. */
export type ReturnableLine = {
  id: number
  title: string
  options: { size?: string; color?: string }
  quantity: number
  unitPriceCents: number
  returned: number
  /** Units cancelled before they shipped (docs/decisions/024, h13): never shipped, so never returnable. */
  cancelled: number
  /** Units that can still be returned now (0 when returned, not returnable or past the window). */
  returnable: number
  /** Why it cannot be returned, when it cannot. */
  notReturnableReason: string | null
  /** The last day to return it (UTC, inclusive). */
  returnBy: string
  /** On its way or delivered: only shipped items can be returned (docs/decisions/024, h12). */
  shipped: boolean
  delivered: boolean
}

export type ReturnableOrder = {
  id: string
  createdAt: string
  totalCents: number
  lines: ReturnableLine[]
  canReturn: boolean
  /** Some units not returned yet are still waiting to ship (they can be returned once they do). */
  awaitingShipment: boolean
  returns: PurchaseReturnView[]
}

export type PurchaseReturnView = {
  id: string
  orderId: string
  status: 'pending' | 'refunded' | 'failed'
  reason: string
  reasonLabel: string
  note: string
  itemsCents: number
  taxCents: number
  shippingCents: number
  refundCents: number
  /** What went back to the card the order was paid with (null: no card paid for it). */
  card: { brand: string; last4: string; cents: number } | null
  /** What went back as Nestlist store credit (the part gift cards or store credit paid). */
  creditCents: number
  createdAt: string
  refundedAt: string | null
  lines: { orderLineId: number; title: string; options: { size?: string; color?: string }; quantity: number; refundCents: number }[]
}

export type PurchaseReturnsDeps = {
  db: Db
  payments: PaymentsService
  /** Store credit for the part of a refund that gift cards or store credit paid (the gift cards service). */
  credit: { grantCreditIn(tx: Tx, userId: number, amountCents: number, reason: 'refund', refs: { orderId?: string; note?: string }): Promise<void> }
  email: EmailSender
  clock?: () => Date
  logger?: Pick<Logger, 'warn'>
}

type OrderSql = { id: string; user_id: number; status: string; created_at: Date; total_cents: number; tax_cents: number; shipping_cents: number; payment_id: string | null; email: string; buyer_name: string }
type LineSql = {
  id: number
  order_id: string
  product_id: number | null
  option_key: string
  title: string
  options: { size?: string; color?: string }
  quantity: number
  unit_price_cents: number
  line_total_cents: number
  discount_cents: number
  registry_id: number | null
  is_gift_card: boolean
  delivered_at: Date | null
  /** The status of the box the line travels in (null only for a gift taken out of its box). */
  shipment_status: string | null
  returned: number
  cancelled: number
}

/** The same day `months` later (the month's last day when it has no such day), as YYYY-MM-DD. */
export function addMonths(d: Date, months: number): string {
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth() + months
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last))).toISOString().slice(0, 10)
}

/**
 * Purchase returns: a signed-in buyer returns items from their own paid order within the returns window
 * (RETURN_WINDOW_MONTHS from delivery, or from the order date until delivered); the refund goes to the card
 * the order was paid with, once per idempotency key, and the stock goes back on sale.
 */
export function createPurchaseReturnsService({ db, payments, credit, email, clock = () => new Date(), logger }: PurchaseReturnsDeps) {
  async function ordersOf(userId: number, orderId?: string): Promise<{ orders: OrderSql[]; lines: LineSql[] }> {
    const orders = (
      await db.execute<OrderSql>(sql`
        select id, user_id, status, created_at, total_cents, tax_cents, shipping_cents, payment_id, email, buyer_name from orders
        where user_id = ${userId} and status <> 'cancelled' ${orderId ? sql`and id = ${orderId}::uuid` : sql``}
        order by created_at desc limit 50`)
    ).rows
    if (orders.length === 0) return { orders, lines: [] }
    const lines = (
      await db.execute<LineSql>(sql`
        select l.id, l.order_id, l.product_id, l.option_key, l.title, l.options, l.quantity, l.unit_price_cents, l.line_total_cents, l.discount_cents, l.registry_id,
               coalesce(p.product_type = 'gift_card', false) as is_gift_card, s.delivered_at, s.status as shipment_status,
               coalesce((select sum(rl.quantity) from purchase_return_lines rl join purchase_returns pr on pr.id = rl.return_id
                         where rl.order_line_id = l.id and pr.status <> 'failed'), 0)::int as returned,
               ${cancelledUnitsOf} as cancelled
        from order_lines l
        left join products p on p.id = l.product_id
        left join shipments s on s.id = l.shipment_id
        where l.order_id = any(${`{${orders.map((o) => o.id).join(',')}}`}::uuid[])
        order by l.id`)
    ).rows
    return { orders, lines }
  }

  const isShipped = (l: LineSql) => l.shipment_status === 'shipped' || l.shipment_status === 'delivered'
  /** Some units of the order's own purchases (not gift cards or registry gifts) still wait to ship. */
  const awaitingShipment = (lines: ReturnableLine[]) => lines.some((l) => l.notReturnableReason === shippingMessages.notShippedYet)

  function returnableLine(order: OrderSql, l: LineSql): ReturnableLine {
    const returnBy = addMonths(new Date(l.delivered_at ?? order.created_at), RETURN_WINDOW_MONTHS)
    const today = clock().toISOString().slice(0, 10)
    const reason = l.is_gift_card
      ? 'Gift cards cannot be returned.'
      : l.registry_id !== null
        ? 'A registry gift belongs to the family you gave it to.'
        : order.status !== 'paid'
          ? 'Not charged yet.'
          : l.cancelled >= l.quantity
            ? shippingMessages.cancelled
            : l.returned + l.cancelled >= l.quantity
            ? 'Returned.'
            : !isShipped(l)
              ? shippingMessages.notShippedYet
              : today > returnBy
                ? 'The return window has closed.'
                : null
    return {
      id: l.id,
      title: l.title,
      options: l.options,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      returned: l.returned,
      cancelled: l.cancelled,
      returnable: reason ? 0 : l.quantity - l.returned - l.cancelled,
      notReturnableReason: reason,
      returnBy,
      shipped: isShipped(l),
      delivered: l.delivered_at !== null,
    }
  }

  async function returnsOf(where: ReturnType<typeof sql>): Promise<PurchaseReturnView[]> {
    const rows = (
      await db.execute<{
        id: string
        order_id: string
        status: PurchaseReturnView['status']
        reason: string
        note: string
        items_cents: number
        tax_cents: number
        shipping_cents: number
        refund_cents: number
        credit_cents: number
        card_brand: string | null
        card_last4: string | null
        created_at: Date
        refunded_at: Date | null
      }>(sql`
        select pr.id, pr.order_id, pr.status, pr.reason, pr.note, pr.items_cents, pr.tax_cents, pr.shipping_cents, pr.refund_cents, pr.credit_cents,
               p.card_brand, p.card_last4, pr.created_at, pr.refunded_at
        from purchase_returns pr left join payments p on p.id = pr.payment_id
        where ${where} order by pr.created_at desc limit 100`)
    ).rows
    if (rows.length === 0) return []
    const lines = (
      await db.execute<{ return_id: string; order_line_id: number; title: string; options: { size?: string; color?: string }; quantity: number; items_cents: number; tax_cents: number }>(sql`
        select rl.return_id, rl.order_line_id, l.title, l.options, rl.quantity, rl.items_cents, rl.tax_cents
        from purchase_return_lines rl join order_lines l on l.id = rl.order_line_id
        where rl.return_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[]) order by rl.id`)
    ).rows
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      status: r.status,
      reason: r.reason,
      reasonLabel: returnReasonLabel(r.reason),
      note: r.note,
      itemsCents: r.items_cents,
      taxCents: r.tax_cents,
      shippingCents: r.shipping_cents,
      refundCents: r.refund_cents,
      card: r.card_brand !== null && r.refund_cents > r.credit_cents ? { brand: r.card_brand, last4: r.card_last4 ?? '', cents: r.refund_cents - r.credit_cents } : null,
      creditCents: r.credit_cents,
      createdAt: new Date(r.created_at).toISOString(),
      refundedAt: r.refunded_at ? new Date(r.refunded_at).toISOString() : null,
      lines: lines
        .filter((l) => l.return_id === r.id)
        .map((l) => ({ orderLineId: l.order_line_id, title: l.title, options: l.options, quantity: l.quantity, refundCents: l.items_cents + l.tax_cents })),
    }))
  }

  async function byKey(key: string) {
    const [row] = (await db.execute<{ id: string; user_id: number; order_id: string; status: string }>(sql`select id, user_id, order_id, status from purchase_returns where idempotency_key = ${key}`)).rows
    return row
  }

  async function oneReturn(id: string) {
    const [view] = await returnsOf(sql`pr.id = ${id}::uuid`)
    return view!
  }

  const sameRequest = (view: PurchaseReturnView, data: { orderId: string; lines: { orderLineId: number; quantity: number }[] }) => {
    const want = new Map<number, number>()
    for (const l of data.lines) want.set(l.orderLineId, (want.get(l.orderLineId) ?? 0) + l.quantity)
    return view.orderId === data.orderId && view.lines.length === want.size && view.lines.every((l) => want.get(l.orderLineId) === l.quantity)
  }

  const service = {
    /** The buyer's orders (newest first, at most 50) with what can still be returned of each line. */
    async returnableOrders(userId: number): Promise<ReturnableOrder[]> {
      const { orders, lines } = await ordersOf(userId)
      const returns = orders.length ? await returnsOf(sql`pr.user_id = ${userId}`) : []
      return orders.map((o) => {
        const its = lines.filter((l) => l.order_id === o.id).map((l) => returnableLine(o, l))
        return {
          id: o.id,
          createdAt: new Date(o.created_at).toISOString(),
          totalCents: o.total_cents,
          lines: its,
          canReturn: its.some((l) => l.returnable > 0),
          awaitingShipment: awaitingShipment(its),
          returns: returns.filter((r) => r.orderId === o.id),
        }
      })
    },

    /** One of the buyer's orders for the return form; not_found for anyone else's. */
    async returnableOrder(orderId: string, userId: number): Promise<ReturnableOrder> {
      if (!UUID_PATTERN.test(orderId)) throw new DomainError('not_found', shippingMessages.orderNotFound)
      const { orders, lines } = await ordersOf(userId, orderId)
      const o = orders[0]
      if (!o) throw new DomainError('not_found', shippingMessages.orderNotFound)
      const its = lines.map((l) => returnableLine(o, l))
      return { id: o.id, createdAt: new Date(o.created_at).toISOString(), totalCents: o.total_cents, lines: its, canReturn: its.some((l) => l.returnable > 0), awaitingShipment: awaitingShipment(its), returns: await returnsOf(sql`pr.order_id = ${o.id}::uuid`) }
    },

    /** The buyer's returns, newest first. */
    async list(userId: number): Promise<PurchaseReturnView[]> {
      return returnsOf(sql`pr.user_id = ${userId}`)
    },

    /** One of the buyer's returns; not_found for anyone else's. */
    async get(returnId: string, userId: number): Promise<PurchaseReturnView> {
      if (!UUID_PATTERN.test(returnId)) throw new DomainError('not_found', 'We could not find that return.')
      const [view] = await returnsOf(sql`pr.id = ${returnId}::uuid and pr.user_id = ${userId}`)
      if (!view) throw new DomainError('not_found', 'We could not find that return.')
      return view
    },

    /**
     * Returns lines of the buyer's own paid order and refunds them to its card. The same idempotency key
     * returns the same return (one refund, however often it is sent); with other items it is refused (422).
     * 404 for another person's order; 409 for an item that has not shipped yet; 422 past the window or for
     * more than is left to return.
     */
    async create(userId: number, input: unknown, options: { origin?: string } = {}): Promise<PurchaseReturnView> {
      const data = parseInput(purchaseReturnInput, input)
      const existing = await byKey(data.idempotencyKey)
      if (existing) {
        const view = existing.user_id === userId ? await oneReturn(existing.id) : null
        if (!view || !sameRequest(view, data)) throw new DomainError('invalid_input', shippingMessages.keyReused, { fields: { idempotencyKey: [shippingMessages.keyReused] } })
        // A resubmitted form whose first refund was interrupted finishes it (under the same refund key: once).
        if (view.status === 'pending') {
          await finish(view.id, options)
          return oneReturn(view.id)
        }
        return view
      }

      const created = await db.transaction(async (tx) => {
        // The order row's lock makes returns of one order take turns, so two can never return the same unit.
        const [order] = (
          await tx.execute<OrderSql>(sql`
            select id, user_id, status, created_at, total_cents, tax_cents, shipping_cents, payment_id, email, buyer_name
            from orders where id = ${data.orderId}::uuid and user_id = ${userId} for update`)
        ).rows
        if (!order) throw new DomainError('not_found', shippingMessages.orderNotFound)
        if (order.status !== 'paid') throw new DomainError('conflict', shippingMessages.notPaid)
        // A parallel submission with this key that got the lock first.
        const twin = (await tx.execute<{ id: string; user_id: number }>(sql`select id, user_id from purchase_returns where idempotency_key = ${data.idempotencyKey}`)).rows[0]
        if (twin) return { twin: twin.id }

        const { lines } = await ordersOf(userId, order.id)
        const wanted = new Map<number, number>()
        for (const l of data.lines) wanted.set(l.orderLineId, (wanted.get(l.orderLineId) ?? 0) + l.quantity)
        const today = clock().toISOString().slice(0, 10)
        for (const [lineId, qty] of wanted) {
          const line = lines.find((l) => l.id === lineId)
          if (!line || line.is_gift_card || line.registry_id !== null) throw new DomainError('invalid_input', shippingMessages.lineNotReturnable, { fields: { lines: [shippingMessages.lineNotReturnable] } })
          if (today > addMonths(new Date(line.delivered_at ?? order.created_at), RETURN_WINDOW_MONTHS)) {
            throw new DomainError('invalid_input', shippingMessages.windowClosed(RETURN_WINDOW_MONTHS), { fields: { lines: [shippingMessages.windowClosed(RETURN_WINDOW_MONTHS)] } })
          }
          // Nothing can come back before it has left the warehouse (409: it may ship any moment; try again then).
          if (!isShipped(line) && qty > 0) {
            const message = shippingMessages.notShipped(line.title)
            throw new DomainError('conflict', message, { fields: { [`line.${lineId}`]: [message], lines: [message] } })
          }
          const left = line.quantity - line.returned - line.cancelled
          if (qty > left) {
            const message = shippingMessages.tooMany(line.title, left)
            throw new DomainError('invalid_input', message, { fields: { [`line.${lineId}`]: [message], lines: [message] } })
          }
        }
        const counted = lines.filter((l) => !l.is_gift_card && l.registry_id === null)
        const refund = refundFor(
          { taxCents: order.tax_cents, shippingCents: order.shipping_cents },
          counted.map((l) => ({
            id: l.id,
            quantity: l.quantity,
            lineTotalCents: l.line_total_cents,
            discountCents: l.discount_cents,
            taxable: true,
            returnedBefore: l.returned + l.cancelled,
            returningNow: wanted.get(l.id) ?? 0,
          })),
        )
        if (refund.refundCents <= 0) throw new DomainError('invalid_input', shippingMessages.chooseLines, { fields: { lines: [shippingMessages.chooseLines] } })
        // The card gets back what it paid (less what earlier returns and cancellations took, confirmed or not);
        // the rest, paid by a gift card or store credit, comes back as store credit (splitRefund, as cancellations).
        const left = await tendersLeftOf(tx, { id: order.id, paymentId: order.payment_id })
        const creditCents = refund.refundCents - splitRefund(refund.refundCents, left).cardCents
        const [row] = (
          await tx.execute<{ id: string }>(sql`
            insert into purchase_returns (order_id, user_id, idempotency_key, reason, note, status, items_cents, tax_cents, shipping_cents, refund_cents, credit_cents, payment_id, created_at)
            values (${order.id}::uuid, ${userId}, ${data.idempotencyKey}, ${data.reason}, ${data.note}, 'pending', ${refund.itemsCents}, ${refund.taxCents},
                    ${refund.shippingCents}, ${refund.refundCents}, ${creditCents}, ${order.payment_id}::uuid, ${clock().toISOString()}::timestamptz)
            returning id`)
        ).rows
        await tx.execute(sql`
          insert into purchase_return_lines (return_id, order_line_id, quantity, items_cents, tax_cents)
          select ${row!.id}::uuid, x.id, x.quantity, x.items_cents, x.tax_cents
          from jsonb_to_recordset(${JSON.stringify(refund.lines.map((l) => ({ id: l.id, quantity: l.quantity, items_cents: l.itemsCents, tax_cents: l.taxCents })))}::jsonb)
            as x(id bigint, quantity int, items_cents int, tax_cents int)`)
        return { id: row!.id, order, cardCents: refund.refundCents - creditCents, creditCents }
      })
      if ('twin' in created) {
        const view = await oneReturn(created.twin!)
        if (!sameRequest(view, data) || (await byKey(data.idempotencyKey))?.user_id !== userId) {
          throw new DomainError('invalid_input', shippingMessages.keyReused, { fields: { idempotencyKey: [shippingMessages.keyReused] } })
        }
        return view
      }

      // The refund goes out after the return is recorded (never a refund without its record).
      await finish(created.id, options)
      return oneReturn(created.id)
    },

    /**
     * Finishes returns a crash or an unreachable processor left pending for longer than `olderThanMs` (run at
     * start and every minute, as orders' reconcile is): each refund is asked again under its own key, so it is
     * made exactly once.
     */
    async reconcile(olderThanMs = 60_000): Promise<{ refunded: number; failed: number; pending: number }> {
      const since = new Date(clock().getTime() - olderThanMs).toISOString()
      const ids = (await db.execute<{ id: string }>(sql`select id from purchase_returns where status = 'pending' and created_at <= ${since}::timestamptz order by created_at limit 100`)).rows
      const counts = { refunded: 0, failed: 0, pending: 0 }
      for (const { id } of ids) {
        try {
          counts[await finish(id)]++
        } catch (error) {
          if (!isDomainError(error)) throw error
          counts.failed++
        }
      }
      return counts
    },
  }

  /** The key a return's card refund is asked with: one per return, so every retry asks for the same refund. */
  const refundKey = (returnId: string) => `purchase-return:${returnId}`

  /**
   * Refunds a pending return and completes it, exactly once however often it runs (a double submit, reconcile):
   * the card refund goes out under the return's key (payments.refundOnce), then one transaction flips the return
   * from pending to refunded and, only when it did, gives the store credit part and puts the stock back. A
   * refusal marks the return failed (409); no answer from the processor leaves it pending for the next pass.
   */
  async function finish(returnId: string, options: { origin?: string } = {}): Promise<'refunded' | 'failed' | 'pending'> {
    const [r] = (
      await db.execute<{ id: string; user_id: number; order_id: string; payment_id: string | null; refund_cents: number; credit_cents: number; status: string; email: string }>(sql`
        select pr.id, pr.user_id, pr.order_id, pr.payment_id, pr.refund_cents, pr.credit_cents, pr.status, o.email
        from purchase_returns pr join orders o on o.id = pr.order_id where pr.id = ${returnId}::uuid`)
    ).rows
    if (!r) throw new DomainError('not_found', 'We could not find that return.')
    if (r.status !== 'pending') return r.status === 'failed' ? 'failed' : 'refunded'
    const cardCents = r.refund_cents - r.credit_cents
    if (cardCents > 0) {
      try {
        const refunded = await payments.refundOnce(r.payment_id!, cardCents, refundKey(r.id))
        if (refunded.status === 'pending') {
          logger?.warn({ returnId: r.id }, 'purchase return refund not confirmed yet; reconcile will ask again')
          return 'pending'
        }
      } catch (error) {
        if (!isDomainError(error)) throw error
        await db.execute(sql`update purchase_returns set status = 'failed' where id = ${r.id}::uuid and status = 'pending'`)
        logger?.warn({ err: error, returnId: r.id }, 'purchase return refund refused')
        throw new DomainError('conflict', shippingMessages.refundFailed)
      }
    }
    // Refunded: the credit part, the items back on sale (per option) and the return's status, together and once.
    const done = await db.transaction(async (tx) => {
      const flipped = await tx.execute(sql`update purchase_returns set status = 'refunded', refunded_at = ${clock().toISOString()}::timestamptz where id = ${r.id}::uuid and status = 'pending' returning id`)
      if (flipped.rows.length === 0) return false
      if (r.credit_cents > 0) await credit.grantCreditIn(tx, r.user_id, r.credit_cents, 'refund', { orderId: r.order_id, note: 'Return of items paid with a gift card or store credit' })
      await tx.execute(sql`
        update product_stock ps set quantity = ps.quantity + x.quantity
        from (select l.product_id, l.option_key, sum(rl.quantity)::int as quantity
              from purchase_return_lines rl join order_lines l on l.id = rl.order_line_id
              where rl.return_id = ${r.id}::uuid and l.product_id is not null group by 1, 2) x
        where ps.product_id = x.product_id and ps.option_key = x.option_key`)
      return true
    })
    if (done) {
      const view = await oneReturn(r.id)
      const link = options.origin ? `${options.origin.replace(/\/$/, '')}/returns/purchase?order=${r.order_id}` : null
      await email
        .send({
          to: r.email,
          userId: r.user_id,
          template: 'notice',
          data: {
            category: 'orders',
            subject: `Your refund of ${formatCents(view.refundCents)} is on its way`,
            heading: 'We received your return',
            paragraphs: [
              `We refunded ${refundWords(view)} for:`,
              ...view.lines.map((l) => `${l.quantity} × ${l.title}: ${formatCents(l.refundCents)}`),
              ...(view.shippingCents > 0 ? [`Shipping: ${formatCents(view.shippingCents)}`] : []),
              'Refunds usually appear on your statement within 5 to 10 business days.',
            ],
            ...(link ? { action: { label: 'See your return', url: link } } : {}),
          },
        })
        .catch((err: unknown) => logger?.warn({ err, returnId: r.id }, 'refund receipt email failed'))
    }
    return 'refunded'
  }
  return service
}

export type PurchaseReturnsService = ReturnType<typeof createPurchaseReturnsService>
