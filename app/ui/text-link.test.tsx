import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactElement } from 'react'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { TextLink, textLinkClasses } from './text-link'

function renderInRouter(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] })
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('TextLink', () => {
  test('is a link with the shared text-link look, extended by className, passing other props through', () => {
    const html = renderInRouter(
      <TextLink to="/admin/emails?page=2" className="inline-flex min-h-11" aria-label="Older emails">
        Older
      </TextLink>,
    )
    expect(html).toContain('href="/admin/emails?page=2"')
    expect(html).toContain(`class="${textLinkClasses} inline-flex min-h-11"`)
    expect(html).toContain('aria-label="Older emails"')
    expect(html).toContain('>Older</a>')
  })

  test('without className it carries exactly the shared classes', () => {
    const html = renderInRouter(<TextLink to="/store/cash-funds">Manage your cash funds</TextLink>)
    expect(html).toContain(`class="${textLinkClasses}"`)
    expect(textLinkClasses).toBe('font-semibold text-berry-700 underline underline-offset-2')
  })

  test('is a React Router Link, so reloadDocument and the other Link props reach it', () => {
    const element = TextLink({ to: '/registry/7/gift-tracker', reloadDocument: true, prefetch: 'intent', children: 'Open the gift tracker' })
    expect(element.type).toBe(Link)
    expect(element.props).toMatchObject({ to: '/registry/7/gift-tracker', reloadDocument: true, prefetch: 'intent', className: textLinkClasses })
  })
})
