import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[]
  const found = candidates.find((p) => fs.existsSync(p))
  if (!found) throw new Error('Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.')
  return found
}

/** Starts Chromium for the whole browser run (global setup); each test file connects to it with launchBrowser(). */
export function launchBrowserServer() {
  return chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true })
}

/**
 * The run's one Chromium (started in global setup), connected to for this test file: closing it closes this
 * file's connection and its contexts, not the browser. Outside the browser run it launches a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint')
  if (endpoint) return chromium.connect(endpoint)
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true })
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/**
 * What makes two pages the same for axe: the matched routes (the page type), the viewport width, and the set of
 * distinct kinds of visible element (tag, role, type, classes, invalid or not), which tells the page's states
 * apart (a dialog open, a form with errors, a sold-out badge) but not one list's length or its words.
 */
async function pageStateKey(page: Page): Promise<string> {
  const key = await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { matches: { route: { id: string } }[] } } }).__reactRouterDataRouter
    const routes = router ? router.state.matches.map((m) => m.route.id).join('>') : location.pathname.replace(/[^/]*\d[^/]*/g, '#')
    const kinds = new Set<string>()
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.checkVisibility()) continue
      kinds.add([el.tagName, el.getAttribute('role'), el.getAttribute('type'), el.getAttribute('class'), el.getAttribute('aria-invalid')].join('|'))
    }
    return `${routes} ${window.innerWidth} ${[...kinds].sort().join('\n')}`
  })
  return createHash('sha256').update(key).digest('hex').slice(0, 32)
}

/**
 * Claims a page state's scan for this browser run: true the first time a state is seen (by any test file, in any
 * worker: a file in the run's directory, created exclusively), false after. A11Y_SCAN_ALL=1 scans every time.
 */
function firstScanOf(key: string): boolean {
  const dir = inject('a11yScanDir')
  if (!dir || process.env.A11Y_SCAN_ALL) return true
  try {
    fs.writeFileSync(path.join(dir, key), '', { flag: 'wx' })
    return true
  } catch {
    fs.appendFileSync(path.join(dir, '.skipped'), '.')
    return false
  }
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules) in the page and returns the serious and critical violations. Each page type
 * in each state is scanned once per run (issue 35): a page in a state another test has scanned already answers [].
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  if (!firstScanOf(await pageStateKey(page))) return []
  // Evaluated through the DevTools protocol, which our Content-Security-Policy (rightly) does not allow inline scripts to do.
  await page.evaluate(axeSource)
  // Judge what people see once things settle: an element caught mid fade-in (a toast, the back-to-top
  // button) has a contrast it never keeps. Wait for running animations and transitions (at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  )
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/**
 * Runs one step of a browser check with a time limit, so a step that never ends fails the test with its name and
 * limit instead of the test's own timeout, which names nothing. For page.evaluate and other calls without a timeout.
 * STEP_LOG=1 prints each step's time.
 */
export async function step<T>(label: string, run: () => Promise<T>, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const started = performance.now()
  try {
    return await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label}: not done after ${ms / 1000} s`)), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
    if (process.env.STEP_LOG) console.log(`${label}: ${Math.round(performance.now() - started)} ms`)
  }
}

/** Fails the test with the list of serious or critical axe violations on the page, if there are any. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  const violations = await seriousA11yViolations(page)
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}
