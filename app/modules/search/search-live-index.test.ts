import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createLiveIndex } from './search-live-index.server'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
  database.pool.on('error', () => {}) // as server/main.ts does: idle connections may be terminated
})
afterAll(async () => {
  await database.drop()
})

// Ctrl-C can arrive while the index is still connecting its listener (the lifecycle browser test covers the exit code).
test('stopping while the listener is still connecting leaves no connection behind', async () => {
  const live = createLiveIndex(database.pool)
  const started = live.start()
  await live.stop()
  await started
  expect(database.pool.totalCount - database.pool.idleCount).toBe(0)
})
