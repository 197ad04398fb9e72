import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { PageHeader } from './page-header'

describe('PageHeader', () => {
  test('renders the eyebrow, a wrapping h1 and the introduction', () => {
    const html = renderToStaticMarkup(
      <PageHeader eyebrow="Staff" title="Email outbox">
        Every email the shop sent.
      </PageHeader>,
    )
    expect(html).toBe(
      '<header><p class="text-sm font-bold tracking-wide text-muted uppercase">Staff</p>' +
        '<h1 class="mt-1 text-3xl font-extrabold tracking-tight break-words text-ink">Email outbox</h1>' +
        '<p class="mt-2 max-w-2xl text-base text-muted">Every email the shop sent.</p></header>',
    )
  })

  test('takes rich content as the eyebrow and leaves out what is not given', () => {
    const html = renderToStaticMarkup(<PageHeader eyebrow={<em>Staff: shipments</em>} title="Order 12" />)
    expect(html).toContain('uppercase"><em>Staff: shipments</em></p>')
    expect(html).toContain('>Order 12</h1></header>')
    expect(renderToStaticMarkup(<PageHeader title="Order 12" />)).toBe(
      '<header><h1 class="mt-1 text-3xl font-extrabold tracking-tight break-words text-ink">Order 12</h1></header>',
    )
  })
})
