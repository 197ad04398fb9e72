// The registry discount, worked out from a registry and the configuration (spec §3 'Registry discount'),
// and applied to a list of cart lines (integer cents) for the checkout. Pure: no database, no clock of
// its own, so every branch is a unit test. Safe to import in the browser.
import { REGISTRY_DISCOUNT, type RegistryDiscountConfig } from '../config/app-config'

const DAY_MS = 86_400_000

/** The registry facts eligibility depends on. */
export type DiscountRegistryFacts = {
  registryType: string
  /** YYYY-MM-DD or null when the family does not know it yet. */
  arrivalDate: string | null
  createdAt: Date | string
}

/** Spec §3 'Registry discount', as the API and pages carry it. Amounts are whole dollars for display. */
export type RegistryDiscount = {
  isEligible: boolean
  eligibleForMultiuseDiscount: boolean
  /** The most one order can save, in dollars (multi-use). */
  discountThresholdAmount: number
  /** The most order value the discount is worked out on, in dollars (multi-use). */
  orderThresholdAmount: number
  /** The last day the discount can be used (YYYY-MM-DD, UTC), or null while the arrival date is unknown. */
  eligibilityEndsAt: string | null
  eligibilityRegistryCreationMinDays: number
  eligibilityPreArrivalDays: number
  eligibilityPostArrivalDays: number
  /** Shown as '{percent}%'. */
  percent: number
  /** Why it is not usable today, for messages; null when eligible. */
  reason: 'not_started' | 'registry_too_new' | 'expired' | 'arrival_date_unknown' | null
}

/** The discount cohort GET /api/v3/user reports with the current registry. */
export type DiscountCohort = 'single_use' | 'multi_use'

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayStart = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)
const startOfUtcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())

/**
 * The discount data for a registry, or null when the registry is not a baby registry (only baby
 * registries get the completion discount, so there is no data to show).
 * Eligible when the arrival date is known, today (UTC) is between arrival − preArrivalDays and
 * arrival + postArrivalDays inclusive, and the registry was created at least registryCreationMinDays ago.
 */
export function registryDiscountFor(registry: DiscountRegistryFacts, now: Date, config: RegistryDiscountConfig = REGISTRY_DISCOUNT): RegistryDiscount | null {
  if (registry.registryType !== 'baby') return null
  const base = {
    eligibleForMultiuseDiscount: false,
    discountThresholdAmount: config.discountThresholdCents / 100,
    orderThresholdAmount: config.orderThresholdCents / 100,
    eligibilityRegistryCreationMinDays: config.registryCreationMinDays,
    eligibilityPreArrivalDays: config.preArrivalDays,
    eligibilityPostArrivalDays: config.postArrivalDays,
    percent: config.percent,
  }
  const arrival = registry.arrivalDate && /^\d{4}-\d{2}-\d{2}$/.test(registry.arrivalDate) ? dayStart(registry.arrivalDate) : NaN
  if (Number.isNaN(arrival)) {
    return { ...base, isEligible: false, eligibilityEndsAt: null, reason: 'arrival_date_unknown' }
  }
  const created = registry.createdAt instanceof Date ? registry.createdAt.getTime() : Date.parse(registry.createdAt)
  const windowStart = arrival - config.preArrivalDays * DAY_MS
  const windowEnd = arrival + config.postArrivalDays * DAY_MS
  // Active for N days: the registry's Nth anniversary, to the minute.
  const activeFrom = created + config.registryCreationMinDays * DAY_MS
  const today = startOfUtcDay(now)
  const ends = { eligibilityEndsAt: isoDay(windowEnd) }
  if (today > windowEnd) return { ...base, ...ends, isEligible: false, reason: 'expired' }
  if (today < windowStart) return { ...base, ...ends, isEligible: false, reason: 'not_started' }
  if (now.getTime() < activeFrom) return { ...base, ...ends, isEligible: false, reason: 'registry_too_new' }
  return { ...base, ...ends, isEligible: true, eligibleForMultiuseDiscount: config.multiUse, reason: null }
}

/** The cohort for GET /api/v3/user: which kind of discount this registry gets, or null without discount data. */
export function discountCohortOf(discount: RegistryDiscount | null, config: RegistryDiscountConfig = REGISTRY_DISCOUNT): DiscountCohort | null {
  if (!discount) return null
  return config.multiUse ? 'multi_use' : 'single_use'
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'
  return `${n}${suffix}`
}

/** The spec's 'mmm dS, yyyy' in UTC: '2027-03-03' → 'Mar 3rd, 2027'. */
export function formatExpiry(date: string | Date): string {
  const d = typeof date === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date) : date
  return `${MONTHS[d.getUTCMonth()]} ${ordinal(d.getUTCDate())}, ${d.getUTCFullYear()}`
}

/** One line of a cart, as the checkout describes it. */
export type DiscountCartLine = {
  /** The caller's id for the line (cart item id). */
  key: string | number
  /**
   * product: an item sold by Nestlist's shop; gift_card: an electronic gift card; shipping: shipping and
   * handling; external: an item sold by another store; cash_fund and favor: not goods we sell.
   */
  kind: 'product' | 'gift_card' | 'shipping' | 'external' | 'cash_fund' | 'favor'
  brandSlug?: string | null
  /** The product's category and its ancestors, by url slug. */
  categorySlugs?: readonly string[]
  unitPriceCents: number
  quantity: number
}

export type DiscountExclusion = 'gift_card' | 'shipping' | 'not_sold_by_nestlist' | 'diapers_and_wipes' | 'excluded_brand'

export type DiscountedLine = {
  key: string | number
  totalCents: number
  /** Null when the discount covers the line. */
  excludedBecause: DiscountExclusion | null
  /** This line's share of the discount (shares add up to discountCents exactly). */
  discountCents: number
}

export type CartDiscount = {
  /** False when the registry is not eligible today: nothing is taken off. */
  applied: boolean
  lines: DiscountedLine[]
  /** Sum of the lines the discount covers. */
  eligibleSubtotalCents: number
  /** What the percentage is worked out on: the eligible subtotal, capped by the order threshold when multi-use. */
  discountBaseCents: number
  discountCents: number
}

/** Why a line is not covered by the registry discount, or null when it is (spec §9 exclusions). */
export function lineExclusion(line: DiscountCartLine, config: RegistryDiscountConfig = REGISTRY_DISCOUNT): DiscountExclusion | null {
  if (line.kind === 'gift_card') return 'gift_card'
  if (line.kind === 'shipping') return 'shipping'
  if (line.kind !== 'product') return 'not_sold_by_nestlist'
  const slugs = (line.categorySlugs ?? []).map((s) => s.toLowerCase())
  if (slugs.some((s) => config.excludedCategorySlugs.includes(s))) return 'diapers_and_wipes'
  if (line.brandSlug && config.excludedBrandSlugs.includes(line.brandSlug.toLowerCase())) return 'excluded_brand'
  return null
}

/**
 * The registry discount on a cart: each line is checked against the exclusions, the percentage is taken
 * of the eligible subtotal (multi-use: of at most the order threshold, and at most the discount threshold
 * off), rounded to the nearest cent, and shared out over the eligible lines in proportion (largest
 * remainder), so refunds of one line can give back its exact share.
 */
export function discountForCart(
  lines: readonly DiscountCartLine[],
  discount: Pick<RegistryDiscount, 'isEligible' | 'eligibleForMultiuseDiscount'> | null,
  config: RegistryDiscountConfig = REGISTRY_DISCOUNT,
): CartDiscount {
  for (const l of lines) {
    if (!Number.isInteger(l.unitPriceCents) || l.unitPriceCents < 0 || !Number.isInteger(l.quantity) || l.quantity < 0) {
      throw new RangeError(`cart line ${String(l.key)}: price and quantity must be whole, non-negative numbers`)
    }
  }
  const checked = lines.map((l) => ({ key: l.key, totalCents: l.unitPriceCents * l.quantity, excludedBecause: lineExclusion(l, config) }))
  const eligibleSubtotalCents = checked.reduce((n, l) => n + (l.excludedBecause === null ? l.totalCents : 0), 0)
  const applied = discount?.isEligible === true
  const multi = applied && discount.eligibleForMultiuseDiscount
  const discountBaseCents = !applied ? 0 : multi ? Math.min(eligibleSubtotalCents, config.orderThresholdCents) : eligibleSubtotalCents
  let discountCents = Math.round((discountBaseCents * config.percent) / 100)
  if (multi) discountCents = Math.min(discountCents, config.discountThresholdCents)

  // Share out: floor of each line's proportional share, then one cent each to the largest remainders.
  const shares = checked.map((l) => {
    if (l.excludedBecause !== null || eligibleSubtotalCents === 0) return { floor: 0, rem: 0 }
    const exact = (discountCents * l.totalCents) / eligibleSubtotalCents
    return { floor: Math.floor(exact), rem: exact - Math.floor(exact) }
  })
  let left = discountCents - shares.reduce((n, s) => n + s.floor, 0)
  const order = shares.map((s, i) => ({ i, rem: s.rem })).sort((a, b) => b.rem - a.rem || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    if (checked[i]!.excludedBecause !== null || checked[i]!.totalCents === 0) continue
    shares[i]!.floor++
    left--
  }
  return {
    applied,
    lines: checked.map((l, i) => ({ ...l, discountCents: shares[i]!.floor })),
    eligibleSubtotalCents,
    discountBaseCents,
    discountCents,
  }
}
