/**
 * Use case: pricing an order: the checkout summary (quote) and the price placing an order charges, from the
 * same code (lines, registry discount, shipping, tax, tenders).
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { cartMessages, shippingFor } from '../../cart/cart.service.server'
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../../cart/cart.constants'
import { brands, categories, products } from '../../catalog/catalog.schema'
import { isUsStateCode } from '../../accounts/us-states'
import { discountForCart, type RegistryDiscount } from '../../discount/discount'
import type { OrderTender, TenderPlan } from '../../giftcards/giftcards.service.server'
import { type PostalAddress, registries } from '../../registry/registry.schema'
import { optionKeyOf, optionWords, type OrdersContext, type PricedLine, sha } from '../orders-context.server'
import type { OrderQuote, OrderViewer } from '../orders.types'
import { type CheckoutScope, orderMessages, quoteInput } from '../orders.validation'
import { DEFAULT_TAX_BASIS_POINTS, taxCentsFor, taxRateFor } from '../tax'
import { warehouseFor } from '../warehouses'
import { linesFor } from './checkout-lines.server'
import { registryDiscountUsed } from './registry-discount.server'

/** The cart priced for checkout: lines, discount shares, shipping, tax and where it ships. */
export async function price(
  ctx: OrdersContext,
  viewer: OrderViewer,
  { scope, shippingAddress, quoteState, idempotencyKey }: { scope?: CheckoutScope; shippingAddress?: PostalAddress; quoteState?: string | null; idempotencyKey?: string },
  quoting = false,
) {
  const { db, discount } = ctx
  const view = { lines: await linesFor(ctx, viewer, scope) }
  if (view.lines.length === 0) throw new DomainError('invalid_input', orderMessages.emptyCart, { reason: 'empty_cart' })
  const gone = quoting ? undefined : view.lines.find((l) => l.unavailable)
  if (gone) {
    // Stock ran out before this checkout reached the order's transaction: the same answer as when it runs out inside it.
    const soldOut = gone.unavailable === cartMessages.soldOut || /^Only \d+ left/.test(gone.unavailable ?? '')
    const title = optionWords(gone.options) ? `${gone.title} (${optionWords(gone.options)})` : gone.title
    throw new DomainError('conflict', soldOut ? orderMessages.soldOut(title) : orderMessages.unavailable)
  }
  const giftRegistries = new Set(view.lines.map((l) => l.gift?.registryId ?? null))
  if (giftRegistries.size > 1) throw new DomainError('invalid_input', orderMessages.mixedCart)
  const registryId = [...giftRegistries][0] ?? null

  let address: PostalAddress | null
  if (registryId) {
    const [r] = await db.select({ address: registries.shippingAddress }).from(registries).where(eq(registries.id, registryId))
    if (!r?.address) throw new DomainError('conflict', orderMessages.noRegistryAddress, { reason: 'no_registry_address' })
    address = r.address
  } else if (shippingAddress && shippingAddress.state && shippingAddress.city) {
    address = shippingAddress
  } else if (view.lines.every((l) => l.giftCard)) {
    // Only electronic gift cards: delivered by email, so nothing ships and no address is asked for (no tax either).
    address = { name: '', line1: '', line2: '', city: '', state: '', zip: '' }
  } else if (quoting) {
    address = null // a quote before the address is known: tax is estimated
  } else {
    throw new DomainError('invalid_input', orderMessages.address, { fields: { shippingAddress: [orderMessages.address] } })
  }

  // The registry discount: the buyer's own eligible registry, on their own (non-gift) lines.
  let registryDiscount: RegistryDiscount | null = null
  let discountUsed = false
  if (viewer.userId && !registryId) registryDiscount = (await discount.currentFor(viewer.userId))?.discount ?? null
  // Single use (spec §9 'a one-time-use shop discount'): once an order of this buyer took it (and was not
  // cancelled), later orders pay full price. The order this checkout's own key placed does not count, so a
  // retry (quick buy re-prices) still matches its order.
  if (registryDiscount?.isEligible && !registryDiscount.eligibleForMultiuseDiscount && viewer.userId) {
    discountUsed = await registryDiscountUsed(ctx, viewer.userId, idempotencyKey)
    if (discountUsed) registryDiscount = { ...registryDiscount, isEligible: false }
  }
  const facts = registryDiscount?.isEligible
    ? await db
        .select({ id: products.id, brandSlug: brands.slug, categorySlug: categories.urlSlug, parentSlug: sql<string | null>`(select url_slug from categories pc where pc.id = ${categories.parentId})` })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(inArray(products.id, view.lines.map((l) => l.productId)))
    : []
  const factOf = new Map(facts.map((f) => [f.id, f]))
  const cartDiscount = discountForCart(
    view.lines.map((l) => ({
      key: l.id,
      kind: l.isGiftCard ? ('gift_card' as const) : ('product' as const),
      brandSlug: factOf.get(l.productId)?.brandSlug ?? null,
      categorySlugs: [factOf.get(l.productId)?.categorySlug, factOf.get(l.productId)?.parentSlug].filter((s): s is string => !!s),
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    })),
    registryDiscount,
  )
  const lines: PricedLine[] = view.lines.map((l, i) => ({
    cartLineId: l.cartLineId,
    reservationId: l.reservationId,
    brand: l.brand,
    imageUrl: l.imageUrl,
    href: l.href,
    excludedBecause: cartDiscount.applied ? cartDiscount.lines[i]!.excludedBecause : null,
    productId: l.productId,
    title: l.title,
    options: l.options,
    optionKey: optionKeyOf(l.options),
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    lineTotalCents: l.lineTotalCents,
    discountCents: cartDiscount.lines[i]!.discountCents,
    isGiftCard: l.isGiftCard,
    giftCard: l.giftCard ?? null,
    registryId: l.gift?.registryId ?? null,
    regItemId: l.gift?.regItemId ?? null,
    warehouseId: warehouseFor({ productId: l.productId, isGiftCard: l.isGiftCard, isRegistryGift: !!l.gift }),
  }))
  const subtotalCents = lines.reduce((n, l) => n + l.lineTotalCents, 0)
  const discountCents = cartDiscount.discountCents
  // Shipping for what this order ships (free from $45 before discounts), not for the rest of the cart.
  const shippable = lines.filter((l) => !l.isGiftCard).reduce((n, l) => n + l.lineTotalCents, 0)
  const shippingCents = shippingFor(shippable)
  const freeShippingRemainingCents = shippable > 0 ? Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - shippable) : 0
  const taxable = lines.filter((l) => !l.isGiftCard).reduce((n, l) => n + l.lineTotalCents - l.discountCents, 0)
  const quotedState = quoteState?.trim().toUpperCase()
  const taxState = address?.state ?? (quotedState && isUsStateCode(quotedState) ? quotedState : null)
  // Until the state is known (a quote only), tax is estimated at the default rate.
  const taxCents = taxState ? taxCentsFor(taxable, taxState) : Math.floor((taxable * DEFAULT_TAX_BASIS_POINTS + 5_000) / 10_000)
  const totalCents = subtotalCents - discountCents + shippingCents + taxCents
  const familyName = view.lines.find((l) => l.gift)?.gift?.familyName ?? ''
  return {
    lines,
    registryId,
    familyName,
    address,
    subtotalCents,
    discountCents,
    shippingCents,
    freeShippingRemainingCents,
    taxState,
    taxCents,
    totalCents,
    discountPercent: cartDiscount.applied ? (registryDiscount?.percent ?? null) : null,
    discountUsed,
    // The order takes the buyer's one-time discount: insertOrder checks again, under a lock, that no other did.
    singleUseDiscount: discountCents > 0 && !!registryDiscount && !registryDiscount.eligibleForMultiuseDiscount,
    unavailable: view.lines.filter((l) => l.unavailable).map((l) => l.title),
  }
}

/** A price with the destination known (what placing an order needs). */
export type Placeable = Priced & { address: PostalAddress }

export type Priced = Awaited<ReturnType<typeof price>>

export const fingerprintOf = (p: Priced, email: string) =>
  sha(
    JSON.stringify({
      email,
      lines: p.lines.map((l) => [l.productId, l.optionKey, l.quantity, l.unitPriceCents, l.regItemId, l.giftCard?.recipientEmail ?? null]).sort(),
      address: p.registryId ? { registry: p.registryId } : p.address,
      reservations: p.lines.map((l) => l.reservationId).filter(Boolean),
      total: p.totalCents,
    }),
  )

/**
 * What placeOrder would charge for this scope (the same pricing): lines, the registry discount with each
 * excluded line's reason, shipping, tax (estimated at the default rate until the state is known), total.
 * Unavailable lines are listed (placeOrder refuses them). An empty scope is an 'empty cart' error.
 */
export async function quote(ctx: OrdersContext, viewer: OrderViewer, input: unknown): Promise<OrderQuote & { unavailable: string[] }> {
  const { giftCards } = ctx
  const data = parseInput(quoteInput, input)
  const p = await price(ctx, viewer, { scope: data.scope, quoteState: data.state ?? null }, true)
  // The same plan placeOrder makes (a wrong code is a field error on giftCardCode and counts toward the limit).
  const plan: TenderPlan =
    giftCards && (data.giftCardCode || data.applyCredit)
      ? await giftCards.planTenders(viewer, p.totalCents, {
          giftCardCode: data.giftCardCode,
          applyCredit: data.applyCredit,
          excludedCents: p.lines.filter((l) => l.giftCard).reduce((n, l) => n + l.lineTotalCents - l.discountCents, 0),
        })
      : { giftCard: null, creditCents: 0, cardDueCents: p.totalCents }
  const tenders: OrderTender[] = [
    ...(plan.giftCard && plan.giftCard.amountCents > 0 ? [{ kind: 'gift_card' as const, amountCents: plan.giftCard.amountCents, last4: plan.giftCard.last4, label: `Gift card ••••${plan.giftCard.last4}` }] : []),
    ...(plan.creditCents > 0 ? [{ kind: 'store_credit' as const, amountCents: plan.creditCents, last4: null, label: 'Store credit' }] : []),
  ]
  return {
    tenders,
    cardDueCents: plan.cardDueCents,
    lines: p.lines.map((l) => ({
      cartLineId: l.cartLineId,
      reservationId: l.reservationId,
      productId: l.productId,
      title: l.title,
      brand: l.brand,
      imageUrl: l.imageUrl,
      href: l.href,
      options: l.options,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      discountCents: l.discountCents,
      excludedBecause: l.excludedBecause,
      isGiftCard: l.isGiftCard,
    })),
    registry: p.registryId && p.address ? { id: p.registryId, familyName: p.familyName, city: p.address.city, state: p.address.state } : null,
    discount: p.discountPercent !== null ? { percent: p.discountPercent } : null,
    registryDiscountUsed: p.discountUsed,
    subtotalCents: p.subtotalCents,
    discountCents: p.discountCents,
    shippingCents: p.shippingCents,
    freeShippingRemainingCents: p.freeShippingRemainingCents,
    taxCents: p.taxCents,
    taxState: p.taxState,
    taxRateBasisPoints: p.taxState ? taxRateFor(p.taxState) : DEFAULT_TAX_BASIS_POINTS,
    taxEstimated: p.taxState === null,
    totalCents: p.totalCents,
    unavailable: p.unavailable,
  }
}
