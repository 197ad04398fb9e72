// `npm run bench:start-layout`: two builds compared, cold load by cold load, on what a shop page's start costs in
// style and layout (decision 018, amendment h19). bench:long-tasks shows that the longest tasks of a page's start
// are style recalculation and layout while the streamed HTML parses, which bench:hydration-cpu (from the first
// module evaluation on) does not count. For each page, RUNS (8) cold loads of each build, alternating which goes
// first; printed per build: the median of the load's total `UpdateLayoutTree` + `Layout` CPU, of the sum over all
// its tasks of max(0, 4 × CPU − 50 ms) (Lighthouse's TBT counts 4× slowed tasks over 50 ms; this counts the ones
// before the first paint too), and of its longest task. A=http://… B=http://… (two servers on the demo seed, such as
// `node build/server/main.js` of two checkouts); PAGES=/a,/b to choose.
import { launchBrowser } from '../tests/e2e/support/browser'
import { cpuMs, traceColdLoad } from './support/trace'

const [a, b] = [process.env.A, process.env.B]
if (!a || !b) throw new Error('Set A and B to the two servers to compare, e.g. A=http://127.0.0.1:4721 B=http://127.0.0.1:4722')
const pages = (process.env.PAGES ?? '/store/full-size-strollers,/store/search?search_term=swaddle').split(',')
const runs = Number(process.env.RUNS ?? 8)
const browser = await launchBrowser()

async function load(url: string) {
  const thread = await traceColdLoad(browser, url, 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel')
  const tasks = thread.filter((t) => t.name === 'RunTask')
  return {
    layout: thread.filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree').reduce((s, e) => s + cpuMs(e), 0),
    blocking: tasks.reduce((s, t) => s + Math.max(0, 4 * cpuMs(t) - 50), 0),
    longest: Math.max(...tasks.map(cpuMs)),
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!
try {
  for (const p of pages) {
    const results = { A: [] as Awaited<ReturnType<typeof load>>[], B: [] as Awaited<ReturnType<typeof load>>[] }
    for (let i = 0; i < runs; i++) {
      const order: ['A' | 'B', string][] =
        i % 2
          ? [
              ['B', b],
              ['A', a],
            ]
          : [
              ['A', a],
              ['B', b],
            ]
      for (const [key, base] of order) results[key].push(await load(base + p))
    }
    for (const key of ['A', 'B'] as const) {
      const r = results[key]
      console.log(
        `${p} ${key}: layout CPU median ${median(r.map((x) => x.layout)).toFixed(1)} ms [${r.map((x) => x.layout.toFixed(0)).join(' ')}], ` +
          `blocking (4x) median ${median(r.map((x) => x.blocking)).toFixed(0)} ms, longest task median ${median(r.map((x) => x.longest)).toFixed(1)} ms`,
      )
    }
  }
} finally {
  await browser.close()
}
