import { expect, test } from 'vitest'
import { formatCents } from './money'

test('whole dollar amounts hide their zero cents; others show two decimals', () => {
  expect(formatCents(2500)).toBe('$25')
  expect(formatCents(100_000)).toBe('$1,000')
  expect(formatCents(1999)).toBe('$19.99')
  expect(formatCents(5)).toBe('$0.05')
  expect(formatCents(0)).toBe('$0')
})

test('the hand-made text is what Intl writes, for every kind of amount', () => {
  const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })
  const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const intl = (n: number) => (n % 100 === 0 ? whole : cents).format(n / 100)
  const samples = [0, -0, 1, 9, 10, 99, 100, 101, 110, 999, 1000, 99_999, 100_000, 100_001, 123_456_789, -1, -5, -100, -123_456, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]
  let seed = 7
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    samples.push(seed % 10 ** (1 + (i % 12)), -(seed % 10_000))
  }
  for (const n of samples) expect(formatCents(n), String(n)).toBe(intl(n))
  // Not whole cents (never stored, but the text must not change): Intl's rounding.
  for (const n of [1999.5, 0.4, -250.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatCents(n), String(n)).toBe(intl(n))
})
