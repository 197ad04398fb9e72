// What the cart review, checkout, order and quick-buy pages say, in one place. No server imports.
import type { DiscountExclusion } from '../discount/discount'
import { formatCents } from '~/lib/money'

export const checkoutStrings = {
  cartTitle: 'Your cart',
  cartEmptyTitle: 'Your cart is empty',
  cartEmptyBody: 'Find something lovely in the Nestlist Shop, or a gift from a registry.',
  shopLink: 'Shop the store',
  yourItems: 'Your items',
  giftsFor: (familyName: string) => `Gifts for the ${familyName} registry`,
  giftLine: (familyName: string, shipsTo: string | null) =>
    shipsTo ? `Gift for the ${familyName} registry, ships to ${shipsTo}` : `Gift for the ${familyName} registry (no shipping address yet)`,
  giftsApart: 'Registry gifts ship to the family and are checked out on their own.',
  checkOut: 'Check out',
  checkOutGifts: 'Check out gifts',
  freeShippingLeft: (cents: number) => `Add ${formatCents(cents)} for free shipping`,
  freeShippingReached: 'Your order ships free.',
  quantity: 'Quantity',
  update: 'Update',
  remove: 'Remove',
  removed: 'Removed from your cart.',
  updated: 'Quantity updated.',
  unavailableNote: 'Remove unavailable items to check out.',

  checkoutTitle: 'Checkout',
  giftCheckoutTitle: (familyName: string) => `A gift for ${familyName}`,
  reservationsTitle: 'Buy the gifts you reserved',
  contact: 'Contact',
  contactHint: 'Your receipt goes to this address.',
  signInInstead: 'Have an account? Sign in to use your saved address and registry discount.',
  signInShort: 'Have an account? Sign in.',
  buyerName: 'Your name',
  email: 'Email',
  shipping: 'Shipping address',
  savedAddressNote: 'From your saved address. Changes here apply to this order only.',
  shippingMethod: 'Shipping method',
  emailDeliveryTitle: 'Delivery',
  emailDelivery: 'Gift cards are sent by email to the recipients you chose: nothing ships, so there is no address to enter.',
  emailedTo: 'Gift cards are sent by email to the recipients you chose.',
  emailedBox: 'Gift cards by email',
  emailedStatus: (paid: boolean) => (paid ? 'Sent by email' : 'Sending by email'),
  tax: 'Tax',
  standardShipping: 'Standard shipping (3–7 business days)',
  giftShipsTo: (familyName: string, city: string, state: string) => `Ships to ${familyName} in ${city}, ${state}.`,
  /** Under the order page's 'Ships to' heading (which already says it). */
  giftFamilyIn: (familyName: string, city: string, state: string) => `${familyName} in ${city}, ${state}`,
  tracking: (carrier: string, number: string) => `${carrier} tracking number ${number}`,
  shipmentDetails: 'Shipment details',
  giftAddressPrivate: 'The family’s street address stays private: we ship it for you.',
  giftMessage: 'Gift message',
  thankYouTitle: 'Your address for a thank-you note (optional)',
  thankYouWanted: 'Share my address with the family so they can send a thank-you note',
  thankYouHint: 'Only the family sees it, in their gift tracker. Leave the box unticked and nothing below is sent.',
  giftMessageHint: 'Shown to the family with your gift, with your name, in their gift tracker.',
  noRegistryAddress: 'This family has not added a shipping address yet, so we cannot ship gifts to them.',
  reserveInstead: 'Reserve it on their registry instead',
  creditsTitle: 'Gift cards and store credit',
  giftCardCode: 'Gift card code',
  giftCardHint: 'Apply it to see it in your order summary. Nothing is spent until you place your order.',
  apply: 'Apply',
  applying: 'Applying…',
  applyHint: 'Gift cards and store credit pay first; your card pays the rest.',
  tendersApplied: (tenders: { label: string; amountCents: number }[], cardDueCents: number) =>
    `${tenders.map((x) => `${x.label}: −${formatCents(x.amountCents)}`).join('. ')}. ${cardDueCents === 0 ? 'Nothing is left to pay by card.' : `Left to pay by card: ${formatCents(cardDueCents)}.`}`,
  summaryUpdated: 'Your order summary is up to date.',
  /** Placing refused because the summary's tax was an estimate (no state yet): the exact total, nothing charged. */
  exactTotal: (state: string, totalCents: number) => `With tax for ${state}, your total is ${formatCents(totalCents)}. Nothing was charged yet: review your order summary and place your order.`,
  toPayByCard: 'To pay by card',
  noCardNeeded: 'Your gift card and store credit cover the total, so no card is needed. Leave the card fields empty.',
  cardForRest: (cents: number) => `Your card pays the rest: ${formatCents(cents)}.`,
  applyCredit: 'Apply my store credit',
  applyCreditAvailable: (cents: number) => `Apply my store credit (${formatCents(cents)} available)`,
  payment: 'Payment',
  // Non-breaking spaces keep the card number on one line at 320 px.
  testCardHint: 'Test mode: use 4242\u00a04242\u00a04242\u00a04242',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry (MM/YY)',
  cardCvc: 'Security code (CVC)',
  cardName: 'Name on card',
  cardSafety: 'Your card number is sent to the card processor and never stored by Nestlist.',
  payIn4: (totalCents: number) => `or 4 interest-free payments of ${formatCents(Math.ceil(totalCents / 4))}`,
  payIn4Note: 'Pay-in-4 is shown for information; this shop takes cards.',
  financing: 'Financing is available for orders from $2,000 to $9,999.99, subject to approval. Shown for information; this shop takes cards.',
  placeOrder: 'Place order',
  placing: 'Placing your order…',
  fixFields: 'Please check the fields marked below.',
  summary: 'Order summary',
  subtotal: 'Subtotal',
  registryDiscount: (percent: number) => `Registry discount (${percent}%)`,
  registryDiscountUsed: 'Your registry discount is a one-time discount, and an earlier order used it.',
  shippingLine: 'Shipping',
  free: 'Free',
  estimatedTax: 'Estimated tax',
  taxFor: (state: string, basisPoints: number) => `Tax (${state}, ${(basisPoints / 100).toFixed(basisPoints % 100 === 0 ? 0 : 2)}%)`,
  estimatedTaxNote: 'Exact once you choose the shipping state.',
  total: 'Total',
  notDiscounted: 'Not discounted',
  backToCart: 'Back to cart',
  checkoutEmpty: 'There is nothing to check out here.',
  checkoutEmptyGifts: 'There are no gifts for this registry in your cart.',
  reservationsIgnored: (n: number) =>
    n === 1
      ? 'One of the reservations in the link was not reserved in this browser (or is no longer reserved), so it is left out.'
      : `${n} of the reservations in the link were not reserved in this browser (or are no longer reserved), so they are left out.`,
  reservationsNone: 'There are no reserved Nestlist Shop gifts to buy from this link in this browser.',
  reservationsLink: 'See your reservations',

  orderTitle: 'Your order',
  thanks: 'Thank you! Your order is placed.',
  thanksBody: (email: string) => `We sent a confirmation to ${email}.`,
  orderNumber: (id: string) => `Order #${id.slice(0, 8).toUpperCase()}`,
  placedOn: 'Placed',
  paidWith: (brand: string, last4: string) => `${brand} ending ${last4}`,
  shipments: 'Shipments',
  // Shoppers know nothing of warehouse numbers: a shipment is one of the boxes the order comes in.
  shipmentOf: (n: number, count: number) => (count === 1 ? 'Your shipment' : `Shipment ${n} of ${count}`),
  itemsCount: (n: number) => (n === 1 ? '1 item' : `${n} items`),
  shipsToBuyer: 'Ships to',
  orderStatus: { placed: 'Placed', paid: 'Paid', cancelled: 'Cancelled' } as Record<string, string>,
  returnsTitle: 'Returns',
  returnItems: 'Return items',
  returnStatus: (status: 'pending' | 'refunded' | 'failed', cents: number) =>
    status === 'refunded' ? `Refunded ${formatCents(cents)}` : status === 'failed' ? 'Refund failed' : 'Refund in progress',

  ordersTitle: 'Your orders',
  ordersIntro: 'Everything you bought from the Nestlist Shop, newest first.',
  ordersEmpty: 'You have not placed an order yet.',
  giftOrder: 'Registry gift',
  viewOrder: 'View order',
  previous: 'Newer orders',
  next: 'Older orders',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,

  // Quick buy's strings: quick-buy.strings.ts.
} as const

/** Why a line gets no registry discount, in words. */
export const exclusionReason: Record<DiscountExclusion, string> = {
  gift_card: 'Gift cards are not discounted',
  shipping: 'Shipping is not discounted',
  not_sold_by_nestlist: 'Sold by another store',
  diapers_and_wipes: 'Diapers and wipes are not discounted',
  excluded_brand: 'This brand is not discounted',
}

/** Spec §9: pay-in-4 for totals from $0.01 to $1,999.99, financing from $2,000 to $9,999.99 (information only). */
export function paymentOptionFor(totalCents: number): 'pay_in_4' | 'financing' | null {
  if (totalCents >= 1 && totalCents <= 199_999) return 'pay_in_4'
  if (totalCents >= 200_000 && totalCents <= 999_999) return 'financing'
  return null
}

/** "NB, Red" for a line's options. */
export const optionText = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')
