/** The lines a checkout takes: the cart's (all or one scope), gifts reserved earlier, or a quick-buy product. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { cartMessages } from '../../cart/cart.service.server'
import { products } from '../../catalog/catalog.schema'
import { pdpPath } from '../../catalog/product-path'
import { lineBrandTitle, lineProductColumns } from '../../catalog/line-product-columns.server'
import { regItems, registries, reservations } from '../../registry/registry.schema'
import { type OrdersContext, pickOptions, type SourceLine } from '../orders-context.server'
import type { OrderViewer } from '../orders.types'
import type { CheckoutScope } from '../orders.validation'
import { buyNowLine } from './buy-now.server'

/** Gifts the buyer reserved earlier, still reserved, from the shop (reservation checkout). */
export async function reservationLines(ctx: OrdersContext, ids: string[]): Promise<SourceLine[]> {
  const { db } = ctx
  const rows = await db
    .select({
      reservation: { id: reservations.id, quantity: reservations.quantity, registryId: reservations.registryId, regItemId: reservations.regItemId },
      options: regItems.options,
      product: { ...lineProductColumns, stock: products.stock },
      brand: lineBrandTitle,
      familyName: registries.familyName,
      shippingAddress: registries.shippingAddress,
    })
    .from(reservations)
    .innerJoin(regItems, eq(regItems.id, reservations.regItemId))
    .innerJoin(products, eq(products.id, regItems.productId))
    .innerJoin(registries, eq(registries.id, reservations.registryId))
    .where(and(inArray(reservations.id, ids), eq(reservations.status, 'reserved'), sql`${regItems.removedAt} is null`))
    .orderBy(asc(reservations.createdAt))
  return rows.map(({ reservation: r, options, product, brand, familyName, shippingAddress }) => {
    const unit = product.salePriceCents ?? product.priceCents
    const unavailable = !product.available || product.stock <= 0 ? cartMessages.soldOut : product.stock < r.quantity ? `Only ${product.stock} left in stock.` : null
    return {
      id: 0,
      cartLineId: null,
      reservationId: r.id,
      productId: product.id,
      title: product.name,
      brand,
      imageUrl: product.imageUrl,
      href: pdpPath({ slug: product.slug, genericProductId: product.id }),
      options: pickOptions(options),
      quantity: r.quantity,
      unitPriceCents: unit,
      lineTotalCents: unit * r.quantity,
      isGiftCard: product.productType === 'gift_card',
      unavailable,
      gift: { registryId: r.registryId, regItemId: r.regItemId, familyName, shipsTo: shippingAddress ? `${shippingAddress.city}, ${shippingAddress.state}` : null },
      giftCard: null,
    }
  })
}

/** The lines an order of this scope checks out (docs/decisions/022). */
export async function linesFor(ctx: OrdersContext, viewer: OrderViewer, scope: CheckoutScope | undefined): Promise<SourceLine[]> {
  const { cart } = ctx
  if (scope && typeof scope === 'object' && 'reservationIds' in scope) return reservationLines(ctx, scope.reservationIds)
  if (scope && typeof scope === 'object' && 'buyNow' in scope) return buyNowLine(ctx, scope.buyNow)
  const view = await cart.view(viewer)
  return view.lines
    .filter((l) => (scope === undefined ? true : scope === 'store' ? !l.gift : 'registryId' in scope && l.gift?.registryId === scope.registryId))
    .map(
      // Every field named (not `{ ...l }`): the spread was the costliest line of a checkout's own code in the server's profile (docs/decisions/025, h17).
      (l): SourceLine => ({
        id: l.id,
        productId: l.productId,
        title: l.title,
        brand: l.brand,
        imageUrl: l.imageUrl,
        href: l.href,
        options: l.options,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        isGiftCard: l.isGiftCard,
        unavailable: l.unavailable,
        gift: l.gift,
        giftCard: l.giftCard,
        cartLineId: l.id,
        reservationId: null,
      }),
    )
}
