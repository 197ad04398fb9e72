import zlib from 'node:zlib'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, test } from 'vitest'
import { htmlCompression } from './html-compression'

// Varied enough that zlib's levels give different output (a page of one repeated line compresses the same at all).
const words = ['stroller', 'swaddle', 'bottle', 'crib', 'monitor', 'carrier', 'blanket', 'wipes', 'é']
const page = `<!DOCTYPE html><html><body>${Array.from({ length: 600 }, (_, i) => `<li class="pcard p${(i * 7919) % 997}">${words[(i * 31) % 9]} ${words[(i * 17) % 9]} $${(i * 37) % 500}.99</li>`).join('')}</body></html>`

/** The server's order: compress() for everything, then the HTML-only compression in front of the pages. */
function makeApp() {
  const app = new Hono()
  app.use(compress())
  app.get('/api/thing', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: 'thing' })) }))
  app.use('*', htmlCompression(4))
  app.get('/no-transform', (c) => c.html(page, 200, { 'Cache-Control': 'no-transform' }))
  app.get('/encoded', (c) => c.body(zlib.gzipSync(page), 200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' }))
  app.get('/small', (c) => c.html('<p>hi</p>', 200, { 'Content-Length': '9' }))
  app.get('*', (c) => c.html(page))
  return app
}

describe('htmlCompression', () => {
  test('a rendered page is gzipped (at the lower level) once, with Vary, no stale Content-Length, and decodes to the page', async () => {
    const res = await makeApp().request('/store/strollers', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/)
    const body = Buffer.from(await res.arrayBuffer())
    expect(zlib.gunzipSync(body).toString('utf8')).toBe(page)
    // Compressed here at level 4, not by compress() at zlib's default level.
    expect(body.equals(zlib.gzipSync(page, { level: 4 }))).toBe(true)
    expect(body.equals(zlib.gzipSync(page, { level: 6 }))).toBe(false)
    // A short page that came with a Content-Length loses it (the compressed length differs).
    const small = await makeApp().request('/small', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(small.headers.get('Content-Length')).toBeNull()
    expect(zlib.gunzipSync(Buffer.from(await small.arrayBuffer())).toString('utf8')).toBe('<p>hi</p>')
  })

  test('plain for clients without gzip; JSON, no-transform and already encoded responses are left to the others', async () => {
    const app = makeApp()
    const plain = await app.request('/store/strollers', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/)
    expect(await plain.text()).toBe(page)
    const json = await app.request('/api/thing', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(json.headers.get('Content-Encoding')).toBe('gzip') // hono's compress()
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await json.arrayBuffer())).toString('utf8')).items).toHaveLength(200)
    const noTransform = await app.request('/no-transform', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(noTransform.headers.get('Content-Encoding')).toBeNull()
    expect(await noTransform.text()).toBe(page)
    const encoded = await app.request('/encoded', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(zlib.gunzipSync(Buffer.from(await encoded.arrayBuffer())).toString('utf8')).toBe(page)
  })

  test('HEAD requests are not compressed', async () => {
    const res = await makeApp().request('/store/strollers', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('Content-Encoding')).toBeNull()
  })
})
