import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'

// The shop's promises shown in the header, the footer and on the landing page, in a module of their own so a
// page that quotes them does not bring the header's or footer's code to its first load.

/** The spec's free-shipping threshold and registry discount (section 9; the discount's numbers live in app-config). */
export const FREE_SHIPPING_THRESHOLD = 45
export const REGISTRY_DISCOUNT_PERCENT = REGISTRY_DISCOUNT.percent

/** The spec's store returns window (section 9). */
export const RETURNS_WINDOW = '9 months'
