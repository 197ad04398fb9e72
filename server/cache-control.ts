import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '~/api/types'
import { setAnswerHeader } from './response-header'
import { hasPersonalCookie, isShopPath } from './page-cache'

/** What a personal answer says: no cache, shared or the browser's own, keeps it. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

/**
 * Whether an answer to this request is personal: it carries credentials (Authorization), a cookie a page may read
 * (on shop pages, any cookie but those no shop page reads, the rule the page cache keys on; elsewhere any cookie),
 * or the answer sets a cookie.
 */
export function isPersonalAnswer(request: Request, pathname: string, response: Response): boolean {
  if (request.headers.has('authorization') || response.headers.has('set-cookie')) return true
  const cookie = request.headers.get('cookie')
  return isShopPath(pathname) ? hasPersonalCookie(cookie) : Boolean(cookie?.trim())
}

/**
 * Pages (not the JSON API, whose handlers say their own) answered for a personal request say
 * `Cache-Control: private, no-store`, whatever the route said: a signed-in shopper's shop page, a registry's owner
 * pages, a product page that names the shopper, a guest's registry page showing their own gifts. Anonymous answers
 * keep what their route said (guest registry pages: `private, no-cache`; shop pages: shared by the page cache).
 */
export function personalPagesNotStored(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    // A route that said no-store already keeps its page out of every cache (and may say more, as two-factor does).
    if (/(?:^|,)\s*no-store\s*(?:,|$)/i.test(c.res.headers.get('cache-control') ?? '')) return
    if (!isPersonalAnswer(c.req.raw, c.req.path, c.res)) return
    setAnswerHeader(c, 'Cache-Control', PERSONAL_CACHE_CONTROL)
  }
}
