import { createHash } from 'node:crypto'
import { type AnyColumn, and, asc, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { executeNamed } from '~/db/named-statement.server'
import { DomainError, errorReasonOf, isDomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { isUuid } from '~/lib/uuid'
import type { Logger } from '~/lib/logger.server'
import { cartMessages, shippingFor, type CartLine, type CartService, type CartViewer, guestTokenHash } from '../cart/cart.service.server'
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../cart/cart.constants'
import { brands, categories, products } from '../catalog/catalog.schema'
import { pdpPath } from '../catalog/product-path'
import { lineBrandTitle, lineProductColumns } from '../catalog/line-product-columns.server'
import { isUsStateCode } from '../accounts/us-states'
import { discountForCart, type DiscountExclusion, type RegistryDiscount } from '../discount/discount'
import type { GiftCardDetails } from '../giftcards/giftcards.schema'
import type { GiftCardsService, OrderTender, TenderPlan } from '../giftcards/giftcards.service.server'
import { giftCardMessages } from '../giftcards/giftcards.validation'
import type { EmailSender } from '../email/email.types'
import { payments } from '../payments/payments.schema'
import { asOneStatement, type ChargeSource, type PaymentView, type PaymentsService } from '../payments/payments.service.server'
import { type PostalAddress, regItems, registries, reservations } from '../registry/registry.schema'
import { assignShipments, type AssignedShipment } from '../shipping/shipment-assignment.server'
import { orderShipmentSummaries } from '../shipping/order-shipments.server'
import { orderLines, orders, productStock, type OrderRow } from './orders.schema'
import { paymentMethodMessages } from '../payments/payment-methods.validation'
import { type CheckoutScope, orderMessages, placeOrderInput, type PlaceOrderData, quoteInput } from './orders.validation'
import { sendOrderConfirmation } from './order-confirmation-email.server'
import { differsFromShown } from './shown-amounts'
import { ensureProductStock } from './stock.seed.server'
import { DEFAULT_TAX_BASIS_POINTS, taxCentsFor, taxRateFor } from './tax'
import { warehouseFor } from './warehouses'

/** What the buyer sees of their order. A registry gift's address is the family's: only city and state. */
export type OrderView = {
  id: string
  status: OrderRow['status']
  email: string
  createdAt: string
  shipsTo:
    | { kind: 'buyer'; address: PostalAddress }
    | { kind: 'registry'; registryId: number; familyName: string; city: string; state: string }
  lines: {
    productId: number | null
    title: string
    options: { size?: string; color?: string }
    quantity: number
    unitPriceCents: number
    lineTotalCents: number
    discountCents: number
    warehouseId: number
    regItemId: number | null
  }[]
  shipments: AssignedShipment[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  totalCents: number
  /** The card's brand and last four ('' when gift cards and store credit paid it all). */
  payment: { cardBrand: string; cardLast4: string }
  /** Gift card and store credit amounts, in the order they were applied ('Gift card ••••ABCD', 'Store credit'). */
  tenders: OrderTender[]
  /** What the card was charged: the total less the tenders. */
  cardChargeCents: number
  buyerName: string
  giftMessage: string
}

/** What the checkout page shows before placing: exactly what placeOrder would charge (the same pricing). */
export type OrderQuote = {
  lines: {
    cartLineId: number | null
    reservationId: string | null
    productId: number
    title: string
    brand: string
    imageUrl: string
    href: string
    options: { size?: string; color?: string }
    quantity: number
    unitPriceCents: number
    lineTotalCents: number
    discountCents: number
    /** Why the registry discount does not cover this line (only when the discount applies). */
    excludedBecause: DiscountExclusion | null
    isGiftCard: boolean
  }[]
  /** Gift orders: the family, and only the city and state of where the gifts go. */
  registry: { id: number; familyName: string; city: string; state: string } | null
  discount: { percent: number } | null
  /** The buyer's single-use registry discount went on an earlier order, so this one pays full price. */
  registryDiscountUsed: boolean
  subtotalCents: number
  discountCents: number
  shippingCents: number
  freeShippingRemainingCents: number
  taxCents: number
  /** The state tax was worked out for; null while unknown (then taxed at the default rate as an estimate). */
  taxState: string | null
  taxRateBasisPoints: number
  taxEstimated: boolean
  totalCents: number
  /**
   * The gift card and store credit the buyer asked for, as placeOrder would take them (gift card first, then
   * credit; 'Gift card ••••ABCD', 'Store credit'), and what is left for the card (0: no card needed).
   */
  tenders: OrderTender[]
  cardDueCents: number
}

/** One line of a buyer's order history. */
export type OrderSummary = { id: string; status: OrderRow['status']; createdAt: string; totalCents: number; itemCount: number; registryId: number | null }

export type OrderViewer = CartViewer

export type OrdersDeps = {
  db: Db
  cart: CartService
  payments: PaymentsService
  /** The buyer's current registry discount (the discount service's currentFor). */
  discount: { currentFor(userId: number): Promise<{ discount: RegistryDiscount | null } | null> }
  clock?: () => Date
  logger?: Pick<Logger, 'warn'>
  /** Gift cards and store credit (app/modules/giftcards): tenders taken in the order's transaction, cards issued once paid. */
  giftCards?: Pick<GiftCardsService, 'planTenders' | 'takeTenders' | 'tendersOf' | 'onOrderPaid' | 'reconcile'>
  /**
   * Group commit (docs/decisions/025, the default): checkouts arriving together share their payment rows,
   * one order transaction and one capture commit. false: one transaction per order (the bench's comparison).
   */
  groupCommit?: boolean
  /**
   * How many group-commit batches may be written at once (each holds a pooled connection; 3 by default). They
   * start staggered: one begins its first phase only once the batch before it has finished its own.
   */
  maxBatchesInFlight?: number
  /** false: a batch starts as soon as a slot is free (before h12; the bench's comparison). */
  staggerBatches?: boolean
  /** The most checkouts one group-commit batch takes (64 by default; docs/decisions/025, h13b). */
  maxBatchSize?: number
  /** Told how each group-commit batch went (the bench prints where checkouts wait; docs/decisions/025). */
  observeBatch?: (timings: BatchTimings) => void
  /** Tells the family of the registry gifts an order bought (app/modules/registry/gift-notices.server.ts). */
  notices?: { order(orderId: string): Promise<void> }
  /**
   * Sends the buyer's confirmation once an order is placed (order-confirmation-email.server.ts), from the pages
   * and the API alike; its link starts with `publicOrigin`. Left out (some tests): no confirmation is sent or claimed.
   */
  email?: EmailSender
  publicOrigin?: string
}

/** One group-commit batch, in milliseconds from when its first checkout joined the queue. */
export type BatchTimings = {
  size: number
  /** performance.now() when the batch started. */
  startedAt: number
  /** How long each checkout of the batch waited in the queue before its batch started. */
  queueWaitMs: number[]
  /** For each checkout of the batch: from `place()` being called to joining the queue (cart read, pricing, card checks). */
  beforeQueueMs: number[]
  /** Batches being written when this one started (itself included). */
  inFlight: number
  /** The keys read and pending payments written (one statement), then the processor asked for each. */
  authorizeMs: number
  transactionMs: number
  captureMs: number
  /** From the batch's start to its checkouts being answered. */
  totalMs: number
}

type PricedLine = {
  cartLineId: number | null
  reservationId: string | null
  brand: string
  imageUrl: string
  href: string
  excludedBecause: DiscountExclusion | null
  productId: number
  title: string
  options: { size?: string; color?: string }
  optionKey: string
  quantity: number
  unitPriceCents: number
  lineTotalCents: number
  discountCents: number
  isGiftCard: boolean
  giftCard: GiftCardDetails | null
  registryId: number | null
  regItemId: number | null
  warehouseId: number
}

const optionKeyOf = (o: { size?: string; color?: string }) => [o.size ? `size=${o.size}` : '', o.color ? `color=${o.color}` : ''].filter(Boolean).join('|')
const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')
const sha = (s: string) => createHash('sha256').update(s).digest('base64url')
/** parseInput, its refusal marked 'invalid_fields' (every message is on a field: forms show one summary line). */
function parseFields<T>(schema: Parameters<typeof parseInput<T>>[0], input: unknown): T {
  try {
    return parseInput(schema, input)
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'invalid_input') throw error
    throw new DomainError('invalid_input', error.message, { fields: error.fields, cause: error, reason: 'invalid_fields' })
  }
}

/** Thrown inside the order's transaction when a product has no stock rows yet (rolled back, then set up). */
class MissingStockRows extends Error {
  constructor(readonly productIds: number[]) {
    super('stock rows missing')
  }
}

/** A line to price: a cart line, a gift reserved earlier (reservation checkout) or a quick-buy product. */
type SourceLine = CartLine & { cartLineId: number | null; reservationId: string | null }

const pickOptions = (o: Record<string, string>): { size?: string; color?: string } => ({
  ...(o.size ? { size: o.size } : {}),
  ...(o.color ? { color: o.color } : {}),
})

const pgCode = (e: unknown): string | undefined => (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code

/**
 * Whether a user's single-use registry discount already went on an order that stands (not cancelled; `exceptKey`:
 * leaving out the order being placed), as a boolean expression over `userId` (a value or another statement's user id
 * column: the shop header's facts, decision 028 h29). orders_user_idx (user_id, created_at) narrows it to the
 * buyer's own orders.
 */
export const registryDiscountUsedOf = (userId: AnyColumn | SQL, exceptKey?: string) =>
  sql<boolean>`exists (
    select 1 from orders
    where user_id = ${userId} and discount_cents > 0 and status <> 'cancelled'
      ${exceptKey ? sql`and idempotency_key <> ${exceptKey}` : sql``}
  )`

/**
 * Orders: place an order from the viewer's cart (idempotent, stock taken in the order's transaction, the card
 * authorised before and charged after it commits), read it back, and settle what a crash left half done.
 */
export function createOrdersService({ db, cart, payments: paymentsService, discount, clock = () => new Date(), logger, groupCommit = true, maxBatchesInFlight = 3, staggerBatches = true, maxBatchSize = 64, giftCards, observeBatch, notices, email, publicOrigin = '' }: OrdersDeps) {
  async function viewOf(order: OrderRow): Promise<OrderView> {
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

  /** Gifts the buyer reserved earlier, still reserved, from the shop (reservation checkout). */
  async function reservationLines(ids: string[]): Promise<SourceLine[]> {
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

  /** Quick buy: one product, its options checked as Add to Cart checks them. */
  async function buyNowLine({ productId, quantity, size, color }: { productId: number; quantity: number; size?: string; color?: string }): Promise<SourceLine[]> {
    const [row] = await db
      .select({ product: products, brand: lineBrandTitle })
      .from(products)
      .where(eq(products.id, productId))
    if (!row) throw new DomainError('not_found', cartMessages.productNotFound)
    const { product, brand } = row
    if (product.productType === 'cash_fund' || product.productType === 'favor') throw new DomainError('invalid_input', cartMessages.notForSale)
    // A gift card needs its amount and recipient: it goes through the cart from the gift card page.
    if (product.productType === 'gift_card') throw new DomainError('invalid_input', cartMessages.giftCardDetails)
    const options: { size?: string; color?: string } = {}
    for (const [field, list, chosen, missing] of [
      ['size', product.options.sizes, size, cartMessages.chooseSize],
      ['color', product.options.colors, color, cartMessages.chooseColor],
    ] as const) {
      if (!list?.length) continue
      if (!chosen) throw new DomainError('invalid_input', missing, { fields: { [field]: [missing] } })
      if (!list.includes(chosen)) throw new DomainError('invalid_input', cartMessages.unknownOption, { fields: { [field]: [cartMessages.unknownOption] } })
      options[field] = chosen
    }
    const unit = product.salePriceCents ?? product.priceCents
    return [
      {
        id: 0,
        cartLineId: null,
        reservationId: null,
        productId: product.id,
        title: product.name,
        brand,
        imageUrl: product.imageUrl,
        href: pdpPath({ slug: product.slug, genericProductId: product.id }),
        options,
        quantity,
        unitPriceCents: unit,
        lineTotalCents: unit * quantity,
        isGiftCard: false,
        unavailable: !product.available || product.stock <= 0 ? cartMessages.soldOut : product.stock < quantity ? `Only ${product.stock} left in stock.` : null,
        gift: null,
        giftCard: null,
      },
    ]
  }

  /** The lines an order of this scope checks out (docs/decisions/022). */
  async function linesFor(viewer: OrderViewer, scope: CheckoutScope | undefined): Promise<SourceLine[]> {
    if (scope && typeof scope === 'object' && 'reservationIds' in scope) return reservationLines(scope.reservationIds)
    if (scope && typeof scope === 'object' && 'buyNow' in scope) return buyNowLine(scope.buyNow)
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

  /** Whether a replayed key comes from the order's buyer: the same account (or both guests) and the same email. */
  const sameBuyer = (order: OrderRow, viewer: OrderViewer, email: string) => (order.userId ?? null) === (viewer.userId ?? null) && order.email === email

  // Read on every checkout: a named statement, parsed and planned once per connection.
  const orderByKey = db.select().from(orders).where(eq(orders.idempotencyKey, sql.placeholder('key'))).prepare('order_by_key')
  async function byKey(idempotencyKey: string): Promise<OrderRow | undefined> {
    const [row] = await orderByKey.execute({ key: idempotencyKey })
    return row
  }

  /**
   * Charges a placed order's authorisation; the order turns paid in the same commit as its payment's capture,
   * so a placed order always has an uncaptured payment (reconcile finds it through the payment; decision 025,
   * h13). An order paid in full by gift cards and credit is paid when placed. A failure leaves it placed for
   * reconcile() to retry. Once paid, gift cards it bought are issued (idempotently).
   */
  async function capture(order: OrderRow, issueGiftCards = true): Promise<OrderRow> {
    if (order.status !== 'placed') return order
    const markPaid = sql`update orders set status = 'paid', updated_at = ${clock().toISOString()}::timestamptz where id = ${order.id}::uuid and status = 'placed'`
    try {
      if (order.paymentId) await paymentsService.capture(order.paymentId, undefined, markPaid)
      else await db.execute(markPaid) // placed before h13 (an order with no card payment is now paid when placed)
    } catch (error) {
      logger?.warn({ err: error, orderId: order.id }, 'capturing an order payment failed; reconcile() will retry')
      return order
    }
    const paid = { ...order, status: 'paid' as const }
    if (issueGiftCards) await issueBoughtGiftCards(paid)
    return paid
  }

  /** Electronic gift cards an order bought, issued once it is paid (idempotently; reconcile() retries). */
  async function issueBoughtGiftCards(order: OrderRow) {
    if (!giftCards || order.status !== 'paid') return
    await giftCards.onOrderPaid(order.id).catch((error: unknown) => logger?.warn({ err: error, orderId: order.id }, 'issuing gift cards failed; reconcile() will retry'))
  }

  /** Whether one of the buyer's orders (other than the one under this key) already took the registry discount. */
  async function registryDiscountUsed(userId: number, exceptKey?: string): Promise<boolean> {
    const rows = await db.execute<{ used: boolean }>(sql`select ${registryDiscountUsedOf(sql`${userId}`, exceptKey)} as used`)
    return rows.rows[0]?.used === true
  }

  /** The cart priced for checkout: lines, discount shares, shipping, tax and where it ships. */
  async function price(
    viewer: OrderViewer,
    { scope, shippingAddress, quoteState, idempotencyKey }: { scope?: CheckoutScope; shippingAddress?: PostalAddress; quoteState?: string | null; idempotencyKey?: string },
    quoting = false,
  ) {
    const view = { lines: await linesFor(viewer, scope) }
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
      discountUsed = await registryDiscountUsed(viewer.userId, idempotencyKey)
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
  type Placeable = Priced & { address: PostalAddress }

  type Priced = Awaited<ReturnType<typeof price>>

  const fingerprintOf = (p: Priced, email: string) =>
    sha(
      JSON.stringify({
        email,
        lines: p.lines.map((l) => [l.productId, l.optionKey, l.quantity, l.unitPriceCents, l.regItemId, l.giftCard?.recipientEmail ?? null]).sort(),
        address: p.registryId ? { registry: p.registryId } : p.address,
        reservations: p.lines.map((l) => l.reservationId).filter(Boolean),
        total: p.totalCents,
      }),
    )

  /** One transaction: the order, its lines and shipments, stock taken, registry gifts marked purchased. */
  async function insertOrder(
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

  /** The buyer's view of an order just placed, from what placing it had in hand (no need to read it back). */
  function placedView(
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

  /** What the stock rows must give for an order: per (product, option), in (product, option) order. */
  function needsOf(p: Priced) {
    const needs = new Map<string, { productId: number; optionKey: string; quantity: number; title: string }>()
    for (const l of p.lines) {
      const k = `${l.productId}\u0000${l.optionKey}`
      const title = optionWords(l.options) ? `${l.title} (${optionWords(l.options)})` : l.title
      const had = needs.get(k)
      needs.set(k, { productId: l.productId, optionKey: l.optionKey, quantity: (had?.quantity ?? 0) + l.quantity, title })
    }
    return [...needs.values()]
  }

  // Group commit (docs/decisions/025). Checkouts that arrive while `maxBatchesInFlight` batches are being
  // written, or while the latest batch is in its first phase, wait here; the next batch takes them all (≤ maxBatchSize): one insert of their pending payments, the processor
  // asked for each, then ONE transaction writes the processor's answers, every order with its lines and
  // shipments, takes the stock (hot rows locked once, for the last few statements only) and empties the carts;
  // then one commit records the charges and marks the orders paid. Anything unusual (a key or payment seen
  // before, stock rows not set up yet, a failed batch) goes back to the one-by-one path below, which handles it.
  type Job = {
    viewer: OrderViewer
    key: string
    fingerprint: string
    email: string
    name: string
    priced: Placeable
    /** A scoped checkout: only these cart lines leave the cart (null: the whole cart). */
    cartLineIds: number[] | null
    paymentKey: string
    /** The typed card, or the buyer's saved card's token (docs/decisions/026). */
    source: ChargeSource
    /** performance.now() when place() was called, and when the checkout joined the queue. */
    startedAt: number
    queuedAt: number
    resolve: (r: BatchResult) => void
    reject: (e: unknown) => void
  }
  /** placed; one_by_one: take the one-by-one path; replay: the key already has an order (no payment was begun). */
  type BatchResult = { kind: 'placed'; order: OrderView } | { kind: 'one_by_one' } | { kind: 'replay' }
  const queue: Job[] = []
  let batchesInFlight = 0
  // The batch's keys that have an order already (retries): read in the statement that begins the batch's
  // payments (one round trip), so a retry is answered from its order with nothing authorised.
  const placedKeys = (keys: SQL) => sql`select idempotency_key as k from orders where idempotency_key = any(${keys})`

  function submit(job: Omit<Job, 'resolve' | 'reject' | 'queuedAt'>) {
    return new Promise<BatchResult>((resolve, reject) => {
      queue.push({ ...job, queuedAt: performance.now(), resolve, reject })
      if (batchesInFlight < maxBatchesInFlight) void pump()
    })
  }

  // Batches start staggered (docs/decisions/025, h12): the next batch starts once the one before it has begun
  // its payments and heard from the processor (its first phase), not as soon as a slot is free. Otherwise the
  // batches in flight drift into step (they start together, so they finish together), and a checkout that
  // arrives just after they started waits for a whole batch in the queue before its own batch even begins.
  let firstPhase: Promise<void> | null = null

  async function pump() {
    batchesInFlight++
    try {
      for (;;) {
        while (firstPhase) await firstPhase
        if (queue.length === 0) break
        const batch = queue.splice(0, maxBatchSize)
        let open!: () => void
        const gate = new Promise<void>((resolve) => (open = resolve))
        if (staggerBatches) firstPhase = gate
        const next = () => {
          if (firstPhase === gate) firstPhase = null
          open()
        }
        try {
          await writeBatch(batch, next)
        } catch (error) {
          // Nothing of this batch committed: each checkout goes the one-by-one way (its authorisation is reused).
          logger?.warn({ err: error, orders: batch.length }, 'a checkout batch failed; placing its orders one by one')
          for (const job of batch) job.resolve({ kind: 'one_by_one' })
        } finally {
          next()
        }
      }
    } finally {
      batchesInFlight--
    }
  }

  type LiveEntry = { job: Job; payment: PaymentView; ref: string }

  /**
   * The batch's orders in ONE statement, its own transaction (one round trip): the processor's answers (the
   * payments service's writes, as data-modifying CTEs), then checkout_batch() (drizzle/0017): every order with
   * its lines and boxes, then the hot stock rows locked in (product, option) order, handed out in arrival order
   * while enough is left, taken; the orders that do not fit deleted again and the accepted orders' carts emptied.
   */
  async function writeOrders(live: LiveEntry[], authorizationWrites: SQL[]) {
    const accepted: LiveEntry[] = []
    const soldOut: { entry: LiveEntry; title: string }[] = []
    const retry: LiveEntry[] = []
    const rows = new Map<string, { id: string; created_at: string }>()
    if (live.length === 0) {
      if (authorizationWrites.length > 0) await db.execute(asOneStatement(authorizationWrites))
      return { accepted, soldOut, retry, rows }
    }
    const needs = new Map(live.map((e) => [e.job.key, needsOf(e.job.priced)]))
    const lines = live.flatMap(({ job }) =>
      job.priced.lines.map((l) => ({
        pos: 0,
        key: job.key,
        product_id: l.productId,
        title: l.title,
        options: l.options,
        option_key: l.optionKey,
        quantity: l.quantity,
        unit: l.unitPriceCents,
        total: l.lineTotalCents,
        discount: l.discountCents,
        warehouse_id: l.warehouseId,
      })),
    )
    lines.forEach((l, i) => (l.pos = i)) // lines keep the cart's order (their ids are the order page's order)
    const batch = {
      now: clock().toISOString(),
      orders: live.map(({ job, payment }) => ({
        key: job.key,
        user_id: job.viewer.userId ?? null,
        email: job.email,
        buyer_name: job.name,
        fingerprint: job.fingerprint,
        address: job.priced.address,
        tax_state: job.priced.address.state,
        subtotal: job.priced.subtotalCents,
        shipping: job.priced.shippingCents,
        discount: job.priced.discountCents,
        tax: job.priced.taxCents,
        total: job.priced.totalCents,
        payment_id: payment.id,
        needs: needs.get(job.key)!.map((w) => ({ product_id: w.productId, option_key: w.optionKey, quantity: w.quantity })),
        // A scoped checkout takes only its own lines out of the cart; otherwise the whole cart empties.
        clear:
          job.cartLineIds !== null
            ? { line_ids: job.cartLineIds }
            : job.viewer.userId
              ? { user_id: job.viewer.userId }
              : job.viewer.guestToken
                ? { guest_hash: guestTokenHash(job.viewer.guestToken) }
                : {},
      })),
      lines,
      sites: live.flatMap(({ job }) => [...new Set(job.priced.lines.map((l) => l.warehouseId))].map((w) => ({ key: job.key, warehouse_id: w }))),
    }
    // The payments' CTEs are not read by the select, so PostgreSQL runs them after it (in the same statement and commit).
    // A named statement (parsed and planned once per connection; docs/decisions/025, h16) when it only inserts the
    // attempts: a batch with declines also updates payments by status, whose generic plan would go through
    // payments_unsettled_idx, so that rarer statement is planned for its own ids each time.
    type Outcome = { r_key: string; r_outcome: 'accepted' | 'sold_out' | 'missing_stock' | 'taken'; r_order_id: string | null; r_created_at: string | null; r_product_id: number | null; r_option_key: string | null }
    const statement = asOneStatement(authorizationWrites, sql`select * from checkout_batch(${JSON.stringify(batch)}::jsonb)`)
    const outcome = authorizationWrites.length <= 1 ? await executeNamed<Outcome>(db, statement) : await db.execute<Outcome>(statement)
    const byKey = new Map(live.map((e) => [e.job.key, e]))
    for (const r of outcome.rows) {
      const entry = byKey.get(r.r_key)!
      if (r.r_outcome === 'accepted') {
        accepted.push(entry)
        rows.set(r.r_key, { id: r.r_order_id!, created_at: r.r_created_at! })
      } else if (r.r_outcome === 'sold_out') {
        const short = needs.get(r.r_key)!.find((w) => w.productId === Number(r.r_product_id) && w.optionKey === r.r_option_key)
        soldOut.push({ entry, title: short?.title ?? entry.job.priced.lines[0]!.title })
      } else {
        // taken: another process placed this key a moment ago (with another cart or card); missing_stock: a
        // product's stock rows are not set up yet. Nothing of theirs was kept: the one-by-one path handles both.
        retry.push(entry)
      }
    }
    return { accepted, soldOut, retry, rows }
  }

  /** Writes one batch; `firstPhaseDone` is called once its payments are begun and the processor has answered. */
  async function writeBatch(all: Job[], firstPhaseDone: () => void) {
    const t0 = performance.now()
    const timings: BatchTimings | undefined = observeBatch
      ? { size: all.length, startedAt: t0, queueWaitMs: all.map((j) => t0 - j.queuedAt), beforeQueueMs: all.map((j) => j.queuedAt - j.startedAt), inFlight: batchesInFlight, authorizeMs: 0, transactionMs: 0, captureMs: 0, totalMs: 0 }
      : undefined
    // The batch's pending payments and, in the same statement, which of its keys have an order already: a
    // retry of a placed checkout gets no payment and is answered from its order (placeOnce replays it).
    const begun = await paymentsService.beginAuthorizations(
      all.map((j) => ({ idempotencyKey: j.paymentKey, amountCents: j.priced.totalCents, purpose: 'order', source: j.source, doneKey: j.key })),
      placedKeys,
    )
    const t1 = performance.now()
    firstPhaseDone()
    const settled: Exclude<(typeof begun)[number], null | 'done'>[] = []
    const live: LiveEntry[] = []
    const after: (() => void)[] = []
    all.forEach((job, i) => {
      const b = begun[i]
      if (b === 'done') return job.resolve({ kind: 'replay' })
      if (!b) return after.push(() => job.resolve({ kind: 'one_by_one' })) // this payment key was used before
      settled.push(b)
      if (b.answer.ok) live.push({ job, payment: b.view, ref: b.answer.ref })
      else if (b.view.status === 'pending') after.push(() => job.reject(new DomainError('conflict', orderMessages.paymentUnconfirmed)))
      else {
        const message = b.view.declineMessage ?? orderMessages.paymentUnconfirmed
        after.push(() => job.reject(new DomainError('invalid_input', message, { fields: { card: [message] } })))
      }
    })
    if (settled.length === 0 && after.length === 0) return

    const t2 = performance.now()
    const result = await writeOrders(live, paymentsService.authorizationWrites(settled))
    const t3 = performance.now()
    for (const f of after) f()
    for (const e of result.retry) e.job.resolve({ kind: 'one_by_one' })

    // Sold out: nothing was written for them; their authorisations are released before they are told.
    await Promise.all(
      result.soldOut.map(async ({ entry, title }) => {
        await paymentsService.void(entry.payment.id).catch((err: unknown) => logger?.warn({ err, paymentId: entry.payment.id }, 'releasing a sold-out checkout authorisation failed; reconcile() will'))
        entry.job.reject(new DomainError('conflict', orderMessages.soldOut(title)))
      }),
    )
    if (result.accepted.length === 0) return
    let charged = new Set<string>()
    try {
      charged = await paymentsService.captureMany(
        result.accepted.map((e) => ({ paymentId: e.payment.id, providerRef: e.ref, amountCents: e.job.priced.totalCents })),
        (ids) => sql`update orders set status = 'paid', updated_at = ${clock().toISOString()}::timestamptz where status = 'placed' and payment_id = any(${sql.param(ids)}::uuid[])`,
      )
    } catch (error) {
      logger?.warn({ err: error, orders: result.accepted.length }, 'capturing a batch of order payments failed; reconcile() will retry')
    }
    if (timings) {
      const t4 = performance.now()
      Object.assign(timings, { authorizeMs: t1 - t0, transactionMs: t3 - t2, captureMs: t4 - t3, totalMs: t4 - t0 })
      observeBatch!(timings)
    }
    for (const e of result.accepted) {
      const row = result.rows.get(e.job.key)!
      const status = charged.has(e.payment.id) ? ('paid' as const) : ('placed' as const)
      e.job.resolve({ kind: 'placed', order: placedView({ id: row.id, status, email: e.job.email, createdAt: new Date(row.created_at), buyerName: e.job.name, giftMessage: '' }, e.job.priced, e.payment) })
    }
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

  async function placeOnce(viewer: OrderViewer, data: PlaceOrderData, startedAt: number): Promise<{ order: OrderView; created: boolean }> {
    {
      const key = data.idempotencyKey
      const priceOrEmpty = async () => {
        try {
          return await price(viewer, { scope: data.scope, shippingAddress: data.shippingAddress, idempotencyKey: data.idempotencyKey })
        } catch (error) {
          if (errorReasonOf(error) === 'empty_cart') return null
          throw error
        }
      }

      /** A retry of a placed checkout: its order, to its buyer only, and only for the same cart (or the emptied one). */
      const replay = async (existing: OrderRow, pricedNow: { p: Priced | null } | { error: unknown }) => {
        // A retry: the cart was cleared when the order was placed, or is the same cart. Only its buyer (the same
        // account, or a guest giving the same email) gets the order back: a key alone never shows an address.
        if (!sameBuyer(existing, viewer, data.email)) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
        if ('error' in pricedNow) throw pricedNow.error
        const again = pricedNow.p
        if (again && fingerprintOf(again, data.email) !== existing.fingerprint) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
        return { order: await viewOf(await capture(existing)), created: false }
      }

      // The key's order (a retry) and the cart, read at once. A checkout that may go through the group commit
      // leaves the key to the batch (one read for all its keys, before anything is authorised).
      const keyInBatch = groupCommit && (!!data.card || !!data.paymentMethodId) && !data.giftCardCode && !data.applyCredit
      const [early, pricedNow] = await Promise.all([keyInBatch ? undefined : byKey(key), priceOrEmpty().then((p) => ({ p }), (error: unknown) => ({ error }))])
      // An order taking the one-time registry discount goes one by one too (its check under a lock, in insertOrder).
      const batchable = keyInBatch && 'p' in pricedNow && !!pricedNow.p?.address && !pricedNow.p.registryId && !pricedNow.p.lines.some((l) => l.giftCard) && !pricedNow.p.singleUseDiscount
      const existing = early ?? (keyInBatch && !batchable ? await byKey(key) : undefined)
      if (existing) return replay(existing, pricedNow)

      if ('error' in pricedNow) throw pricedNow.error
      const pricedOrEmpty = pricedNow.p
      if (!pricedOrEmpty) {
        // A parallel submission with this key may have placed the order and cleared the cart a moment ago.
        const placed = await byKey(key)
        if (placed && sameBuyer(placed, viewer, data.email)) return { order: await viewOf(placed), created: false }
        if (placed) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
        throw new DomainError('invalid_input', orderMessages.emptyCart, { reason: 'empty_cart' })
      }
      const destination = pricedOrEmpty.address
      if (!destination) throw new DomainError('invalid_input', orderMessages.address, { fields: { shippingAddress: [orderMessages.address] } })
      const priced: Placeable = { ...pricedOrEmpty, address: destination }
      const fingerprint = fingerprintOf(priced, data.email)
      // A scoped checkout takes only its own lines out of the cart (quick buy and reserved gifts: none).
      const cartLineIds = data.scope === undefined ? null : priced.lines.flatMap((l) => (l.cartLineId ? [l.cartLineId] : []))

      // A gift card, then store credit, then the card for what is left (no card needed when nothing is).
      const plan: TenderPlan =
        giftCards && (data.giftCardCode || data.applyCredit)
          ? await giftCards
              .planTenders(viewer, priced.totalCents, {
                giftCardCode: data.giftCardCode,
                applyCredit: data.applyCredit,
                // Gift cards are paid by card only (gift card balances and credit cannot buy more gift cards).
                excludedCents: priced.lines.filter((l) => l.giftCard).reduce((n, l) => n + l.lineTotalCents - l.discountCents, 0),
              })
              .catch((error: unknown) => {
                // A card the summary showed paying part of the order, used up since: its balance changed.
                if (errorReasonOf(error) === 'code_used_up' && (data.expected?.giftCardCents ?? 0) > 0) throw new DomainError('conflict', giftCardMessages.balanceChanged)
                throw error
              })
          : { giftCard: null, creditCents: 0, cardDueCents: priced.totalCents }
      // Money shown = money charged (docs/decisions/029, amendment h10): before anything is authorised, the
      // total and tenders placing would charge are compared with what the shopper was shown.
      const changed = data.expected ? differsFromShown(data.expected, priced, plan) : null
      if (changed) {
        // A retry of a checkout already placed (its cart since changed) is answered by its key as before.
        const placed = await byKey(key)
        if (placed) return replay(placed, pricedNow)
        throw changed
      }
      if (plan.cardDueCents > 0 && !data.card && !data.paymentMethodId) throw new DomainError('invalid_input', giftCardMessages.cardNeeded, { fields: { card: [giftCardMessages.cardNeeded] } })
      const card = plan.cardDueCents > 0 ? data.card : undefined
      // A saved card (docs/decisions/026): the buyer's own only; the payments service answers 'not found' for any other.
      const savedCard = plan.cardDueCents > 0 && !card && data.paymentMethodId ? { paymentMethodId: data.paymentMethodId, userId: viewer.userId ?? 0 } : undefined
      if (savedCard && !savedCard.userId) throw new DomainError('not_found', paymentMethodMessages.notFound, { fields: { paymentMethodId: [paymentMethodMessages.notFound] } })

      // One payment per (checkout key, cart, card, amount): parallel twins share it; another card after a decline gets its own.
      const paymentKey = card
        ? `order:${sha(`${key}\u0000${fingerprint}\u0000${card.number.replace(/\D/g, '').slice(-4)}${plan.cardDueCents === priced.totalCents ? '' : `\u0000${plan.cardDueCents}`}`)}`
        : savedCard
          ? `order:${sha(`${key}\u0000${fingerprint}\u0000pm:${savedCard.paymentMethodId}${plan.cardDueCents === priced.totalCents ? '' : `\u0000${plan.cardDueCents}`}`)}`
          : ''
      // Shop orders go through the group commit; registry gifts (reg_items and reservations to update), gift card
      // purchases (cards to issue) and gift card or store credit tenders take the one-by-one path.
      if (batchable && !card && !savedCard) {
        // Left to the batch, but nothing to charge after all: the key is read here.
        const placed = await byKey(key)
        if (placed) return replay(placed, pricedNow)
      }
      if (batchable && (card || savedCard)) {
        // A saved card is resolved here (the buyer's own, not expired), so a card that cannot be used fails this
        // checkout alone; a retry of an order it placed before it was removed still gets that order.
        const source = await paymentsService.chargeSource({ card, savedCard }).catch(async (error: unknown) => {
          const placed = await byKey(key)
          if (placed) return { replay: placed }
          throw error
        })
        if ('replay' in source) return replay(source.replay, pricedNow)
        const batched = await submit({ viewer, key, fingerprint, email: data.email, name: data.name, priced, cartLineIds, paymentKey, source, startedAt })
        if (batched.kind === 'placed') return { order: batched.order, created: true }
        if (batched.kind === 'replay') {
          const placed = await byKey(key)
          if (placed) return replay(placed, pricedNow)
        }
      }
      // A payment a crash interrupted (never reached the processor, or released by reconcile with no order) is
      // asked again under the next key, so retrying the same checkout works (twins agree on the same next key).
      let payment: PaymentView | null = null
      if (card || savedCard) {
        payment = await paymentsService.authorize({ idempotencyKey: paymentKey, amountCents: plan.cardDueCents, purpose: 'order', card, savedCard })
        for (let again = 2; (payment.status === 'declined' || payment.status === 'voided') && payment.declineCode === 'interrupted' && again <= 5; again++) {
          payment = await paymentsService.authorize({ idempotencyKey: `${paymentKey}:${again}`, amountCents: plan.cardDueCents, purpose: 'order', card, savedCard })
        }
      }
      if (payment?.status === 'declined') {
        const message = payment.declineMessage ?? orderMessages.paymentUnconfirmed
        throw new DomainError('invalid_input', message, { fields: { card: [message] } })
      }
      if (payment?.status === 'pending') throw new DomainError('conflict', orderMessages.paymentUnconfirmed)
      // Released after an earlier attempt with this key sold out: that checkout is over; a new one gets a new key.
      if (payment && payment.status !== 'authorized' && payment.status !== 'captured') throw new DomainError('conflict', orderMessages.checkoutCancelled)

      let order: Awaited<ReturnType<typeof insertOrder>>
      try {
        // A product added after the seed, met at checkout for the first time: its stock rows come from
        // products.stock, then the order is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            order = await insertOrder(viewer, key, fingerprint, { email: data.email, name: data.name, giftMessage: data.giftMessage, thankYouAddress: data.thankYouAddress }, priced, payment?.id ?? null, plan, cartLineIds)
            break
          } catch (error) {
            if (!(error instanceof MissingStockRows) || attempt >= 3) throw error instanceof MissingStockRows ? new DomainError('conflict', orderMessages.unavailable) : error
            await ensureProductStock(db, error.productIds)
          }
        }
      } catch (error) {
        const twin = pgCode(error) === '23505' ? await byKey(key) : undefined
        if (twin) order = null
        else {
          if (payment && !(await byKey(key))) await paymentsService.void(payment.id).catch(() => undefined)
          if (pgCode(error) === '23514' || pgCode(error) === '40P01') throw new DomainError('conflict', orderMessages.unavailable)
          throw error
        }
      }
      if (!order) {
        // A parallel submission with this key placed it first.
        const winner = await byKey(key)
        if (!winner) throw new DomainError('conflict', orderMessages.unavailable)
        if (winner.fingerprint !== fingerprint) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
        // The submission that placed it charges it (or reconcile() does, if that one crashed).
        return { order: await viewOf(winner), created: false }
      }
      const buysGiftCards = priced.lines.some((l) => l.giftCard)
      // Paid when placed (gift cards and credit covered it all): only the gift cards it bought are left to issue.
      if (order.status === 'paid' && buysGiftCards) await issueBoughtGiftCards(order)
      const captured = await capture(order, buysGiftCards)
      // The family hears of the gifts (never failing the order: notices log their own failures).
      if (order.registryId) await notices?.order(order.id)
      // Everything the buyer sees is in hand: no need to read the order back.
      return { order: placedView(captured, priced, payment, order.assignedShipments, plan), created: true }
    }
  }

  /**
   * The buyer's confirmation email, once per order (the claim is a conditional update, so parallel retries and
   * other processes agree on who sends it). A failed email is logged and never fails the placed order.
   */
  async function confirm(order: OrderView, viewer: OrderViewer) {
    if (!email || !(await service.claimConfirmation(order.id))) return
    await sendOrderConfirmation(email, publicOrigin, order, viewer.userId ?? null).catch((err: unknown) => logger?.warn({ err, orderId: order.id }, 'order confirmation email failed'))
  }

  /** Checkouts with a key now being placed by this process: a twin waits for it, then answers as a replay. */
  const placing = new Map<string, Promise<unknown>>()

  const service = {
    /**
     * The order page's extras per box (by warehouse): its id for /shipments/{id} and, on the buyer's own boxes once
     * shipped, the tracking number (a gift's tracking shows where the family lives: it is theirs alone). Call it
     * only for an order the viewer may see (forViewer).
     */
    async boxesOf(order: Pick<OrderView, 'id' | 'shipsTo'>): Promise<{ warehouseId: number; shipmentId: number; tracking: { carrier: string; number: string } | null }[]> {
      const boxes = await orderShipmentSummaries(db, order.id)
      return boxes.map((b) => ({
        warehouseId: b.warehouseId,
        shipmentId: b.id,
        tracking: order.shipsTo.kind === 'buyer' && b.carrier && b.trackingNumber ? { carrier: b.carrier, number: b.trackingNumber } : null,
      }))
    },

    /** Whether the buyer's single-use registry discount already went on one of their orders (the shop's banner hides then). */
    registryDiscountUsed(userId: number): Promise<boolean> {
      return registryDiscountUsed(userId)
    },

    /**
     * Places an order from the viewer's cart. The same idempotency key returns the same order (never a second
     * charge); with a different cart it is refused (422). A declined card places nothing and holds nothing;
     * sold-out stock rolls everything back, releases the authorisation and answers 409 naming the product.
     */
    async placeOrder(viewer: OrderViewer, input: unknown): Promise<OrderView> {
      return (await service.place(viewer, input)).order
    },

    /**
     * placeOrder, telling a new order (`created`: the API answers 201) from a replay of a key already placed
     * (200). Same rules and errors as placeOrder.
     */
    async place(viewer: OrderViewer, input: unknown): Promise<{ order: OrderView; created: boolean }> {
      const startedAt = performance.now()
      const data = parseFields(placeOrderInput, input)
      const key = data.idempotencyKey
      // A twin of a checkout this process is placing right now waits for it, then finds its order by key.
      for (let twin = placing.get(key); twin; twin = placing.get(key)) await twin.catch(() => undefined)
      const done = placeOnce(viewer, data, startedAt)
      placing.set(key, done)
      let placed: { order: OrderView; created: boolean }
      try {
        placed = await done
      } finally {
        if (placing.get(key) === done) placing.delete(key)
      }
      // A replay too: if the attempt that placed it stopped before its email, the retry sends it (never twice).
      await confirm(placed.order, viewer)
      return placed
    },

    /** A signed-in buyer's orders, newest first, a page at a time (`page` from 1; `perPage` at most 50). */
    async listForBuyer(userId: number, options: { page?: number; perPage?: number } = {}): Promise<{ orders: OrderSummary[]; page: number; perPage: number; total: number }> {
      const perPage = Math.min(50, Math.max(1, Math.trunc(options.perPage ?? 20)))
      const page = Math.min(10_000, Math.max(1, Math.trunc(options.page ?? 1)))
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: orders.id,
            status: orders.status,
            createdAt: orders.createdAt,
            totalCents: orders.totalCents,
            registryId: orders.registryId,
            itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines ol where ol.order_id = orders.id)`,
          })
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, userId)),
      ])
      return {
        orders: rows.map((r) => ({ id: r.id, status: r.status, createdAt: r.createdAt.toISOString(), totalCents: r.totalCents, itemCount: r.itemCount, registryId: r.registryId })),
        page,
        perPage,
        total: counted?.n ?? 0,
      }
    },

    /** One order for its buyer: the signed-in user who placed it (a guest's order is shown once, on placing). */
    async forBuyer(orderId: string, userId: number): Promise<OrderView> {
      if (!isUuid(orderId)) throw new DomainError('not_found', orderMessages.notFound)
      const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      if (!row) throw new DomainError('not_found', orderMessages.notFound)
      return viewOf(row)
    },

    /**
     * What placeOrder would charge for this scope (the same pricing): lines, the registry discount with each
     * excluded line's reason, shipping, tax (estimated at the default rate until the state is known), total.
     * Unavailable lines are listed (placeOrder refuses them). An empty scope is an 'empty cart' error.
     */
    async quote(viewer: OrderViewer, input: unknown): Promise<OrderQuote & { unavailable: string[] }> {
      const data = parseInput(quoteInput, input)
      const p = await price(viewer, { scope: data.scope, quoteState: data.state ?? null }, true)
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
    },

    /**
     * One order for whoever may see it: the signed-in buyer who placed it, or the browser that placed it (it
     * holds the checkout's random key in a short-lived cookie; docs/decisions/022). Anyone else: not found.
     */
    async forViewer(orderId: string, who: { userId?: number | null; checkoutKeys?: readonly string[] }): Promise<OrderView> {
      if (!isUuid(orderId)) throw new DomainError('not_found', orderMessages.notFound)
      const keys = (who.checkoutKeys ?? []).filter((k) => k.length >= 32 && k.length <= 80).slice(0, 10)
      const owner = [who.userId ? eq(orders.userId, who.userId) : undefined, keys.length ? inArray(orders.idempotencyKey, keys) : undefined].filter((c) => c !== undefined)
      if (owner.length === 0) throw new DomainError('not_found', orderMessages.notFound)
      const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), or(...owner)))
      if (!row) throw new DomainError('not_found', orderMessages.notFound)
      return viewOf(row)
    },

    /** True exactly once per order: whoever gets it sends the confirmation email (placeOrder does; retries never send twice). */
    async claimConfirmation(orderId: string): Promise<boolean> {
      const claimed = await db
        .update(orders)
        .set({ confirmationSentAt: clock() })
        .where(and(eq(orders.id, orderId), sql`${orders.confirmationSentAt} is null`))
        .returning({ id: orders.id })
      return claimed.length === 1
    },

    /** Stock left of a product option (staff and tests). */
    async stockOf(productId: number, optionKey = ''): Promise<number | null> {
      const [row] = await db.select().from(productStock).where(and(eq(productStock.productId, productId), eq(productStock.optionKey, optionKey)))
      return row?.quantity ?? null
    },

    /**
     * After a crash (run at server start): settles payments left pending, charges placed orders whose capture
     * never happened, and releases order authorisations that have no order. Only rows older than
     * `olderThanMs` are touched, so checkouts in flight are left alone.
     */
    async reconcile(olderThanMs = 30_000): Promise<{ captured: number; voided: number }> {
      await paymentsService.reconcilePending(olderThanMs)
      const before = new Date(clock().getTime() - olderThanMs)
      // A placed order always has a payment not yet captured (it turns paid in the capture's commit; one paid
      // by gift cards and credit alone is paid when placed), so it is found through payments_unsettled_idx: no
      // index on orders names the status, and the order's placed -> paid update is a HOT one (decision 025, h13).
      const placed = await db
        .select({ order: orders })
        .from(payments)
        .innerJoin(orders, eq(orders.paymentId, payments.id))
        .where(and(sql`${payments.status} in ('pending', 'authorized')`, lt(payments.createdAt, before), eq(orders.status, 'placed'), lt(orders.createdAt, before)))
        .limit(500)
        .then((rows) => rows.map((r) => r.order))
      let captured = 0
      for (const o of placed) if ((await capture(o)).status === 'paid') captured++
      // Paid orders whose gift cards were never issued or emailed (a crash right after the charge).
      if (giftCards) await giftCards.reconcile(olderThanMs)
      const orphans = await db.execute<{ id: string }>(sql`
        select p.id from payments p
        where p.purpose = 'order' and p.status = 'authorized' and p.created_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from orders o where o.payment_id = p.id)
        limit 500`)
      let voided = 0
      for (const { id } of orphans.rows) {
        try {
          await paymentsService.void(id)
          // Marked as interrupted: the shopper's retry of that checkout asks for a new authorisation.
          await db.update(payments).set({ declineCode: 'interrupted' }).where(and(eq(payments.id, id), eq(payments.status, 'voided')))
          voided++
        } catch (error) {
          logger?.warn({ err: error, paymentId: id }, 'releasing an orphaned order authorisation failed')
        }
      }
      return { captured, voided }
    },
  }
  return service
}

export type OrdersService = ReturnType<typeof createOrdersService>
