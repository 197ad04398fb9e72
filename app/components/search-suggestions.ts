// The search box's rules (spec §4 'Search box', §9), as pure functions and small factories with
// injectable timers and storage, so they are tested without a browser. Fetching and caching suggestions is in
// suggestion-source.ts, loaded when the box is first used.

export const SEARCH_DEBOUNCE_MS = 300
export const MIN_SUGGESTION_LENGTH = 3
export const SEARCH_HISTORY_LIMIT = 10
export const SEARCH_HISTORY_KEY = 'nestlist.searchHistory'

export type Suggestion = { searchTerm: string }

/** The term to ask suggestions for, or null when it is under the 3-character minimum. */
export function suggestionQuery(term: string): string | null {
  const trimmed = term.trim()
  return trimmed.length >= MIN_SUGGESTION_LENGTH ? trimmed : null
}

/**
 * The highlighted suggestion after an arrow key, with wraparound. -1 means nothing is highlighted:
 * Down from nothing goes to the first, Up from nothing to the last.
 */
export function moveHighlight(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count <= 0) return -1
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count
  return current <= 0 ? count - 1 : current - 1
}

/** The session history after running a search: the term moves to the end, at most 10 terms kept. */
export function addToHistory(history: readonly string[], term: string): string[] {
  const trimmed = term.trim()
  if (!trimmed) return [...history]
  return [...history.filter((t) => t !== trimmed), trimmed].slice(-SEARCH_HISTORY_LIMIT)
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The session's search history (sessionStorage); anything unreadable counts as empty. */
export function readHistory(storage: KeyValueStorage | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SEARCH_HISTORY_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string').slice(-SEARCH_HISTORY_LIMIT) : []
  } catch {
    return []
  }
}

/** Appends a term to the stored session history. */
export function rememberSearch(storage: KeyValueStorage | undefined, term: string): void {
  try {
    storage?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(addToHistory(readHistory(storage), term)))
  } catch {
    // Storage full or disabled: history is a convenience.
  }
}

/** The term the box shows on load: the last one of the session history. */
export const lastHistoryTerm = (storage: KeyValueStorage | undefined): string => readHistory(storage).at(-1) ?? ''

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void }

/** Calls `fn` with the latest value once `delay` ms pass without a newer one. */
export function createDebouncer<T>(
  fn: (value: T) => void,
  { delay = SEARCH_DEBOUNCE_MS, timers = globalThis as unknown as Timers }: { delay?: number; timers?: Timers } = {},
) {
  let handle: unknown = null
  return {
    push(value: T) {
      if (handle !== null) timers.clearTimeout(handle)
      handle = timers.setTimeout(() => {
        handle = null
        fn(value)
      }, delay)
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle)
      handle = null
    },
  }
}
