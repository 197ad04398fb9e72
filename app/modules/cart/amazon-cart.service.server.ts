import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { regItemOffers } from '../external-products/external-products.schema'
import { regItems, registries, reservations } from '../registry/registry.schema'
import type { ReservationsService } from '../registry/reservations.service.server'
import { MAX_QUANTITY } from '../registry/registry.constants'
import { amazonAsinOf, amazonCartUrl, amazonProductUrl } from './amazon'
import { addAmazonCartItemInput, updateAmazonCartItemInput } from './amazon-cart.validation'
import { amazonCartItems } from './cart.schema'
import type { CartService, CartViewer } from './cart.service.server'

export const amazonCartMessages = {
  notAmazon: 'This gift is not sold on Amazon, so it cannot go in your Amazon cart. Reserve it instead, or buy it where the family added it.',
  itemGone: 'This gift is no longer on the registry.',
  lineNotFound: 'That gift is not in your Amazon cart.',
  alreadyBought: 'You already bought this gift, so it stays on the registry as bought.',
  notThatMany: (n: number) => (n <= 0 ? 'This gift is no longer needed: others have reserved or bought all of it.' : `Only ${n} still needed. Choose ${n} or fewer.`),
  nothingToCheckOut: 'Your Amazon cart has no gifts to send to Amazon for this registry.',
  giverNeeded: 'Tell us who the gift is from, so we can hold it for you.',
} as const

/** How long bought gifts stay listed under 'Bought on Amazon'. */
const BOUGHT_SHOWN_DAYS = 30

export type AmazonCartLine = {
  id: number
  regItemId: number
  /** The giver's key to the reservation (/reservations/{id}). */
  reservationId: string
  title: string
  imageUrl: string
  priceCents: number
  asin: string
  /** The item on amazon.com. */
  amazonUrl: string
  quantity: number
  /** The most this line may hold: what it holds plus what the item still needs (at most 99). */
  maxQuantity: number
  /** held: reserved for the giver until they say they bought it; purchased: marked bought. */
  status: 'held' | 'purchased'
  /** Why a held line cannot be sent to Amazon (the family removed the item), or null. */
  unavailable: string | null
  addedAt: string
  sentToAmazonAt: string | null
  purchasedAt: string | null
}

export type AmazonCartGroup = {
  /** What guests see of the registry: never the street address. */
  registry: { id: number; slug: string; title: string; familyName: string; shipsTo: { city: string; state: string } | null }
  lines: AmazonCartLine[]
  bought: AmazonCartLine[]
  /** Amazon's add-to-cart link for the held lines, or null when none can go. */
  checkoutUrl: string | null
}

export type AmazonCartView = {
  /** One group per registry: each family's gifts go to Amazon (and ship) apart. */
  registries: AmazonCartGroup[]
  /** How many gifts are held (the quantities of the held lines). */
  itemCount: number
}

/** Who is giving: a signed-in giver's account, or what a guest typed. */
export type AmazonGiver = { userId: number | null; name?: string; email?: string }

export type AmazonCartDeps = {
  db: Db
  cart: Pick<CartService, 'cartIdOf' | 'ensureCartIdOf'>
  reservations: Pick<ReservationsService, 'reserve' | 'unreserve' | 'changeQuantity' | 'markPurchased'>
  /** AMAZON_ASSOCIATE_TAG: added to the Amazon link only when set. */
  associateTag?: string | null
  clock?: () => Date
}

/**
 * The Amazon cart (cart type amazonCart): a giver collects registry items sold on Amazon, each held for them
 * by a reservation, sends them to their own amazon.com cart with one link, and then says what they bought.
 */
export function createAmazonCartService({ db, cart, reservations: reserving, associateTag = null, clock = () => new Date() }: AmazonCartDeps) {
  const lineRows = (cartId: string) =>
    db
      .select({
        line: amazonCartItems,
        status: reservations.status,
        quantity: reservations.quantity,
        reservationPurchasedAt: reservations.purchasedAt,
        title: regItems.title,
        imageUrl: regItems.imageUrl,
        priceCents: regItems.priceCents,
        removedAt: regItems.removedAt,
        stillNeeded: sql<number>`${regItems.quantityNeeded} - ${regItems.quantityReserved} - ${regItems.quantityPurchased}`,
        slug: registries.slug,
        registryTitle: registries.title,
        familyName: registries.familyName,
        shippingAddress: registries.shippingAddress,
      })
      .from(amazonCartItems)
      .innerJoin(reservations, eq(reservations.id, amazonCartItems.reservationId))
      .innerJoin(regItems, eq(regItems.id, amazonCartItems.regItemId))
      .innerJoin(registries, eq(registries.id, amazonCartItems.registryId))
      .where(
        and(
          eq(amazonCartItems.cartId, cartId),
          ne(reservations.status, 'cancelled'),
          // Bought gifts stay listed for a while, then leave the cart (the reservation page keeps them).
          or(eq(reservations.status, 'reserved'), sql`coalesce(${amazonCartItems.purchasedAt}, ${reservations.purchasedAt}) > ${new Date(clock().getTime() - BOUGHT_SHOWN_DAYS * 86_400_000).toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(amazonCartItems.addedAt), asc(amazonCartItems.id))

  type Row = Awaited<ReturnType<typeof lineRows>>[number]

  function toLine(r: Row): AmazonCartLine {
    const held = r.status === 'reserved'
    return {
      id: r.line.id,
      regItemId: r.line.regItemId,
      reservationId: r.line.reservationId,
      title: r.title,
      imageUrl: r.imageUrl,
      priceCents: r.priceCents,
      asin: r.line.asin,
      amazonUrl: amazonProductUrl(r.line.asin),
      quantity: r.quantity,
      maxQuantity: held ? Math.min(MAX_QUANTITY, r.quantity + Math.max(0, Number(r.stillNeeded))) : r.quantity,
      status: held ? 'held' : 'purchased',
      unavailable: held && r.removedAt ? amazonCartMessages.itemGone : null,
      addedAt: r.line.addedAt.toISOString(),
      sentToAmazonAt: held ? (r.line.sentToAmazonAt?.toISOString() ?? null) : null,
      purchasedAt: (r.line.purchasedAt ?? r.reservationPurchasedAt)?.toISOString() ?? null,
    }
  }

  async function viewOf(cartId: string | null): Promise<AmazonCartView> {
    if (!cartId) return { registries: [], itemCount: 0 }
    const rows = await lineRows(cartId)
    const groups = new Map<number, AmazonCartGroup>()
    for (const r of rows) {
      let g = groups.get(r.line.registryId)
      if (!g) {
        const a = r.shippingAddress
        g = {
          registry: { id: r.line.registryId, slug: r.slug, title: r.registryTitle, familyName: r.familyName, shipsTo: a ? { city: a.city, state: a.state } : null },
          lines: [],
          bought: [],
          checkoutUrl: null,
        }
        groups.set(r.line.registryId, g)
      }
      const line = toLine(r)
      if (line.status === 'held') g.lines.push(line)
      else g.bought.push(line)
    }
    for (const g of groups.values()) {
      const sendable = g.lines.filter((l) => !l.unavailable)
      g.checkoutUrl = sendable.length ? amazonCartUrl(sendable, associateTag) : null
      g.bought.sort((a, b) => (b.purchasedAt ?? '').localeCompare(a.purchasedAt ?? ''))
    }
    const list = [...groups.values()]
    return { registries: list, itemCount: list.reduce((n, g) => n + g.lines.reduce((m, l) => m + l.quantity, 0), 0) }
  }

  /** A line of the viewer's cart with its reservation's status; not_found for another cart's line or one given back. */
  async function lineOf(viewer: CartViewer, lineId: number) {
    const cartId = await cart.cartIdOf(viewer)
    if (!cartId || !Number.isSafeInteger(lineId) || lineId <= 0) throw new DomainError('not_found', amazonCartMessages.lineNotFound)
    const [row] = await db
      .select({ line: amazonCartItems, status: reservations.status })
      .from(amazonCartItems)
      .innerJoin(reservations, eq(reservations.id, amazonCartItems.reservationId))
      .where(and(eq(amazonCartItems.id, lineId), eq(amazonCartItems.cartId, cartId), ne(reservations.status, 'cancelled')))
    if (!row) throw new DomainError('not_found', amazonCartMessages.lineNotFound)
    return { ...row, cartId }
  }

  /** The item as a giver may see it, with its ASIN (from its own link or its other places to buy). */
  async function amazonItem(regItemId: number) {
    const [item] = await db
      .select({
        id: regItems.id,
        registryId: regItems.registryId,
        productId: regItems.productId,
        externalUrl: regItems.externalUrl,
        title: regItems.title,
        removedAt: regItems.removedAt,
        stillNeeded: sql<number>`${regItems.quantityNeeded} - ${regItems.quantityReserved} - ${regItems.quantityPurchased}`,
        familyName: registries.familyName,
      })
      .from(regItems)
      .innerJoin(registries, eq(registries.id, regItems.registryId))
      .where(eq(regItems.id, regItemId))
    if (!item || item.removedAt) throw new DomainError('not_found', amazonCartMessages.itemGone)
    const offers = await db.select({ url: regItemOffers.url }).from(regItemOffers).where(eq(regItemOffers.regItemId, item.id)).orderBy(asc(regItemOffers.id))
    const asin = amazonAsinOf({ href: item.productId === null ? item.externalUrl : null }, offers)
    if (!asin) throw new DomainError('invalid_input', amazonCartMessages.notAmazon, { fields: { regItemId: [amazonCartMessages.notAmazon] } })
    return { ...item, stillNeeded: Number(item.stillNeeded), asin }
  }

  /** The name and email the reservation is made in: the account's, what a guest typed, or the cart's earlier gifts'. */
  async function giverOf(cartId: string, giver: AmazonGiver, typed: { giverName?: string; giverEmail?: string }) {
    if (giver.name && giver.email) return { giverName: giver.name, giverEmail: giver.email }
    if (typed.giverName?.trim() || typed.giverEmail?.trim()) return { giverName: typed.giverName ?? '', giverEmail: typed.giverEmail ?? '' }
    const [earlier] = await db
      .select({ giverName: reservations.giverName, giverEmail: reservations.giverEmail })
      .from(amazonCartItems)
      .innerJoin(reservations, eq(reservations.id, amazonCartItems.reservationId))
      .where(eq(amazonCartItems.cartId, cartId))
      .orderBy(desc(amazonCartItems.addedAt))
      .limit(1)
    if (earlier) return earlier
    throw new DomainError('invalid_input', amazonCartMessages.giverNeeded, {
      fields: { giverName: ['Enter your name.'], giverEmail: ['Enter your email address.'] },
    })
  }

  const service = {
    /** An Amazon item as the 'Who is this gift from?' form shows it, or null when it cannot go in an Amazon cart. */
    async itemForGiver(regItemId: number) {
      if (!Number.isSafeInteger(regItemId) || regItemId <= 0) return null
      const found = await amazonItem(regItemId).catch(() => null)
      if (!found) return null
      const [extra] = await db
        .select({ imageUrl: regItems.imageUrl, priceCents: regItems.priceCents, slug: registries.slug })
        .from(regItems)
        .innerJoin(registries, eq(registries.id, regItems.registryId))
        .where(eq(regItems.id, found.id))
      return { id: found.id, title: found.title, familyName: found.familyName, stillNeeded: found.stillNeeded, asin: found.asin, ...extra! }
    },

    /** The viewer's Amazon cart, grouped by registry, with Amazon's add-to-cart link for each. */
    async view(viewer: CartViewer): Promise<AmazonCartView> {
      return viewOf(await cart.cartIdOf(viewer))
    },

    /** How many gifts the viewer holds in their Amazon cart (the page link's count). */
    async itemCount(viewer: CartViewer): Promise<number> {
      const cartId = await cart.cartIdOf(viewer)
      if (!cartId) return 0
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
        .from(amazonCartItems)
        .innerJoin(reservations, eq(reservations.id, amazonCartItems.reservationId))
        .where(and(eq(amazonCartItems.cartId, cartId), eq(reservations.status, 'reserved')))
      return Number(row?.n ?? 0)
    },

    /** The registry's items held in the viewer's Amazon cart, by item id: how many, for the registry's cards. */
    async heldOn(viewer: CartViewer, registryId: number): Promise<Record<number, number>> {
      const cartId = await cart.cartIdOf(viewer)
      if (!cartId) return {}
      const rows = await db
        .select({ regItemId: amazonCartItems.regItemId, quantity: reservations.quantity })
        .from(amazonCartItems)
        .innerJoin(reservations, eq(reservations.id, amazonCartItems.reservationId))
        .where(and(eq(amazonCartItems.cartId, cartId), eq(amazonCartItems.registryId, registryId), eq(reservations.status, 'reserved')))
      const held: Record<number, number> = {}
      for (const r of rows) held[r.regItemId] = (held[r.regItemId] ?? 0) + r.quantity
      return held
    },

    /**
     * Adds a registry item sold on Amazon to the viewer's Amazon cart and holds it for them: a reservation
     * through the reservations service (409 when it no longer needs that many, so two givers never get the
     * same last one). The same item again adds to its line. Not on Amazon: 422.
     */
    async add(viewer: CartViewer, input: unknown, giver: AmazonGiver) {
      const data = parseInput(addAmazonCartItemInput, input)
      const item = await amazonItem(data.regItemId)
      const cartId = await cart.ensureCartIdOf(viewer)
      // Lines whose reservation was given back elsewhere (the unreserve link) are gone from the cart.
      await db.execute(sql`delete from amazon_cart_items a using reservations r where r.id = a.reservation_id and a.cart_id = ${cartId}::uuid and r.status = 'cancelled'`)
      const [existing] = await db
        .select({ id: amazonCartItems.id, reservationId: amazonCartItems.reservationId, quantity: reservations.quantity })
        .from(amazonCartItems)
        .innerJoin(reservations, eq(reservations.id, amazonCartItems.reservationId))
        .where(and(eq(amazonCartItems.cartId, cartId), eq(amazonCartItems.regItemId, item.id), eq(reservations.status, 'reserved')))
        .orderBy(asc(amazonCartItems.id))
        .limit(1)
      if (data.quantity > item.stillNeeded) throw new DomainError('conflict', amazonCartMessages.notThatMany(item.stillNeeded), { fields: { quantity: [amazonCartMessages.notThatMany(item.stillNeeded)] } })
      if (existing) {
        await reserving.changeQuantity(existing.reservationId, { quantity: existing.quantity + data.quantity })
        return { lineId: existing.id, created: false as const, reservationId: existing.reservationId, cart: await viewOf(cartId) }
      }
      const who = await giverOf(cartId, giver, data)
      const made = await reserving.reserve(
        item.id,
        { quantity: data.quantity, giverName: who.giverName, giverEmail: who.giverEmail, giftMessage: data.giftMessage ?? '' },
        giver.userId ?? undefined,
      )
      let lineId: number
      try {
        const [row] = await db
          .insert(amazonCartItems)
          .values({ cartId, regItemId: item.id, registryId: item.registryId, reservationId: made.id, asin: item.asin, addedAt: clock() })
          .returning({ id: amazonCartItems.id })
        lineId = row!.id
      } catch (error) {
        // Never leave a gift held for nobody: give it back before answering.
        await reserving.unreserve(made.id).catch(() => undefined)
        throw error
      }
      return {
        lineId,
        created: true as const,
        reservationId: made.id,
        // For the confirmation email (the reservation's own one), sent by the caller.
        email: { giverName: who.giverName.trim(), giverEmail: who.giverEmail.trim().toLowerCase(), quantity: made.quantity, itemTitle: item.title, familyName: item.familyName },
        cart: await viewOf(cartId),
      }
    },

    /**
     * Changes a line: `quantity` (more takes from what the item still needs: 409 when it no longer needs that
     * many), `purchased: true` ('Yes, I bought it': the reservation becomes a purchase, as the 'I bought it' link
     * does) or `purchased: false` ('Not yet': it stays held, and the question waits for the next checkout).
     */
    async update(viewer: CartViewer, lineId: number, input: unknown): Promise<AmazonCartView> {
      const data = parseInput(updateAmazonCartItemInput, input)
      const { line, status, cartId } = await lineOf(viewer, lineId)
      if (data.quantity !== undefined && status === 'purchased') throw new DomainError('conflict', amazonCartMessages.alreadyBought)
      if (data.quantity !== undefined) await reserving.changeQuantity(line.reservationId, { quantity: data.quantity })
      if (data.purchased === true) {
        await reserving.markPurchased(line.reservationId)
        await db.update(amazonCartItems).set({ purchasedAt: clock() }).where(and(eq(amazonCartItems.id, line.id), isNull(amazonCartItems.purchasedAt)))
      } else if (data.purchased === false) {
        if (status === 'purchased') throw new DomainError('conflict', amazonCartMessages.alreadyBought)
        await db.update(amazonCartItems).set({ sentToAmazonAt: null }).where(eq(amazonCartItems.id, line.id))
      }
      return viewOf(cartId)
    },

    /** Takes a held gift out of the Amazon cart and gives it back to the registry (a bought one stays bought: 409). */
    async remove(viewer: CartViewer, lineId: number): Promise<AmazonCartView> {
      const { line, status, cartId } = await lineOf(viewer, lineId)
      if (status === 'purchased') throw new DomainError('conflict', amazonCartMessages.alreadyBought)
      await reserving.unreserve(line.reservationId)
      await db.delete(amazonCartItems).where(eq(amazonCartItems.id, line.id))
      return viewOf(cartId)
    },

    /**
     * 'Check out on Amazon' for one registry's gifts: notes that they went to Amazon (the page then asks what
     * was bought) and answers Amazon's add-to-cart link. Nothing is marked bought here.
     */
    async sendToAmazon(viewer: CartViewer, registryId: number): Promise<string> {
      const cartId = await cart.cartIdOf(viewer)
      const group = (await viewOf(cartId)).registries.find((g) => g.registry.id === registryId)
      const sendable = group?.lines.filter((l) => !l.unavailable) ?? []
      if (!cartId || !group?.checkoutUrl || sendable.length === 0) throw new DomainError('not_found', amazonCartMessages.nothingToCheckOut)
      await db.update(amazonCartItems).set({ sentToAmazonAt: clock() }).where(inArray(amazonCartItems.id, sendable.map((l) => l.id)))
      return group.checkoutUrl
    },
  }
  return service
}

export type AmazonCartService = ReturnType<typeof createAmazonCartService>
