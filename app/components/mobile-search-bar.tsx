import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Icon } from '~/ui'
import { useSearchTermState } from './search-box'
import { recordSearch } from './search-history'
import { livePages } from './site-links'
import { isShortCode, SEARCH_PATH, searchResultsPath, searchTarget } from './search-target'

/**
 * The spec's mobile search bar ('Search store'). A short code such as 'a123' opens its short-code
 * page; anything else the search results. Without JavaScript it is a plain GET form to the results.
 */
export function MobileSearchBar() {
  const navigate = useNavigate()
  const [term, setTerm] = useSearchTermState()
  const inputRef = useRef<HTMLInputElement>(null)
  // Text typed before the header hydrated (it is an island, decision 018 h12) stays in the field: keep it.
  useEffect(() => {
    const shown = inputRef.current?.value ?? ''
    if (shown !== term) setTerm(shown)
    // Only once, when the bar hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <div className="border-t border-line bg-white px-4 py-2.5 sm:px-6 lg:hidden">
      <form
        method="get"
        action={SEARCH_PATH}
        role="search"
        aria-label="Store"
        onSubmit={(event) => {
          event.preventDefault()
          // The field's own value: a submit replayed right after hydration can come before the render above.
          const value = inputRef.current?.value ?? term
          if (!isShortCode(value)) recordSearch(value)
          navigate(livePages.shortCode ? searchTarget(value) : searchResultsPath(value))
        }}
        className="relative mx-auto max-w-2xl"
      >
        <label htmlFor="mobile-search" className="sr-only">
          Search store
        </label>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={inputRef}
          id="mobile-search"
          type="search"
          name="search_term"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Search store"
          autoComplete="off"
          enterKeyHint="search"
          className="h-11 w-full appearance-none rounded-full border border-line-strong bg-cream pr-4 pl-11 text-base text-ink placeholder:text-muted focus-visible:border-berry-700 focus-visible:bg-white"
        />
      </form>
    </div>
  )
}
