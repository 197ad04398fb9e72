import { useState, useSyncExternalStore } from 'react'
import { Form, Link } from 'react-router'
import { Button, cx, Icon, inputClasses, Label } from '~/ui'
import type { GuestCategory } from '../registry.types'
import { GUEST_SORTS, type GuestFilters, guestSortLabels, isFiltered } from './guest-filters'

/**
 * Filters and sort for the guest view: a GET form, so it works without JavaScript and the result is a
 * link guests can share. With JavaScript, changing a choice applies it at once.
 */
export function GuestFilterBar({
  categories,
  filters,
  keep,
  shown,
  total,
}: {
  categories: GuestCategory[]
  filters: GuestFilters
  /** Query parameters to carry along (view=guest). */
  keep: Record<string, string>
  shown: number
  total: number
}) {
  const field = cx(inputClasses, 'mt-1.5')
  // On phones the category, price and sort fields fold away behind one button once JavaScript runs
  // (without it, or with a filter on, they stay open), so the gifts are not a screen away.
  const hydrated = useSyncExternalStore(noop, () => true, () => false)
  const [expanded, setExpanded] = useState(false)
  const folded = hydrated && !expanded && !isFiltered(filters)
  return (
    <Form method="get" preventScrollReset className="rounded-card border border-line bg-cream p-4" aria-label="Filter and sort gifts">
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {hydrated ? (
        <button
          type="button"
          aria-expanded={!folded}
          aria-controls="guest-filter-fields"
          onClick={() => setExpanded((v) => !v)}
          className="mb-3 inline-flex min-h-11 items-center gap-2 rounded-full border border-line-strong bg-white px-4 text-sm font-semibold text-ink hover:bg-berry-50 sm:hidden"
        >
          <Icon name="chevron-down" className={cx('size-4 transition-transform', !folded && 'rotate-180')} />
          Category, price and sort
        </button>
      ) : null}
      <div
        id="guest-filter-fields"
        className={cx('grid gap-4 sm:grid-cols-2 lg:grid-cols-[1.3fr_0.7fr_0.7fr_1.3fr_auto] lg:items-end', folded && 'max-sm:hidden')}
      >
        <div>
          <Label htmlFor="filter-category">Category</Label>
          <select
            id="filter-category"
            name="category"
            defaultValue={filters.categoryId ?? ''}
            className={field}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="filter-price-min">Min price ($)</Label>
          <input id="filter-price-min" name="price_min" type="number" inputMode="numeric" min={0} step={1} defaultValue={filters.priceMin ?? ''} className={field} />
        </div>
        <div>
          <Label htmlFor="filter-price-max">Max price ($)</Label>
          <input id="filter-price-max" name="price_max" type="number" inputMode="numeric" min={0} step={1} defaultValue={filters.priceMax ?? ''} className={field} />
        </div>
        <div>
          <Label htmlFor="filter-sort">Sort by</Label>
          <select id="filter-sort" name="sort" defaultValue={filters.sort} className={field} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            {GUEST_SORTS.map((s) => (
              <option key={s} value={s}>
                {guestSortLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            name="hide_fulfilled"
            value="1"
            defaultChecked={filters.hideFulfilled}
            className="size-5 accent-berry-700"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          />
          Hide fulfilled gifts
        </label>
        <p className="text-sm text-muted" role="status">
          {isFiltered(filters) ? `Showing ${shown} of ${total} gifts` : `${total} ${total === 1 ? 'gift' : 'gifts'}`}
          {isFiltered(filters) ? (
            <>
              {'\u00a0· '}
              <Link to={`?${new URLSearchParams(keep).toString()}`} preventScrollReset className="font-semibold text-berry-700 underline underline-offset-2">
                Clear filters
              </Link>
            </>
          ) : null}
        </p>
      </div>
    </Form>
  )
}

const noop = () => () => {}
