import { describe, expect, test } from 'vitest'
import { catalogTarget } from './catalog-redirects'
import { listingForPath } from './listing'

const target = (href: string) => {
  const url = new URL(href, 'http://shop.test')
  return catalogTarget(url.pathname, url.searchParams)
}

describe('old /catalog addresses', () => {
  test('map to their store equivalents', () => {
    expect(target('/catalog')).toBe('/store')
    expect(target('/catalog/')).toBe('/store')
    expect(target('/catalog/strollers')).toBe('/store/strollers')
    expect(target('/catalog/Strollers')).toBe('/store/strollers')
    expect(target('/catalog/gear/strollers')).toBe('/store/strollers')
    expect(target('/catalog/search')).toBe('/store/search')
    expect(target('/catalog/search?search_term=car%20seat')).toBe('/store/search?search_term=car+seat')
  })

  test('keep only the search term, and never build an address from anything but parsed values', () => {
    expect(target('/catalog/search?search_term=a&next=//evil.example')).toBe('/store/search?search_term=a')
    expect(target('/catalog/search?search_term=%22%3E%3Cscript%3E')).toBe('/store/search?search_term=%22%3E%3Cscript%3E')
    expect(target('/catalog/%2F%2Fevil.example')).toBeNull()
    expect(target('/catalog/..%2F..%2Fadmin')).toBeNull()
    expect(target('/catalog/%E0%A4%A')).toBeNull()
    expect(target('/catalog/' + 'a'.repeat(500))).toBeNull()
    expect(target('/elsewhere/strollers')).toBeNull()
  })
})

describe('fixed listings', () => {
  test('each path names its listing', () => {
    expect(listingForPath('/store/sale')).toBe('sale')
    expect(listingForPath('/store/new/')).toBe('new')
    expect(listingForPath('/store/fsa-hsa-eligible')).toBe('fsa-hsa-eligible')
    expect(listingForPath('/best-baby-products')).toBe('best')
    expect(listingForPath('/store/strollers')).toBeNull()
  })
})
