// Inputs to the Amazon cart use cases (docs/decisions/032-amazon-cart.md), shared by the page's forms and the JSON API. No server imports.
import { z } from 'zod'
import { MAX_QUANTITY, NOTE_MAX } from '../registry/registry.constants'

const quantity = z.coerce
  .number({ error: 'Choose how many.' })
  .int('Choose a whole number.')
  .min(1, 'Choose at least 1.')
  .max(MAX_QUANTITY, `Choose at most ${MAX_QUANTITY}.`)

const optionalText = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(max).optional())

export const addAmazonCartItemInput = z.object({
  regItemId: z.coerce.number({ error: 'Choose a gift.' }).int('Choose a gift.').positive('Choose a gift.'),
  quantity: quantity.default(1),
  /** A guest's name and email for the reservation; not needed when signed in or once the Amazon cart holds a gift. */
  giverName: optionalText(200),
  giverEmail: optionalText(300),
  /** A message to the family with the gift (as on a reservation). */
  giftMessage: optionalText(NOTE_MAX + 200),
})
export type AddAmazonCartItemInput = z.input<typeof addAmazonCartItemInput>

export const updateAmazonCartItemInput = z
  .object({
    quantity: quantity.optional(),
    /** true: 'Yes, I bought it' (the reservation becomes a purchase); false: 'Not yet' (it stays held). */
    purchased: z.boolean().optional(),
  })
  .refine((v) => v.quantity !== undefined || v.purchased !== undefined, { message: 'Send a quantity or purchased.', path: ['_error'] })
export type UpdateAmazonCartItemInput = z.input<typeof updateAmazonCartItemInput>
