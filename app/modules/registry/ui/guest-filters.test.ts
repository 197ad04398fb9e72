import { describe, expect, test } from 'vitest'
import type { GuestCategory, GuestItem } from '../registry.types'
import { arrivalLine, guestSections, monthLabel, parseGuestFilters, stillNeededLabel } from './guest-filters'

const categories: GuestCategory[] = [
  { id: 10, title: 'Nursery', position: 1 },
  { id: 11, title: 'Must-Haves', position: 0 },
]
const item = (id: number, o: Partial<GuestItem>): GuestItem => ({
  id,
  categoryId: 10,
  productId: null,
  href: null,
  title: `Item ${id}`,
  imageUrl: '/x.jpg',
  storeName: 'Nestlist',
  priceCents: 1000,
  quantityNeeded: 1,
  quantityStillNeeded: 1,
  note: '',
  mostWanted: false,
  groupGift: false,
  options: {},
  position: id,
  ...o,
})
const items = [
  item(1, { priceCents: 5000 }),
  item(2, { priceCents: 1500, mostWanted: true }),
  item(3, { priceCents: 25_000, categoryId: 11, quantityStillNeeded: 0 }),
  item(4, { priceCents: 999, categoryId: 11 }),
]
const f = (q: string) => parseGuestFilters(new URLSearchParams(q))
const ids = (q: string) => guestSections(categories, items, f(q)).map((s) => [s.title, s.items.map((i) => i.id)])

describe('guest view filters and sort', () => {
  test('most wanted first keeps the family’s category order, most wanted items leading', () => {
    expect(ids('')).toEqual([
      ['Must-Haves', [3, 4]],
      ['Nursery', [2, 1]],
    ])
  })

  test('price range is in whole dollars, inclusive, and a swapped range still works', () => {
    expect(ids('price_min=10&price_max=50')).toEqual([['Nursery', [2, 1]]])
    expect(ids('price_min=50&price_max=10')).toEqual([['Nursery', [2, 1]]])
    expect(ids('price_max=9')).toEqual([])
  })

  test('category and hide fulfilled narrow the list; unreadable values are ignored', () => {
    expect(ids('category=11&hide_fulfilled=1')).toEqual([['Must-Haves', [4]]])
    expect(ids('category=abc&price_min=-5&sort=evil')).toEqual(ids(''))
  })

  test('price and newest sorts show one list', () => {
    expect(ids('sort=price_asc')).toEqual([['All gifts', [4, 2, 1, 3]]])
    expect(ids('sort=price_desc')).toEqual([['All gifts', [3, 1, 2, 4]]])
    expect(ids('sort=newest')).toEqual([['All gifts', [4, 3, 2, 1]]])
  })

  test('arrival month and still-needed labels read as the spec says', () => {
    expect(monthLabel('2027-03')).toBe('March 2027')
    expect(monthLabel('2027-13')).toBeNull()
    expect(arrivalLine('baby', '2027-03')).toBe('Arriving March 2027')
    expect(arrivalLine('birthday', null)).toBeNull()
    expect(stillNeededLabel({ quantityStillNeeded: 2 })).toBe('2 still needed')
    expect(stillNeededLabel({ quantityStillNeeded: 0 })).toBe('Fulfilled')
  })
})
