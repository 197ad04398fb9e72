// Shared by the registry guest page and the reservation pages: the visitor's reservation cookie, absolute
// links for emails, and the giver's confirmation email.
import type { AppLoadContext } from 'react-router'
import { isSecureRequest, readCookie } from '~/modules/accounts/auth.server'

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

/**
 * Emails the giver their reservation: the page to see it, buy it or unreserve it, and the 'I bought it'
 * link. Category 'registry_activity' (the honest one: it is activity on a registry, not an order or an
 * account notice); it goes to the address the giver typed, so no account's opt-outs apply.
 */
export async function sendReservationEmail(
  request: Request,
  context: AppLoadContext,
  r: { id: string; kind: 'reserved' | 'purchased'; giverName: string; giverEmail: string; quantity: number; itemTitle: string; familyName: string },
) {
  const base = linkBase(request, context)
  const page = `${base}/reservations/${r.id}`
  const count = r.quantity > 1 ? `${r.quantity} × ` : ''
  const reserved = r.kind === 'reserved'
  await context.services.email.send({
    to: r.giverEmail,
    template: 'notice',
    data: {
      category: 'registry_activity',
      subject: reserved ? `You reserved a gift for ${r.familyName}` : `Thank you for your gift to ${r.familyName}`,
      heading: reserved ? 'Your gift is reserved' : 'Your gift is marked as bought',
      firstName: r.giverName.split(/\s+/)[0],
      paragraphs: reserved
        ? [
            `You reserved ${count}${r.itemTitle} on ${r.familyName}'s registry. Nobody else can reserve it while it is yours.`,
            "Once you have bought it, press 'I bought it' below so the family's list stays right.",
            `To see where to buy it, leave an address for a thank-you note, or unreserve it: ${page}`,
          ]
        : [
            `You told ${r.familyName} that you bought ${count}${r.itemTitle}. It no longer shows as needed on their registry.`,
            `To see your gift or leave an address for a thank-you note: ${page}`,
          ],
      action: reserved
        ? { label: 'I bought it', url: `${base}/email_actions/reservation_purchase/${r.id}?purchased=1` }
        : { label: 'See your gift', url: page },
    },
  })
}
