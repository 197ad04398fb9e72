import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { type FixtureServer, startProductFixtureServer } from '../support/product-fixture-server'
import { createTemplateDatabase, dropDatabase } from '../support/postgres-server'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, seriousA11yViolations } from './support/browser'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'

// Add from any store (issue 6): paste a link from another shop, check the preview, save it, add a second
// place to buy it, and see 'Where to buy' as a guest; a page that cannot be read gives the manual form,
// which keeps what the owner typed. The real web is not reachable, so the 'other shop' is a fixture server
// on 127.0.0.1. The shared browser-test server runs as production and must refuse it; this file starts
// its own server with NODE_ENV=test and NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS set to the fixture's port.
const sharedBaseUrl = inject('baseUrl')
let browser: Browser
let fixture: FixtureServer
let server: RunningServer
let baseUrl: string
let dataDir: string
const dbName = `nestlist_e2e_ext_${process.pid}`
const shots = process.env.E2E_SCREENSHOTS

beforeAll(async () => {
  fixture = await startProductFixtureServer()
  dataDir = makeDataDir()
  const databaseUrl = process.env.DATABASE_URL ? await createTemplateDatabase(process.env.DATABASE_URL, dbName) : ''
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test', NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS: String(fixture.port) })
  baseUrl = server.baseUrl
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  if (server) await stopServer(server)
  if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, dbName).catch(() => undefined)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  await fixture?.close()
})

async function newPage(width: number, account?: TestAccount) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  if (account) await signInContext(context, baseUrl, account)
  return { context, page: await context.newPage() }
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

async function expectAxeClean(page: Page, label: string) {
  const violations = await seriousA11yViolations(page)
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
  if (shots) await page.screenshot({ path: `${shots}/${label.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true })
}

/** A signed-in owner with a baby registry (made through the API); returns the registry id. */
async function ownerWithRegistry(): Promise<{ account: TestAccount; registryId: number }> {
  const account = await createAccount(baseUrl)
  const res = await fetch(`${baseUrl}/api/v3/registries`, {
    method: 'POST',
    headers: { Cookie: account.cookie, 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ registryType: 'baby', title: 'Baby Owl', familyName: 'Robin & Sam Owl', slug: `owl-${randomBytes(4).toString('hex')}`, isArrivalDateKnown: false }),
  })
  if (res.status !== 201) throw new Error(`registry not created: ${res.status} ${await res.text()}`)
  return { account, registryId: ((await res.json()) as { id: number }).id }
}

describe('add from any store', () => {
  test('an owner pastes a shop link, edits the preview, saves it, adds a second store, and guests see where to buy (axe at 1280 and 375)', async () => {
    const { account, registryId } = await ownerWithRegistry()
    const { context, page } = await newPage(1280, account)
    try {
      await open(page, '/registry/add-items')
      await page.getByRole('heading', { name: 'Paste a link from any store' }).waitFor()
      await page.getByLabel('Product link').fill(`${fixture.origin}/product-jsonld`)
      await page.getByRole('button', { name: 'Get details' }).click()
      await page.getByRole('heading', { level: 1, name: 'Check the details' }).waitFor()
      expect(await page.getByLabel('Item name').inputValue()).toBe('Cloud Nine Bassinet')
      expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('1249.50')
      expect(await page.getByLabel('Store name').inputValue()).toBe('Little Nest Co.')
      // Our own copies of the shop's pictures, never the shop's links.
      const pictures = await page.locator('form img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))
      expect(pictures.length).toBe(2)
      for (const src of pictures) expect(src).toMatch(/^\/images\/external\/[0-9a-f-]{36}\.webp$/)
      await expectAxeClean(page, 'preview 1280')

      await page.getByLabel('Item name').fill('Cloud Nine Bassinet, grey')
      await page.getByLabel('Price', { exact: true }).fill('1199')
      await page.getByLabel('How many?').fill('2')
      await page.getByLabel('Note for guests').fill('The grey one, please')
      await page.getByLabel('Most wanted').check()
      await page.getByRole('button', { name: 'Add to my registry' }).click()
      await page.waitForURL(`${baseUrl}/registry/home`)
      await page.getByText('Added to your registry.').first().waitFor()
      const row = page.getByRole('listitem').filter({ hasText: 'Cloud Nine Bassinet, grey' })
      await row.waitFor()
      expect(await row.textContent()).toContain('$1,199')
      expect(await row.textContent()).toContain('from Little Nest Co.')

      await row.getByRole('link', { name: 'Where to buy: Cloud Nine Bassinet, grey' }).click()
      await page.getByRole('heading', { level: 1, name: 'Where to buy' }).waitFor()
      await page.getByLabel('Store name').fill('Riverside Kids')
      await page.getByLabel('Price', { exact: true }).fill('1150')
      await page.getByLabel('Link to the product there').fill('javascript:alert(1)')
      await page.getByRole('button', { name: 'Add store' }).click()
      await page.getByText('Paste a full web address that starts with http:// or https://.').first().waitFor()
      // what was typed is still there
      expect(await page.getByLabel('Store name').inputValue()).toBe('Riverside Kids')
      await page.getByLabel('Link to the product there').fill('https://riverside-kids.example/bassinet')
      await page.getByRole('button', { name: 'Add store' }).click()
      await page.getByText('Store added.').waitFor()
      await expectAxeClean(page, 'where to buy 1280')

      for (const width of [1280, 375]) {
        const guest = await newPage(width)
        try {
          await guest.page.goto(`${baseUrl}/list/${registryId}`)
          await guest.page.waitForSelector('html[data-hydrated]')
          const card = guest.page.getByRole('article', { name: 'Cloud Nine Bassinet, grey' })
          const where = card.getByRole('list', { name: 'Where to buy' })
          await where.waitFor()
          const text = await where.textContent()
          expect(text).toContain('Little Nest Co.')
          expect(text).toContain('$1,199')
          expect(text).toContain('Riverside Kids')
          expect(text).toContain('$1,150')
          expect(await where.getByRole('link', { name: /Riverside Kids/ }).getAttribute('href')).toBe('https://riverside-kids.example/bassinet')
          expect(await card.locator('img').getAttribute('src')).toMatch(/^\/images\/external\//)
          await expectAxeClean(guest.page, `guest view ${width}`)
        } finally {
          await guest.context.close()
        }
      }

      // A guest reserves it (as a plain form post): the reservation page shows where to buy it, both stores.
      const items = (await (await fetch(`${baseUrl}/api/v3/registries/${registryId}/reg_items?view=guest`)).json()) as { items: { id: number; title: string }[] }
      const itemId = items.items.find((i) => i.title === 'Cloud Nine Bassinet, grey')!.id
      const reserved = await fetch(`${baseUrl}/list/${registryId}`, {
        method: 'POST',
        headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'reserve', itemId: String(itemId), quantity: '1', giverName: 'Aunt June', giverEmail: `june-${randomBytes(3).toString('hex')}@example.test` }),
        redirect: 'manual',
      })
      expect(reserved.status).toBe(302)
      const giver = await newPage(375)
      try {
        await giver.page.goto(`${baseUrl}${reserved.headers.get('location')}`)
        await giver.page.getByRole('heading', { name: 'Where to buy it' }).waitFor()
        await giver.page.getByRole('link', { name: /Buy it at Little Nest Co\./ }).waitFor()
        expect(await giver.page.getByRole('link', { name: /Riverside Kids/ }).getAttribute('href')).toBe('https://riverside-kids.example/bassinet')
        await expectAxeClean(giver.page, 'reservation 375')
      } finally {
        await giver.context.close()
      }
    } finally {
      await context.close()
    }
  })

  test('a page that is not a product gives the manual form, which keeps typed values when something is wrong (375 px)', async () => {
    const { account } = await ownerWithRegistry()
    const { context, page } = await newPage(375, account)
    try {
      await open(page, `/registry/save_item?url=${encodeURIComponent(`${fixture.origin}/not-a-product`)}`)
      await page.getByRole('heading', { level: 1, name: 'Add the item yourself' }).waitFor()
      await page.getByText('We opened the page but could not find a product on it.').waitFor()
      await expectAxeClean(page, 'manual form 375')
      await page.getByLabel('Item name').fill('Owl night light')
      await page.getByLabel('Price', { exact: true }).fill('twenty')
      await page.getByLabel('Store name').fill('Corner Shop')
      await page.getByLabel('Note for guests').fill('Warm white if possible')
      await page.getByRole('button', { name: 'Add to my registry' }).click()
      await page.getByText('Enter a price, like 24.99.').first().waitFor()
      // the first field to fix has the focus
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('price')
      expect(await page.getByLabel('Item name').inputValue()).toBe('Owl night light')
      expect(await page.getByLabel('Store name').inputValue()).toBe('Corner Shop')
      expect(await page.getByLabel('Note for guests').inputValue()).toBe('Warm white if possible')
      expect(await page.getByLabel('Link to the product').inputValue()).toBe(`${fixture.origin}/not-a-product`)
      await expectAxeClean(page, 'manual form error 375')
      await page.getByLabel('Price', { exact: true }).fill('18.50')
      await page.getByRole('button', { name: 'Add to my registry' }).click()
      await page.waitForURL(`${baseUrl}/registry/home`)
      await page.getByRole('listitem').filter({ hasText: 'Owl night light' }).waitFor()
    } finally {
      await context.close()
    }
  })

  test('a private address is refused with a clear message and the manual form, and /unable_to_add_reg_item explains it', async () => {
    const { account } = await ownerWithRegistry()
    const { context, page } = await newPage(1280, account)
    try {
      await open(page, `/registry/save_item?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`)
      await page.getByText('That link does not point to a public shop website, so we did not open it.').waitFor()
      await page.getByRole('link', { name: 'Why does this happen?' }).click()
      await page.getByRole('heading', { level: 1, name: 'We couldn’t add that item automatically' }).waitFor()
      await expectAxeClean(page, 'unable to add 1280')
      await page.getByRole('link', { name: 'Add it yourself' }).click()
      await page.getByRole('heading', { level: 1, name: 'Add the item yourself' }).waitFor()
    } finally {
      await context.close()
    }
  })

  test('the Nestlist button on /add-items opens save_item with what the shop page says', async () => {
    const { account } = await ownerWithRegistry()
    const { context, page } = await newPage(1280, account)
    try {
      await open(page, '/add-items')
      await expectAxeClean(page, 'add-items 1280')
      const href = await page.getByTestId('nestlist-button').getAttribute('href')
      expect(href).toMatch(/^javascript:/)
      // Clicking a bookmark runs its script in the shop's page: do the same on the fixture shop.
      const shop = await context.newPage()
      await shop.goto(`${fixture.origin}/product-og`)
      const [opened] = await Promise.all([context.waitForEvent('page'), shop.evaluate(decodeURIComponent(href!.slice('javascript:'.length)))])
      await opened.waitForLoadState()
      const url = new URL(opened.url())
      expect(url.pathname).toBe('/registry/save_item')
      expect(url.searchParams.get('url')).toBe(`${fixture.origin}/product-og`)
      expect(url.searchParams.get('title')).toBe('Sleepy Owl Night Light')
      expect(url.searchParams.get('price')).toBe('24.99')
      await opened.getByRole('heading', { level: 1, name: 'Check the details' }).waitFor()
      expect(await opened.getByLabel('Item name').inputValue()).toBe('Sleepy Owl Night Light')
    } finally {
      await context.close()
    }
  })

  test('the demo registry shows items from other stores, with further places to buy (Amazon among them)', async () => {
    const { context, page } = await newPage(1280)
    try {
      await open(page, '/maya-and-leo')
      const card = page.getByRole('article', { name: 'Trailhead all-terrain jogging stroller' })
      const where = card.getByRole('list', { name: 'Where to buy' })
      const text = await where.textContent()
      expect(text).toContain('Peak Parent Outfitters')
      expect(text).toContain('Riverside Kids Co-op')
      expect(text).toContain('Amazon')
      const picture = await page.request.get(`${baseUrl}${await card.locator('img').getAttribute('src')}`)
      expect(picture.headers()['content-type']).toBe('image/webp')
    } finally {
      await context.close()
    }
  })

  test('the production-mode server refuses the local fixture shop (the test setting is off there)', async () => {
    const account = await createAccount(sharedBaseUrl)
    const created = await fetch(`${sharedBaseUrl}/api/v3/registries`, {
      method: 'POST',
      headers: { Cookie: account.cookie, 'Content-Type': 'application/json', Origin: sharedBaseUrl },
      body: JSON.stringify({ registryType: 'baby', title: 'Baby Owl', familyName: 'Owls', slug: `owl-${randomBytes(4).toString('hex')}`, isArrivalDateKnown: false }),
    })
    const { id } = (await created.json()) as { id: number }
    const before = fixture.hits().length
    const res = await fetch(`${sharedBaseUrl}/api/v3/registries/${id}/external_previews`, {
      method: 'POST',
      headers: { Cookie: account.cookie, 'Content-Type': 'application/json', Origin: sharedBaseUrl },
      body: JSON.stringify({ url: `${fixture.origin}/product-og` }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ok: false, reason: 'blocked_address' })
    expect(fixture.hits().length).toBe(before)
  })
})
