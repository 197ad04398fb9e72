import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareHandler } from 'hono'
import { setAnswerHeader } from './response-header'
import { DEFAULT_RETRY_AFTER_SECONDS, listenForRateLimits } from '~/lib/errors'

// The longest wait among the rate limits raised while answering one request.
const raised = new AsyncLocalStorage<{ seconds?: number }>()
listenForRateLimits((seconds) => {
  const note = raised.getStore()
  if (note) note.seconds = Math.max(note.seconds ?? 0, seconds)
})

/**
 * Every 429 says Retry-After (RFC 9110 §10.2.3). The API's error mapper sets it from the error; a page action turns
 * the error into form data, so for pages the seconds come from the rate limits raised during the request.
 */
export function retryAfterOn429(): MiddlewareHandler {
  return async (c, next) => {
    const note: { seconds?: number } = {}
    await raised.run(note, next)
    if (c.res.status !== 429 || c.res.headers.has('Retry-After')) return
    setAnswerHeader(c, 'Retry-After', String(note.seconds ?? DEFAULT_RETRY_AFTER_SECONDS))
  }
}
