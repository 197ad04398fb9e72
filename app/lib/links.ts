// The spec's link building rules (section 2): absolute URLs come from the host, and the registry
// subdomain (my. or my-) maps to the main public host, so canonical links and sitemaps name one site.

/** The main public origin for a request's origin: https://my.nestlist.example -> https://nestlist.example. */
export function publicOrigin(origin: string): string {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return origin
  }
  const host = url.hostname
  if (host.startsWith('my.') || host.startsWith('my-')) {
    const rest = host.slice(3)
    // my-nestlist.example -> nestlist.example; never strip down to a bare top-level domain
    if (rest.includes('.')) url.hostname = rest
  }
  return url.origin
}

/** An absolute URL for a path; paths that are already absolute (http…, //…) or fragments (#…) stay as they are. */
export function absoluteUrl(path: string, origin: string): string {
  if (path.startsWith('http') || path.startsWith('//') || path.startsWith('#')) return path
  return `${publicOrigin(origin)}${path.startsWith('/') ? '' : '/'}${path}`
}
