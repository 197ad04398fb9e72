// Email preferences input, shared by /settings/email-preferences and the API. No server imports.
import { z } from 'zod'
import { emailCategories, type EmailCategory } from '~/modules/email/email.types'

const categoryIds = emailCategories.map((c) => c.id) as [EmailCategory, ...EmailCategory[]]

/** The categories the user wants; every optional category left out is opted out of. Required ones are ignored. */
export const emailPreferencesInput = z.object({
  subscribed: z
    .array(z.enum(categoryIds, { error: 'That is not an email category we send.' }))
    .max(categoryIds.length * 2, 'Too many categories.'),
  /** Registry activity: each gift as it happens, or one daily digest (left out: unchanged). */
  registryActivityDelivery: z.enum(['instant', 'daily'], { error: 'Choose each gift as it happens or a daily digest.' }).optional(),
})
export type EmailPreferencesInput = z.infer<typeof emailPreferencesInput>
