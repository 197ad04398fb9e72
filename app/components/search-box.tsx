import { useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { cx, Icon } from '~/ui'
import { createDebouncer, lastHistoryTerm, moveHighlight, rememberSearch, type Suggestion, suggestionQuery } from './search-suggestions'
import { SEARCH_PATH, searchResultsPath } from './search-target'
import { loadChunk } from '~/lib/chunk-load'

// Fetching and caching suggestions: loaded when the box is first focused or typed in (the 300 ms pause before the
// first request covers it), not with the page.
const loadSuggestionSource = () => loadChunk('suggestion-source', () => import('./suggestion-source'))

const sessionStore = () => (typeof window === 'undefined' ? undefined : safeSessionStorage())
function safeSessionStorage() {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * Runs a search from any box: remembers it in the session history. The search_executed event (with
 * the search id and hero product ids) is sent by the results page once the search has answered, so
 * a search is counted once however it was started.
 */
export function recordSearch(term: string) {
  const trimmed = term.trim()
  if (trimmed) rememberSearch(sessionStore(), trimmed)
}

/**
 * The desktop header's search box (spec §4 'Search box'): a combobox with suggestions fetched after a
 * 300 ms pause for terms of 3+ characters, arrow keys with wraparound, Enter to run the highlighted
 * suggestion or the typed term, a clear button, and the session history refilling the box on load.
 * Without JavaScript it is a plain GET form to the search results with the field search_term.
 */
export function SearchBox({ className }: { className?: string }) {
  const [term, setTerm] = useSearchTermState()
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const inputRef = useRef<HTMLInputElement>(null)
  const rootRef = useRef<HTMLFormElement>(null)
  // The term the latest suggestions request was for: older answers are ignored.
  const wanted = useRef<string | null>(null)
  const navigate = useNavigate()
  const ids = useId()
  const listboxId = `${ids}-suggestions`
  const optionId = (i: number) => `${ids}-option-${i}`

  const [debouncer] = useState(() =>
    createDebouncer<string>((value) => {
      const query = suggestionQuery(value)
      wanted.current = query
      if (query === null) return clearSuggestions()
      loadSuggestionSource()
        .then((source) => source.suggestionCache.get(query))
        .then(
          (list) => {
            if (wanted.current !== query) return
            setSuggestions(list)
            setActive(-1)
            setOpen(list.length > 0 && document.activeElement === inputRef.current)
          },
          () => {
            if (wanted.current === query) clearSuggestions()
          },
        )
    }),
  )
  useEffect(() => () => debouncer.cancel(), [debouncer])

  function clearSuggestions() {
    setSuggestions([])
    setActive(-1)
    setOpen(false)
  }

  // On load, the last term of the session history refills the box, without asking for suggestions.
  useEffect(() => {
    if (!inputRef.current?.value) {
      const last = lastHistoryTerm(sessionStore())
      if (last) setTerm(last)
    }
    // Only once, on load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A mouse press outside closes the suggestions. Listening from hydration on (not only once the list has
  // opened) leaves no gap between the list appearing and the listener being there; closing a closed list
  // is a no-op.
  useEffect(() => {
    function onMouseDown(event: MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onMouseDown)
    return () => document.removeEventListener('mousedown', onMouseDown)
  }, [])

  function onType(value: string) {
    setTerm(value)
    setActive(-1)
    if (suggestionQuery(value) === null) {
      // Below the minimum the list clears at once; no request.
      wanted.current = null
      debouncer.cancel()
      clearSuggestions()
    } else {
      debouncer.push(value)
    }
  }

  function run(searchTerm: string) {
    debouncer.cancel()
    wanted.current = null
    clearSuggestions()
    setTerm(searchTerm)
    recordSearch(searchTerm)
    navigate(searchResultsPath(searchTerm))
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault()
      const next = moveHighlight(active, event.key, suggestions.length)
      setActive(next)
      setOpen(true)
      const chosen = suggestions[next]
      if (chosen) setTerm(chosen.searchTerm)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const expanded = open && suggestions.length > 0
  return (
    <form
      ref={rootRef}
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label="Store"
      onSubmit={(event) => {
        event.preventDefault()
        const highlighted = expanded && active >= 0 ? suggestions[active] : undefined
        run(highlighted ? highlighted.searchTerm : term)
      }}
      className={cx('relative', className)}
    >
      <label htmlFor="header-search" className="sr-only">
        Search the store
      </label>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
      <input
        ref={inputRef}
        id="header-search"
        type="search"
        name="search_term"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={term}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          // Fetched ahead of the first pause; offline, the first request reports it (no suggestions).
          loadSuggestionSource().catch(() => undefined)
          if (suggestions.length > 0) setOpen(true)
        }}
        placeholder="What are you looking for?"
        autoComplete="off"
        enterKeyHint="search"
        className="h-12 w-full appearance-none rounded-full border border-line-strong bg-cream pr-24 pl-11 text-base text-ink placeholder:text-muted hover:border-ink focus-visible:border-berry-700 focus-visible:bg-white [&::-webkit-search-cancel-button]:hidden"
      />
      {term ? (
        <button
          type="button"
          onClick={() => {
            debouncer.cancel()
            wanted.current = null
            setTerm('')
            clearSuggestions()
            inputRef.current?.focus()
          }}
          className="absolute top-1/2 right-13 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-berry-50 hover:text-ink"
        >
          <Icon name="close" className="size-4" />
          <span className="sr-only">Clear search</span>
        </button>
      ) : null}
      <button
        type="submit"
        className="absolute top-1/2 right-1.5 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-berry-700 text-white hover:bg-berry-800"
      >
        <Icon name="search" className="size-[1.1rem]" />
        <span className="sr-only">Search</span>
      </button>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-line bg-white py-2 shadow-pop"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.searchTerm}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keep focus in the box while the pointer is pressed, so the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(s.searchTerm)}
            onMouseEnter={() => setActive(i)}
            className={cx(
              'flex cursor-pointer items-center gap-3 px-4 py-2 text-[0.9375rem] text-ink',
              i === active ? 'bg-berry-50 text-berry-800' : 'hover:bg-cream',
            )}
          >
            <Icon name="search" className="size-4 shrink-0 text-muted" />
            <span className="truncate">{s.searchTerm}</span>
          </li>
        ))}
      </ul>
    </form>
  )
}

/**
 * The text of a search box: editable, and refilled from the address whenever it changes, so the
 * results page shows its term and other pages start empty.
 */
export function useSearchTermState(): [string, (term: string) => void] {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const current = pathname === SEARCH_PATH ? (params.get('search_term') ?? '') : ''
  const [term, setTerm] = useState(current)
  const [shownFor, setShownFor] = useState(current)
  if (shownFor !== current) {
    setShownFor(current)
    setTerm(current)
  }
  return [term, setTerm]
}
