import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'

/**
 * Small JSON request bodies of the API are read straight from Node's request stream (docs/decisions/025, h10).
 * Otherwise @hono/node-server builds a WHATWG Request for the first body read (an AbortController, a Headers
 * copy and a web stream over the socket): about a tenth of the server's CPU for a checkout. Only bodies that
 * announce their size (Content-Length, at most `maxBytes`) are read here; Hono then parses them from its own
 * body cache (`c.req.json()` reads the cached text), so the routes' validators and their 400 for malformed
 * JSON are unchanged, and each route's own size limit (hono/body-limit checks Content-Length first) still
 * answers 413. Anything else (no length, larger, not JSON, or no Node request, as in `app.request` tests)
 * takes Hono's usual path.
 */
export function jsonBodyFromNode(maxBytes = 64 * 1024): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    // Hono keeps each body read's promise in bodyCache (its type says the value; at run time it is the promise).
    const cache = c.req.bodyCache as { text?: Promise<string> }
    if (incoming && c.req.method !== 'GET' && c.req.method !== 'HEAD' && !cache.text) {
      const length = Number(c.req.header('Content-Length'))
      const type = c.req.header('Content-Type') ?? ''
      if (Number.isSafeInteger(length) && length > 0 && length <= maxBytes && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type)) {
        const text = readText(incoming)
        text.catch(() => undefined) // a route that never reads the body must not leave an unhandled rejection
        cache.text = text
      }
    }
    return next()
  }
}

function readText(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    incoming.once('error', reject)
    incoming.once('aborted', () => reject(new Error('The request was aborted.')))
  })
}
