// `npm run cluster`: several Nestlist processes on one PostgreSQL behind nginx (docs/deploy.md).
//   npm run cluster -- --nodes 3 --port 8080
// With DATABASE_URL the nodes share that server; without it one embedded PostgreSQL starts in DATA_DIR for all of
// them. Builds first when the build is missing or older than the sources (as `npm start` does). Ctrl-C stops it all.
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { openDatabase } from '~/db/database.server'
import { startCluster } from './cluster-lib'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`)
  return value
}

const nodes = option('nodes', Math.max(2, os.availableParallelism()))
const port = option('port', 8080)
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m), debug: () => undefined }
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir }, log)
let cluster: Awaited<ReturnType<typeof startCluster>>
try {
  cluster = await startCluster({ nodes, port, databaseUrl: database.url, dataDir, echo: true, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } })
} catch (error) {
  await database.close()
  throw error
}
console.log(`\nNestlist is running on ${nodes} nodes behind nginx: ${cluster.url}`)
for (const node of cluster.nodes) console.log(`  node ${node.index}: ${node.url}`)
console.log(`  nginx configuration: ${cluster.configPath}`)
console.log('Ctrl-C stops nginx, the nodes and the database.')

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log('\nStopping…')
    void cluster
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}
