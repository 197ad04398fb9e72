import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage } from './support/checkout-setup'

// Cash funds (docs/decisions/030): the family adds a fund at /store/cash-funds, a guest contributes with the
// test card from the registry page and sees the success message (with and without JavaScript), a declined card
// keeps what was typed and shows the decline, the family sees the gift in the gift tracker, other guests see
// only the total. Axe at 375 and 1280 px.
const baseUrl = inject('baseUrl')
let browser: Browser
let owner: TestAccount
let registry: { id: number; slug: string }
const tag = Date.now().toString(36)

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Rivera' })
  const res = await fetch(`${baseUrl}/api/v3/registries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
    body: JSON.stringify({ registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `funds-${tag}${Math.floor(Math.random() * 1e4)}`, isArrivalDateKnown: false }),
  })
  if (res.status !== 201) throw new Error(`registry create failed: ${res.status}`)
  registry = (await res.json()) as { id: number; slug: string }
})
afterAll(async () => {
  await browser?.close()
})

const open = (page: Page, path: string, options?: { hydrated?: boolean }) => openPage(page, baseUrl, path, options)

async function fillContribution(page: Page, { amount, name, card }: { amount: string; name: string; card: string }) {
  await page.getByLabel('Amount (US dollars)').fill(amount)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Your email').fill(`${name.split(' ')[0]!.toLowerCase()}.${tag}@example.test`)
  await page.getByLabel('Message for the family').fill(`Love from ${name}`)
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`)
  await page.getByLabel('Security code (CVC)').fill('123')
}

describe('cash funds', () => {
  test('the family adds a fund with a goal at /store/cash-funds; it shows on the registry with its progress', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, owner)
    const page = await context.newPage()
    await open(page, '/store/cash-funds')
    await expectNoSeriousA11yViolations(page, 'store cash funds 1280')
    await page.getByRole('link', { name: 'Add this fund' }).first().click()
    await page.getByLabel('Fund name').fill('Parental Leave Fund')
    await page.getByLabel('Goal in US dollars').fill('1,000')
    await page.getByRole('button', { name: 'Add to my registry' }).click()
    await expect.poll(() => page.getByText('Parental Leave Fund is on your registry.').count()).toBe(1)
    await expect.poll(() => page.getByRole('heading', { name: 'Your cash funds on Baby Rivera' }).count()).toBe(1)
    await open(page, `/${registry.slug}`)
    const section = page.getByRole('region', { name: /Cash funds/ })
    expect(await section.innerText()).toContain('$0 of $1,000 raised')
    await expectNoSeriousA11yViolations(page, 'registry with a cash fund 1280')
    await context.close()
  })

  test('a guest contributes with the test card and sees the success message; the family sees it; others see only the total', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    await open(page, `/${registry.slug}`)
    await page.getByRole('link', { name: 'Contribute' }).first().click()
    await page.waitForURL(/\/cash_funds\/\d+$/)
    await page.waitForSelector('html[data-hydrated]')
    await expectNoSeriousA11yViolations(page, 'contribute 375')

    // A declined card: the decline is shown, what was typed is kept, nothing is given.
    await fillContribution(page, { amount: '40', name: 'Grandma Rose', card: '4000 0000 0000 0002' })
    await page.getByRole('button', { name: 'Give now' }).click()
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Your card was declined')
    expect(await page.getByLabel('Amount (US dollars)').inputValue()).toBe('40')
    expect(await page.getByLabel('Your name').inputValue()).toBe('Grandma Rose')
    await expectNoSeriousA11yViolations(page, 'contribute declined 375')

    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`)
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: 'Give now' }).click()
    await expect.poll(() => page.getByText('Your $40 contribution to Parental Leave Fund went through').count()).toBe(1)

    // Another guest sees the total and the count, never the giver.
    await open(page, `/${registry.slug}`)
    const guestText = await page.getByRole('region', { name: /Cash funds/ }).innerText()
    expect(guestText).toContain('$40 of $1,000 raised')
    expect(await page.content()).not.toContain('Grandma Rose')
    await context.close()

    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(ownerContext, baseUrl, owner)
    const ownerPage = await ownerContext.newPage()
    await open(ownerPage, '/registry/gift-tracker')
    const gifts = await ownerPage.getByRole('region', { name: 'Cash fund and group gifts' }).innerText()
    expect(gifts).toContain('Grandma Rose gave $40')
    expect(gifts).toContain('Love from Grandma Rose')
    await expectNoSeriousA11yViolations(ownerPage, 'gift tracker with cash gifts 1280')
    await ownerContext.close()
  })

  test('without JavaScript a guest still contributes, and a wrong amount is explained beside the field', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await open(page, `/${registry.slug}`, { hydrated: false })
    await page.getByRole('link', { name: 'Contribute' }).first().click()
    await page.waitForURL(/\/cash_funds\/\d+$/)
    await fillContribution(page, { amount: '0.50', name: 'Uncle Theo', card: '4242424242424242' })
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Give now' }).click()])
    expect(await page.getByText('Contributions start at $1.').count()).toBe(1)
    expect(await page.getByLabel('Your name').inputValue()).toBe('Uncle Theo')
    await page.getByLabel('Amount (US dollars)').fill('25')
    await page.getByLabel('Card number').fill('4242424242424242')
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`)
    await page.getByLabel('Security code (CVC)').fill('123')
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Give now' }).click()])
    expect(await page.getByText('Your $25 contribution to Parental Leave Fund went through').count()).toBe(1)
    await context.close()
  })

  test('the family chooses a bank transfer by its last 4 digits at /settings/cash-fund-preferences', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await signInContext(context, baseUrl, owner)
    const page = await context.newPage()
    await open(page, '/settings/cash-fund-preferences')
    await expectNoSeriousA11yViolations(page, 'cash fund preferences 375')
    await page.getByLabel('Bank transfer').check()
    await page.getByLabel('Name on the account', { exact: true }).fill('Maya Rivera')
    await page.getByLabel('Last 4 digits of the account number').fill('12')
    await page.getByRole('button', { name: 'Save preferences' }).click()
    await expect.poll(() => page.getByText('Enter the last 4 digits of the account number only').count()).toBe(1)
    await page.getByLabel('Last 4 digits of the account number').fill('6789')
    await page.getByRole('button', { name: 'Save preferences' }).click()
    await expect.poll(() => page.getByText('Your cash fund preferences are saved.').count()).toBe(1)
    await open(page, '/settings/cash-fund-preferences')
    expect(await page.getByLabel('Bank transfer').isChecked()).toBe(true)
    expect(await page.getByLabel('Last 4 digits of the account number').inputValue()).toBe('6789')
    await context.close()
  })
})
