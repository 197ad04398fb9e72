import { expect, inject, test } from 'vitest'

// No page may link to a page that is not there yet: crawl from the home page, two levels deep.
const baseUrl = inject('baseUrl')

function internalLinks(html: string, from: string): string[] {
  const links = new Set<string>()
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    const href = match[1]?.replaceAll('&amp;', '&') ?? ''
    if (href === '' || href.startsWith('#') || href.startsWith('mailto:') || href.startsWith('tel:')) continue
    const url = new URL(href, from)
    if (url.origin !== new URL(baseUrl).origin) continue
    url.hash = ''
    links.add(url.toString())
  }
  return [...links]
}

test('every internal link on the home page and the pages it leads to answers without an error', async () => {
  const seen = new Map<string, number>()
  const brokenFrom: string[] = []
  let frontier = [`${baseUrl}/`]
  for (let depth = 0; depth < 2; depth++) {
    const next: string[] = []
    for (const page of frontier) {
      const res = await fetch(page)
      const html = await res.text()
      for (const link of internalLinks(html, page)) {
        if (seen.has(link)) continue
        const check = await fetch(link, { redirect: 'follow' })
        seen.set(link, check.status)
        if (check.status >= 400) brokenFrom.push(`${link} (${check.status}) linked from ${page}`)
        // Follow one example of each kind of page, not all 1,500 products.
        const kind = new URL(link).pathname.split('/').slice(0, 2).join('/')
        if ((check.headers.get('content-type') ?? '').includes('text/html') && !next.some((n) => new URL(n).pathname.startsWith(kind) && kind !== '/store')) {
          next.push(link)
        }
      }
    }
    frontier = next.slice(0, 25)
  }
  expect(seen.size).toBeGreaterThan(10)
  expect(brokenFrom).toEqual([])
})
