// Where the search box's suggestions come from (spec §7): GET /store/api/search/suggestions, cached per term for the
// page session and shared by every box on the page. Loaded when a box is first focused or typed in, not at start
// (decision 018, amendment h19). Factories with injectable fetch and clock, so they are tested without a browser.
import type { Suggestion } from './search-suggestions'

export const SUGGESTIONS_PATH = '/store/api/search/suggestions'

/**
 * A per-key cache of async answers with a stale time (Infinity: for the page session). A failed
 * load is not kept, so the next ask tries again.
 */
export function createQueryCache<T>(load: (key: string) => Promise<T>, { staleTime = Infinity, now = () => Date.now() } = {}) {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return {
    get(key: string): Promise<T> {
      const hit = entries.get(key)
      if (hit && now() - hit.at < staleTime) return hit.value
      const value = load(key)
      entries.set(key, { at: now(), value })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
    has: (key: string) => entries.has(key),
    clear: () => entries.clear(),
  }
}

/** GET /store/api/search/suggestions?q= (spec §7), read defensively: anything odd is no suggestions. */
export async function fetchSuggestions(term: string, fetchImpl: typeof fetch = fetch): Promise<Suggestion[]> {
  const res = await fetchImpl(`${SUGGESTIONS_PATH}?${new URLSearchParams({ q: term })}`, { headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`suggestions answered ${res.status}`)
  const body: unknown = await res.json()
  const list = Array.isArray(body) ? body : []
  return list.filter((s): s is Suggestion => typeof s === 'object' && s !== null && typeof (s as Suggestion).searchTerm === 'string').map((s) => ({ searchTerm: s.searchTerm }))
}

/** The page's suggestions, per term, for the page session. */
export const suggestionCache = createQueryCache((term) => fetchSuggestions(term))
