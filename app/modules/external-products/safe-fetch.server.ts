// The one way the server reaches outside the process for pages and images (pasted product links). Every
// request is checked the same way (docs/decisions/014-add-from-any-store.md):
//   - http and https only, no credentials in the URL;
//   - the host's every address (dns.lookup all) must be public unicast, checked before connecting, and the
//     connection goes to that checked address (a custom `lookup`), so DNS rebinding cannot swap it;
//   - redirects are followed by hand, at most 5, each hop checked again;
//   - at most 2 MB (also after decompression) and 5 seconds for the whole fetch, redirects included;
//   - only text/html for pages and raster image/* for images.
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'
import zlib from 'node:zlib'
import ipaddr from 'ipaddr.js'
import { safeHttpUrl } from './external-products.validation'

export { safeHttpUrl }

export const FETCH_LIMITS = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const

export type FetchFailureReason =
  | 'bad_url'
  | 'blocked_address'
  | 'dns_failed'
  | 'timeout'
  | 'too_large'
  | 'wrong_type'
  | 'http_error'
  | 'too_many_redirects'
  | 'network'

/** Why a fetch was refused or failed; `reason` picks the message the owner reads. */
export class FetchFailure extends Error {
  readonly reason: FetchFailureReason
  constructor(reason: FetchFailureReason, message: string) {
    super(message)
    this.name = 'FetchFailure'
    this.reason = reason
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 }

export type SafeFetchOptions = {
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Replaces DNS (tests: a name that resolves to a private address, or to several). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
  /**
   * Test-only: loopback addresses are allowed, but only on these ports (the local fixture server). Never set
   * in production: server/main.ts passes it only with NODE_ENV=test (see readTestLoopbackPorts).
   */
  allowLoopbackPortsForTests?: readonly number[]
}

const PAGE_TYPES = ['text/html', 'application/xhtml+xml']
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']

// Only 2000::/3 is allocated as global unicast; everything else in IPv6 is special or unassigned.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')
// ::a.b.c.d (deprecated "IPv4-compatible"): ipaddr.js reads the dotted form as IPv4-mapped, but a socket
// connects to it as the IPv6 address it spells (::7f00:1), which nothing legitimate uses. Refused whole.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

/**
 * An IP literal exactly as a socket will read it (inet_pton's grammar, which net.isIP follows), or null when it
 * is not one: no octal/hex/short IPv4 forms, and any trailing dotted quad in IPv6 rewritten as its two hex
 * groups so that ipaddr.js cannot read ::127.0.0.1 as ::ffff:127.0.0.1.
 */
function parseAsSocketWould(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const kind = net.isIP(address)
  if (kind === 4) return ipaddr.IPv4.parse(address)
  if (kind !== 6) return null
  const [bare, zone] = address.split('%', 2) as [string, string | undefined]
  const cut = bare.lastIndexOf(':')
  const tail = bare.slice(cut + 1)
  let hex = bare
  if (tail.includes('.')) {
    if (!net.isIPv4(tail)) return null
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number]
    hex = `${bare.slice(0, cut + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  try {
    return ipaddr.IPv6.parse(zone === undefined ? hex : `${hex}%${zone}`)
  } catch {
    return null
  }
}

/**
 * The kind of address, 'unicast' only for a public one. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the
 * IPv4 address it carries (a dual-stack socket connects to that). Every other special range is refused:
 * loopback, private, link-local incl. 169.254.169.254, unique-local, site-local, carrier-grade NAT, multicast,
 * reserved and documentation ranges, every IPv6 outside 2000::/3, and the IPv6 forms that wrap an IPv4 address
 * whole (IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4
 * 2002::/16, Teredo 2001::/32): a relay or translator would carry the connection to the IPv4 address inside,
 * which may be private, so none of them is opened whatever it carries.
 */
export function addressRange(address: string): string {
  const parsed = parseAsSocketWould(address)
  if (!parsed) return 'invalid'
  if (parsed.kind() === 'ipv4') return parsed.range()
  const v6 = parsed as ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range()
  const range = v6.range()
  if (range !== 'unicast') return range
  if (v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible'
  if (!v6.match(IPV6_GLOBAL_UNICAST)) return 'notGlobalUnicast'
  return 'unicast'
}

export const isPublicAddress = (address: string) => addressRange(address) === 'unicast'

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true })
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

export type FetchedPage = { url: string; html: string }
export type FetchedImage = { url: string; bytes: Buffer; contentType: string }

/** A fetcher with the guard above; tests shorten the limits or allow their loopback fixture port. */
export function createSafeFetcher(options: SafeFetchOptions = {}) {
  const timeoutMs = options.timeoutMs ?? FETCH_LIMITS.timeoutMs
  const maxBytes = options.maxBytes ?? FETCH_LIMITS.maxBytes
  const maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects
  const resolve = options.resolve ?? systemResolve
  const loopbackPorts = new Set(options.allowLoopbackPortsForTests ?? [])

  const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80))

  /** The one address to connect to, after checking every address the host has. */
  async function checkedAddress(url: URL): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    let addresses: ResolvedAddress[]
    if (net.isIP(host)) {
      // The URL parser already turned 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1, and ::127.0.0.1 into ::7f00:1.
      addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }]
    } else {
      try {
        addresses = await resolve(host)
      } catch {
        throw new FetchFailure('dns_failed', 'We could not find that website.')
      }
      if (addresses.length === 0) throw new FetchFailure('dns_failed', 'We could not find that website.')
    }
    for (const a of addresses) {
      const range = addressRange(a.address)
      if (range === 'unicast') continue
      if (range === 'loopback' && loopbackPorts.has(portOf(url))) continue
      throw new FetchFailure('blocked_address', 'That address is not a public website, so we will not open it.')
    }
    // The socket gets this very string (see requestOnce's lookup), with the family it actually is, so the
    // address judged above is the address connected to.
    const first = addresses[0]!
    return { address: first.address, family: net.isIP(first.address) === 6 ? 6 : 4 }
  }

  type Answer = { status: number; location: string | null; contentType: string; body: Buffer }

  function requestOnce(url: URL, target: ResolvedAddress, accept: string, signal: AbortSignal, wantBody: (contentType: string) => boolean): Promise<Answer> {
    // Connect to the address we checked, whatever DNS says a moment later.
    const lookup: LookupFunction = (_hostname, opts, callback) => {
      if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target])
      else callback(null, target.address, target.family)
    }
    const lib = url.protocol === 'https:' ? https : http
    return new Promise<Answer>((resolveAnswer, reject) => {
      const req = lib.request(
        url,
        {
          method: 'GET',
          lookup,
          agent: false,
          signal,
          headers: {
            'User-Agent': 'NestlistBot/1.0 (+registry item preview)',
            Accept: accept,
            'Accept-Encoding': 'gzip, deflate, br',
            'Accept-Language': 'en-US,en;q=0.8',
          },
        },
        (res) => {
          const status = res.statusCode ?? 0
          const location = typeof res.headers.location === 'string' ? res.headers.location : null
          const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
          if ((status >= 300 && status < 400) || status >= 400 || !wantBody(contentType)) {
            res.resume()
            res.destroy()
            resolveAnswer({ status, location, contentType, body: Buffer.alloc(0) })
            return
          }
          const declared = Number(res.headers['content-length'])
          if (Number.isFinite(declared) && declared > maxBytes) {
            res.destroy()
            reject(new FetchFailure('too_large', 'That page is too large to read.'))
            return
          }
          const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase()
          const stream =
            encoding === 'gzip' || encoding === 'x-gzip'
              ? res.pipe(zlib.createGunzip())
              : encoding === 'deflate'
                ? res.pipe(zlib.createInflate())
                : encoding === 'br'
                  ? res.pipe(zlib.createBrotliDecompress())
                  : res
          const chunks: Buffer[] = []
          let size = 0
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length
            // Counted after decompression, so a small compressed bomb is stopped too.
            if (size > maxBytes) {
              res.destroy()
              stream.destroy()
              reject(new FetchFailure('too_large', 'That page is too large to read.'))
              return
            }
            chunks.push(chunk)
          })
          stream.on('end', () => resolveAnswer({ status, location, contentType, body: Buffer.concat(chunks) }))
          stream.on('error', (error) => reject(error))
          res.on('error', (error) => reject(error))
        },
      )
      req.on('error', reject)
      req.end()
    })
  }

  async function fetchChecked(raw: string, kind: 'page' | 'image'): Promise<{ url: URL; answer: Answer }> {
    let url = safeHttpUrl(raw)
    if (!url) throw new FetchFailure('bad_url', 'Paste a full web address that starts with http:// or https://.')
    const accept = kind === 'page' ? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' : IMAGE_TYPES.join(',')
    const allowed = kind === 'page' ? PAGE_TYPES : IMAGE_TYPES
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      for (let hop = 0; ; hop++) {
        const target = await checkedAddress(url)
        if (controller.signal.aborted) throw new FetchFailure('timeout', 'That website took too long to answer.')
        const answer = await requestOnce(url, target, accept, controller.signal, (type) => allowed.includes(type))
        if (answer.status >= 300 && answer.status < 400 && answer.location) {
          if (hop >= maxRedirects) throw new FetchFailure('too_many_redirects', 'That link redirects too many times.')
          const next = safeHttpUrl(answer.location, url.href)
          if (!next) throw new FetchFailure('bad_url', 'That link redirects to an address we will not open.')
          url = next
          continue
        }
        if (answer.status >= 400 || answer.status < 200 || answer.status >= 300) {
          throw new FetchFailure('http_error', `That website answered with an error (${answer.status}).`)
        }
        if (!allowed.includes(answer.contentType)) {
          throw new FetchFailure('wrong_type', kind === 'page' ? 'That link is not a web page.' : 'That link is not a picture.')
        }
        return { url, answer }
      }
    } catch (error) {
      if (error instanceof FetchFailure) throw error
      if (controller.signal.aborted) throw new FetchFailure('timeout', 'That website took too long to answer.')
      throw new FetchFailure('network', 'We could not reach that website.')
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    /** The HTML of a product page (after redirects), decoded as its declared charset or UTF-8. */
    async fetchPage(raw: string): Promise<FetchedPage> {
      const { url, answer } = await fetchChecked(raw, 'page')
      return { url: url.href, html: decode(answer.body) }
    },
    /** The bytes of a picture (JPEG, PNG, WebP, GIF or AVIF; never SVG). */
    async fetchImage(raw: string): Promise<FetchedImage> {
      const { url, answer } = await fetchChecked(raw, 'image')
      return { url: url.href, bytes: answer.body, contentType: answer.contentType }
    },
  }
}

export type SafeFetcher = ReturnType<typeof createSafeFetcher>

function decode(body: Buffer): string {
  const head = body.subarray(0, 2048).toString('latin1')
  const charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase()
  try {
    return new TextDecoder(charset && charset !== 'utf8' ? charset : 'utf-8').decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}

/**
 * The loopback ports the fetcher may use, from NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS, honoured only when
 * NODE_ENV is 'test': a production server (NODE_ENV production, the default) ignores it whatever it says.
 */
export function readTestLoopbackPorts(env: { NODE_ENV?: string; NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS?: string }): number[] {
  if (env.NODE_ENV !== 'test' || !env.NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS) return []
  return env.NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS.split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65536)
}
