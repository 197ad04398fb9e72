import { z } from 'zod'

/** The spec's insert card order quantities (section 9). */
export const INSERT_CARD_QUANTITIES = [10, 20, 30, 40, 50, 75, 100] as const
export type InsertCardQuantity = (typeof INSERT_CARD_QUANTITIES)[number]

export const insertCardStatuses = ['ordered', 'printed', 'shipped'] as const
export type InsertCardStatus = (typeof insertCardStatuses)[number]
export const insertCardStatusLabels: Record<InsertCardStatus, string> = { ordered: 'Ordered', printed: 'Printed', shipped: 'Shipped' }

const quantityMessage = `Choose how many cards: ${INSERT_CARD_QUANTITIES.join(', ')}.`

/** One order: how many cards. Shared by /registry/share/insert-cards and the API. */
export const insertCardOrderInput = z.object({
  quantity: z.coerce
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .refine((n) => (INSERT_CARD_QUANTITIES as readonly number[]).includes(n), quantityMessage),
})
