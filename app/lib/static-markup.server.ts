// The server's store of StaticMarkup copies (app/lib/static-markup.tsx; decision 028, amendment h13).
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type { MarkupCache } from './static-markup'

export type MarkupCacheOptions = {
  /** At most this many copies (least recently used out first). */
  maxEntries?: number
  /** Called when a subtree could not be rendered on its own (it then keeps rendering in place). */
  onError?: (error: unknown) => void
}

/**
 * A copy is made the second time a key is asked for (among the last `maxEntries` distinct keys asked for), not
 * the first: a page seen once (one filter combination, one search) does not pay for a second render of its cards.
 */
export function createMarkupCache({ maxEntries = 2000, onError }: MarkupCacheOptions = {}): MarkupCache & { size(): number } {
  const entries = new Map<string, string>()
  const seen = new Set<string>()
  const filling = new Set<string>()
  const failed = new Set<string>()
  return {
    get(key) {
      const html = entries.get(key)
      if (html !== undefined) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(key)
        entries.set(key, html)
      }
      return html
    },
    fill(key, children: ReactNode) {
      if (entries.has(key) || filling.has(key) || failed.has(key)) return
      if (!seen.has(key)) {
        seen.add(key)
        if (seen.size > maxEntries) seen.delete(seen.values().next().value as string)
        return
      }
      seen.delete(key)
      filling.add(key)
      // Not inside the page's render: React's server renderer keeps per-render state in module variables,
      // so the copy is rendered once the current (synchronous) piece of the page's render has returned.
      queueMicrotask(() => {
        filling.delete(key)
        let html: string
        try {
          html = renderToString(children)
        } catch (error) {
          // Kept out for good (bounded like the copies): such a subtree needs something only the page has.
          if (failed.size >= maxEntries) failed.clear()
          failed.add(key)
          onError?.(error)
          return
        }
        entries.set(key, html)
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      })
    },
    size: () => entries.size,
  }
}
