/**
 * The one-by-one path's order transaction (place-order.server.ts): the order, its lines and boxes, registry
 * gifts marked purchased, tenders taken, the cart emptied and the stock taken, all or nothing.
 */
import { inArray, type SQL, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { guestTokenHash } from '../../cart/cart.service.server'
import type { TenderPlan } from '../../giftcards/giftcards.service.server'
import { asOneStatement } from '../../payments/payments.service.server'
import type { PostalAddress } from '../../registry/registry.schema'
import { assignShipments } from '../../shipping/shipment-assignment.server'
import { MissingStockRows, optionWords, type OrdersContext } from '../orders-context.server'
import { orderLines, orders, productStock } from '../orders.schema'
import type { OrderViewer } from '../orders.types'
import { orderMessages } from '../orders.validation'
import type { Placeable } from './price-order.server'

/** One transaction: the order, its lines and shipments, stock taken, registry gifts marked purchased. */
export async function insertOrder(
  ctx: OrdersContext,
  viewer: OrderViewer,
  key: string,
  fingerprint: string,
  { email, name, giftMessage, thankYouAddress }: { email: string; name: string; giftMessage: string; thankYouAddress?: PostalAddress },
  p: Placeable,
  paymentId: string | null,
  plan: TenderPlan,
  /** The cart lines the order takes (null: the whole cart; none for quick buy and reserved gifts). */
  cartLineIds: number[] | null,
) {
  const { db, clock, giftCards } = ctx
  return db.transaction(async (tx) => {
    if (p.singleUseDiscount && viewer.userId) {
      // The one-time registry discount (docs/decisions/020, amendment h15): price() read that no other order of
      // this buyer took it, but two checkouts can both read that. Here the buyer's discounted orders are
      // serialised by a transaction lock, and the check is made again after the lock is held (a new snapshot:
      // an order committed by the twin that held it first is seen). The loser rolls back; its card hold is released.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registry-discount:${viewer.userId}`}))`)
      const taken = await tx.execute<{ used: boolean }>(sql`
        select exists (
          select 1 from orders
          where user_id = ${viewer.userId} and discount_cents > 0 and status <> 'cancelled' and idempotency_key <> ${key}
        ) as used`)
      if (taken.rows[0]?.used === true) throw new DomainError('conflict', orderMessages.registryDiscountTaken)
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId: viewer.userId ?? null,
        email,
        buyerName: name,
        idempotencyKey: key,
        fingerprint,
        // Paid in full by gift cards and credit (taken in this transaction): paid once committed.
        status: paymentId ? 'placed' : 'paid',
        shippingAddress: p.address,
        registryId: p.registryId,
        taxState: p.address.state,
        giftMessage: p.registryId ? giftMessage : '',
        subtotalCents: p.subtotalCents,
        shippingCents: p.shippingCents,
        discountCents: p.discountCents,
        taxCents: p.taxCents,
        totalCents: p.totalCents,
        paymentId,
        createdAt: clock(),
        updatedAt: clock(),
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning()
    if (!order) return null // a parallel twin with this key committed first
    // Gift card and store credit: taken here, so a rolled-back order spends nothing and two orders cannot spend one balance.
    if (giftCards) await giftCards.takeTenders(tx, { id: order.id, userId: order.userId }, plan)

    // Registry gifts: bought on Nestlist, so purchased at once (never more than the item still needs).
    const reservationOf = new Map<number, string>()
    const thankYou = p.registryId && thankYouAddress ? JSON.stringify(thankYouAddress) : null
    const gifts = p.lines.filter((l) => l.regItemId).sort((a, b) => a.regItemId! - b.regItemId!)
    for (const g of gifts) {
      if (g.reservationId) {
        // Reserved earlier by this buyer: that reservation turns purchased (not a second one).
        const moved = await tx.execute<{ quantity: number }>(sql`
          update reservations set status = 'purchased', source = 'nestlist_order', purchased_at = ${clock().toISOString()}::timestamptz,
            gift_message = case when ${giftMessage} <> '' then ${giftMessage} else gift_message end,
            thank_you_address = coalesce(${thankYou}::jsonb, thank_you_address)
          where id = ${g.reservationId}::uuid and status = 'reserved' and quantity = ${g.quantity}
          returning quantity`)
        if (moved.rows.length === 0) throw new DomainError('conflict', orderMessages.reservationGone)
        await tx.execute(sql`
          update reg_items set quantity_reserved = quantity_reserved - ${g.quantity}, quantity_purchased = quantity_purchased + ${g.quantity}
          where id = ${g.regItemId}`)
        reservationOf.set(g.regItemId!, g.reservationId)
        continue
      }
      const moved = await tx.execute(sql`
        update reg_items set quantity_purchased = quantity_purchased + ${g.quantity}
        where id = ${g.regItemId} and removed_at is null and quantity_needed - quantity_reserved - quantity_purchased >= ${g.quantity}
        returning id`)
      if (moved.rows.length === 0) throw new DomainError('conflict', orderMessages.giftNotNeeded)
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into reservations (reg_item_id, registry_id, quantity, status, source, giver_name, giver_email, giver_user_id, gift_message, thank_you_address, created_at, purchased_at)
        values (${g.regItemId}, ${g.registryId}, ${g.quantity}, 'purchased', 'nestlist_order', ${name}, ${email}, ${viewer.userId ?? null}, ${giftMessage}, ${thankYou}::jsonb,
                ${clock().toISOString()}::timestamptz, ${clock().toISOString()}::timestamptz)
        returning id`)
      reservationOf.set(g.regItemId!, inserted.rows[0]!.id)
    }

    // Own items: a box per warehouse; registry gifts: the family's consolidated box (docs/decisions/024).
    const boxes = await assignShipments(tx, order, p.lines.map((l) => ({ warehouseId: l.warehouseId, registryId: l.registryId })), clock())
    const assignedShipments = boxes.shipments
    await tx.insert(orderLines).values(
      p.lines.map((l, i) => ({
        orderId: order.id,
        productId: l.productId,
        title: l.title,
        options: l.options,
        optionKey: l.optionKey,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        discountCents: l.discountCents,
        registryId: l.registryId,
        regItemId: l.regItemId,
        reservationId: l.regItemId ? (reservationOf.get(l.regItemId) ?? null) : null,
        warehouseId: l.warehouseId,
        giftCard: l.giftCard,
        shipmentId: boxes.shipmentIds[i]!,
      })),
    )

    // The cart empties with the order, in one statement (as the group commit does).
    const clears = cartLineIds === null ? cartClears([viewer]) : cartLineIds.length > 0 ? [sql`delete from cart_items where id = any(${sql.param(cartLineIds)}::bigint[])`] : []
    if (clears.length > 0) await tx.execute(asOneStatement(clears))

    // Stock last, so the hot rows stay locked only for one statement and the commit: every row needed is
    // locked in (product, option) order (concurrent orders cannot deadlock), then taken only where enough is
    // left. Fewer rows back than needed: something is sold out, and the whole order rolls back.
    const needs = new Map<string, { productId: number; optionKey: string; quantity: number; title: string }>()
    // Electronic gift cards have no stock.
    for (const l of p.lines.filter((x) => !x.giftCard)) {
      const k = `${l.productId}\u0000${l.optionKey}`
      const title = optionWords(l.options) ? `${l.title} (${optionWords(l.options)})` : l.title
      const had = needs.get(k)
      needs.set(k, { productId: l.productId, optionKey: l.optionKey, quantity: (had?.quantity ?? 0) + l.quantity, title })
    }
    const wanted = [...needs.values()]
    const taken = await tx.execute<{ product_id: number; option_key: string }>(sql`
      with want as (
        select * from jsonb_to_recordset(${JSON.stringify(wanted.map((w) => ({ product_id: w.productId, option_key: w.optionKey, quantity: w.quantity })))}::jsonb)
          as w(product_id int, option_key text, quantity int)
      ), locked as (
        select ps.product_id, ps.option_key from product_stock ps join want w using (product_id, option_key)
        order by ps.product_id, ps.option_key for update of ps
      )
      update product_stock ps set quantity = ps.quantity - w.quantity
      from want w join locked l using (product_id, option_key)
      where ps.product_id = w.product_id and ps.option_key = w.option_key and ps.quantity >= w.quantity
      returning ps.product_id, ps.option_key`)
    if (taken.rows.length !== wanted.length) {
      const got = new Set(taken.rows.map((r) => `${Number(r.product_id)}\u0000${r.option_key}`))
      const short = wanted.filter((w) => !got.has(`${w.productId}\u0000${w.optionKey}`))
      const ids = [...new Set(short.map((w) => w.productId))]
      // A product with no stock rows yet (added after the seed), or rows another checkout created after this
      // statement began: set up and try again. Otherwise it is sold out.
      const now = await tx.select().from(productStock).where(inArray(productStock.productId, ids))
      const retry = short.some((w) => {
        const row = now.find((r) => r.productId === w.productId && r.optionKey === w.optionKey)
        return !now.some((r) => r.productId === w.productId) || (row !== undefined && row.quantity >= w.quantity)
      })
      if (retry) throw new MissingStockRows(ids)
      throw new DomainError('conflict', orderMessages.soldOut(short[0]!.title))
    }
    // order_lines.product_id is not a foreign key (docs/decisions/025, h18): a line with stock is guarded by its
    // stock row, locked above (a product's delete removes its stock rows, so it waits for this commit or this
    // order finds no row). Lines without stock (electronic gift cards) lock their product as the key's check did.
    const unstocked = [...new Set(p.lines.filter((x) => x.giftCard).map((x) => x.productId))]
    if (unstocked.length > 0) {
      const found = await tx.execute(sql`select id from products where id = any(${sql.param(unstocked)}::int[]) for key share`)
      if (found.rows.length !== unstocked.length) throw new DomainError('conflict', orderMessages.unavailable)
    }
    return { ...order, assignedShipments }
  })
}

/** The statements that empty these viewers' carts (run in the order's transaction). */
function cartClears(viewers: OrderViewer[]): SQL[] {
  const userIds = viewers.flatMap((v) => (v.userId ? [v.userId] : []))
  const hashes = viewers.flatMap((v) => (!v.userId && v.guestToken ? [guestTokenHash(v.guestToken)] : []))
  const clears: SQL[] = []
  if (userIds.length > 0) clears.push(sql`delete from cart_items where cart_id = any(array(select id from carts where user_id = any(${sql.param(userIds)}::bigint[])))`)
  if (hashes.length > 0) clears.push(sql`delete from cart_items where cart_id = any(array(select id from carts where guest_token_hash = any(${sql.param(hashes)}::text[])))`)
  return clears
}
