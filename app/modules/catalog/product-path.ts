// Paths into the shop, shared by pages, cards, the API and the search box. Pure functions with no
// server imports, so browser code may use them.
import { messages } from '~/lib/errors'

type PdpPathInput = { slug?: string | null; genericProductId?: number | string | null }

/** The product page path /gp/{slug}/{genericProductId}; both parts are required (spec §5). */
export function pdpPath({ slug, genericProductId }: PdpPathInput): string {
  const id = typeof genericProductId === 'number' ? String(genericProductId) : genericProductId?.trim()
  if (!slug?.trim() || !id) throw new Error(messages.pdpPathMissing)
  return `/gp/${encodeURIComponent(slug.trim())}/${encodeURIComponent(id)}`
}

/** A short code is one letter followed by exactly three digits, after trimming (spec §5). */
export function isShortCode(text: string): boolean {
  return /^[a-z]\d{3}$/i.test(text.trim())
}

/** The short-code path the search box goes to for a short code. */
export function shortCodePath(code: string): string {
  return `/store/code/${encodeURIComponent(code.trim())}`
}

export { categoryPath } from './category-path'

/** The search results page for a term, optionally at a page past the first. */
export function searchPath(searchTerm: string, page = 1): string {
  const query = new URLSearchParams({ search_term: searchTerm })
  if (page > 1) query.set('page', String(page))
  return `/store/search?${query.toString()}`
}
