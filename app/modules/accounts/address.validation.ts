// The saved shipping address: one zod input shared by the settings forms and PUT /api/v3/address.
// No server imports. The ZIP-to-state check needs the ZIP data file and runs in the service.
import { z } from 'zod'
import { isUsStateCode, usStateCodes } from './us-states'

export const addressMessages = {
  name: 'Enter the name of the person receiving packages.',
  line1: 'Enter the street address.',
  city: 'Enter the city.',
  state: 'Choose a state from the list.',
  zip: 'Enter a 5-digit ZIP code, like 90210 or 90210-1234.',
  phone: 'Enter a US phone number with area code, like (212) 555-0142.',
} as const

const ZIP = /^(\d{5})(?:-?(\d{4}))?$/

/** Accepts 12345, 12345-6789 or 123456789; stores 12345 or 12345-6789. */
export const zipInput = z
  .string({ error: addressMessages.zip })
  .trim()
  .regex(ZIP, addressMessages.zip)
  .transform((zip) => {
    const [, five, four] = ZIP.exec(zip)!
    return four ? `${five}-${four}` : five!
  })

/** The five-digit part of a ZIP or ZIP+4 (what the ZIP data is keyed by). */
export const zip5 = (zip: string) => zip.slice(0, 5)

/**
 * A US phone number in any usual spelling ((212) 555-0142, 212.555.0142, +1 212 555 0142), stored as
 * (212) 555-0142. Area code and exchange cannot start with 0 or 1 (North American numbering plan).
 */
export function normalizeUsPhone(raw: string): string | null {
  if (!/^[\d\s().+-]+$/.test(raw)) return null
  let digits = raw.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[<>\u0000-\u001f\u007f]/

const text = (max: number, required: string | null, label: string) => {
  const base = z.string({ error: required ?? `${label} must be text.` }).trim()
  const sized = required ? base.min(1, required) : base
  return sized
    .max(max, `${label} can be at most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), `${label} cannot contain < > or control characters.`)
}

/**
 * PUT /api/v3/address and the settings forms. City and state may be left empty when the ZIP code is
 * known: the service fills them from the ZIP data (so the form works without JavaScript too).
 */
export const addressInput = z.object({
  name: text(100, addressMessages.name, 'The name'),
  line1: text(100, addressMessages.line1, 'The street address'),
  line2: text(100, null, 'The apartment or suite').optional().default(''),
  city: text(60, null, 'The city').optional().default(''),
  state: z
    .string({ error: addressMessages.state })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isUsStateCode(v), addressMessages.state)
    .optional()
    .default('')
    .describe(`A US state, DC, territory or military code: ${usStateCodes.join(', ')}. May be empty when the ZIP code is known.`),
  zip: zipInput,
  phone: z
    .string({ error: addressMessages.phone })
    .trim()
    .max(40, addressMessages.phone)
    .refine((v) => v === '' || normalizeUsPhone(v) !== null, addressMessages.phone)
    .transform((v) => (v === '' ? '' : normalizeUsPhone(v)!))
    .optional()
    .default(''),
})
export type AddressInput = z.input<typeof addressInput>
export type AddressData = z.output<typeof addressInput>

/** GET /api/v3/zip_lookups?zip=: five digits (a ZIP+4 is accepted and cut to five). */
export const zipLookupQuery = z.object({ zip: zipInput.transform(zip5) })
