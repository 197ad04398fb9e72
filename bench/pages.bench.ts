// `npm run bench:pages`: starts the built server on a fresh embedded database (or uses BASE_URL) and prints
// latency percentiles and throughput for the main pages and API calls. Bounded: a fixed number of requests.
import fs from 'node:fs'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'

const REQUESTS = Number(process.env.REQUESTS ?? 200)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8)
const paths = ['/healthz', '/', '/store/strollers', '/store/full-size-strollers?page=2', '/store/search?search_term=organic%20swaddle', '/gp/x/1', '/store/api/navbar_categories']

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function measure(baseUrl: string, path: string, print = true) {
  const times: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++
        const t0 = performance.now()
        const res = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'gzip' } })
        await res.arrayBuffer()
        if (res.status >= 400) throw new Error(`${path} answered ${res.status}`)
        times.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  if (print) console.log(
    `${path.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  ${(REQUESTS / seconds).toFixed(0).padStart(5)} req/s`,
  )
}

const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' })
const baseUrl = external ?? server!.baseUrl
try {
  console.log(`${REQUESTS} requests per path, ${CONCURRENCY} at a time, against ${external ? baseUrl : 'a fresh server with the default demo seed'}`)
  for (const path of paths) await measure(baseUrl, path, false) // warm-up
  for (const path of paths) await measure(baseUrl, path)
} finally {
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
