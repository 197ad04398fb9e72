import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { categoryNodeBySlug } from '~/modules/catalog/seed/category-tree'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, seriousA11yViolations } from './support/browser'
import { latestEmailLink } from './support/outbox'

// The baby registry checklist (issue 6): the public guide and PDF, the quiz with its results and email,
// and an owner's checklist that ticks itself when a matching item is added and keeps manual checks.
const baseUrl = inject('baseUrl')
let browser: Browser
// CHECKLIST_SCREENSHOTS=1 keeps screenshots of each page at 375 and 1280 px in the temp folder.
const shotsDir = process.env.CHECKLIST_SCREENSHOTS ? path.join(os.tmpdir(), 'checklist-shots') : null

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function newPage(options: BrowserContextOptions & { width?: number } = {}, account?: TestAccount) {
  const { width = 1280, ...rest } = options
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...rest })
  if (account) await signInContext(context, baseUrl, account)
  return { context, page: await context.newPage() }
}

async function open(page: Page, pathname: string, { hydrated = true } = {}) {
  const response = await page.goto(`${baseUrl}${pathname}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
  return response
}

async function check(page: Page, label: string) {
  const violations = await seriousA11yViolations(page)
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${label.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true })
}

/** Sends a JSON API call as the account (the Origin header, as a browser on our site would). */
async function api(account: TestAccount, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { Cookie: account.cookie, Origin: baseUrl, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}

async function firstProductIn(slug: string): Promise<{ id: number; title: string }> {
  const node = categoryNodeBySlug(slug)!
  const listing = await (await fetch(`${baseUrl}/api/v3/catalog_categories/${node.id}/products`)).json()
  const p = listing.heroProducts[0]
  return { id: p.productId, title: p.title }
}

const itemRow = (page: Page, title: string) => page.locator('li', { has: page.getByRole('heading', { name: title, exact: true }) })

describe('baby registry checklist', () => {
  test('a visitor reads the checklist, takes the quiz, gets a personalized result and emails it (axe clean at 375 and 1280 px)', async () => {
    const small = await newPage({ width: 375 })
    try {
      await open(small.page, '/baby-registry-checklist')
      await small.page.getByRole('heading', { level: 1, name: 'The baby registry checklist' }).waitFor()
      expect(await small.page.getByRole('heading', { level: 2, name: 'Health & Safety' }).isVisible()).toBe(true)
      expect(await small.page.getByRole('link', { name: 'Start your checklist' }).first().getAttribute('href')).toBe('/baby-registry-checklist/start_checklist')
      await check(small.page, 'guide-375')
    } finally {
      await small.context.close()
    }

    // The PDF is a real PDF download, blank for a visitor.
    const pdf = await fetch(`${baseUrl}/baby-registry-checklist.pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="nestlist-baby-registry-checklist.pdf"')
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')

    const { context, page } = await newPage({ width: 1280 })
    try {
      await open(page, '/baby-registry-checklist')
      await check(page, 'guide-1280')
      await page.getByRole('link', { name: 'Take the quiz' }).click()
      await page.getByRole('heading', { level: 1, name: 'Build a checklist that fits your family' }).waitFor()
      await check(page, 'quiz-1280')
      await page.getByLabel('A cozy apartment or small space').check()
      await page.getByLabel('On foot or by public transport').check()
      await page.getByLabel('Formula and bottles').check()
      await page.getByLabel('Cold winters').check()
      await page.getByLabel('Essentials plus a few helpers').check()
      await page.getByRole('button', { name: 'Build my checklist' }).click()
      await page.getByRole('heading', { level: 1, name: 'Your personalized checklist' }).waitFor()
      expect(page.url()).toContain('space=compact')
      // The rules at work: formula feeding leaves the pump out; a small space raises the bedside sleeper.
      expect(await page.getByRole('heading', { name: 'Breast pump' }).count()).toBe(0)
      expect(await page.getByText('A bedside sleeper fits small bedrooms better than a crib at first.').isVisible()).toBe(true)
      await check(page, 'quiz-results-1280')

      await page.getByLabel('Your email address').fill('not an address')
      await page.getByRole('button', { name: 'Send my checklist' }).click()
      await page.getByText('Enter an email address like name@example.com.').waitFor()
      const to = `quiz-${randomBytes(5).toString('hex')}@example.test`
      await page.getByLabel('Your email address').fill(to)
      await page.getByRole('button', { name: 'Send my checklist' }).click()
      await page.getByText(`Your checklist is on its way to ${to}.`).waitFor()

      // Staff see it in the outbox, and its link opens the same results.
      const link = await latestEmailLink(baseUrl, to, /\/baby-registry-checklist-quiz\?/)
      expect(link).toContain('feeding=bottle')
      await open(page, new URL(link).pathname + new URL(link).search)
      await page.getByRole('heading', { level: 1, name: 'Your personalized checklist' }).waitFor()
    } finally {
      await context.close()
    }

    const quizSmall = await newPage({ width: 375 })
    try {
      await open(quizSmall.page, '/baby-registry-checklist-quiz?space=roomy&getAround=active&feeding=breast&climate=warm&budget=essentials')
      await quizSmall.page.getByRole('heading', { level: 1, name: 'Your personalized checklist' }).waitFor()
      await check(quizSmall.page, 'quiz-results-375')
      // A partly answered quiz (a GET without JavaScript) says what is missing and keeps the answers given.
      const partial = await open(quizSmall.page, '/baby-registry-checklist-quiz?space=roomy')
      expect(partial?.status()).toBe(400)
      await quizSmall.page.getByText('A few answers are missing').waitFor()
      expect(await quizSmall.page.getByLabel('A house with a room for the nursery').isChecked()).toBe(true)
      await check(quizSmall.page, 'quiz-errors-375')
    } finally {
      await quizSmall.context.close()
    }
  })

  test('an owner’s checklist ticks itself when a matching item is added, and keeps a manual check after reload (axe clean at 375 and 1280 px)', async () => {
    const owner = await createAccount(baseUrl)
    const registry = await api(owner, 'POST', '/api/v3/registries', {
      registryType: 'baby',
      title: 'Baby Checklist',
      familyName: 'Robin Tester',
      slug: `checklist-${randomBytes(4).toString('hex')}`,
      isArrivalDateKnown: false,
    })
    const { context, page } = await newPage({ width: 1280 }, owner)
    try {
      await open(page, '/baby-registry-checklist/start_checklist')
      await page.waitForURL('**/registry/checklist')
      await page.getByRole('heading', { level: 1, name: 'Your baby registry checklist' }).waitFor()
      expect(await itemRow(page, 'Baby thermometer').getByText('On your registry', { exact: true }).count()).toBe(0)

      const thermometer = await firstProductIn('thermometers')
      await api(owner, 'POST', `/api/v3/registries/${registry.id}/reg_items`, { productId: thermometer.id })
      await page.reload()
      await page.waitForSelector('html[data-hydrated]')
      const row = itemRow(page, 'Baby thermometer')
      await row.getByText('On your registry', { exact: true }).waitFor()
      expect(await row.innerText()).toContain(`“${thermometer.title}”`)
      expect(await row.getByRole('button').count()).toBe(0)

      // A manual check (with JavaScript: a fetcher) is kept after a reload.
      await itemRow(page, 'Baby monitor').getByRole('button', { name: 'Check off' }).click()
      await itemRow(page, 'Baby monitor').getByText('Checked by you', { exact: true }).waitFor()
      await expect.poll(async () => (await page.getByText(/^\d+ of \d+ checked/).innerText()).startsWith('2 of')).toBe(true)
      await page.reload()
      await page.waitForSelector('html[data-hydrated]')
      await itemRow(page, 'Baby monitor').getByText('Checked by you', { exact: true }).waitFor()
      expect(await itemRow(page, 'Baby monitor').getByRole('button', { name: 'Uncheck' }).isVisible()).toBe(true)
      await check(page, 'owner-1280')

      // The owner's PDF carries their checks.
      const pdf = await fetch(`${baseUrl}/baby-registry-checklist.pdf`, { headers: { Cookie: owner.cookie } })
      expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="my-baby-registry-checklist.pdf"')
      expect(pdf.headers.get('cache-control')).toBe('private, no-store')
    } finally {
      await context.close()
    }

    // Without JavaScript the same button posts the form and the page comes back with the check saved.
    const noJs = await newPage({ width: 375, javaScriptEnabled: false }, owner)
    try {
      await open(noJs.page, '/registry/checklist', { hydrated: false })
      await itemRow(noJs.page, 'Humidifier').getByRole('button', { name: 'Check off' }).click()
      await noJs.page.getByText('Checked off Humidifier.').waitFor()
      expect(await itemRow(noJs.page, 'Humidifier').getByText('Checked by you', { exact: true }).isVisible()).toBe(true)
    } finally {
      await noJs.context.close()
    }

    const small = await newPage({ width: 375 }, owner)
    try {
      await open(small.page, '/registry/checklist')
      await itemRow(small.page, 'Humidifier').getByText('Checked by you', { exact: true }).waitFor()
      await check(small.page, 'owner-375')
    } finally {
      await small.context.close()
    }
  })

  test('a signed-out visitor who starts a checklist goes to the registry sign-up marked as coming from the checklist', async () => {
    const res = await fetch(`${baseUrl}/baby-registry-checklist/start_checklist`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/registry/new?lp_content=checklist')
  })
})
