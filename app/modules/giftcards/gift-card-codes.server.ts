import { createHash, randomBytes } from 'node:crypto'
import { CODE_ALPHABET, CODE_LENGTH, normaliseCode } from './giftcards.validation'

/** A new code: 16 symbols from a 32-symbol alphabet, each from 5 random bits of the CSPRNG (80 bits in all). */
export function generateCode(): string {
  const bytes = randomBytes(CODE_LENGTH)
  let code = ''
  for (const b of bytes) code += CODE_ALPHABET[b & 31]
  return code
}

/** What is stored: SHA-256 of the normalised code (80 random bits make a keyless hash safe to keep). */
export const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex')

/** A return code: 'RG-' and 8 symbols of the code alphabet (40 random bits), like 'RG-7KQM-2XPD'. */
export function generateReturnCode(): string {
  const symbols = [...randomBytes(8)].map((b) => CODE_ALPHABET[b & 31]).join('')
  return `RG-${symbols.slice(0, 4)}-${symbols.slice(4)}`
}

/** 'rg7kqm2xpd', 'RG-7KQM-2XPD' → 'RG-7KQM-2XPD' (what staff type or scan). */
export const normaliseReturnCode = (raw: string) => {
  const t = raw.toUpperCase().replace(/[\s-]+/g, '')
  const body = t.startsWith('RG') ? t.slice(2) : t
  return `RG-${body.slice(0, 4)}-${body.slice(4)}`
}
