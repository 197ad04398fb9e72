// A link to a page of this site: React Router's `Link` in the browser, and on the server the `<a>` that
// `Link` would render, without its work (docs/decisions/028-shop-server-render.md, amendment h12).
//
// On the server a `Link` renders nothing but an `<a href data-discover>`: its click handler is not HTML, and
// resolving its path runs ~10 hooks (two path resolutions, each JSON-encoding the route matches). A category
// page has ~75 links, which cost ~6% of its server CPU. For a plain site path (absolute, no `.`/`..`
// segments, no `//`, no bare `?` or `#`) the href React Router computes is the path itself, so the server
// writes the same `<a>` directly; anything else (an object, a relative or odd path, prefetching, a custom
// `discover`) still goes through `Link`. site-link.test.tsx compares the two renders attribute for attribute.
//
// In the browser the same holds for hydration (docs/decisions/018, amendment h14): a shop page hydrates 60–95
// links, and each `Link` runs ~20 hooks there (two path resolutions, the prefetch behaviour's three states and
// two effects, a navigate with its layout effect). `ClientSiteLink` renders the same `<a>` with one click
// handler and no hooks; the click does what `Link`'s does (same checks, same `replace` default), through the
// router's `navigate` that the app shell registers once (`useSiteLinkNavigation`). Discovery of the linked
// routes is unchanged: React Router finds them in the DOM by `data-discover`.
import { useEffect } from 'react'
import { Link, type LinkProps, type NavigateOptions, useNavigate } from 'react-router'

/** Whether React Router's `Link` would use `to` as its href unchanged (basename '/'). */
export function isPlainSitePath(to: LinkProps['to']): to is string {
  if (typeof to !== 'string' || to.charCodeAt(0) !== 47 /* / */ || to.charCodeAt(1) === 47 || to.charCodeAt(1) === 92 /* \ */) return false
  const end = to.search(/[?#]/)
  const pathname = end === -1 ? to : to.slice(0, end)
  if (pathname.includes('//') || pathname.includes('\\') || /(?:^|\/)\.\.?(?:\/|$)/.test(pathname) || /\s/.test(to)) return false
  if (end !== -1) {
    const hash = to.indexOf('#')
    const search = hash === -1 ? to.slice(end) : to.slice(end, hash)
    // React Router drops a bare '?' or '#'.
    if (search === '?' || (hash !== -1 && hash === to.length - 1) || search.includes('#')) return false
  }
  return true
}

/** Whether `SiteLink` can write the `<a>` itself for these props (else it renders `Link`). */
function isPlainLink(props: LinkProps): props is LinkProps & { to: string } {
  const { to, discover, prefetch, relative, defaultShouldRevalidate } = props
  return (
    isPlainSitePath(to) &&
    (discover === undefined || discover === 'render') &&
    (prefetch === undefined || prefetch === 'none') &&
    relative === undefined &&
    defaultShouldRevalidate === undefined &&
    !('mask' in props)
  )
}

/** A plain link's props, split into the `<a>`'s own attributes and what only a click does. */
function splitLinkProps(props: LinkProps & { to: string }) {
  const {
    to,
    // Behaviour only (click handling, navigation state): not part of the HTML.
    onClick,
    replace,
    state,
    preventScrollReset,
    viewTransition,
    reloadDocument,
    relative: _relative,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    discover: _discover,
    prefetch: _prefetch,
    target,
    ...rest
  } = props
  return { to, target, rest, click: { onClick, replace, state, preventScrollReset, viewTransition, reloadDocument } }
}

/** The server's markup for a plain site path: what `Link` renders there, attribute for attribute. */
export function ServerSiteLink(props: LinkProps) {
  if (!isPlainLink(props)) return <Link {...props} />
  const { to, target, rest } = splitLinkProps(props)
  // The attributes in Link's order, so the HTML is byte for byte the same.
  return <a {...rest} href={to} target={target} data-discover="true" />
}

type SiteNavigate = (to: string, options: NavigateOptions) => void
/** The router's navigate, registered by the app shell; null until it has hydrated (a click is then a page load). */
let siteNavigate: SiteNavigate | null = null

/** Called once by the app shell: lets every `ClientSiteLink` navigate with the router (one hook, not ~20 per link). */
export function useSiteLinkNavigation() {
  const navigate = useNavigate()
  useEffect(() => {
    const own: SiteNavigate = (to, options) => void navigate(to, options)
    siteNavigate = own
    return () => {
      if (siteNavigate === own) siteNavigate = null
    }
  }, [navigate])
}

/** Whether a click on a link is React Router's to handle (its `shouldProcessLinkClick`): a plain left click in this tab. */
function isPlainLeftClick(event: React.MouseEvent<HTMLElement>, target: string | undefined) {
  return event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
}

/** The browser's `SiteLink`: the same `<a>` as the server's, and a click that navigates as `Link`'s does. */
export function ClientSiteLink(props: LinkProps) {
  if (!isPlainLink(props)) return <Link {...props} />
  const { to, target, rest, click } = splitLinkProps(props)
  const { onClick, replace, state, preventScrollReset, viewTransition, reloadDocument } = click
  return (
    <a
      {...rest}
      href={to}
      target={target}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || reloadDocument || !siteNavigate || !isPlainLeftClick(event, target)) return
        event.preventDefault()
        navigateAsLink(siteNavigate, to, { replace, state, preventScrollReset, viewTransition })
      }}
    />
  )
}

/**
 * A click anywhere in server HTML the browser keeps as it is (`KeptServerHtml`): a plain left click on one of its
 * site links (`<a data-discover>`, as `SiteLink` writes them) navigates with the router, as `ClientSiteLink` does.
 */
export function followSiteLink(event: React.MouseEvent<HTMLElement>) {
  const link = event.target instanceof Element ? event.target.closest('a') : null
  if (!link || !event.currentTarget.contains(link) || link.dataset.discover !== 'true') return
  const to = link.getAttribute('href')
  const target = link.getAttribute('target') ?? undefined
  if (!to || !isPlainSitePath(to) || event.defaultPrevented || !siteNavigate || !isPlainLeftClick(event, target)) return
  event.preventDefault()
  navigateAsLink(siteNavigate, to, {})
}

/** Navigates as `Link` does: it replaces the history entry when the link is to the page already shown (same path, query and hash). */
function navigateAsLink(navigate: SiteNavigate, to: string, { replace, ...options }: NavigateOptions) {
  const here = window.location
  const next = new URL(to, here.href)
  navigate(to, { ...options, replace: replace ?? (next.pathname === here.pathname && next.search === here.search && next.hash === here.hash) })
}

/** A link to a page of this site; use it wherever `Link` would do. */
export const SiteLink: (props: LinkProps) => React.ReactNode = import.meta.env.SSR ? ServerSiteLink : ClientSiteLink
