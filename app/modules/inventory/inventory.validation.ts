// Inputs to stock and 'notify me' use cases, shared by the product page's forms and the JSON API. No server imports.
import { z } from 'zod'
import { int4, int4Id } from '~/lib/input-rules'
import { emailInput } from '../accounts/accounts.validation'

const option = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40).optional())

export const availabilitySubscriptionInput = z.object({
  productId: int4Id('Choose a product.'),
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

export const stockMessages = {
  quantity: 'Enter the stock as a whole number from 0 to 100,000.',
  option: 'That option is not sold for this product. Reload the page.',
  changed: (now: number) => `The stock changed to ${now} while you were editing (orders or another staff member). Check it and save again.`,
  search: 'Enter a product name or id (at least 2 characters).',
} as const

/** Staff tools: set one option's stock to a count. `expected` is the count the form showed (no lost updates). */
export const stockSetInput = z.object({
  productId: int4Id('Choose a product.'),
  optionKey: z.string().max(200).default(''),
  quantity: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(/,/g, ''))) : v),
    z.number({ error: stockMessages.quantity }).int(stockMessages.quantity).min(0, stockMessages.quantity).max(100_000, stockMessages.quantity),
  ),
  expected: int4({ min: 0 }),
})

export type AvailabilitySubscriptionInput = z.input<typeof availabilitySubscriptionInput>
