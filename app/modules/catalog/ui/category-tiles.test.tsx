import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { PLACEHOLDER_HEART_PATH } from '../image-paths'
import { type CategoryTile, CategoryTiles } from './category-tiles'

// Spec §2 'Category image grid': tiles with image, title and chevron; hidden tiles omitted; an optional callout
// tile with a heart, heading and message; two tiles a row on small screens, three on medium.
const tile = (slug: string, over: Partial<CategoryTile> = {}): CategoryTile => ({
  title: slug.toUpperCase(),
  urlSlug: slug,
  path: `/store/${slug}`,
  imageUrl: `/images/categories/${slug}.svg`,
  hidden: false,
  ...over,
})

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('category image grid', () => {
  test('hidden tiles are left out; each tile links to its store category page; no image falls back to the heart', () => {
    const html = render(<CategoryTiles heading="Categories" tiles={[tile('strollers'), tile('secret', { hidden: true }), tile('nursery', { imageUrl: null })]} />)
    expect(html).toContain('href="/store/strollers"')
    expect(html).toContain('href="/store/nursery"')
    expect(html).not.toContain('secret')
    expect(html).toContain(`src="${PLACEHOLDER_HEART_PATH}"`)
    expect(html).toContain('grid-cols-2')
    expect(html).toContain('md:grid-cols-3')
  })

  test('the callout tile shows a heading and message; nothing at all when every tile is hidden and there is no callout', () => {
    const html = render(<CategoryTiles heading="Categories" tiles={[tile('strollers')]} callout={{ title: 'Not sure where to start?', message: 'Our guides help.' }} />)
    expect(html).toMatch(/data-callout-tile="".*<h3[^>]*>Not sure where to start\?<\/h3><p[^>]*>Our guides help\.<\/p>/)
    expect(render(<CategoryTiles heading="Categories" tiles={[tile('x', { hidden: true })]} />)).toBe('')
  })
})
