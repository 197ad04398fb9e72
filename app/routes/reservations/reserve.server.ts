// Shared by the registry guest page and the reservation pages: the visitor's reservation cookie, absolute
// links for emails, and the giver's confirmation email.
import type { AppLoadContext } from 'react-router'
import { isSecureRequest, readCookie } from '~/modules/accounts/auth.server'
import { type ReservationEmail, sendReservationEmail as sendReservationEmailTo } from '~/modules/registry/reservation-email.server'

/** Remembers which reservations this browser made, so the registry shows 'You reserved this'. */
export const VISITOR_COOKIE = 'nestlist_reservations'
export const VISITOR_COOKIE_MAX_IDS = 50
const YEAR_S = 365 * 24 * 3600
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The reservation ids this browser holds (well-formed ones only, newest first). */
export function visitorReservationIds(request: Request): string[] {
  const raw = readCookie(request.headers.get('Cookie'), VISITOR_COOKIE) ?? ''
  return raw
    .split('.')
    .filter((id) => UUID.test(id))
    .slice(0, VISITOR_COOKIE_MAX_IDS)
}

/** Set-Cookie that adds a reservation id (newest first, at most 50, one year). */
export function rememberReservationCookie(request: Request, context: AppLoadContext, id: string): string {
  const ids = [id, ...visitorReservationIds(request).filter((x) => x !== id)].slice(0, VISITOR_COOKIE_MAX_IDS)
  const secure = isSecureRequest(request, context.publicUrl)
  return `${VISITOR_COOKIE}=${ids.join('.')}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_S}${secure ? '; Secure' : ''}`
}

/** The origin links in emails start with: PUBLIC_URL when set, else this request's origin. */
export function linkBase(request: Request, context: AppLoadContext): string {
  return (context.publicUrl ?? new URL(request.url).origin).replace(/\/$/, '')
}

/** Emails the giver their reservation (see app/modules/registry/reservation-email.server.ts). */
export async function sendReservationEmail(request: Request, context: AppLoadContext, r: ReservationEmail) {
  await sendReservationEmailTo(context.services.email, linkBase(request, context), r)
}
