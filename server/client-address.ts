import ipaddr from 'ipaddr.js'

/** Whether an address is one of our own reverse proxies, whose X-Forwarded-For is believed. */
export type TrustedProxies = (address: string) => boolean

type Parsed = ipaddr.IPv4 | ipaddr.IPv6

/** An address as one canonical string (IPv4-mapped IPv6 as plain IPv4), or null for something that is not one. */
function parseAddress(value: string): Parsed | null {
  const bare = value.trim().replace(/^\[(.*)\]$/, '$1')
  if (!ipaddr.isValid(bare)) return null
  try {
    return ipaddr.process(bare)
  } catch {
    return null
  }
}

export const canonicalAddress = (value: string) => parseAddress(value)?.toString() ?? value

/**
 * TRUSTED_PROXIES: addresses and CIDR ranges, comma- or space-separated ('10.0.0.0/8, ::1'). Throws on an entry
 * that is neither, so a typo stops start-up instead of silently trusting nobody (or everybody).
 */
export function parseTrustedProxies(list: string | readonly string[] | undefined): TrustedProxies {
  const entries = (typeof list === 'string' ? list.split(/[\s,]+/) : (list ?? [])).map((e) => e.trim()).filter(Boolean)
  const ranges = entries.map((entry): [Parsed, number] => {
    if (entry.includes('/')) {
      try {
        const [address, bits] = ipaddr.parseCIDR(entry)
        // ::ffff:10.0.0.0/104 is 10.0.0.0/8: peers are compared in their IPv4 form.
        if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && bits >= 96) return [address.toIPv4Address(), bits - 96]
        return [address, bits]
      } catch {
        throw new Error(`TRUSTED_PROXIES: '${entry}' is not an address or CIDR range (e.g. 10.0.0.0/8 or ::1)`)
      }
    }
    const address = parseAddress(entry)
    if (!address) throw new Error(`TRUSTED_PROXIES: '${entry}' is not an address or CIDR range (e.g. 10.0.0.0/8 or ::1)`)
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  })
  if (ranges.length === 0) return () => false
  return (value) => {
    const address = parseAddress(value)
    return address !== null && ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range as never, bits))
  }
}

/**
 * The client's address for throttling. The socket's peer, unless the peer is a trusted proxy: then the
 * X-Forwarded-For chain is read from the right (each proxy appends the address it saw) and the first address that
 * is not a trusted proxy is the client. Anything to its left was written by the client and is ignored. An entry
 * that is not an address stops the walk at the last hop we trust.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, isTrusted: TrustedProxies): string {
  let client = canonicalAddress(peer)
  if (!forwardedFor || !isTrusted(client)) return client
  const hops = forwardedFor.split(',')
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!)
    if (!hop) return client
    client = hop.toString()
    if (!isTrusted(client)) return client
  }
  return client
}
