// Money is integer cents everywhere; these turn cents into what people read.
//
// The text is what Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) writes, made with
// integer arithmetic: building an Intl formatter loads ICU's locale data, which cost ~25 ms of a page's
// script evaluation (one long task) in a CPU profile of the store landing page, and every shop page prices
// something while it hydrates (decision 018, amendment h9). Anything that is not a whole number of cents
// (or is beyond $10 trillion) still goes through Intl, made on first use, so the output is the same for every input.
import { groupThousands } from './format'

let intl: { whole: Intl.NumberFormat; cents: Intl.NumberFormat } | undefined

/** 2500 -> '$25', 1999 -> '$19.99', 100000 -> '$1,000' (zero cents are hidden). */
export function formatCents(cents: number): string {
  // Up to $10 trillion: beyond it Intl's division by 100 in floating point shows in the last digit.
  if (!Number.isSafeInteger(cents) || Math.abs(cents) >= 1e15) {
    intl ??= {
      whole: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }),
      cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    }
    return (cents % 100 === 0 ? intl.whole : intl.cents).format(cents / 100)
  }
  const negative = cents < 0 || Object.is(cents, -0)
  const abs = Math.abs(cents)
  const rest = abs % 100
  const text = '$' + groupThousands(Math.floor(abs / 100)) + (rest === 0 ? '' : '.' + String(rest).padStart(2, '0'))
  return negative ? '-' + text : text
}
