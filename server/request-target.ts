import type { IncomingMessage } from 'node:http'

/**
 * Puts a request's absolute-form target (`POST https://host/login HTTP/1.1`, RFC 9112 §3.2.2) into origin form before
 * anything reads it: the path and query become the target and the target's authority becomes the Host, as the RFC
 * says a server must. The scheme is dropped: whether a request came over TLS is the socket's fact (or PUBLIC_URL's,
 * behind a TLS-terminating proxy), never the client's word. Without this, @hono/node-server builds the request's
 * URL from the absolute target as given, so an `https://` target over plain HTTP turned on what HTTPS turns on
 * (Secure `__Host-` cookies) and its host bypassed the Host header. Returns false for a target that is neither
 * origin form nor a valid http(s) absolute form, which the caller answers 400.
 */
export function normaliseRequestTarget(req: IncomingMessage): boolean {
  const target = req.url ?? ''
  if (target.charCodeAt(0) === 47 /* / */) return true
  if (target === '*' && req.method === 'OPTIONS') return true
  if (!/^https?:\/\//i.test(target)) return false
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return false
  }
  if (url.username || url.password || !url.host) return false
  req.headers.host = url.host
  // @hono/node-server reads the headers from rawHeaders (name, value, name, value…).
  const raw = req.rawHeaders
  const others: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const [name, value] = [raw[i]!, raw[i + 1]!]
    if (name.toLowerCase() !== 'host') others.push(name, value)
  }
  raw.splice(0, raw.length, 'Host', url.host, ...others)
  req.url = `${url.pathname}${url.search}`
  return true
}
