import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema.server'

export type Db = NodePgDatabase<typeof schema>

// Postgres returns int8 (count(*), sums) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10))

/** Opens a connection pool and the Drizzle database on top of it. */
export function createDb(connectionString: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, idleTimeoutMillis: 30_000 })
  const db: Db = drizzle(pool, { schema })
  return { pool, db }
}
