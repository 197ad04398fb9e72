import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { createDb } from '~/db/client.server'
import { dropDatabase, urlWithDatabase } from './postgres-server'

/** A database of this test file's own, copied from the migrated template: tests never share state. */
export async function createTestDatabase() {
  const adminUrl = inject('pgAdminUrl')
  const template = inject('pgTemplate')
  const name = `nestlist_t_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${template}`)
  } finally {
    await admin.end()
  }
  const url = urlWithDatabase(adminUrl, name)
  const { db, pool } = createDb(url, { max: 5 })
  return {
    db,
    pool,
    url,
    async drop() {
      await pool.end()
      await dropDatabase(adminUrl, name)
    },
  }
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>
