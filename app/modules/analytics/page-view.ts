// Spec §4 'Analytics page view': sent on pathname change, except when only the product id changes
// within the same group-gift id (a group-gift page swapping the product it shows).

const GROUP_GIFT = /\/group[-_]gifts?\/([^/]+)/

/** The group-gift id of a path, if it is a group-gift path. */
export function groupGiftId(pathname: string): string | null {
  return GROUP_GIFT.exec(pathname)?.[1] ?? null
}

/** The path with its product id segments blanked: '/gp/slug/123' and '/gp/slug/456' compare equal. */
function withoutProductIds(pathname: string): string {
  return pathname
    .replace(GROUP_GIFT, '')
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? ':id' : segment))
    .join('/')
}

/** Whether moving from `previous` (null on first load) to `next` counts as a page view. */
export function isPageView(previous: string | null, next: string): boolean {
  if (previous === null) return true
  if (previous === next) return false
  const gift = groupGiftId(next)
  if (gift !== null && gift === groupGiftId(previous) && withoutProductIds(previous) === withoutProductIds(next)) return false
  return true
}
