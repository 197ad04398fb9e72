// The two filter events of spec §7 ('filters applied', 'filters panel toggled'), through the one tracking module.
import { track } from '~/modules/analytics/track'
import type { ProductFilters } from '~/modules/search/search.types'
import type { SectionKey, SortState } from './filter-state'

/** The category slug of a listing address: its last path segment. */
export const lastPathSegment = (pathname: string) => pathname.split('/').filter(Boolean).at(-1) ?? ''

export function trackFiltersApplied(pathname: string, filters: ProductFilters, sort: SortState): void {
  track({ name: 'filters_applied', filters: JSON.stringify(filters), categorySlug: lastPathSegment(pathname), sortCriteria: sort.sort, sortOrder: sort.order })
}

export function trackFiltersPanelToggled(pathname: string, focusedSection: SectionKey | null, isOpen: boolean): void {
  track({ name: 'filters_panel_toggled', focusedSection: focusedSection ?? '', isOpen, slug: lastPathSegment(pathname) })
}
