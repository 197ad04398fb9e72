// A deploy under a running browser (app/lib/chunk-load.ts, scripts/keep-previous-assets.mjs): a page opened before it
// asks for chunks of its own build afterwards. While the previous build's assets are kept, they load and the page
// carries on; once they are gone, the page reloads once, to the new build, and works. The "new build" is this build
// with every fingerprint changed, as a real rebuild changes them (building again would take minutes).
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { keepPreviousAssets } from '../../scripts/keep-previous-assets.mjs'
import { launchBrowser } from './support/browser'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'

const repo = path.resolve(import.meta.dirname, '..', '..')
const databaseUrl = inject('databaseUrl')
let browser: Browser
let copy: string
let server: RunningServer | undefined

/** Vite's fingerprints in asset names: name-XXXXXXXX.ext. */
const FINGERPRINT = /-([A-Za-z0-9_-]{8})\.(?:js|css|svg|png|webp|woff2?)(?:\.gz|\.br)?$/

/** Every file under `dir`. */
const filesUnder = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))

/**
 * Deploys "the next build" into `root`: the current assets move aside as the build script moves them, then the same
 * build is written again with every fingerprint changed, in file names and in every reference to them (the server
 * build's manifest, the scripts' imports).
 */
function deployNextBuild(root: string, generation: number) {
  keepPreviousAssets(root)
  const assets = path.join(root, 'build', 'client', 'assets')
  fs.mkdirSync(assets, { recursive: true })
  const source = path.join(repo, 'build', 'client', 'assets')
  const renamed = new Map<string, string>()
  for (const name of fs.readdirSync(source)) {
    const token = FINGERPRINT.exec(name)?.[1]
    if (token) renamed.set(token, `${token.slice(0, 6)}${generation}${generation}`)
  }
  const rewrite = (text: string) => text.replace(/[A-Za-z0-9_-]{8}/g, (t) => renamed.get(t) ?? t)
  for (const name of fs.readdirSync(source)) {
    if (name.endsWith('.gz') || name.endsWith('.br')) continue // compressed copies of the old text: left out
    const body = fs.readFileSync(path.join(source, name))
    const text = /\.(?:js|css|svg|json)$/.test(name)
    fs.writeFileSync(path.join(assets, rewrite(name)), text ? rewrite(body.toString('utf8')) : body)
  }
  for (const file of filesUnder(path.join(root, 'build', 'server'))) {
    if (/\.(?:js|json)$/.test(file)) fs.writeFileSync(file, rewrite(fs.readFileSync(file, 'utf8')))
  }
  return renamed
}

beforeAll(async () => {
  copy = makeDataDir()
  fs.cpSync(path.join(repo, 'build'), path.join(copy, 'build'), { recursive: true })
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'))
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(copy, 'package.json'))
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  if (server) await stopServer(server)
  fs.rmSync(copy, { recursive: true, force: true })
})

describe('a deploy under a running browser', () => {
  test('chunks of the build before still load while kept; once gone, the page reloads once to the new build and works', async () => {
    server = await startServer({ DATABASE_URL: databaseUrl }, { root: copy })
    const port = new URL(server.baseUrl).port
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    const missing: string[] = []
    page.on('response', (res) => {
      if (res.status() === 404 && res.url().includes('/assets/')) missing.push(new URL(res.url()).pathname)
    })
    await page.goto(`${server.baseUrl}/store/strollers`)
    await page.waitForSelector('html[data-hydrated]')
    await page.evaluate(() => ((window as unknown as { openedBeforeDeploy: boolean }).openedBeforeDeploy = true))
    const openedBeforeDeploy = () => page.evaluate(() => (window as unknown as { openedBeforeDeploy?: boolean }).openedBeforeDeploy === true)

    // The deploy: the server stops, the next build takes its place, the server starts again on the same address.
    await stopServer(server)
    const renamed = deployNextBuild(copy, 1)
    server = await startServer({ DATABASE_URL: databaseUrl, PORT: port }, { root: copy })

    // The previous build's chunks are still served: the cart drawer of the old page opens, with no reload.
    await page.locator('[data-mini-cart]').click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1)
    expect(await openedBeforeDeploy()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    // A week later the previous build's assets are gone: the old page's menu chunk fails, and the page reloads once.
    fs.rmSync(path.join(copy, 'build-previous'), { recursive: true, force: true })
    await page.getByRole('button', { name: 'Shop categories' }).click()
    await expect.poll(openedBeforeDeploy, { timeout: 15_000 }).toBe(false)
    await page.waitForSelector('html[data-hydrated]')
    expect(missing.length).toBeGreaterThan(0)
    expect(new URL(page.url()).pathname).toBe('/store/strollers')
    // The reloaded page is the new build's, and it works: the menu opens.
    const scripts = await page.evaluate(() => [...document.querySelectorAll('script[src], link[rel=modulepreload]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? ''))
    const newTokens = [...renamed.values()]
    expect(scripts.some((src) => newTokens.some((t) => src.includes(t)))).toBe(true)
    await page.getByRole('button', { name: 'Shop categories' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1)
    await context.close()
  })
})
