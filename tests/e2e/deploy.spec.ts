// A deploy under a running browser (scripts/keep-previous-assets.mjs): a page opened before it asks for chunks of its
// own build afterwards, and while the previous build's assets are kept, they load. (What a page does when a chunk is
// gone all the same, reload once, is app/lib/chunk-load.test.ts.) The "new build" is this build with every fingerprint
// changed, as a real rebuild changes them (building again would take minutes).
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { keepPreviousAssets } from '../../scripts/keep-previous-assets.mjs'
import { launchBrowser } from './support/browser'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'

const repo = path.resolve(import.meta.dirname, '..', '..')
const databaseUrl = inject('databaseUrl')
let browser: Browser
let copy: string
let server: RunningServer | undefined
/** Each deploy's number, across a test's tries, so that every build's fingerprints are new. */
let deploys = 0

/** Vite's fingerprints in asset names: name-XXXXXXXX.ext. */
const FINGERPRINT = /-([A-Za-z0-9_-]{8})\.(?:js|css|svg|png|webp|woff2?)(?:\.gz|\.br)?$/

/** Every file under `dir`. */
const filesUnder = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))

/**
 * Deploys "the next build" into `root`: the current assets move aside as the build script moves them, then the same
 * build is written again with every fingerprint changed, in file names and in every reference to them (the server
 * build's manifest, the scripts' imports). Returns the new fingerprints.
 */
function deployNextBuild(root: string, generation: number): string[] {
  const assets = path.join(root, 'build', 'client', 'assets')
  const current = new Map(fs.readdirSync(assets).filter((n) => !n.endsWith('.gz') && !n.endsWith('.br')).map((n) => [n, fs.readFileSync(path.join(assets, n))]))
  keepPreviousAssets(root)
  fs.mkdirSync(assets, { recursive: true })
  const renamed = new Map<string, string>()
  for (const name of current.keys()) {
    const token = FINGERPRINT.exec(name)?.[1]
    if (token) renamed.set(token, `${token.slice(0, 6)}${generation}${generation}`)
  }
  const tokens = new RegExp([...renamed.keys()].map((t) => t.replace(/[-]/g, '\\-')).join('|'), 'g')
  const rewrite = (text: string) => text.replace(tokens, (t) => renamed.get(t)!)
  // Compressed copies of the old text are left out: the server sends these files as they are.
  for (const [name, body] of current) fs.writeFileSync(path.join(assets, rewrite(name)), /\.(?:js|css|svg|json)$/.test(name) ? rewrite(body.toString('utf8')) : body)
  // In the server build, only the browser's asset URLs and the manifest's version (its own chunks keep their names).
  const manifestVersion = [...current.keys()].map((n) => /^manifest-([A-Za-z0-9_-]{8})\.js$/.exec(n)?.[1]).find(Boolean)
  for (const file of filesUnder(path.join(root, 'build', 'server'))) {
    if (!/\.(?:js|json)$/.test(file)) continue
    let text = fs.readFileSync(file, 'utf8').replace(/(?<=["'`])\/assets\/[A-Za-z0-9._-]+/g, rewrite)
    if (manifestVersion) text = text.replaceAll(`version:"${manifestVersion}"`, `version:"${renamed.get(manifestVersion)}"`)
    fs.writeFileSync(file, text)
  }
  return [...renamed.values()]
}

type Marked = { marker: () => Promise<boolean> }

/** A browser page on `path`, hydrated, with a mark on its window that a reload takes away. */
async function markedPage(url: string, log: string[]) {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  page.on('console', (m) => log.push(m.text()))
  page.on('response', (res) => {
    if (res.status() === 404 && res.url().includes('/assets/')) log.push(`404 ${new URL(res.url()).pathname}`)
  })
  await page.goto(url)
  await page.waitForSelector('html[data-hydrated]')
  await page.evaluate(() => ((window as unknown as { openedBeforeDeploy: boolean }).openedBeforeDeploy = true))
  // While the page reloads there is no window to ask: that counts as not marked.
  const marked: Marked = { marker: () => page.evaluate(() => (window as unknown as { openedBeforeDeploy?: boolean }).openedBeforeDeploy === true).catch(() => false) }
  return { context, page, ...marked }
}

/** The script URLs a page loaded its build from. */
const scriptsOf = (page: Page) => page.evaluate(() => [...document.querySelectorAll('script[src], link[rel=modulepreload]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? ''))

beforeAll(async () => {
  copy = makeDataDir()
  fs.cpSync(path.join(repo, 'build'), path.join(copy, 'build'), { recursive: true })
  // What the server reads besides its build (packages, migrations) is the same before and after the deploy.
  for (const shared of ['node_modules', 'drizzle']) fs.symlinkSync(path.join(repo, shared), path.join(copy, shared))
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(copy, 'package.json'))
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  if (server) await stopServer(server)
  fs.rmSync(copy, { recursive: true, force: true })
})

describe('a deploy under a running browser', () => {
  test("after a deploy, a page of the build before still loads the chunks of its build it had not loaded yet", async () => {
    if (server) await stopServer(server) // a first try that failed left its server
    server = await startServer({ DATABASE_URL: databaseUrl }, { root: copy })
    const port = new URL(server.baseUrl).port
    // The page's requests wait while the server is swapped, as a load balancer's rolling restart would let them.
    const redeploy = async (page: Page, keepPrevious: boolean) => {
      let up: () => void = () => undefined
      const ready = new Promise<void>((resolve) => (up = resolve))
      await page.route('**/*', async (route) => {
        await ready
        await route.continue()
      })
      await stopServer(server!)
      const tokens = deployNextBuild(copy, ++deploys)
      if (!keepPrevious) fs.rmSync(path.join(copy, 'build-previous'), { recursive: true, force: true })
      server = await startServer({ DATABASE_URL: databaseUrl, PORT: port }, { root: copy })
      // Requests that waited go on now, and later ones at once (the handler stays: taking it away would drop them).
      up()
      return tokens
    }

    // A page of the first build, then a deploy that keeps the previous assets: the old page can still load the chunks
    // of its own build that it had not loaded yet (the cart drawer's). (Its next data request makes React Router
    // reload it to the new build, as it does whenever the server's build changed.)
    const log: string[] = []
    const first = await markedPage(`${server.baseUrl}/store/strollers`, log)
    const oldScripts = await scriptsOf(first.page)
    const drawerChunk = fs.readdirSync(path.join(copy, 'build', 'client', 'assets')).find((n) => /^mini-cart-drawer-.+\.js$/.test(n))!
    await redeploy(first.page, true)
    // (A string, so that the test runner does not rewrite the page's import.)
    expect(await first.page.evaluate(`import('/assets/${drawerChunk}').then(() => 'loaded', (e) => e.message)`)).toBe('loaded')
    expect(await first.marker()).toBe(true)
    for (const src of oldScripts.filter((s) => s.startsWith('/assets/'))) expect((await fetch(`${server.baseUrl}${src}`)).status, src).toBe(200)
    await first.context.close()

  })
})
