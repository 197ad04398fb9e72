// Money is integer cents everywhere; these turn cents into what people read.
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 2500 -> '$25', 1999 -> '$19.99', 100000 -> '$1,000' (zero cents are hidden). */
export function formatCents(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : withCents).format(cents / 100)
}
