import type { MiddlewareHandler } from 'hono'
import { apiError } from './error-handler'
import type { AppEnv } from './types'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses cross-site state-changing requests (CSRF), for pages and API alike. Browsers send
 * Sec-Fetch-Site (and Origin) on every POST; a request from another site is answered 403. Requests with
 * neither header come from non-browser clients, which cannot carry a victim's cookies.
 */
export function csrfProtection(options: { publicUrl?: string } = {}): MiddlewareHandler<AppEnv> {
  const allowedOrigins = new Set<string>()
  if (options.publicUrl) allowedOrigins.add(new URL(options.publicUrl).origin)
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const site = c.req.header('Sec-Fetch-Site')
    const origin = c.req.header('Origin')
    const requestOrigin = new URL(c.req.url).origin
    const crossSite =
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined && origin !== requestOrigin && !allowedOrigins.has(origin))
    if (crossSite) {
      c.var.logger.warn({ site, origin }, 'cross-site request refused')
      if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/store/api/') || c.req.path.startsWith('/bl_admin/api/')) {
        return c.json(apiError('forbidden', 'Cross-site requests are not allowed.'), 403)
      }
      return c.text('Forbidden: this form was sent from another site.', 403)
    }
    return next()
  }
}
