// `npm run bench:long-tasks`: what the longest main-thread tasks of a shop page's start are made of, in Chromium.
// For each of RUNS cold loads (3 by default) of each page (PAGES=/store,… to choose), the load's 4 longest tasks,
// each with its CPU time and what ran inside it (module evaluation, scripts, style and layout). Complements
// bench:hydration-cpu (which prints the medians of the totals) when looking for what to split. BASE_URL=… to use a
// running server.
import fs from 'node:fs'
import { launchBrowser } from '../tests/e2e/support/browser'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'
import { cpuMs, type TraceEvent, traceColdLoad } from './support/trace'


const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
const baseUrl = external ?? server!.baseUrl
const runs = Number(process.env.RUNS ?? 3)
const productPath = (await fetch(`${baseUrl}/gp/x/1`, { redirect: 'manual' })).headers.get('location') ?? '/gp/x/1'
const pages = process.env.PAGES?.split(',') ?? ['/store', '/store/full-size-strollers', '/store/search?search_term=swaddle', new URL(productPath, baseUrl).pathname]
const browser = await launchBrowser()

async function load(url: string) {
  const thread = await traceColdLoad(browser, url, 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,toplevel')
  const cpu = cpuMs
  const tasks = thread.filter((t) => t.name === 'RunTask').sort((a, b) => cpu(b) - cpu(a)).slice(0, 4)
  const inside = (t: TraceEvent) =>
    thread
      .filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 500 && /evaluateModule|EvaluateScript|FunctionCall|v8.compile|ParseHTML|Layout|UpdateLayoutTree|v8.run|TimerFire|FireAnimationFrame|EventDispatch|v8.parseOnBackground|V8.GC|MinorGC|MajorGC/.test(e.name))
      .map((e) => `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/^.*\//, '') : e.args?.fileName ? ' ' + e.args.fileName.replace(/^.*\//, '') : ''} ${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1)}`)
      .join(' | ')
  // When each task started, from the start of the HTML's parsing: the first layout comes before the first paint (and
  // so counts for no blocking time), one after hydration does.
  const parsedAt = Math.min(...thread.filter((e) => e.name === 'ParseHTML').map((e) => e.ts))
  return tasks.map((t) => `  task ${cpu(t).toFixed(1)} ms CPU (${((t.dur ?? 0) / 1000).toFixed(1)} wall) at +${((t.ts - parsedAt) / 1000).toFixed(0)} ms: ${inside(t)}`)
}

try {
  for (const p of pages) {
    for (let i = 0; i < runs; i++) {
      console.log(`${p} (load ${i + 1})`)
      for (const line of await load(baseUrl + p)) console.log(line)
    }
  }
} finally {
  await browser.close()
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
