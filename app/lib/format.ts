// Shared formatters, in en-US as the shop writes them. The common cases (whole numbers, valid dates) are
// made by hand: building an Intl formatter loads ICU data, a long task on a phone while the page's scripts
// evaluate (decision 018, amendment h9). Anything else goes through Intl, made once on first use, so the
// text is the same as Intl's for every input.

let counts: Intl.NumberFormat | undefined
let longDates: Intl.DateTimeFormat | undefined

/** 1234567 -> '1,234,567' (a non-negative safe integer). */
export function groupThousands(n: number): string {
  const digits = String(n)
  let out = ''
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? ',' : '') + digits.slice(Math.max(0, end - 3), end) + out
  return out
}

/** A whole number with thousands separators: 1,234 (en-US). */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return n < 0 ? '-' + groupThousands(-n) : groupThousands(n)
  counts ??= new Intl.NumberFormat('en-US')
  return counts.format(n)
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** A UTC date as 'March 5, 2026' (en-US). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso)
  const year = date.getUTCFullYear()
  if (year >= 1000 && year <= 9999) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`
  // Invalid dates (Intl throws, as before) and years Intl writes differently (before 1000, BC, after 9999).
  longDates ??= new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  return longDates.format(date)
}

/**
 * The separator of meta lines ('May 3, 2026 · 2 items · $40.00'): a non-breaking space keeps the '·' with
 * the item before it, so a line wrapped at 320 px never starts with the separator (the break falls after it).
 */
export const META_SEPARATOR = '\u00a0· '

/** Joins the given facts (empty ones left out) with META_SEPARATOR. */
export const joinMeta = (parts: readonly (string | number | null | undefined | false)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== false && p !== '').join(META_SEPARATOR)
