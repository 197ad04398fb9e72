// Shared formatters: building an Intl formatter is the slow part of toLocaleString, so make each once.

const counts = new Intl.NumberFormat('en-US')
const longDates = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A whole number with thousands separators: 1,234 (en-US). */
export const formatCount = (n: number) => counts.format(n)

/** A UTC date as 'March 5, 2026' (en-US). */
export const formatLongDate = (iso: string) => longDates.format(new Date(iso))
