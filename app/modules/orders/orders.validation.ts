// placeOrder's input. No server imports.
import { z } from 'zod'
import { int4Id } from '~/lib/input-rules'
import { formatCents } from '~/lib/money'
import { addressInput } from '../accounts/address.validation'
import { paymentMethodIdInput, paymentMethodMessages } from '../payments/payment-methods.validation'
import { cardInput } from '../payments/payments.validation'
import { postalAddressInput } from '../registry/registry.validation'

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
  reservationGone: 'A reserved gift is no longer reserved by you (it was bought or given back). Reload the page to see what is left.',
  /** POST /api/v3/checkouts and /orders/quote: a reservation id the caller does not hold (unknown ids read the same). */
  reservationNotHeld: 'We could not find one of these reservations among yours. Only gifts reserved from this browser or app, or by you while signed in, can be checked out. Nothing was charged.',
  noReservations: 'None of these reservations can be checked out here. Only gifts from the Nestlist Shop that you reserved in this browser can be bought.',
  giftMessage: 'Gift messages are at most 500 characters.',
  buyNow: 'Choose a product to buy.',
  quantity: 'Quick buy takes 1 to 10 of one product.',
  scope: 'Choose what to check out: your own items, or the gifts for one registry.',
  /** The API's answer when a client does not say what it showed (docs/decisions/029, amendment h10). */
  expectedMissing: 'Send expected.totalCents: the order total you showed the shopper (POST /api/v3/orders/quote gives it), and expected.giftCardCents or expected.creditCents when you apply a gift card or store credit. Nothing was charged.',
  expected: 'The amounts shown are whole numbers of cents, 0 or more.',
  /** The total placing would charge is not the one the shopper was shown: nothing is charged. */
  totalChanged: (totalCents: number) =>
    `Your order total changed to ${formatCents(totalCents)} while you were checking out (a price, discount, shipping or tax changed). Nothing was charged. Review the total and try again.`,
  tenderNotShown: 'Your gift card or store credit was not in the total you saw, so nothing was charged. It is applied now: review the total and try again.',
  soldOut: (title: string) => `Sorry, ${title} sold out while you were checking out. Nothing was charged. Remove it and try again.`,
  /** Two checkouts of one buyer both priced with the one-time registry discount: the one committed second. */
  registryDiscountTaken: 'Your one-time registry discount was just used by another of your orders, so this order would cost more than shown. Nothing was charged. Review the new total and try again.',
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * What part of the cart an order checks out (docs/decisions/022): 'store' is the shopper's own (non-gift)
 * lines; { registryId } that registry's gift lines; { reservationIds } gifts the buyer reserved earlier (not in
 * the cart; they turn purchased); { buyNow } one product bought
 * in one step (/quick_buy), without touching the cart. Left out: the whole cart, which must then be all one kind (decision 020).
 */
export const checkoutScopeInput = z.union(
  [
    z.literal('store'),
    z.object({ registryId: z.coerce.number().int().positive() }).strict(),
    z.object({ reservationIds: z.array(z.string().regex(UUID, orderMessages.noReservations)).min(1, orderMessages.noReservations).max(50) }).strict(),
    z
      .object({
        buyNow: z
          .object({
            productId: int4Id(orderMessages.buyNow),
            quantity: z.coerce.number().int().min(1, orderMessages.quantity).max(10, orderMessages.quantity).default(1),
            size: z.string().trim().max(40).optional(),
            color: z.string().trim().max(40).optional(),
          })
          .strict(),
      })
      .strict(),
  ],
  { error: orderMessages.scope },
)
export type CheckoutScope = z.output<typeof checkoutScopeInput>

const shownCents = z.number({ error: orderMessages.expected }).int(orderMessages.expected).min(0, orderMessages.expected).max(100_000_000, orderMessages.expected)

/** The amounts a checkout showed: the order total, the gift card and store credit taken, what the card pays. */
export const shownAmountsInput = z
  .object({
    totalCents: shownCents,
    giftCardCents: shownCents.optional(),
    creditCents: shownCents.optional(),
    cardCents: shownCents.optional(),
  })
  .strict()
export type ShownAmounts = z.output<typeof shownAmountsInput>

export const placeOrderInput = z.object({
  scope: checkoutScopeInput.optional(),
  /** For a registry gift order: shown to the family with the gift (optional). */
  giftMessage: z.preprocess((v) => (v === null ? undefined : v), z.string({ error: orderMessages.giftMessage }).trim().max(500, orderMessages.giftMessage).optional().default('')),
  /** For a registry gift order: where the family may send a thank-you note (optional; shown to the family only). */
  thankYouAddress: z.preprocess((v) => (v === null ? undefined : v), postalAddressInput.optional()),
  idempotencyKey: z.string({ error: orderMessages.idempotencyKey }).trim().min(8, orderMessages.idempotencyKey).max(80, orderMessages.idempotencyKey),
  email: z.string({ error: orderMessages.email }).trim().toLowerCase().max(254, orderMessages.email).email(orderMessages.email),
  name: z.string({ error: orderMessages.name }).trim().min(1, orderMessages.name).max(100, orderMessages.name),
  /** Required unless the cart holds registry gifts (they ship to the family). */
  shippingAddress: addressInput.optional(),
  /**
   * The card pays what gift cards and store credit leave. Required unless they cover the whole total (placeOrder
   * answers 422 on `card` when something is left to pay and no card was given).
   */
  card: cardInput.optional(),
  /** Or one of the signed-in buyer's saved cards (docs/decisions/026); not both. */
  paymentMethodId: z.preprocess((v) => (v === '' || v === null ? undefined : v), paymentMethodIdInput.optional()),
  /** An electronic gift card's code to apply (whitespace and dashes ignored). */
  giftCardCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40).optional()),
  /** Apply the signed-in buyer's store credit balance. */
  applyCredit: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).default(false),
  /**
   * What the shopper was shown (docs/decisions/029, amendment h10): placeOrder prices the order and plans the
   * tenders again and, when any amount given here differs, charges nothing and answers 409 with the new total.
   */
  expected: shownAmountsInput.optional(),
}).superRefine((v, ctx) => {
  if (v.card && v.paymentMethodId) ctx.addIssue({ code: 'custom', path: ['paymentMethodId'], message: paymentMethodMessages.pickOne })
})
export type PlaceOrderInput = z.input<typeof placeOrderInput>
export type PlaceOrderData = z.output<typeof placeOrderInput>

/** The checkout page's price preview: what placeOrder would charge for this scope and address. */
export const quoteInput = z.object({
  scope: checkoutScopeInput.optional(),
  /** The destination's state, when known (tax is estimated at the default rate until it is). */
  state: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().toUpperCase().max(3).optional()),
  giftCardCode: placeOrderInput.shape.giftCardCode,
  applyCredit: placeOrderInput.shape.applyCredit,
})
export type QuoteInput = z.input<typeof quoteInput>
