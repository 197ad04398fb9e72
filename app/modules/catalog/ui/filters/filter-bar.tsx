import { SiteLink } from '~/lib/site-link'
import type { Facet, ProductFilters } from '~/modules/search/search.types'
import { Icon, Pill, pillClasses } from '~/ui'
import { facetRange, facetTitle, hasFilters, isSectionKey, orderFacets, type SectionKey } from './filter-state'
import type { ListingFilters } from './use-listing-filters'

/** How many choices a facet's filter holds, for the pill's label; 0 when it does not filter. */
export function activeCount(facet: Facet, filters: ProductFilters): number {
  switch (facet.key) {
    case 'brands':
    case 'categories':
      return filters[facet.key]?.length ?? 0
    case 'price':
      return (filters.minPrice !== undefined ? 1 : 0) + (filters.maxPrice !== undefined ? 1 : 0) > 0 ? 1 : 0
    case 'minRating':
      return filters.minRating ? 1 : 0
    case 'onSale':
    case 'available':
      return filters[facet.key] ? 1 : 0
    default:
      return 0
  }
}

type BarPillProps = {
  state: ListingFilters
  label: string
  /** Opens the panel at this section, or toggles a boolean filter at once. */
  section?: SectionKey | null
  toggle?: 'available' | 'onSale'
  selected?: boolean
  disabled?: boolean
  className?: string
  chevron?: boolean
}

/** A bar pill: a button once the page is interactive; before that (and without JavaScript) a link that does the same. */
function BarPill({ state, label, section = null, toggle, selected, disabled, className, chevron }: BarPillProps) {
  const trailing = chevron ? <Icon name="chevron-down" className="size-4" /> : null
  if (state.hydrated) {
    return (
      <Pill
        className={className}
        selected={toggle ? selected : undefined}
        aria-haspopup={toggle ? undefined : 'dialog'}
        disabled={disabled}
        trailing={trailing}
        onClick={() => (toggle ? state.toggle(toggle) : state.openPanel(section))}
      >
        {label}
      </Pill>
    )
  }
  if (disabled) {
    return (
      <span className={`${pillClasses(selected)} cursor-not-allowed opacity-60 ${className ?? ''}`} aria-disabled="true">
        {label}
      </span>
    )
  }
  const to = toggle
    ? state.hrefFor({ ...state.applied, filters: { ...state.applied.filters, [toggle]: state.applied.filters[toggle] ? undefined : true } })
    : `${state.panelHref(section ?? 'sort')}#filters`
  return (
    <SiteLink to={to} className={`${pillClasses(selected)} ${className ?? ''}`} aria-current={toggle && selected ? 'true' : undefined}>
      {label}
      {trailing}
    </SiteLink>
  )
}

/**
 * The filter bar: 'Sort' and one pill per facet from 930 px up; below that a compact bar with Sort,
 * Filter and the In Stock toggle. Boolean facets toggle at once; the others open the drawer at their section.
 */
export function FilterBar({ state, facets }: { state: ListingFilters; facets: Facet[] }) {
  const filters = state.applied.filters
  const shown = orderFacets(facets).filter((f) => {
    if (f.type !== 'numeric-range') return true
    const r = facetRange(f)
    return r !== null && r.max - r.min >= 1
  })
  const inStock = facets.find((f) => f.key === 'available' && f.type === 'boolean')
  const total = facets.reduce((n, f) => n + activeCount(f, filters), 0)
  return (
    <div role="group" aria-label="Filter and sort" className="flex flex-wrap items-center gap-2">
      <BarPill state={state} label="Sort" section="sort" chevron />
      {/* Compact bar (below 930 px): Sort, Filter and the in-stock toggle. */}
      <BarPill state={state} label={total ? `Filter (${total})` : 'Filter'} section={null} className="min-[930px]:hidden" />
      {inStock ? (
        <BarPill
          state={state}
          label="In Stock"
          toggle="available"
          selected={filters.available === true}
          disabled={(inStock.values[0]?.count ?? 0) === 0 && !filters.available}
          className="min-[930px]:hidden"
        />
      ) : null}
      {/* Full bar: one pill per facet. */}
      {shown.map((facet) => {
        const count = activeCount(facet, filters)
        if (facet.type === 'boolean' && (facet.key === 'available' || facet.key === 'onSale')) {
          return (
            <BarPill
              key={facet.key}
              state={state}
              label={facetTitle(facet)}
              toggle={facet.key}
              selected={count > 0}
              disabled={(facet.values[0]?.count ?? 0) === 0 && count === 0}
              className="max-[929.98px]:hidden"
            />
          )
        }
        const section = isSectionKey(facet.key) ? facet.key : null
        return (
          <BarPill
            key={facet.key}
            state={state}
            label={count && facet.type === 'multi-select' ? `${facetTitle(facet)} (${count})` : facetTitle(facet)}
            section={section}
            chevron
            className="max-[929.98px]:hidden"
          />
        )
      })}
      {hasFilters(filters) ? (
        <SiteLink to={state.clearHref} className="ml-1 inline-flex min-h-10 items-center px-2 text-sm font-semibold text-berry-700 underline underline-offset-4">
          Clear All
        </SiteLink>
      ) : null}
    </div>
  )
}
