// Bundles the Node entry (server/main.ts and the app modules it wires) into build/server/main.js.
// Packages stay external; React Router's own build (build/server/index.js) is loaded at run time.
import { build } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
// The browser assets are fingerprinted and never change: compress them once here (gzip at level 9 and
// brotli at 11, both smaller than compressing per response) and serve the copies (server/app.ts).
const assets = 'build/client/assets'
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue
  const file = path.join(assets, name)
  const body = fs.readFileSync(file)
  if (body.length < 512) continue
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }))
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
}
fs.writeFileSync('build/.stamp', new Date().toISOString())
