import type { Context } from 'hono'
import { DomainError } from '~/lib/errors'
import { isSecureRequest, readSessionToken, sessionCookie, clearSessionCookie } from '~/modules/accounts/auth.server'
import type { Viewer } from '~/modules/accounts/accounts.types'
import { mergeGuestCartAtSignIn, resolveCartViewer } from '~/modules/cart/cart-cookie.server'
import type { AppEnv } from './types'

export type ApiViewer = { user: Viewer; sessionId: string; token: string }

/** The signed-in user of an API request, or null. */
export async function apiViewer(c: Context<AppEnv>): Promise<ApiViewer | null> {
  const token = readSessionToken(c.req.header('Cookie'))
  if (!token) return null
  const s = await c.var.services.accounts.validateSession(token)
  return s ? { user: s.user, sessionId: s.sessionId, token } : null
}

/** The signed-in user, or 401. */
export async function requireApiUser(c: Context<AppEnv>): Promise<ApiViewer> {
  const v = await apiViewer(c)
  if (!v) throw new DomainError('unauthenticated', 'Please sign in to continue.')
  return v
}

/**
 * Staff only: 401 without a session (as every signed-in endpoint), 404 for a signed-in user who is not staff, so
 * staff endpoints do not announce themselves to customers.
 */
export async function requireApiStaff(c: Context<AppEnv>): Promise<ApiViewer> {
  const v = await requireApiUser(c)
  if (v.user.role !== 'staff') throw new DomainError('not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`)
  return v
}

/** Sets the session cookie on the answer. */
export function setSessionCookie(c: Context<AppEnv>, token: string) {
  c.header('Set-Cookie', sessionCookie(token, isSecureRequest(c.req.raw, c.var.publicUrl)), { append: true })
}

/** After an API sign-in or sign-up: the guest cart moves into the account's, and its cookie is removed. */
export async function mergeApiGuestCart(c: Context<AppEnv>, sessionToken: string) {
  const secure = isSecureRequest(c.req.raw, c.var.publicUrl)
  const clear = await mergeGuestCartAtSignIn(c.req.header('Cookie'), sessionToken, c.var.services, secure, c.var.logger)
  if (clear) c.header('Set-Cookie', clear, { append: true })
}

/** Removes the session cookie on the answer. */
export function unsetSessionCookie(c: Context<AppEnv>) {
  c.header('Set-Cookie', clearSessionCookie(isSecureRequest(c.req.raw, c.var.publicUrl)), { append: true })
}

/** Metadata stored with a session created by an API call. */
export const apiSessionMeta = (c: Context<AppEnv>) => ({
  ip: c.var.clientIp,
  userAgent: c.req.header('User-Agent') ?? '',
})

/** The cart viewer of an API request (see app/modules/cart/cart-cookie.server.ts); with `create`, sets a guest cookie when needed. */
export async function apiCartViewer(c: Context<AppEnv>, options: { create?: boolean } = {}) {
  const v = await apiViewer(c)
  const resolved = resolveCartViewer(c.req.header('Cookie'), v?.user.id ?? null, c.var.services.cart, {
    create: options.create,
    secure: isSecureRequest(c.req.raw, c.var.publicUrl),
  })
  if (resolved.setCookie) c.header('Set-Cookie', resolved.setCookie, { append: true })
  return resolved
}
