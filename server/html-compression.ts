// Gzip for server-rendered HTML pages at a lower level than the zlib default (docs/decisions/028,
// amendment of 2026-11-24). A rendered page is compressed once per request, so its gzip level is CPU on
// every signed-in page view: on the shop's pages level 4 costs about 60% of level 6's CPU for about 6% more
// bytes (a leaf category: 20.9 KB instead of 19.7 KB). Other responses (JSON, turbo-stream data, static
// files) keep hono's compress() after this middleware, which leaves an already encoded response alone.
import { Duplex } from 'node:stream'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { acceptsGzip } from './page-cache'

/** zlib level for rendered HTML (1 fastest … 9 smallest; zlib's default is 6). */
export const HTML_GZIP_LEVEL = 4
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

export function htmlCompression(level = HTML_GZIP_LEVEL): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    // `res.body` is read last: on @hono/node-server's light Response (a page cache hit is one) reading it
    // builds a full web Response and loses the server's direct write of the buffer (~0.1 ms per hit).
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.status === 204 ||
      res.headers.has('Content-Encoding') ||
      !(res.headers.get('Content-Type') ?? '').startsWith('text/html') ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return
    }
    const vary = res.headers.get('Vary')
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    if (!acceptsGzip(c.req.header('Accept-Encoding')) || !res.body) return
    const gzip = Duplex.toWeb(zlib.createGzip({ level })) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>
    // (Hono's `c.res =` copies the previous response's headers over: adjust them after the assignment.)
    c.res = new Response(res.body.pipeThrough(gzip), res)
    c.res.headers.delete('Content-Length')
    c.res.headers.set('Content-Encoding', 'gzip')
  }
}
