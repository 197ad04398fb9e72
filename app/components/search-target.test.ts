import { describe, expect, test } from 'vitest'
import { isShortCode, searchResultsPath, searchTarget } from './search-target'

describe('searchTarget', () => {
  test('one letter followed by three digits goes to the short-code page', () => {
    expect(searchTarget('a123')).toBe('/store/code/a123')
    expect(searchTarget('Z999')).toBe('/store/code/Z999')
  })

  test('the short code is recognised after trimming spaces', () => {
    expect(searchTarget('  b042 \n')).toBe('/store/code/b042')
  })

  test('anything else goes to the search results with search_term', () => {
    expect(searchTarget('stroller')).toBe('/store/search?search_term=stroller')
    expect(searchTarget('a12')).toBe('/store/search?search_term=a12')
    expect(searchTarget('a1234')).toBe('/store/search?search_term=a1234')
    expect(searchTarget('ab123')).toBe('/store/search?search_term=ab123')
    expect(searchTarget('1123')).toBe('/store/search?search_term=1123')
    expect(searchTarget('a 123')).toBe('/store/search?search_term=a+123')
  })

  test('the search term is trimmed and encoded like a GET form', () => {
    expect(searchTarget('  car seat & base ')).toBe('/store/search?search_term=car+seat+%26+base')
    expect(searchTarget('bébé')).toBe('/store/search?search_term=b%C3%A9b%C3%A9')
  })

  test('an empty or blank box goes to the search page with an empty term', () => {
    expect(searchTarget('')).toBe('/store/search?search_term=')
    expect(searchTarget('   ')).toBe('/store/search?search_term=')
  })

  test('only ASCII letters and digits make a short code', () => {
    expect(isShortCode('é123')).toBe(false)
    expect(isShortCode('a١٢٣')).toBe(false)
    expect(searchResultsPath('a')).toBe('/store/search?search_term=a')
  })
})
