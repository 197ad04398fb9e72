// What a purchase return refunds, to the cent (docs/decisions/024). Pure: no server imports.

export type RefundOrder = { taxCents: number; shippingCents: number }
export type RefundLine = {
  id: number
  quantity: number
  lineTotalCents: number
  discountCents: number
  /** Electronic gift cards are not taxed (and cannot be returned). */
  taxable: boolean
  /** Units of this line already returned (not counting failed returns). */
  returnedBefore: number
  /** Units returned now. */
  returningNow: number
}

/**
 * Splits `total` over `weights` in whole cents that add up to `total` exactly (largest remainder; ties to
 * the earlier weight).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0)
  if (sum === 0 || total === 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const shares = exact.map(Math.floor)
  let left = total - shares.reduce((n, s) => n + s, 0)
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i]! += 1
    left--
  }
  return shares
}

/** The first k units' share of an amount spread over q units, floored; q units give the amount exactly. */
const firstUnits = (amount: number, k: number, q: number) => Math.floor((amount * k) / q)

/**
 * The refund for returning `returningNow` units of each line: per line, the units' share of what was paid
 * for them (line total − its discount share) plus their share of the order's tax (the order's tax split over
 * its taxable lines by what was paid for them). Returning a line in several goes adds up to exactly what was
 * paid for it. Shipping is refunded only by the return that leaves every line of the order returned.
 */
export function refundFor(order: RefundOrder, lines: RefundLine[]) {
  const taxShares = allocate(
    order.taxCents,
    lines.map((l) => (l.taxable ? l.lineTotalCents - l.discountCents : 0)),
  )
  const perLine = lines.map((l, i) => {
    const paid = l.lineTotalCents - l.discountCents
    const tax = taxShares[i]!
    const before = l.returnedBefore
    const after = l.returnedBefore + l.returningNow
    return {
      id: l.id,
      quantity: l.returningNow,
      itemsCents: firstUnits(paid, after, l.quantity) - firstUnits(paid, before, l.quantity),
      taxCents: firstUnits(tax, after, l.quantity) - firstUnits(tax, before, l.quantity),
    }
  })
  const wholeOrder = lines.every((l) => l.returnedBefore + l.returningNow >= l.quantity)
  const alreadyWhole = lines.every((l) => l.returnedBefore >= l.quantity)
  const returned = perLine.filter((l) => l.quantity > 0)
  const itemsCents = returned.reduce((n, l) => n + l.itemsCents, 0)
  const taxCents = returned.reduce((n, l) => n + l.taxCents, 0)
  const shippingCents = wholeOrder && !alreadyWhole ? order.shippingCents : 0
  return { lines: returned, itemsCents, taxCents, shippingCents, refundCents: itemsCents + taxCents + shippingCents }
}

/** What an order's tenders can still take back: the card's charge and the gift card and store credit it used, less earlier refunds. */
export type TendersLeft = { cardCents: number; creditCents: number; giftCardCents: number }

/**
 * Where a refund goes (docs/decisions/024, h13): last paid, first refunded. The checkout takes a gift card first,
 * then store credit, then the card for the rest, so a refund goes back to the card first (up to what it was
 * charged less earlier refunds), then to store credit, then to the gift card. A whole order refunded in any number
 * of goes gives each tender back exactly what it paid. Anything beyond what the tenders have left (none when the
 * amounts come from refundFor) goes to store credit.
 */
export function splitRefund(refundCents: number, left: TendersLeft) {
  const cardCents = Math.min(refundCents, Math.max(0, left.cardCents))
  let rest = refundCents - cardCents
  const fromCredit = Math.min(rest, Math.max(0, left.creditCents))
  rest -= fromCredit
  const giftCardCents = Math.min(rest, Math.max(0, left.giftCardCents))
  rest -= giftCardCents
  return { cardCents, giftCardCents, creditCents: fromCredit + rest }
}

/**
 * What each tender has left to give back, from what it paid and what earlier refunds took: `cardBack` is what went
 * (or is going) back to the card; `otherBack` what went back to the gift card or as store credit for it. The
 * non-card part comes back store credit first, then gift card (the reverse of how the checkout took them).
 */
export function tendersLeft(paid: { cardCents: number; creditCents: number; giftCardCents: number }, back: { cardBack: number; otherBack: number }): TendersLeft {
  return {
    cardCents: Math.max(0, paid.cardCents - back.cardBack),
    creditCents: Math.max(0, paid.creditCents - back.otherBack),
    giftCardCents: Math.max(0, paid.giftCardCents - Math.max(0, back.otherBack - paid.creditCents)),
  }
}
