// placeOrder's input. No server imports.
import { z } from 'zod'
import { addressInput } from '../accounts/address.validation'
import { cardInput } from '../payments/payments.validation'

export const orderMessages = {
  email: 'Enter the email address for your receipt.',
  name: 'Enter your name.',
  address: 'Enter the shipping address.',
  idempotencyKey: 'Checkout keys are 8 to 80 characters. Reload the checkout page and try again.',
  emptyCart: 'Your cart is empty.',
  mixedCart: 'Registry gifts are checked out on their own. Check out the gifts first, then the rest of your cart.',
  keyReused: 'This checkout was already placed with a different cart. Reload the checkout page to place a new order.',
  unavailable: 'Some items in your cart are no longer available. Remove them and try again.',
  giftNotNeeded: 'A gift in your cart is no longer needed on the registry. Remove it and try again.',
  noRegistryAddress: 'This family has not added a shipping address yet, so gifts cannot be shipped to them. You can still reserve the gift.',
  notFound: 'We could not find that order.',
  paymentUnconfirmed: 'We could not confirm your payment with the card processor, and your card was not charged. Please try again in a moment.',
  checkoutCancelled: 'This checkout was stopped and nothing was charged. Reload the checkout page to try again.',
  soldOut: (title: string) => `Sorry, ${title} sold out while you were checking out. Nothing was charged. Remove it and try again.`,
} as const

export const placeOrderInput = z.object({
  idempotencyKey: z.string({ error: orderMessages.idempotencyKey }).trim().min(8, orderMessages.idempotencyKey).max(80, orderMessages.idempotencyKey),
  email: z.string({ error: orderMessages.email }).trim().toLowerCase().max(254, orderMessages.email).email(orderMessages.email),
  name: z.string({ error: orderMessages.name }).trim().min(1, orderMessages.name).max(100, orderMessages.name),
  /** Required unless the cart holds registry gifts (they ship to the family). */
  shippingAddress: addressInput.optional(),
  /**
   * The card pays what gift cards and store credit leave. Required unless they cover the whole total (the
   * gift-cards module applies them; until it does, these two are read and ignored by placeOrder).
   */
  card: cardInput,
  /** An electronic gift card's code to apply (whitespace and dashes ignored). */
  giftCardCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40).optional()),
  /** Apply the signed-in buyer's store credit balance. */
  applyCredit: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).default(false),
})
export type PlaceOrderInput = z.input<typeof placeOrderInput>
export type PlaceOrderData = z.output<typeof placeOrderInput>
