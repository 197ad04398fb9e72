// Money shown = money charged (docs/decisions/029, amendment h10): before anything is authorized, placeOrder
// compares what it would charge with what the shopper was shown. A pure rule: no database, tested on its own.
import { DomainError } from '~/lib/errors'
import type { TenderPlan } from '../giftcards/giftcards.service.server'
import { giftCardMessages } from '../giftcards/giftcards.validation'
import { orderMessages, type ShownAmounts } from './orders.validation'

/**
 * Why placing would not charge what the shopper was shown (null: it would). The total first (a price, the
 * registry discount, shipping or tax changed), then each tender (a gift card or store credit balance spent
 * meanwhile, or a code not applied on the summary), then the card's share. The refusal is a 409 to throw.
 */
export function differsFromShown(shown: ShownAmounts, priced: { totalCents: number }, plan: TenderPlan): DomainError | null {
  if (shown.totalCents !== priced.totalCents) return new DomainError('conflict', orderMessages.totalChanged(priced.totalCents), { reason: 'total_changed' })
  const giftCardCents = plan.giftCard?.amountCents ?? 0
  // A code typed (or credit ticked) after the summary was quoted: not a balance that changed, one not shown yet.
  if ((shown.giftCardCents === 0 && giftCardCents > 0) || (shown.creditCents === 0 && plan.creditCents > 0)) return new DomainError('conflict', orderMessages.tenderNotShown)
  const balanceChanged = () => new DomainError('conflict', giftCardMessages.balanceChanged)
  if (shown.giftCardCents !== undefined && shown.giftCardCents !== giftCardCents) return balanceChanged()
  if (shown.creditCents !== undefined && shown.creditCents !== plan.creditCents) return balanceChanged()
  if (shown.cardCents !== undefined && shown.cardCents !== plan.cardDueCents) return balanceChanged()
  return null
}
