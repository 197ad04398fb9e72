import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'

/** The spec's free-shipping threshold and registry discount (section 9; the discount's numbers live in app-config). */
export const FREE_SHIPPING_THRESHOLD = 45
export const REGISTRY_DISCOUNT_PERCENT = REGISTRY_DISCOUNT.percent

/** The spec's store returns window (section 9). */
export const RETURNS_WINDOW = '9 months'
