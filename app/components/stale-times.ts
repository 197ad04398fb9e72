import type { ShouldRevalidateFunctionArgs } from 'react-router'

/** Client-side freshness of the shop's reads (spec §7 'Store front-end calls with known shape'). */
export const NAVBAR_STALE_TIME_MS = 14_400_000 // 4 hours
export const CATALOG_STALE_TIME_MS = 600_000 // 10 minutes

/**
 * A shouldRevalidate for a loader whose data stays fresh for `staleTime`: React Router would otherwise
 * re-run it on every navigation. The page load counts as the first fetch.
 */
export function revalidateAfter(staleTime: number, now: () => number = () => Date.now()) {
  let loadedAt = now()
  return ({ defaultShouldRevalidate }: Pick<ShouldRevalidateFunctionArgs, 'defaultShouldRevalidate'>): boolean => {
    if (!defaultShouldRevalidate || now() - loadedAt < staleTime) return false
    loadedAt = now()
    return true
  }
}

/**
 * For the root route, whose loader only reads the navbar categories (fresh for 4 hours):
 * `export const shouldRevalidate = navbarShouldRevalidate` in app/root.tsx.
 */
export const navbarShouldRevalidate = revalidateAfter(NAVBAR_STALE_TIME_MS)
