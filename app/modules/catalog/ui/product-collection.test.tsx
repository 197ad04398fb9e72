import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { cardView } from '../product-card.server'
import { collectionToggleLabel, COLLECTION_DEFAULT_VISIBLE, ProductCollection } from './product-collection'
import { testProductCard } from './test-product-card'

const card = (id: number) => testProductCard(id)

function render(maxVisible?: number | null, products: Parameters<typeof ProductCollection>[0]['collection']['products'] = [1, 2, 3, 4, 5, 6].map(card)) {
  const collection = { id: 1, title: 'Must-haves', teaser: 'Loved.', products }
  const element = maxVisible === undefined ? <ProductCollection collection={collection} /> : <ProductCollection collection={collection} maxVisible={maxVisible} />
  const router = createMemoryRouter([{ path: '/', element }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('product collection', () => {
  test('the landing page\'s trimmed cards (cardView) render exactly what the full cards render', () => {
    const full = [1, 2, 3, 4, 5, 6].map((id) => ({
      ...card(id),
      brand: { id: id, name: `Brand ${id}`, slug: `brand-${id}` },
      rating: 4.5,
      reviewCount: id,
      secondaryImageUrl: `/images/p-${id}-2.svg`,
      promotionalBadges: [{ type: 'text' as const, text: 'New', variant: 'primary' as const }],
      callouts: ['Free returns'],
    }))
    const trimmed = full.map(cardView)
    expect(trimmed[0]).not.toHaveProperty('slug')
    expect(trimmed[0]).not.toHaveProperty('shortName')
    expect(trimmed[0]!.brand).toEqual({ name: 'Brand 1' })
    expect(render(null, trimmed)).toBe(render(null, full))
    expect(render(null, trimmed)).toContain('Brand 6')
  })

  test("the toggle reads '+ N More' collapsed and 'View Less' expanded", () => {
    expect(collectionToggleLabel(2, false)).toBe('+ 2 More')
    expect(collectionToggleLabel(2, true)).toBe('View Less')
  })

  test('shows 4 products by default with a toggle for the rest', () => {
    expect(COLLECTION_DEFAULT_VISIBLE).toBe(4)
    const html = render()
    expect(html.match(/<li data-product-id=/g)).toHaveLength(4)
    expect(html).toContain('+ 2 More')
  })

  test('with maxVisible null (the landing page) shows every product and no toggle', () => {
    const html = render(null)
    expect(html.match(/<li data-product-id=/g)).toHaveLength(6)
    expect(html).not.toContain('More')
  })
})
