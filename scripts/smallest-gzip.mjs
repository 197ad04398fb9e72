// The gzip copy of a built asset: Zopfli's output (a standard gzip member, smaller than zlib's best level), or
// zlib's level 9 where that happens to be smaller (tiny files). Checked by decoding it with zlib before use.
import { gzipAsync } from '@gfx/zopfli'
import zlib from 'node:zlib'

/** @param {Buffer} body @returns {Promise<Buffer>} */
export async function smallestGzip(body) {
  const zopfli = Buffer.from(await gzipAsync(body, { numiterations: 15 }))
  const level9 = zlib.gzipSync(body, { level: 9, memLevel: 9 })
  const best = zopfli.length < level9.length ? zopfli : level9
  if (!zlib.gunzipSync(best).equals(body)) throw new Error('gzip copy does not decode to the asset')
  return best
}
