// The server's own shared HTTP cache (docs/decisions/037-one-page-for-everyone.md): it keeps what an answer's
// Cache-Control lets a shared cache keep, and nothing else, by the rules of RFC 9111 that apply here:
// - stored: an answer to a GET without Authorization, 200, that says `public` with `s-maxage` (or `max-age`) above 0
//   and none of `private`, `no-store`, `no-cache`; that sets no cookie; whose Vary names nothing but Accept-Encoding;
// - the key is the URL; an answer is fresh for its s-maxage, then served stale for its stale-while-revalidate while
//   one request, made in the background, fetches a new one (`revalidate`);
// - a request saying `Cache-Control: no-cache` is not answered from it (its answer is stored); one whose cookies
//   `bypass` names (the one-time message's) is neither answered from it nor stored, as nginx's proxy_cache_bypass and
//   proxy_no_cache on that cookie: such a page is rendered for its visitor;
// - everything is dropped when the catalogue changes (`invalidate`, from the listing index's change feed), and the
//   least recently used answers go first beyond `maxBytes`.
// A stored answer keeps its body and a gzip copy, made once, off the main thread.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '~/api/types'
import type { Logger } from '~/lib/logger.server'
import { isSharedPagePath } from '~/lib/shared-pages'
import { acceptsGzip } from './encoding'

const gzip = promisify(zlib.gzip)

export type StoredAnswer = {
  status: number
  /** The answer's own headers, flat for writeHead (name, value, …), without length, encoding, date and hop-by-hop ones. */
  headers: string[]
  body: Buffer
  gzip: Buffer
  storedAt: number
  freshUntil: number
  staleUntil: number
  bytes: number
  revalidating?: boolean
}

export type CacheControl = { public: boolean; private: boolean; noStore: boolean; noCache: boolean; maxAge?: number; sMaxAge?: number; staleWhileRevalidate?: number }

/** The directives of a Cache-Control header (unknown ones ignored; a number that is not one counts as absent). */
export function parseCacheControl(header: string | null | undefined): CacheControl {
  const parsed: CacheControl = { public: false, private: false, noStore: false, noCache: false }
  for (const part of (header ?? '').split(',')) {
    const [rawName, rawValue] = part.split('=', 2)
    const name = rawName!.trim().toLowerCase()
    const seconds = rawValue === undefined ? undefined : Number(rawValue.trim().replace(/^"|"$/g, ''))
    const number = seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined
    if (name === 'public') parsed.public = true
    else if (name === 'private') parsed.private = true
    else if (name === 'no-store') parsed.noStore = true
    else if (name === 'no-cache') parsed.noCache = true
    else if (name === 'max-age') parsed.maxAge = number
    else if (name === 's-maxage') parsed.sMaxAge = number
    else if (name === 'stale-while-revalidate') parsed.staleWhileRevalidate = number
  }
  return parsed
}

/** Headers not kept with a stored answer: the server writes them anew for each answer. */
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'vary', 'connection', 'keep-alive', 'age'])
const VARY = 'Accept-Encoding'

/** How long a shared cache may keep this answer, in seconds (0: not at all). */
function sharedLifetime(res: Response): { fresh: number; stale: number } {
  const cc = parseCacheControl(res.headers.get('cache-control'))
  const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean)
  if (res.status !== 200 || !cc.public || cc.private || cc.noStore || cc.noCache || res.headers.has('set-cookie')) return { fresh: 0, stale: 0 }
  if (vary.some((name) => name !== 'accept-encoding')) return { fresh: 0, stale: 0 }
  return { fresh: cc.sMaxAge ?? cc.maxAge ?? 0, stale: cc.staleWhileRevalidate ?? 0 }
}

export type HttpCache = ReturnType<typeof createHttpCache>

export function createHttpCache(options: { maxBytes: number; maxAnswerBytes?: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const maxAnswerBytes = options.maxAnswerBytes ?? 2_000_000
  // Map order is recency order: a hit moves its entry to the end; eviction takes from the start.
  const answers = new Map<string, StoredAnswer>()
  let bytes = 0
  let generation = 0
  const stats = { hits: 0, staleHits: 0, misses: 0, stored: 0 }

  const remove = (key: string) => {
    const found = answers.get(key)
    if (!found) return
    answers.delete(key)
    bytes -= found.bytes
  }

  return {
    stats,
    /** Bumped by every invalidation: an answer fetched before it is not stored after it. */
    generation: () => generation,
    invalidate() {
      generation++
      answers.clear()
      bytes = 0
    },
    /** The stored answer for `key` while it may be used (fresh, or stale within its stale-while-revalidate). */
    lookup(key: string): { answer: StoredAnswer; stale: boolean } | undefined {
      const answer = answers.get(key)
      if (!answer) return undefined
      const t = now()
      if (t >= answer.staleUntil) {
        remove(key)
        return undefined
      }
      answers.delete(key)
      answers.set(key, answer)
      return { answer, stale: t >= answer.freshUntil }
    },
    /**
     * Stores `res`, fetched while the cache was at `startedAt` (generation()), when a shared cache may keep it. Reads
     * the body only then; returns it (and the answer to send now, with it) or undefined, `res` untouched.
     */
    async store(key: string, res: Response, startedAt: number): Promise<{ body: Buffer } | undefined> {
      const lifetime = sharedLifetime(res)
      if (lifetime.fresh <= 0 || !res.body || res.headers.has('content-encoding')) return undefined
      const body = Buffer.from(await res.arrayBuffer())
      if (body.length > maxAnswerBytes) return { body }
      const headers: string[] = []
      res.headers.forEach((value, name) => {
        if (!NOT_KEPT.has(name)) headers.push(name, value)
      })
      headers.push('vary', VARY)
      const compressed = await gzip(body, { level: 9 })
      const size = key.length + body.length + compressed.length
      if (startedAt !== generation || size > options.maxBytes) return { body }
      remove(key)
      while (bytes + size > options.maxBytes) remove(answers.keys().next().value as string)
      const t = now()
      answers.set(key, { status: res.status, headers, body, gzip: compressed, storedAt: t, freshUntil: t + lifetime.fresh * 1000, staleUntil: t + (lifetime.fresh + lifetime.stale) * 1000, bytes: size })
      bytes += size
      stats.stored++
      return { body }
    },
    size: () => ({ entries: answers.size, bytes }),
  }
}

/** A stored answer's headers for one response: its own, its age, Vary, and its encoding and length. */
function answerHeaders(answer: StoredAnswer, body: Buffer, gzipped: boolean, now: number, extra: readonly string[] = []): string[] {
  const headers = [...extra, ...answer.headers, 'age', String(Math.max(0, Math.floor((now - answer.storedAt) / 1000)))]
  if (gzipped) headers.push('content-encoding', 'gzip')
  headers.push('content-length', String(body.length))
  return headers
}

/** Fetches a stale answer's URL again in the background, once at a time per answer. */
function revalidateOnce(answer: StoredAnswer, key: string, revalidate: (url: string) => Promise<void>, logger?: Logger) {
  if (answer.revalidating) return
  answer.revalidating = true
  revalidate(key).catch((err: unknown) => {
    answer.revalidating = false
    logger?.warn({ err, url: key }, 'refreshing a stored page failed')
  })
}

export type Bypass = (cookie: string | undefined) => boolean

/** Whether a request may be answered from the cache (GET or HEAD, no credentials, not asking for a new answer, not bypassed). */
function mayUseStored(method: string, headers: { authorization?: string | null; cacheControl?: string | null; cookie?: string }, bypass?: Bypass) {
  return (method === 'GET' || method === 'HEAD') && !headers.authorization && !parseCacheControl(headers.cacheControl).noCache && !bypass?.(headers.cookie)
}

/**
 * Pages through the cache, in the app: a stored answer is sent as it is (the security headers middleware around this
 * one adds its headers), anything else goes to the page and what may be stored is.
 */
export function httpCacheMiddleware(cache: HttpCache, options: { revalidate: (url: string) => Promise<void>; bypass?: Bypass; now?: () => number }): MiddlewareHandler<AppEnv> {
  const now = options.now ?? Date.now
  return async (c, next) => {
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return next()
    const key = c.req.url
    if (mayUseStored(method, { authorization: c.req.header('authorization'), cacheControl: c.req.header('cache-control'), cookie: c.req.header('cookie') }, options.bypass)) {
      const found = cache.lookup(key)
      if (found) {
        if (found.stale) {
          cache.stats.staleHits++
          revalidateOnce(found.answer, key, options.revalidate, c.var.logger)
        } else cache.stats.hits++
        const gzipped = acceptsGzip(c.req.header('accept-encoding'))
        const body = gzipped ? found.answer.gzip : found.answer.body
        const flat = answerHeaders(found.answer, body, gzipped, now())
        const headers = new Headers()
        for (let i = 0; i < flat.length; i += 2) headers.append(flat[i]!, flat[i + 1]!)
        c.res = new Response(method === 'HEAD' ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: found.answer.status, headers })
        return
      }
    }
    if (method === 'HEAD' || c.req.header('authorization') || options.bypass?.(c.req.header('cookie'))) return next()
    cache.stats.misses++
    const startedAt = cache.generation()
    await next()
    const stored = await cache.store(key, c.res, startedAt)
    if (!stored) return
    // The body was read to store it: the answer is sent from the same bytes.
    c.res = new Response(new Uint8Array(stored.body.buffer as ArrayBuffer, stored.body.byteOffset, stored.body.length), c.res)
  }
}

/**
 * Stored answers sent straight on node's request, before the Hono app (server/main.ts): a stored page needs none of
 * the app's middleware, and skipping it is most of a hit's CPU. `securityHeaders` are what the app's middleware adds
 * to a shared page (the page's own policy travels with it). Returns false, having done nothing, for anything else.
 */
export function httpCacheListener(cache: HttpCache, options: { securityHeaders: string[]; revalidate: (url: string) => Promise<void>; bypass?: Bypass; logger?: Logger; now?: () => number }) {
  const now = options.now ?? Date.now
  const logRequests = options.logger?.isLevelEnabled('info') ?? false
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const target = req.url
    const method = req.method
    if ((method !== 'GET' && method !== 'HEAD') || !target || target.charCodeAt(0) !== 47 /* / */ || !req.headers.host) return false
    if (!mayUseStored(method, { authorization: req.headers.authorization, cacheControl: req.headers['cache-control'], cookie: req.headers.cookie }, options.bypass)) return false
    // Only shared pages: `securityHeaders` are theirs. Anything else stored is answered by the app's middleware.
    const query = target.indexOf('?')
    const pathname = query < 0 ? target : target.slice(0, query)
    if (pathname.includes('%') || !isSharedPagePath(pathname)) return false
    if ((req.socket as { encrypted?: boolean }).encrypted) return false
    let key: string
    try {
      const url = new URL(`http://${req.headers.host}${target}`)
      if (url.hostname.length !== req.headers.host.length && url.hostname !== req.headers.host.replace(/:\d+$/, '')) return false
      // The key is the URL as the app sees it (@hono/node-server: new URL(scheme://host + target).href).
      key = url.href
    } catch {
      return false
    }
    const found = cache.lookup(key)
    if (!found) return false
    const started = logRequests ? performance.now() : 0
    if (found.stale) {
      cache.stats.staleHits++
      revalidateOnce(found.answer, key, options.revalidate, options.logger)
    } else cache.stats.hits++
    const gzipped = acceptsGzip(req.headers['accept-encoding'])
    const body = gzipped ? found.answer.gzip : found.answer.body
    res.writeHead(found.answer.status, answerHeaders(found.answer, body, gzipped, now(), options.securityHeaders))
    res.end(method === 'HEAD' ? undefined : body)
    if (logRequests) options.logger!.info({ requestId: randomUUID(), method, path: pathname, status: found.answer.status, ms: Math.round(performance.now() - started) }, 'request')
    return true
  }
}

/** What `middleware` (the app's secure headers for a shared page) adds to an answer, found by running it once. */
export async function probeHeaders(middleware: MiddlewareHandler<AppEnv>): Promise<string[]> {
  const probe = new Hono<AppEnv>()
  probe.use(middleware)
  probe.get('*', (c) => c.body(null, 204))
  const res = await probe.request('http://probe.invalid/')
  const raw: string[] = []
  res.headers.forEach((value, name) => raw.push(name, value))
  return raw
}
