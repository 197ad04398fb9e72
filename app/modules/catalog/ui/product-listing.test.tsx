import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { ListingResult, ListingView } from '~/modules/search/search.types'
import { listingView } from '../product-card.server'
import { ProductListing } from './product-listing'
import { testProductCard } from './test-product-card'

const card = (id: number) =>
  testProductCard(id, {
    shortName: `Short ${id}`,
    brand: { id, name: `Brand ${id}`, slug: `brand-${id}` },
    secondaryImageUrl: id % 2 ? `/images/p-${id}-2.svg` : null,
    fsaHsaEligible: id % 3 === 0,
    rating: 4.2,
    reviewCount: id * 10,
    price: { current: 1000 + id, regular: 1500, min: 1000 + id, max: 1000 + id, msrp: null },
    onSale: true,
    available: id !== 4,
    hasOptions: id === 2,
    promotionalBadges: [{ type: 'text', text: 'New', variant: 'primary' }],
    callouts: ['Free shipping'],
  })

const result: ListingResult = {
  heroProducts: [1, 2, 3, 4, 5].map(card),
  facets: [{ key: 'brands', label: 'Brand', type: 'multi-select', values: [{ label: 'Brand 1', value: 'brand-1', count: 1 }] }],
  count: 23,
  page: 2,
  pageSize: 5,
  pageCount: 5,
}

function render(listing: ListingView) {
  const element = <ProductListing result={listing} href="/store/strollers?page=2" label="Strollers products" />
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/store/strollers?page=2'] })
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('listing pages send trimmed cards (listingView)', () => {
  test('only the cards change: no slug, short name or brand id/slug; the rest of the result is kept', () => {
    const view = listingView(result)
    expect(view.heroProducts).toHaveLength(5)
    for (const product of view.heroProducts) {
      expect(product).not.toHaveProperty('slug')
      expect(product).not.toHaveProperty('shortName')
      expect(Object.keys(product.brand)).toEqual(['name'])
    }
    const { heroProducts: _full, ...rest } = result
    const { heroProducts: _trimmed, ...viewRest } = view
    expect(viewRest).toEqual(rest)
  })

  test('the listing renders exactly what it renders from the full cards', () => {
    const html = render(listingView(result))
    expect(html).toBe(render(result))
    expect(html).toContain('Brand 5')
    expect(html).toContain('/gp/p-3/3')
  })
})
