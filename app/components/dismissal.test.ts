import { expect, test } from 'vitest'
import { APP_PROMO_DISMISS_MS, dismissalKey, dismissedUntil, isDismissed } from './dismissal'

test('a dismissal lasts one day and then the banner shows again', () => {
  const now = Date.UTC(2025, 0, 1)
  const stored = dismissedUntil(now, APP_PROMO_DISMISS_MS)
  expect(APP_PROMO_DISMISS_MS).toBe(86_400_000)
  expect(isDismissed(stored, now)).toBe(true)
  expect(isDismissed(stored, now + APP_PROMO_DISMISS_MS - 1)).toBe(true)
  expect(isDismissed(stored, now + APP_PROMO_DISMISS_MS)).toBe(false)
})

test('nothing stored, or garbage, means not dismissed', () => {
  expect(isDismissed(null, 0)).toBe(false)
  expect(isDismissed('', 0)).toBe(false)
  expect(isDismissed('soon', 0)).toBe(false)
})

test('each banner has its own key', () => {
  expect(dismissalKey('app-promo-banner')).toBe('nestlist:dismissed:app-promo-banner')
})
