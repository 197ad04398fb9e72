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
