// Where to go after sign-in: only a path on our own host, never another site.

const BASE = 'http://nestlist.invalid'

/**
 * Returns `input` when it is a same-host path (like /registry/home?x=1), else '/'. Refuses protocol-relative
 * (//evil.example), backslash (/\evil.example), encoded forms of those, absolute URLs and control characters.
 */
export function safeRedirectPath(input: unknown, fallback = '/'): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2000) return fallback
  let decoded = input
  // Decode a few rounds so %2F%2F and %252F%252F are seen for what they are.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded)
      if (next === decoded) break
      decoded = next
    } catch {
      return fallback
    }
  }
  for (const candidate of [input, decoded]) {
    if (!candidate.startsWith('/')) return fallback
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback
  }
  let url: URL
  try {
    url = new URL(input, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  return url.pathname + url.search + url.hash
}
