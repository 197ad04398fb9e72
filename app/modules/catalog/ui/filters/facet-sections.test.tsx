import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { Facet, ListingResult } from '~/modules/search/search.types'
import { gridGuide, ProductGrid } from '../product-grid'
import { ProductListing } from '../product-listing'
import { FacetSection, FilterFields } from './facet-sections'
import { testProductCard } from '../test-product-card'

const noop = () => {}
// A data router, as in the app: product cards' quick 'Add to Cart' uses a fetcher.
const render = (node: React.ReactNode) => renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: node }])} />)
/** The one element tag of `html` (e.g. an <input>) carrying every one of the attribute texts. */
function tagWith(html: string, ...attrs: string[]): string {
  const tags = [...html.matchAll(/<(input|a|form)\b[^>]*>/g)].map((m) => m[0]).filter((t) => attrs.every((a) => t.includes(a)))
  expect(tags, `one tag with ${attrs.join(' ')}`).toHaveLength(1)
  return tags[0]!
}

const brands: Facet = {
  key: 'brands',
  label: 'Brands',
  type: 'multi-select',
  values: [
    { label: 'Acme', value: 'acme', count: 4 },
    { label: 'Zeta', value: 'zeta', count: 0 },
  ],
}
const categories: Facet = { key: 'categories', label: 'Product Type', type: 'multi-select', values: [{ label: 'Infant Car Seat Bases and Adapters', value: 'bases', count: 2 }] }
const price: Facet = { key: 'price', label: 'Price Range', type: 'numeric-range', values: [{ label: 'Min', value: '12.5', count: 0 }, { label: 'Max', value: '349', count: 0 }] }
const rating: Facet = { key: 'minRating', label: 'Rating', type: 'rating', values: [5, 4, 3, 2, 1].map((n) => ({ label: String(n), value: String(n), count: n === 5 ? 0 : 3 })) }
const inStock: Facet = { key: 'available', label: 'In Stock', type: 'boolean', values: [{ label: 'In Stock', value: 'true', count: 0 }] }
const onSale: Facet = { key: 'onSale', label: 'On Sale', type: 'boolean', values: [{ label: 'On Sale', value: 'true', count: 5 }] }

describe('facet sections', () => {
  test('a facet of any other type says Unsupported facet type', () => {
    const html = render(<FacetSection facet={{ ...brands, type: 'colour-swatch' as Facet['type'] }} filters={{}} onChange={noop} />)
    expect(html).toContain('Unsupported facet type')
  })
  test('multi-select: View All checked with no selection, zero-count options disabled', () => {
    const html = render(<FacetSection facet={brands} filters={{}} onChange={noop} />)
    expect(html).toMatch(/<input type="checkbox" aria-disabled="true"[^>]*checked=""\/>View All/)
    expect(tagWith(html, 'value="zeta"')).toContain('disabled=""')
    expect(tagWith(html, 'value="acme"')).not.toContain('disabled')
  })
  test('multi-select with a selection: View All unchecked, the value checked', () => {
    const html = render(<FacetSection facet={brands} filters={{ brands: ['acme'] }} onChange={noop} />)
    expect(html).toMatch(/<input type="checkbox" class="[^"]*"\/>View All/)
    expect(tagWith(html, 'value="acme"')).toContain('checked=""')
  })
  test('product type labels are cut to 26 characters', () => {
    const html = render(<FacetSection facet={categories} filters={{}} onChange={noop} />)
    expect(html).toContain('Infant Car Seat Bases and…')
    expect(html).not.toContain('>Infant Car Seat Bases and Adapters<')
  })
  test('rating lists 5, 4 & up … 1 & up and Show All Ratings; zero counts are disabled', () => {
    const html = render(<FacetSection facet={rating} filters={{}} onChange={noop} />)
    for (const label of ['4 &amp; up', '3 &amp; up', '2 &amp; up', '1 &amp; up', 'Show All Ratings']) expect(html).toContain(label)
    expect(tagWith(html, 'name="minRating"', 'value="5"')).toContain('disabled=""')
    expect(tagWith(html, 'name="minRating"', 'value="4"')).not.toContain('disabled')
  })
  test('price: a slider with whole-number, step-10 bounds and $ labels; hidden when the spread is under 1', () => {
    const html = render(<FacetSection facet={price} filters={{}} onChange={noop} />)
    const min = tagWith(html, 'name="minPrice"')
    for (const attr of ['min="10"', 'max="350"', 'step="10"', 'aria-label="Minimum price"', 'aria-valuetext="$10"']) expect(min).toContain(attr)
    expect(html).toContain('$350')
    const flat = render(<FacetSection facet={{ ...price, values: [{ label: 'Min', value: '10', count: 0 }, { label: 'Max', value: '10.5', count: 0 }] }} filters={{}} onChange={noop} />)
    expect(flat).toBe('')
  })
  test('in stock and on sale are disabled when their count is 0', () => {
    expect(tagWith(render(<FacetSection facet={inStock} filters={{}} onChange={noop} />), 'name="available"')).toContain('disabled=""')
    expect(render(<FacetSection facet={onSale} filters={{}} onChange={noop} />)).not.toMatch(/disabled=""/)
  })
  test('the drawer sections come in the spec order whatever order the facets arrive in', () => {
    const html = render(<FilterFields facets={[onSale, inStock, price, rating, categories, brands]} draft={{ filters: {}, sort: null }} defaultSort={{ sort: 'popular', order: 'asc' }} onChange={noop} />)
    const order = [...html.matchAll(/data-section="([^"]+)"/g)].map((m) => m[1])
    expect(order).toEqual(['sort', 'brands', 'categories', 'minRating', 'price', 'available', 'onSale'])
  })
})

const card = (id: number) =>
  testProductCard(id, {
    shortName: `P${id}`,
    imageUrl: '/x.png',
    rating: 4,
    reviewCount: 3,
    // With options a card links to its page to choose them (without, it has a quick Add to Cart form of its own).
    hasOptions: true,
  })
const guide = { slug: 'best-strollers', title: 'Best Strollers', teaser: 'How to choose.' }

describe('grid guide card', () => {
  test('needs at least 7 product cards and a guide', () => {
    expect(gridGuide(6, [guide])).toBeNull()
    expect(gridGuide(7, [])).toBeNull()
    expect(gridGuide(7, [guide])).toEqual(guide)
  })
  test("shows 'Guide', the title, the teaser and 'Read More', linking to the guide", () => {
    const html = render(<ProductGrid products={Array.from({ length: 7 }, (_, i) => card(i + 1))} label="Products" guides={[guide]} />)
    expect(html).toContain('href="/hello-baby/best-strollers"')
    for (const text of ['>Guide<', 'Best Strollers', 'How to choose.', 'Read More']) expect(html).toContain(text)
    expect(render(<ProductGrid products={Array.from({ length: 6 }, (_, i) => card(i + 1))} label="Products" guides={[guide]} />)).not.toContain('Read More')
  })
})

describe('product listing', () => {
  const result = (over: Partial<ListingResult> = {}): ListingResult => ({
    heroProducts: [],
    facets: [brands, price, inStock],
    count: 0,
    page: 1,
    pageSize: 18,
    pageCount: 0,
    ...over,
  })
  test('an empty filtered result explains and links clear all filters to the bare path', () => {
    const html = render(<ProductListing result={result()} href="/store/strollers?brands=acme&sort=price&order=asc" label="Strollers products" />)
    expect(html).toContain('Whoops! We couldn&#x27;t find any matches that fit your current filters. Adjust your selections or ')
    expect(html).toMatch(/href="\/store\/strollers"[^>]*>clear all filters<\/a> to see all available products\./)
    expect(html).toContain('max-w-[480px]')
  })
  test('server-rendered pills are links that open the panel, and the in-stock toggle is a link', () => {
    const html = render(<ProductListing result={result({ count: 2, pageCount: 1, heroProducts: [card(1), card(2)] })} href="/store/strollers" label="Strollers products" />)
    expect(html).toContain('href="/store/strollers?panel=sort#filters"')
    expect(html).toContain('href="/store/strollers?panel=brands#filters"')
    expect(html).toContain('>Filter<')
    expect(html).toContain('2 products')
  })
  test('with ?panel= and no script the filters are a GET form in the page', () => {
    const html = render(<ProductListing result={result({ count: 2, pageCount: 1, heroProducts: [card(1), card(2)] })} href="/store/search?search_term=car&panel=brands" label="Results" />)
    const form = tagWith(html, '<form')
    expect(form).toContain('method="get"')
    expect(form).toContain('action="/store/search"')
    expect(html).toContain('<input type="hidden" name="search_term" value="car"/>')
    expect(html).toContain('Apply Filters')
  })
})
