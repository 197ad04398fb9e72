// `npm run db:migrate`: applies the committed migrations to DATABASE_URL's server, or to the embedded one.
import { openDatabase } from '~/db/database.server'
import { runMigrations } from '~/db/migrate.server'
import { readEnv } from '~/lib/env.server'

const env = readEnv()
const log = { info: (m: string) => console.error(m), warn: (m: string) => console.error(m), debug: () => {} }
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }, log)
try {
  await runMigrations(database.url)
  console.error('Migrations applied.')
} finally {
  await database.close()
}
