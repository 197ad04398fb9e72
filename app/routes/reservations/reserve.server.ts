// Shared by the registry guest page and the reservation pages: the visitor's reservation cookie (the giver's
// confirmation email is sent by the reservations service).
import type { AppLoadContext } from 'react-router'
import { isSecureRequest } from '~/modules/accounts/auth.server'
import { reservationCookieWith, reservationIdsInCookie } from '~/modules/registry/reservation-holder.server'

/**
 * The reservation ids this browser holds (well-formed ones only, newest first): its reservation cookie, which
 * remembers the reservations it made so the registry shows 'You reserved this' (reservation-holder.server.ts).
 */
export function visitorReservationIds(request: Request): string[] {
  return reservationIdsInCookie(request.headers.get('Cookie'))
}

/** Set-Cookie that adds a reservation id (newest first, at most 50, one year). */
export function rememberReservationCookie(request: Request, context: AppLoadContext, id: string): string {
  return reservationCookieWith(request.headers.get('Cookie'), id, isSecureRequest(request, context.publicUrl))
}

