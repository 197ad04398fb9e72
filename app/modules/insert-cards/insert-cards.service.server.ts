import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { publicOrigin } from '~/lib/links'
import { parseInput } from '~/lib/parse-input'
import { createRegistryAccess } from '../registry/registry-access.server'
import type { PostalAddress } from '../registry/registry.schema'
import { type InsertCardOrderRow, insertCardOrders } from './insert-cards.schema'
import { insertCardOrderInput, type InsertCardStatus } from './insert-cards.validation'

export const insertCardMessages = {
  registryNotFound: 'We could not find that registry.',
  orderNotFound: 'We could not find that insert card order.',
  needsAddress: 'Add a shipping address for your registry first: that is where we send the cards.',
  alreadyOrdered: 'Your free insert cards are already ordered. Each registry gets one free set.',
  cannotAdvance: 'That order has already moved on. Reload to see its status.',
} as const

/** One insert card order as owners, collaborators and staff see it. */
export type InsertCardOrder = {
  id: number
  registryId: number
  quantity: number
  priceCents: number
  shippingCents: number
  shipTo: PostalAddress
  card: { familyName: string; title: string; url: string }
  status: InsertCardStatus
  createdAt: string
  printedAt: string | null
  shippedAt: string | null
}

const toOrder = (r: InsertCardOrderRow): InsertCardOrder => ({
  id: r.id,
  registryId: r.registryId,
  quantity: r.quantity,
  priceCents: r.priceCents,
  shippingCents: r.shippingCents,
  shipTo: r.shipTo,
  card: { familyName: r.cardFamilyName, title: r.cardTitle, url: r.cardUrl },
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  printedAt: r.printedAt?.toISOString() ?? null,
  shippedAt: r.shippedAt?.toISOString() ?? null,
})

const NEXT: Record<InsertCardStatus, InsertCardStatus | null> = { ordered: 'printed', printed: 'shipped', shipped: null }

/**
 * Insert cards: printed shower-invitation inserts with the registry's address and QR code. Payments do not
 * exist yet, so each registry's first (and for now only) order is free, with free shipping, to the
 * registry's shipping address. Owners and collaborators order; staff move orders along.
 */
export function createInsertCardsService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  const access = createRegistryAccess(db)

  async function managed(registryId: number, userId: number) {
    const found = await access.of(registryId, userId)
    if (!found) throw new DomainError('not_found', insertCardMessages.registryNotFound)
    return found.registry
  }

  const service = {
    /** The registry's orders, newest first, and whether its free order is still available. */
    async list(registryId: number, userId: number): Promise<{ orders: InsertCardOrder[]; freeOrderAvailable: boolean }> {
      const registry = await managed(registryId, userId)
      const rows = await db.select().from(insertCardOrders).where(eq(insertCardOrders.registryId, registry.id)).orderBy(desc(insertCardOrders.createdAt))
      return { orders: rows.map(toOrder), freeOrderAvailable: !rows.some((r) => r.priceCents === 0) }
    },

    /** One order of the registry (not_found for other registries' orders). */
    async get(registryId: number, userId: number, orderId: number): Promise<InsertCardOrder> {
      const registry = await managed(registryId, userId)
      if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new DomainError('not_found', insertCardMessages.orderNotFound)
      const [row] = await db.select().from(insertCardOrders).where(and(eq(insertCardOrders.id, orderId), eq(insertCardOrders.registryId, registry.id)))
      if (!row) throw new DomainError('not_found', insertCardMessages.orderNotFound)
      return toOrder(row)
    },

    /**
     * Orders the registry's free insert cards (10–100, in the spec's steps), shipped free to its shipping
     * address. A second free order is refused (409), also when two arrive at once.
     */
    async order(registryId: number, userId: number, input: unknown, options: { origin: string }): Promise<InsertCardOrder> {
      const registry = await managed(registryId, userId)
      const { quantity } = parseInput(insertCardOrderInput, input)
      if (!registry.shippingAddress) throw new DomainError('invalid_input', insertCardMessages.needsAddress, { fields: { shippingAddress: [insertCardMessages.needsAddress] } })
      const [row] = await db
        .insert(insertCardOrders)
        .values({
          registryId: registry.id,
          orderedBy: userId,
          quantity,
          priceCents: 0,
          shippingCents: 0,
          shipTo: registry.shippingAddress,
          cardFamilyName: registry.familyName,
          cardTitle: registry.title,
          cardUrl: `${publicOrigin(options.origin)}/${registry.slug}`,
          createdAt: clock(),
        })
        .onConflictDoNothing()
        .returning()
      if (!row) throw new DomainError('conflict', insertCardMessages.alreadyOrdered)
      return toOrder(row)
    },

    /** Staff: every order, newest first (optionally one status), at most `limit`. The caller checks staff. */
    async staffList({ status, limit = 100 }: { status?: InsertCardStatus; limit?: number } = {}): Promise<InsertCardOrder[]> {
      const rows = await db
        .select()
        .from(insertCardOrders)
        .where(status ? eq(insertCardOrders.status, status) : undefined)
        .orderBy(desc(insertCardOrders.createdAt))
        .limit(limit)
      return rows.map(toOrder)
    },

    /** Staff: moves an order one step (ordered → printed → shipped); `from` guards against double clicks. */
    async advance(orderId: number, from: InsertCardStatus): Promise<InsertCardOrder> {
      const to = NEXT[from]
      if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new DomainError('not_found', insertCardMessages.orderNotFound)
      if (!to) throw new DomainError('conflict', insertCardMessages.cannotAdvance)
      const now = clock()
      const [row] = await db
        .update(insertCardOrders)
        .set(to === 'printed' ? { status: to, printedAt: now } : { status: to, shippedAt: now })
        .where(and(eq(insertCardOrders.id, orderId), eq(insertCardOrders.status, from)))
        .returning()
      if (row) return toOrder(row)
      const [exists] = await db.select({ id: insertCardOrders.id }).from(insertCardOrders).where(eq(insertCardOrders.id, orderId))
      throw new DomainError(exists ? 'conflict' : 'not_found', exists ? insertCardMessages.cannotAdvance : insertCardMessages.orderNotFound)
    },
  }
  return service
}

export type InsertCardsService = ReturnType<typeof createInsertCardsService>
