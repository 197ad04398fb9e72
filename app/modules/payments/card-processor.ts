// The seam between Nestlist and a card processor. The built-in test processor implements it; a real
// processor's adapter would too. Card numbers pass through here and are never stored by Nestlist.

export type ProcessorCard = { number: string; expMonth: number; expYear: number; cvc: string }

/** A card the processor keeps (saved by tokenize), charged by its token; only for the customer it was saved for. */
export type ProcessorSavedCard = { token: string; customer: string }

/** What tokenize answers: the token and what the shopper needs to recognise the card, or a decline code. */
export type ProcessorTokenAnswer =
  | { ok: true; token: string; brand: string; last4: string; expMonth: number; expYear: number }
  | { ok: false; code: string }

export type ProcessorAnswer = { ok: true; ref: string } | { ok: false; ref: string | null; code: string }

export type ProcessorChargeState = { ref: string; status: 'authorized' | 'captured' | 'declined' | 'voided'; declineCode: string | null }

export interface CardProcessor {
  readonly name: string
  /** Holds `amountCents` on the card. The same idempotency key always gets the same answer. */
  authorize(request: { idempotencyKey: string; amountCents: number; card: ProcessorCard | ProcessorSavedCard }): Promise<ProcessorAnswer>
  /** Charges up to the authorised amount (once). */
  capture(ref: string, amountCents: number): Promise<ProcessorAnswer>
  /**
   * Gives back part or all of what was captured. With an idempotency key, asking again with the same key
   * answers the first answer and refunds nothing more (as processors' Idempotency-Key headers do).
   */
  refund(ref: string, amountCents: number, idempotencyKey?: string): Promise<ProcessorAnswer>
  /** Releases an authorisation that was never captured. */
  void(ref: string): Promise<ProcessorAnswer>
  /** What the processor knows of an authorisation asked with this key, or null if the request never reached it. */
  lookup(idempotencyKey: string): Promise<ProcessorChargeState | null>
  /** Keeps the card for `customer` and answers an opaque token for it (docs/decisions/026). Nothing is charged. */
  tokenize(request: { card: ProcessorCard; customer: string }): Promise<ProcessorTokenAnswer>
  /** Forgets a saved card: its token can no longer be charged. Detaching twice is harmless. */
  detach(token: string, customer: string): Promise<void>
}

export const isSavedCard = (card: ProcessorCard | ProcessorSavedCard): card is ProcessorSavedCard => 'token' in card

/** What shoppers read for each decline code. */
export const declineMessages: Record<string, string> = {
  card_declined: 'Your card was declined. Try another card or contact your bank.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  test_mode_live_card: 'This shop is in test mode, so real cards are not charged. Use a test card such as 4242 4242 4242 4242.',
  interrupted: 'The payment was interrupted before your card was charged. Please try again.',
  token_unusable: 'This saved card can no longer be used. Choose another card or enter a new one.',
  processor_error: 'We could not reach the card processor, and your card was not charged. Please try again in a moment.',
}

export const declineMessage = (code: string) => declineMessages[code] ?? declineMessages.card_declined!
