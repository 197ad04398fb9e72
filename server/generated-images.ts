// The shop's drawn pictures (/images/products/…, categories, brands, guides, banners, badges) are SVG made from the
// path alone, with seed data compiled into the server (app/modules/catalog/illustrations.ts): the same path always
// answers the same bytes. A shop page asks for 10–40 of them, about half of its requests, so each is drawn once and
// kept with its gzip and brotli copies, and answered in front of the app's middleware (request id, log line, a
// document's security headers with a fresh nonce, compression): those cost ~1.2 ms of server CPU per picture, a
// copy from memory ~0.1 ms (docs/decisions/028-shop-server-render.md, amendment h26). Like the built assets, picture
// requests are not logged one by one.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { chooseEncoding, sendImmutableCopy } from './immutable-copies'

/** Pictures kept at most: about 1,000 exist (every product kind and palette, brand, category, guide, banner, badge). */
export const GENERATED_IMAGES_KEPT = 4000

/**
 * The policy a picture opened on its own is shown under: an SVG document that may use its own inline styles and
 * nothing else (no script, no fetch), and may not be framed.
 */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

type Kept = { plain: Buffer; gzip?: Buffer; br?: Buffer }

/**
 * Answers GET and HEAD /images/… that `render` can draw, from memory after the first time; anything else (pictures
 * fetched from other stores under /images/external/, unknown paths: 404 from the app) goes on to the app.
 */
export function generatedImages(render: (pathname: string) => string | null, kept = GENERATED_IMAGES_KEPT): MiddlewareHandler {
  const images = new Map<string, Kept>()
  return async (c, next) => {
    const method = c.req.method
    const path = c.req.path
    if ((method !== 'GET' && method !== 'HEAD') || !path.startsWith('/images/') || path.startsWith('/images/external/')) return next()
    let image = images.get(path)
    if (!image) {
      const svg = render(path)
      if (svg === null) return next()
      // Oldest first out: a Map keeps insertion order. The paths are the shop's own, so this bound is only a guard.
      if (images.size >= kept) images.delete(images.keys().next().value as string)
      image = { plain: Buffer.from(svg, 'utf8') }
      images.set(path, image)
    }
    // The compressed copies are made the first time a client asks for one.
    const encoding = chooseEncoding(c.req.header('accept-encoding'), { br: true, gzip: true })
    let body = image.plain
    if (encoding === 'br') {
      image.br ??= brotliCompressSync(image.plain, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: image.plain.length },
      })
      body = image.br
    } else if (encoding === 'gzip') {
      image.gzip ??= gzipSync(image.plain, { level: 9 })
      body = image.gzip
    }
    return sendImmutableCopy(
      c,
      { body, encoding, type: 'image/svg+xml; charset=utf-8', compressed: true },
      { 'Content-Security-Policy': IMAGE_CSP, 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' },
    )
  }
}
