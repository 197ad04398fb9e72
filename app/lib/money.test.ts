import { expect, test } from 'vitest'
import { formatCents } from './money'

test('whole dollar amounts hide their zero cents; others show two decimals', () => {
  expect(formatCents(2500)).toBe('$25')
  expect(formatCents(100_000)).toBe('$1,000')
  expect(formatCents(1999)).toBe('$19.99')
  expect(formatCents(5)).toBe('$0.05')
  expect(formatCents(0)).toBe('$0')
})
