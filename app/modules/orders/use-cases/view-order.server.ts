/**
 * Use case: a buyer viewing an order (the signed-in buyer, or the browser that placed it), its boxes, and the
 * view of an order just placed.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { isUuid } from '~/lib/uuid'
import type { TenderPlan } from '../../giftcards/giftcards.service.server'
import { payments } from '../../payments/payments.schema'
import { registries } from '../../registry/registry.schema'
import type { AssignedShipment } from '../../shipping/shipment-assignment.server'
import { orderShipmentSummaries } from '../../shipping/order-shipments.server'
import type { OrdersContext } from '../orders-context.server'
import { orderLines, orders, type OrderRow } from '../orders.schema'
import type { OrderView } from '../orders.types'
import { orderMessages } from '../orders.validation'
import type { Placeable } from './price-order.server'

export async function viewOf(ctx: OrdersContext, order: OrderRow): Promise<OrderView> {
  const { db, giftCards } = ctx
  const [lines, ships, [payment], [registry], tenders] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    orderShipmentSummaries(db, order.id),
    order.paymentId
      ? db.select({ cardBrand: payments.cardBrand, cardLast4: payments.cardLast4 }).from(payments).where(eq(payments.id, order.paymentId))
      : Promise.resolve([]),
    order.registryId ? db.select({ id: registries.id, familyName: registries.familyName }).from(registries).where(eq(registries.id, order.registryId)) : Promise.resolve([]),
    giftCards ? giftCards.tendersOf(order.id) : Promise.resolve([]),
  ])
  return {
    id: order.id,
    status: order.status,
    email: order.email,
    createdAt: order.createdAt.toISOString(),
    shipsTo: order.registryId
      ? { kind: 'registry', registryId: order.registryId, familyName: registry?.familyName ?? '', city: order.shippingAddress.city, state: order.shippingAddress.state }
      : { kind: 'buyer', address: order.shippingAddress },
    lines: lines.map((l) => ({
      productId: l.productId ?? null,
      title: l.title,
      options: l.options,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      discountCents: l.discountCents,
      warehouseId: l.warehouseId,
      regItemId: l.regItemId,
    })),
    shipments: ships.map((b) => ({ warehouseId: b.warehouseId, status: b.status, lineCount: b.lineCount })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    payment: { cardBrand: payment?.cardBrand ?? '', cardLast4: payment?.cardLast4 ?? '' },
    tenders,
    cardChargeCents: order.totalCents - tenders.reduce((n, t) => n + t.amountCents, 0),
    buyerName: order.buyerName,
    giftMessage: order.giftMessage,
  }
}

/** The buyer's view of an order just placed, from what placing it had in hand (no need to read it back). */
export function placedView(
  row: Pick<OrderRow, 'id' | 'status' | 'email' | 'createdAt' | 'buyerName' | 'giftMessage'>,
  priced: Placeable,
  payment: { cardBrand: string; cardLast4: string } | null,
  assigned?: AssignedShipment[],
  plan?: TenderPlan,
): OrderView {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    shipsTo: priced.registryId
      ? { kind: 'registry', registryId: priced.registryId, familyName: priced.familyName, city: priced.address.city, state: priced.address.state }
      : { kind: 'buyer', address: priced.address },
    lines: priced.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      options: l.options,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      discountCents: l.discountCents,
      warehouseId: l.warehouseId,
      regItemId: l.regItemId,
    })),
    // Shop orders (the group commit): one processing box per warehouse; the one-by-one path says what it assigned.
    shipments:
      assigned ??
      [...new Set(priced.lines.map((l) => l.warehouseId))]
        .sort((a, b) => a - b)
        .map((warehouseId) => ({ warehouseId, status: 'processing', lineCount: priced.lines.filter((l) => l.warehouseId === warehouseId).length })),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    payment: { cardBrand: payment?.cardBrand ?? '', cardLast4: payment?.cardLast4 ?? '' },
    tenders: [
      ...(plan?.giftCard && plan.giftCard.amountCents > 0
        ? [{ kind: 'gift_card' as const, amountCents: plan.giftCard.amountCents, last4: plan.giftCard.last4, label: `Gift card ••••${plan.giftCard.last4}` }]
        : []),
      ...(plan && plan.creditCents > 0 ? [{ kind: 'store_credit' as const, amountCents: plan.creditCents, last4: null, label: 'Store credit' }] : []),
    ],
    cardChargeCents: plan?.cardDueCents ?? priced.totalCents,
    buyerName: row.buyerName,
    giftMessage: row.giftMessage,
  }
}

/** One order for its buyer: the signed-in user who placed it (a guest's order is shown once, on placing). */
export async function forBuyer(ctx: OrdersContext, orderId: string, userId: number): Promise<OrderView> {
  const { db } = ctx
  if (!isUuid(orderId)) throw new DomainError('not_found', orderMessages.notFound)
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  if (!row) throw new DomainError('not_found', orderMessages.notFound)
  return viewOf(ctx, row)
}

/**
 * One order for whoever may see it: the signed-in buyer who placed it, or the browser that placed it (it
 * holds the checkout's random key in a short-lived cookie; docs/decisions/022). Anyone else: not found.
 */
export async function forViewer(ctx: OrdersContext, orderId: string, who: { userId?: number | null; checkoutKeys?: readonly string[] }): Promise<OrderView> {
  const { db } = ctx
  if (!isUuid(orderId)) throw new DomainError('not_found', orderMessages.notFound)
  const keys = (who.checkoutKeys ?? []).filter((k) => k.length >= 32 && k.length <= 80).slice(0, 10)
  const owner = [who.userId ? eq(orders.userId, who.userId) : undefined, keys.length ? inArray(orders.idempotencyKey, keys) : undefined].filter((c) => c !== undefined)
  if (owner.length === 0) throw new DomainError('not_found', orderMessages.notFound)
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), or(...owner)))
  if (!row) throw new DomainError('not_found', orderMessages.notFound)
  return viewOf(ctx, row)
}

/**
 * The order page's extras per box (by warehouse): its id for /shipments/{id} and, on the buyer's own boxes once
 * shipped, the tracking number (a gift's tracking shows where the family lives: it is theirs alone). Call it
 * only for an order the viewer may see (forViewer).
 */
export async function boxesOf(ctx: OrdersContext, order: Pick<OrderView, 'id' | 'shipsTo'>): Promise<{ warehouseId: number; shipmentId: number; tracking: { carrier: string; number: string } | null }[]> {
  const { db } = ctx
  const boxes = await orderShipmentSummaries(db, order.id)
  return boxes.map((b) => ({
    warehouseId: b.warehouseId,
    shipmentId: b.id,
    tracking: order.shipsTo.kind === 'buyer' && b.carrier && b.trackingNumber ? { carrier: b.carrier, number: b.trackingNumber } : null,
  }))
}
