import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { GuestItem } from '../registry.types'
import { GuestItemCard } from './guest-item-card'
import { STORE_OFFER_ICONS_MAX } from '~/modules/config/app-config'
import { StoreOfferIcons, storeMonogram, storeOfferRow } from './store-offer-icons'

describe('store-offer icon row (spec §9)', () => {
  test('at most 3 icons, the rest as a count, named in one sentence', () => {
    expect(STORE_OFFER_ICONS_MAX).toBe(3)
    expect(storeOfferRow(['Amazon', 'Target', 'Walmart', 'Little Sprout Market', 'Cradle & Co.'])).toEqual({
      icons: ['Amazon', 'Target', 'Walmart'],
      more: 2,
      label: 'Also at Amazon, Target, Walmart and 2 more stores',
    })
    expect(storeOfferRow(['Amazon', 'Target', 'Walmart', 'Cradle & Co.']).label).toBe('Also at Amazon, Target, Walmart and 1 more store')
    expect(storeOfferRow(['Amazon', 'Target'])).toEqual({ icons: ['Amazon', 'Target'], more: 0, label: 'Also at Amazon and Target' })
    expect(storeOfferRow(['Amazon'])).toEqual({ icons: ['Amazon'], more: 0, label: 'Also at Amazon' })
    expect(storeOfferRow(['Amazon', 'amazon ', ''])).toEqual({ icons: ['Amazon'], more: 0, label: 'Also at Amazon' })
  })

  test('monograms are the first one or two initials', () => {
    expect(storeMonogram('Amazon')).toBe('A')
    expect(storeMonogram('Little Sprout Market')).toBe('LS')
    expect(storeMonogram('Cradle & Co.')).toBe('C')
    expect(storeMonogram('  ')).toBe('?')
  })

  test('renders three monogram icons and +N, hidden from screen readers behind one accessible name; nothing without stores', () => {
    const html = renderToStaticMarkup(<StoreOfferIcons storeNames={['Amazon', 'Target', 'Walmart', 'Little Sprout Market', 'Cradle & Co.']} />)
    expect(html).toContain('role="img" aria-label="Also at Amazon, Target, Walmart and 2 more stores"')
    expect(html.match(/<span aria-hidden="true" class="inline-flex size-6/g)).toHaveLength(3)
    expect(html).toMatch(/>A<\/span>.*>T<\/span>.*>W<\/span><span aria-hidden="true"[^>]*>\+2<\/span>/)
    expect(html).not.toContain('<img')
    expect(renderToStaticMarkup(<StoreOfferIcons storeNames={[]} />)).toBe('')
  })
})

const item: GuestItem = {
  id: 7,
  categoryId: 1,
  productId: null,
  href: 'https://willow.example/p',
  title: 'Merino blanket',
  imageUrl: '/images/placeholder-heart.svg',
  storeName: 'Willow & Wool Studio',
  priceCents: 8800,
  quantityNeeded: 1,
  quantityStillNeeded: 1,
  note: '',
  mostWanted: false,
  groupGift: false,
  options: {},
  position: 0,
}
const offer = (id: number, storeName: string) => ({ id, storeName, url: `https://${id}.example/p`, priceCents: 9000 })
const card = (offers: ReturnType<typeof offer>[]) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: <GuestItemCard item={item} registryId={1} canShip mine={[]} offers={offers} reserveHref={() => '/x'} /> }])} />)

describe('the guest item card', () => {
  test('an item sold by several stores shows the other stores as an icon row beside its own store; one store alone shows none', () => {
    const html = card([offer(1, 'Amazon'), offer(2, 'Target'), offer(3, 'Willow & Wool Studio'), offer(4, 'Walmart'), offer(5, 'Nest Supply')])
    expect(html).toContain('aria-label="Also at Amazon, Target, Walmart and 1 more store"')
    expect(card([])).not.toContain('data-store-offer-icons')
  })
})
