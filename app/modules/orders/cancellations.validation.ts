// Cancelling order lines that have not shipped (docs/decisions/024, h13): the input shared by the order page's
// form and the JSON API, and every message. No server imports.
import { z } from 'zod'
import { formatCents } from '~/lib/money'

export const cancellationMessages = {
  orderNotFound: 'We could not find that order.',
  key: 'This cancel form expired. Reload the page and try again.',
  keyReused: 'This cancel form was already sent for other items. Reload the page to cancel more.',
  chooseLines: 'Choose an item to cancel and how many.',
  quantity: 'Choose how many to cancel: a whole number from 1 to 99.',
  lineNotFound: 'One of the items is not in this order.',
  giftCard: 'Electronic gift cards are sent by email when the order is paid, so they cannot be cancelled.',
  tooMany: (title: string, left: number) => (left === 0 ? `${title} has already been cancelled or returned.` : `You can cancel at most ${left} of ${title}.`),
  alreadyShipped: (title: string) => `${title} has already shipped, so it can no longer be cancelled. You can return it once it arrives.`,
  notCharged: 'This order is still being charged. Try again in a few minutes.',
  orderCancelled: 'This order has already been cancelled.',
  // The page and the email.
  cancelItem: 'Cancel item',
  cancelOne: (title: string) => `Cancel ${title}?`,
  howMany: 'How many to cancel',
  confirm: 'Yes, cancel item',
  confirmPending: 'Cancelling…',
  keep: 'Keep item',
  confirmBody: 'It will not ship, and we refund it to how you paid.',
  refundedRow: 'Refunded for cancelled items',
  nothingToShip: 'Nothing left to ship: every item was cancelled.',
  cancelledTitle: 'Cancelled items',
  cancelledBadge: 'Cancelled',
  cancelledOf: (n: number) => `${n} cancelled`,
  done: (refund: number) => (refund > 0 ? `Item cancelled. Refund of ${formatCents(refund)} on its way` : 'Item cancelled'),
  refundPending: (refund: number) => `Item cancelled. Refund of ${formatCents(refund)} in progress`,
  refundPendingBody: 'The card processor has not confirmed the refund yet. We finish it automatically within a few minutes (never twice) and email you a receipt.',
  banks: 'Card refunds usually show within 5 to 10 business days. We emailed you a confirmation.',
  creditedInstead: (cents: number) => `Your card could not take the refund, so ${formatCents(cents)} went to your Nestlist store credit instead.`,
  emailSubject: (refund: number) => (refund > 0 ? `Items cancelled: ${formatCents(refund)} refund` : 'Items cancelled from your order'),
  emailHeading: 'We cancelled items from your order',
} as const

/** Line ids and how many of each to cancel, with the form's idempotency key (the same key: the same cancellation). */
export const cancellationInput = z.object({
  idempotencyKey: z.string({ error: cancellationMessages.key }).trim().min(8, cancellationMessages.key).max(80, cancellationMessages.key),
  lines: z
    .array(
      z.object({
        orderLineId: z.coerce.number({ error: cancellationMessages.lineNotFound }).int(cancellationMessages.lineNotFound).positive(cancellationMessages.lineNotFound),
        quantity: z.coerce.number({ error: cancellationMessages.quantity }).int(cancellationMessages.quantity).min(1, cancellationMessages.quantity).max(99, cancellationMessages.quantity),
      }),
      { error: cancellationMessages.chooseLines },
    )
    .min(1, cancellationMessages.chooseLines)
    .max(100, cancellationMessages.chooseLines),
})
export type CancellationInput = z.input<typeof cancellationInput>
