// `npm run bench:blocking-by-task`: which of a page's tasks Lighthouse's total blocking time (TBT) comes from, as
// Lighthouse's own simulation counts it (decision 018, amendment h26).
//
// Lighthouse (mobile, simulated throttling) does not time the page it loads: its simulator (Lantern) replays the
// trace's main-thread tasks, each lasting its observed wall time × 4 (× 2 for a task with a layout), after the
// network requests it depended on, and counts from the simulated first paint on. On this 2-core machine a task's
// wall time is often twice its CPU time (Chromium, Lighthouse and the server share the cores), so the same build
// scores 9 and 136 ms in consecutive runs, and comparing two builds run against run needs dozens of runs.
//
// This bench asks a question that has one answer per trace: how much lower would this run's TBT have been if one
// given task had taken 1 ms? For RUNS (3) Lighthouse runs of each page (PAGES, default /store), it saves the
// trace (`-GA`), then for every main-thread task of 10 ms or more it writes a copy of the trace with that task
// shortened and has Lighthouse audit the copy again (`-A`, no browser), printing the difference per task with what
// the task did (style, layout, paint, HTML parsing, script, a document's commit). A task can matter without being
// long itself: one that delays the first frame in the full replay but not in the replay of the first paint moves
// the first frame past the simulated first paint.
//
// Against a fresh server with the demo seed, or BASE_URL. Takes about a minute per run (a re-audit is ~3 s).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CHROMIUM_FLAGS, chromiumPath } from '../tests/e2e/support/browser'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'
import type { TraceEvent } from './support/trace'

const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
const baseUrl = external ?? server!.baseUrl
const pages = (process.env.PAGES ?? '/store').split(',')
const runs = Number(process.env.RUNS ?? 3)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-tbt-'))

function lighthouse(args: string[]) {
  const attempt = () =>
    execFileSync(
      'npx',
      [
        '-y',
        'lighthouse@12.8.2',
        ...args,
        `--chrome-path=${chromiumPath()}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
        '--only-categories=performance',
        '--output=json',
        '--quiet',
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    )
  // Once more when Lighthouse fails to record the trace (NO_NAVSTART, seen now and then on this machine).
  try {
    attempt()
  } catch {
    attempt()
  }
}

const tbtOf = (report: string) =>
  (
    JSON.parse(fs.readFileSync(report, 'utf8')) as {
      audits: Record<string, { numericValue: number }>
    }
  ).audits['total-blocking-time']!.numericValue

/** TBT of the saved run in `dir`, audited again from its artifacts. */
function reaudit(dir: string) {
  const report = path.join(dir, 'again.json')
  lighthouse([`-A=${dir}`, `--output-path=${report}`])
  return tbtOf(report)
}

/** What a task did, from the events inside it: the largest few, by wall time. */
function summary(events: TraceEvent[], task: TraceEvent) {
  const end = task.ts + (task.dur ?? 0)
  const totals = new Map<string, number>()
  let countedUntil = 0
  for (const e of events) {
    // Events nested in one already counted (a function call inside a script's evaluation) are part of it.
    if (e === task || e.ts < task.ts || e.ts >= end || !e.dur || e.ts < countedUntil) continue
    const kind =
      e.name === 'UpdateLayoutTree'
        ? 'style'
        : e.name === 'Layout'
          ? 'layout'
          : e.name === 'Paint' || e.name === 'PrePaint'
            ? 'paint'
            : e.name === 'ParseHTML'
              ? 'parse HTML'
              : e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'FunctionCall' || e.name === 'v8.callFunction'
                ? 'script'
                : e.name === 'DocumentLoader::CommitNavigation'
                  ? 'commit'
                  : e.name === 'MinorGC' || e.name === 'MajorGC'
                    ? 'GC'
                    : null
    if (!kind) continue
    totals.set(kind, (totals.get(kind) ?? 0) + e.dur / 1000)
    countedUntil = e.ts + e.dur
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(', ')
}

try {
  for (const page of pages) {
    for (let run = 1; run <= runs; run++) {
      const dir = path.join(work, `run-${run}`)
      fs.rmSync(dir, { recursive: true, force: true })
      fs.mkdirSync(dir)
      lighthouse([baseUrl + page, `-GA=${dir}`, `--output-path=${path.join(dir, 'report.json')}`])
      const tracePath = path.join(dir, 'defaultPass.trace.json')
      const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8')) as {
        traceEvents: TraceEvent[]
      }
      const navigation = trace.traceEvents
        .filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'))
        .at(-1)!
      const main = trace.traceEvents
        .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.ts >= navigation.ts)
        .sort((a, b) => a.ts - b.ts)
      const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 10_000)
      const baseline = reaudit(dir)
      console.log(
        `${page} run ${run}: TBT ${tbtOf(path.join(dir, 'report.json')).toFixed(0)} ms (audited again: ${baseline.toFixed(0)}), ${tasks.length} tasks of 10 ms or more`,
      )
      const rows: {
        at: number
        wall: number
        cpu: number
        gain: number
        what: string
      }[] = []
      for (const task of tasks) {
        const copy = path.join(work, 'copy')
        fs.rmSync(copy, { recursive: true, force: true })
        fs.mkdirSync(copy)
        for (const f of fs.readdirSync(dir))
          if (f.endsWith('.json') && !f.startsWith('report') && !f.startsWith('again')) fs.copyFileSync(path.join(dir, f), path.join(copy, f))
        const original = task.dur!
        task.dur = 1000
        fs.writeFileSync(path.join(copy, 'defaultPass.trace.json'), JSON.stringify(trace))
        task.dur = original
        rows.push({
          at: (task.ts - navigation.ts) / 1000,
          wall: original / 1000,
          cpu: (task.tdur ?? 0) / 1000,
          gain: baseline - reaudit(copy),
          what: summary(main, task),
        })
      }
      for (const r of rows.sort((a, b) => b.gain - a.gain).slice(0, 8)) {
        console.log(
          `  at ${r.at.toFixed(0).padStart(5)} ms  ${r.wall.toFixed(1).padStart(5)} ms wall (${r.cpu.toFixed(1)} CPU)  TBT -${r.gain.toFixed(0).padStart(3)} ms if 1 ms  [${r.what}]`,
        )
      }
    }
  }
} finally {
  if (server) await stopServer(server)
  fs.rmSync(work, { recursive: true, force: true })
}
