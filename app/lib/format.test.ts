import { expect, test } from 'vitest'
import { formatCount, formatLongDate, groupThousands } from './format'

test('counts have en-US thousands separators, exactly as Intl writes them', () => {
  const intl = new Intl.NumberFormat('en-US')
  expect(groupThousands(1_234_567)).toBe('1,234,567')
  expect(formatCount(1234)).toBe('1,234')
  const samples = [0, -0, 1, 12, 123, 1000, 12_345, 999_999, 1_000_000, -1, -1000, -987_654_321, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, -0.25, Number.NaN, 1e21]
  for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n)
  for (const n of samples) expect(formatCount(n), String(n)).toBe(intl.format(n))
})

test("dates are written as 'March 5, 2026' in UTC, exactly as Intl writes them", () => {
  const intl = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  expect(formatLongDate('2026-03-05T23:30:00-05:00')).toBe('March 6, 2026')
  const samples = ['2026-03-05', '2024-02-29T00:00:00Z', '1999-12-31T23:59:59.999Z', '0999-06-01T00:00:00Z', '+010000-01-01T00:00:00Z']
  for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2100, 0, 1); t += 86_400_000 * 13 + 3_600_000) samples.push(new Date(t).toISOString())
  for (const iso of samples) expect(formatLongDate(iso), iso).toBe(intl.format(new Date(iso)))
  expect(() => formatLongDate('not a date')).toThrow(RangeError)
})
