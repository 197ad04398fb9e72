// Card and amount inputs, shared by checkout forms and the API. No server imports.
import { z } from 'zod'

const digits = (v: string) => v.replace(/[\s-]/g, '')

/** The Luhn checksum every real card number passes. */
export function luhnValid(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return number.length > 0 && sum % 10 === 0
}

/** Visa, Mastercard, American Express, Discover, or 'Card'. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard'
  if (/^3[47]/.test(number)) return 'American Express'
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover'
  return 'Card'
}

export const cardInput = z
  .object({
    number: z
      .string({ error: 'Enter your card number.' })
      .transform(digits)
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, 'Enter the card number as it is printed on the card.')
          .refine(luhnValid, 'That card number is not right. Check it and try again.'),
      ),
    expMonth: z.coerce.number({ error: 'Enter the month the card expires.' }).int().min(1, 'Enter a month from 1 to 12.').max(12, 'Enter a month from 1 to 12.'),
    expYear: z.coerce
      .number({ error: 'Enter the year the card expires.' })
      .int()
      .transform((y) => (y < 100 ? 2000 + y : y))
      .pipe(z.number().min(2000, 'Enter the year the card expires.').max(2100, 'Enter the year the card expires.')),
    cvc: z.string({ error: 'Enter the security code.' }).trim().regex(/^\d{3,4}$/, 'The security code is the 3 or 4 digits on the card.'),
    nameOnCard: z.string().trim().max(100, 'Names are at most 100 characters.').optional(),
  })
  .superRefine((card, ctx) => {
    const now = new Date()
    const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
    if (expired) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: 'This card has expired. Use another card.' })
  })

export type CardInput = z.infer<typeof cardInput>

export const authorizeInput = z.object({
  idempotencyKey: z.string({ error: 'An idempotency key is required.' }).trim().min(8, 'Idempotency keys are 8 to 100 characters.').max(100, 'Idempotency keys are 8 to 100 characters.'),
  amountCents: z.number().int().min(1, 'The amount must be at least 1 cent.').max(99_999_999, 'The amount is too large.'),
  purpose: z.string().trim().min(1).max(40),
  purposeId: z.string().trim().max(100).optional(),
  /** A card typed in, or (docs/decisions/026) one of the buyer's saved cards: exactly one. */
  card: cardInput.optional(),
  savedCard: z.object({ paymentMethodId: z.string(), userId: z.number().int().positive() }).strict().optional(),
}).superRefine((v, ctx) => {
  if (!v.card === !v.savedCard) ctx.addIssue({ code: 'custom', path: ['card'], message: 'Pay with a saved card or a new card, not both.' })
})

export type AuthorizeInput = z.input<typeof authorizeInput>
