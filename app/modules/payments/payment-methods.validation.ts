// Saved cards (docs/decisions/026): inputs, messages and labels shared by the pages, the API and the service. No server imports.
import { z } from 'zod'

export const paymentMethodMessages = {
  notFound: 'We could not find that saved card.',
  expired: 'This card has expired. Choose another card or enter a new one.',
  pickOne: 'Choose a saved card or enter a new card, not both.',
  saved: 'Your card was saved.',
  alreadySaved: 'This card is already saved.',
  removed: 'The card was removed.',
  madeDefault: 'This card is now your default.',
  couldNotSave: 'We could not save this card. Check it and try again.',
  id: 'Choose one of your saved cards.',
} as const

export const paymentMethodIdInput = z.string({ error: paymentMethodMessages.id }).trim().uuid(paymentMethodMessages.id)

/** What a shopper sees of a saved card. Never the number. */
export type PaymentMethodView = {
  id: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
  isDefault: boolean
  /** Past its expiry month: shown, but it cannot pay. */
  expired: boolean
  createdAt: string
}

/** A card expires at the end of its expiry month. */
export function isExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  return card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
}

/** '12/29' */
export const expiryText = (card: { expMonth: number; expYear: number }) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`

/** 'Visa ending in 4242, expires 12/29' (or 'expired 01/24'). */
export const cardLabel = (card: { brand: string; last4: string; expMonth: number; expYear: number; expired?: boolean }) =>
  `${card.brand} ending in ${card.last4}, ${card.expired ? 'expired' : 'expires'} ${expiryText(card)}`

/** '12/29', '12 / 2029', '1229' → month and year as typed (missing parts let the card check name the problem). */
export function splitExpiry(raw: string): { expMonth?: string; expYear?: string } {
  const m = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(raw)
  return m ? { expMonth: m[1], expYear: m[2] } : {}
}

/** Card form field names ← the card check's field paths. */
export const cardFormField: Record<string, string> = { number: 'cardNumber', expMonth: 'cardExpiry', expYear: 'cardExpiry', cvc: 'cardCvc' }
