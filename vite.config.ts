import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { compileHints } from './scripts/compile-hints'
import { firstLoadChunks } from './scripts/first-load-chunks'

/**
 * React Router's package exports point every import at its `dist/development` build, whose only difference
 * from `dist/production` is `ENABLE_DEV_WARNINGS = true` (development-only warnings and error screens). The
 * browser bundle of a production build takes the production build of the same version instead; the server
 * keeps the package's own resolution.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production')
  const entries: Record<string, string> = { 'react-router': path.join(dist, 'index.mjs'), 'react-router/dom': path.join(dist, 'dom-export.mjs') }
  return {
    name: 'nestlist:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => entries[id],
  }
}

export default defineConfig({
  plugins: [reactRouterProductionBuild(), tailwindcss(), reactRouter(), compileHints(['shell', 'shop', 'listing'])],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.BUNDLE_ANALYSE === '1',
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    rollupOptions: { output: { manualChunks: firstLoadChunks(path.join(import.meta.dirname, 'app')) } },
  },
})
