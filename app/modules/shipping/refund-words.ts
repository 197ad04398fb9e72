// Where a purchase return's refund went, for the return page and its email. No server imports.
import { formatCents } from '~/lib/money'
import type { PurchaseReturnView } from './returns.service.server'

/** Where a refund went, in words: '$12.00 to your Visa ending in 4242 and $5.00 to your Nestlist store credit'. */
export function refundWords(r: Pick<PurchaseReturnView, 'card' | 'creditCents'>): string {
  const parts = [
    ...(r.card ? [`${formatCents(r.card.cents)} to your ${r.card.brand} ending in ${r.card.last4}`] : []),
    ...(r.creditCents > 0 ? [`${formatCents(r.creditCents)} to your Nestlist store credit`] : []),
  ]
  return parts.join(' and ')
}
