import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from './client.server'

type Runner = { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } }; $client?: Pick<pg.Pool, 'query'> }

// As Drizzle's db.execute reads results: dates, timestamps and intervals (and their arrays) stay text.
const asText = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182])
const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (asText.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig

/**
 * Runs a statement as a named (prepared) one: PostgreSQL parses it once per connection, and plans it once when
 * its plans do not depend on the values (docs/decisions/025, h16). For the statements a checkout batch sends every
 * time with the same text (JSON and array parameters); the name is the text's hash, so one name is always one text.
 * A database without its own pool (a transaction) runs it as usual.
 */
export async function executeNamed<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const runner = db as unknown as Runner
  if (!runner.$client || typeof runner.dialect?.sqlToQuery !== 'function') return (await db.execute<T>(query)) as { rows: T[] }
  const { sql: text, params } = runner.dialect.sqlToQuery(query)
  const name = `n_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
  return runner.$client.query<T>({ name, text, values: params, types })
}
