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
// Two passes over the same pages (docs/decisions/028-shop-server-render.md):
// - "rendered": every request carries a cookie that means nothing to the app (`nestlist_bench=1`), so
//   the anonymous page cache (server/page-cache.ts) never answers and every request runs the loaders
//   and renders the page: what a signed-in shopper, or a visitor with a cart, costs the server.
// - "anonymous": no cookie, like a first visit or a search engine: the page cache answers (one render
//   per page and catalogue change or 15 s). The minimal page goes through the same cache, so its ratio
//   stays a like-for-like comparison.
// MODES=rendered or MODES=anonymous runs one pass only.
//
// Client and server share this machine: the figures are for comparing pages within one run.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
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

const modes = (process.env.MODES?.split(',') ?? ['rendered', 'anonymous']).filter((m) => m === 'rendered' || m === 'anonymous')
const headersFor = (mode: string): Record<string, string> =>
  mode === 'rendered' ? { 'accept-encoding': 'gzip', cookie: 'nestlist_bench=1' } : { 'accept-encoding': 'gzip' }

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

type Result = { p50: number; p95: number; p99: number; rps: number }

async function measure(baseUrl: string, path: string, requests: number, headers: Record<string, string>): Promise<Result> {
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
        const status = await get(agent, url, headers)
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
  const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ')
  console.log(`${REQUESTS} requests per page, ${CONNECTIONS} connections, against ${external ? baseUrl : 'a fresh server with the default demo seed'}`)
  console.log(`machine load average (1, 5, 15 min) at start: ${load()}; ${os.cpus().length} CPUs`)
  const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`
  for (const mode of modes) {
    const headers = headersFor(mode)
    console.log(
      mode === 'rendered'
        ? '\nrendered (a cookie on every request: no page cache, every request runs loaders and renders):'
        : '\nanonymous (no cookie: the anonymous page cache answers):',
    )
    for (const path of pages) await measure(baseUrl, path, Math.min(REQUESTS, 500), headers) // warm-up
    const results = new Map<string, Result>()
    for (const path of pages) {
      const r = await measure(baseUrl, path, REQUESTS, headers)
      results.set(path, r)
      console.log(`  ${path.padEnd(44)} p50 ${f(r.p50)}  p95 ${f(r.p95)}  p99 ${f(r.p99)}  ${r.rps.toFixed(0).padStart(5)} req/s`)
    }
    const floor = results.get('/bench/minimal')
    if (floor) {
      for (const [path, r] of results) {
        if (path !== '/bench/minimal') {
          const ok = r.rps >= floor.rps / 2 && r.p99 <= 25 ? 'goal met' : 'goal not met'
          console.log(`  ${path.padEnd(44)} ${((100 * r.rps) / floor.rps).toFixed(0).padStart(3)}% of the minimal page's req/s, p99 ${f(r.p99)} (${ok}: >= 50%, <= 25 ms)`)
        }
      }
    }
    console.log(`  machine load average after this pass: ${load()}`)
  }
} finally {
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
