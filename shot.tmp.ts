import { launchBrowser } from './tests/e2e/support/browser'
const [base, ...paths] = process.argv.slice(2)
const browser = await launchBrowser()
for (const width of [1440, 320]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' })
    const name = `/tmp/shots/${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`
    await page.screenshot({ path: name, fullPage: width === 1440 ? false : false })
    console.log(name)
  }
}
await browser.close()
