// Changing where an order ships (docs/decisions/031): the input shared by the order page and PUT
// /api/v3/order_address, and every message. No server imports. The address itself is checked by the address
// service (the zod input checkout uses, then the ZIP data).
import { z } from 'zod'

export const orderAddressMessages = {
  notFound: 'We could not find that order.',
  orderId: 'Choose an order.',
  address: 'Enter the new shipping address.',
  /** Why an order's address can no longer be changed (409 on a change; shown instead of the form). */
  shipped: 'Part of this order has already shipped, so its shipping address can no longer be changed.',
  registryGift: "This order holds gifts for a registry: they ship to the family's address, which only the family can change.",
  cancelled: 'This order was cancelled, so nothing is left to ship.',
  nothingShips: 'Nothing in this order ships: electronic gift cards go by email.',
  otherState: (from: string, to: string) =>
    `This order's tax was worked out for ${from}, so it can only be sent to another address in ${from}. To ship to ${to}, cancel the items and order again.`,
  /** The page's and the email's words. */
  title: 'Change shipping address',
  intro: 'You can change where this order goes until any of it ships.',
  save: 'Save new address',
  saving: 'Saving…',
  changed: 'Your shipping address was changed. We will send the order there.',
  unchanged: 'That is already where this order ships.',
  fixFields: 'Please check the fields marked below.',
  emailSubject: (orderNumber: string) => `Your shipping address was changed for order ${orderNumber}`,
  emailHeading: 'Your shipping address was changed',
  emailNotYou: `If you did not make this change, reply to this email or contact us right away: nothing has shipped yet.`,
  changedOn: (when: string) => `Address changed on ${when}.`,
} as const

/** PUT /api/v3/order_address and the order page's form: which order, and where it ships now. */
export const changeOrderAddressInput = z.object({
  orderId: z.string({ error: orderAddressMessages.orderId }).trim().min(1, orderAddressMessages.orderId).max(40, orderAddressMessages.orderId),
  // Checked in full by the address service (the checkout's zod input and the ZIP data).
  address: z.record(z.string(), z.unknown(), { error: orderAddressMessages.address }),
})
export type ChangeOrderAddressInput = z.input<typeof changeOrderAddressInput>

/** Why an order's address cannot be changed now (null: it can). */
export type OrderAddressBlock = 'shipped' | 'registry_gift' | 'cancelled' | 'nothing_ships' | null
