import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import type { Logger } from '~/lib/logger.server'
import { cartMessages, shippingFor, type CartLine, type CartService, type CartViewer } from '../cart/cart.service.server'
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../cart/cart.constants'
import { brands, categories, products } from '../catalog/catalog.schema'
import { pdpPath } from '../catalog/product-path'
import { isUsStateCode } from '../accounts/us-states'
import { discountForCart, type DiscountExclusion, type RegistryDiscount } from '../discount/discount'
import { payments } from '../payments/payments.schema'
import type { PaymentsService } from '../payments/payments.service.server'
import { type PostalAddress, regItems, registries, reservations } from '../registry/registry.schema'
import { orderLines, orders, productStock, shipments, type OrderRow } from './orders.schema'
import { type CheckoutScope, orderMessages, placeOrderInput, quoteInput } from './orders.validation'
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
  shipments: { warehouseId: number; status: string; lineCount: number }[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  totalCents: number
  payment: { cardBrand: string; cardLast4: string }
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
}

/** One order in the buyer's list (/settings/your-orders). */
export type OrderSummary = {
  id: string
  createdAt: string
  status: OrderRow['status']
  totalCents: number
  itemCount: number
  titles: string[]
  isGift: boolean
}

export type OrderViewer = CartViewer

export type OrdersDeps = {
  db: Db
  cart: CartService
  payments: PaymentsService
  /** The buyer's current registry discount (the discount service's currentFor). */
  discount: { currentFor(userId: number): Promise<{ discount: RegistryDiscount | null } | null> }
  clock?: () => Date
  logger?: Pick<Logger, 'warn'>
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
  registryId: number | null
  regItemId: number | null
  warehouseId: number
}

const optionKeyOf = (o: { size?: string; color?: string }) => [o.size ? `size=${o.size}` : '', o.color ? `color=${o.color}` : ''].filter(Boolean).join('|')
const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')
const sha = (s: string) => createHash('sha256').update(s).digest('base64url')
/** Thrown inside the order's transaction when a product has no stock rows yet (rolled back, then set up). */
class MissingStockRows extends Error {
  constructor(readonly productIds: number[]) {
    super('stock rows missing')
  }
}

/** A line to price: a cart line, or a gift reserved earlier (reservation checkout). */
type SourceLine = CartLine & { cartLineId: number | null; reservationId: string | null }

const pickOptions = (o: Record<string, string>): { size?: string; color?: string } => ({
  ...(o.size ? { size: o.size } : {}),
  ...(o.color ? { color: o.color } : {}),
})

const pgCode = (e: unknown): string | undefined => (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code

/**
 * Orders: place an order from the viewer's cart (idempotent, stock taken in the order's transaction, the card
 * authorised before and charged after it commits), read it back, and settle what a crash left half done.
 */
export function createOrdersService({ db, cart, payments: paymentsService, discount, clock = () => new Date(), logger }: OrdersDeps) {
  async function viewOf(order: OrderRow): Promise<OrderView> {
    const [lines, ships, [payment], [registry]] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
      db.select().from(shipments).where(eq(shipments.orderId, order.id)).orderBy(asc(shipments.warehouseId)),
      db.select({ cardBrand: payments.cardBrand, cardLast4: payments.cardLast4 }).from(payments).where(eq(payments.id, order.paymentId)),
      order.registryId ? db.select({ id: registries.id, familyName: registries.familyName }).from(registries).where(eq(registries.id, order.registryId)) : Promise.resolve([]),
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
      shipments: ships.map((s) => ({ warehouseId: s.warehouseId, status: s.status, lineCount: lines.filter((l) => l.warehouseId === s.warehouseId).length })),
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      payment: { cardBrand: payment?.cardBrand ?? '', cardLast4: payment?.cardLast4 ?? '' },
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
        product: {
          id: products.id,
          slug: products.slug,
          name: products.name,
          imageUrl: products.imageUrl,
          priceCents: products.priceCents,
          salePriceCents: products.salePriceCents,
          available: products.available,
          stock: products.stock,
          productType: products.productType,
        },
        brand: sql<string>`(select title from brands b where b.id = ${products.brandId})`,
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
      const unavailable = !product.available || product.stock <= 0 ? 'Sorry, this is sold out.' : product.stock < r.quantity ? `Only ${product.stock} left in stock.` : null
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
      }
    })
  }

  /** Quick buy: one product, its options checked as Add to Cart checks them. */
  async function buyNowLine({ productId, quantity, size, color }: { productId: number; quantity: number; size?: string; color?: string }): Promise<SourceLine[]> {
    const [row] = await db
      .select({ product: products, brand: sql<string>`(select title from brands b where b.id = ${products.brandId})` })
      .from(products)
      .where(eq(products.id, productId))
    if (!row) throw new DomainError('not_found', cartMessages.productNotFound)
    const { product, brand } = row
    if (product.productType === 'cash_fund' || product.productType === 'favor') throw new DomainError('invalid_input', cartMessages.notForSale)
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
        isGiftCard: product.productType === 'gift_card',
        unavailable: !product.available || product.stock <= 0 ? cartMessages.soldOut : product.stock < quantity ? `Only ${product.stock} left in stock.` : null,
        gift: null,
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
      .map((l) => ({ ...l, cartLineId: l.id, reservationId: null }))
  }

  async function byKey(idempotencyKey: string) {
    const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey))
    return row
  }

  /** Charges a placed order's authorisation; a failure leaves it placed for reconcile() to retry. */
  async function capture(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'placed') return order
    try {
      await paymentsService.capture(order.paymentId)
    } catch (error) {
      logger?.warn({ err: error, orderId: order.id }, 'capturing an order payment failed; reconcile() will retry')
      return order
    }
    const [paid] = await db
      .update(orders)
      .set({ status: 'paid', updatedAt: clock() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'placed')))
      .returning()
    return paid ?? order
  }

  /** The cart priced for checkout: lines, discount shares, shipping, tax and where it ships. */
  async function price(
    viewer: OrderViewer,
    { scope, shippingAddress, quoteState }: { scope?: CheckoutScope; shippingAddress?: PostalAddress; quoteState?: string | null },
    quoting = false,
  ) {
    const view = { lines: await linesFor(viewer, scope) }
    if (view.lines.length === 0) throw new DomainError('invalid_input', orderMessages.emptyCart)
    if (!quoting && view.lines.some((l) => l.unavailable)) throw new DomainError('conflict', orderMessages.unavailable)
    const giftRegistries = new Set(view.lines.map((l) => l.gift?.registryId ?? null))
    if (giftRegistries.size > 1) throw new DomainError('invalid_input', orderMessages.mixedCart)
    const registryId = [...giftRegistries][0] ?? null

    let address: PostalAddress | null
    if (registryId) {
      const [r] = await db.select({ address: registries.shippingAddress }).from(registries).where(eq(registries.id, registryId))
      if (!r?.address) throw new DomainError('conflict', orderMessages.noRegistryAddress)
      address = r.address
    } else if (shippingAddress && shippingAddress.state && shippingAddress.city) {
      address = shippingAddress
    } else if (quoting) {
      address = null
    } else {
      throw new DomainError('invalid_input', orderMessages.address, { fields: { shippingAddress: [orderMessages.address] } })
    }

    // The registry discount: the buyer's own eligible registry, on their own (non-gift) lines.
    let registryDiscount: RegistryDiscount | null = null
    if (viewer.userId && !registryId) registryDiscount = (await discount.currentFor(viewer.userId))?.discount ?? null
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
      unavailable: view.lines.filter((l) => l.unavailable).map((l) => l.title),
    }
  }

  type Priced = Awaited<ReturnType<typeof price>>

  const fingerprintOf = (p: Priced, email: string) =>
    sha(
      JSON.stringify({
        email,
        lines: p.lines.map((l) => [l.productId, l.optionKey, l.quantity, l.unitPriceCents, l.regItemId]).sort(),
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
    { email, name, giftMessage }: { email: string; name: string; giftMessage: string },
    p: Priced & { address: PostalAddress },
    paymentId: string,
  ) {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: viewer.userId ?? null,
          email,
          buyerName: name,
          idempotencyKey: key,
          fingerprint,
          status: 'placed',
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

      // Registry gifts: bought on Nestlist, so purchased at once (never more than the item still needs).
      const reservationOf = new Map<number, string>()
      const gifts = p.lines.filter((l) => l.regItemId).sort((a, b) => a.regItemId! - b.regItemId!)
      for (const g of gifts) {
        if (g.reservationId) {
          // Reserved earlier by this buyer: that reservation turns purchased (not a second one).
          const moved = await tx.execute<{ quantity: number }>(sql`
            update reservations set status = 'purchased', source = 'nestlist_order', purchased_at = ${clock().toISOString()}::timestamptz,
              gift_message = case when ${giftMessage} <> '' then ${giftMessage} else gift_message end
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
          insert into reservations (reg_item_id, registry_id, quantity, status, source, giver_name, giver_email, giver_user_id, gift_message, created_at, purchased_at)
          values (${g.regItemId}, ${g.registryId}, ${g.quantity}, 'purchased', 'nestlist_order', ${name}, ${email}, ${viewer.userId ?? null}, ${giftMessage},
                  ${clock().toISOString()}::timestamptz, ${clock().toISOString()}::timestamptz)
          returning id`)
        reservationOf.set(g.regItemId!, inserted.rows[0]!.id)
      }

      await tx.insert(orderLines).values(
        p.lines.map((l) => ({
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
        })),
      )
      const sites = [...new Set(p.lines.map((l) => l.warehouseId))].sort((a, b) => a - b)
      await tx.insert(shipments).values(sites.map((warehouseId) => ({ orderId: order.id, warehouseId, createdAt: clock() })))

      // Stock last, so the hot rows stay locked only for one statement and the commit: every row needed is
      // locked in (product, option) order (concurrent orders cannot deadlock), then taken only where enough is
      // left. Fewer rows back than needed: something is sold out, and the whole order rolls back.
      const needs = new Map<string, { productId: number; optionKey: string; quantity: number; title: string }>()
      for (const l of p.lines) {
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
      return order
    })
  }

  const service = {
    /**
     * Places an order from the viewer's cart. The same idempotency key returns the same order (never a second
     * charge); with a different cart it is refused (422). A declined card places nothing and holds nothing;
     * sold-out stock rolls everything back, releases the authorisation and answers 409 naming the product.
     */
    async placeOrder(viewer: OrderViewer, input: unknown): Promise<OrderView> {
      const data = parseInput(placeOrderInput, input)
      const key = data.idempotencyKey
      const priceOrEmpty = async () => {
        try {
          return await price(viewer, { scope: data.scope, shippingAddress: data.shippingAddress })
        } catch (error) {
          if (isDomainError(error) && error.message === orderMessages.emptyCart) return null
          throw error
        }
      }

      const existing = await byKey(key)
      if (existing) {
        // A retry: the cart was cleared when the order was placed, or is the same cart.
        const again = await priceOrEmpty()
        if (again && fingerprintOf(again, data.email) !== existing.fingerprint) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
        return viewOf(await capture(existing))
      }

      const priced = await priceOrEmpty()
      if (!priced) {
        // A parallel submission with this key may have placed the order and cleared the cart a moment ago.
        const placed = await byKey(key)
        if (placed) return viewOf(placed)
        throw new DomainError('invalid_input', orderMessages.emptyCart)
      }
      const fingerprint = fingerprintOf(priced, data.email)
      const destination = priced.address
      if (!destination) throw new DomainError('invalid_input', orderMessages.address, { fields: { shippingAddress: [orderMessages.address] } })

      // One payment per (checkout key, cart, card): parallel twins share it; another card after a decline gets its own.
      const payment = await paymentsService.authorize({
        idempotencyKey: `order:${sha(`${key}\u0000${fingerprint}\u0000${data.card.number.replace(/\D/g, '').slice(-4)}`)}`,
        amountCents: priced.totalCents,
        purpose: 'order',
        card: data.card,
      })
      if (payment.status === 'declined') {
        const message = payment.declineMessage ?? orderMessages.paymentUnconfirmed
        throw new DomainError('invalid_input', message, { fields: { card: [message] } })
      }
      if (payment.status === 'pending') throw new DomainError('conflict', orderMessages.paymentUnconfirmed)
      // Released after an earlier attempt with this key sold out: that checkout is over; a new one gets a new key.
      if (payment.status !== 'authorized' && payment.status !== 'captured') throw new DomainError('conflict', orderMessages.checkoutCancelled)

      let order: OrderRow | null
      try {
        // A product added after the seed, met at checkout for the first time: its stock rows come from
        // products.stock, then the order is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            order = await insertOrder(viewer, key, fingerprint, { email: data.email, name: data.name, giftMessage: data.giftMessage }, { ...priced, address: destination }, payment.id)
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
          if (!(await byKey(key))) await paymentsService.void(payment.id).catch(() => undefined)
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
        return viewOf(winner)
      }
      const captured = await capture(order)
      // Only the lines this order bought leave the cart (a scoped checkout keeps the rest).
      if (data.scope === undefined) await cart.clear(viewer)
      else for (const l of priced.lines) if (l.cartLineId) await cart.remove(viewer, l.cartLineId)
      // Everything the buyer sees is in hand: no need to read the order back.
      return {
        id: captured.id,
        status: captured.status,
        email: captured.email,
        createdAt: captured.createdAt.toISOString(),
        shipsTo: priced.registryId
          ? { kind: 'registry', registryId: priced.registryId, familyName: priced.familyName, city: destination.city, state: destination.state }
          : { kind: 'buyer', address: destination },
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
        shipments: [...new Set(priced.lines.map((l) => l.warehouseId))]
          .sort((a, b) => a - b)
          .map((warehouseId) => ({ warehouseId, status: 'processing', lineCount: priced.lines.filter((l) => l.warehouseId === warehouseId).length })),
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        shippingCents: priced.shippingCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
        payment: { cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 },
        buyerName: captured.buyerName,
        giftMessage: captured.giftMessage,
      }
    },

    /**
     * What placeOrder would charge for this scope (the same pricing): lines, the registry discount with each
     * excluded line's reason, shipping, tax (estimated at the default rate until the state is known), total.
     * Unavailable lines are listed (placeOrder refuses them). An empty scope is an 'empty cart' error.
     */
    async quote(viewer: OrderViewer, input: unknown): Promise<OrderQuote & { unavailable: string[] }> {
      const data = parseInput(quoteInput, input)
      const p = await price(viewer, { scope: data.scope, quoteState: data.state ?? null }, true)
      return {
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
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) throw new DomainError('not_found', orderMessages.notFound)
      const keys = (who.checkoutKeys ?? []).filter((k) => k.length >= 32 && k.length <= 80).slice(0, 10)
      const owner = [who.userId ? eq(orders.userId, who.userId) : undefined, keys.length ? inArray(orders.idempotencyKey, keys) : undefined].filter((c) => c !== undefined)
      if (owner.length === 0) throw new DomainError('not_found', orderMessages.notFound)
      const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), or(...owner)))
      if (!row) throw new DomainError('not_found', orderMessages.notFound)
      return viewOf(row)
    },

    /** True exactly once per order: whoever gets it sends the confirmation email (retries never send twice). */
    async claimConfirmation(orderId: string): Promise<boolean> {
      const claimed = await db
        .update(orders)
        .set({ confirmationSentAt: clock() })
        .where(and(eq(orders.id, orderId), sql`${orders.confirmationSentAt} is null`))
        .returning({ id: orders.id })
      return claimed.length === 1
    },

    /** The signed-in buyer's orders, newest first, a page at a time. */
    async listForUser(userId: number, { page = 1, perPage = 10 }: { page?: number; perPage?: number } = {}) {
      const size = Math.min(50, Math.max(1, Math.floor(perPage)))
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId))
      const pages = Math.max(1, Math.ceil(total / size))
      const current = Math.min(pages, Math.max(1, Math.floor(page) || 1))
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size)
        .offset((current - 1) * size)
      const lines = rows.length
        ? await db
            .select({ orderId: orderLines.orderId, title: orderLines.title, quantity: orderLines.quantity })
            .from(orderLines)
            .where(inArray(orderLines.orderId, rows.map((r) => r.id)))
            .orderBy(asc(orderLines.id))
        : []
      const summaries: OrderSummary[] = rows.map((r) => {
        const mine = lines.filter((l) => l.orderId === r.id)
        return {
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          status: r.status,
          totalCents: r.totalCents,
          itemCount: mine.reduce((n, l) => n + l.quantity, 0),
          titles: mine.map((l) => l.title),
          isGift: r.registryId !== null,
        }
      })
      return { orders: summaries, total, page: current, pages }
    },

    /** One order for its buyer: the signed-in user who placed it (a guest's order is shown once, on placing). */
    async forBuyer(orderId: string, userId: number): Promise<OrderView> {
      if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw new DomainError('not_found', orderMessages.notFound)
      const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      if (!row) throw new DomainError('not_found', orderMessages.notFound)
      return viewOf(row)
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
      const placed = await db.select().from(orders).where(and(eq(orders.status, 'placed'), lt(orders.createdAt, before))).limit(500)
      let captured = 0
      for (const o of placed) if ((await capture(o)).status === 'paid') captured++
      const orphans = await db.execute<{ id: string }>(sql`
        select p.id from payments p
        where p.purpose = 'order' and p.status = 'authorized' and p.created_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from orders o where o.payment_id = p.id)
        limit 500`)
      let voided = 0
      for (const { id } of orphans.rows) {
        try {
          await paymentsService.void(id)
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
