// `npm run bench:cluster`: requests per second through nginx with 1, 2 and 3 Nestlist nodes (npm run cluster,
// docs/deploy.md) on one PostgreSQL, for a shop page every node keeps in its page cache (anonymous /store/strollers)
// and for searches no cache holds (a different word each request). CONNECTIONS (50) keep-alive connections,
// SECONDS (10) per run, after a warm-up; p50/p99 latency and errors alongside.
//
// Everything (nginx, the nodes, PostgreSQL and this client) shares this machine: on 2 cores the machine is the
// ceiling, so more nodes cannot add much here. The figures say what a node costs and that spreading works, not what
// a real deployment with a core per node would reach. NODES=1,2,3 (the default) picks the cluster sizes;
// DATABASE_URL uses that server (already seeded or seeded by the first node) instead of an embedded one.
import http from 'node:http'
import { openDatabase } from '~/db/database.server'
import { makeDataDir } from '../tests/e2e/support/server'
import { startCluster } from '../scripts/cluster-lib'

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
const SECONDS = Number(process.env.SECONDS ?? 10)
const NODES = (process.env.NODES ?? '1,2,3').split(',').map(Number)
const WORDS = ['stroller', 'bottle', 'swaddle', 'crib', 'monitor', 'carrier', 'blanket', 'bib', 'diaper', 'seat', 'toy', 'bath', 'sleep', 'wipes', 'lotion']

type Run = { rps: number; p50: number; p99: number; errors: number; count: number; statuses: Record<string, number> }

async function load(base: string, path: (i: number) => string, seconds: number): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const latencies: number[] = []
  let errors = 0
  const statuses: Record<string, number> = {}
  let i = 0
  const until = Date.now() + seconds * 1000
  const one = (target: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now()
      const req = http.get(`${base}${target}`, { agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        res.resume()
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started)
          else {
            errors++
            statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1
          }
          resolve()
        })
      })
      req.on('error', (error: NodeJS.ErrnoException) => {
        errors++
        statuses[error.code ?? 'error'] = (statuses[error.code ?? 'error'] ?? 0) + 1
        resolve()
      })
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) await one(path(i++))
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, count: latencies.length, statuses }
}

const dataDir = makeDataDir()
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir }, { info: () => undefined, warn: console.warn, debug: () => undefined })
const rows: string[] = []
try {
  for (const nodes of NODES) {
    const cluster = await startCluster({ nodes, port: 0, databaseUrl: database.url, dataDir })
    try {
      const pages = {
        'cached page /store/strollers': () => '/store/strollers',
        'uncached search': (i: number) => `/store/search?search_term=${WORDS[i % WORDS.length]}&n=${i}`,
      }
      for (const [name, path] of Object.entries(pages)) {
        // DIRECT=1: straight to node 1, without nginx (to see what the load balancer adds).
        const base = process.env.DIRECT === '1' ? cluster.nodes[0]!.url : cluster.url
        await load(base, path, 2) // warm-up: code optimised, caches filled, connections open
        const run = await load(base, path, SECONDS)
        rows.push(
          `${String(nodes).padStart(5)}  ${name.padEnd(30)} ${run.rps.toFixed(0).padStart(7)} req/s   p50 ${run.p50.toFixed(1).padStart(6)} ms   p99 ${run.p99.toFixed(1).padStart(6)} ms   errors ${run.errors}${run.errors ? ` ${JSON.stringify(run.statuses)}` : ''}`,
        )
        console.log(rows.at(-1))
      }
    } finally {
      await cluster.stop()
    }
  }
} finally {
  await database.close()
}
console.log(`\nnodes  page (through nginx, ${CONNECTIONS} connections, ${SECONDS} s each)`)
for (const row of rows) console.log(row)
