import { describe, expect, test } from 'vitest'
import type { RegistryDiscount } from './discount'
import { discountStatus } from './discount-status'

const base: RegistryDiscount = {
  isEligible: true,
  eligibleForMultiuseDiscount: false,
  discountThresholdAmount: 150,
  orderThresholdAmount: 1000,
  eligibilityEndsAt: '2027-03-03',
  eligibilityRegistryCreationMinDays: 30,
  eligibilityPreArrivalDays: 60,
  eligibilityPostArrivalDays: 60,
  percent: 15,
  reason: null,
}
const WINDOW = ["Start saving 60 days before & 60 days after your baby's arrival date"]
const CART = ['Automatically appears in your cart', 'to use on eligible items']

describe('registry discount status modal words', () => {
  test('eligible, multi-use: the desktop and mobile titles differ, thresholds in the footer', () => {
    const s = discountStatus({ ...base, eligibleForMultiuseDiscount: true })
    expect(s.titleDesktop).toBe('Take 15% off* everything with your registry discount')
    expect(s.titleMobile).toBe('Enjoy 15% off* with your registry discount')
    expect(s.lines).toEqual([['Use it again and again on shop items'], WINDOW, CART])
    expect(s.footer).toEqual([
      '*Product exclusions apply and are subject to change.',
      'Apply on order value up to $1,000, for a max discount of $150. Registry must be active for 30 days.',
      'Expires Mar 3rd, 2027.',
    ])
  })

  test('eligible, single use: the mobile wording everywhere, the cart line, no thresholds', () => {
    const s = discountStatus(base)
    expect(s.titleDesktop).toBe('Enjoy 15% off* with your registry discount')
    expect(s.titleMobile).toBe(s.titleDesktop)
    expect(s.lines).toEqual([['Save on your entire order from the Nestlist shop!'], WINDOW, CART])
    expect(s.footer).toEqual(['*Product exclusions apply and are subject to change.', 'Registry must be active for 30 days.', 'Expires Mar 3rd, 2027.'])
  })

  test('eligible: two tracked buttons, to the registry discount shop and the store', () => {
    expect(discountStatus(base).buttons).toEqual([
      { label: 'Shop your registry', href: '/registry-discount', variant: 'primary', tracked: true },
      { label: 'Browse the shop', href: '/store', variant: 'secondary', tracked: true },
    ])
  })

  test('not eligible: the save line and the window line, one button to the store', () => {
    const s = discountStatus({ ...base, isEligible: false, eligibleForMultiuseDiscount: true, reason: 'registry_too_new' })
    expect(s.titleDesktop).toBe('Enjoy 15% off* with your registry discount')
    expect(s.lines).toEqual([['Save on your entire order from the Nestlist shop!'], WINDOW])
    expect(s.buttons).toEqual([{ label: 'Add items from the shop', href: '/store', variant: 'primary', tracked: false }])
    expect(s.footer[1]).toBe('Registry must be active for 30 days.')
  })

  test('no expiry line while the arrival date is unknown; the numbers come from the data', () => {
    const s = discountStatus({ ...base, isEligible: false, eligibilityEndsAt: null, percent: 20, eligibilityPreArrivalDays: 45, eligibilityRegistryCreationMinDays: 14 })
    expect(s.titleMobile).toBe('Enjoy 20% off* with your registry discount')
    expect(s.lines[1]).toEqual(["Start saving 45 days before & 60 days after your baby's arrival date"])
    expect(s.footer).toEqual(['*Product exclusions apply and are subject to change.', 'Registry must be active for 14 days.'])
  })
})
