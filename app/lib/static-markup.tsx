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
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from 'react-router'

export type MarkupCache = {
  /** The inner HTML stored for `key`, if any. */
  get(key: string): string | undefined
  /** Render `children` on their own once the current render has finished, and store their HTML under `key`. */
  fill(key: string, children: ReactNode): void
}

/**
 * Provided by entry.server only: null in the browser (and in tests that do not provide one). Marked pure, so that a
 * chunk importing this module only for code the browser drops (the footer's server branch) does not have to load
 * and run it first: that made the shell wait on the `shop` chunk, which itself waits on the shell (h18).
 */
export const MarkupCacheContext = /* @__PURE__ */ createContext<MarkupCache | null>(null)

type StaticMarkupProps<T extends keyof JSX.IntrinsicElements> = {
  /** The wrapper element; its own attributes are rendered by React every time. */
  as: T
  /**
   * Every input the children's HTML depends on, as a string; called on the server only. null: render in
   * place this time (say, the subtree has an image React would preload in the page's head).
   */
  markupKey: () => string | null
  /**
   * The children use React Router's hooks (a fetcher form, the location): their copy is rendered inside the
   * same router contexts as the page. Everything those hooks give them must be in the key.
   */
  routerContexts?: boolean
  children: ReactNode
} & Omit<JSX.IntrinsicElements[T], 'children' | 'dangerouslySetInnerHTML'>

export function StaticMarkup<T extends keyof JSX.IntrinsicElements>({ as, markupKey, routerContexts = false, children, ...attributes }: StaticMarkupProps<T>) {
  const cache = use(MarkupCacheContext)
  const Tag = as as unknown as React.ElementType
  const inputs = cache ? markupKey() : null
  if (cache && inputs !== null) {
    const key = `${as}\u0000${inputs}`
    const html = cache.get(key)
    if (html !== undefined) return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
    let copy = children
    if (routerContexts) {
      // The contexts as they are at this point of the page, around the copy's render of its own. `use` may be
      // called in a loop (unlike useContext); this runs on a cache miss only.
      for (let i = routerContextList.length - 1; i >= 0; i--) {
        const Context = routerContextList[i] as React.Context<unknown>
        copy = <Context.Provider value={use(Context)}>{copy}</Context.Provider>
      }
    }
    cache.fill(key, copy)
  }
  return <Tag {...attributes}>{children}</Tag>
}

const jsonCopies = new WeakMap<object, string>()

/**
 * `JSON.stringify(value)` for a markup key, made once per object: the listing index hands out the same card
 * objects until a product changes, and a card's view is made once per card (product-card.server.ts), so a page of
 * cards no longer serialises every card on every request. Only for objects that are never changed once made; an
 * object made for one request costs what `JSON.stringify` did.
 */
export function jsonKey(value: object): string {
  let json = jsonCopies.get(value)
  if (json === undefined) {
    json = JSON.stringify(value)
    jsonCopies.set(value, json)
  }
  return json
}

// The contexts React Router's hooks read (useLocation, useFetcher, its Form's action, useHref).
const routerContextList = [DataRouterContext, DataRouterStateContext, FetchersContext, NavigationContext, LocationContext, RouteContext] as const
