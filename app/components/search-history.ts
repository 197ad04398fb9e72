import { lastHistoryTerm, rememberSearch } from './search-suggestions'

// The session's search history (spec §4 'Search box'): what the boxes remember and what refills the header's
// box on load. Its own module because the refill runs with the page's first load, while the header (an island,
// decision 018 h12) may not have loaded its code yet.

/** The id of the header's search field (desktop). */
export const HEADER_SEARCH_ID = 'header-search'

export function sessionStore(): Storage | undefined {
  if (typeof window === 'undefined') return undefined
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * Runs a search from any box: remembers it in the session history. The search_executed event (with the search
 * id and hero product ids) is sent by the results page once the search has answered, so a search is counted
 * once however it was started.
 */
export function recordSearch(term: string) {
  const trimmed = term.trim()
  if (trimmed) rememberSearch(sessionStore(), trimmed)
}

let refilledWith: string | null = null

/**
 * On load, the last term of the session history refills the header's search box if it is empty. It writes the
 * field of the server's HTML directly, so it works before the header has hydrated; the box reads the value
 * into its state when it does.
 */
export function refillSearchBoxFromHistory() {
  const input = document.getElementById(HEADER_SEARCH_ID)
  if (!(input instanceof HTMLInputElement) || input.value) return
  const last = lastHistoryTerm(sessionStore())
  if (last) input.value = refilledWith = last
}

/** Whether the field's text is the history's refill (not typed by the shopper before the box hydrated). */
export const isHistoryRefill = (value: string) => refilledWith !== null && value === refilledWith
