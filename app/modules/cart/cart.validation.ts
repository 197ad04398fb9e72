// Inputs to the cart use cases, shared by the pages' forms and the JSON API. No server imports.
import { z } from 'zod'
import { int4Id } from '~/lib/input-rules'
import { MAX_LINE_QUANTITY } from './cart.constants'

const quantity = z.coerce
  .number({ error: 'Choose how many.' })
  .int('Choose a whole number.')
  .min(1, 'Choose at least 1.')
  .max(MAX_LINE_QUANTITY, `You can buy at most ${MAX_LINE_QUANTITY} at a time.`)

const option = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40).optional())

export const addToCartInput = z.object({
  productId: int4Id('Choose a product.'),
  quantity: quantity.default(1),
  size: option,
  color: option,
  /** A gift for a registry item (the registry is read from the item). */
  regItemId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional()),
})

export const updateCartItemInput = z.object({ quantity })

export type AddToCartInput = z.input<typeof addToCartInput>
