import { describe, expect, test } from 'vitest'
import { REGISTRY_DISCOUNT, type RegistryDiscountConfig } from '../config/app-config'
import { type DiscountCartLine, discountCohortOf, discountForCart, formatExpiry, lineExclusion, ordinal, registryDiscountFor } from './discount'

const now = new Date('2026-11-24T12:00:00Z')
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000)
const dayIn = (n: number) => new Date(Date.UTC(2026, 10, 24) + n * 86_400_000).toISOString().slice(0, 10)
const baby = (arrivalInDays: number | null, createdDaysAgo = 40) => ({
  registryType: 'baby',
  arrivalDate: arrivalInDays === null ? null : dayIn(arrivalInDays),
  createdAt: daysAgo(createdDaysAgo),
})
const multi: RegistryDiscountConfig = { ...REGISTRY_DISCOUNT, multiUse: true }

describe('registry discount eligibility', () => {
  test('a birthday or holiday registry has no discount data', () => {
    expect(registryDiscountFor({ ...baby(30), registryType: 'birthday' }, now)).toBeNull()
    expect(registryDiscountFor({ ...baby(30), registryType: 'holiday' }, now)).toBeNull()
  })

  test('a baby registry 40 days old, 30 days before arrival, is eligible and carries the configuration', () => {
    expect(registryDiscountFor(baby(30), now)).toEqual({
      isEligible: true,
      eligibleForMultiuseDiscount: false,
      discountThresholdAmount: 150,
      orderThresholdAmount: 1000,
      eligibilityEndsAt: dayIn(90),
      eligibilityRegistryCreationMinDays: 30,
      eligibilityPreArrivalDays: 60,
      eligibilityPostArrivalDays: 60,
      percent: 15,
      reason: null,
    })
  })

  test('multi-use configuration makes an eligible registry eligible for the multi-use discount', () => {
    expect(registryDiscountFor(baby(30), now, multi)?.eligibleForMultiuseDiscount).toBe(true)
    expect(registryDiscountFor(baby(90), now, multi)?.eligibleForMultiuseDiscount).toBe(false)
  })

  test('the window opens exactly 60 days before the arrival date', () => {
    expect(registryDiscountFor(baby(60), now)?.isEligible).toBe(true)
    expect(registryDiscountFor(baby(61), now)).toMatchObject({ isEligible: false, reason: 'not_started' })
  })

  test('the window closes after the configured days after the arrival date (the expiry day still counts)', () => {
    expect(registryDiscountFor(baby(-60, 200), now)).toMatchObject({ isEligible: true, eligibilityEndsAt: dayIn(0) })
    expect(registryDiscountFor(baby(-61, 200), now)).toMatchObject({ isEligible: false, reason: 'expired', eligibilityEndsAt: dayIn(-1) })
  })

  test('a registry must have been active for 30 days, to the minute', () => {
    expect(registryDiscountFor(baby(10, 29), now)).toMatchObject({ isEligible: false, reason: 'registry_too_new' })
    expect(registryDiscountFor({ ...baby(10), createdAt: new Date(now.getTime() - 30 * 86_400_000 + 60_000) }, now)?.isEligible).toBe(false)
    expect(registryDiscountFor({ ...baby(10), createdAt: new Date(now.getTime() - 30 * 86_400_000) }, now)?.isEligible).toBe(true)
    expect(registryDiscountFor({ ...baby(10), createdAt: daysAgo(30).toISOString() }, now)?.isEligible).toBe(true)
  })

  test('an unknown (or malformed) arrival date is not eligible and has no expiry', () => {
    expect(registryDiscountFor(baby(null), now)).toMatchObject({ isEligible: false, reason: 'arrival_date_unknown', eligibilityEndsAt: null })
    expect(registryDiscountFor({ ...baby(null), arrivalDate: 'soon' }, now)).toMatchObject({ isEligible: false, reason: 'arrival_date_unknown' })
  })

  test('the cohort follows the configuration, and is null without discount data', () => {
    const d = registryDiscountFor(baby(30), now)
    expect(discountCohortOf(d)).toBe('single_use')
    expect(discountCohortOf(d, multi)).toBe('multi_use')
    expect(discountCohortOf(null)).toBeNull()
  })
})

describe('expiry date format (mmm dS, yyyy in UTC)', () => {
  test.each([
    ['2027-03-03', 'Mar 3rd, 2027'],
    ['2027-01-01', 'Jan 1st, 2027'],
    ['2027-02-22', 'Feb 22nd, 2027'],
    ['2027-12-11', 'Dec 11th, 2027'],
    ['2027-05-12', 'May 12th, 2027'],
    ['2027-06-13', 'Jun 13th, 2027'],
    ['2027-07-21', 'Jul 21st, 2027'],
    ['2027-08-23', 'Aug 23rd, 2027'],
    ['2027-10-31', 'Oct 31st, 2027'],
  ])('%s reads %s', (date, text) => {
    expect(formatExpiry(date)).toBe(text)
  })

  test('a timestamp is read in UTC, not local time', () => {
    expect(formatExpiry(new Date('2027-03-03T23:30:00Z'))).toBe('Mar 3rd, 2027')
    expect(formatExpiry('2027-03-04T00:30:00+02:00')).toBe('Mar 3rd, 2027')
  })

  test('ordinals for teens and hundreds', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 101, 111, 112].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '101st', '111th', '112th'])
  })
})

const line = (over: Partial<DiscountCartLine> & { key: string }): DiscountCartLine => ({
  kind: 'product',
  brandSlug: 'little-acorn',
  categorySlugs: ['strollers', 'full-size-strollers'],
  unitPriceCents: 10_000,
  quantity: 1,
  ...over,
})

describe('cart line exclusions', () => {
  test('electronic gift cards, shipping and items not sold by Nestlist are excluded', () => {
    expect(lineExclusion(line({ key: 'g', kind: 'gift_card' }))).toBe('gift_card')
    expect(lineExclusion(line({ key: 's', kind: 'shipping' }))).toBe('shipping')
    expect(lineExclusion(line({ key: 'e', kind: 'external' }))).toBe('not_sold_by_nestlist')
    expect(lineExclusion(line({ key: 'c', kind: 'cash_fund' }))).toBe('not_sold_by_nestlist')
    expect(lineExclusion(line({ key: 'f', kind: 'favor' }))).toBe('not_sold_by_nestlist')
  })

  test('diapers and wipes are excluded by category, including their subcategories and any letter case', () => {
    expect(lineExclusion(line({ key: 'd', categorySlugs: ['diapering', 'diapers'] }))).toBe('diapers_and_wipes')
    expect(lineExclusion(line({ key: 'w', categorySlugs: ['Wipes'] }))).toBe('diapers_and_wipes')
    expect(lineExclusion(line({ key: 'b', categorySlugs: ['diapering', 'diaper-bags'] }))).toBeNull()
  })

  test('the named brands are excluded', () => {
    expect(lineExclusion(line({ key: 'x', brandSlug: 'bumblebee-basics' }))).toBe('excluded_brand')
    expect(lineExclusion(line({ key: 'y', brandSlug: 'Stroll-And-Co' }))).toBe('excluded_brand')
    expect(lineExclusion(line({ key: 'z', brandSlug: null, categorySlugs: undefined }))).toBeNull()
  })
})

describe('discount on a cart', () => {
  const eligible = { isEligible: true, eligibleForMultiuseDiscount: false }

  test('not eligible (or no discount data): nothing is taken off, exclusions are still reported', () => {
    const lines = [line({ key: 'a' }), line({ key: 'g', kind: 'gift_card' })]
    for (const d of [null, { isEligible: false, eligibleForMultiuseDiscount: false }]) {
      const r = discountForCart(lines, d)
      expect(r).toMatchObject({ applied: false, eligibleSubtotalCents: 10_000, discountBaseCents: 0, discountCents: 0 })
      expect(r.lines.map((l) => [l.excludedBecause, l.discountCents])).toEqual([[null, 0], ['gift_card', 0]])
    }
  })

  test('single use: 15% of the eligible lines only, no thresholds', () => {
    const r = discountForCart(
      [
        line({ key: 'stroller', unitPriceCents: 2_000_00, quantity: 1 }),
        line({ key: 'bottles', unitPriceCents: 1_999, quantity: 3 }),
        line({ key: 'diapers', categorySlugs: ['diapers'], unitPriceCents: 4_500 }),
        line({ key: 'card', kind: 'gift_card', unitPriceCents: 5_000 }),
        line({ key: 'ship', kind: 'shipping', unitPriceCents: 799 }),
      ],
      eligible,
    )
    expect(r.eligibleSubtotalCents).toBe(2_000_00 + 5_997)
    expect(r.discountCents).toBe(Math.round((2_059_97 * 15) / 100)) // 30,899.55 → 30,900
    expect(r.lines.map((l) => l.discountCents)).toEqual([30_000, 900, 0, 0, 0])
  })

  test('multi-use: the percentage is taken of at most the order threshold', () => {
    const r = discountForCart([line({ key: 'a', unitPriceCents: 900_00 }), line({ key: 'b', unitPriceCents: 300_00 })], { isEligible: true, eligibleForMultiuseDiscount: true }, { ...multi, discountThresholdCents: 1_000_00 })
    expect(r.discountBaseCents).toBe(1_000_00)
    expect(r.discountCents).toBe(150_00)
    expect(r.lines.map((l) => l.discountCents)).toEqual([112_50, 37_50])
  })

  test('multi-use: the discount never exceeds the discount threshold', () => {
    const r = discountForCart([line({ key: 'a', unitPriceCents: 900_00 })], { isEligible: true, eligibleForMultiuseDiscount: true }, { ...multi, discountThresholdCents: 50_00 })
    expect(r.discountBaseCents).toBe(900_00)
    expect(r.discountCents).toBe(50_00)
  })

  test('multi-use under both thresholds: plain 15%', () => {
    const r = discountForCart([line({ key: 'a', unitPriceCents: 100_00 })], { isEligible: true, eligibleForMultiuseDiscount: true }, multi)
    expect(r.discountCents).toBe(15_00)
  })

  test('rounds half a cent up, and the shares add up to the discount exactly', () => {
    const r = discountForCart([line({ key: 'a', unitPriceCents: 333 }), line({ key: 'b', unitPriceCents: 333 }), line({ key: 'c', unitPriceCents: 334 })], eligible)
    expect(r.discountCents).toBe(150)
    expect(r.lines.reduce((n, l) => n + l.discountCents, 0)).toBe(150)
    const half = discountForCart([line({ key: 'a', unitPriceCents: 10 })], eligible)
    expect(half.discountCents).toBe(2) // 1.5 → 2
  })

  test('a cart with only excluded lines, or no lines, gets nothing off', () => {
    expect(discountForCart([line({ key: 's', kind: 'shipping' })], eligible).discountCents).toBe(0)
    expect(discountForCart([], eligible)).toMatchObject({ applied: true, lines: [], discountCents: 0 })
  })

  test('refuses fractional or negative cents and quantities', () => {
    expect(() => discountForCart([line({ key: 'a', unitPriceCents: 10.5 })], eligible)).toThrow(RangeError)
    expect(() => discountForCart([line({ key: 'a', quantity: -1 })], eligible)).toThrow(RangeError)
  })
})
