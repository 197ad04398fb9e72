// Shipments and purchase returns: statuses, rules, messages and the inputs shared by forms and the API. No server imports.
import { z } from 'zod'

export const shipmentStatuses = ['held', 'processing', 'shipped', 'delivered', 'cancelled'] as const
export type ShipmentStatus = (typeof shipmentStatuses)[number]

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  held: 'Waiting to ship together',
  processing: 'Preparing to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  // Everything in it was cancelled before it shipped (docs/decisions/024, h13).
  cancelled: 'Cancelled',
}

/** Held registry gifts ship by themselves this many days before the arrival date (docs/decisions/024). */
export const HOLD_UNTIL_DAYS_BEFORE_ARRIVAL = 14
/** Without a known arrival date, held gifts ship by themselves this many days after the first one was bought. */
export const HOLD_AT_MOST_DAYS = 30
/** How often the server looks for held shipments that are due (and once at start). */
export const RELEASE_SWEEP_MINUTES = 15

/** The store's returns window (spec §9: '9 months'), counted from delivery, or from the order date until delivered. */
export const RETURN_WINDOW_MONTHS = 9

export const carriers = ['USPS', 'UPS', 'FedEx', 'DHL', 'OnTrac'] as const

export const returnReasons = [
  { id: 'no_longer_needed', label: 'No longer needed' },
  { id: 'wrong_size', label: 'Wrong size or fit' },
  { id: 'damaged', label: 'Arrived damaged' },
  { id: 'not_as_described', label: 'Not as described' },
  { id: 'wrong_item', label: 'Wrong item sent' },
  { id: 'duplicate', label: 'Ordered by mistake or twice' },
  { id: 'other', label: 'Something else' },
] as const
export type ReturnReason = (typeof returnReasons)[number]['id']
export const returnReasonLabel = (id: string) => returnReasons.find((r) => r.id === id)?.label ?? id

export const shippingMessages = {
  shipmentNotFound: 'We could not find that shipment.',
  orderNotFound: 'We could not find that order.',
  notHeld: 'These gifts are already on their way to being shipped.',
  cannotAdvance: (from: string) => `This shipment is no longer ${from.toLowerCase()}: someone else may have moved it on. Reload to see its status.`,
  emailedNotShipped: 'Electronic gift cards are sent by email: there is no box to ship or deliver.',
  heldNeedsRelease: 'Held gifts ship when the family chooses Ship now or as the arrival date nears; they cannot be marked shipped yet.',
  carrier: 'Choose the carrier.',
  trackingNumber: 'Enter the tracking number (4 to 40 letters, digits or dashes).',
  returnKey: 'This return form expired. Reload the page and try again.',
  chooseLines: 'Choose at least one item to return and how many.',
  tooMany: (title: string, left: number) =>
    left === 0 ? `${title} has already been returned.` : `You can return at most ${left} of ${title}.`,
  lineNotReturnable: 'One of the items cannot be returned from this order.',
  notShippedYet: 'Not shipped yet.',
  cancelled: 'Cancelled.',
  notShipped: (title: string) => `${title} has not shipped yet, so it cannot be returned. You can return it once it ships.`,
  reason: 'Choose why you are returning these items.',
  note: 'Notes are at most 500 characters.',
  windowClosed: (months: number) => `The ${months}-month return window for this order has closed, so it can no longer be returned.`,
  notPaid: 'This order has not been charged yet, so there is nothing to refund. Try again in a few minutes.',
  refundFailed: 'The card processor could not make the refund, so nothing was returned. Please try again.',
  keyReused: 'This return form was already sent with different items. Reload the page to start a new return.',
} as const

/** A UUID as PostgreSQL reads it (order and return ids); anything else is simply not found. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const trimmed = (message: string) => z.string({ error: message }).trim()

/** Staff: mark a shipment shipped with its carrier and tracking number. */
export const markShippedInput = z.object({
  carrier: z.enum(carriers, { error: shippingMessages.carrier }),
  trackingNumber: trimmed(shippingMessages.trackingNumber)
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]{4,40}$/, shippingMessages.trackingNumber)),
})
export type MarkShippedInput = z.input<typeof markShippedInput>

/** A purchase return: which lines of one of the buyer's orders, how many of each, and why. */
export const purchaseReturnInput = z.object({
  orderId: trimmed(shippingMessages.orderNotFound).regex(UUID_PATTERN, shippingMessages.orderNotFound),
  idempotencyKey: trimmed(shippingMessages.returnKey).min(8, shippingMessages.returnKey).max(80, shippingMessages.returnKey),
  reason: z.enum(returnReasons.map((r) => r.id) as [ReturnReason, ...ReturnReason[]], { error: shippingMessages.reason }),
  note: z.string().trim().max(500, shippingMessages.note).default(''),
  lines: z
    .array(
      z.object({
        orderLineId: z.coerce.number({ error: shippingMessages.lineNotReturnable }).int().positive(shippingMessages.lineNotReturnable),
        quantity: z.coerce.number({ error: shippingMessages.chooseLines }).int(shippingMessages.chooseLines).min(0, shippingMessages.chooseLines).max(99, shippingMessages.chooseLines),
      }),
      { error: shippingMessages.chooseLines },
    )
    .max(100, shippingMessages.chooseLines)
    .transform((lines) => lines.filter((l) => l.quantity > 0))
    .pipe(z.array(z.any()).min(1, shippingMessages.chooseLines))
    .transform((lines) => lines as { orderLineId: number; quantity: number }[]),
})
export type PurchaseReturnInput = z.input<typeof purchaseReturnInput>
