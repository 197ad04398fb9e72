import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '~/db/embedded-postgres.server'
import { runMigrations } from '~/db/migrate.server'

/**
 * The PostgreSQL server tests use: DATABASE_URL's server when set (CI runs both), otherwise a throwaway
 * embedded one (with `settings` given to it, if any). Returns an admin URL (any database name can be swapped in) and a stop function.
 */
export async function startTestPostgres(options: { settings?: Record<string, string> } = {}): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const external = process.env.DATABASE_URL
  if (external) return { adminUrl: external, stop: async () => {} }
  // 0755 so that the `postgres` system user (used when we run as root) can reach its folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-test-'))
  fs.chmodSync(dir, 0o755)
  const quiet = { info() {}, warn() {}, debug() {} }
  const server = await startEmbeddedPostgres(dir, quiet, options)
  return {
    adminUrl: server.url,
    async stop() {
      await server.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export function urlWithDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** Creates a freshly migrated database to copy per test file (CREATE DATABASE … TEMPLATE is fast). */
export async function createTemplateDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = urlWithDatabase(adminUrl, name)
  await runMigrations(url)
  return url
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    // Pools that were just ended may still be closing their sockets: give them a moment, because a forced
    // drop terminates them and each then raises an 'admin shutdown' error in the test process.
    for (let i = 0; i < 30; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
      if (!rows[0] || rows[0].n === 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await admin.query(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end()
  }
}
