// Inputs to the shop's use cases, shared by the SSR pages and the JSON API. No server imports.
import { z } from 'zod'
import { isShortCode } from './product-path'

/** Products per page in the store (spec §9). */
export const STORE_PRODUCTS_PER_PAGE = 18

/** Longer search terms are refused with a clear message rather than searched. */
export const SEARCH_TERM_MAX_LENGTH = 200

/** The furthest page anyone may ask for; keeps OFFSET bounded whatever the query string says. */
export const MAX_PAGE = 5_000

const PG_INT_MAX = 2_147_483_647

/** `?page=N`: a whole number from 1; absent or empty means the first page. */
export const pageInput = z.preprocess(
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? 1 : value),
  z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'Pages start at 1.')
    .max(MAX_PAGE, `There are at most ${MAX_PAGE} pages.`),
)

/** A category url slug: lowercase letters, digits and single dashes (case is forgiven). */
export const categorySlugInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(120, 'A category slug has at most 120 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A category slug has lowercase letters, digits and dashes.')

/** The search term: surrounding and repeated spaces are dropped; at most 200 characters remain. */
export const searchTermInput = z
  .string()
  .transform((term) => term.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(SEARCH_TERM_MAX_LENGTH, `Search terms can be at most ${SEARCH_TERM_MAX_LENGTH} characters long.`))

/** A product id (the genericProductId of a product page path): digits only, within PostgreSQL's integer. */
export const productIdInput = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, 'A product id is a whole number.'))
  .transform(Number)
  .pipe(z.number().int().min(1, 'A product id is positive.').max(PG_INT_MAX, 'No product has that id.'))

/** A short code: one letter and three digits (spec §5), case-insensitive. */
export const shortCodeInput = z
  .string()
  .trim()
  .refine(isShortCode, 'A short code is one letter followed by three digits.')

/** Products of one category and its descendants, a page at a time. */
export const categoryProductsInput = z.object({ urlSlug: categorySlugInput, page: pageInput })
export type CategoryProductsInput = z.output<typeof categoryProductsInput>

/** Products whose name or brand matches every word of the term, a page at a time. */
export const searchProductsInput = z.object({ searchTerm: searchTermInput, page: pageInput })
export type SearchProductsInput = z.output<typeof searchProductsInput>

/** One product by id. */
export const productInput = z.object({ id: productIdInput })
export type ProductInput = z.output<typeof productInput>

/** A category page, a page of products at a time. */
export const categoryPageInput = categoryProductsInput
export type CategoryPageInput = CategoryProductsInput

/** Turns a failed parse into the first message, for pages that show one line. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'That input is not valid.'
}
