// Server HTML that the browser keeps as it is, with no code for it in the browser's bundles (docs/decisions/018,
// amendment h17): the site's footer and the header's logo, whose HTML depends on nothing a visitor does.
//
// The server renders the real component inside an element with an `id`. In the browser, `KeptServerHtml`
// renders the same element with the inner HTML it finds under that id in the page (read once, then kept), as
// `dangerouslySetInnerHTML`: React neither compares nor rewrites such an element's content when it hydrates it,
// nor later while the string stays the same. Its site links navigate with the router through one delegated click
// handler (`followSiteLink`). When the page has no such element (the sign-in popup's bare layout, say), it renders
// `fallback`: the real component, loaded on first use.
//
// The `{ __html }` object is kept too, not only its string: React 19 compares props by identity and sets
// `innerHTML` again whenever `dangerouslySetInnerHTML` is a new object. A new object on each render made every
// re-render of the header rebuild the navbar's DOM, which dropped focus and swallowed a click pressed across it
// (h19; the footer test in tests/e2e/shell.spec.ts checks the kept elements stay the same).
//
// The page is looked at once per id, and an absent part is remembered as absent: otherwise, on a page that had
// none (the sign-in popup, then a full page), the next render found the live fallback's own element under that id,
// took it for server HTML and swapped the live part for a lifeless copy, losing an open tooltip or a click (h20).
import { type JSX, type ReactNode, useRef } from 'react'
import { followSiteLink } from './site-link'

// Per id: the server's HTML, or null when the page had none (then the real component renders, and stays).
const kept = new Map<string, { __html: string } | null>()

function keptHtml(id: string): { __html: string } | undefined {
  if (!kept.has(id) && typeof document !== 'undefined') {
    const element = document.getElementById(id)
    kept.set(id, element ? { __html: element.innerHTML } : null)
  }
  return kept.get(id) ?? undefined
}

type KeptServerHtmlProps<T extends keyof JSX.IntrinsicElements> = {
  as: T
  /** The element's id: the server writes it with the real component inside. */
  id: string
  /** What to render when the page holds no such element. */
  fallback: ReactNode
} & Omit<JSX.IntrinsicElements[T], 'children' | 'dangerouslySetInnerHTML' | 'id'>

export function KeptServerHtml<T extends keyof JSX.IntrinsicElements>({ as, id, fallback, ...attributes }: KeptServerHtmlProps<T>) {
  const html = keptHtml(id)
  if (html === undefined) return fallback
  const Tag = as as unknown as React.ElementType
  return <Tag {...attributes} id={id} dangerouslySetInnerHTML={html} suppressHydrationWarning onClick={followSiteLink} />
}

/**
 * For a kept part whose live component loads on first use (the store navbar, the announcement bar): `wake` loads the
 * code once, on the first sign of use, then calls `show` with the module. A pointer pressed on the kept part
 * (`onPointerDown`) makes `show` wait for its release, so that the press and the release land on one element and the
 * click happens. If the load fails (offline, say), the next sign of use tries again.
 */
export function useLiveOnFirstUse<M>(load: () => Promise<M>, show: (module: M) => void) {
  const loading = useRef(false)
  const pressed = useRef(false)
  return {
    wake() {
      if (loading.current) return
      loading.current = true
      load().then(
        (module) => {
          if (pressed.current) window.addEventListener('pointerup', () => setTimeout(() => show(module), 0), { once: true })
          else show(module)
        },
        () => (loading.current = false),
      )
    },
    onPointerDown() {
      pressed.current = true
      window.addEventListener('pointerup', () => (pressed.current = false), { once: true, capture: true })
    },
  }
}
