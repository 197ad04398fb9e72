import { describe, expect, test } from 'vitest'
import { clickSaleType } from './analytics.events'
import { validateEvents } from './analytics.validation'
import { isPageView } from './page-view'
import { splitBatches } from './track'

const batch = (...events: { name: string; properties: Record<string, unknown> }[]) => ({
  anonymousId: 'anon-1',
  events: events.map((e) => ({ ...e, path: '/store' })),
})

describe('event validation', () => {
  test('a search executed event with its fields is valid', () => {
    const result = validateEvents(batch({ name: 'search_executed', properties: { searchTerm: 'stroller', eventType: 'shop' } }))
    expect(result).toEqual({ ok: true, events: [{ name: 'search_executed', properties: { searchTerm: 'stroller', eventType: 'shop' }, path: '/store' }] })
  })

  test('an unknown event is refused', () => {
    const result = validateEvents(batch({ name: 'made_up', properties: {} }))
    expect(result).toEqual({ ok: false, fields: { 'events.0.name': ["Unknown event 'made_up'."] } })
  })

  test('missing, wrong and extra fields are refused, with the field path', () => {
    const result = validateEvents(
      batch(
        { name: 'store_category_clicked', properties: { categoryName: 'Strollers', isLeafCategory: false, slug: 'strollers', location: 'sidebar' } },
        { name: 'filters_panel_toggled', properties: { focusedSection: 'brands', isOpen: true } },
        { name: 'store_landing_viewed', properties: { password: 'x' } },
      ),
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.fields).sort()).toEqual(['events.0.properties.location', 'events.1.properties.slug', 'events.2.properties'])
  })

  test('product clicked carries sale type only as price_sale', () => {
    const base = {
      eventType: 'click',
      location: 'store_product_card',
      isRegistryOwner: false,
      isFsaHsaEligible: true,
      position: 3,
      productId: 12,
      genericProductId: 12,
      priceCents: 4999,
      productType: 'product',
    }
    expect(validateEvents(batch({ name: 'product_clicked', properties: { ...base, saleType: 'price_sale', searchId: 's-1' } })).ok).toBe(true)
    expect(validateEvents(batch({ name: 'product_clicked', properties: { ...base, saleType: 'active_sale' } })).ok).toBe(false)
    expect(validateEvents(batch({ name: 'product_clicked', properties: { ...base, position: 0 } })).ok).toBe(false)
  })

  test('a click records sale type price_sale only when the sale type is active_sale', () => {
    expect(clickSaleType('active_sale')).toBe('price_sale')
    expect(clickSaleType('clearance')).toBeUndefined()
    expect(clickSaleType(null)).toBeUndefined()
  })
})

describe('page views', () => {
  test('sent on first load and on pathname change only', () => {
    expect(isPageView(null, '/store')).toBe(true)
    expect(isPageView('/store', '/store')).toBe(false)
    expect(isPageView('/store', '/store/strollers')).toBe(true)
    expect(isPageView('/gp/a/1', '/gp/b/2')).toBe(true)
  })

  test('not sent when only the product id changes within the same group-gift id', () => {
    expect(isPageView('/group-gift/77/product/1', '/group-gift/77/product/2')).toBe(false)
    expect(isPageView('/group-gift/77/product/1', '/group-gift/78/product/1')).toBe(true)
    expect(isPageView('/group-gift/77/product/1', '/group-gift/77/contributors')).toBe(true)
  })
})

describe('batching', () => {
  const event = (i: number) => ({ name: 'page_viewed', properties: { pathname: `/p/${i}` }, path: '/', occurredAt: '2026-01-01T00:00:00.000Z' })

  test('batches hold at most 25 events', () => {
    const batches = splitBatches(Array.from({ length: 60 }, (_, i) => event(i)), 'a')
    expect(batches.map((b) => b.events.length)).toEqual([25, 25, 10])
  })

  test('batches stay under the byte limit, and an oversized event is dropped', () => {
    const big = (n: number) => ({ ...event(n), properties: { pathname: 'x'.repeat(12_000) } })
    const batches = splitBatches([big(1), big(2), big(3), { ...event(9), properties: { pathname: 'y'.repeat(40_000) } }], 'a')
    expect(batches.map((b) => b.events.length)).toEqual([2, 1])
  })
})
