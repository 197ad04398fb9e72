// Which cart a request holds, for pages (React Router) and the JSON API (Hono) alike: the signed-in shopper's
// account cart, or a guest's cart found by the random token in the guest's cookie.
import type { AppLoadContext } from 'react-router'
import { getViewer, isSecureRequest, readCookie } from '~/modules/accounts/auth.server'
import type { CartService, CartViewer } from './cart.service.server'

export const CART_COOKIE = 'nestlist_cart'
/** Over HTTPS the cookie takes the __Host- prefix, like the session cookie. */
export const SECURE_CART_COOKIE = '__Host-nestlist_cart'
const CART_COOKIE_MAX_AGE_S = 60 * 24 * 3600

/** The guest cart token a Cookie header carries, if any (well-formed ones only). */
export function readCartToken(cookieHeader: string | null | undefined): string | undefined {
  const token = readCookie(cookieHeader, SECURE_CART_COOKIE) ?? readCookie(cookieHeader, CART_COOKIE)
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined
}

/** Set-Cookie for a guest cart token: HttpOnly, SameSite=Lax, 60 days, Secure + __Host- over HTTPS. */
export function cartCookie(token: string, secure: boolean): string {
  const name = secure ? SECURE_CART_COOKIE : CART_COOKIE
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${CART_COOKIE_MAX_AGE_S}${secure ? '; Secure' : ''}`
}

/** Set-Cookie that removes the guest cart cookie (after its cart was merged into an account's). */
export function clearCartCookie(secure: boolean): string {
  const name = secure ? SECURE_CART_COOKIE : CART_COOKIE
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`
}

export type ResolvedCartViewer = {
  viewer: CartViewer
  /** The signed-in user's id, or null for a guest. */
  userId: number | null
  /** Set-Cookie to send with the answer when a new guest token was made (only with `create`). */
  setCookie: string | null
}

/**
 * The cart viewer of a request. Signed in: the account's cart. A guest: the cookie's token; with `create`
 * (a write such as Add to Cart) a guest without one gets a new token and the Set-Cookie to send back.
 */
export function resolveCartViewer(
  cookieHeader: string | null | undefined,
  userId: number | null,
  cart: Pick<CartService, 'newGuestToken'>,
  options: { create?: boolean; secure: boolean },
): ResolvedCartViewer {
  if (userId) return { viewer: { userId }, userId, setCookie: null }
  const token = readCartToken(cookieHeader)
  if (token) return { viewer: { guestToken: token }, userId: null, setCookie: null }
  if (!options.create) return { viewer: {}, userId: null, setCookie: null }
  const fresh = cart.newGuestToken()
  return { viewer: { guestToken: fresh }, userId: null, setCookie: cartCookie(fresh, options.secure) }
}

/** The cart viewer of a page request (loader or action). Pass `create: true` from actions that write. */
export async function pageCartViewer(request: Request, context: AppLoadContext, options: { create?: boolean } = {}): Promise<ResolvedCartViewer> {
  const session = await getViewer(request, context)
  return resolveCartViewer(request.headers.get('Cookie'), session?.user.id ?? null, context.services.cart, {
    create: options.create,
    secure: isSecureRequest(request, context.publicUrl),
  })
}

type MergeServices = {
  accounts: { validateSession(token: string): Promise<{ user: { id: number } } | null> }
  cart: Pick<CartService, 'mergeGuestCart'>
}

/**
 * At sign-in or sign-up (pages and API alike): the guest cart of the request's cookie moves into the account's
 * cart. Returns the Set-Cookie that removes the guest cookie, or null when there was none. A failed merge
 * never blocks signing in: the cookie stays, so the next sign-in merges it.
 */
export async function mergeGuestCartAtSignIn(
  cookieHeader: string | null | undefined,
  sessionToken: string,
  services: MergeServices,
  secure: boolean,
  logger?: { warn(obj: object, msg: string): void },
): Promise<string | null> {
  const guestToken = readCartToken(cookieHeader)
  if (!guestToken) return null
  try {
    const session = await services.accounts.validateSession(sessionToken)
    if (!session) return null
    await services.cart.mergeGuestCart(guestToken, session.user.id)
    return clearCartCookie(secure)
  } catch (error) {
    logger?.warn({ err: error }, 'guest cart merge at sign-in failed')
    return null
  }
}
