import { useNavigate } from 'react-router'
import { Icon } from '~/ui'
import { recordSearch, useSearchTermState } from './search-box'
import { livePages } from './site-links'
import { isShortCode, SEARCH_PATH, searchResultsPath, searchTarget } from './search-target'

/**
 * The spec's mobile search bar ('Search store'). A short code such as 'a123' opens its short-code
 * page; anything else the search results. Without JavaScript it is a plain GET form to the results.
 */
export function MobileSearchBar() {
  const navigate = useNavigate()
  const [term, setTerm] = useSearchTermState()
  return (
    <div className="border-t border-line bg-white px-4 py-2.5 sm:px-6 lg:hidden">
      <form
        method="get"
        action={SEARCH_PATH}
        role="search"
        aria-label="Store"
        onSubmit={(event) => {
          event.preventDefault()
          if (!isShortCode(term)) recordSearch(term)
          navigate(livePages.shortCode ? searchTarget(term) : searchResultsPath(term))
        }}
        className="relative mx-auto max-w-2xl"
      >
        <label htmlFor="mobile-search" className="sr-only">
          Search store
        </label>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
        <input
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
