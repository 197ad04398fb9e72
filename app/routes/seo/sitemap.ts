// Sitemaps for search engines. Always an index (small or large catalogue alike), so crawlers see one
// shape: /sitemaps/pages.xml (store pages, categories, brands, guides) and /sitemaps/products-{n}.xml
// with at most 50,000 product pages each, read from the database one file at a time.

/** Escapes the five XML special characters. */
export const xmlEscape = (value: string) =>
  value.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch)

/** A <urlset> of absolute URLs. */
export function urlSet(origin: string, paths: string[]): string {
  const body = paths.map((p) => `<url><loc>${xmlEscape(`${origin}${p}`)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

/** A <sitemapindex> of absolute sitemap URLs. */
export function sitemapIndex(origin: string, paths: string[]): string {
  const body = paths.map((p) => `<sitemap><loc>${xmlEscape(`${origin}${p}`)}</loc></sitemap>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
}

/** The sub-sitemap paths for a catalogue with `productFiles` product files. */
export const sitemapFiles = (productFiles: number) => ['/sitemaps/pages.xml', ...Array.from({ length: productFiles }, (_, i) => `/sitemaps/products-${i + 1}.xml`)]

/** Shop pages that always exist. */
export const STATIC_SHOP_PATHS = ['/store', '/store/sale', '/store/new', '/store/fsa-hsa-eligible', '/best-baby-products']

/** Guides that always exist (the baby registry checklist and its quiz). */
export const STATIC_GUIDE_PATHS = ['/baby-registry-checklist', '/baby-registry-checklist-quiz']

export const xmlResponse = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
