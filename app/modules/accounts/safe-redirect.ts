// Where to go after sign-in: only a path on our own host, never another site.

const BASE = 'http://nestlist.invalid'

/**
 * Returns `input`, normalized, when it is a same-host path (like /registry/home?x=1), else `fallback`. Refuses
 * protocol-relative (//evil.example), backslash (/\evil.example), encoded forms of those, absolute URLs, control
 * characters, and paths whose dot segments collapse into one of those (/..//evil.example, /%2e%2e//evil.example).
 */
export function safeRedirectPath(input: unknown, fallback = '/'): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2000) return fallback
  const decoded = fullyDecoded(input)
  if (decoded === null || !isPlainPath(input) || !isPlainPath(decoded)) return fallback
  const target = normalized(input)
  // The check that matters is on the result: dot segments (/.., /%2e%2e) collapse during parsing, so
  // /..//evil.example comes out as //evil.example. The result, and the result decoded, must stay a path here.
  if (target === null || !isPlainPath(target)) return fallback
  const targetDecoded = fullyDecoded(target)
  if (targetDecoded === null || !isPlainPath(targetDecoded)) return fallback
  const again = normalized(targetDecoded)
  if (again === null || !isPlainPath(again)) return fallback
  return target
}

/** A path on this host as written: one leading slash, no second slash or backslash after it, no control characters. */
function isPlainPath(candidate: string): boolean {
  if (!candidate.startsWith('/')) return false
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return false
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  return !/[\u0000-\u001f\u007f\\]/.test(candidate)
}

/** Decoded a few rounds, so %2F%2F and %252F%252F are seen for what they are; null when it does not decode. */
function fullyDecoded(input: string): string | null {
  let decoded = input
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded)
      if (next === decoded) break
      decoded = next
    } catch {
      return null
    }
  }
  return decoded
}

/** Where a browser following `path` on our host ends up (path, query, fragment), or null when that is another origin. */
function normalized(path: string): string | null {
  let url: URL
  try {
    url = new URL(path, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  return url.pathname + url.search + url.hash
}
