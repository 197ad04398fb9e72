// Bundles the Node entry (server/main.ts and the app modules it wires) into build/server/main.js.
// Packages stay external; React Router's own build (build/server/index.js) is loaded at run time.
import { build } from 'esbuild'
import fs from 'node:fs'

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
fs.writeFileSync('build/.stamp', new Date().toISOString())
