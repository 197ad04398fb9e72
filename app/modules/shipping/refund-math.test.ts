import { describe, expect, test } from 'vitest'
import { allocate, refundFor, splitRefund, tendersLeft } from './refund-math'

describe('refund math', () => {
  test('allocate splits to the cent and the shares add up to the total', () => {
    expect(allocate(261, [2_500, 1_099])).toEqual([181, 80])
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocate(0, [5, 5])).toEqual([0, 0])
    expect(allocate(7, [0, 0])).toEqual([0, 0])
    for (const [total, weights] of [
      [999, [3, 7, 11, 13]],
      [1, [1, 1]],
      [12_345, [100, 1, 1, 1_000_000]],
    ] as const) {
      expect(allocate(total, [...weights]).reduce((n, s) => n + s, 0)).toBe(total)
    }
  })

  const order = { taxCents: 261, shippingCents: 799 }
  const lines = (returnedA: number, nowA: number, returnedB: number, nowB: number) => [
    { id: 1, quantity: 2, lineTotalCents: 2_500, discountCents: 0, taxable: true, returnedBefore: returnedA, returningNow: nowA },
    { id: 2, quantity: 1, lineTotalCents: 1_099, discountCents: 0, taxable: true, returnedBefore: returnedB, returningNow: nowB },
  ]

  test("one unit of a line refunds its share of what was paid and of the order's tax; shipping stays", () => {
    expect(refundFor(order, lines(0, 1, 0, 0))).toEqual({
      lines: [{ id: 1, quantity: 1, itemsCents: 1_250, taxCents: 90 }],
      itemsCents: 1_250,
      taxCents: 90,
      shippingCents: 0,
      refundCents: 1_340,
    })
  })

  test('returning the rest later refunds exactly what is left, shipping included, so the order is refunded in full', () => {
    const rest = refundFor(order, lines(1, 1, 0, 1))
    expect(rest).toMatchObject({ itemsCents: 1_250 + 1_099, taxCents: 91 + 80, shippingCents: 799, refundCents: 3_319 })
    expect(1_340 + rest.refundCents).toBe(2_500 + 1_099 + 799 + 261)
  })

  test('a discount share is not refunded (only what was paid), and an odd number of units never loses a cent', () => {
    const discounted = { taxCents: 0, shippingCents: 0 }
    const line = (before: number, now: number) => [{ id: 1, quantity: 3, lineTotalCents: 1_000, discountCents: 150, taxable: true, returnedBefore: before, returningNow: now }]
    const parts = [refundFor(discounted, line(0, 1)), refundFor(discounted, line(1, 1)), refundFor(discounted, line(2, 1))].map((r) => r.refundCents)
    expect(parts).toEqual([283, 283, 284])
    expect(parts.reduce((n, p) => n + p, 0)).toBe(850)
  })

  test('once the whole order was returned, nothing returns shipping a second time', () => {
    expect(refundFor(order, lines(2, 0, 1, 0)).shippingCents).toBe(0)
  })
})

describe('dates', () => {
  test('the returns window adds calendar months, ending on the month’s last day when it has no such day', async () => {
    const { addMonths } = await import('./returns.service.server')
    expect(addMonths(new Date('2026-02-10T15:00:00Z'), 9)).toBe('2026-11-10')
    expect(addMonths(new Date('2026-05-31T23:00:00Z'), 9)).toBe('2027-02-28')
    expect(addMonths(new Date('2027-05-31T00:00:00Z'), 9)).toBe('2028-02-29')
  })

  test('held gifts ship by themselves 14 days before a known arrival date, else 30 days after the box opened', async () => {
    const { autoShipDay } = await import('./shipment-assignment.server')
    expect(autoShipDay({ arrivalDate: '2027-03-10', isArrivalDateKnown: true }, new Date('2026-12-01T12:00:00Z'))).toBe('2027-02-24')
    expect(autoShipDay({ arrivalDate: '2027-03-10', isArrivalDateKnown: false }, new Date('2026-12-01T12:00:00Z'))).toBe('2026-12-31')
    expect(autoShipDay({ arrivalDate: null, isArrivalDateKnown: true }, new Date('2026-12-01T12:00:00Z'))).toBe('2026-12-31')
  })

  test('splitRefund: last paid, first refunded (card, then store credit, then gift card), to the cent', () => {
    const paid = { cardCents: 3_000, creditCents: 1_500, giftCardCents: 2_500 }
    expect(splitRefund(1_000, tendersLeft(paid, { cardBack: 0, otherBack: 0 }))).toEqual({ cardCents: 1_000, creditCents: 0, giftCardCents: 0 })
    expect(splitRefund(3_000, tendersLeft(paid, { cardBack: 1_000, otherBack: 0 }))).toEqual({ cardCents: 2_000, creditCents: 1_000, giftCardCents: 0 })
    expect(splitRefund(3_000, tendersLeft(paid, { cardBack: 3_000, otherBack: 1_000 }))).toEqual({ cardCents: 0, creditCents: 500, giftCardCents: 2_500 })
    // Beyond what the tenders have left (never from refundFor's amounts): store credit.
    expect(splitRefund(100, tendersLeft(paid, { cardBack: 3_000, otherBack: 4_000 }))).toEqual({ cardCents: 0, creditCents: 100, giftCardCents: 0 })
    // Any order of partial refunds gives each tender back exactly what it paid.
    let back = { cardBack: 0, otherBack: 0 }
    const total = { card: 0, credit: 0, gift: 0 }
    for (const part of [1_234, 2_000, 1, 3_765]) {
      const s = splitRefund(part, tendersLeft(paid, back))
      back = { cardBack: back.cardBack + s.cardCents, otherBack: back.otherBack + s.creditCents + s.giftCardCents }
      total.card += s.cardCents
      total.credit += s.creditCents
      total.gift += s.giftCardCents
    }
    expect(total).toEqual({ card: 3_000, credit: 1_500, gift: 2_500 })
  })
})
