import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from './error-handler'
import type { AppEnv } from './types'

/**
 * An API body limit (413 with the JSON error shape past `maxSize` bytes). A request that declares its size
 * (Content-Length, no Transfer-Encoding) or has no body is judged by its headers alone, as hono/body-limit does
 * first, but without touching `c.req.raw.body`: on Node that would build a WHATWG Request and a web stream for
 * the body, which server/json-body.ts avoids for small JSON bodies (docs/decisions/025, h10). A chunked body is
 * counted as it streams by hono/body-limit.
 */
export function apiBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context) => c.json(apiError('payload_too_large', 'The request body is too large.'), 413)
  const streamed = bodyLimit({ maxSize, onError: tooLarge })
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('Content-Length')
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next()
    return streamed(c, next)
  }
}
