import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, Link, type LinkProps, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { isPlainSitePath, ServerSiteLink } from './site-link'

/** Renders `element` on the page `at` of a data router, as the server renders a page. */
function render(element: React.ReactNode, at = '/store/strollers?sort=price') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] })
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

const cases: LinkProps[] = [
  { to: '/store/strollers', children: 'Strollers' },
  { to: '/store/strollers', className: 'block px-2', 'aria-current': 'page', children: 'Strollers' },
  { to: '/', children: 'Home' },
  { to: '/store/search?search_term=organic%20swaddle&page=2', children: 'Page 2' },
  { to: '/store/strollers/', children: 'Trailing slash' },
  { to: '/hello-baby/best-strollers#sizes', children: 'Sizes' },
  { to: '/store/strollers?brands=a,b#top', rel: 'next', children: 'Next' },
  { to: '/gp/item/1', reloadDocument: true, onClick: () => undefined, children: 'Full load' },
  { to: '/gp/item/1', state: { slugSet: ['strollers'] }, replace: true, preventScrollReset: true, children: 'With state' },
  { to: '/store/strollers', target: '_blank', title: 'Opens in a new tab', children: 'New tab' },
  { to: '/store/strollers', style: { color: 'red' }, 'data-testid': 'x', children: <span>Nested</span> } as LinkProps,
  { to: '/store/strollers', discover: 'none', children: 'No discovery' },
]

describe('ServerSiteLink', () => {
  test.each(cases.map((props) => [JSON.stringify({ ...props, children: undefined, onClick: undefined }), props] as const))(
    'renders the same markup as React Router Link: %s',
    (_, props) => {
      expect(render(<ServerSiteLink {...props} />)).toBe(render(<Link {...props} />))
    },
  )

  test('paths React Router would rewrite go through Link itself (same markup)', () => {
    for (const to of ['store/strollers', '../up', '/store/../gp/1', '/store//strollers', '/store/x?', '/store/x#', '//evil.example/x', 'https://example.com/', '/a b']) {
      expect(isPlainSitePath(to)).toBe(false)
      expect(render(<ServerSiteLink to={to}>x</ServerSiteLink>, '/store/strollers/sub')).toBe(render(<Link to={to}>x</Link>, '/store/strollers/sub'))
    }
    const object = { pathname: '/store/strollers', search: '?page=2' }
    expect(render(<ServerSiteLink to={object}>x</ServerSiteLink>)).toBe(render(<Link to={object}>x</Link>))
  })

  test('plain site paths are recognised', () => {
    for (const to of ['/', '/store/strollers', '/store/strollers/', '/store/search?search_term=a%20b', '/hello-baby/x#y', '/gp/a.b/1']) {
      expect(isPlainSitePath(to)).toBe(true)
    }
  })
})
