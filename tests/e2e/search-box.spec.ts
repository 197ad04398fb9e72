import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser, seriousA11yViolations } from './support/browser'

// The header search box (spec §4 'Search box'). Suggestions come from a stand-in for
// GET /store/api/search/suggestions?q= so these tests pin the box's behaviour, not the engine's ranking.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Opened = { page: Page; context: BrowserContext; asked: string[] }

async function openWithSuggestions(path = '/'): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const asked: string[] = []
  await page.route('**/store/api/search/suggestions?*', async (route: Route) => {
    const q = new URL(route.request().url()).searchParams.get('q') ?? ''
    asked.push(q)
    await route.fulfill({ json: [`${q}`, `${q} base`, `${q} cover`].map((searchTerm) => ({ searchTerm })) })
  })
  await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return { page, context, asked }
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Search the store' })
const options = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option')

describe('header search box', () => {
  test('suggestions appear after the 300 ms debounce, only from 3 characters, cached per term', async () => {
    const { page, context, asked } = await openWithSuggestions()
    try {
      expect(await box(page).getAttribute('placeholder')).toBe('What are you looking for?')
      await box(page).pressSequentially('ca', { delay: 20 })
      await page.waitForTimeout(500)
      expect(asked).toEqual([])
      expect(await box(page).getAttribute('aria-expanded')).toBe('false')

      const started = Date.now()
      await box(page).pressSequentially('r', { delay: 0 })
      await page.waitForFunction(() => document.querySelectorAll('[role=option]').length === 3)
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
      expect(asked).toEqual(['car'])
      expect(await options(page).allTextContents()).toEqual(['car', 'car base', 'car cover'])
      expect(await box(page).getAttribute('aria-expanded')).toBe('true')

      // Below the minimum the list clears; coming back to 'car' uses the cache.
      await box(page).press('Backspace')
      await page.waitForFunction(() => document.querySelectorAll('[role=option]').length === 0)
      await box(page).pressSequentially('r')
      await page.waitForFunction(() => document.querySelectorAll('[role=option]').length === 3)
      expect(asked).toEqual(['car'])

      // Fast typing asks once, for the last term.
      await box(page).pressSequentially(' seat', { delay: 30 })
      await page.waitForFunction(() => document.querySelector('[role=option]')?.textContent === 'car seat')
      expect(asked).toEqual(['car', 'car seat'])
    } finally {
      await context.close()
    }
  })

  test('arrow keys move through suggestions with wraparound and put the term in the box; Enter runs it', async () => {
    const { page, context } = await openWithSuggestions()
    try {
      await box(page).fill('crib')
      await page.waitForFunction(() => document.querySelectorAll('[role=option]').length === 3)
      const activeText = () =>
        page.evaluate(() => {
          const id = document.querySelector('[role=combobox]')?.getAttribute('aria-activedescendant')
          return id ? document.getElementById(id)?.textContent : null
        })
      await box(page).press('ArrowDown')
      expect(await activeText()).toBe('crib')
      expect(await box(page).inputValue()).toBe('crib')
      await box(page).press('ArrowDown')
      await box(page).press('ArrowDown')
      expect(await box(page).inputValue()).toBe('crib cover')
      await box(page).press('ArrowDown')
      expect(await activeText()).toBe('crib')
      await box(page).press('ArrowUp')
      expect(await box(page).inputValue()).toBe('crib cover')
      expect(await options(page).nth(2).getAttribute('aria-selected')).toBe('true')

      expect(await seriousA11yViolations(page)).toEqual([])

      await box(page).press('Enter')
      await page.waitForURL('**/store/search?search_term=crib+cover')
      expect(await page.getByRole('listbox', { name: 'Search suggestions' }).isHidden()).toBe(true)
    } finally {
      await context.close()
    }
  })

  test('clicking a suggestion goes to its results', async () => {
    const { page, context } = await openWithSuggestions()
    try {
      await box(page).fill('bottle')
      await options(page).nth(1).click()
      await page.waitForURL('**/store/search?search_term=bottle+base')
    } finally {
      await context.close()
    }
  })

  test('a mouse press outside closes the suggestions; the clear button empties box and list', async () => {
    const { page, context } = await openWithSuggestions()
    try {
      await box(page).fill('swaddle')
      await page.waitForFunction(() => document.querySelectorAll('[role=option]').length === 3)
      await page.mouse.click(5, 600)
      await page.waitForSelector('[role=listbox]', { state: 'hidden' })
      expect(await box(page).getAttribute('aria-expanded')).toBe('false')

      await box(page).focus()
      await page.waitForSelector('[role=listbox]', { state: 'visible' })
      await page.getByRole('button', { name: 'Clear search' }).click()
      expect(await box(page).inputValue()).toBe('')
      expect(await options(page).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test('on load the last term of the session history refills the box without a query', async () => {
    const { page, context, asked } = await openWithSuggestions()
    try {
      await box(page).fill('blanket')
      await box(page).press('Enter')
      await page.waitForURL('**/store/search?search_term=blanket')
      const history = await page.evaluate(() => sessionStorage.getItem('nestlist.searchHistory'))
      expect(JSON.parse(history ?? '[]')).toEqual(['blanket'])

      asked.length = 0
      await page.goto(`${baseUrl}/`)
      await page.waitForSelector('html[data-hydrated]')
      await page.waitForFunction(() => (document.querySelector('[role=combobox]') as HTMLInputElement).value === 'blanket')
      await page.waitForTimeout(500)
      expect(asked).toEqual([])
      expect(await options(page).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test('with the real suggestions endpoint, a prefix suggests matching terms', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    try {
      await page.goto(`${baseUrl}/`)
      await page.waitForSelector('html[data-hydrated]')
      const answer = page.waitForResponse((r) => r.url().includes('/store/api/search/suggestions?q=strol'))
      await box(page).fill('strol')
      expect((await answer).status()).toBe(200)
      await page.waitForSelector('[role=option]')
      const texts = (await options(page).allTextContents()).map((t) => t.toLowerCase())
      expect(texts.some((t) => t.includes('stroller'))).toBe(true)
    } finally {
      await context.close()
    }
  })

  test('without JavaScript the box is a plain GET form to the results', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await page.goto(`${baseUrl}/`)
      await box(page).fill('stroller')
      await box(page).press('Enter')
      await page.waitForURL('**/store/search?search_term=stroller')
    } finally {
      await context.close()
    }
  })
})
