// Session cookies and authorisation helpers for pages (React Router loaders and actions).
import { redirect } from 'react-router'
import type { AppLoadContext } from 'react-router'
import type { Viewer } from './accounts.types'
import { safeRedirectPath } from './safe-redirect'

export const SESSION_COOKIE = 'nestlist_session'
/** Over HTTPS the cookie takes the __Host- prefix: Secure, Path=/, no Domain, so subdomains cannot set it. */
export const SECURE_SESSION_COOKIE = '__Host-nestlist_session'
const COOKIE_MAX_AGE_S = 90 * 24 * 3600

/** True when the request came over HTTPS (directly, or as PUBLIC_URL says when behind a proxy). */
export function isSecureRequest(request: Request, publicUrl?: string): boolean {
  return request.url.startsWith('https:') || Boolean(publicUrl?.startsWith('https:'))
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(raw)
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** The session token a request carries, if any. */
export function readSessionToken(cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, SESSION_COOKIE)
}

/** Set-Cookie for a new session: HttpOnly, SameSite=Lax, Secure + __Host- over HTTPS. */
export function sessionCookie(token: string, secure: boolean): string {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_MAX_AGE_S}${secure ? '; Secure' : ''}`
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(secure: boolean): string {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`
}

export type ViewerSession = { user: Viewer; sessionId: string; token: string }

const cache = new WeakMap<Request, Promise<ViewerSession | null>>()

/** The signed-in viewer for a page request (one database read per request at most), or null. */
export function getViewer(request: Request, context: AppLoadContext): Promise<ViewerSession | null> {
  let found = cache.get(request)
  if (!found) {
    const token = readSessionToken(request.headers.get('Cookie'))
    found = token
      ? context.services.accounts
          .validateSession(token)
          .then((s) => (s ? { user: s.user, sessionId: s.sessionId, token } : null))
      : Promise.resolve(null)
    cache.set(request, found)
  }
  return found
}

/** The path and query of this request, as a redirect_path value. */
export function currentPath(request: Request): string {
  const url = new URL(request.url)
  return url.pathname + url.search
}

/** Signed-in viewer or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<ViewerSession> {
  const viewer = await getViewer(request, context)
  if (!viewer) throw redirect(`/login?redirect_path=${encodeURIComponent(safeRedirectPath(currentPath(request)))}`)
  return viewer
}

/** Staff only; everyone else (signed in or not) gets the 404 page, so staff areas do not announce themselves. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<ViewerSession> {
  const viewer = await getViewer(request, context)
  if (!viewer || viewer.user.role !== 'staff') throw new Response('Not Found', { status: 404 })
  return viewer
}

/** Request metadata stored with a session and used for throttling (the address comes from the socket). */
export function sessionMeta(request: Request, context: AppLoadContext): { ip: string; userAgent: string } {
  return { ip: context.clientIp, userAgent: request.headers.get('User-Agent') ?? '' }
}
