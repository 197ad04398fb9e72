// `npm run bench:ssr`: server-rendered pages under load: 50 connections kept open (keep-alive, gzip), a
// fixed number of requests per page, p50/p95/p99 latency and requests per second; against a fresh built
// server with the demo seed (or BASE_URL, which must run with NESTLIST_BENCH_ROUTES=1 for the baseline).
//
// The baseline is /bench/minimal, a real React Router page: the same server, request handler, root
// loader (navbar), document (head, scripts, hydration data) and entry.server streaming as every page, but
// a route with no loader and a one-line body, rendered without the shop's header and footer. It is the
// floor a page cannot beat on this server, so "category page at >= half its throughput" measures what the
// page's own loaders and markup cost. The route answers 404 unless the server runs with
// NESTLIST_BENCH_ROUTES=1 (this bench sets it), so it is no public page. /healthz is not a React Router
// page, and the 404 page renders the whole shop shell, so neither is a fair floor.
//
// Client and server share this machine: the figures are for comparing pages within one run.
import fs from 'node:fs'
import http from 'node:http'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
const REQUESTS = Number(process.env.REQUESTS ?? 2000)
const pages = (process.env.PAGES?.split(',') ?? [
  '/bench/minimal',
  '/store/full-size-strollers',
  '/store/strollers',
  '/store/search?search_term=organic%20swaddle',
  '/gp/nestling-essentials-wipes-dispenser/1',
]).filter(Boolean)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

type Result = { p50: number; p95: number; p99: number; rps: number }

async function measure(baseUrl: string, path: string, requests: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const url = new URL(path, baseUrl)
  const times: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < requests) {
        next++
        const t0 = performance.now()
        const status = await get(agent, url)
        if (status !== 200) throw new Error(`${path} answered ${status}`)
        times.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: requests / seconds }
}

const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NESTLIST_BENCH_ROUTES: '1' })
const baseUrl = external ?? server!.baseUrl
try {
  // The listing index loads in the background after start: wait for it, as a warm server would have.
  await new Promise((r) => setTimeout(r, 3000))
  console.log(`${REQUESTS} requests per page, ${CONNECTIONS} connections, against ${external ? baseUrl : 'a fresh server with the default demo seed'}`)
  for (const path of pages) await measure(baseUrl, path, Math.min(REQUESTS, 500)) // warm-up
  const results = new Map<string, Result>()
  for (const path of pages) {
    const r = await measure(baseUrl, path, REQUESTS)
    results.set(path, r)
    const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`
    console.log(`${path.padEnd(44)} p50 ${f(r.p50)}  p95 ${f(r.p95)}  p99 ${f(r.p99)}  ${r.rps.toFixed(0).padStart(5)} req/s`)
  }
  const floor = results.get('/bench/minimal')
  if (floor) {
    for (const [path, r] of results) {
      if (path !== '/bench/minimal') console.log(`${path.padEnd(44)} ${((100 * r.rps) / floor.rps).toFixed(0).padStart(3)}% of the minimal page's req/s`)
    }
  }
} finally {
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
