// `npm run bench:hydration-cpu`: the main-thread CPU time (thread time, which this shared machine's load
// inflates far less than wall time) of a shop page's start in Chromium — module evaluation, React Router's
// start and hydration — read from a Chrome trace, median of RUNS loads per page. Lighthouse's TBT multiplies
// task times by 4 and counts what is over 50 ms; the last column is that sum over CPU times, a drift-resistant
// stand-in for TBT. COMPARE_URL=http://… (another build on the demo seed) alternates loads with it, page by page.
import fs from 'node:fs'
import os from 'node:os'
import { launchBrowser } from '../tests/e2e/support/browser'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'
import { cpuMs, type TraceEvent, traceColdLoad } from './support/trace'


const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
const baseUrl = external ?? server!.baseUrl
const compareUrl = process.env.COMPARE_URL
const runs = Number(process.env.RUNS ?? 5)
const productPath = (await fetch(`${baseUrl}/gp/x/1`, { redirect: 'manual' })).headers.get('location') ?? '/gp/x/1'
const pages = ['/store', '/store/full-size-strollers', '/store/search?search_term=swaddle', new URL(productPath, baseUrl).pathname]
const browser = await launchBrowser()

/** One cold load (fresh context): CPU of the main-thread tasks from the first module evaluation to hydration + 1.2 s. */
async function load(url: string) {
  const thread = await traceColdLoad(browser, url, 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel')
  const within = (t: TraceEvent, name: string) => thread.some((e) => e.name === name && e.ts >= t.ts && e.ts <= t.ts + (t.dur ?? 0))
  const start = Math.min(...thread.filter((e) => e.name === 'v8.evaluateModule').map((e) => e.ts))
  // DevTools' own script injection (waitForFunction) is an inline EvaluateScript task: not the page's.
  const tasks = thread.filter((t) => t.name === 'RunTask' && t.ts + (t.dur ?? 0) >= start && !(within(t, 'EvaluateScript') && !within(t, 'v8.evaluateModule')))
  const cpu = cpuMs
  return {
    evaluation: tasks.filter((t) => within(t, 'v8.evaluateModule')).reduce((s, t) => s + cpu(t), 0),
    total: tasks.reduce((s, t) => s + cpu(t), 0),
    longest: Math.max(...tasks.map(cpu)),
    blocking: tasks.reduce((s, t) => s + Math.max(0, 4 * cpu(t) - 50), 0),
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
try {
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (${os.cpus().length} CPUs); median of ${runs} cold loads`)
  for (const page of pages) {
    const results: Record<string, Awaited<ReturnType<typeof load>>[]> = { base: [], this: [] }
    for (let i = 0; i < runs; i++) {
      if (compareUrl) results.base!.push(await load(compareUrl + page))
      results.this!.push(await load(baseUrl + page))
    }
    for (const [label, r] of Object.entries(results)) {
      if (r.length === 0) continue
      console.log(
        `${(compareUrl ? label : '').padEnd(5)} ${page.padEnd(44)} module evaluation ${median(r.map((x) => x.evaluation)).toFixed(1)} ms CPU  all tasks ${median(r.map((x) => x.total)).toFixed(0)} ms  longest ${median(r.map((x) => x.longest)).toFixed(1)} ms  Σ max(0, 4×CPU−50) ${median(r.map((x) => x.blocking)).toFixed(0)} ms`,
      )
    }
  }
  console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
} finally {
  await browser.close()
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
