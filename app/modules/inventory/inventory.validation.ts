// Inputs to stock and 'notify me' use cases, shared by the product page's forms and the JSON API. No server imports.
import { z } from 'zod'
import { emailInput } from '../accounts/accounts.validation'

const option = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40).optional())

export const availabilitySubscriptionInput = z.object({
  productId: z.coerce.number({ error: 'Choose a product.' }).int().positive('Choose a product.'),
  /** Ignored for a signed-in shopper: their account email is used. */
  email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailInput.optional()),
  size: option,
  color: option,
})

export const restockInput = z.object({
  size: option,
  color: option,
  quantity: z.coerce.number({ error: 'Enter how many arrived.' }).int('Enter a whole number.').min(1, 'Enter at least 1.').max(100_000, 'Enter at most 100,000.'),
})

export type AvailabilitySubscriptionInput = z.input<typeof availabilitySubscriptionInput>
