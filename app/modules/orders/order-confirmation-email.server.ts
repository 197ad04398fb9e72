// The buyer's order confirmation, sent by the orders service once an order is placed, whichever way in it came
// (a checkout page or the JSON API), and once per order: a retried checkout never sends a second one.
import { formatCents } from '~/lib/money'
import type { EmailSender } from '~/modules/email/email.types'
import { checkoutStrings as t, optionText } from './checkout.strings'
import type { OrderView } from './orders.service.server'

/** Only e-gift cards: such an order is placed with no address (orders.service), as nothing ships. */
const nothingShips = (order: OrderView) => order.shipsTo.kind === 'buyer' && !order.shipsTo.address.line1 && !order.shipsTo.address.city

/** The lines of an order as plain text, one paragraph each (the email layout keeps paragraphs, not line breaks). */
function summaryParagraphs(order: OrderView): string[] {
  const lines = order.lines.map((l) => {
    const opts = optionText(l.options)
    return `${l.quantity} × ${l.title}${opts ? ` (${opts})` : ''}: ${formatCents(l.lineTotalCents)}`
  })
  const totals = [
    `Subtotal: ${formatCents(order.subtotalCents)}`,
    order.discountCents > 0 ? `Registry discount: −${formatCents(order.discountCents)}` : null,
    `Shipping: ${order.shippingCents === 0 ? t.free : formatCents(order.shippingCents)}`,
    `Tax: ${formatCents(order.taxCents)}`,
    `Total: ${formatCents(order.totalCents)}, paid with ${t.paidWith(order.payment.cardBrand, order.payment.cardLast4)}`,
  ].filter((x): x is string => x !== null)
  // An order of e-gift cards only ships nothing: each card goes to its recipient by email.
  const shipsTo = nothingShips(order)
    ? 'Each gift card goes to its recipient by email.'
    : order.shipsTo.kind === 'registry'
      ? t.giftShipsTo(order.shipsTo.familyName, order.shipsTo.city, order.shipsTo.state)
      : `Ships to ${[order.shipsTo.address.name, order.shipsTo.address.line1, order.shipsTo.address.line2, `${order.shipsTo.address.city}, ${order.shipsTo.address.state} ${order.shipsTo.address.zip}`].filter(Boolean).join(', ')}.`
  return [...lines, totals.join('\u00a0· '), shipsTo]
}

/**
 * Emails the buyer their receipt: the order number and date, each line, the totals and how it was paid, where
 * it ships. A signed-in buyer gets a link to the order; a guest's order page opens only in the browser that
 * placed it (docs/decisions/022), so for them the email is the receipt. Category 'orders' (no opt-out).
 */
export async function sendOrderConfirmation(email: EmailSender, publicOrigin: string, order: OrderView, userId: number | null) {
  const url = `${publicOrigin.replace(/\/$/, '')}/orders/${order.id}`
  await email.send({
    to: order.email,
    userId: userId ?? undefined,
    template: 'notice',
    data: {
      category: 'orders',
      subject: `Your Nestlist order ${t.orderNumber(order.id).replace('Order ', '')} is confirmed`,
      heading: 'Thank you for your order!',
      firstName: order.buyerName.split(' ')[0],
      paragraphs: [
        `${t.orderNumber(order.id)}, placed ${new Date(order.createdAt).toUTCString().slice(0, 16)}.`,
        ...summaryParagraphs(order),
        ...(nothingShips(order) ? [] : ['We will email you again when it ships.']),
        ...(userId ? [] : ['Keep this email as your receipt.']),
      ],
      action: userId ? { label: 'View your order', url } : undefined,
    },
  })
}
