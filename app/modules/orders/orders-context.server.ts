import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { DomainError, isDomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import type { CartLine } from '../cart/cart.service.server'
import type { DiscountExclusion } from '../discount/discount'
import type { GiftCardDetails } from '../giftcards/giftcards.schema'
import { orders, type OrderRow } from './orders.schema'
import type { OrdersDeps, OrderViewer } from './orders.types'
import type { BatchQueue } from './use-cases/place-order-batch.server'

/** A cart line priced for checkout (price-order.server.ts): its discount share, warehouse and registry gift. */
export type PricedLine = {
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

export const optionKeyOf = (o: { size?: string; color?: string }) => [o.size ? `size=${o.size}` : '', o.color ? `color=${o.color}` : ''].filter(Boolean).join('|')
export const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')
export const sha = (s: string) => createHash('sha256').update(s).digest('base64url')
/** parseInput, its refusal marked 'invalid_fields' (every message is on a field: forms show one summary line). */
export function parseFields<T>(schema: Parameters<typeof parseInput<T>>[0], input: unknown): T {
  try {
    return parseInput(schema, input)
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'invalid_input') throw error
    throw new DomainError('invalid_input', error.message, { fields: error.fields, cause: error, reason: 'invalid_fields' })
  }
}

/** Thrown inside the order's transaction when a product has no stock rows yet (rolled back, then set up). */
export class MissingStockRows extends Error {
  constructor(readonly productIds: number[]) {
    super('stock rows missing')
  }
}

/** A line to price: a cart line, a gift reserved earlier (reservation checkout) or a quick-buy product. */
export type SourceLine = CartLine & { cartLineId: number | null; reservationId: string | null }

export const pickOptions = (o: Record<string, string>): { size?: string; color?: string } => ({
  ...(o.size ? { size: o.size } : {}),
  ...(o.color ? { color: o.color } : {}),
})

export const pgCode = (e: unknown): string | undefined => (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code

/**
 * What the order use cases share, built once per service: the dependencies (with their defaults), the order
 * read by idempotency key, and the state that must be one per service (the checkouts being placed, the
 * group commit's queue).
 */
export type OrdersContext = ReturnType<typeof createOrdersContext>

/** Builds the shared context of the orders service from its dependencies. */
export function createOrdersContext({ db, cart, payments: paymentsService, discount, clock = () => new Date(), logger, groupCommit = true, maxBatchesInFlight = 3, staggerBatches = true, maxBatchSize = 64, giftCards, observeBatch, notices, email, publicOrigin = '' }: OrdersDeps) {
  /** Whether a replayed key comes from the order's buyer: the same account (or both guests) and the same email. */
  const sameBuyer = (order: OrderRow, viewer: OrderViewer, email: string) => (order.userId ?? null) === (viewer.userId ?? null) && order.email === email

  // Read on every checkout: a named statement, parsed and planned once per connection.
  const orderByKey = db.select().from(orders).where(eq(orders.idempotencyKey, sql.placeholder('key'))).prepare('order_by_key')
  async function byKey(idempotencyKey: string): Promise<OrderRow | undefined> {
    const [row] = await orderByKey.execute({ key: idempotencyKey })
    return row
  }

  return {
    db,
    cart,
    paymentsService,
    discount,
    clock,
    logger,
    groupCommit,
    maxBatchesInFlight,
    staggerBatches,
    maxBatchSize,
    giftCards,
    observeBatch,
    notices,
    email,
    publicOrigin,
    sameBuyer,
    byKey,
    /** Checkouts with a key now being placed by this process: a twin waits for it, then answers as a replay. */
    placing: new Map<string, Promise<unknown>>(),
    /** The group commit's queue and batches in flight (place-order-batch.server.ts). */
    batches: { queue: [], inFlight: 0, firstPhase: null } as BatchQueue,
  }
}
