import { expect, test } from 'vitest'
import { CATALOG_STALE_TIME_MS, NAVBAR_STALE_TIME_MS, revalidateAfter } from './stale-times'

test('the spec stale times: navbar 4 hours, catalogue 10 minutes', () => {
  expect(NAVBAR_STALE_TIME_MS).toBe(14_400_000)
  expect(CATALOG_STALE_TIME_MS).toBe(600_000)
})

test('a loader is re-run only once its data is older than the stale time', () => {
  let now = 1_000
  const should = revalidateAfter(NAVBAR_STALE_TIME_MS, () => now)
  now += NAVBAR_STALE_TIME_MS - 1
  expect(should({ defaultShouldRevalidate: true })).toBe(false)
  now += 1
  expect(should({ defaultShouldRevalidate: false })).toBe(false)
  expect(should({ defaultShouldRevalidate: true })).toBe(true)
  // Just re-fetched: fresh again.
  expect(should({ defaultShouldRevalidate: true })).toBe(false)
})
