import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '~/api/types'
import { setAnswerHeader } from './response-header'
import { isSharedPageRequest } from '~/lib/shared-pages'
import { parseCacheControl } from './http-cache'

/** What a personal answer says: no cache, shared or the browser's own, keeps it. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

/** Whether an answer to this request is personal: it carries credentials (Authorization) or a cookie, or the answer sets one. */
export function isPersonalAnswer(request: Request, response: Response): boolean {
  if (request.headers.has('authorization') || response.headers.has('set-cookie')) return true
  return Boolean(request.headers.get('cookie')?.trim())
}

/**
 * Pages (not the JSON API, whose handlers say their own) answered for a personal request say
 * `Cache-Control: private, no-store`, whatever the route said: a registry's owner pages, a guest's registry page showing
 * their own gifts, checkout. Two kinds keep what their route said: anonymous answers (guest registry pages:
 * `private, no-cache`), and a shared page's public answer that sets no cookie (app/lib/shared-pages.ts), the same for
 * everyone because its loaders read nothing of the visitor.
 */
export function personalPagesNotStored(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    // A route that said no-store already keeps its page out of every cache (and may say more, as two-factor does).
    if (/(?:^|,)\s*no-store\s*(?:,|$)/i.test(c.res.headers.get('cache-control') ?? '')) return
    if (isSharedPageRequest(c.req.path, c.req.header('cookie')) && parseCacheControl(c.res.headers.get('cache-control')).public && !c.res.headers.has('set-cookie')) return
    if (!isPersonalAnswer(c.req.raw, c.res)) return
    setAnswerHeader(c, 'Cache-Control', PERSONAL_CACHE_CONTROL)
  }
}
