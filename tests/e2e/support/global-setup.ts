import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createTemplateDatabase, dropDatabase } from '../../support/postgres-server'
import { launchBrowserServer } from './browser'
import { makeDataDir, startServer, stopServer } from './server'
import { embeddedUrl } from './shop-db'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's database, for the few browser tests that set up state no page can make (e.g. a payment left pending). */
    databaseUrl: string
    /** The run's one Chromium (browser.ts connects each test file to it). */
    browserEndpoint: string
    /** Where each page state scanned by axe is noted once (browser.ts): one scan per page type and state. */
    a11yScanDir: string
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
  const [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }), launchBrowserServer()])
  project.provide('browserEndpoint', browser.wsEndpoint())
  const a11yScanDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-a11y-'))
  project.provide('a11yScanDir', a11yScanDir)
  project.provide('baseUrl', server.baseUrl)
  project.provide('databaseUrl', databaseUrl ?? embeddedUrl(dataDir))
  return async () => {
    await Promise.all([stopServer(server), browser.close()])
    if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, dbName).catch(() => undefined)
    fs.rmSync(dataDir, { recursive: true, force: true })
    const skipped = fs.existsSync(path.join(a11yScanDir, '.skipped')) ? fs.readFileSync(path.join(a11yScanDir, '.skipped'), 'utf8').length : 0
    const scanned = fs.readdirSync(a11yScanDir).filter((f) => !f.startsWith('.')).length
    process.stdout.write(`axe: ${scanned} page states scanned, ${skipped} scans of a state already scanned skipped\n`)
    fs.rmSync(a11yScanDir, { recursive: true, force: true })
  }
}
