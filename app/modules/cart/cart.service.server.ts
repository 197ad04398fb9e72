import { createHash, randomBytes } from 'node:crypto'
import DataLoader from 'dataloader'
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { products } from '../catalog/catalog.schema'
import { pdpPath } from '../catalog/product-path'
import { lineBrandTitle, lineProductColumns } from '../catalog/line-product-columns.server'
import { productStock } from '../orders/orders.schema'
import { regItems, registries } from '../registry/registry.schema'
import { optionKey, optionMessages, resolveOptions } from '../catalog/product-options'
import { FREE_SHIPPING_THRESHOLD_CENTS, MAX_CART_LINES, MAX_LINE_QUANTITY, STANDARD_SHIPPING_CENTS } from './cart.constants'
import { amazonCartItems, cartItems, carts } from './cart.schema'
import { addToCartInput, updateCartItemInput } from './cart.validation'
import type { GiftCardDetails } from '../giftcards/giftcards.schema'
import { giftCardMessages, giftCardPurchaseInput, MAX_GIFT_CARDS_PER_LINE } from '../giftcards/giftcards.validation'

/** Who the cart belongs to: a signed-in shopper, or a guest holding the token from their cookie. */
export type CartViewer = { userId?: number | null; guestToken?: string | null }

export type CartLine = {
  id: number
  productId: number
  title: string
  brand: string
  imageUrl: string
  href: string
  options: { size?: string; color?: string }
  quantity: number
  unitPriceCents: number
  lineTotalCents: number
  isGiftCard: boolean
  /** Sold out or no longer sold: the line stays so the shopper sees what happened, but cannot be bought. */
  unavailable: string | null
  /** A gift for a registry: ships to the family (guests see only their city and state). */
  gift: { registryId: number; regItemId: number; familyName: string; shipsTo: string | null } | null
  /** An electronic gift card: its amount (the unit price) and recipient; delivered by email, never shipped. */
  giftCard: GiftCardDetails | null
}

export type CartView = {
  lines: CartLine[]
  itemCount: number
  subtotalCents: number
  /** Standard shipping for the lines that ship (electronic gift cards do not): free from $45. */
  shippingCents: number
  freeShippingRemainingCents: number
  totalBeforeTaxCents: number
}

export const cartMessages = {
  productNotFound: 'We could not find that product. It may no longer be sold.',
  notForSale: 'Cash funds and favors are given on a registry, not bought in the shop.',
  soldOut: 'Sorry, this is sold out.',
  ...optionMessages,
  /** Asking for more than the stock left (counting what the cart holds already). */
  onlyLeft: (left: number, inCart: number) =>
    inCart > 0 ? `Only ${left} left, and ${inCart} ${inCart === 1 ? 'is' : 'are'} in your cart already.` : `Only ${left} left. Choose ${left} or fewer.`,
  lineNotFound: 'That item is no longer in your cart.',
  tooMany: `You can buy at most ${MAX_LINE_QUANTITY} of one item.`,
  cartFull: `Your cart is full (${MAX_CART_LINES} items). Check out or remove something first.`,
  giftNotNeeded: 'This gift is no longer needed on the registry.',
  giftOptionFixed: (field: 'size' | 'color', value: string) => `The family asked for this in ${field} ${value}, so that is the one to buy.`,
  groupGift: 'This is a group gift: chip in towards it on the registry instead of buying it whole.',
  noCart: 'Your cart is empty.',
  giftCardDetails: 'Choose the gift card amount and who it is for on the gift card page.',
  noRegistry: 'Create your registry first, then you can move cart items to it.',
  giftStays: 'This is a gift for someone else’s registry, so it stays in your cart.',
  nothingChosen: 'Choose the cart items to move to your registry.',
} as const

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
/** How a guest cart's token is kept (carts.guest_token_hash). */
export const guestTokenHash = hashToken

/** Shipping for a subtotal of items that ship (spec §9: free at $45 and over, else $7.99; nothing to ship, nothing to pay). */
export function shippingFor(shippableSubtotalCents: number): number {
  if (shippableSubtotalCents <= 0) return 0
  return shippableSubtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : STANDARD_SHIPPING_CENTS
}

/** What moving cart lines to a registry needs from the registry module. */
type RegistryTarget = {
  addTargetFor(userId: number): Promise<{ registryId: number; title: string } | null>
  addItem(registryId: number, userId: number, input: unknown): Promise<{ id: number }>
}

export type ConvertResult = {
  registryId: number
  registryTitle: string
  moved: { lineId: number; regItemId: number; title: string }[]
  kept: { lineId: number; title: string; reason: string }[]
  cart: CartView
}

/**
 * The header's cart count of a user as a column of another statement (`userId`: that statement's user id column),
 * so the shop header's facts come in one statement (accounts' sessionReaderWith; decision 028 h29).
 */
export const cartItemCountOf = (userId: AnyColumn | SQL) =>
  sql<number>`(select coalesce(sum(i.quantity), 0)::int from carts c join cart_items i on i.cart_id = c.id where c.user_id = ${userId})`

export type CartDeps = { db: Db; clock?: () => Date; registry?: RegistryTarget }

/** Carts for shoppers and guests: add, change, remove, merge at sign-in, and the totals before checkout. */
export function createCartService({ db, clock = () => new Date(), registry }: CartDeps) {
  async function findCartId(viewer: CartViewer): Promise<string | null> {
    if (viewer.userId) {
      const [c] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, viewer.userId))
      return c?.id ?? null
    }
    if (viewer.guestToken && viewer.guestToken.length >= 20 && viewer.guestToken.length <= 100) {
      const [c] = await db.select({ id: carts.id }).from(carts).where(eq(carts.guestTokenHash, hashToken(viewer.guestToken)))
      return c?.id ?? null
    }
    return null
  }

  async function ensureCartId(viewer: CartViewer): Promise<string> {
    const found = await findCartId(viewer)
    if (found) return found
    if (!viewer.userId && !viewer.guestToken) throw new DomainError('invalid_input', 'A guest cart needs its cookie. Reload the page and try again.')
    const values = viewer.userId ? { userId: viewer.userId } : { guestTokenHash: hashToken(viewer.guestToken!) }
    const [created] = await db.insert(carts).values(values).onConflictDoNothing().returning({ id: carts.id })
    return created?.id ?? (await findCartId(viewer))!
  }

  async function lineOf(viewer: CartViewer, itemId: number) {
    const cartId = await findCartId(viewer)
    if (!cartId || !Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', cartMessages.lineNotFound)
    const [line] = await db.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    if (!line) throw new DomainError('not_found', cartMessages.lineNotFound)
    return line
  }

  /**
   * Stock left of one option of a product. A product without stock rows yet (added after the seed) counts its
   * opening stock (products.stock); its rows are set up at its first checkout (decision 020).
   */
  async function stockLeft(productId: number, key: string): Promise<number> {
    const rows = await db.select({ q: productStock.quantity, key: productStock.optionKey }).from(productStock).where(eq(productStock.productId, productId))
    if (rows.length === 0) {
      const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
      return Math.max(0, p?.stock ?? 0)
    }
    return rows.find((r) => r.key === key)?.q ?? 0
  }

  // A cart's lines with what pricing them needs: one query, prepared once per connection (named statements:
  // PostgreSQL parses and plans it once, Drizzle builds its SQL once), by cart id or straight from the owner
  // (the cart lookup joined in: one round trip for a checkout or the cart page; docs/decisions/025).
  const cartLines = (owner: SQL<string | null> = sql<string | null>`null::text`) =>
    db
      .select({
        owner,
        // Only what a priced line needs (not the cart id, option key or timestamp: fewer fields to send and parse per line).
        line: { id: cartItems.id, options: cartItems.options, quantity: cartItems.quantity, registryId: cartItems.registryId, regItemId: cartItems.regItemId, giftCard: cartItems.giftCard },
        product: lineProductColumns,
        // Stock of record for this line's option (docs/decisions/021-cart.md); null only before a product's rows exist.
        stock: sql<number | null>`coalesce(${productStock.quantity}, case when not exists (select 1 from product_stock s where s.product_id = ${products.id}) then ${products.stock} end)`,
        brand: lineBrandTitle,
        familyName: registries.familyName,
        shippingAddress: registries.shippingAddress,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(productStock, and(eq(productStock.productId, cartItems.productId), eq(productStock.optionKey, cartItems.optionKey)))
      .leftJoin(registries, eq(registries.id, cartItems.registryId))
  const linesByCart = cartLines()
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id))
    .prepare('cart_lines_by_cart')
  // Carts read by their owners: the lines of every cart asked for in the same turn of the event loop, in one
  // statement (checkouts and cart pages arriving together share a round trip; docs/decisions/025, h11). The
  // owner column comes back with each line so each caller gets only its own cart's lines. The array is read
  // through a sub-select so the planner never sees how many owners a call has: every plan then costs the same
  // and PostgreSQL keeps the generic one after five runs, instead of planning the statement again on every call
  // (it did: ~2 ms of planning per read, pg_stat_statements; docs/decisions/025, h16). Still an index scan.
  const linesByUsers = cartLines(sql<string>`${carts.userId}::text`)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(sql`${carts.userId} = any((select ${sql.placeholder('userIds')}::bigint[])::bigint[])`)
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id))
    .prepare('cart_lines_by_users')
  const linesByGuests = cartLines(sql<string>`${carts.guestTokenHash}`)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(sql`${carts.guestTokenHash} = any((select ${sql.placeholder('hashes')}::text[])::text[])`)
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id))
    .prepare('cart_lines_by_guests')
  /** One loader per kind of owner: no cache (every read is fresh), batches flushed once the current I/O callbacks are done. */
  const ownerLoader = (read: (keys: string[]) => Promise<CartRows>) =>
    new DataLoader<string, CartRows>(
      async (keys) => {
        const byOwner = new Map<string, CartRows>(keys.map((k) => [k, []]))
        // Rows come in (added_at, id) order, so each cart's lines keep their order.
        for (const row of await read([...keys])) if (row.owner !== null) byOwner.get(row.owner)?.push(row)
        return keys.map((k) => byOwner.get(k)!)
      },
      { cache: false, maxBatchSize: 100, batchScheduleFn: (flush) => setImmediate(flush) },
    )
  const userLines = ownerLoader((userIds) => linesByUsers.execute({ userIds }))
  const guestLines = ownerLoader((hashes) => linesByGuests.execute({ hashes }))
  // The header's count for guests, by their token's hash: batched like the lines (a shop page made from the shared
  // copy reads only this, for every guest holding a cart; decision 028 h29).
  const guestCountsOf = db
    .select({ hash: carts.guestTokenHash, n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(sql`${carts.guestTokenHash} = any(${sql.placeholder('hashes')}::text[])`)
    .groupBy(carts.guestTokenHash)
    .prepare('cart_counts_by_guests')
  const guestItemCounts = new DataLoader<string, number>(
    async (hashes) => {
      const counts = new Map((await guestCountsOf.execute({ hashes: [...hashes] })).map((r) => [r.hash, Number(r.n)]))
      return hashes.map((h) => counts.get(h) ?? 0)
    },
    { cache: false, maxBatchSize: 100, batchScheduleFn: (flush) => setImmediate(flush) },
  )
  type CartRows = Awaited<ReturnType<typeof linesByCart.execute>>

  async function viewOf(cartId: string | null): Promise<CartView> {
    return viewOfRows(cartId ? await linesByCart.execute({ cartId }) : [])
  }

  function viewOfRows(rows: CartRows): CartView {
    const lines: CartLine[] = rows.map(({ line, product, stock, brand, familyName, shippingAddress }) => {
      const unit = line.giftCard?.amountCents ?? product.salePriceCents ?? product.priceCents
      // Electronic gift cards have no stock to run out of.
      const left = product.productType === 'gift_card' ? Number.POSITIVE_INFINITY : (stock ?? 0)
      const unavailable = !product.available || left <= 0 ? cartMessages.soldOut : left < line.quantity ? `Only ${left} left in stock.` : null
      return {
        id: line.id,
        productId: product.id,
        title: product.name,
        brand,
        imageUrl: product.imageUrl,
        href: pdpPath({ slug: product.slug, genericProductId: product.id }),
        options: line.options,
        quantity: line.quantity,
        unitPriceCents: unit,
        lineTotalCents: unit * line.quantity,
        isGiftCard: product.productType === 'gift_card',
        giftCard: line.giftCard ?? null,
        unavailable,
        gift:
          line.registryId && line.regItemId
            ? {
                registryId: line.registryId,
                regItemId: line.regItemId,
                familyName: familyName ?? '',
                shipsTo: shippingAddress ? `${shippingAddress.city}, ${shippingAddress.state}` : null,
              }
            : null,
      }
    })
    const buyable = lines.filter((l) => !l.unavailable)
    const subtotalCents = buyable.reduce((n, l) => n + l.lineTotalCents, 0)
    const shippable = buyable.filter((l) => !l.isGiftCard).reduce((n, l) => n + l.lineTotalCents, 0)
    const shippingCents = shippingFor(shippable)
    return {
      lines,
      itemCount: lines.reduce((n, l) => n + l.quantity, 0),
      subtotalCents,
      shippingCents,
      freeShippingRemainingCents: shippable > 0 ? Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - shippable) : 0,
      totalBeforeTaxCents: subtotalCents + shippingCents,
    }
  }

  return {
    /** The id of the viewer's cart, or null when they have none yet (the Amazon cart hangs off the same cart). */
    cartIdOf: findCartId,

    /** The id of the viewer's cart, made on first use (a guest needs their cookie's token). */
    ensureCartIdOf: ensureCartId,

    /** A new guest cart token for the cookie (the database keeps only its hash). */
    newGuestToken(): string {
      return randomBytes(24).toString('base64url')
    },

    /**
     * How many items the viewer's cart holds (the header's count): one indexed query, no product reads.
     */
    async itemCount(viewer: CartViewer): Promise<number> {
      if (!viewer.userId) {
        return viewer.guestToken && viewer.guestToken.length >= 20 && viewer.guestToken.length <= 100 ? guestItemCounts.load(hashToken(viewer.guestToken)) : 0
      }
      const { rows } = await db.execute<{ n: number }>(sql`select ${cartItemCountOf(sql`${viewer.userId}::bigint`)} as n`)
      return Number(rows[0]?.n ?? 0)
    },

    /**
     * The header's count for the user of a session, by the session's id (its stored hash) rather than the
     * user id, so the root loader can ask for it alongside the session check instead of after it (one
     * round trip for a signed-in page, not two). The caller uses it only once the session is valid; an
     * unknown id counts 0.
     */
    async itemCountForSession(sessionId: string): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select ${cartItemCountOf(sql`s.user_id`)} as n from sessions s where s.id = ${sessionId}`,
      )
      return Number(rows[0]?.n ?? 0)
    },

    /** The viewer's cart with prices, availability and totals (empty when there is none). */
    async view(viewer: CartViewer): Promise<CartView> {
      if (viewer.userId) return viewOfRows(await userLines.load(String(viewer.userId)))
      if (viewer.guestToken && viewer.guestToken.length >= 20 && viewer.guestToken.length <= 100) {
        return viewOfRows(await guestLines.load(hashToken(viewer.guestToken)))
      }
      return viewOfRows([])
    },

    /** Adds a product (adding to the line already holding it), with its size and colour, or as a registry gift. */
    async add(viewer: CartViewer, input: unknown): Promise<{ cart: CartView; lineId: number }> {
      const data = parseInput(addToCartInput, input)
      // The product, its stock rows and the viewer's cart, read at once (docs/decisions/025).
      const [[product], stockRows, foundCartId] = await Promise.all([
        db.select().from(products).where(eq(products.id, data.productId)),
        db.select({ q: productStock.quantity, key: productStock.optionKey }).from(productStock).where(eq(productStock.productId, data.productId)),
        findCartId(viewer),
      ])
      if (!product) throw new DomainError('not_found', cartMessages.productNotFound)
      if (product.productType === 'cash_fund' || product.productType === 'favor') throw new DomainError('invalid_input', cartMessages.notForSale)
      if (product.productType === 'gift_card') throw new DomainError('invalid_input', cartMessages.giftCardDetails)
      const options = resolveOptions(product.options, data)
      const key = optionKey(options)
      // A product without stock rows yet counts its opening stock (as stockLeft does).
      const left = stockRows.length === 0 ? Math.max(0, product.stock) : (stockRows.find((r) => r.key === key)?.q ?? 0)
      if (!product.available || left <= 0) throw new DomainError('conflict', cartMessages.soldOut)
      let gift: { registryId: number; regItemId: number } | null = null
      if (data.regItemId) {
        const [item] = await db.select().from(regItems).where(eq(regItems.id, data.regItemId))
        if (!item || item.removedAt || item.productId !== product.id) throw new DomainError('not_found', cartMessages.giftNotNeeded)
        // A group gift is funded by chip-ins (cash funds module), not bought whole.
        if (item.groupGift) throw new DomainError('conflict', cartMessages.groupGift)
        const stillNeeded = item.quantityNeeded - item.quantityReserved - item.quantityPurchased
        if (stillNeeded < data.quantity) throw new DomainError('conflict', cartMessages.giftNotNeeded)
        // An option the family chose is the gift: a different one is not what they asked for.
        for (const field of ['size', 'color'] as const) {
          const wanted = item.options[field]
          if (wanted && options[field] !== wanted) {
            const message = cartMessages.giftOptionFixed(field, wanted)
            throw new DomainError('invalid_input', message, { fields: { [field]: [message] } })
          }
        }
        gift = { registryId: item.registryId, regItemId: item.id }
      }
      const cartId = foundCartId ?? (await ensureCartId(viewer))
      // How many lines the cart has, and how many of this product and option it holds already (as a gift or
      // not: they count against the stock left), in one read.
      const [counted] = (
        await db.execute<{ lines: number; held: number }>(sql`
          select count(*)::int as lines, coalesce(sum(quantity) filter (where product_id = ${product.id} and option_key = ${key}), 0)::int as held
          from cart_items where cart_id = ${cartId}::uuid`)
      ).rows
      const lines = Number(counted?.lines ?? 0)
      const inCart = Number(counted?.held ?? 0)
      if (inCart + data.quantity > left) {
        const message = cartMessages.onlyLeft(left, inCart)
        throw new DomainError('conflict', message, { fields: { quantity: [message] } })
      }
      // One statement: a new line, or more of the line already there (never past 99).
      // The cart's updated_at is touched in the same statement.
      const inserted = await db.execute<{ id: number; quantity: number }>(sql`
        with line as (
          insert into cart_items (cart_id, product_id, options, option_key, quantity, registry_id, reg_item_id, added_at)
          values (${cartId}::uuid, ${product.id}, ${JSON.stringify(options)}::jsonb, ${key}, ${data.quantity}, ${gift?.registryId ?? null},
                  ${gift?.regItemId ?? null}, ${clock().toISOString()}::timestamptz)
          on conflict (cart_id, product_id, option_key, coalesce(reg_item_id, 0))
          do update set quantity = cart_items.quantity + excluded.quantity
          where cart_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}
          returning id, quantity
        ), touched as (
          update carts set updated_at = ${clock().toISOString()}::timestamptz where id = ${cartId}::uuid and exists (select 1 from line)
        )
        select id, quantity from line`)
      const line = inserted.rows[0] ? { id: Number(inserted.rows[0].id), quantity: Number(inserted.rows[0].quantity) } : undefined
      if (!line) throw new DomainError('invalid_input', cartMessages.tooMany, { fields: { quantity: [cartMessages.tooMany] } })
      if (line.quantity === data.quantity && lines >= MAX_CART_LINES) {
        await db.delete(cartItems).where(eq(cartItems.id, line.id))
        throw new DomainError('invalid_input', cartMessages.cartFull)
      }
      return { cart: await viewOf(cartId), lineId: line.id }
    },

    /**
     * Adds an electronic gift card: a line of its own (its amount, recipient and message), which is the line's
     * price; it ships nowhere and is issued by email once the order is paid (app/modules/giftcards).
     */
    async addGiftCard(viewer: CartViewer, input: unknown): Promise<{ cart: CartView; lineId: number }> {
      const data = parseInput(giftCardPurchaseInput, input)
      const [product] = await db.select().from(products).where(eq(products.id, data.productId))
      if (!product || product.productType !== 'gift_card') throw new DomainError('not_found', giftCardMessages.notAGiftCard, { fields: { productId: [giftCardMessages.notAGiftCard] } })
      if (!product.available) throw new DomainError('conflict', cartMessages.soldOut)
      const cartId = await ensureCartId(viewer)
      const [{ lines }] = (await db.execute<{ lines: number }>(sql`select count(*)::int as lines from cart_items where cart_id = ${cartId}`)).rows as [{ lines: number }]
      if (lines >= MAX_CART_LINES) throw new DomainError('invalid_input', cartMessages.cartFull)
      const [line] = await db
        .insert(cartItems)
        .values({ cartId, productId: product.id, optionKey: `gift_card=${randomBytes(9).toString('base64url')}`, quantity: data.quantity, giftCard: data.details, addedAt: clock() })
        .returning({ id: cartItems.id })
      await db.update(carts).set({ updatedAt: clock() }).where(eq(carts.id, cartId))
      return { cart: await viewOf(cartId), lineId: line!.id }
    },

    /** Sets a line's quantity. */
    async update(viewer: CartViewer, itemId: number, input: unknown): Promise<CartView> {
      const { quantity } = parseInput(updateCartItemInput, input)
      const line = await lineOf(viewer, itemId)
      if (line.giftCard && quantity > MAX_GIFT_CARDS_PER_LINE) throw new DomainError('invalid_input', giftCardMessages.quantity, { fields: { quantity: [giftCardMessages.quantity] } })
      const [product] = await db.select({ productType: products.productType }).from(products).where(eq(products.id, line.productId))
      if (product?.productType !== 'gift_card') {
        const left = await stockLeft(line.productId, line.optionKey)
        const [others] = await db
          .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
          .from(cartItems)
          .where(and(eq(cartItems.cartId, line.cartId), eq(cartItems.productId, line.productId), eq(cartItems.optionKey, line.optionKey), sql`${cartItems.id} <> ${line.id}`))
          .then((r) => r.map((x) => Number(x.n)))
        const otherLines = others ?? 0
        if (quantity > line.quantity && otherLines + quantity > left) {
          const message = left <= 0 ? cartMessages.soldOut : cartMessages.onlyLeft(Math.max(0, left - otherLines), 0)
          throw new DomainError('conflict', message, { fields: { quantity: [message] } })
        }
      }
      await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id))
      return viewOf(line.cartId)
    },

    /** Removes a line (removing one that is gone already is fine). */
    async remove(viewer: CartViewer, itemId: number): Promise<CartView> {
      const cartId = await findCartId(viewer)
      if (cartId && Number.isSafeInteger(itemId)) await db.delete(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
      return viewOf(cartId)
    },

    /**
     * At sign-in: the guest's lines move into the account's cart (quantities of the same line add up, at most
     * 99), and the guest cart is deleted. One transaction, so a line is never lost or counted twice.
     */
    async mergeGuestCart(guestToken: string | null | undefined, userId: number): Promise<void> {
      if (!guestToken) return
      const guestId = await findCartId({ guestToken })
      if (!guestId) return
      const userCartId = await ensureCartId({ userId })
      await db.transaction(async (tx) => {
        // Two sign-ins at once (two tabs): the second waits here, then finds the guest cart gone.
        const locked = await tx.execute(sql`select id from carts where id = ${guestId}::uuid for update`)
        if (locked.rows.length === 0) return
        await tx.execute(sql`
          insert into cart_items (cart_id, product_id, options, option_key, quantity, registry_id, reg_item_id, gift_card, added_at)
          select ${userCartId}::uuid, product_id, options, option_key, quantity, registry_id, reg_item_id, gift_card, added_at
          from cart_items where cart_id = ${guestId}::uuid
          on conflict (cart_id, product_id, option_key, coalesce(reg_item_id, 0))
          do update set quantity = least(${MAX_LINE_QUANTITY}, cart_items.quantity + excluded.quantity)`)
        // The Amazon cart's lines move too: their reservations stay held for the giver, now signed in.
        await tx.update(amazonCartItems).set({ cartId: userCartId }).where(eq(amazonCartItems.cartId, guestId))
        await tx.delete(carts).where(eq(carts.id, guestId))
      })
    },

    /**
     * A signed-in registry owner moves cart lines (the chosen ones, or all) to their registry as registry items,
     * with their options and quantities; each moved line leaves the cart. Gifts for a registry stay, and so
     * does anything the registry refuses (say, sold out), with the reason.
     */
    async convertToRegistryItems(userId: number, lineIds?: readonly number[]): Promise<ConvertResult> {
      if (!registry) throw new Error('convertToRegistryItems needs the registry service')
      const target = await registry.addTargetFor(userId)
      if (!target) throw new DomainError('invalid_input', cartMessages.noRegistry)
      const cartId = await findCartId({ userId })
      const all = cartId ? await db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.addedAt), asc(cartItems.id)) : []
      if (lineIds && lineIds.length === 0) throw new DomainError('invalid_input', cartMessages.nothingChosen)
      if (lineIds?.some((id) => !all.some((l) => l.id === id))) throw new DomainError('not_found', cartMessages.lineNotFound)
      const chosen = lineIds ? all.filter((l) => lineIds.includes(l.id)) : all
      const titles = new Map(
        chosen.length
          ? (await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, chosen.map((l) => l.productId)))).map((p) => [p.id, p.name])
          : [],
      )
      const result: ConvertResult = { registryId: target.registryId, registryTitle: target.title, moved: [], kept: [], cart: await viewOf(null) }
      for (const line of chosen) {
        const title = titles.get(line.productId) ?? ''
        if (line.regItemId) {
          result.kept.push({ lineId: line.id, title, reason: cartMessages.giftStays })
          continue
        }
        try {
          const options = Object.fromEntries(Object.entries(line.options).filter(([, v]) => Boolean(v))) as Record<string, string>
          const item = await registry.addItem(target.registryId, userId, { productId: line.productId, quantity: line.quantity, options })
          await db.delete(cartItems).where(eq(cartItems.id, line.id))
          result.moved.push({ lineId: line.id, regItemId: item.id, title })
        } catch (error) {
          if (!isDomainError(error)) throw error
          result.kept.push({ lineId: line.id, title, reason: error.message })
        }
      }
      result.cart = await viewOf(cartId)
      return result
    },

    /** Empties the viewer's cart (after an order is placed). */
    async clear(viewer: CartViewer): Promise<void> {
      const cartId = await findCartId(viewer)
      if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId))
    },
  }
}

export type CartService = ReturnType<typeof createCartService>
