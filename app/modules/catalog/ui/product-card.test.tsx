import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { ProductCard as ProductCardData } from '../catalog.service.server'
import { validateEvents } from '~/modules/analytics/analytics.validation'
import { ProductCard, productClickedEvent } from './product-card'
import { ProductGrid, SKELETON_CARDS } from './product-grid'
import { SalePreviewRow } from './sale-preview-row'
import { testProductCard } from './test-product-card'

// Spec §2 'Product card and grid': the rules a card and the grid follow, read from the rendered markup.
function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}
const card = (over: Partial<ProductCardData> = {}) => render(<ProductCard product={testProductCard(7, over)} quickAdd={false} />)
const rated = { rating: 4.5, reviewCount: 12 }

describe('product card', () => {
  test('the rating row shows for a reviewed product and is hidden for cash funds, favors, e-gift cards, crowdfunds and no reviews', () => {
    expect(card(rated)).toContain('(12)')
    for (const over of [{ isCashFund: true }, { isFavor: true }, { isElectronicGiftCard: true }, { isCrowdfund: true }, { reviewCount: 0 }]) {
      expect(card({ ...rated, ...over }), JSON.stringify(over)).not.toContain('class="stars')
    }
    expect(card(rated)).toContain('class="stars')
  })

  test('an electronic gift card shows its price range with zero cents hidden', () => {
    const html = card({ isElectronicGiftCard: true, productType: 'gift_card', price: { current: 2500, regular: 2500, min: 2500, max: 100000, msrp: null } })
    expect(html).toContain('$25 - $1,000')
    expect(html).not.toContain('.00')
  })

  test('a second image is there to show on hover or focus, fetched only then (lazy); without one the first image stays', () => {
    const two = card({ secondaryImageUrl: '/images/p-7-2.svg' })
    expect(two).toContain('<img src="/images/p-7-2.svg" alt="" width="400" height="400" loading="lazy" decoding="async" class="pcard-img2"/>')
    const one = card()
    expect(one).not.toContain('pcard-img2')
  })

  test('text badges sit top-left and image badges top-right', () => {
    const html = card({
      promotionalBadges: [
        { type: 'text', text: 'Best Seller', variant: 'primary' },
        { type: 'image', imageUrl: '/images/badges/award.svg', title: 'Award winner' },
      ],
    })
    expect(html).toMatch(/<ul class="absolute top-2 left-2[^"]*" aria-label="Offers"><li>.*Best Seller/)
    expect(html).toMatch(/<ul class="absolute top-2 right-2[^"]*"><li><img src="\/images\/badges\/award.svg" alt="Award winner"/)
  })

  test('inside the grid a card link is a plain link (full page load); elsewhere it routes client-side', () => {
    const grid = render(<ProductGrid products={[testProductCard(7)]} label="Products" />)
    const plain = render(<ProductCard product={testProductCard(7)} quickAdd={false} />)
    expect(grid).toMatch(/<a href="\/gp\/p-7\/7" class="pcard-link"/)
    expect(plain).toMatch(/<a[^>]*href="\/gp\/p-7\/7"[^>]*data-discover="true"|<a[^>]*data-discover="true"[^>]*href="\/gp\/p-7\/7"/)
  })
})

describe('product grid', () => {
  test(`shows ${SKELETON_CARDS} skeleton cards while the cards are absent, in a busy list`, () => {
    expect(SKELETON_CARDS).toBe(6)
    const html = render(<ProductGrid products={null} label="Strollers products" />)
    expect(html).toContain('aria-busy="true"')
    expect(html.match(/<li /g)).toHaveLength(6)
  })

  test('three columns on wide screens', () => {
    expect(render(<ProductGrid products={[testProductCard(1)]} label="P" />)).toContain('lg:grid-cols-3')
  })
})

describe('product clicked (spec §7)', () => {
  const { name, ...properties } = productClickedEvent(testProductCard(7, { onSale: true }), 2, { previewIds: [7, 8, 9, 10] })
  test('a card in a preview row sends the ids of the row products as previewIds, which the events API accepts', () => {
    expect(name).toBe('product_clicked')
    expect(properties).toMatchObject({ productId: 7, position: 2, previewIds: [7, 8, 9, 10], saleType: 'price_sale' })
    expect(validateEvents({ anonymousId: 'a', events: [{ name, properties, path: '/store/sale' }] }).ok).toBe(true)
  })

  test('elsewhere the event has no previewIds; a search id is carried as before', () => {
    const plain = productClickedEvent(testProductCard(7), 1, { searchId: 's-1' })
    expect(plain).not.toHaveProperty('previewIds')
    expect(plain.searchId).toBe('s-1')
    expect(productClickedEvent(testProductCard(7), 1, { previewIds: [] })).not.toHaveProperty('previewIds')
    expect(productClickedEvent(testProductCard(7), 1, { previewIds: Array.from({ length: 80 }, (_, i) => i + 1) }).previewIds).toHaveLength(50)
  })
})

describe('sale preview row', () => {
  const preview = {
    slug: 'gear',
    title: 'Gear on sale',
    shopAllLabel: 'Shop all gear on sale',
    href: '/store/sale?categories=strollers%2Ccar-seats',
    products: [1, 2, 3, 4].map((id) => testProductCard(id, { onSale: true })),
  }
  test('a labelled section: its heading names the list, the cards follow, and a link opens the whole filtered listing', () => {
    const html = render(<SalePreviewRow preview={preview} />)
    const heading = html.match(/<h2 id="([^"]+)"[^>]*>Gear on sale<\/h2>/)
    expect(heading).not.toBeNull()
    expect(html).toContain(`<section aria-labelledby="${heading![1]}"`)
    expect(html).toMatch(/<ul aria-label="Gear on sale"/)
    expect(html.match(/<article/g)).toHaveLength(4)
    expect(html).toMatch(/<a[^>]*href="\/store\/sale\?categories=strollers%2Ccar-seats"[^>]*>Shop all gear on sale/)
    expect(html).toContain('md:grid-cols-4')
  })
})
