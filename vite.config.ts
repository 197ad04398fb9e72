import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.BUNDLE_ANALYSE === '1',
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
  },
})
