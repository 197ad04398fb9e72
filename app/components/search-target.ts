/** The spec's short code: one letter followed by exactly three digits, after trimming. */
export const SHORT_CODE = /^[A-Za-z]\d{3}$/

export const isShortCode = (text: string) => SHORT_CODE.test(text.trim())

/** Where the search-results page lives; the search forms submit here with the field `search_term`. */
export const SEARCH_PATH = '/store/search'

/** The search-results path for a term, encoded the way a GET form encodes it. */
export function searchResultsPath(term: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ search_term: term.trim() })}`
}

/**
 * Where the mobile search bar goes on submit: a short code ('a123') opens its short-code page,
 * anything else the search results.
 */
export function searchTarget(text: string): string {
  const term = text.trim()
  return isShortCode(term) ? `/store/code/${term}` : searchResultsPath(term)
}
