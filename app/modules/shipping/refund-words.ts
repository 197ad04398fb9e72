// Where a refund went (a purchase return or a cancellation), for their pages and emails. No server imports.
import { formatCents } from '~/lib/money'
import type { PurchaseReturnView } from './returns.service.server'

/**
 * Where a refund went, in words: '$12.00 to your Visa ending in 4242 and $5.00 to your Nestlist store credit'
 * (a cancellation can also give back to the order's gift card: '$3.00 to your gift card ending in ABCD').
 */
export function refundWords(r: Pick<PurchaseReturnView, 'card' | 'creditCents'> & { giftCard?: { last4: string; cents: number } | null }): string {
  const parts = [
    ...(r.card ? [`${formatCents(r.card.cents)} to your ${r.card.brand} ending in ${r.card.last4}`] : []),
    ...(r.giftCard ? [`${formatCents(r.giftCard.cents)} to your gift card ending in ${r.giftCard.last4}`] : []),
    ...(r.creditCents > 0 ? [`${formatCents(r.creditCents)} to your Nestlist store credit`] : []),
  ]
  return parts.length > 2 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join(' and ')
}
