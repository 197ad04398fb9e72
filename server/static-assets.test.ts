import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Services } from '~/services.server'
import { smallestGzip } from '../scripts/smallest-gzip.mjs'
import { createApp } from './app'

// Built assets are answered from the copies scripts/build-server.mjs writes next to them: brotli for browsers
// that accept it, the Zopfli gzip for the others, the file itself for neither. No request gets past the
// assets' handler, so no service is needed.
let dir: string
let app: ReturnType<typeof createApp>
const script = Buffer.from(Array.from({ length: 300 }, (_, i) => `export const v${i}=jsx("span",{className:"pcard-${i % 13}"});`).join('\n'))
let gz: Buffer
let br: Buffer

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  const file = path.join(dir, 'assets', 'page-abc123.js')
  gz = await smallestGzip(script)
  br = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
  fs.writeFileSync(file, script)
  fs.writeFileSync(`${file}.gz`, gz)
  fs.writeFileSync(`${file}.br`, br)
  app = createApp({ services: {} as Services, logger: pino({ level: 'silent' }), supportEmail: 'help@nestlist.example', clientDir: path.relative(process.cwd(), dir) })
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function get(acceptEncoding?: string) {
  const res = await app.request('/assets/page-abc123.js', { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

describe('built assets', () => {
  test('a gzip-only client gets the Zopfli copy byte for byte, with its length, and it decodes to the script', async () => {
    const { res, body } = await get('gzip')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    expect(res.headers.get('Content-Length')).toBe(String(gz.length))
    expect(body.equals(gz)).toBe(true)
    expect(zlib.gunzipSync(body).equals(script)).toBe(true)
    expect(res.headers.get('Vary')).toContain('Accept-Encoding')
  })

  test('a browser that accepts brotli gets the brotli copy', async () => {
    const { res, body } = await get('gzip, deflate, br, zstd')
    expect(res.headers.get('Content-Encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(body).equals(script)).toBe(true)
  })

  test('a client that accepts neither gets the script itself', async () => {
    const { res, body } = await get()
    expect(res.headers.get('Content-Encoding')).toBeNull()
    expect(body.equals(script)).toBe(true)
  })

  test('a client that refuses brotli gets gzip, and one that accepts brotli only gets brotli', async () => {
    expect((await get('br;q=0, gzip')).res.headers.get('Content-Encoding')).toBe('gzip')
    expect((await get('br')).res.headers.get('Content-Encoding')).toBe('br')
  })

  test('answers with the headers of a long-cached script', async () => {
    const { res } = await get('gzip')
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  test('a file once read is answered from memory: the same bytes after it is gone from the disk', async () => {
    const file = path.join(dir, 'assets', 'once-def456.js')
    fs.writeFileSync(file, 'export const once = 1\n')
    const first = await app.request('/assets/once-def456.js')
    expect(await first.text()).toBe('export const once = 1\n')
    fs.rmSync(file)
    const again = await app.request('/assets/once-def456.js')
    expect(again.status).toBe(200)
    expect(await again.text()).toBe('export const once = 1\n')
  })

  test('HEAD gets the headers and no body', async () => {
    const res = await app.request('/assets/page-abc123.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Length')).toBe(String(br.length))
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })

  test('a missing file and a path out of the folder are not answered', async () => {
    // A file beside the built client folder, not in it.
    const secret = `${path.basename(dir)}-secret.txt`
    fs.writeFileSync(path.join(path.dirname(dir), secret), 'not an asset')
    try {
      for (const target of ['/assets/missing-000.js', `/assets/..%2F..%2F${secret}`, `/assets/%2E%2E/%2E%2E/${secret}`, `/assets/..%5C..%5C${secret}`]) {
        const res = await app.request(target)
        expect(res.status, target).toBe(404)
        expect(await res.text()).not.toContain('not an asset')
      }
    } finally {
      fs.rmSync(path.join(path.dirname(dir), secret))
    }
  })
})
