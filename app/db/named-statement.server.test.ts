import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database'
import { createDb } from './client.server'
import { executeNamed } from './named-statement.server'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})

test('a statement run by executeNamed is prepared once per connection and answers as db.execute does (timestamps as text)', async () => {
  const { db, pool } = createDb(database.url, { max: 1 })
  try {
    const query = (n: number) => sql`select ${n}::int as n, '2026-11-28 01:00:00+00'::timestamptz as at, x from jsonb_to_recordset(${JSON.stringify([{ x: 'a' }, { x: 'b' }])}::jsonb) as r(x text)`
    const first = await executeNamed<{ n: number; at: string; x: string }>(db, query(1))
    const again = await executeNamed<{ n: number; at: string; x: string }>(db, query(2))
    expect(first.rows).toEqual((await db.execute(query(1))).rows)
    expect(again.rows.map((r) => [r.n, r.x])).toEqual([[2, 'a'], [2, 'b']])
    expect(typeof first.rows[0]!.at).toBe('string')
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'n\\_%' and statement like '%jsonb_to_recordset%'`)
    expect(rows[0]!.n).toBe(1)
  } finally {
    await pool.end()
  }
})

test('in a transaction it runs as a plain statement of that transaction', async () => {
  const n = await database.db.transaction(async (tx) => (await executeNamed<{ n: number }>(tx as never, sql`select 7::int as n`)).rows[0]!.n)
  expect(n).toBe(7)
})
