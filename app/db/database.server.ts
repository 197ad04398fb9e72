import { lockDataDir } from './data-dir-lock.server'
import { startEmbeddedPostgres } from './embedded-postgres.server'

type Log = { info(msg: string): void; warn(msg: string): void; debug(msg: string): void }

/** The database this process uses: DATABASE_URL's server, or the embedded one in the data directory. */
export type DatabaseTarget = { url: string; embedded: boolean; close(): Promise<void> }

/** Opens DATABASE_URL as given, or claims the data directory and starts its embedded PostgreSQL. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, log: Log): Promise<DatabaseTarget> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, close: async () => {} }
  const lock = lockDataDir(options.dataDir)
  try {
    const pg = await startEmbeddedPostgres(options.dataDir, log)
    return {
      url: pg.url,
      embedded: true,
      async close() {
        await pg.stop()
        lock.release()
      },
    }
  } catch (error) {
    lock.release()
    throw error
  }
}
