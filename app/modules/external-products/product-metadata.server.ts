// Product facts from a fetched page: JSON-LD Product data first (also inside @graph, with offers as an
// object, an array or an AggregateOffer), then Open Graph / product:price meta tags, then page metadata.
// open-graph-scraper gets the HTML we fetched (it never fetches by itself); cheerio reads the JSON-LD.
// Everything comes back as plain, trimmed, length-capped text; links are http(s) only.
import * as cheerio from 'cheerio'
import ogs from 'open-graph-scraper'
import { safeHttpUrl } from './safe-fetch.server'

export type ProductMetadata = {
  title: string | null
  priceCents: number | null
  currency: string | null
  /** Absolute http(s) picture links, best first, at most 6. */
  images: string[]
  brand: string | null
  description: string | null
  storeName: string | null
  /** True when the page says it is a product (JSON-LD Product, og:type product, or a price). */
  isProduct: boolean
}

type Json = unknown
type Node = Record<string, Json>

const MAX_IMAGES = 6

/** Whitespace collapsed, trimmed, at most `max` characters; null when empty. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return null
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/**
 * '19.99', '$1,299.00', '1.299,00 €', 24 → integer cents; null for anything else or out of range
 * (0 to $100,000).
 */
export function priceToCents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && value <= 100_000 ? Math.round(value * 100) : null
  if (typeof value !== 'string') return null
  let text = value.replace(/[^\d.,]/g, '')
  if (!/\d/.test(text)) return null
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  if (lastDot !== -1 && lastComma !== -1) {
    // Whichever comes last is the decimal mark.
    text = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '')
  } else if (lastComma !== -1) {
    text = /,\d{1,2}$/.test(text) && text.split(',').length === 2 ? text.replace(',', '.') : text.replace(/,/g, '')
  } else if ((text.match(/\./g) ?? []).length > 1) {
    text = text.replace(/\./g, '')
  }
  const amount = Number(text)
  if (!Number.isFinite(amount) || amount < 0 || amount > 100_000) return null
  return Math.round(amount * 100)
}

const asArray = (v: Json): Json[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
const isNode = (v: Json): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const typesOf = (n: Node) => asArray(n['@type']).map((t) => String(t).toLowerCase())

/** Every Product (or ProductGroup) node in the page's JSON-LD blocks. */
export function jsonLdProducts(html: string): Node[] {
  const $ = cheerio.load(html)
  const found: Node[] = []
  const visit = (v: Json, depth: number) => {
    if (depth > 6) return
    for (const item of asArray(v)) {
      if (!isNode(item)) continue
      const types = typesOf(item)
      if (types.includes('product') || types.includes('productgroup') || types.includes('individualproduct')) found.push(item)
      if (item['@graph']) visit(item['@graph'], depth + 1)
      if (isNode(item.mainEntity)) visit(item.mainEntity, depth + 1)
    }
  }
  $('script[type="application/ld+json"]').each((_i, el) => {
    const raw = $(el).text()
    try {
      visit(JSON.parse(raw), 0)
    } catch {
      // a broken block is ignored; others may still be fine
    }
  })
  return found
}

function offerOf(product: Node): { price: Json; currency: Json } | null {
  const offers = asArray(product.offers).filter(isNode)
  for (const offer of offers) {
    const spec = asArray(offer.priceSpecification).find(isNode)
    const price = offer.price ?? offer.lowPrice ?? spec?.price
    if (price !== undefined) return { price, currency: offer.priceCurrency ?? spec?.priceCurrency }
    // An AggregateOffer can nest its offers.
    const inner = asArray(offer.offers).find(isNode)
    if (inner?.price !== undefined) return { price: inner.price, currency: inner.priceCurrency }
  }
  const variants = asArray(product.hasVariant).filter(isNode)
  for (const v of variants) {
    const o = offerOf(v)
    if (o) return o
  }
  return null
}

function imagesOf(v: Json): string[] {
  return asArray(v).flatMap((i) => (typeof i === 'string' ? [i] : isNode(i) ? asArray(i.url ?? i.contentUrl).filter((u): u is string => typeof u === 'string') : []))
}

/** Reads a fetched page's product facts; `pageUrl` resolves relative picture links. */
export async function extractProductMetadata(html: string, pageUrl: string): Promise<ProductMetadata> {
  const products = jsonLdProducts(html)
  const product = products[0]
  const og = await ogs({
    html,
    customMetaTags: [
      { multiple: false, property: 'product:price:amount', fieldName: 'productPrice' },
      { multiple: false, property: 'product:price:currency', fieldName: 'productCurrency' },
      { multiple: false, property: 'og:price:amount', fieldName: 'ogPrice' },
      { multiple: false, property: 'og:price:currency', fieldName: 'ogCurrency' },
      { multiple: false, property: 'product:brand', fieldName: 'productBrand' },
    ],
  })
    .then((r) => (r.error ? null : r.result))
    .catch(() => null)
  const custom = (og?.customMetaTags ?? {}) as Record<string, string | undefined>
  const offer = product ? offerOf(product) : null

  const brandRaw = product ? (isNode(product.brand) ? product.brand.name : product.brand) : undefined
  const metaPrice = custom.productPrice ?? custom.ogPrice
  const priceCents = priceToCents(offer?.price) ?? priceToCents(metaPrice)
  const currency = cleanText(offer?.currency ?? custom.productCurrency ?? custom.ogCurrency, 3)?.toUpperCase() ?? null

  const imageCandidates = [
    ...(product ? imagesOf(product.image) : []),
    ...(og?.ogImage ?? []).map((i) => i.url),
    ...(og?.twitterImage ?? []).map((i) => i.url),
  ]
  const images: string[] = []
  for (const candidate of imageCandidates) {
    const url = safeHttpUrl(candidate, pageUrl)
    if (url && !images.includes(url.href)) images.push(url.href)
    if (images.length >= MAX_IMAGES) break
  }

  const ogType = (og?.ogType ?? '').toLowerCase()
  return {
    title: cleanText(product?.name, 200) ?? cleanText(og?.ogTitle, 200) ?? cleanText(og?.twitterTitle, 200) ?? cleanText(og?.dcTitle, 200),
    priceCents,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    images,
    brand: cleanText(brandRaw, 80) ?? cleanText(custom.productBrand, 80),
    description: cleanText(product?.description, 1000) ?? cleanText(og?.ogDescription, 1000) ?? cleanText(og?.twitterDescription, 1000),
    storeName: cleanText(og?.ogSiteName, 80),
    isProduct: Boolean(product) || ogType.includes('product') || priceCents !== null,
  }
}
