// Inputs to the checklist use cases, shared by the pages' forms and the JSON API. No server imports.
import { z } from 'zod'
import { int4Id } from '~/lib/input-rules'
import { emailInput } from '../accounts/accounts.validation'

const booleanish = z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1')], {
  error: 'Say whether the item is checked (true or false).',
})

/** Check or uncheck one suggested item by hand. */
export const setCheckInput = z.object({
  itemId: int4Id('Choose a checklist item.'),
  checked: booleanish,
})
export type SetCheckInput = z.infer<typeof setCheckInput>

/** The address the personalised checklist goes to. */
export const quizEmailInput = z.object({ email: emailInput })
