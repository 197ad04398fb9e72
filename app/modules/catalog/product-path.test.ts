import { describe, expect, test } from 'vitest'
import { categoryPath, isShortCode, pdpPath, searchPath, shortCodePath } from './product-path'

describe('pdpPath', () => {
  test('builds /gp/{slug}/{genericProductId}', () => {
    expect(pdpPath({ slug: 'cloud-glide-stroller', genericProductId: 1042 })).toBe('/gp/cloud-glide-stroller/1042')
    expect(pdpPath({ slug: 'cloud-glide-stroller', genericProductId: '1042' })).toBe('/gp/cloud-glide-stroller/1042')
  })

  test('encodes characters that do not belong in a path segment', () => {
    expect(pdpPath({ slug: 'a/b c', genericProductId: 7 })).toBe('/gp/a%2Fb%20c/7')
  })

  test.each([
    { slug: '', genericProductId: 1 },
    { slug: '   ', genericProductId: 1 },
    { slug: undefined, genericProductId: 1 },
    { slug: null, genericProductId: 1 },
    { slug: 'stroller', genericProductId: undefined },
    { slug: 'stroller', genericProductId: null },
    { slug: 'stroller', genericProductId: '' },
    {},
  ])('throws the spec message when the slug or id is missing: %o', (input) => {
    expect(() => pdpPath(input)).toThrowError(new Error('pdpPath requires a slug and genericProductId'))
  })
})

describe('isShortCode', () => {
  test.each(['a123', 'A123', ' b007 ', '\tZ999\n'])('%j is a short code', (text) => {
    expect(isShortCode(text)).toBe(true)
  })

  test.each(['', 'a12', 'a1234', 'ab123', '1234', '1a23', 'a 123', 'é123', 'a12b', 'stroller'])('%j is not a short code', (text) => {
    expect(isShortCode(text)).toBe(false)
  })
})

describe('shop paths', () => {
  test('short-code, category and search paths', () => {
    expect(shortCodePath(' a123 ')).toBe('/store/code/a123')
    expect(categoryPath('full-size-strollers')).toBe('/store/full-size-strollers')
    expect(searchPath('car seat')).toBe('/store/search?search_term=car+seat')
    expect(searchPath('car seat', 2)).toBe('/store/search?search_term=car+seat&page=2')
  })
})
