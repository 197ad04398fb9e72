// A server-side cache of whole anonymous shop pages (docs/decisions/028-shop-server-render.md).
//
// Only a request that carries nothing personal is served from it or stored in it: GET, no cookie a shop page
// reads (no session, guest cart, flash or any cookie not known to be ignored by every shop page; see
// hasPersonalCookie), no Authorization, a shop path. Such a
// request renders the same HTML for every visitor except for values made fresh for each response: the
// CSP nonce (from secureHeaders) and values a loader registers through `context.freshPerResponse` (the
// search page's search id). The cache keeps the page as a template with those values cut out and puts
// new ones in on every hit, so no two responses share a nonce or a search id. The gzip body is built
// from pieces compressed once at store time (see gzipBody), and its CRC-32 is combined from the pieces'
// stored CRCs (crc32Combine), so a hit costs a copy of the compressed page.
//
// A visitor whose only such cookies are a session or a guest cart (isPersonalCopyRequest) is answered from the same
// stored page with their own header put in: the cart count, the account menu and, on category, search and brand
// pages, a signed-in owner's registry discount banner; on a product page, their Add to Registry block and address
// (server/personal-copy.ts; decision 028, amendments h28 and h29). Their values are read in one statement
// (services.copyHeader, batched per turn of the event loop). Such a request that finds no copy renders the page for
// nobody, stores it and is answered the same way; once a page's personal copy is made, these visitors are answered
// before the app too (pageCacheListener). A page the copy cannot take their values into (the landing page for a
// signed-in shopper, a product page showing 'Notify me', an address not confirmed yet) is rendered for them.
//
// Bounded by bytes (least recently used first out), entries expire after a short TTL, and everything is
// dropped when the catalogue changes (the listing index's change feed: products, prices, availability,
// brands, categories). A response that sets a cookie, is not a 200 HTML page or says no-store/private
// is never stored. Every response on a shop path says `Vary: Cookie, Accept-Encoding`.
import { randomFillSync, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import { isbot } from 'isbot'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '~/api/types'
import type { Logger } from '~/lib/logger.server'
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '~/modules/accounts/auth.server'
import type { CopyHeaderFacts, CopyHeaderReader } from '~/modules/accounts/header-facts.server'
import type { RegistryService } from '~/modules/registry/registry.service.server'
import { addToRegistryStateFor } from '~/modules/registry/ui/add-to-registry.server'
import { CART_COOKIE, SECURE_CART_COOKIE } from '~/modules/cart/cart-cookie.server'
import { VISITOR_RESERVATIONS_COOKIE } from '~/modules/registry/reservation-holder.server'
import { type Markers, markPage, newMarkers, type PersonalSlots, type PersonalValues, slotValues } from './personal-copy'

export type PageCacheOptions = {
  /** Total bytes of stored pages (uncompressed + gzip) before the least recently used ones go. */
  maxBytes: number
  /** How long a stored page is served at most (content without a change feed: guides, stock counts). */
  ttlMs: number
  /** Pages above this size are not stored. */
  maxPageBytes?: number
  now?: () => number
}

/** One stored page: the HTML cut at its per-response values, raw and gzip-compressed piece by piece. */
type Template = {
  status: number
  headers: [string, string][]
  /** The HTML between the per-response values (utf-8); one more than `slots`. */
  parts: Buffer[]
  /** Each part as raw deflate data ending on a byte boundary (Z_SYNC_FLUSH, not final). */
  deflated: Buffer[]
  /** Each part's CRC-32, and the operator that shifts a CRC over that part's length (crc32CombineOp). */
  crcs: number[]
  crcOps: number[]
  /** What goes between parts[i] and parts[i + 1]: 0 the nonce, k >= 1 the k-th fresh UUID. */
  slots: number[]
  uuidCount: number
  /** Each part's length in bytes. */
  lengths: number[]
  /**
   * The same page cut at its personal parts too, slots after the UUIDs (personal-copy.ts): a guest holding a cart or
   * a signed-in shopper is answered from it with their own values. Made when the first such visitor asks for the
   * page (a second level-9 compression of it, ~15–20 ms: anonymous-only pages never pay it), gzip pieces only
   * (browsers all take gzip; a client that does not is rendered for); null when the parts could not be marked.
   * Anonymous visitors get the page above, where those parts are compressed with the rest.
   */
  personal?: Promise<PersonalCopy | null>
  /** `personal` once made (null: the page could not be marked): what the answer before the app uses. */
  personalReady?: PersonalCopy | null
  bytes: number
  expires: number
  /** When a request started rendering the replacement of this expired page. */
  refreshingSince?: number
}

/** A stored page cut at its personal parts as well (Template.personal). */
export type PersonalCopy = Pick<Template, 'lengths' | 'deflated' | 'crcs' | 'crcOps' | 'slots' | 'uuidCount'> & { found: PersonalSlots }

/** How long an expired page may still be served while its replacement renders. */
const REFRESH_GRACE_MS = 5_000

export type PageCache = ReturnType<typeof createPageCache>

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now
  const maxPageBytes = options.maxPageBytes ?? 1_000_000
  // Map order is recency order: a hit moves its entry to the end; eviction takes from the start.
  const pages = new Map<string, Template>()
  let bytes = 0
  let generation = 0
  const stats = { hits: 0, misses: 0, stored: 0, bypassed: 0, personalHits: 0, unchanged: 0 }

  const remove = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    pages.delete(key)
    bytes -= page.bytes
  }

  return {
    stats,
    maxPageBytes,
    /** Bumped by every invalidation: a render that started before it must not be stored after it. */
    generation: () => generation,
    /** Drops every page (the catalogue changed). */
    invalidate() {
      generation++
      pages.clear()
      bytes = 0
    },
    /**
     * The stored page for `key`, or undefined when this request should render it. Past its TTL a page is
     * served for a few seconds more while the one request that got undefined renders its replacement, so
     * an expiry does not send every concurrent visitor of a busy page to render it at once. `claimRefresh: false`
     * only looks: an expired page nobody is rendering yet is undefined, and the request is not made the one to.
     */
    get(key: string, options: { claimRefresh?: boolean } = {}): Template | undefined {
      const page = pages.get(key)
      if (!page) return undefined
      const t = now()
      if (page.expires <= t) {
        // A look before the app (pageCacheListener) leaves the claim to the request the app then handles.
        if (options.claimRefresh === false && (page.refreshingSince === undefined || page.refreshingSince + REFRESH_GRACE_MS <= t)) return undefined
        if (page.expires + REFRESH_GRACE_MS <= t || page.refreshingSince === undefined || page.refreshingSince + REFRESH_GRACE_MS <= t) {
          if (page.expires + REFRESH_GRACE_MS <= t) remove(key)
          else page.refreshingSince = t
          return undefined
        }
      }
      pages.delete(key)
      pages.set(key, page)
      return page
    },
    /** Stores a page rendered while the cache was at `startedAt` (generation()); false when not stored. */
    set(key: string, page: Omit<Template, 'expires' | 'bytes' | 'refreshingSince'>, startedAt: number): boolean {
      if (startedAt !== generation) return false
      const deflated = (pieces: Buffer[] = []) => pieces.reduce((n, p) => n + p.length, 0)
      // With a personal copy carried over from the page it replaces (store: the same render again), its bytes too.
      const size = key.length + page.parts.reduce((n, p) => n + p.length, 0) + deflated(page.deflated) + deflated(page.personalReady?.deflated)
      if (size > maxPageBytes || size > options.maxBytes) return false
      remove(key)
      while (bytes + size > options.maxBytes) {
        const oldest = pages.keys().next().value as string
        remove(oldest)
      }
      pages.set(key, { ...page, bytes: size, expires: now() + options.ttlMs })
      bytes += size
      stats.stored++
      return true
    },
    /** The page stored at `key`, expired or not, without counting a use (a refresh compares its render with it). */
    peek: (key: string): Template | undefined => pages.get(key),
    /** Counts `extra` more bytes for the stored page `page` (its personal copy), if it is still stored. */
    grow(key: string, page: Template, extra: number) {
      if (pages.get(key) !== page) return
      page.bytes += extra
      bytes += extra
      while (bytes > options.maxBytes && pages.size > 1) {
        const oldest = pages.keys().next().value as string
        if (oldest === key) break
        remove(oldest)
      }
    },
    size: () => ({ pages: pages.size, bytes }),
  }
}

/**
 * The personal copy of a stored page (Template.personal): the page put back together with new values in its slots,
 * marked (personal-copy.ts), and cut at those values and the marks.
 */
async function makePersonalCopy(page: Template): Promise<PersonalCopy | null> {
  const nonce = newNonce()
  const uuids = Array.from({ length: page.uuidCount }, () => randomUUID())
  const html = plainBody(page, [nonce, ...uuids].map((v) => Buffer.from(v, 'utf8'))).toString('utf8')
  const markers = newMarkers()
  const marked = await markPage(html, markers).catch(() => null)
  if (!marked) return null
  const { lengths, deflated, crcs, crcOps, slots, uuidCount } = makeTemplate(marked.html, nonce, uuids, { found: marked.slots, markers })
  return { found: marked.slots, lengths, deflated, crcs, crcOps, slots, uuidCount }
}

/** Shop pages: the landing page, categories, brands, search, listings and product pages (and the bench's minimal page). */
const SHOP_PATH = /^\/(?:store(?:\/.*)?|gp\/.+|best-baby-products|bench\/minimal)$/
/** Under /store but not shop pages: checkout, gift card purchase, JSON API. */
const NOT_SHOP = /^\/store\/(?:checkout|gift-cards|api)(?:\/|$)|^\/store-checkout/
const MAX_URL = 2048

export function isShopPath(pathname: string) {
  return SHOP_PATH.test(pathname) && !NOT_SHOP.test(pathname) && !pathname.endsWith('.data')
}

/**
 * Cookies that no shop page reads (decision 028, amendment h25). The reservations cookie stays in a gift giver's
 * browser for a year after a reservation (the registry and reserved-gifts checkout pages read it, to know who may
 * check a gift out): without this list, every shop page such a giver opened afterwards was rendered for them alone.
 * A cookie a shop page may read (session, guest cart, flash) or any cookie not named here keeps a request off the cache.
 */
const COOKIES_SHOP_PAGES_IGNORE: ReadonlySet<string> = new Set([VISITOR_RESERVATIONS_COOKIE])

/** Whether a Cookie header carries a cookie outside `allowed` (by name; cookies no shop page reads always are). */
function hasCookieBesides(cookieHeader: string | null | undefined, allowed?: ReadonlySet<string>): boolean {
  if (!cookieHeader) return false
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=')
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim()
    if (name !== '' && !COOKIES_SHOP_PAGES_IGNORE.has(name) && !allowed?.has(name)) return true
  }
  return false
}

/** Whether a Cookie header carries a cookie that a shop page may read (any cookie but those every shop page ignores). */
export const hasPersonalCookie = (cookieHeader: string | null | undefined) => hasCookieBesides(cookieHeader)

/** A GET of a shop page, without Authorization, whose URL a key may hold: what the cache may answer, cookies aside. */
const isShopPageGet = (request: Request, pathname: string) =>
  request.method === 'GET' && !request.headers.has('authorization') && request.url.length <= MAX_URL && isShopPath(pathname)

/** Whether this request may be answered from (and stored into) the cache: nothing about it is personal. */
export function isAnonymousPageRequest(request: Request, pathname: string) {
  // Cookies last: every signed-in request passes here, and only a shop page's needs its cookies looked at.
  return isShopPageGet(request, pathname) && !hasPersonalCookie(request.headers.get('cookie'))
}

/** The cookies whose values the shared copy of a page can take in (personal-copy.ts): the session and the guest cart. */
const COOKIES_A_COPY_TAKES: ReadonlySet<string> = new Set([SESSION_COOKIE, SECURE_SESSION_COOKIE, CART_COOKIE, SECURE_CART_COOKIE])

/**
 * Whether a shop page request's personal cookies are only a session or a guest cart (no flash message or other
 * cookie, no Authorization): its page is the anonymous one with the visitor's own header (and registry discount
 * banner), which personal-copy.ts puts into the shared copy.
 */
export function isPersonalCopyRequest(request: Request, pathname: string): boolean {
  const cookie = request.headers.get('cookie')
  return isShopPageGet(request, pathname) && hasPersonalCookie(cookie) && !hasCookieBesides(cookie, COOKIES_A_COPY_TAKES)
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
// Level 9: compressed once per stored page; the pieces cannot share a dictionary, so every byte helps.
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 }

// CRC-32 of a concatenation from the CRCs of its pieces (zlib's crc32_combine_gen/crc32_combine_op, ported):
// crc(A || B) = (x^(8·|B|) mod P) · crc(A) xor crc(B) in GF(2)[x] modulo the CRC-32 polynomial. A hit then
// costs a CRC over its fresh values and one 32-step multiplication per piece, not a CRC over the whole page.
const CRC_POLY = 0xedb88320

/** a · b modulo the CRC polynomial (bit-reflected, as CRC-32 stores its values). */
function multModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1
  }
  return p >>> 0
}

/** X2N[k] = x^(2^k) modulo the polynomial. */
const X2N: number[] = (() => {
  const table = [0x40000000]
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1]!, table[k - 1]!))
  return table
})()

/** The operator that combines a CRC with that of `length` more bytes: x^(8·length) modulo the polynomial. */
export function crc32CombineOp(length: number): number {
  let p = 0x80000000 // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31]!, p)
  }
  return p
}

/** The CRC-32 of A || B from crc(A), crc(B) and crc32CombineOp(|B|). */
export const crc32Combine = (crcA: number, crcB: number, opB: number) => (multModP(opB, crcA) ^ crcB) >>> 0

const valueOps = new Map<number, number>()
/** Values are a nonce or a UUID: a handful of lengths, so their operators are kept. */
function valueOp(length: number) {
  let op = valueOps.get(length)
  if (op === undefined) {
    op = crc32CombineOp(length)
    if (valueOps.size < 64) valueOps.set(length, op)
  }
  return op
}

/** The values a page was rendered with, in its template's slot order: the nonce, then each fresh value once. */
export function renderedValues(nonce: string, fresh: string[]): string[] {
  return [nonce, ...new Set(fresh.filter((v) => v && v !== nonce))]
}

/**
 * Cuts the page at every occurrence of the nonce and of each fresh value, and at the markers of a page marked by
 * markPage (personal-copy.ts), whose personal values then follow the UUIDs in `found.kinds` order.
 */
export function makeTemplate(
  html: string,
  nonce: string,
  fresh: string[],
  personal?: { found: PersonalSlots; markers: Markers },
): Pick<Template, 'parts' | 'lengths' | 'deflated' | 'crcs' | 'crcOps' | 'slots' | 'uuidCount'> {
  const cut = cutPage(html, nonce, fresh, personal)
  return { ...cut, ...compressParts(cut.parts) }
}

/** The page's parts between its per-response values (see makeTemplate), not compressed yet. */
function cutPage(html: string, nonce: string, fresh: string[], personal?: { found: PersonalSlots; markers: Markers }): Pick<Template, 'parts' | 'slots' | 'uuidCount'> {
  const rendered = renderedValues(nonce, fresh)
  const tokens = personal ? [...rendered, ...personal.found.kinds.map((kind) => personal.markers[kind])] : rendered
  const slotOf = new Map(tokens.map((t, i) => [t, i]))
  const pieces = html.split(new RegExp(`(${tokens.map(escapeRegExp).join('|')})`))
  const parts: Buffer[] = []
  const slots: number[] = []
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(Buffer.from(pieces[i]!, 'utf8'))
    else slots.push(slotOf.get(pieces[i]!)!)
  }
  return { parts, slots, uuidCount: rendered.length - 1 }
}

/** Each part compressed (level 9, ending byte-aligned), with its CRC-32 and CRC operator: ~15–20 ms for a shop page. */
function compressParts(parts: Buffer[]): Pick<Template, 'lengths' | 'deflated' | 'crcs' | 'crcOps'> {
  return {
    lengths: parts.map((p) => p.length),
    deflated: parts.map((p) => zlib.deflateRawSync(p, SYNC)),
    crcs: parts.map((p) => zlib.crc32(p)),
    crcOps: parts.map((p) => crc32CombineOp(p.length)),
  }
}

/** Whether a new render cut into `cut` is the stored page again: the same parts, values in the same places. */
function sameAsStored(stored: Pick<Template, 'parts' | 'slots' | 'uuidCount'>, cut: Pick<Template, 'parts' | 'slots' | 'uuidCount'>): boolean {
  return (
    stored.uuidCount === cut.uuidCount &&
    stored.parts.length === cut.parts.length &&
    stored.slots.every((slot, i) => slot === cut.slots[i]) &&
    stored.parts.every((part, i) => part.equals(cut.parts[i]!))
  )
}

export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty stored block with BFINAL set: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** The end of a gzip member whose deflate data so far ends byte-aligned: a final empty block, the CRC-32 and length. */
export function gzipEnd(crc: number, length: number): Buffer {
  const end = Buffer.alloc(DEFLATE_END.length + 8)
  DEFLATE_END.copy(end)
  end.writeUInt32LE(crc >>> 0, DEFLATE_END.length)
  end.writeUInt32LE(length % 2 ** 32, DEFLATE_END.length + 4)
  return end
}

/**
 * A value put into a gzip body already compressed (gzipBody): raw deflate data ending byte-aligned, with the CRC-32,
 * the CRC operator and the length of what it holds.
 */
export type DeflatedValue = { deflated: Buffer; crc: number; op: number; length: number }

/** Personal values at least this long go compressed into a gzip body (shorter ones gain nothing over a stored block). */
const DEFLATE_VALUE_MIN = 256
const deflatedValues = new Map<string, DeflatedValue>()
/**
 * A personal value (an account menu, a banner, the Add to Registry block, the stream's new entries) compressed once
 * and kept by its text, up to 500 of them: they repeat across responses and visitors (personal-copy.ts remembers them
 * too), and as stored blocks they made a signed-in product page 47 % larger on the wire (26.3 KB against 17.9 KB
 * anonymous, decision 028 h30). Compressed at level 6: each is compressed on its own, on the request that first needs it.
 */
export function deflatedValue(value: string): DeflatedValue {
  let known = deflatedValues.get(value)
  if (!known) {
    const raw = Buffer.from(value, 'utf8')
    known = { deflated: zlib.deflateRawSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 }), crc: zlib.crc32(raw), op: crc32CombineOp(raw.length), length: raw.length }
    if (deflatedValues.size >= 500) deflatedValues.clear()
    deflatedValues.set(value, known)
  }
  return known
}

/**
 * The values for one response: slot 0 the nonce, then a new UUID per fresh value, then (a personal copy, only ever
 * sent in gzip) the visitor's personal values, the longer ones already compressed (deflatedValue).
 */
function freshValues(template: Pick<Template, 'uuidCount'>, nonce: string): Buffer[]
function freshValues(template: Pick<Template, 'uuidCount'>, nonce: string, personal: string[]): (Buffer | DeflatedValue)[]
function freshValues(template: Pick<Template, 'uuidCount'>, nonce: string, personal: string[] = []): (Buffer | DeflatedValue)[] {
  const values: (Buffer | DeflatedValue)[] = [Buffer.from(nonce, 'utf8')]
  for (let i = 0; i < template.uuidCount; i++) values.push(Buffer.from(randomUUID(), 'utf8'))
  for (const value of personal) values.push(value.length >= DEFLATE_VALUE_MIN ? deflatedValue(value) : Buffer.from(value, 'utf8'))
  return values
}

/** The HTML of a template with these values in its slots. */
export function plainBody(template: Pick<Template, 'parts' | 'slots'>, values: Buffer[]): Buffer {
  const chunks: Buffer[] = []
  template.parts.forEach((part, i) => {
    chunks.push(part)
    if (i < template.slots.length) chunks.push(values[template.slots[i]!]!)
  })
  return Buffer.concat(chunks)
}

/**
 * A gzip member (RFC 1952) of the template with these values: the parts' precompressed deflate data, each
 * value as a stored block (RFC 1951 3.2.4; every part ends byte-aligned after its sync flush) or, already compressed
 * (a DeflatedValue), as its own deflate data, a final empty block, then the CRC-32 and length of the whole HTML
 * (combined from the parts' stored CRCs).
 */
export function gzipBody(template: Pick<Template, 'lengths' | 'deflated' | 'crcs' | 'crcOps' | 'slots'>, values: (Buffer | DeflatedValue)[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let length = 0
  template.lengths.forEach((partLength, i) => {
    chunks.push(template.deflated[i]!)
    if (partLength) crc = crc32Combine(crc, template.crcs[i]!, template.crcOps[i]!)
    length += partLength
    if (i < template.slots.length) {
      const value = values[template.slots[i]!]!
      if (Buffer.isBuffer(value)) {
        const n = value.length // a nonce, a UUID or a short personal part: far below a stored block's 65,535 bytes
        chunks.push(Buffer.from([0x00, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), value)
        crc = crc32Combine(crc, zlib.crc32(value), valueOp(n))
        length += n
      } else if (value.length) {
        chunks.push(value.deflated)
        crc = crc32Combine(crc, value.crc, value.op)
        length += value.length
      }
    }
  })
  chunks.push(gzipEnd(crc, length))
  return Buffer.concat(chunks)
}

/** Whether an Accept-Encoding header allows `coding` (its own q if listed, else `*`'s; q=0 refuses). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br') {
  if (!header) return false
  const quality = new Map<string, number>()
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    if (name) quality.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  return (quality.get(coding) ?? quality.get('*') ?? 0) > 0
}

/** Accept-Encoding allows gzip: named (or `*` when gzip is not named) with a quality above 0. */
export function acceptsGzip(header: string | undefined) {
  return acceptsEncoding(header, 'gzip')
}

/** Headers of the rendered response not kept with a stored page (the server sets them anew). */
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'vary', 'connection', 'keep-alive'])
const VARY = 'Cookie, Accept-Encoding'

function withVary(c: Context<AppEnv>) {
  const current = c.res.headers.get('Vary')
  if (current === '*') return
  const have = new Set((current ?? '').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean))
  const add = VARY.split(', ').filter((v) => !have.has(v.toLowerCase()))
  if (add.length) c.res.headers.set('Vary', [current, ...add].filter(Boolean).join(', '))
}

/**
 * The headers the app's secure-headers middleware adds to a page, flat for `writeHead` (name, value, …),
 * with the CSP cut at its nonce: raw[cspAt] is csp[0] + nonce + csp[1].
 */
export type SecurityHeaders = { raw: string[]; cspAt: number; csp: [string, string] }

/**
 * What `middleware` (the app's secureHeaders) adds to a response, found by running it once on an empty
 * response, so a hit answered before the app carries exactly the headers the app gives a page.
 */
export async function probeSecurityHeaders(middleware: MiddlewareHandler<AppEnv>): Promise<SecurityHeaders> {
  const probe = new Hono<AppEnv>()
  probe.use(middleware)
  probe.get('*', (c) => c.body(null, 204))
  const res = await probe.request('http://probe.invalid/')
  const raw: string[] = []
  let cspAt = -1
  let csp: [string, string] = ['', '']
  res.headers.forEach((value, name) => {
    const nonce = name === 'content-security-policy' ? /'nonce-([^']+)'/.exec(value) : null
    if (nonce) {
      cspAt = raw.length + 1
      const at = nonce.index + 7
      csp = [value.slice(0, at), value.slice(at + nonce[1]!.length)]
    }
    raw.push(name, value)
  })
  if (cspAt < 0) throw new Error('the secure headers give no CSP nonce: pages could not run their scripts')
  return { raw, cspAt, csp }
}

/** A stored page's headers, then the secure headers (they win, as the middleware overwrites), then Vary. */
function mergedHeaders(page: Template, security: SecurityHeaders): { raw: string[]; cspAt: number } {
  const securityNames = new Set(security.raw.filter((_, i) => i % 2 === 0))
  const raw: string[] = []
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase()
    if (!securityNames.has(lower) && lower !== 'x-powered-by') raw.push(lower, value)
  }
  const cspAt = raw.length + security.cspAt
  raw.push(...security.raw, 'vary', VARY)
  return { raw, cspAt }
}

/** Bots get every Suspense boundary in place (entry.server's onAllReady): a separate copy for them. */
const cacheKey = (request: Request) => `${isBot(request.headers.get('user-agent') ?? '') ? 'bot' : 'web'} ${request.url}`

/** `fn` remembered for up to 1,000 distinct strings (then forgotten all at once): a server sees few headers at a time. */
function memoByString(fn: (value: string) => boolean): (value: string) => boolean {
  const seen = new Map<string, boolean>()
  return (value) => {
    let answer = seen.get(value)
    if (answer === undefined) {
      answer = fn(value)
      if (seen.size >= 1_000) seen.clear()
      seen.set(value, answer)
    }
    return answer
  }
}

// isbot is one large regular expression; Accept-Encoding is parsed by q-values.
const isBot = memoByString(isbot)
const acceptsGzipOf = memoByString(acceptsGzip)
const acceptsGzipMemo = (header: string | undefined) => (header ? acceptsGzipOf(header) : false)

/**
 * A CSP nonce as secureHeaders makes one: 16 random bytes, base64. The bytes come from a pool the CSPRNG fills 4 KB
 * at a time, each byte used once (as node's randomUUID keeps its entropy): one call into OpenSSL per 256 nonces
 * rather than one each, which cost 2.5 % of a page answered from the cache (decision 028 h30).
 */
const NONCE_POOL = Buffer.alloc(4096)
let noncePoolAt = NONCE_POOL.length
function newNonce(): string {
  if (noncePoolAt + 16 > NONCE_POOL.length) {
    randomFillSync(NONCE_POOL)
    noncePoolAt = 0
  }
  noncePoolAt += 16
  return NONCE_POOL.toString('base64', noncePoolAt - 16, noncePoolAt)
}

/**
 * What the answer before the app needs for personal copies: the headers the app gives a personal page (with the
 * opener policy: documentSecureHeaders), the visitor's header facts (services.copyHeader, one statement) and the app
 * itself, which a request goes to when its values do not fit the copy (an address not confirmed yet) or reading them
 * failed.
 */
export type PersonalAnswer = {
  security: SecurityHeaders
  services: PersonalServices
  app: (req: IncomingMessage, res: ServerResponse) => void
}

/** What a personal copy's values are read from: the visitor's header facts and, on a product page, their registry. */
export type PersonalServices = { copyHeader: CopyHeaderReader; registry: Pick<RegistryService, 'addTargetFor'> }

/** What a copy's heads need read with the header: a product page's add target, the landing page's birthday prompt. */
const copyHeaderOptions = (found: PersonalSlots) => ({ addTarget: found.heads.includes('addToRegistry'), birthdayPrompt: found.heads.includes('birthdayPrompt') })

/**
 * The values for a personal copy's slots for the visitor whose Cookie header is `cookie` (null when the copy cannot
 * take them: see slotValues). The same values the page's loaders give them: the header's (services.copyHeader, one
 * statement), the banner where the page has one, and on a product page their address and Add to Registry block.
 */
async function personalSlotValues(copy: PersonalCopy, facts: Promise<CopyHeaderFacts>, services: PersonalServices): Promise<string[] | null> {
  const slots = copy.found
  const { user, viewer, cartCount, discountBanner } = await facts
  const personal: PersonalValues = { cartCount, viewer, discountBanner: slots.heads.includes('discountBanner') ? discountBanner : null }
  if (slots.heads.includes('viewerEmail')) personal.viewerEmail = user?.email ?? null
  if (slots.heads.includes('addToRegistry')) {
    // Read with the header when it was asked for (a product page), else on its own.
    const { addTarget } = await facts
    personal.addToRegistry = await addToRegistryStateFor(user?.id ?? null, addTarget === undefined ? services.registry : { addTargetFor: async () => addTarget })
  }
  // Read with the header when asked for (the landing page); not asked, it stays undefined and the page is rendered.
  if (slots.heads.includes('birthdayPrompt')) personal.birthdayPrompt = (await facts).birthdayPrompt
  return slotValues(slots, personal)
}

/**
 * The cache's hits answered straight on node's request, before the Hono app (server/main.ts): a hit needs
 * none of the app's middleware (no session, no body, no route), and skipping it (request id, child logger,
 * secure headers built per response, compression and the routers' matching) is most of a hit's CPU.
 * Returns false, having done nothing, when the request is not a stored anonymous page: the app then
 * handles it as before (and stores what it renders). The response is the one the app's hit gives: the
 * stored page's headers (the secure headers of its render, its CSP with this response's nonce), a fresh
 * nonce and search id in the page, gzip when accepted, and the app's request log line when it logs at info.
 *
 * With `personal`, a visitor whose only personal cookies are a session or a guest cart, who takes gzip, is answered
 * here too once the page's personal copy is made (decision 028, amendment h29): their header facts are read (one
 * statement) and put into the copy as the app's personal path does (pageCacheMiddleware), with the headers the app
 * gives a personal page. When their values do not fit the copy, or reading them fails, the request goes to the app.
 */
export function pageCacheListener(cache: PageCache, options: { security: SecurityHeaders; logger?: Logger; personal?: PersonalAnswer }) {
  const logRequests = options.logger?.isLevelEnabled('info') ?? false
  const { security, personal } = options
  const headersOf = new WeakMap<Template, { raw: string[]; cspAt: number }>()
  const personalHeadersOf = new WeakMap<Template, { raw: string[]; cspAt: number }>()

  function send(
    res: ServerResponse,
    page: Template,
    body: Buffer,
    gzip: boolean,
    nonce: string,
    sent: { security: SecurityHeaders; of: WeakMap<Template, { raw: string[]; cspAt: number }>; personal?: boolean },
  ) {
    let merged = sent.of.get(page)
    if (!merged) sent.of.set(page, (merged = mergedHeaders(page, sent.security)))
    const raw = merged.raw.slice()
    raw[merged.cspAt] = sent.security.csp[0] + nonce + sent.security.csp[1]
    // A page with a visitor's own values is kept by no cache, as the app says of every personal page (server/cache-control.ts).
    if (sent.personal) raw.push('cache-control', 'private, no-store')
    if (gzip) raw.push('content-encoding', 'gzip')
    raw.push('content-length', String(body.length))
    res.writeHead(page.status, raw)
    res.end(body)
  }

  const log = (pathname: string, status: number, started: number) =>
    options.logger!.info({ requestId: randomUUID(), method: 'GET', path: pathname, status, ms: Math.round(performance.now() - started) }, 'request')

  /** A personal copy with the visitor's values, or the app's answer when they do not fit or could not be read. */
  async function answerPersonal(req: IncomingMessage, res: ServerResponse, page: Template, copy: PersonalCopy, pathname: string, cookie: string, personal: PersonalAnswer) {
    const started = logRequests ? performance.now() : 0
    let values: string[] | null = null
    try {
      values = await personalSlotValues(copy, personal.services.copyHeader(cookie, copyHeaderOptions(copy.found)), personal.services)
    } catch {
      values = null // the app reads them again, and answers its own error page if that fails too
    }
    if (!values || res.headersSent || req.destroyed) {
      if (!res.headersSent && !req.destroyed) personal.app(req, res)
      return
    }
    cache.stats.personalHits++
    const nonce = newNonce()
    send(res, page, gzipBody(copy, freshValues(page, nonce, values)), true, nonce, { security: personal.security, of: personalHeadersOf, personal: true })
    if (logRequests) log(pathname, page.status, started)
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const target = req.url
    if (req.method !== 'GET' || !target || target.charCodeAt(0) !== 47 /* / */) return false
    const headers = req.headers
    if (headers.authorization !== undefined || !headers.host) return false
    const query = target.indexOf('?')
    const pathname = query < 0 ? target : target.slice(0, query)
    // Percent-encoded paths go the app's way (it decodes them before matching routes).
    if (pathname.includes('%') || !isShopPath(pathname)) return false
    // After the path: every request of the server passes here, and only a shop page's cookies need looking at. A
    // visitor whose only personal cookies are a session or a guest cart may be answered from the page's personal copy
    // (and only in gzip, the copy's only form); any other personal cookie goes to the app.
    const cookie = headers.cookie
    const isPersonal = hasPersonalCookie(cookie)
    if (isPersonal && (!personal || hasCookieBesides(cookie, COOKIES_A_COPY_TAKES) || !acceptsGzipMemo(headers['accept-encoding']))) return false
    // The key is the URL as the app sees it (@hono/node-server: new URL(scheme://host + target).href).
    let href: string
    try {
      const url = new URL(`http://${headers.host}${target}`)
      if (url.hostname.length !== headers.host.length && url.hostname !== headers.host.replace(/:\d+$/, '')) return false
      href = url.href
    } catch {
      return false
    }
    if (href.length > MAX_URL || (req.socket as { encrypted?: boolean }).encrypted) return false
    // Only a look: an expired page goes to the app, whose request is then the one that renders its replacement.
    const page = cache.get(`${isBot(headers['user-agent'] ?? '') ? 'bot' : 'web'} ${href}`, { claimRefresh: false })
    if (!page) return false
    if (isPersonal) {
      // Made by the app's personal path on the first such request for the page (pageCacheMiddleware).
      const copy = page.personalReady
      if (!copy) return false
      void answerPersonal(req, res, page, copy, pathname, cookie!, personal!)
      return true
    }
    const started = logRequests ? performance.now() : 0
    cache.stats.hits++
    const nonce = newNonce()
    const values = freshValues(page, nonce)
    const gzip = acceptsGzipMemo(headers['accept-encoding'])
    send(res, page, gzip ? gzipBody(page, values) : plainBody(page, values), gzip, nonce, { security, of: headersOf })
    if (logRequests) log(pathname, page.status, started)
    return true
  }
}

/** Renders a page for a request through the app's page handler (server/app.ts), past the middleware after the cache. */
export type RenderPage = (c: Context<AppEnv>, request: Request) => Promise<Response>

/** A stored page's body (made by gzipBody or plainBody), as the app's answer (the secure headers middleware adds its headers to it). */
function storedResponse(page: Pick<Template, 'status' | 'headers'>, body: Buffer, gzip: boolean): Response {
  const headers = new Headers(page.headers)
  if (gzip) headers.set('Content-Encoding', 'gzip')
  headers.set('Content-Length', String(body.length))
  headers.set('Vary', VARY)
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: page.status, headers })
}

/**
 * Answers anonymous shop page requests from the cache and stores what the handler after it renders.
 * `fresh` collects the values a loader registered as per-response (context.freshPerResponse).
 */
export function pageCacheMiddleware(cache: PageCache, options: { render?: RenderPage } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isShopPath(c.req.path)) return next()
    const nonce = c.var.secureHeadersNonce ?? ''
    if (!nonce || !isAnonymousPageRequest(c.req.raw, c.req.path)) {
      if (nonce && options.render && isPersonalCopyRequest(c.req.raw, c.req.path)) return personalPage(c, nonce, options.render)
      cache.stats.bypassed++
      await next()
      withVary(c)
      return
    }
    const key = cacheKey(c.req.raw)
    const page = cache.get(key)
    if (page) {
      cache.stats.hits++
      const values = freshValues(page, nonce)
      const gzip = acceptsGzip(c.req.header('accept-encoding'))
      c.res = storedResponse(page, gzip ? gzipBody(page, values) : plainBody(page, values), gzip)
      return
    }
    cache.stats.misses++
    const startedAt = cache.generation()
    const fresh: string[] = []
    c.set('freshPerResponse', fresh)
    await next()
    withVary(c)
    const stored = await store(key, c.res, nonce, fresh, startedAt)
    if (!stored) return
    // The page was read to the end (a shop page renders in one piece: nothing in it waits on data) and stored; this
    // visitor gets the stored copy's bytes: the level-9 gzip made once for the cache, which every later visitor gets
    // too, rather than the same page deflated again at the fast level for this response alone (html-compression.ts:
    // 13 % more bytes on /store, decision 028 h26).
    const gzip = acceptsGzip(c.req.header('accept-encoding'))
    const rendered = renderedValues(nonce, fresh).map((v) => Buffer.from(v, 'utf8'))
    const body = gzip ? gzipBody(stored.template, rendered) : Buffer.from(stored.html, 'utf8')
    const answer = new Headers(c.res.headers)
    if (gzip) answer.set('Content-Encoding', 'gzip')
    answer.set('Content-Length', String(body.length))
    c.res = new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: c.res.status, headers: answer })
  }

  /**
   * Stores `res`, an anonymous render of the page at `key`, when it may be kept: a 200 HTML page that sets no cookie
   * and is not private. Returns what was stored (undefined when nothing was, and then `res` is still unread).
   */
  async function store(key: string, res: Response, nonce: string, fresh: string[], startedAt: number) {
    const cacheControl = res.headers.get('Cache-Control') ?? ''
    if (
      res.status !== 200 ||
      !res.body ||
      res.headers.has('Set-Cookie') ||
      res.headers.has('Content-Encoding') ||
      !(res.headers.get('Content-Type') ?? '').startsWith('text/html') ||
      /no-store|private/i.test(cacheControl)
    ) {
      return undefined
    }
    const html = await res.clone().text()
    if (html.length > cache.maxPageBytes) return undefined
    const headers = [...res.headers].filter(([name]) => !NOT_KEPT.has(name.toLowerCase()))
    const cut = cutPage(html, nonce, fresh)
    // A page refreshed after its TTL is most often the same page again (no change feed told the cache otherwise):
    // then it keeps the stored page's compressed pieces and its personal copy, made already, rather than compressing
    // both again at level 9 (~15-20 ms each, blocking every request meanwhile: the first page of a bench pass had
    // its p99 at 26-59 ms from it, decision 028 h30). A catalogue change empties the cache, so nothing is carried over it.
    const previous = cache.peek(key)
    const same = previous !== undefined && previous.status === 200 && sameAsStored(previous, cut)
    const template: Omit<Template, 'expires' | 'bytes' | 'refreshingSince'> = same
      ? {
          status: 200,
          headers,
          ...cut,
          parts: previous.parts,
          lengths: previous.lengths,
          deflated: previous.deflated,
          crcs: previous.crcs,
          crcOps: previous.crcOps,
          // A personal copy still being made is not carried (it is kept on the page it was made for): made again on need.
          ...(previous.personalReady !== undefined ? { personal: previous.personal, personalReady: previous.personalReady } : {}),
        }
      : { status: 200, headers, ...cut, ...compressParts(cut.parts) }
    if (same) cache.stats.unchanged++
    cache.set(key, template, startedAt)
    return { template, html }
  }

  /** The personal copy of the page stored at `key`, made once (concurrent visitors wait for the same one). */
  function personalCopy(key: string, page: Template): Promise<PersonalCopy | null> {
    page.personal ??= makePersonalCopy(page).then((copy) => {
      if (copy) cache.grow(key, page, copy.deflated.reduce((n, p) => n + p.length, 0))
      page.personalReady = copy
      return copy
    })
    return page.personal
  }

  /**
   * A guest holding a cart or a signed-in shopper gets the stored copy of the page with their own header (and
   * registry discount banner; personal-copy.ts). Without a copy, the page is rendered for nobody (the request
   * without its cookies), stored, and answered the same way. A page that cannot be stored or marked, or that this
   * visitor's values do not fit (an email address not yet confirmed, whose reminder is not in the copy), is rendered
   * for them like any other personal page.
   */
  async function personalPage(c: Context<AppEnv>, nonce: string, render: RenderPage) {
    const key = cacheKey(c.req.raw)
    const gzip = acceptsGzip(c.req.header('accept-encoding'))
    const services = c.var.services
    // The visitor's header is read while the page is found or rendered (one statement: services.copyHeader);
    // awaited (and its failure thrown) where used.
    const header = services.copyHeader(c.req.header('cookie'), { addTarget: c.req.path.startsWith('/gp/'), birthdayPrompt: /^\/store\/?$/.test(c.req.path) })
    header.catch(() => {})
    let page = gzip ? cache.get(key) : undefined
    if (!page && gzip) {
      const startedAt = cache.generation()
      const fresh: string[] = []
      c.set('freshPerResponse', fresh)
      const headers = new Headers(c.req.raw.headers)
      headers.delete('cookie')
      await store(key, await render(c, new Request(c.req.raw.url, { method: 'GET', headers })), nonce, fresh, startedAt)
      c.set('freshPerResponse', undefined)
      page = cache.get(key)
      if (page) cache.stats.misses++
    }
    const copy = page && gzip ? await personalCopy(key, page) : null
    const values = copy ? await personalSlotValues(copy, header, services) : null
    if (page && copy && values) {
      cache.stats.personalHits++
      // A personal copy keeps gzip pieces only: it is only made for a client that takes gzip.
      c.res = storedResponse(page, gzipBody(copy, freshValues(page, nonce, values)), true)
      return
    }
    await header
    cache.stats.bypassed++
    c.res = await render(c, c.req.raw)
    withVary(c)
  }
}
