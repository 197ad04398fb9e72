// The guest view's filters and sort: read from GET query parameters (so they work without JavaScript and
// can be shared as a link) and applied to the items the registry service returns. No server imports.
import type { GuestCategory, GuestItem } from '../registry.types'

export const GUEST_SORTS = ['featured', 'price_asc', 'price_desc', 'newest'] as const
export type GuestSort = (typeof GUEST_SORTS)[number]
export const guestSortLabels: Record<GuestSort, string> = {
  featured: 'Most wanted first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
}

export type GuestFilters = {
  /** Whole dollars, or null for no bound. */
  priceMin: number | null
  priceMax: number | null
  categoryId: number | null
  hideFulfilled: boolean
  sort: GuestSort
}

const dollars = (raw: string | null): number | null => {
  if (raw === null || raw.trim() === '') return null
  const n = Number(raw.trim().replace(/^\$/, ''))
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? Math.floor(n) : null
}

/** Reads the filters from a URL's query; anything unreadable falls back to 'no filter'. */
export function parseGuestFilters(params: URLSearchParams): GuestFilters {
  let priceMin = dollars(params.get('price_min'))
  let priceMax = dollars(params.get('price_max'))
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin]
  const category = Number(params.get('category'))
  const sort = params.get('sort') as GuestSort
  return {
    priceMin,
    priceMax,
    categoryId: Number.isSafeInteger(category) && category > 0 ? category : null,
    hideFulfilled: params.get('hide_fulfilled') === '1',
    sort: GUEST_SORTS.includes(sort) ? sort : 'featured',
  }
}

/** True when any filter narrows the list (the sort alone does not). */
export const isFiltered = (f: GuestFilters) => f.priceMin !== null || f.priceMax !== null || f.categoryId !== null || f.hideFulfilled

/** A section of the guest view: a category (featured sort) or the whole list (other sorts). */
export type GuestSection = { id: number | null; title: string; items: GuestItem[] }

/**
 * The items a guest sees with these filters, as sections. 'Most wanted first' keeps the family's
 * categories (most wanted, then their order); the price and newest sorts show one list.
 */
export function guestSections(categories: GuestCategory[], items: GuestItem[], f: GuestFilters): GuestSection[] {
  const kept = items.filter(
    (i) =>
      (f.priceMin === null || i.priceCents >= f.priceMin * 100) &&
      (f.priceMax === null || i.priceCents <= f.priceMax * 100) &&
      (f.categoryId === null || i.categoryId === f.categoryId) &&
      (!f.hideFulfilled || i.quantityStillNeeded > 0),
  )
  if (f.sort !== 'featured') {
    const by: Record<Exclude<GuestSort, 'featured'>, (a: GuestItem, b: GuestItem) => number> = {
      price_asc: (a, b) => a.priceCents - b.priceCents || a.id - b.id,
      price_desc: (a, b) => b.priceCents - a.priceCents || a.id - b.id,
      // Item ids grow as items are added, so the highest id is the newest wish.
      newest: (a, b) => b.id - a.id,
    }
    return kept.length ? [{ id: null, title: 'All gifts', items: [...kept].sort(by[f.sort]) }] : []
  }
  return [...categories]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((c) => ({
      id: c.id,
      title: c.title,
      items: kept
        .filter((i) => i.categoryId === c.id)
        .sort((a, b) => Number(b.mostWanted) - Number(a.mostWanted) || a.position - b.position || a.id - b.id),
    }))
    .filter((s) => s.items.length > 0)
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** 'YYYY-MM' -> 'March 2027' (or null). */
export function monthLabel(month: string | null): string | null {
  const m = month && /^(\d{4})-(\d{2})$/.exec(month)
  if (!m) return null
  const name = MONTHS[Number(m[2]) - 1]
  return name ? `${name} ${m[1]}` : null
}

/** The line under the family's names: 'Arriving March 2027' for a baby, 'Celebrating …' otherwise. */
export function arrivalLine(registryType: string, month: string | null): string | null {
  const label = monthLabel(month)
  if (!label) return null
  return registryType === 'baby' ? `Arriving ${label}` : `Celebrating ${label}`
}

export const registryTypeLabels: Record<string, string> = { baby: 'Baby registry', birthday: 'Birthday wish list', holiday: 'Holiday wish list' }

/** 'N still needed' or 'Fulfilled'. */
export function stillNeededLabel(item: Pick<GuestItem, 'quantityStillNeeded'>): string {
  return item.quantityStillNeeded > 0 ? `${item.quantityStillNeeded} still needed` : 'Fulfilled'
}
