import os from 'node:os'

// The one public origin every emailed link starts with, and the hosts requests may name (docs/decisions/034).
// Neither comes from a request: a Host header is whatever the client typed, so a link built from it could point
// a password reset at another site.

/** The settings these are made from (app/lib/env.server.ts); HOST and PORT default as readEnv does. */
export type OriginSettings = { PUBLIC_URL?: string; HOST?: string; PORT?: number; ALLOWED_HOSTS?: string }

const ANY_INTERFACE = new Set(['0.0.0.0', '::', '[::]'])

/** A hostname as it appears in a URL: IPv6 addresses in brackets, lower case. */
const urlHost = (host: string) => {
  const h = host.trim().toLowerCase()
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h
}

/**
 * PUBLIC_URL (without a trailing slash) when set; else the address the server was started on,
 * http://HOST:PORT, with `localhost` for a server listening on every interface.
 */
export function publicOriginOf({ PUBLIC_URL, HOST = '0.0.0.0', PORT = 3000 }: OriginSettings): string {
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin
  const host = ANY_INTERFACE.has(HOST.trim()) ? 'localhost' : urlHost(HOST)
  return new URL(`http://${host}:${PORT}`).origin
}

/** Which Host names a request may use: an exact name, `.example.com` for it and its subdomains, or `*` for any. */
export type AllowedHosts = { any: boolean; exact: Set<string>; suffixes: string[] }

/** This machine's own names: its hostname and the addresses of its network interfaces. */
export function machineNames(): string[] {
  const addresses = Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.replace(/%.*$/, '')))
  return [os.hostname(), ...addresses].filter(Boolean)
}

/**
 * ALLOWED_HOSTS (comma-separated) when set; else the PUBLIC_URL host (with its registry subdomains my. and my-),
 * localhost, 127.0.0.1, [::1] and the host the server is bound to; a server listening on every interface also answers
 * to this machine's own names and addresses (a phone on the same network opening http://192.168.1.20:3000 still
 * works), never to a name the client made up.
 */
export function allowedHostsOf({ ALLOWED_HOSTS, PUBLIC_URL, HOST = '0.0.0.0' }: OriginSettings, machine: () => string[] = machineNames): AllowedHosts {
  const names = ALLOWED_HOSTS?.trim()
    ? ALLOWED_HOSTS.split(',').map((n) => n.trim()).filter(Boolean)
    : [
        'localhost',
        '127.0.0.1',
        '[::1]',
        ...(ANY_INTERFACE.has(HOST.trim()) ? machine() : [HOST]),
        ...(PUBLIC_URL ? [new URL(PUBLIC_URL).hostname].flatMap((h) => [h, `my.${h}`, `my-${h}`]) : []),
      ]
  const allowed: AllowedHosts = { any: false, exact: new Set(), suffixes: [] }
  for (const name of names) {
    if (name === '*') allowed.any = true
    else if (name.startsWith('.')) allowed.suffixes.push(urlHost(name))
    else allowed.exact.add(urlHost(name))
  }
  return allowed
}

/** The hostname of a Host header value (`Example.com:3000` -> `example.com`), or null when it is not one. */
export function hostnameOf(hostHeader: string | undefined | null): string | null {
  if (!hostHeader) return null
  try {
    const url = new URL(`http://${hostHeader}`)
    // A Host header is a name and an optional port: anything more (user info, a path) is not one.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null
    return url.hostname.replace(/\.$/, '')
  } catch {
    return null
  }
}

/** True when a request naming this hostname (see hostnameOf) is for this site. */
export function isAllowedHost(hostname: string | null, allowed: AllowedHosts): boolean {
  if (hostname === null) return false
  if (allowed.any || allowed.exact.has(hostname)) return true
  return allowed.suffixes.some((suffix) => hostname === suffix.slice(1) || hostname.endsWith(suffix))
}

/**
 * `isAllowedHost(hostnameOf(hostHeader))`, remembered per Host value (a server sees few, and asks on every request;
 * forgotten all at once past 1,000, so made-up hosts cannot grow it).
 */
export function hostCheck(allowed: AllowedHosts): (hostHeader: string | undefined | null) => boolean {
  const seen = new Map<string, boolean>()
  return (hostHeader) => {
    const key = hostHeader ?? ''
    let answer = seen.get(key)
    if (answer === undefined) {
      answer = isAllowedHost(hostnameOf(hostHeader), allowed)
      if (seen.size >= 1_000) seen.clear()
      seen.set(key, answer)
    }
    return answer
  }
}
