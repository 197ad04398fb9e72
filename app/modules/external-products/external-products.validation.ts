// Inputs for adding items from other stores, shared by the pages' forms and the JSON API. No server imports.
import { z } from 'zod'
import { MAX_QUANTITY, NOTE_MAX } from '../registry/registry.constants'

/** A URL we may fetch or link to: http(s) only, no user:password, at most 2,000 characters. Null otherwise. */
export function safeHttpUrl(raw: unknown, base?: string): URL | null {
  if (typeof raw !== 'string') return null
  const text = raw.trim()
  if (!text || text.length > 2000) return null
  let url: URL
  try {
    url = base ? new URL(text, base) : new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password || !url.hostname) return null
  return url
}

export const productUrlMessage = 'Paste a full web address that starts with http:// or https://.'

/** A product link: http(s) only (javascript:, data:, file: and the like are refused). */
export const productUrl = z
  .string({ error: productUrlMessage })
  .trim()
  .min(1, 'Paste the link to the product.')
  .max(2000, 'That link is too long.')
  .refine((v) => safeHttpUrl(v) !== null, productUrlMessage)
  .transform((v) => safeHttpUrl(v)!.href)

const priceCents = z.coerce
  .number({ error: 'Enter a price, like 24.99.' })
  .int('Enter a price, like 24.99.')
  .min(0, 'The price cannot be negative.')
  .max(10_000_000, 'Enter a price under $100,000.')

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Use at most ${max} characters for ${label}.`)

export const previewInput = z.object({ url: productUrl })

/** Saving an item from another store: what the owner checked on the preview (or typed by hand). */
export const externalItemInput = z.object({
  url: productUrl,
  title: text('the item name', 200),
  priceCents,
  quantity: z.coerce.number({ error: 'Enter a quantity.' }).int('Use a whole number.').min(1, 'Ask for at least 1.').max(MAX_QUANTITY, `Ask for at most ${MAX_QUANTITY}.`).default(1),
  categoryId: z.coerce.number().int().positive().optional(),
  note: z.string().trim().max(NOTE_MAX, `Notes are at most ${NOTE_MAX} characters.`).default(''),
  mostWanted: z.coerce.boolean().default(false),
  storeName: text('the store name', 80),
  /** One of the pictures the preview fetched for this owner; none gives the placeholder. */
  imageId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.uuid({ error: 'Choose one of the pictures.' }).optional()),
})
export type ExternalItemInput = z.infer<typeof externalItemInput>

/** Another place to buy an item. */
export const offerInput = z.object({
  storeName: text('the store name', 80),
  url: productUrl,
  priceCents,
})
export type OfferInput = z.infer<typeof offerInput>

/** '24.99', '$1,299', '' → cents (NaN when it is not a price, so the schema's message shows). */
export function dollarsToCents(raw: unknown): number | undefined {
  if (raw === null || raw === undefined) return undefined
  const text = String(raw).trim().replace(/[$,\s]/g, '')
  if (text === '') return undefined
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN
  return Math.round(Number(text) * 100)
}
