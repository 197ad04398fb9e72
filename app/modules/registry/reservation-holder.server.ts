// Who holds a reservation, for checking it out (the reserved-gifts checkout page and POST /api/v3/checkouts,
// docs/decisions/022 and 031): a reservation id is held by the browser whose reservation cookie carries it
// (the guest pages and POST /api/v3/reg_items/{id}/reservations put it there) or by the signed-in giver who reaches
// it (made it signed in, or under the account's email once confirmed: reachableBy). An id merely known (seen in a
// link, a log or a screenshot) is not enough to buy, or even quote, the gift.
import { readCookie } from '~/modules/accounts/auth.server'
import { UUID_PATTERN } from '~/lib/uuid'
import type { GiverAccount, ReservationsService } from './reservations.service.server'

/** The cookie that remembers which reservations this browser made (UUIDs joined by dots, newest first). */
export const VISITOR_RESERVATIONS_COOKIE = 'nestlist_reservations'
export const VISITOR_RESERVATIONS_MAX_IDS = 50
const YEAR_S = 365 * 24 * 3600

/** The reservation ids a Cookie header holds (well-formed ones only, lower-cased, newest first, at most 50). */
export function reservationIdsInCookie(cookieHeader: string | null | undefined): string[] {
  const raw = readCookie(cookieHeader, VISITOR_RESERVATIONS_COOKIE) ?? ''
  return raw
    .split('.')
    .filter((id) => UUID_PATTERN.test(id))
    .map((id) => id.toLowerCase())
    .slice(0, VISITOR_RESERVATIONS_MAX_IDS)
}

/** Set-Cookie that adds a reservation id to those the Cookie header holds (newest first, at most 50, one year). */
export function reservationCookieWith(cookieHeader: string | null | undefined, id: string, secure: boolean): string {
  const ids = [id.toLowerCase(), ...reservationIdsInCookie(cookieHeader).filter((x) => x !== id.toLowerCase())].slice(0, VISITOR_RESERVATIONS_MAX_IDS)
  return `${VISITOR_RESERVATIONS_COOKIE}=${ids.join('.')}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_S}${secure ? '; Secure' : ''}`
}

/**
 * Splits the reservation ids asked for into those the caller holds and those it does not (unknown ids count as
 * not held, so nobody learns whether someone else's id exists). Asked ids are lower-cased and deduplicated; at
 * most 50 are looked at (a reservation checkout takes at most 50).
 */
export async function heldReservations(
  reservations: Pick<ReservationsService, 'givenBy'>,
  asked: readonly string[],
  who: { cookieHeader: string | null | undefined; user: GiverAccount | null },
): Promise<{ held: string[]; notHeld: string[] }> {
  const ids = [...new Set(asked.map((s) => s.trim().toLowerCase()))].slice(0, 50)
  const wellFormed = ids.filter((id) => UUID_PATTERN.test(id))
  const held = new Set(reservationIdsInCookie(who.cookieHeader).filter((id) => wellFormed.includes(id)))
  const rest = wellFormed.filter((id) => !held.has(id))
  if (who.user && rest.length > 0) for (const id of await reservations.givenBy(who.user, rest)) held.add(id.toLowerCase())
  return { held: ids.filter((id) => held.has(id)), notHeld: ids.filter((id) => !held.has(id)) }
}
