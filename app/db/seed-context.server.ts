import type pg from 'pg'
import type { Db } from './client.server'

/** What each module's seed step receives. Seeds are deterministic: the same options give the same rows. */
export type SeedContext = {
  db: Db
  pool: pg.Pool
  log: (message: string) => void
  options: { products: number }
}
