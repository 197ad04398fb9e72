import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { requestId } from 'hono/request-id'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createApi } from '~/api/api'
import { apiBodyLimit, DEFAULT_BODY_LIMIT, requestBodyLimit } from '~/api/body-limit'
import { csrfProtection } from '~/api/csrf'
import { handleApiError } from '~/api/error-handler'
import type { AppEnv } from '~/api/types'
import { CSP_DIRECTIVES, cspWithScriptHashes } from '~/lib/csp.server'
import { hasControlCharacters } from '~/lib/input-rules'
import { hasFlashCookie, isSharedPageRequest } from '~/lib/shared-pages'
import type { Logger } from '~/lib/logger.server'
import { type AllowedHosts, allowedHostsOf, hostCheck } from '~/lib/public-origin.server'
import { renderImageForPath } from '~/modules/catalog/illustrations'
import type { Services } from '~/services.server'
import { builtAssets } from './built-assets'
import { clientAddress, parseTrustedProxies, type TrustedProxies } from './client-address'
import { personalPagesNotStored } from './cache-control'
import { generatedImages } from './generated-images'
import { htmlCompression } from './html-compression'
import { jsonBodyFromNode } from './json-body'
import { type HttpCache, httpCacheMiddleware } from './http-cache'
import { retryAfterOn429 } from './retry-after'

export type AppOptions = {
  services: Services
  logger: Logger
  supportEmail: string
  /** PUBLIC_URL: Secure cookies behind an HTTPS proxy, allowed Origin. Emailed links use services.publicOrigin. */
  publicUrl?: string
  /**
   * The Host names requests may use (ALLOWED_HOSTS, docs/decisions/034); any other is answered 400 before anything
   * runs. Default: loopback names and the PUBLIC_URL host.
   */
  allowedHosts?: AllowedHosts
  /** The React Router server build; without it only the API and static files are served (API tests). */
  build?: ServerBuild
  /** Where the built browser assets live (build/client). */
  clientDir?: string
  /** Where the build before it left its assets (build-previous, scripts/keep-previous-assets.mjs), still served. */
  previousClientDir?: string
  /** The server's shared HTTP cache (server/http-cache.ts), for what pages allow it to keep; without it every page is rendered. */
  httpCache?: HttpCache
  /**
   * TRUSTED_PROXIES: our reverse proxies, whose X-Forwarded-For names the client (server/client-address.ts,
   * docs/decisions/033); unset, the socket's peer is the client.
   */
  trustedProxies?: string | readonly string[]
}

const YEAR = 60 * 60 * 24 * 365

/**
 * Powerful browser features no Nestlist page uses, switched off for the page and anything it could embed, so that an
 * injected script or a framed page cannot ask for them. (Copying a share link needs none: clipboard writing is the
 * page's own by default.)
 */
const PERMISSIONS_POLICY = {
  accelerometer: false,
  bluetooth: false,
  camera: false,
  geolocation: false,
  gyroscope: false,
  hid: false,
  magnetometer: false,
  microphone: false,
  midi: false,
  payment: false,
  serial: false,
  usb: false,
  browsingTopics: false,
} as const

/** The security headers of a personal page (every document but the shared ones): a CSP with a fresh script nonce per response. */
export const documentSecureHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: { ...CSP_DIRECTIVES, scriptSrc: ["'self'", NONCE] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: true,
    permissionsPolicy: PERMISSIONS_POLICY,
  })

/**
 * The security headers of a shared page (app/lib/shared-pages.ts), in the app and on stored answers sent before it
 * (server/main.ts). No CSP here: the page brings its own, which allows its inline scripts by their hashes
 * (app/entry.server.tsx); an answer that brings none (a redirect) gets the policy with no inline script at all.
 * No `Cross-Origin-Opener-Policy` (decision 018, amendment h27): these pages show nothing an opener could learn, and
 * the header makes Chromium start a new renderer process for the page in the middle of its load whenever the tab was
 * on a page without it (a new tab, Lighthouse's `about:blank`; on Android, coming from a search result too).
 */
export const sharedPageSecureHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: undefined,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    permissionsPolicy: PERMISSIONS_POLICY,
  })

const NO_INLINE_SCRIPTS_POLICY = cspWithScriptHashes([])

/** The whole HTTP surface: security headers, logs, API, images, static assets, then the SSR pages. */
export function createApp({ services, logger, supportEmail, publicUrl, allowedHosts = allowedHostsOf({ PUBLIC_URL: publicUrl }), build, clientDir, previousClientDir, httpCache, trustedProxies }: AppOptions) {
  const app = new Hono<AppEnv>()
  const isTrustedProxy = parseTrustedProxies(trustedProxies)

  // Before anything else: a request for a host that is not ours is refused (docs/decisions/034). The URL's
  // host is the request's Host header (@hono/node-server builds it from that), so a page or an API answer
  // never sees a host we did not list.
  const hostAllowed = hostCheck(allowedHosts)
  app.use(async (c, next) => {
    if (hostAllowed(new URL(c.req.url).host)) return next()
    logger.debug({ host: c.req.header('Host') }, 'request for an unknown host refused')
    return unknownHostResponse()
  })

  if (clientDir) {
    // Built, fingerprinted assets come first: no request id, log line or document headers (a CSP, frame
    // and referrer policies mean nothing on a script or a stylesheet and cost ~700 bytes a response), and
    // they are served from the gzip/brotli copies written at build time (scripts/build-server.mjs), kept in
    // memory after the first request (server/built-assets.ts); the file handler answers what that does not.
    app.use('/assets/*', builtAssets(clientDir))
    // A page of the build before this one may still ask for its chunks (app/lib/chunk-load.ts).
    if (previousClientDir) app.use('/assets/*', builtAssets(previousClientDir))
    app.use(
      '/assets/*',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.header('Cache-Control', `public, max-age=${YEAR}, immutable`)
          c.header('X-Content-Type-Options', 'nosniff')
        },
      }),
    )
    // A file no build has: a plain 404, not the shop's page (a script import fails on it just the same, and faster).
    app.all('/assets/*', (c) => c.text('Not found', 404))
  }

  // The shop's drawn pictures, kept in memory with their compressed copies and answered before the request id,
  // log line and document headers below, like the built assets (server/generated-images.ts).
  app.use('/images/*', generatedImages(renderImageForPath))

  app.use(requestId({ headerName: 'X-Request-Id' }))
  app.use(async (c, next) => {
    const started = performance.now()
    c.set('services', services)
    c.set('supportEmail', supportEmail)
    c.set('publicUrl', publicUrl)
    c.set('clientIp', remoteAddress(c, isTrustedProxy))
    c.set('logger', logger.child({ requestId: c.var.requestId }))
    await next()
    c.var.logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    )
  })
  // JSON answers run no script and load nothing: a fixed policy that allows nothing, with no per-request nonce
  // (making one is a random-bytes system call per request; docs/decisions/025, h10). The other headers are the same.
  const documentHeaders = documentSecureHeaders()
  const sharedPageHeaders = sharedPageSecureHeaders()
  const apiHeaders = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: PERMISSIONS_POLICY,
  })
  // API answers say `Vary: Accept-Encoding` from the start (compress() below would add it to a finished answer, and a
  // header set on a finished answer makes Hono and @hono/node-server rebuild it as a WHATWG Response with a body stream
  // to read back: ~6 % of the checkout bench server's CPU profile, docs/decisions/025 h17). compress() finds it there and
  // leaves it; a client that accepts gzip still gets gzip.
  app.use(async (c, next) => {
    if (!isApiPath(c.req.path)) {
      if (!isSharedPageRequest(c.req.path, c.req.header('cookie'))) return documentHeaders(c, next)
      await sharedPageHeaders(c, next)
      if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', NO_INLINE_SCRIPTS_POLICY)
      return
    }
    c.header('Vary', 'Accept-Encoding')
    return apiHeaders(c, next)
  })
  // Personal pages are kept by no cache (server/cache-control.ts); API handlers say their own.
  const personalPages = personalPagesNotStored()
  app.use((c, next) => (isApiPath(c.req.path) ? next() : personalPages(c, next)))
  app.use(compress())
  app.use(retryAfterOn429())
  app.onError(handleApiError)
  app.use(csrfProtection({ publicUrl }))
  // Every request body has a limit, pages' forms and the API alike; a route may keep a smaller one of its own. A body
  // sent without a length is read only up to the limit, then answered 413.
  const apiLimit = apiBodyLimit(DEFAULT_BODY_LIMIT)
  const pageLimit = requestBodyLimit(DEFAULT_BODY_LIMIT, (c) => c.text('The request is too large.', 413))
  app.use((c, next) => (isApiPath(c.req.path) ? apiLimit : pageLimit)(c, next))
  // A page's address with a control character (a NUL in ?search_term=) is a bad request before any loader reads it: the
  // pages' side of the rule the API's validation and parseInput hold for every text (app/lib/input-rules.ts).
  app.use(async (c, next) => {
    if (isApiPath(c.req.path) || !urlHasControlCharacters(c.req.url)) return next()
    return c.text('This address has characters it cannot hold.', 400)
  })

  app.get('/healthz', async (c) => {
    const database = await services.health.databaseReachable()
    c.header('Cache-Control', 'no-store')
    return c.json({ status: database ? 'ok' : 'degraded', database: database ? 'up' : 'down' }, database ? 200 : 503)
  })

  // Pictures of items from other stores: fetched and re-encoded by us, kept in PostgreSQL, never hot-linked.
  app.get('/images/external/:file', async (c) => {
    const id = /^([0-9a-f-]{36})\.webp$/.exec(c.req.param('file'))?.[1]
    const image = id ? await services.externalProducts.image(id) : null
    if (!image) return c.text('Image not found', 404)
    c.header('Content-Type', image.contentType)
    c.header('Cache-Control', `public, max-age=${YEAR}, immutable`)
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(image.bytes))
  })

  // Every picture that can be drawn was answered by generatedImages() above.
  app.get('/images/*', (c) => c.text('Image not found', 404))

  // Small JSON bodies straight from Node's request, without a WHATWG Request (server/json-body.ts).
  app.use('/api/*', jsonBodyFromNode())
  app.use('/store/api/*', jsonBodyFromNode())
  app.use('/bl_admin/api/*', jsonBodyFromNode())
  app.route('/', createApi())

  // Rendered HTML is gzipped at a cheaper level than compress()'s default; the HTTP cache below it stores
  // the plain page and answers from its own gzip copy (both leave compress() nothing to do).
  if (build) app.use('*', htmlCompression())
  const handle = build ? createRequestHandler(build, 'production') : undefined
  const renderPage = (c: Context<AppEnv>, request: Request) => {
    // A shared page reads nothing of the visitor and has no nonce (app/lib/shared-pages.ts, app/entry.server.tsx).
    const sharedPage = isSharedPageRequest(c.req.path, c.req.header('cookie'))
    return handle!(request, {
      services,
      nonce: sharedPage ? '' : (c.var.secureHeadersNonce ?? ''),
      sharedPage,
      requestId: c.var.requestId,
      logger: c.var.logger,
      supportEmail,
      clientIp: c.var.clientIp,
      publicUrl,
    })
  }
  // Before the static files' look-up on disk: no page is a file. A stale page is fetched again in the background by a
  // request that asks for a new answer (Cache-Control: no-cache), through the whole app like any other.
  if (build && httpCache) {
    const cached = httpCacheMiddleware(httpCache, { revalidate: revalidateThrough(app), bypass: hasFlashCookie })
    app.use('*', (c, next) => (isApiPath(c.req.path) ? next() : cached(c, next)))
  }

  if (clientDir) {
    app.use(
      '*',
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=3600')
        },
      }),
    )
  }

  if (build) app.all('*', (c) => renderPage(c, c.req.raw))
  return app
}

/** Fetches a URL again through `app`, asking for a new answer (Cache-Control: no-cache), so that the HTTP cache stores it. */
export const revalidateThrough = (app: { fetch: (request: Request) => Response | Promise<Response> }) => async (url: string) => {
  const res = await app.fetch(new Request(url, { headers: { 'Cache-Control': 'no-cache', 'Accept-Encoding': 'identity' } }))
  await res.arrayBuffer()
}

/** The answer to a request whose Host is not one of ours: plain text, never cached. */
export const UNKNOWN_HOST = 'Unknown host'
export const unknownHostResponse = () => new Response(UNKNOWN_HOST, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/** Whether a URL's path or query, decoded, holds a control character (undecodable escapes are left to the route). */
function urlHasControlCharacters(url: string): boolean {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const rest = start < 0 ? '' : url.slice(start)
  if (!rest.includes('%')) return hasControlCharacters(rest)
  try {
    return hasControlCharacters(decodeURIComponent(rest.replace(/\+/g, ' ')))
  } catch {
    return false
  }
}

const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/store/api/') || path.startsWith('/bl_admin/api/')

/**
 * The client's address: the socket's peer, or, when the peer is a trusted proxy, the right-most address in
 * X-Forwarded-For that is not one (server/client-address.ts). Tests without a socket get 'local'.
 */
function remoteAddress(c: Parameters<typeof getConnInfo>[0], isTrustedProxy: TrustedProxies): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    peer = undefined
  }
  return peer ? clientAddress(peer, c.req.header('X-Forwarded-For'), isTrustedProxy) : 'local'
}
