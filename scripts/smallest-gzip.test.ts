import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { smallestGzip } from './smallest-gzip.mjs'

// Script-like text with the repetition real bundles have, varied enough that encoders differ.
const script = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `function f${i}(a,b){return a.className===b?jsx("div",{className:"pcard-${i % 17}",children:[a,b*${i}]}):null}`).join('\n'),
)

describe('smallestGzip', () => {
  test('writes a gzip stream that zlib decodes to the same bytes, smaller than zlib at level 9', async () => {
    const gz = await smallestGzip(script)
    expect(gz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
    expect(zlib.gunzipSync(gz).equals(script)).toBe(true)
    expect(gz.length).toBeLessThan(zlib.gzipSync(script, { level: 9 }).length)
  })

  test('the system gzip reads it too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smallest-gzip-'))
    try {
      fs.writeFileSync(path.join(dir, 'a.js.gz'), await smallestGzip(script))
      const out = spawnSync('gzip', ['-dc', path.join(dir, 'a.js.gz')])
      expect(out.status).toBe(0)
      expect(out.stdout.equals(script)).toBe(true)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('keeps a tiny or empty file exact', async () => {
    for (const body of [Buffer.alloc(0), Buffer.from('x'), Buffer.from('export{}')]) expect(zlib.gunzipSync(await smallestGzip(body)).equals(body)).toBe(true)
  })
})
