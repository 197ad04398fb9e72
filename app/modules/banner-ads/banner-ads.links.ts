// Which links and images a home banner ad may use. No zod here: the landing page checks links again as it renders
// them, and this module is in /store's first-load JavaScript (zod's 24 KB is not; banner-ads.validation.ts has the form rules).

/**
 * A link a banner may lead to: a path on this site ('/store/nursery', not '//host' or '/\host', which
 * browsers read as another site) or an https address without credentials. Anything else is refused.
 */
export function isSafeBannerLink(value: string): boolean {
  // No spaces, backslashes or control characters (browsers drop or reinterpret them).
  if (value.length === 0 || value.length > 2000 || /[\s\\]/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/** An image shipped with the site: a path of ours ('/images/banners/…'), never another site's picture. */
export function isOwnImagePath(value: string): boolean {
  return /^\/(?:images|assets)\/[a-z0-9][a-z0-9._/-]*\.(?:svg|png|webp|jpg)$/.test(value) && !value.includes('..')
}
