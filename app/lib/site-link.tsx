// A link to a page of this site: React Router's `Link` in the browser, and on the server the `<a>` that
// `Link` would render, without its work (docs/decisions/028-shop-server-render.md, amendment h12).
//
// On the server a `Link` renders nothing but an `<a href data-discover>`: its click handler is not HTML, and
// resolving its path runs ~10 hooks (two path resolutions, each JSON-encoding the route matches). A category
// page has ~75 links, which cost ~6% of its server CPU. For a plain site path (absolute, no `.`/`..`
// segments, no `//`, no bare `?` or `#`) the href React Router computes is the path itself, so the server
// writes the same `<a>` directly; anything else (an object, a relative or odd path, prefetching, a custom
// `discover`) still goes through `Link`. The browser build (import.meta.env.SSR is false there) always uses
// `Link`, which hydrates the same markup: site-link.test.tsx compares the two renders attribute for attribute.
import { Link, type LinkProps } from 'react-router'

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

/** The server's markup for a plain site path: what `Link` renders there, attribute for attribute. */
export function ServerSiteLink(props: LinkProps) {
  const {
    to,
    // Behaviour only (click handling, navigation state): not part of the HTML.
    onClick: _onClick,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    relative: _relative,
    reloadDocument: _reloadDocument,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    discover,
    prefetch,
    target,
    ...rest
  } = props
  if (!isPlainSitePath(to) || (discover !== undefined && discover !== 'render') || (prefetch !== undefined && prefetch !== 'none') || 'mask' in props) {
    return <Link {...props} />
  }
  // The attributes in Link's order, so the HTML is byte for byte the same.
  return <a {...rest} href={to} target={target} data-discover="true" />
}

/** A link to a page of this site; use it wherever `Link` would do. */
export const SiteLink: (props: LinkProps) => React.ReactNode = import.meta.env.SSR ? ServerSiteLink : Link
