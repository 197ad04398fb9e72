import { defineConfig } from 'vitest/config'

// Browser tests: Chromium (playwright-core) against the built server, started once in global setup.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
  },
})
