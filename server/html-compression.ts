// Gzip for server-rendered HTML pages at zlib's fastest level (docs/decisions/028, amendments of 2026-11-24
// and h25). A rendered page is compressed once per request, so its gzip level is CPU on every signed-in page
// view: level 1 (nginx's default for the same reason) takes about 0.45 ms for a 100 KB category page where
// level 4 took 0.75 ms and level 6 about 1.8 ms, for about 11% more bytes than level 4 (a leaf category: 21.1 KB
// instead of 18.9 KB). Anonymous visits are answered by the page cache, whose copies are made once by Zopfli.
// Other responses (JSON, turbo-stream data, static files) keep hono's compress() after this middleware, which
// leaves an already encoded response alone.
//
// Each chunk of the page is compressed at once, on this thread, by zlib's synchronous call (gzipChunks): a
// page arrives in one to three chunks (app/lib/coalesce-chunks.server.ts joins React's writes of one turn), and
// zlib's stream (createGzip through Duplex.toWeb) spent more on its thread-pool round trips, callbacks and
// 16 KB output pieces than on compressing (decision 028, amendment h24).
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { acceptsGzip, GZIP_HEADER, gzipEnd } from './encoding'

/** zlib level for rendered HTML (1 fastest … 9 smallest; zlib's default is 6). */
export const HTML_GZIP_LEVEL = 1
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
    // (Hono's `c.res =` copies the previous response's headers over: adjust them after the assignment.)
    c.res = new Response(res.body.pipeThrough(gzipChunks(level)), res)
    c.res.headers.delete('Content-Length')
    c.res.headers.set('Content-Encoding', 'gzip')
  }
}

/**
 * A gzip member (RFC 1952) written as the chunks come: each chunk is deflated on its own and ends with a sync
 * flush (byte-aligned, not final), so it can be sent at once and the next chunk's deflate data follows it; the
 * end adds a final empty block and the CRC-32 and length of everything. A chunk's matches cannot reach into the
 * chunks before it, which costs a few bytes per chunk. Output is the same page for any split of the input.
 */
export function gzipChunks(level: number): TransformStream<Uint8Array, Uint8Array> {
  const options = { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }
  let crc = 0
  let length = 0
  let started = false
  return new TransformStream({
    transform(chunk, controller) {
      if (chunk.byteLength === 0) return
      const deflated = zlib.deflateRawSync(chunk, options)
      crc = zlib.crc32(chunk, crc)
      length += chunk.byteLength
      controller.enqueue(started ? deflated : Buffer.concat([GZIP_HEADER, deflated]))
      started = true
    },
    flush(controller) {
      controller.enqueue(started ? gzipEnd(crc, length) : Buffer.concat([GZIP_HEADER, gzipEnd(crc, length)]))
    },
  })
}
