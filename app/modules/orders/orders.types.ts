/** The orders service's public types: what buyers see of orders and quotes, and the service's dependencies. */
import type { Db } from '~/db/client.server'
import type { Logger } from '~/lib/logger.server'
import type { CartService, CartViewer } from '../cart/cart.service.server'
import type { DiscountExclusion, RegistryDiscount } from '../discount/discount'
import type { GiftCardsService, OrderTender } from '../giftcards/giftcards.service.server'
import type { EmailSender } from '../email/email.types'
import type { PaymentsService } from '../payments/payments.service.server'
import type { PostalAddress } from '../registry/registry.schema'
import type { AssignedShipment } from '../shipping/shipment-assignment.server'
import type { OrderRow } from './orders.schema'

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
