// Bundles the Node entry (server/main.ts and the app modules it wires) into build/server/main.js.
// Packages stay external; React Router's own build (build/server/index.js) is loaded at run time.
import { build } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { smallestGzip } from './smallest-gzip.mjs'

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // Modules the server bundle shares with React Router's server build see themselves on the server, as there.
  define: { 'import.meta.env.SSR': 'true' },
  sourcemap: true,
  logLevel: 'warning',
})
// The browser assets are fingerprinted and never change: compress them once here and serve the copies
// (server/app.ts, which prefers brotli, then gzip, by the request's Accept-Encoding). Brotli at quality 11
// for browsers that accept it; for the others, gzip made by Zopfli (@gfx/zopfli, WebAssembly): a standard
// gzip stream that any gzip decoder reads, 2-4% smaller than zlib's level 9 on our scripts, at ~2 s of CPU
// per 100 KB once per build (docs/decisions/018, amendment h13).
const assets = 'build/client/assets'
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue
  const file = path.join(assets, name)
  const body = fs.readFileSync(file)
  if (body.length < 512) continue
  fs.writeFileSync(`${file}.gz`, await smallestGzip(body))
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
}
fs.writeFileSync('build/.stamp', new Date().toISOString())
