// The words of the registry discount status modal (spec §2 'Registry discount status modal'), worked out
// from the discount data. Pure, so every variant is a unit test; the modal component only lays them out.
import { REGISTRY_DISCOUNT_SHOP_PATH } from '../config/app-config'
import { formatExpiry, type RegistryDiscount } from './discount'

export type StatusButton = { label: string; href: string; variant: 'primary' | 'secondary'; tracked: boolean }

export type DiscountStatus = {
  /** Shown from the small breakpoint up. */
  titleDesktop: string
  /** Shown on small screens. */
  titleMobile: string
  /** Body lines; a line with two parts is shown on two lines ('Automatically appears in your cart / to use on eligible items'). */
  lines: string[][]
  buttons: StatusButton[]
  footer: string[]
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`

export function discountStatus(d: RegistryDiscount): DiscountStatus {
  const pct = `${d.percent}%`
  const multi = d.isEligible && d.eligibleForMultiuseDiscount
  const mobile = `Enjoy ${pct} off* with your registry discount`
  const window = [`Start saving ${d.eligibilityPreArrivalDays} days before & ${d.eligibilityPostArrivalDays} days after your baby's arrival date`]
  const cart = ['Automatically appears in your cart', 'to use on eligible items']
  const lines = multi
    ? [['Use it again and again on shop items'], window, cart]
    : d.isEligible
      ? [['Save on your entire order from the Nestlist shop!'], window, cart]
      : [['Save on your entire order from the Nestlist shop!'], window]
  const buttons: StatusButton[] = d.isEligible
    ? [
        { label: 'Shop your registry', href: REGISTRY_DISCOUNT_SHOP_PATH, variant: 'primary', tracked: true },
        { label: 'Browse the shop', href: '/store', variant: 'secondary', tracked: true },
      ]
    : [{ label: 'Add items from the shop', href: '/store', variant: 'primary', tracked: false }]
  const active = `Registry must be active for ${d.eligibilityRegistryCreationMinDays} days.`
  const footer = [
    '*Product exclusions apply and are subject to change.',
    multi ? `Apply on order value up to ${dollars(d.orderThresholdAmount)}, for a max discount of ${dollars(d.discountThresholdAmount)}. ${active}` : active,
    ...(d.eligibilityEndsAt ? [`Expires ${formatExpiry(d.eligibilityEndsAt)}.`] : []),
  ]
  return { titleDesktop: multi ? `Take ${pct} off* everything with your registry discount` : mobile, titleMobile: mobile, lines, buttons, footer }
}
