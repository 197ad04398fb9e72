import { describe, expect, test } from 'vitest'
import { cardView, listingView } from './product-card.server'
import { testProductCard } from './ui/test-product-card'

describe('cardView', () => {
  test('the card without its slug, short name and brand id and slug', () => {
    const card = testProductCard(3, { promotionalBadges: [{ type: 'text', text: 'Best Seller', variant: 'primary' }], callouts: ['Free shipping'] })
    const { slug: _slug, shortName: _shortName, brand, ...rest } = card
    expect(cardView(card)).toStrictEqual({ ...rest, brand: { name: brand.name } })
    expect(Object.keys(cardView(card))).not.toContain('slug')
  })

  test('one view per card object, so a page of the same cards reuses its views (and their markup keys)', () => {
    const card = testProductCard(4)
    const view = cardView(card)
    expect(cardView(card)).toBe(view)
    // Another object, even with the same content (a changed product gets a new card object), gets its own view.
    const other = testProductCard(4)
    expect(cardView(other)).not.toBe(view)
    expect(cardView(other)).toStrictEqual(view)
    // A listing page's views are the same objects from one request to the next.
    const result = { heroProducts: [card, other], facets: [], count: 2, page: 1, pageSize: 18, pageCount: 1 } as unknown as Parameters<typeof listingView>[0]
    expect(listingView(result).heroProducts[0]).toBe(view)
    expect(listingView(result).heroProducts[1]).toBe(cardView(other))
  })
})
