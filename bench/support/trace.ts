// A Chrome trace of one cold page load (fresh browser context, 412 px wide), for the benches that read the page's
// main-thread tasks (bench:hydration-cpu, bench/long-tasks.bench.ts).
import type { Browser } from 'playwright-core'

export type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { data?: { url?: string; functionName?: string; documentLoaderURL?: string }; fileName?: string }
}

/** CPU milliseconds of a trace event (thread time where the trace has it, else wall time). */
export const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000

/**
 * Loads `url` cold while tracing `categories`, waits for hydration (the app shell's `data-hydrated`) and 1.2 s
 * more, and returns the complete events ('X') of the page's main thread: the thread that parsed the HTML.
 */
export async function traceColdLoad(browser: Browser, url: string, categories: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' })
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
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X')
}
