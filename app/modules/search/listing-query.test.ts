import { describe, expect, test } from 'vitest'
import { listingSearchParams, parseListingParams, sortOption } from './listing-query'

const parse = (qs: string) => parseListingParams(new URLSearchParams(qs))

describe('parseListingParams', () => {
  test('values are parsed by type: booleans, numbers, lists from repeated keys or commas', () => {
    const q = parse('onSale=true&available=0&minPrice=20&maxPrice=99.5&minRating=4&brands=nuna&brands=uppababy,bugaboo&categories=strollers&page=3')
    expect(q.filters).toEqual({ onSale: true, available: false, minPrice: 20, maxPrice: 99.5, minRating: 4, brands: ['nuna', 'uppababy', 'bugaboo'], categories: ['strollers'] })
    expect(q.page).toBe(3)
    expect(q.limit).toBe(18)
  })

  test('empty values and empty list entries are dropped', () => {
    expect(parse('brands=&brands=,,&onSale=&minPrice=%20&search_term=%20%20').filters).toEqual({})
    expect(parse('search_term=').searchTerm).toBeUndefined()
  })

  test('sort option values map to criterion and direction; anything else is popular descending', () => {
    expect(sortOption('price_asc')).toEqual({ sort: 'price', order: 'asc' })
    expect(sortOption('price_desc')).toEqual({ sort: 'price', order: 'desc' })
    expect(sortOption('newest')).toEqual({ sort: 'newest', order: 'desc' })
    expect(sortOption('highest_rated')).toEqual({ sort: 'rating', order: 'desc' })
    expect(sortOption('most_reviewed')).toEqual({ sort: 'reviews', order: 'desc' })
    expect(sortOption('toString')).toEqual({ sort: 'popular', order: 'desc' })
    expect(parse('sort=bogus')).toMatchObject({ sort: 'popular', order: 'desc' })
    expect(parse('sort=price&order=desc')).toMatchObject({ sort: 'price', order: 'desc' })
  })

  test('the sort defaults to popular ascending, or to the category defaults given', () => {
    expect(parse('')).toMatchObject({ sort: 'popular', order: 'asc', page: 1 })
    expect(parseListingParams(new URLSearchParams(''), { categorySlug: 'strollers', sort: 'price', order: 'asc' })).toMatchObject({ categorySlug: 'strollers', sort: 'price', order: 'asc' })
  })

  test('invalid values raise invalid_input naming the field', () => {
    for (const qs of ['onSale=yes', 'minPrice=-1', 'minPrice=abc', 'minRating=6', 'page=0', 'page=x', 'order=up', `search_term=${'a'.repeat(201)}`]) {
      expect(() => parse(qs), qs).toThrow(expect.objectContaining({ code: 'invalid_input' }))
    }
  })
})

test('listingSearchParams drops empty values and leaves out the default sort and first page', () => {
  const params = listingSearchParams({ searchTerm: 'swaddle', sort: 'popular', order: 'asc', page: 1, filters: { brands: [], categories: ['a', 'b'], onSale: true } })
  expect(params.toString()).toBe('search_term=swaddle&categories=a%2Cb&onSale=true')
  expect(listingSearchParams({ sort: 'price', order: 'desc', page: 2, filters: {} }).toString()).toBe('sort=price&order=desc&page=2')
})
