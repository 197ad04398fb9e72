/** The spec's app promo banner: dismissed for 1 day (86,400,000 ms) under the id app-promo-banner. */
export const APP_PROMO_BANNER_ID = 'app-promo-banner'
export const APP_PROMO_DISMISS_MS = 86_400_000

export const dismissalKey = (id: string) => `nestlist:dismissed:${id}`

/** The stored value for a dismissal that lasts `forMs` from `now`: the time it ends, in ms. */
export const dismissedUntil = (now: number, forMs: number) => String(now + forMs)

/** Whether a stored dismissal is still in force at `now`. Missing or unreadable values are not. */
export function isDismissed(stored: string | null, now: number): boolean {
  if (!stored) return false
  const until = Number(stored)
  return Number.isFinite(until) && until > now
}
