// A guest's cart count in the shared copy of a shop page (decision 028, amendment h28).
//
// A guest holding a cart (the guest cart cookie, no session) sees a shop page that differs from the anonymous one
// in one value: the header's cart count. It is in two places of the page: the header's cart link (the label and
// the badge), and React Router's hydration data, the root loader's `cartCount`. When the page cache stores an
// anonymous page, `cartSlots` marks both, so a guest's response is the stored copy with the guest's count put in,
// instead of a render of its own.
//
// The hydration data is a turbo-stream: a flat JSON array where objects refer to their keys and values by index
// and equal values are written once. The anonymous page's count (0) may share its entry with any other 0 of the
// page, so it cannot be replaced where it stands. Instead the root loader's `cartCount` is pointed at a new entry
// at the end of the array, which holds only the count. Everything is checked before the page is marked: one
// stream chunk, the array written back byte for byte as React Router wrote it, a root loader with no viewer and a
// count of 0, and the header's cart link found exactly once. A page that fails a check is stored as before, and a
// guest gets it rendered.
import { randomUUID } from 'node:crypto'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { CartLink } from '~/modules/cart/ui/cart-link'

const ENQUEUE = 'window.__reactRouterContext.streamController.enqueue('

// React Router's escaping of the stream inside its <script> (StreamTransfer's escapeHtml).
const ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' }
const escapeScript = (s: string) => s.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!)
/** A stream chunk as React Router writes it into the page: a JavaScript string literal. */
const chunkLiteral = (chunk: string) => escapeScript(JSON.stringify(chunk))

const cartLinks = new Map<number, string>()
/** The header's cart link for `count` items, as the page renders it (mini-cart.tsx without scripts). */
export function cartLinkHtml(count: number): string {
  let html = cartLinks.get(count)
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(CartLink, { count }))
    if (cartLinks.size < 200) cartLinks.set(count, html)
  }
  return html
}

/** Unique strings that stand for the two values in a marked page until the cache cuts it into a template. */
export type CartMarkers = { link: string; count: string }

export const newCartMarkers = (): CartMarkers => ({ link: `nl-cart-link-${randomUUID()}`, count: `nl-cart-count-${randomUUID()}` })

/** The index of the value an object of the stream holds under `key`, or undefined. */
function valueIndex(values: unknown[], object: unknown, key: string): { prop: string; index: number } | undefined {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined
  for (const [prop, index] of Object.entries(object as Record<string, number>)) {
    if (prop.startsWith('_') && values[Number(prop.slice(1))] === key) return { prop, index }
  }
  return undefined
}

/**
 * The anonymous page with the header's cart link replaced by `markers.link` and the root loader's cart count by
 * `markers.count`, or null when the page cannot be marked (see the top of this file).
 */
export function cartSlots(html: string, markers: CartMarkers): string | null {
  const link = cartLinkHtml(0)
  const linkAt = html.indexOf(link)
  if (linkAt < 0 || html.indexOf(link, linkAt + 1) >= 0) return null
  const streamAt = html.indexOf(ENQUEUE)
  if (streamAt < linkAt + link.length || html.indexOf(ENQUEUE, streamAt + 1) >= 0) return null
  const start = streamAt + ENQUEUE.length
  // The literal ends before the script does: its own '<' are escaped, so the first '</script>' is the tag's.
  const scriptEnd = html.indexOf('</script>', start)
  const end = html.lastIndexOf(');', scriptEnd)
  if (scriptEnd < 0 || end <= start || html.slice(end, scriptEnd) !== ');') return null
  const literal = html.slice(start, end)
  let values: unknown[]
  try {
    const chunk = JSON.parse(literal) as unknown
    if (typeof chunk !== 'string' || !chunk.endsWith('\n')) return null
    values = JSON.parse(chunk) as unknown[]
    if (!Array.isArray(values) || chunkLiteral(`${JSON.stringify(values)}\n`) !== literal) return null
  } catch {
    return null
  }
  const loaderData = valueIndex(values, values[0], 'loaderData')
  const root = loaderData && valueIndex(values, values[loaderData.index], 'root')
  const rootData = root ? values[root.index] : undefined
  const count = rootData !== undefined ? valueIndex(values, rootData, 'cartCount') : undefined
  const viewer = rootData !== undefined ? valueIndex(values, rootData, 'viewer') : undefined
  // -5 is turbo-stream's null: the page was rendered for nobody.
  if (!count || values[count.index] !== 0 || !viewer || viewer.index !== -5) return null
  const placeholder = `nl-placeholder-${randomUUID()}`
  values.push(placeholder)
  ;(rootData as Record<string, number>)[count.prop] = values.length - 1
  const marked = chunkLiteral(`${JSON.stringify(values)}\n`)
  // The placeholder is a string in the array; the count goes in its place as a number, quotes and all replaced.
  const quoted = chunkLiteral(JSON.stringify(placeholder)).slice(1, -1)
  const at = marked.indexOf(quoted)
  if (at < 0) return null
  const stream = marked.slice(0, at) + markers.count + marked.slice(at + quoted.length)
  return html.slice(0, linkAt) + markers.link + html.slice(linkAt + link.length, start) + stream + html.slice(end)
}

/** The values for a marked page's two slots: the cart link and the count, for `count` items. */
export const cartValues = (count: number): [string, string] => [cartLinkHtml(count), String(count)]
