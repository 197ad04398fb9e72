// Answers for files that never change while the server runs (server/generated-images.ts, server/built-assets.ts): kept
// in memory with compressed copies, cached by browsers for a year, the copy picked by the request's Accept-Encoding.
import type { Context } from 'hono'
import { acceptsEncoding } from './encoding'

const YEAR = 60 * 60 * 24 * 365

/** The copy to send: brotli if the client takes it and there is one, then gzip, else the file itself. */
export function chooseEncoding(acceptEncoding: string | undefined, available: { br: boolean; gzip: boolean }): 'br' | 'gzip' | null {
  if (available.br && acceptsEncoding(acceptEncoding, 'br')) return 'br'
  if (available.gzip && acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip'
  return null
}

/**
 * The response for one copy: its type and length, a year's caching, `nosniff`, `Vary: Accept-Encoding` when the file
 * has compressed copies, the encoding sent, and `headers` on top; no body for HEAD.
 */
export function sendImmutableCopy(
  c: Context,
  copy: { body: Buffer; encoding: 'br' | 'gzip' | null; type: string; compressed: boolean },
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = {
    'Content-Type': copy.type,
    'Content-Length': String(copy.body.length),
    'Cache-Control': `public, max-age=${YEAR}, immutable`,
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  }
  if (copy.compressed) all.Vary = 'Accept-Encoding'
  if (copy.encoding) all['Content-Encoding'] = copy.encoding
  if (c.req.method === 'HEAD') return c.body(null, 200, all)
  return c.body(new Uint8Array(copy.body.buffer as ArrayBuffer, copy.body.byteOffset, copy.body.length), 200, all)
}
