// Which pages are the same for every visitor (docs/decisions/037-one-page-for-everyone.md): the shop's pages. Their
// loaders read nothing of the visitor, they say how long a shared cache may keep them (SHARED_PAGE_CACHE_CONTROL),
// and everything personal on them comes from GET /api/v3/me/header in the browser (app/components/visitor.tsx).
// One exception: a request that brings a one-time message (the flash cookie, after a form sent without JavaScript) is
// rendered for its visitor, message, header and all, and kept by no cache (`isSharedPageRequest`; nginx's
// proxy_cache_bypass on the same cookie, deploy/nginx.conf).
import { FLASH_COOKIE, flashMessages } from './flash'

/** The shop: the landing page, categories, brands, search, listings and product pages (and the bench's minimal page). */
const SHOP_PATH = /^\/(?:store(?:\/.*)?|gp\/.+|best-baby-products|bench\/minimal)$/
/** Under /store but personal or not pages: checkout, gift card purchase, the cash-fund ideas (they read the viewer), JSON API. */
const NOT_SHARED = /^\/store\/(?:checkout|gift-cards|cash-funds|api)(?:\/|$)|^\/store-checkout/

/** Whether `pathname` (a page's, or its `.data` request's) is a page that is the same for everyone. */
export function isSharedPagePath(pathname: string): boolean {
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  return SHOP_PATH.test(path) && !NOT_SHARED.test(path)
}

/**
 * Whether a Cookie header brings a one-time message for the page: a key the root loader shows (and clears). Anything
 * else in the cookie is no message, and the page stays the shared one.
 */
export function hasFlashCookie(cookie: string | null | undefined): boolean {
  if (!cookie) return false
  for (const pair of cookie.split(';')) {
    const eq = pair.indexOf('=')
    if (eq > 0 && pair.slice(0, eq).trim() === FLASH_COOKIE && Object.hasOwn(flashMessages, pair.slice(eq + 1).trim())) return true
  }
  return false
}

/** Whether this request gets the page that is the same for everyone (a shared page, and no message waiting for it). */
export const isSharedPageRequest = (pathname: string, cookie: string | null | undefined) => isSharedPagePath(pathname) && !hasFlashCookie(cookie)

/**
 * What a shared page's loader says: browsers check again every time (max-age=0), a shared cache that hears of
 * catalogue changes (the server's own, server/http-cache.ts) keeps it 15 s and may answer with it for 30 s more while
 * it fetches a new one.
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=15, stale-while-revalidate=30'

/**
 * How long nginx keeps a shared page (X-Accel-Expires, which nginx reads before Cache-Control): 1 s. nginx cannot be
 * told of a catalogue change, so it keeps pages just long enough to take a burst off the nodes; a new price shows
 * through it within about a second (docs/deploy.md).
 */
export const SHARED_PAGE_PROXY_SECONDS = '1'

/** The headers a shared page's route gives its document and data answers. */
export const sharedPageHeaders = () => ({ 'Cache-Control': SHARED_PAGE_CACHE_CONTROL, 'X-Accel-Expires': SHARED_PAGE_PROXY_SECONDS })
