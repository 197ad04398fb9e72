import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'

// The shop's terms shown in the header, the footer and on the home page (spec §9). A module of their own so
// that a page quoting them does not import the header's or the footer's code (decision 018, h12: those are
// islands loaded on first use).

/** The spec's free-shipping threshold, in dollars. */
export const FREE_SHIPPING_THRESHOLD = 45
/** The registry discount (its numbers live in app-config). */
export const REGISTRY_DISCOUNT_PERCENT = REGISTRY_DISCOUNT.percent
/** The spec's store returns window. */
export const RETURNS_WINDOW = '9 months'
