import { describe, expect, test } from 'vitest'
import { checkoutStrings, paymentOptionFor } from './checkout.strings'

describe('payment options shown at checkout (information only)', () => {
  test.each([
    [0, null],
    [1, 'pay_in_4'],
    [199_999, 'pay_in_4'],
    [200_000, 'financing'],
    [999_999, 'financing'],
    [1_000_000, null],
  ] as const)('a total of %i cents shows %s', (cents, option) => {
    expect(paymentOptionFor(cents)).toBe(option)
  })

  test('pay-in-4 instalments round up, so four of them always cover the total', () => {
    expect(checkoutStrings.payIn4(8_567)).toBe('or 4 interest-free payments of $21.42')
    expect(checkoutStrings.payIn4(10_000)).toBe('or 4 interest-free payments of $25')
    expect(checkoutStrings.payIn4(1)).toBe('or 4 interest-free payments of $0.01')
  })

  test('tax rates read as people write them', () => {
    expect(checkoutStrings.taxFor('CA', 725)).toBe('Tax (CA, 7.25%)')
    expect(checkoutStrings.taxFor('NY', 400)).toBe('Tax (NY, 4%)')
    expect(checkoutStrings.taxFor('NJ', 663)).toBe('Tax (NJ, 6.63%)')
  })
})
