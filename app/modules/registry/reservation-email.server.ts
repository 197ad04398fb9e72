// The giver's confirmation email, sent after a reservation from the registry page or the JSON API.
import type { EmailSender } from '~/modules/email/email.types'
import { holdEndsAt, RESERVATION_HOLD_DAYS } from './registry.constants'

export type ReservationEmail = {
  id: string
  kind: 'reserved' | 'purchased'
  giverName: string
  giverEmail: string
  quantity: number
  itemTitle: string
  familyName: string
}

/**
 * Emails the giver their reservation: the page to see it, buy it or unreserve it, and the 'I bought it'
 * link. Category 'registry_activity' (the honest one: it is activity on a registry, not an order or an
 * account notice); it goes to the address the giver typed, so no account's opt-outs apply.
 */
export async function sendReservationEmail(email: EmailSender, base: string, r: ReservationEmail) {
  const page = `${base}/reservations/${r.id}`
  const count = r.quantity > 1 ? `${r.quantity} × ` : ''
  const reserved = r.kind === 'reserved'
  await email.send({
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
            `We hold it for you for ${RESERVATION_HOLD_DAYS} days, until ${holdEndsAt(new Date()).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}. If it is not marked bought by then, it goes back on the registry.`,
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
