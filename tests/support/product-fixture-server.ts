// A local 'other store' on 127.0.0.1 for the add-from-any-store tests: product pages (JSON-LD, Open Graph
// only), a page that is not a product, a slow page, pages over 2 MB, redirects (to anywhere the test asks),
// and pictures. The real web is not reachable here; the fetch guard only lets tests reach this port when
// they allow it explicitly.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import sharp from 'sharp'

export type FixtureServer = { origin: string; port: number; close: () => Promise<void>; hits: () => string[] }

const page = (head: string, body = '') => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

export const fixturePages = {
  jsonLd: page(
    `<title>Cloud Nine Bassinet | Little Nest Co.</title>
     <meta property="og:site_name" content="Little Nest Co.">
     <script type="application/ld+json">${JSON.stringify({
       '@context': 'https://schema.org',
       '@graph': [
         { '@type': 'WebPage', name: 'ignored' },
         {
           '@type': ['Product'],
           name: 'Cloud Nine Bassinet',
           description: 'A calm, rocking bassinet   with a breathable mesh side.',
           brand: { '@type': 'Brand', name: 'Little Nest' },
           image: ['/pictures/bassinet.png', { '@type': 'ImageObject', url: '/pictures/bassinet-2.png' }],
           offers: [{ '@type': 'Offer', price: '1,249.50', priceCurrency: 'USD' }],
         },
       ],
     })}</script>`,
  ),
  openGraph: page(
    `<title>Page title</title>
     <meta property="og:type" content="product">
     <meta property="og:title" content="Sleepy Owl Night Light">
     <meta property="og:description" content="Glows softly for night feeds.">
     <meta property="og:image" content="/pictures/owl.png">
     <meta property="og:site_name" content="Owl &amp; Acorn">
     <meta property="product:price:amount" content="24.99">
     <meta property="product:price:currency" content="USD">`,
  ),
  notAProduct: page('<title>About us</title><meta name="description" content="We are a shop.">', '<h1>About us</h1>'),
  hostile: page(
    `<script type="application/ld+json">${JSON.stringify({
      '@type': 'Product',
      name: '<img src=x onerror=alert(1)>Sneaky <b>Rattle</b>',
      image: ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/pictures/owl.png'],
      offers: { '@type': 'AggregateOffer', lowPrice: 12, priceCurrency: 'usd' },
    })}</script>`,
  ),
}

/** Starts the fixture store on 127.0.0.1 (a free port). */
export async function startProductFixtureServer(): Promise<FixtureServer> {
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 236, g: 180, b: 160 } } }).png().toBuffer()
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local')
    hits.push(url.pathname)
    const html = (body: string, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(body)
    }
    switch (url.pathname) {
      case '/product-jsonld':
        return html(fixturePages.jsonLd)
      case '/product-og':
        return html(fixturePages.openGraph)
      case '/not-a-product':
        return html(fixturePages.notAProduct)
      case '/hostile':
        return html(fixturePages.hostile)
      case '/gzip': {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })
        return res.end(zlib.gzipSync(fixturePages.openGraph))
      }
      case '/gzip-bomb': {
        // 3 MB of spaces, a few KB compressed: the limit counts what it unpacks to.
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })
        return res.end(zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, 32)))
      }
      case '/slow': {
        const wait = Number(url.searchParams.get('ms') ?? 6000)
        const timer = setTimeout(() => html(fixturePages.openGraph), wait)
        req.on('close', () => clearTimeout(timer))
        return
      }
      case '/huge': {
        // No Content-Length: 3 MB streamed in 64 KB pieces.
        res.writeHead(200, { 'Content-Type': 'text/html' })
        const chunk = Buffer.alloc(64 * 1024, 'a')
        let sent = 0
        const push = () => {
          while (sent < 3 * 1024 * 1024) {
            sent += chunk.length
            if (!res.write(chunk)) return res.once('drain', push)
          }
          res.end()
        }
        res.on('error', () => undefined)
        return push()
      }
      case '/huge-declared':
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(3 * 1024 * 1024) })
        return res.end()
      case '/json':
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end('{"name":"not html"}')
      case '/redirect': {
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { Location: url.searchParams.get('to') ?? '/' })
        return res.end()
      }
      case '/error':
        return html('<h1>Forbidden</h1>', 403)
      case '/pictures/bassinet.png':
      case '/pictures/bassinet-2.png':
      case '/pictures/owl.png':
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(png.length) })
        return res.end(png)
      case '/pictures/drawing.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' })
        return res.end('<svg xmlns="http://www.w3.org/2000/svg"/>')
      default: {
        const chain = /^\/chain\/(\d+)$/.exec(url.pathname)
        if (chain) {
          const n = Number(chain[1])
          res.writeHead(302, { Location: n <= 1 ? '/product-og' : `/chain/${n - 1}` })
          return res.end()
        }
        return html('<h1>Not found</h1>', 404)
      }
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
