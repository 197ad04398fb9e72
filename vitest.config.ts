import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/support/global-db-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Sign-ups hash at argon2's least cost in unit tests (password.server.ts; never when NODE_ENV=production).
    env: { NESTLIST_TEST_CHEAP_PASSWORD_HASH: '1' },
  },
})
