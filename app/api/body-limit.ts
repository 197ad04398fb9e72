import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from './error-handler'
import type { AppEnv } from './types'

/** What every request body may weigh unless its route says less: forms and JSON alike (no route takes uploads). */
export const DEFAULT_BODY_LIMIT = 64 * 1024

/**
 * A request body limit: `tooLarge` answers (413) past `maxSize` bytes. A request that declares its size
 * (Content-Length, no Transfer-Encoding) or has no body is judged by its headers alone, as hono/body-limit does
 * first, but without touching `c.req.raw.body`: on Node that would build a WHATWG Request and a web stream for
 * the body, which server/json-body.ts avoids for small JSON bodies (docs/decisions/025, h10). A chunked body is
 * counted as it streams by hono/body-limit, which stops reading at the limit and hands the route a buffered copy.
 */
export function requestBodyLimit(maxSize: number, tooLarge: (c: Context) => Response | Promise<Response>): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({ maxSize, onError: tooLarge })
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('Content-Length')
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next()
    return streamed(c, next)
  }
}

/** An API body limit: 413 with the JSON error shape past `maxSize` bytes. */
export function apiBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  return requestBodyLimit(maxSize, (c) => c.json(apiError('payload_too_large', 'The request body is too large.'), 413))
}
