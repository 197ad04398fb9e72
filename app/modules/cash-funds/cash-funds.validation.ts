// Cash fund inputs, shared by the forms and the JSON API (docs/decisions/030). No server imports.
import { z } from 'zod'
import { int4Id } from '~/lib/input-rules'
import { cardInput } from '../payments/payments.validation'
import { cashFundMessages as m, CONTRIBUTION_MAX_CENTS, CONTRIBUTION_MIN_CENTS, GOAL_MAX_CENTS, PAYOUT_REFERENCE_MAX, PAYOUT_REFERENCE_MIN, payoutMessages } from './cash-funds.strings'

/** '25', '25.5', '$1,025.50' -> cents; anything else (or more than 2 decimals) is not an amount. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '')
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null
  const [whole, frac = ''] = t.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** An amount typed in dollars (forms) or given in cents (API: amountCents). */
const centsFrom = (min: number, max: number, minMessage: string, maxMessage: string) =>
  z.union([z.number(), z.string()], { error: m.amountFormat }).transform((v, ctx) => {
    const cents = typeof v === 'number' ? v : dollarsToCents(v)
    if (cents === null || !Number.isInteger(cents)) {
      ctx.addIssue({ code: 'custom', message: m.amountFormat })
      return z.NEVER
    }
    if (cents < min) ctx.addIssue({ code: 'custom', message: minMessage })
    else if (cents > max) ctx.addIssue({ code: 'custom', message: maxMessage })
    return cents
  })

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional().default('')

export const addCashFundInput = z.object({
  /** The catalogue's cash-fund product it starts from (its picture and words); optional. */
  productId: int4Id().optional(),
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(80, m.titleTooLong),
  description: optionalText(500, m.descriptionTooLong),
  /** In cents (API) or dollars (form 'goal'); empty or missing: no goal. */
  goalCents: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null
      const cents = typeof v === 'number' ? v : dollarsToCents(v)
      if (cents === null || !Number.isInteger(cents) || cents < 100 || cents > GOAL_MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: m.goalRange })
        return z.NEVER
      }
      return cents
    }),
})
export type AddCashFundInput = z.input<typeof addCashFundInput>

export const contributeInput = z
  .object({
    cashFundId: z.coerce.number().int().positive(),
    amountCents: centsFrom(CONTRIBUTION_MIN_CENTS, CONTRIBUTION_MAX_CENTS, m.amountMin, m.amountMax),
    giverName: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, 'Names are at most 100 characters.'),
    giverEmail: z.string({ error: m.emailInvalid }).trim().toLowerCase().max(254, m.emailInvalid).pipe(z.email(m.emailInvalid)),
    message: optionalText(500, m.messageTooLong),
    /** One per contribution attempt (the form makes one when it is shown): a retry with it makes no second contribution or charge. */
    idempotencyKey: z.string({ error: 'An idempotency key is required.' }).trim().min(8, 'Idempotency keys are 8 to 100 characters.').max(100, 'Idempotency keys are 8 to 100 characters.'),
    card: cardInput,
  })
  .strict()
export type ContributeInput = z.input<typeof contributeInput>

/** A chip-in towards a group gift: the contribution's fields with the registry item instead of a fund. */
export const chipInInput = contributeInput
  .omit({ cashFundId: true })
  .extend({ regItemId: z.coerce.number().int().positive() })
  .strict()
export type ChipInInput = z.input<typeof chipInInput>

/** Redeem a group gift's fund (the family). */
export const redeemGroupGiftInput = z
  .object({
    regItemId: z.coerce.number({ error: 'Choose a group gift.' }).int().positive('Choose a group gift.'),
    /** 'payout' (default): the cash fund way; 'order': store credit to order the item (a fully funded catalogue item). */
    use: z.enum(['payout', 'order'], { error: 'Choose how to use the fund: payout or order.' }).default('payout'),
    /** use 'order': the size and colour to order when the registry item never chose them (decision 030, h13). */
    size: z.string().trim().max(60).optional(),
    color: z.string().trim().max(60).optional(),
  })
  .strict()

export const cashFundPreferencesInput = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('store_credit') }),
    z.object({
      method: z.literal('bank_transfer'),
      accountHolder: z.string({ error: m.accountHolderRequired }).trim().min(1, m.accountHolderRequired).max(100, 'Names are at most 100 characters.'),
      accountLast4: z.string({ error: m.last4Format }).trim().regex(/^\d{4}$/, m.last4Format),
    }),
  ],
  { error: m.methodRequired },
)
export type CashFundPreferencesInput = z.input<typeof cashFundPreferencesInput>

/**
 * Staff record a bank transfer they sent (h14): the registry, the bank's reference, and the owed items they
 * saw and paid (the amount is their sum, computed by the server). `accountLast4`, when given, must still be
 * the family's account, so a transfer to an account the family just replaced is not recorded as theirs.
 */
export const recordPayoutInput = z
  .object({
    registryId: z.coerce.number({ error: payoutMessages.notFound }).int().positive(payoutMessages.notFound),
    reference: z
      .string({ error: payoutMessages.referenceRequired })
      .trim()
      .min(1, payoutMessages.referenceRequired)
      .pipe(
        z
          .string()
          .min(PAYOUT_REFERENCE_MIN, payoutMessages.referenceFormat)
          .max(PAYOUT_REFERENCE_MAX, payoutMessages.referenceFormat)
          .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/#:-]*$/, payoutMessages.referenceFormat),
      ),
    contributionIds: z.array(z.uuid(payoutMessages.itemsChanged)).max(1000).default([]),
    redemptionIds: z.array(z.uuid(payoutMessages.itemsChanged)).max(1000).default([]),
    accountLast4: z.string().regex(/^\d{4}$/, m.last4Format).optional(),
  })
  .strict()
  .refine((v) => v.contributionIds.length + v.redemptionIds.length > 0, { message: payoutMessages.nothingChosen, path: ['items'] })
export type RecordPayoutInput = z.input<typeof recordPayoutInput>
