import zlib from 'node:zlib'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, test } from 'vitest'
import { gzipChunks, HTML_GZIP_LEVEL, htmlCompression } from './html-compression'

// Varied enough that zlib's levels give different output (a page of one repeated line compresses the same at all).
const words = ['stroller', 'swaddle', 'bottle', 'crib', 'monitor', 'carrier', 'blanket', 'wipes', 'é']
const page = `<!DOCTYPE html><html><body>${Array.from({ length: 600 }, (_, i) => `<li class="pcard p${(i * 7919) % 997}">${words[(i * 31) % 9]} ${words[(i * 17) % 9]} $${(i * 37) % 500}.99</li>`).join('')}</body></html>`

/** The server's order: compress() for everything, then the HTML-only compression in front of the pages. */
function makeApp() {
  const app = new Hono()
  app.use(compress())
  app.get('/api/thing', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: 'thing' })) }))
  app.use('*', htmlCompression())
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
    // Compressed here at the fastest level (the deflate data is zlib's at level 1), not by compress() at zlib's default.
    expect(HTML_GZIP_LEVEL).toBe(1)
    const level1 = zlib.deflateRawSync(page, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH })
    const level6 = zlib.deflateRawSync(page, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH })
    expect(level1.equals(level6)).toBe(false)
    expect(body.subarray(10, 10 + level1.length).equals(level1)).toBe(true)
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

describe('gzipChunks', () => {
  async function run(chunks: string[]) {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(Buffer.from(chunk, 'utf8'))
        controller.close()
      },
    })
    return Buffer.from(await new Response(source.pipeThrough(gzipChunks(4))).arrayBuffer())
  }

  test('one gzip member, the same page for any split of it (empty chunks and none at all included)', async () => {
    for (const cuts of [[], [1], [5000, 5001, 20_000], [100, 100, 200], Array.from({ length: 40 }, (_, i) => i * 997)]) {
      const chunks = [0, ...cuts, page.length].slice(1).map((end, i, ends) => page.slice(i === 0 ? 0 : ends[i - 1], end))
      const body = await run(chunks)
      expect(zlib.gunzipSync(body).toString('utf8')).toBe(page)
      // A single member: gzip's own decoder stops at the end of the first one.
      expect(body.subarray(0, 3).equals(Buffer.from([0x1f, 0x8b, 8]))).toBe(true)
      expect(body.readUInt32LE(body.length - 4)).toBe(Buffer.byteLength(page))
      expect(body.readUInt32LE(body.length - 8)).toBe(zlib.crc32(page))
    }
    expect(zlib.gunzipSync(await run([])).toString('utf8')).toBe('')
    expect(zlib.gunzipSync(await run(['', 'é', ''])).toString('utf8')).toBe('é')
  })

  test('each chunk is sent compressed as soon as it comes, before the next one is written', async () => {
    const { readable, writable } = gzipChunks(4)
    const writer = writable.getWriter()
    const reader = readable.getReader()
    void writer.write(Buffer.from(page.slice(0, 30_000)))
    const first = (await reader.read()).value!
    // Header and the first chunk's deflate data, ending with a sync flush (00 00 ff ff): a browser can parse it now.
    expect([...first.subarray(first.length - 4)]).toEqual([0, 0, 0xff, 0xff])
    expect(zlib.inflateRawSync(first.subarray(10), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8')).toBe(page.slice(0, 30_000))
    void writer.write(Buffer.from(page.slice(30_000)))
    void writer.close()
    const rest: Uint8Array[] = []
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value)
    expect(zlib.gunzipSync(Buffer.concat([first, ...rest])).toString('utf8')).toBe(page)
  })

  test('close to a whole-page gzip at the same level', async () => {
    const whole = zlib.gzipSync(page, { level: 4 }).length
    // The sync flush's empty block and a final empty block: ten bytes more than zlib's own ending.
    expect((await run([page])).length).toBeLessThanOrEqual(whole + 10)
    // Three chunks cost a little: their matches start over at each one.
    expect((await run([page.slice(0, 10_000), page.slice(10_000, 20_000), page.slice(20_000)])).length).toBeLessThan(whole * 1.1)
  })
})
