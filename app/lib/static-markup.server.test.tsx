import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { SiteFooter } from '~/components/site-footer'
import { StoreNav } from '~/components/store-nav'
import type { CategoryNavItem, NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { CategoryNav } from '~/modules/catalog/ui/category-nav'
import { ProductCard } from '~/modules/catalog/ui/product-card'
import { testProductCard } from '~/modules/catalog/ui/test-product-card'
import { jsonKey, type MarkupCache, MarkupCacheContext, StaticMarkup } from './static-markup'
import { createMarkupCache } from './static-markup.server'

/** The page `at` as entry.server streams it (renderToPipeableStream in a data router), with or without a cache. */
function renderPage(element: React.ReactNode, at: string, cache: MarkupCache | null): Promise<string> {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] })
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <MarkupCacheContext.Provider value={cache}>
        <RouterProvider router={router} />
      </MarkupCacheContext.Provider>,
      {
        onAllReady() {
          const sink = new PassThrough()
          const chunks: Buffer[] = []
          sink.on('data', (chunk: Buffer) => chunks.push(chunk))
          sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
          pipe(sink)
        },
        onShellError: reject,
        onError: reject,
      },
    )
  })
}

/** Lets the cache's after-render copies run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

const navbar = (extra: NavbarCategory[] = []): NavbarCategory[] => [
  { title: 'Strollers', urlSlug: 'strollers', children: [{ title: 'Full-Size Strollers', urlSlug: 'full-size-strollers' }], guides: [] },
  { title: 'Car Seats', urlSlug: 'car-seats', children: [], guides: [] },
  { title: 'Nursery & Décor', urlSlug: 'nursery', children: [{ title: 'Cribs', urlSlug: 'cribs' }], guides: [] },
  ...extra,
]

const navItems = (extra: CategoryNavItem[] = []): CategoryNavItem[] => [
  {
    title: 'Strollers',
    urlSlug: 'strollers',
    path: '/store/strollers',
    children: [
      { title: 'Full-Size Strollers', urlSlug: 'full-size-strollers', path: '/store/full-size-strollers', children: [] },
      { title: 'Jogging <Strollers>', urlSlug: 'jogging-strollers', path: '/store/jogging-strollers', children: [] },
    ],
  },
  { title: 'Car Seats', urlSlug: 'car-seats', path: '/store/car-seats', children: [], leaf: true },
  { title: 'Nursery', urlSlug: 'nursery', path: '/store/nursery', children: [], leaf: false },
  ...extra,
]

const newCategory = { title: 'Bath Time', urlSlug: 'bath-time' }

/** Each case: a page element, its address, and a text the page must contain. */
const cases: { name: string; element: React.ReactNode; at: string; contains: string }[] = [
  { name: 'footer', element: <SiteFooter navbar={navbar()} />, at: '/store', contains: 'Nursery &amp; Décor' },
  { name: 'footer with no categories', element: <SiteFooter navbar={[]} />, at: '/store', contains: 'Registry' },
  { name: 'store bar on a leaf page', element: <StoreNav navbar={navbar()} />, at: '/store/full-size-strollers', contains: 'aria-current="true"' },
  { name: 'store bar on a top-level page', element: <StoreNav navbar={navbar()} />, at: '/store/strollers', contains: 'aria-current="page"' },
  { name: 'store bar elsewhere', element: <StoreNav navbar={navbar()} />, at: '/gp/item/1', contains: 'Car Seats' },
  { name: 'left navigation, leaf open', element: <CategoryNav items={navItems()} activeSlugSet={['strollers', 'full-size-strollers']} />, at: '/store/full-size-strollers', contains: 'Jogging &lt;Strollers&gt;' },
  { name: 'left navigation, parent open', element: <CategoryNav items={navItems()} activeSlugSet={['strollers']} />, at: '/store/strollers', contains: 'aria-current="page"' },
  { name: 'product card with quick add', element: <ProductCard product={testProductCard(1)} reloadDocument position={4} />, at: '/store/strollers?page=2', contains: 'name="returnTo" value="/store/strollers?page=2"' },
  {
    name: 'product card on sale, rated, with a second image and a text badge',
    element: (
      <ProductCard
        product={testProductCard(2, {
          onSale: true,
          price: { current: 800, regular: 1000, min: 800, max: 800, msrp: 1200 },
          rating: 4.5,
          reviewCount: 12,
          secondaryImageUrl: '/images/p-2b.svg',
          promotionalBadges: [{ type: 'text', text: 'Top pick', variant: 'discount' }],
          callouts: ['Free shipping'],
        })}
        reloadDocument
      />
    ),
    at: '/store/search?search_term=pram',
    contains: 'Top pick',
  },
  { name: 'product card with options', element: <ProductCard product={testProductCard(3, { hasOptions: true })} slugSet={['strollers']} />, at: '/store/strollers', contains: 'data-choose-options' },
  { name: 'sold-out product card', element: <ProductCard product={testProductCard(4, { available: false })} reloadDocument />, at: '/store/strollers', contains: 'data-sold-out' },
  { name: 'left navigation, nothing open', element: <CategoryNav items={navItems()} activeSlugSet={[]} />, at: '/store/search', contains: 'Browse categories' },
]

describe('StaticMarkup', () => {
  test.each(cases.map((c) => [c.name, c] as const))('%s: the copy written from the cache is the HTML React streams in place', async (_, c) => {
    const fresh = await renderPage(c.element, c.at, null)
    expect(fresh).toContain(c.contains)
    const cache = createMarkupCache()
    const get = vi.spyOn(cache, 'get')
    // First request: rendered in place, no copy yet (a page seen once costs no second render).
    expect(await renderPage(c.element, c.at, cache)).toBe(fresh)
    await settle()
    expect(cache.size()).toBe(0)
    // Second request: rendered in place, and the copy made after the render.
    expect(await renderPage(c.element, c.at, cache)).toBe(fresh)
    await settle()
    expect(cache.size()).toBeGreaterThan(0)
    // Later requests: written from the copy, byte for byte the same page.
    const returned = get.mock.results.length
    expect(await renderPage(c.element, c.at, cache)).toBe(fresh)
    expect(get.mock.results.slice(returned).some((r) => typeof r.value === 'string')).toBe(true)
    expect(await renderPage(c.element, c.at, cache)).toBe(fresh)
  })

  test('the copies are kept apart by their inputs: several pages through one cache each get their own HTML', async () => {
    const cache = createMarkupCache()
    const fresh = await Promise.all(cases.map((c) => renderPage(c.element, c.at, null)))
    for (let round = 0; round < 3; round++) {
      for (const [i, c] of cases.entries()) expect(await renderPage(c.element, c.at, cache)).toBe(fresh[i])
      await settle()
    }
  })

  test('a catalogue change (a new category) shows in the cached parts on the next request', async () => {
    const cache = createMarkupCache()
    const before = [
      <SiteFooter key="f" navbar={navbar()} />,
      <StoreNav key="s" navbar={navbar()} />,
      <CategoryNav key="c" items={navItems()} activeSlugSet={['strollers']} />,
    ]
    for (let i = 0; i < 2; i++) {
      await renderPage(before, '/store/strollers', cache)
      await settle()
    }
    expect(await renderPage(before, '/store/strollers', cache)).not.toContain(newCategory.title)

    const after = [
      <SiteFooter key="f" navbar={navbar([{ ...newCategory, children: [], guides: [] }])} />,
      <StoreNav key="s" navbar={navbar([{ ...newCategory, children: [], guides: [] }])} />,
      <CategoryNav key="c" items={navItems([{ ...newCategory, path: '/store/bath-time', children: [] }])} activeSlugSet={['strollers']} />,
    ]
    const html = await renderPage(after, '/store/strollers', cache)
    // The footer, the bar and the left navigation (its phone and desktop lists) each name it.
    expect(html.split('href="/store/bath-time"').length - 1).toBe(4)
    expect(html).toBe(await renderPage(after, '/store/strollers', null))
    // A renamed category too.
    const renamed = navItems().map((item) => (item.urlSlug === 'car-seats' ? { ...item, title: 'Car Seats & Boosters' } : item))
    expect(await renderPage(<CategoryNav items={renamed} activeSlugSet={['strollers']} />, '/store/strollers', cache)).toContain('Car Seats &amp; Boosters')
  })

  test('a product card is kept per page address (its quick-add form returns there), and eager cards are not kept', async () => {
    const cache = createMarkupCache()
    const card = <ProductCard product={testProductCard(7)} reloadDocument />
    for (const at of ['/store/strollers', '/store/strollers', '/store/strollers?page=3', '/store/strollers?page=3']) {
      const html = await renderPage(card, at, cache)
      expect(html).toContain(`name="returnTo" value="${at}"`)
      expect(html).toBe(await renderPage(card, at, null))
      await settle()
    }
    expect(cache.size()).toBe(2)
    expect(await renderPage(card, '/store/strollers?page=3', cache)).toContain('name="returnTo" value="/store/strollers?page=3"')

    const eager = createMarkupCache()
    const eagerCard = <ProductCard product={testProductCard(8)} reloadDocument eager />
    const fresh = await renderPage(eagerCard, '/store/strollers', null)
    for (let i = 0; i < 2; i++) {
      expect(await renderPage(eagerCard, '/store/strollers', eager)).toBe(fresh)
      await settle()
    }
    expect(eager.size()).toBe(0)
  })

  test('jsonKey: the JSON of an object, serialised once per object', () => {
    const card = testProductCard(9)
    const json = jsonKey(card)
    expect(json).toBe(JSON.stringify(card))
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      expect(jsonKey(card)).toBe(json)
      expect(stringify).not.toHaveBeenCalled()
      // Another object with the same content gives the same key (its HTML is the same).
      expect(jsonKey(testProductCard(9))).toBe(json)
      expect(stringify).toHaveBeenCalledTimes(1)
    } finally {
      stringify.mockRestore()
    }
  })

  test('a subtree that cannot render on its own keeps rendering in place, and the error is reported', async () => {
    const onError = vi.fn()
    const cache = createMarkupCache({ onError })
    let calls = 0
    function NeedsThePage() {
      calls++
      if (calls > 1) throw new Error('only inside the page')
      return <span>in place</span>
    }
    const element = (
      <StaticMarkup as="div" markupKey={() => 'needs-the-page'}>
        <NeedsThePage />
      </StaticMarkup>
    )
    for (let i = 0; i < 2; i++) {
      calls = 0
      expect(await renderPage(element, '/', cache)).toContain('<div><span>in place</span></div>')
      await settle()
    }
    expect(onError).toHaveBeenCalledOnce()
    expect(cache.size()).toBe(0)
    calls = 0
    expect(await renderPage(element, '/', cache)).toContain('<div><span>in place</span></div>')
    await settle()
    // Not tried again.
    expect(onError).toHaveBeenCalledOnce()
  })

  test('a key asked for once gets no copy; the second time it does', async () => {
    const cache = createMarkupCache()
    const render = vi.fn(() => <i>x</i>)
    function Counted() {
      return render()
    }
    const page = (
      <StaticMarkup as="p" markupKey={() => 'once'}>
        <Counted />
      </StaticMarkup>
    )
    await renderPage(page, '/', cache)
    await settle()
    expect(render).toHaveBeenCalledTimes(1)
    await renderPage(page, '/', cache)
    await settle()
    // In place, then the copy.
    expect(render).toHaveBeenCalledTimes(3)
    await renderPage(page, '/', cache)
    expect(render).toHaveBeenCalledTimes(3)
  })

  test('the least recently used copy goes first when the cache is full', async () => {
    const cache = createMarkupCache({ maxEntries: 2 })
    const page = (key: string) => (
      <StaticMarkup as="p" markupKey={() => key}>
        {key}
      </StaticMarkup>
    )
    for (const key of ['a', 'a', 'b', 'b']) {
      await renderPage(page(key), '/', cache)
      await settle()
    }
    expect(cache.get('p\u0000a')).toBe('a')
    for (let i = 0; i < 2; i++) {
      await renderPage(page('c'), '/', cache)
      await settle()
    }
    expect(cache.size()).toBe(2)
    expect(cache.get('p\u0000b')).toBeUndefined()
    expect(cache.get('p\u0000a')).toBe('a')
    expect(cache.get('p\u0000c')).toBe('c')
  })

  test('without a cache (the browser) the children render as they are', async () => {
    const markupKey = vi.fn(() => 'k')
    const html = await renderPage(
      <StaticMarkup as="section" markupKey={markupKey} aria-label="x">
        <b>one</b> two
      </StaticMarkup>,
      '/',
      null,
    )
    expect(html).toContain('<section aria-label="x"><b>one</b> two</section>')
    expect(markupKey).not.toHaveBeenCalled()
  })
})
