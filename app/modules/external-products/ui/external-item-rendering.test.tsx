import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { GuestItem } from '~/modules/registry/registry.types'
import { GuestItemCard, WhereToBuyList } from '~/modules/registry/ui/guest-item-card'
import { PreviewSummary } from './external-item-form'

const render = (element: ReactNode) => renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />)

const hostile = '<img src=x onerror=alert(1)><script>alert(1)</script>'
const item: GuestItem = {
  id: 7,
  categoryId: 1,
  productId: null,
  href: 'https://shop.example/p',
  title: hostile,
  imageUrl: '/images/external/5eed0001-0000-4000-8000-000000000001.webp',
  storeName: `Shop ${hostile}`,
  priceCents: 2499,
  quantityNeeded: 1,
  quantityStillNeeded: 1,
  note: hostile,
  mostWanted: false,
  groupGift: false,
  options: {},
  position: 0,
}

describe('scraped text on our pages', () => {
  test('a guest card renders scraped names, stores and notes as text, never as markup', () => {
    const html = render(<GuestItemCard item={item} registryId={1} canShip mine={[]} offers={[{ id: 1, storeName: hostile, url: 'https://other.example/p', priceCents: 2299 }]} reserveHref={() => '/x'} />)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('Where to buy')
    expect(html).toContain('href="https://other.example/p"')
  })

  test("'Where to buy' links only http(s) addresses; anything else is plain text", () => {
    const html = render(<WhereToBuyList item={{ ...item, href: 'javascript:alert(1)' }} offers={[]} />)
    expect(html).not.toContain('javascript:')
    expect(html).toContain('Shop &lt;img')
  })

  test('the preview summary escapes what the page said', () => {
    const html = render(<PreviewSummary title={hostile} priceCents={100} currency="USD" brand={hostile} description={hostile} storeName={hostile} />)
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;')
  })
})
