// Amazon items and Amazon's cart link (docs/decisions/032-amazon-cart.md). Pure: used by the server (which
// decides what may go in an Amazon cart) and by the registry cards (which show 'Add to Amazon cart'). No server imports.

/** The hosts we accept: amazon.com itself, www. and smile. Lookalikes (amazon.com.evil.test, evilamazon.com) are not. */
const AMAZON_HOSTS = new Set(['amazon.com', 'www.amazon.com', 'smile.amazon.com'])

/** An ASIN: 10 letters or digits (book ASINs are ISBN-10s, which may end in X). Stored upper-cased. */
export const ASIN = /^[A-Z0-9]{10}$/

/** Where Amazon puts the ASIN in a product link: /dp/ASIN, /gp/product/ASIN, /gp/aw/d/ASIN, /exec/obidos/ASIN (optionally after a name slug). */
const ASIN_PATHS = [/^\/(?:[^/]+\/)?dp\/([^/?#]+)/i, /^\/gp\/product\/([^/?#]+)/i, /^\/gp\/aw\/d\/([^/?#]+)/i, /^\/exec\/obidos\/(?:asin\/)?([^/?#]+)/i]

/**
 * The ASIN of an https amazon.com product link, or null for anything else (another host, http, a link with
 * a user name, a path without an ASIN, an ASIN of the wrong shape).
 */
export function asinOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null
  if (!AMAZON_HOSTS.has(url.hostname.toLowerCase())) return null
  for (const pattern of ASIN_PATHS) {
    const m = pattern.exec(url.pathname)
    if (!m) continue
    const asin = m[1]!.toUpperCase()
    return ASIN.test(asin) ? asin : null
  }
  return null
}

/** An item's ASIN: its own product link first, else the first Amazon link among its other places to buy. */
export function amazonAsinOf(item: { href: string | null }, offers: readonly { url: string }[] = []): string | null {
  const own = item.href ? asinOf(item.href) : null
  if (own) return own
  for (const o of offers) {
    const asin = asinOf(o.url)
    if (asin) return asin
  }
  return null
}

/** An AssociateTag as Amazon issues them (letters, digits, hyphens; 'name-20'), or null. */
export function associateTagOf(raw: unknown): string | null {
  return typeof raw === 'string' && /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(raw.trim()) ? raw.trim() : null
}

export const AMAZON_CART_ADD = 'https://www.amazon.com/gp/aws/cart/add.html'

/**
 * Amazon's documented multi-item 'add to cart' link: ASIN.1=…&Quantity.1=…&ASIN.2=…, in the order given.
 * Lines with the same ASIN become one (their quantities added). An AssociateTag only when one is configured.
 */
export function amazonCartUrl(lines: readonly { asin: string; quantity: number }[], associateTag?: string | null): string {
  const merged = new Map<string, number>()
  for (const l of lines) {
    const asin = l.asin.toUpperCase()
    if (!ASIN.test(asin) || !Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new Error(`not an Amazon cart line: ${l.asin} × ${l.quantity}`)
    merged.set(asin, (merged.get(asin) ?? 0) + l.quantity)
  }
  if (merged.size === 0) throw new Error('an Amazon cart link needs at least one item')
  const q = new URLSearchParams()
  const tag = associateTagOf(associateTag)
  if (tag) q.set('AssociateTag', tag)
  let i = 0
  for (const [asin, quantity] of merged) {
    i++
    q.set(`ASIN.${i}`, asin)
    q.set(`Quantity.${i}`, String(quantity))
  }
  return `${AMAZON_CART_ADD}?${q.toString()}`
}

/** The product page of an ASIN on amazon.com. */
export const amazonProductUrl = (asin: string) => `https://www.amazon.com/dp/${asin}`
