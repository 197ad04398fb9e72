// `npx tsx bench/long-tasks.bench.ts`: what the longest main-thread tasks of a shop page's start are made of, in
// Chromium: for each of the page's 4 longest tasks (median over RUNS cold loads is not taken: one load, printed
// whole) its CPU time and the scripts evaluated or functions run inside it. Complements bench:hydration-cpu
// (which prints the totals) when looking for what to split. BASE_URL=… to use a running server.
import fs from 'node:fs'
import { launchBrowser } from '../tests/e2e/support/browser'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { data?: { url?: string; functionName?: string }; fileName?: string } }

const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
const baseUrl = external ?? server!.baseUrl
const runs = Number(process.env.RUNS ?? 3)
const productPath = (await fetch(`${baseUrl}/gp/x/1`, { redirect: 'manual' })).headers.get('location') ?? '/gp/x/1'
const pages = process.env.PAGES?.split(',') ?? ['/store', '/store/full-size-strollers', '/store/search?search_term=swaddle', new URL(productPath, baseUrl).pathname]
const browser = await launchBrowser()

async function load(url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,toplevel', transferMode: 'ReturnAsStream' })
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 })
  await page.waitForTimeout(1200)
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  const { stream } = await complete
  let data = ''
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream! })
    data += chunk.data
    if (chunk.eof) break
  }
  await context.close()
  const events = (JSON.parse(data) as { traceEvents: TraceEvent[] }).traceEvents
  const parsing = new Map<string, number>()
  for (const e of events) if (e.name === 'ParseHTML') parsing.set(`${e.pid}:${e.tid}`, (parsing.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0))
  const main = [...parsing].sort((a, b) => b[1] - a[1])[0]![0]
  const thread = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X')
  const cpu = (t: TraceEvent) => (t.tdur ?? t.dur ?? 0) / 1000
  const tasks = thread.filter((t) => t.name === 'RunTask').sort((a, b) => cpu(b) - cpu(a)).slice(0, 4)
  const inside = (t: TraceEvent) =>
    thread
      .filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 500 && /evaluateModule|EvaluateScript|FunctionCall|v8.compile|ParseHTML|Layout|UpdateLayoutTree|v8.run|TimerFire|FireAnimationFrame|EventDispatch|v8.parseOnBackground|V8.GC|MinorGC|MajorGC/.test(e.name))
      .map((e) => `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/^.*\//, '') : e.args?.fileName ? ' ' + e.args.fileName.replace(/^.*\//, '') : ''} ${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1)}`)
      .join(' | ')
  return tasks.map((t) => `  task ${cpu(t).toFixed(1)} ms CPU (${((t.dur ?? 0) / 1000).toFixed(1)} wall): ${inside(t)}`)
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
