import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { renderImageForPath } from '~/modules/catalog/illustrations'
import { generatedImages, IMAGE_CSP } from './generated-images'
import { chooseEncoding } from './immutable-copies'

function appWith(render: (path: string) => string | null, kept?: number) {
  const calls: string[] = []
  const app = new Hono()
  let reachedApp = 0
  app.use(
    '/images/*',
    generatedImages((path) => {
      calls.push(path)
      return render(path)
    }, kept),
  )
  app.all('*', (c) => {
    reachedApp++
    return c.text('from the app', 404)
  })
  return { app, calls, reachedApp: () => reachedApp }
}

const PRODUCT = '/images/products/stroller-3.svg'

describe('chooseEncoding', () => {
  test.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0.5', 'br'],
  ] as const)('%s -> %s when both copies exist', (header, expected) => {
    expect(chooseEncoding(header, { br: true, gzip: true })).toBe(expected)
  })

  test('only a copy that exists is chosen', () => {
    expect(chooseEncoding('gzip, br', { br: false, gzip: true })).toBe('gzip')
    expect(chooseEncoding('br', { br: false, gzip: true })).toBeNull()
    expect(chooseEncoding('gzip, br', { br: false, gzip: false })).toBeNull()
  })
})

describe('generatedImages', () => {
  test('draws a picture once and answers later requests from memory, in each encoding the client accepts', async () => {
    const { app, calls } = appWith(renderImageForPath)
    const svg = renderImageForPath(PRODUCT)!

    const plain = await app.request(PRODUCT)
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(svg)

    const gzip = await app.request(PRODUCT, { headers: { 'accept-encoding': 'gzip, deflate' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const gzipBytes = Buffer.from(await gzip.arrayBuffer())
    expect(gunzipSync(gzipBytes).toString('utf8')).toBe(svg)
    expect(gzipBytes.length).toBeLessThan(Buffer.byteLength(svg))
    expect(gzip.headers.get('content-length')).toBe(String(gzipBytes.length))

    const br = await app.request(PRODUCT, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(svg)

    await app.request(PRODUCT, { headers: { 'accept-encoding': 'gzip' } })
    expect(calls).toEqual([PRODUCT])
  })

  test('answers with the headers of a long-cached picture and a policy that lets an opened SVG run nothing', async () => {
    const { app } = appWith(renderImageForPath)
    const res = await app.request(PRODUCT, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-security-policy')).toBe(IMAGE_CSP)
    expect(IMAGE_CSP).toContain("default-src 'none'")
    expect(IMAGE_CSP).not.toContain('script')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
  })

  test('HEAD gets the headers and no body', async () => {
    const { app } = appWith(renderImageForPath)
    const res = await app.request(PRODUCT, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(renderImageForPath(PRODUCT)!)))
    expect(await res.text()).toBe('')
  })

  test('unknown pictures, pictures from other stores and other methods go on to the app', async () => {
    const { app, calls, reachedApp } = appWith(renderImageForPath)
    expect((await app.request('/images/products/not-a-kind-1.svg')).status).toBe(404)
    expect((await app.request('/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
    expect((await app.request('/images/external/2f0a4a8e-1c2b-4d3e-8f90-1234567890ab.webp')).status).toBe(404)
    expect((await app.request(PRODUCT, { method: 'POST' })).status).toBe(404)
    expect(reachedApp()).toBe(4)
    // An unknown picture is not kept: asking again draws (and refuses) it again.
    await app.request('/images/products/not-a-kind-1.svg')
    expect(calls.filter((p) => p === '/images/products/not-a-kind-1.svg')).toHaveLength(2)
    expect(calls).not.toContain('/images/external/2f0a4a8e-1c2b-4d3e-8f90-1234567890ab.webp')
  })

  test('keeps at most the given number of pictures, the oldest going first', async () => {
    const { app, calls } = appWith((path) => `<svg xmlns="http://www.w3.org/2000/svg"><title>${path}</title></svg>`, 2)
    for (const name of ['a', 'b', 'c', 'b', 'a']) await app.request(`/images/badges/${name}.svg`)
    // a, b, then c pushes a out; b is still kept; a is drawn again.
    expect(calls).toEqual(['/images/badges/a.svg', '/images/badges/b.svg', '/images/badges/c.svg', '/images/badges/a.svg'])
  })
})
