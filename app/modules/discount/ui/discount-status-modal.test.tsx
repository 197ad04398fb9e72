import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { RegistryDiscount } from '../discount'
import DiscountStatusModal from './discount-status-modal'

const discount: RegistryDiscount = {
  isEligible: true,
  eligibleForMultiuseDiscount: true,
  discountThresholdAmount: 150,
  orderThresholdAmount: 1000,
  eligibilityEndsAt: '2027-03-03',
  eligibilityRegistryCreationMinDays: 30,
  eligibilityPreArrivalDays: 60,
  eligibilityPostArrivalDays: 60,
  percent: 15,
  reason: null,
}

function render(d: RegistryDiscount) {
  const router = createMemoryRouter([{ path: '/', element: <DiscountStatusModal discount={d} open onClose={() => {}} /> }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('registry discount status modal', () => {
  test('multi-use: the desktop title from the small breakpoint up, the mobile title below it, thresholds and expiry in the footer', () => {
    const html = render(discount)
    expect(html).toContain('<span class="hidden sm:inline">Take 15% off* everything with your registry discount</span>')
    expect(html).toContain('<span class="sm:hidden">Enjoy 15% off* with your registry discount</span>')
    expect(html).toContain('Use it again and again on shop items')
    expect(html).toContain('Apply on order value up to $1,000, for a max discount of $150. Registry must be active for 30 days.')
    expect(html).toContain('Expires Mar 3rd, 2027.')
    expect(html).toContain('href="/registry-discount"')
    expect(html).toContain('>Shop your registry</a>')
    expect(html).toContain('>Browse the shop</a>')
  })

  test('not eligible: one title for every width and only the Add items from the shop button', () => {
    const html = render({ ...discount, isEligible: false, reason: 'registry_too_new' })
    expect(html).not.toContain('sm:hidden')
    expect(html).toContain('Enjoy 15% off* with your registry discount')
    expect(html).toContain('>Add items from the shop</a>')
    expect(html).not.toContain('Shop your registry')
    expect(html).not.toContain('Automatically appears in your cart')
  })
})
