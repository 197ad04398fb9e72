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
})
