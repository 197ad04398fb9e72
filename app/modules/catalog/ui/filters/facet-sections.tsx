import { type ReactNode, type Ref, useId } from 'react'
import type { Facet, ProductFilters } from '~/modules/search/search.types'
import { cx, Icon } from '~/ui'
import {
  facetRange,
  facetTitle,
  optionCount,
  orderFacets,
  priceLabel,
  ratingLabel,
  SECTION_LABELS,
  SHOW_ALL_RATINGS,
  type SectionKey,
  type Selection,
  SORT_OPTIONS,
  sortOptionToState,
  sortStateToOption,
  type SortState,
  toggleValue,
  toggleViewAll,
  truncateLabel,
  viewAllChecked,
} from './filter-state'
import { RangeSlider } from './range-slider'
import { formatCount } from '~/lib/format'

type SectionProps = {
  id: SectionKey | string
  title: string
  children: ReactNode
  summaryRef?: Ref<HTMLElement>
}

/** A filter section that opens and closes with a chevron; a native disclosure, so it works without JavaScript. */
export function FilterSection({ id, title, children, summaryRef }: SectionProps) {
  return (
    <details open className="group border-b border-line py-1 last:border-b-0" data-section={id}>
      <summary
        ref={summaryRef}
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-md px-1 font-bold [&::-webkit-details-marker]:hidden"
      >
        {title}
        <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="pt-1 pb-3">{children}</div>
    </details>
  )
}

const optionRow = 'flex min-h-10 items-center gap-3 rounded-md px-1 text-sm has-[:disabled]:text-muted has-[:disabled]:opacity-70'
const boxClass = 'size-5 shrink-0 accent-berry-700'

function CountLabel({ count }: { count: number }) {
  return <span className="ml-auto text-xs tabular-nums text-muted">{formatCount(count)}</span>
}

export function SortSection({ sort, defaultSort, onChange, summaryRef }: { sort: SortState | null; defaultSort: SortState; onChange: (s: SortState) => void; summaryRef?: Ref<HTMLElement> }) {
  const current = sortStateToOption(sort ?? defaultSort)
  return (
    <FilterSection id="sort" title={SECTION_LABELS.sort} summaryRef={summaryRef}>
      <fieldset>
        <legend className="sr-only">Sort by</legend>
        {SORT_OPTIONS.map((option) => (
          <label key={option.value} className={optionRow}>
            <input
              type="radio"
              name="sort"
              value={option.value || 'popular'}
              checked={current === option.value}
              onChange={() => onChange(option.value === '' ? { sort: 'popular', order: 'asc' } : sortOptionToState(option.value))}
              className={boxClass}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </FilterSection>
  )
}

type FacetProps = {
  facet: Facet
  filters: ProductFilters
  onChange: (filters: ProductFilters) => void
  summaryRef?: Ref<HTMLElement>
}

function MultiSelectFacet({ facet, filters, onChange, summaryRef }: FacetProps) {
  const key = facet.key === 'categories' ? 'categories' : 'brands'
  const selected = filters[key] ?? []
  const viewAll = viewAllChecked(selected)
  const noOptions = facet.values.length === 0
  const set = (next: string[]) => onChange({ ...filters, [key]: next.length ? next : undefined })
  return (
    <FilterSection id={facet.key} title={facetTitle(facet)} summaryRef={summaryRef}>
      <fieldset disabled={noOptions}>
        <legend className="sr-only">{facetTitle(facet)}</legend>
        <label className={optionRow}>
          {/* No name: View All is the absence of a selection, never sent. Checked, it cannot be unchecked. */}
          <input type="checkbox" checked={viewAll} aria-disabled={viewAll || undefined} onChange={(e) => set(viewAll ? [] : toggleViewAll(selected, e.target.checked))} className={boxClass} />
          View All
        </label>
        <ul className="max-h-72 overflow-y-auto">
          {facet.values.map((v) => {
            const checked = selected.includes(v.value)
            const label = key === 'categories' ? truncateLabel(v.label) : v.label
            return (
              <li key={v.value}>
                <label className={optionRow} title={label !== v.label ? v.label : undefined}>
                  <input
                    type="checkbox"
                    name={key}
                    value={v.value}
                    checked={checked}
                    disabled={v.count === 0 && !checked}
                    onChange={(e) => set(toggleValue(selected, v.value, e.target.checked))}
                    className={boxClass}
                  />
                  <span className="min-w-0 break-words">{label}</span>
                  <CountLabel count={v.count} />
                </label>
              </li>
            )
          })}
        </ul>
        {noOptions ? <p className="px-1 text-sm text-muted">No options for these products.</p> : null}
      </fieldset>
    </FilterSection>
  )
}

function RatingFacet({ facet, filters, onChange, summaryRef }: FacetProps) {
  const current = filters.minRating ?? 0
  const name = useId()
  return (
    <FilterSection id={facet.key} title={facetTitle(facet)} summaryRef={summaryRef}>
      <fieldset>
        <legend className="sr-only">Minimum rating</legend>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = optionCount(facet.values, String(stars))
          return (
            <label key={stars} className={optionRow}>
              <input
                type="radio"
                name="minRating"
                value={stars}
                checked={current === stars}
                disabled={count === 0 && current !== stars}
                onChange={() => onChange({ ...filters, minRating: stars })}
                className={boxClass}
                aria-describedby={`${name}-${stars}`}
              />
              <Icon name="star" className="size-4 fill-current text-butter-700" />
              <span>
                {ratingLabel(stars)}
                <span className="sr-only"> stars</span>
              </span>
              <span id={`${name}-${stars}`} className="ml-auto text-xs tabular-nums text-muted">
                {formatCount(count)}
              </span>
            </label>
          )
        })}
        <label className={optionRow}>
          <input type="radio" name="minRating" value="" checked={current === 0} onChange={() => onChange({ ...filters, minRating: undefined })} className={boxClass} />
          {SHOW_ALL_RATINGS}
        </label>
      </fieldset>
    </FilterSection>
  )
}

function PriceFacet({ facet, filters, onChange, summaryRef }: FacetProps) {
  const range = facetRange(facet)
  // Spec §5: the price section is disabled and hidden when the spread is under 1.
  if (!range || range.max - range.min < 1) return null
  return (
    <FilterSection id={facet.key} title={facetTitle(facet)} summaryRef={summaryRef}>
      <RangeSlider
        rawMin={range.min}
        rawMax={range.max}
        low={filters.minPrice}
        high={filters.maxPrice}
        format={priceLabel}
        label="price"
        names={['minPrice', 'maxPrice']}
        onChange={(low, high) => onChange({ ...filters, minPrice: low, maxPrice: high })}
      />
    </FilterSection>
  )
}

function BooleanFacet({ facet, filters, onChange, summaryRef }: FacetProps) {
  const key = facet.key === 'onSale' ? 'onSale' : 'available'
  const checked = filters[key] === true
  const count = facet.values[0]?.count ?? 0
  return (
    <FilterSection id={facet.key} title={facetTitle(facet)} summaryRef={summaryRef}>
      <label className={optionRow}>
        <input
          type="checkbox"
          role="switch"
          name={key}
          value="true"
          checked={checked}
          disabled={count === 0 && !checked}
          onChange={(e) => onChange({ ...filters, [key]: e.target.checked || undefined })}
          className={boxClass}
        />
        {key === 'onSale' ? 'Only items on sale' : 'Only items in stock'}
        <CountLabel count={count} />
      </label>
    </FilterSection>
  )
}

/** One facet's section, by its type; a type this page does not know shows 'Unsupported facet type'. */
export function FacetSection(props: FacetProps) {
  switch (props.facet.type) {
    case 'multi-select':
      return <MultiSelectFacet {...props} />
    case 'rating':
      return <RatingFacet {...props} />
    case 'numeric-range':
      return <PriceFacet {...props} />
    case 'boolean':
      return <BooleanFacet {...props} />
    default:
      return (
        <FilterSection id={props.facet.key} title={facetTitle(props.facet)} summaryRef={props.summaryRef}>
          <p className="px-1 text-sm text-muted">Unsupported facet type</p>
        </FilterSection>
      )
  }
}

type FilterFieldsProps = {
  facets: Facet[]
  draft: Selection
  defaultSort: SortState
  onChange: (next: Selection) => void
  focusRef?: Ref<HTMLElement>
  focusedSection?: SectionKey | null
  className?: string
}

/** The drawer's sections in the spec's order: Sort, Brands, Product Type, Rating, Price Range, In Stock, On Sale. */
export function FilterFields({ facets, draft, defaultSort, onChange, focusRef, focusedSection, className }: FilterFieldsProps) {
  const ordered = orderFacets(facets)
  const refFor = (key: string) => (key === (focusedSection ?? 'sort') ? focusRef : undefined)
  return (
    <div className={cx('flex flex-col', className)}>
      <SortSection sort={draft.sort} defaultSort={defaultSort} onChange={(sort) => onChange({ ...draft, sort })} summaryRef={refFor('sort')} />
      {ordered.map((facet) => (
        <FacetSection key={facet.key} facet={facet} filters={draft.filters} onChange={(filters) => onChange({ ...draft, filters })} summaryRef={refFor(facet.key)} />
      ))}
    </div>
  )
}
