import { useRef, useState } from 'react'
import { Form, useLocation, useSearchParams } from 'react-router'
import { cx, Icon } from '~/ui'
import { SEARCH_PATH } from './search-target'

/**
 * The desktop header's search box: a GET form to the search results with the field search_term.
 * A clear button appears once something is typed. On the results page it shows the current term.
 */
export function SearchBox({ className }: { className?: string }) {
  const [term, setTerm] = useSearchTermState()
  const inputRef = useRef<HTMLInputElement>(null)

  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Store" className={cx('relative', className)}>
      <label htmlFor="header-search" className="sr-only">
        Search the store
      </label>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
      <input
        ref={inputRef}
        id="header-search"
        type="search"
        name="search_term"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder="What are you looking for?"
        autoComplete="off"
        enterKeyHint="search"
        className="h-12 w-full appearance-none rounded-full border border-line-strong bg-cream pr-24 pl-11 text-base text-ink placeholder:text-muted hover:border-ink focus-visible:border-berry-700 focus-visible:bg-white [&::-webkit-search-cancel-button]:hidden"
      />
      {term ? (
        <button
          type="button"
          onClick={() => {
            setTerm('')
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
    </Form>
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
