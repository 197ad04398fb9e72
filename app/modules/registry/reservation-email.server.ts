// The giver's confirmation email, sent by the reservations service once a gift is reserved or marked bought
// elsewhere (from the registry page, the JSON API or the Amazon cart alike).
import type { EmailSender } from '~/modules/email/email.types'
import type { GiverReservation } from './reservations.service.server'

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/**
 * Emails the giver their reservation: the page to see it, buy it or unreserve it, 'Buy it now' for a shop gift
 * (checked out and shipped to the family), 'I bought it' for the rest, until when it is held, and how a gift
 * from another store reaches the family (their address only when they chose to share it with givers). Category
 * 'registry_activity'; it goes to the address the giver typed, so no account's opt-outs apply.
 */
export async function sendReservationEmail(email: EmailSender, base: string, r: GiverReservation & { giverEmail: string }) {
  const page = `${base}/reservations/${r.id}`
  const boughtIt = `${base}/email_actions/reservation_purchase/${r.id}?purchased=1`
  const count = r.quantity > 1 ? `${r.quantity} × ` : ''
  const reserved = r.status === 'reserved'
  const family = r.registry.familyName
  const shopItem = r.item.href === null
  const a = r.delivery?.address
  const delivery = r.delivery
    ? [
        a
          ? `If you buy it at another store, you can ship it to ${a.name}, ${[a.line1, a.line2].filter(Boolean).join(', ')}, ${a.city}, ${a.state} ${a.zip}. The family shares this address only with guests who reserved a gift.`
          : 'The family keeps their address private: bring the gift to the shower or give it to them in person.',
        ...(r.delivery.note ? [`From the family: "${r.delivery.note}"`] : []),
      ]
    : []
  await email.send({
    to: r.giverEmail,
    template: 'notice',
    data: {
      category: 'registry_activity',
      subject: reserved ? `You reserved a gift for ${family}` : `Thank you for your gift to ${family}`,
      heading: reserved ? 'Your gift is reserved' : 'Your gift is marked as bought',
      firstName: r.giverName.split(/\s+/)[0],
      paragraphs: reserved
        ? [
            `You reserved ${count}${r.item.title} on ${family}'s registry. Nobody else can reserve it while it is yours.`,
            ...(r.expiresAt ? [`We hold it for you until ${longDate(r.expiresAt)}. If it is not marked bought by then, it goes back on the registry.`] : []),
            shopItem
              ? `It is in the Nestlist Shop: press 'Buy it now' below and we ship it to the family. Bought it somewhere else? Tell the family here: ${boughtIt}`
              : "Once you have bought it, press 'I bought it' below so the family's list stays right.",
            ...(shopItem ? [] : delivery),
            `To see where to buy it, leave an address for a thank-you note, or unreserve it: ${page}`,
          ]
        : [`You told ${family} that you bought ${count}${r.item.title}. It no longer shows as needed on their registry.`, ...delivery, `To see your gift or leave an address for a thank-you note: ${page}`],
      action: reserved
        ? shopItem
          ? { label: 'Buy it now', url: `${page}?buy=1` }
          : { label: 'I bought it', url: boughtIt }
        : { label: 'See your gift', url: page },
    },
  })
}
