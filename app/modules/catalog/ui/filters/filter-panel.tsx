import { useEffect, useId, useRef } from 'react'
import { SiteLink } from '~/lib/site-link'
import type { Facet } from '~/modules/search/search.types'
import { Button, buttonClasses, Drawer } from '~/ui'
import { FilterFields } from './facet-sections'
import { LISTING_KEYS, type SortState } from './filter-state'
import type { ListingFilters } from './use-listing-filters'

/** The parameters a plain form must send along to stay on the same listing (a search's term). */
function KeptFields({ params }: { params: URLSearchParams }) {
  const kept = [...params].filter(([key, value]) => !(LISTING_KEYS as readonly string[]).includes(key) && value !== '')
  return (
    <>
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  )
}

type PanelProps = { state: ListingFilters; facets: Facet[]; defaultSort: SortState }

/** The filter drawer: from the left, a close control, scrolling sections and a fixed footer with Clear All and Apply Filters. */
export function FilterDrawer({ state, facets, defaultSort }: PanelProps) {
  const formId = useId()
  const focusRef = useRef<HTMLElement>(null)
  // The dialog focuses the section without scrolling; bring it to the top of the drawer's scrolling
  // body (scrollIntoView would scroll the dialog itself and push its header and footer away).
  useEffect(() => {
    const section = focusRef.current
    const body = section?.closest<HTMLElement>('.overflow-y-auto')
    if (!state.open || !state.focusedSection || !section || !body) return
    body.scrollTop += section.getBoundingClientRect().top - body.getBoundingClientRect().top
  }, [state.open, state.focusedSection])
  return (
    <Drawer
      side="left"
      open={state.open}
      onClose={state.closePanel}
      title="Filter and sort"
      closeLabel="Close filters"
      initialFocusRef={focusRef}
      bodyClassName="py-2"
      footer={
        <>
          <Button variant="ghost" onClick={state.clearAll} className="mr-auto">
            Clear All
          </Button>
          <Button type="submit" form={formId}>
            Apply Filters
          </Button>
        </>
      }
    >
      <form
        id={formId}
        method="get"
        action={state.pathname}
        onSubmit={(e) => {
          e.preventDefault()
          state.apply()
        }}
      >
        <KeptFields params={state.params} />
        <FilterFields
          facets={facets}
          draft={state.draft}
          defaultSort={defaultSort}
          onChange={state.setDraft}
          focusRef={focusRef}
          focusedSection={state.focusedSection}
        />
      </form>
    </Drawer>
  )
}

/** Without JavaScript the panel is a plain GET form in the page, opened by the pills' links. */
export function InlineFilterPanel({ state, facets, defaultSort }: PanelProps) {
  const headingId = useId()
  return (
    <section id="filters" aria-labelledby={headingId} className="rounded-card border border-line-strong bg-white p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          Filter and sort
        </h2>
        <SiteLink to={state.closeHref} className="text-sm font-semibold text-berry-700 underline underline-offset-4">
          Close filters
        </SiteLink>
      </div>
      <form method="get" action={state.pathname} className="mt-2">
        <KeptFields params={state.params} />
        <FilterFields facets={facets} draft={state.applied} defaultSort={defaultSort} onChange={() => {}} focusedSection={state.inlinePanel} />
        <div className="mt-4 flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
          <SiteLink to={state.clearHref} className={buttonClasses({ variant: 'ghost', className: 'mr-auto' })}>
            Clear All
          </SiteLink>
          <Button type="submit">Apply Filters</Button>
        </div>
      </form>
    </section>
  )
}
