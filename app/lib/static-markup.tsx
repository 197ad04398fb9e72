// A subtree whose HTML depends only on its own props (no viewer, no location it is not given, no useId, no
// images React would preload) is rendered by React once per distinct input on the server and written from a
// copy after that (docs/decisions/028-shop-server-render.md, amendment h13).
//
// On the server, with a cache provided by entry.server (MarkupCacheContext), `StaticMarkup` renders its
// wrapper element with the cached inner HTML (`dangerouslySetInnerHTML`) when the cache holds the key; on a
// miss it renders its children in place and asks the cache to render them once more on their own, after the
// page's render (app/lib/static-markup.server.ts). The key names every input of the children: a catalogue
// change (a new category, a renamed one) is a new key, so it shows on the next request. In the browser there
// is no cache: the wrapper renders its children, which hydrate against the same DOM, since the copy is the
// markup React writes for them in place (static-markup.server.test.tsx compares the two byte for byte).
import { createContext, type JSX, type ReactNode, use } from 'react'

export type MarkupCache = {
  /** The inner HTML stored for `key`, if any. */
  get(key: string): string | undefined
  /** Render `children` on their own once the current render has finished, and store their HTML under `key`. */
  fill(key: string, children: ReactNode): void
}

/** Provided by entry.server only: null in the browser (and in tests that do not provide one). */
export const MarkupCacheContext = createContext<MarkupCache | null>(null)

type StaticMarkupProps<T extends keyof JSX.IntrinsicElements> = {
  /** The wrapper element; its own attributes are rendered by React every time. */
  as: T
  /** Every input the children's HTML depends on, as a string; called on the server only. */
  markupKey: () => string
  children: ReactNode
} & Omit<JSX.IntrinsicElements[T], 'children' | 'dangerouslySetInnerHTML'>

export function StaticMarkup<T extends keyof JSX.IntrinsicElements>({ as, markupKey, children, ...attributes }: StaticMarkupProps<T>) {
  const cache = use(MarkupCacheContext)
  const Tag = as as unknown as React.ElementType
  if (cache) {
    const key = `${as}\u0000${markupKey()}`
    const html = cache.get(key)
    if (html !== undefined) return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
    cache.fill(key, children)
  }
  return <Tag {...attributes}>{children}</Tag>
}
