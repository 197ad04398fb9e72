import { useState } from 'react'
import { useNavigate } from 'react-router'
import { trackFiltersApplied, trackFiltersPanelToggled } from './filter-analytics'
import { isSectionKey, parseSelection, type SectionKey, type Selection, selectionHref, type SortState } from './filter-state'
import { useHydrated } from './use-hydrated'

/** Where the search page keeps the shopper's last sort for this tab (spec: stored sort params). */
export const STORED_SORT_KEY = 'nestlist:search-sort'

export type ListingFilters = ReturnType<typeof useListingFilters>

/** Splits an address into its path and query. */
export function splitHref(href: string): { pathname: string; params: URLSearchParams } {
  const url = new URL(href, 'http://localhost')
  return { pathname: url.pathname, params: url.searchParams }
}

function withoutPanel(pathname: string, params: URLSearchParams): string {
  const next = new URLSearchParams(params)
  next.delete('panel')
  const q = next.toString()
  return q ? `${pathname}?${q}` : pathname
}

/**
 * The filter panel's state and its link to the address: the applied selection is read from the URL;
 * the drawer edits a draft that Apply writes to the URL (a push) and closing without Apply throws away.
 * (Plain functions: the React Compiler memoizes them.)
 */
export function useListingFilters({ href, defaultSort }: { href: string; defaultSort: SortState }) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const { pathname, params } = splitHref(href)
  const applied = parseSelection(params)
  const panelParam = params.get('panel')
  const [open, setOpen] = useState(false)
  const [focusedSection, setFocusedSection] = useState<SectionKey | null>(null)
  const [draft, setDraft] = useState<Selection>(applied)

  const hrefFor = (selection: Selection) => selectionHref(pathname, selection, { keep: params, defaultSort })
  /** Clear All: the bare path, keeping only what is not a filter (a search keeps its term). */
  const clearHref = hrefFor({ filters: {}, sort: null })
  /** The same page with the panel open at a section: what a pill links to without JavaScript. */
  const panelHref = (section: SectionKey) => {
    const next = new URLSearchParams(params)
    next.set('panel', section)
    return `${pathname}?${next.toString()}`
  }
  const closeHref = withoutPanel(pathname, params)

  // Arriving with ?panel=… (a link followed before the script ran, or shared): the drawer is open there.
  const urlPanel = hydrated && panelParam !== null
  const isOpen = open || urlPanel
  const focused = open ? focusedSection : urlPanel && isSectionKey(panelParam) ? panelParam : focusedSection

  function openPanel(section: SectionKey | null) {
    setDraft(applied)
    setFocusedSection(section)
    setOpen(true)
    trackFiltersPanelToggled(pathname, section, true)
  }

  function closePanel() {
    // Without Apply the edits are dropped and the earlier selection comes back.
    setOpen(false)
    setDraft(applied)
    trackFiltersPanelToggled(pathname, focused, false)
    if (panelParam !== null) void navigate(closeHref, { replace: true, preventScrollReset: true })
  }

  function go(selection: Selection) {
    const sort = selection.sort ?? defaultSort
    trackFiltersApplied(pathname, selection.filters, sort)
    if (selection.sort) {
      try {
        sessionStorage.setItem(STORED_SORT_KEY, JSON.stringify(selection.sort))
      } catch {
        // Storage may be unavailable (private mode); the sort still applies.
      }
    }
    void navigate(hrefFor(selection), { preventScrollReset: true })
  }

  function apply() {
    setOpen(false)
    go(draft)
  }

  function clearAll() {
    setOpen(false)
    setDraft({ filters: {}, sort: null })
    try {
      sessionStorage.removeItem(STORED_SORT_KEY)
    } catch {
      // nothing stored
    }
    void navigate(clearHref, { preventScrollReset: true })
  }

  /** A bar toggle (In Stock, On Sale) applies at once. */
  function toggle(key: 'available' | 'onSale') {
    go({ ...applied, filters: { ...applied.filters, [key]: applied.filters[key] ? undefined : true } })
  }

  return {
    hydrated,
    pathname,
    params,
    applied,
    draft,
    setDraft,
    open: isOpen,
    focusedSection: focused,
    openPanel,
    closePanel,
    apply,
    clearAll,
    toggle,
    hrefFor,
    clearHref,
    panelHref,
    closeHref,
    /** Without JavaScript, ?panel=… shows the filter form in the page. */
    inlinePanel: !hydrated && panelParam !== null ? (isSectionKey(panelParam) ? panelParam : 'sort') : null,
  }
}
