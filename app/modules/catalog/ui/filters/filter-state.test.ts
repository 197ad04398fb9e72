import { describe, expect, test } from 'vitest'
import {
  categoryDefaultSort,
  facetRange,
  hasFilters,
  needsTidying,
  parseFilters,
  parseSelection,
  parseSort,
  priceLabel,
  ratingLabel,
  SECTION_LABELS,
  SECTION_ORDER,
  selectionHref,
  sliderBounds,
  SORT_OPTIONS,
  sortOptionToState,
  sortStateToOption,
  toggleValue,
  toggleViewAll,
  truncateLabel,
  viewAllChecked,
} from './filter-state'
import { missingPageMessage, tidyHref } from './listing-request'

describe('multi-select with View All', () => {
  test('View All starts checked when nothing is selected', () => {
    expect(viewAllChecked([])).toBe(true)
  })
  test('selecting a value unchecks View All', () => {
    const next = toggleValue([], 'acme', true)
    expect(next).toEqual(['acme'])
    expect(viewAllChecked(next)).toBe(false)
  })
  test('checking View All clears the selection', () => {
    expect(toggleViewAll(['acme', 'zeta'], true)).toEqual([])
  })
  test('View All cannot be unchecked while nothing is selected', () => {
    expect(viewAllChecked(toggleViewAll([], false))).toBe(true)
  })
  test('unchecking the last value leaves View All checked', () => {
    expect(viewAllChecked(toggleValue(['acme'], 'acme', false))).toBe(true)
  })
  test('selecting a value twice keeps it once', () => {
    expect(toggleValue(['acme'], 'acme', true)).toEqual(['acme'])
  })
})

describe('range slider', () => {
  test('shows whole numbers: the minimum rounds down and the maximum up', () => {
    expect(sliderBounds(4.99, 17.5)).toMatchObject({ min: 4, max: 18, step: 1, disabled: false })
  })
  test('the facet version rounds the other way', () => {
    expect(sliderBounds(4.2, 17.5, { reverse: true })).toMatchObject({ min: 5, max: 17 })
  })
  test('step is 1 when the spread is under 20, else 10, with ends on the step grid', () => {
    expect(sliderBounds(0, 19.99).step).toBe(1)
    expect(sliderBounds(0, 20).step).toBe(10)
    expect(sliderBounds(12.5, 349)).toMatchObject({ min: 10, max: 350, step: 10 })
  })
  test('a spread under 1 disables the price section', () => {
    expect(sliderBounds(10, 10.5).disabled).toBe(true)
    expect(sliderBounds(10, 11).disabled).toBe(false)
  })
  test('reads the Min and Max values of a numeric-range facet', () => {
    expect(facetRange({ values: [{ label: 'Min', value: '12.5', count: 0 }, { label: 'Max', value: '99', count: 0 }] })).toEqual({ min: 12.5, max: 99 })
    expect(facetRange({ values: [] })).toBeNull()
  })
  test("price labels carry the '$' prefix", () => {
    expect(priceLabel(1200)).toBe('$1,200')
  })
})

describe('sort', () => {
  test('the menu lists the six options in the spec order, Popular with the empty value', () => {
    expect(SORT_OPTIONS.map((o) => `${o.label}:${o.value}`)).toEqual([
      'Popular:',
      'Newest:newest',
      'Price High to Low:price_desc',
      'Price Low to High:price_asc',
      'Highest Rated:highest_rated',
      'Most Reviewed:most_reviewed',
    ])
  })
  test('option values map to criterion and direction; anything else is Popular descending', () => {
    expect(sortOptionToState('price_asc')).toEqual({ sort: 'price', order: 'asc' })
    expect(sortOptionToState('price_desc')).toEqual({ sort: 'price', order: 'desc' })
    expect(sortOptionToState('newest')).toEqual({ sort: 'newest', order: 'desc' })
    expect(sortOptionToState('highest_rated')).toEqual({ sort: 'rating', order: 'desc' })
    expect(sortOptionToState('most_reviewed')).toEqual({ sort: 'reviews', order: 'desc' })
    expect(sortOptionToState('')).toEqual({ sort: 'popular', order: 'desc' })
    expect(sortOptionToState('<script>')).toEqual({ sort: 'popular', order: 'desc' })
  })
  test('every option maps back to itself', () => {
    for (const option of SORT_OPTIONS.filter((o) => o.value)) expect(sortStateToOption(sortOptionToState(option.value))).toBe(option.value)
  })
  test("a category's sortType and sortOrder are its default; unknown ones fall back to popular", () => {
    expect(categoryDefaultSort('price', 'desc')).toEqual({ sort: 'price', order: 'desc' })
    expect(categoryDefaultSort('newest', null)).toEqual({ sort: 'newest', order: 'desc' })
    expect(categoryDefaultSort('bogus', 'asc')).toEqual({ sort: 'popular', order: 'asc' })
    expect(categoryDefaultSort(null, null)).toEqual({ sort: 'popular', order: 'asc' })
  })
  test('the URL sort is read as a key with order, or as a menu value', () => {
    expect(parseSort(new URLSearchParams('sort=rating&order=desc'))).toEqual({ sort: 'rating', order: 'desc' })
    expect(parseSort(new URLSearchParams('sort=price_desc'))).toEqual({ sort: 'price', order: 'desc' })
    expect(parseSort(new URLSearchParams('sort=nonsense'))).toBeNull()
    expect(parseSort(new URLSearchParams(''))).toBeNull()
  })
})

describe('URL state', () => {
  test('values are parsed by type: lists, booleans and numbers; bad values are ignored', () => {
    const params = new URLSearchParams('brands=acme,zeta&categories=cribs&onSale=true&minPrice=10&maxPrice=abc&available=1&minRating=4')
    expect(parseFilters(params)).toEqual({ brands: ['acme', 'zeta'], categories: ['cribs'], onSale: true, minPrice: 10, available: true, minRating: 4 })
  })
  test('repeated keys, as a plain form sends them, read like a list', () => {
    expect(parseFilters(new URLSearchParams('brands=acme&brands=zeta&brands=acme')).brands).toEqual(['acme', 'zeta'])
  })
  test('parse and serialise round-trip, keeping the search term and dropping empty values', () => {
    const selection = { filters: { brands: ['acme', 'zeta'], minPrice: 20, maxPrice: 80, available: true, minRating: 3, categories: [], onSale: false }, sort: { sort: 'price', order: 'asc' } } as const
    const href = selectionHref('/store/search', { filters: { ...selection.filters, brands: [...selection.filters.brands], categories: [] }, sort: selection.sort }, {
      keep: new URLSearchParams('search_term=car seat&page=3&minPrice=1'),
    })
    expect(href).toBe('/store/search?search_term=car+seat&sort=price&order=asc&brands=acme%2Czeta&minPrice=20&maxPrice=80&available=true&minRating=3')
    const back = parseSelection(new URL(href, 'http://x').searchParams)
    expect(back).toEqual({ filters: { brands: ['acme', 'zeta'], minPrice: 20, maxPrice: 80, available: true, minRating: 3 }, sort: { sort: 'price', order: 'asc' } })
    expect(selectionHref('/store/search', back, { keep: new URL(href, 'http://x').searchParams })).toBe(href)
  })
  test('Clear All is the bare path; the default sort is left out', () => {
    expect(selectionHref('/store/strollers', { filters: {}, sort: null })).toBe('/store/strollers')
    expect(selectionHref('/store/strollers', { filters: {}, sort: { sort: 'price', order: 'desc' } }, { defaultSort: { sort: 'price', order: 'desc' } })).toBe('/store/strollers')
  })
  test('a plain form submission is tidied; a tidy address is left alone', () => {
    const form = new URL('http://x/store/strollers?sort=popular&brands=a&brands=b&minPrice=&minRating=&available=true')
    expect(needsTidying(form.searchParams)).toBe(true)
    expect(tidyHref(form, { sort: 'popular', order: 'asc' })).toBe('/store/strollers?brands=a%2Cb&available=true')
    const tidy = new URL(`http://x${tidyHref(form, { sort: 'popular', order: 'asc' })}`)
    expect(tidyHref(tidy, { sort: 'popular', order: 'asc' })).toBeNull()
  })
  test('hasFilters sees any filter and ignores false and empty values', () => {
    expect(hasFilters({})).toBe(false)
    expect(hasFilters({ brands: [], onSale: false })).toBe(false)
    expect(hasFilters({ minRating: 4 })).toBe(true)
  })
  test('a page past the last one has a message', () => {
    expect(missingPageMessage({ page: 9, pageCount: 3 })).toBe('There is no page 9: these products fit on 3 pages.')
    expect(missingPageMessage({ page: 1, pageCount: 0 })).toBeNull()
  })
})

describe('labels', () => {
  test('product type labels are truncated to 26 characters', () => {
    expect(truncateLabel('Convertible Car Seats')).toBe('Convertible Car Seats')
    const long = truncateLabel('Infant Car Seat Bases and Adapters')
    expect(Array.from(long)).toHaveLength(26)
    expect(long.endsWith('…')).toBe(true)
  })
  test("rating labels are '5', then 'N & up'", () => {
    expect([5, 4, 3, 2, 1].map(ratingLabel)).toEqual(['5', '4 & up', '3 & up', '2 & up', '1 & up'])
  })
  test('the drawer sections come in the spec order', () => {
    expect(SECTION_ORDER.map((k) => SECTION_LABELS[k])).toEqual(['Sort', 'Brands', 'Product Type', 'Rating', 'Price Range', 'In Stock', 'On Sale'])
  })
})
