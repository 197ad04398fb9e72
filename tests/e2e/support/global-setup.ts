import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createTemplateDatabase, dropDatabase } from '../../support/postgres-server'
import { makeDataDir, startServer, stopServer } from './server'
import { embeddedUrl } from './shop-db'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's database, for the few browser tests that set up state no page can make (e.g. a payment left pending). */
    databaseUrl: string
  }
}

const root = path.resolve(import.meta.dirname, '..', '..', '..')

/**
 * Starts the built Nestlist once for the browser tests, as `npm start` would: on a fresh embedded
 * PostgreSQL in a temporary data directory, or on a fresh database of DATABASE_URL's server.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'build', 'server', 'main.js'))) {
    throw new Error('No build: run `npm run build` before the browser tests (npm test does).')
  }
  const dataDir = makeDataDir()
  let databaseUrl: string | undefined
  const dbName = `nestlist_e2e_${process.pid}`
  if (process.env.DATABASE_URL) databaseUrl = await createTemplateDatabase(process.env.DATABASE_URL, dbName)
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' })
  project.provide('baseUrl', server.baseUrl)
  project.provide('databaseUrl', databaseUrl ?? embeddedUrl(dataDir))
  return async () => {
    await stopServer(server)
    if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, dbName).catch(() => undefined)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
