import pino from 'pino'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { cashFundContributions } from '~/modules/cash-funds/cash-funds.schema'
import { createServices } from '~/services.server'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser'
import { openPage } from './support/checkout-setup'
import { endPool } from './support/shop-db'

// Cash funds (docs/decisions/030): the family adds a fund at /store/cash-funds, a guest contributes with the
// test card from the registry page and sees the success message (with and without JavaScript), a declined card
// keeps what was typed and shows the decline, the family sees the gift in the gift tracker, other guests see
// only the total; the family charges or declines a gift still being charged. Axe at 375 and 1280 px.
// Each test makes its own family, registry and funds, so any one runs alone (-t) and in any order.
const baseUrl = inject('baseUrl')
let browser: Browser
const tag = Date.now().toString(36)
let n = 0
// The server's database: only to leave a contribution pending (a charge that could not be made yet), which no
// page can do on purpose.
const database = createDb(inject('databaseUrl'), { max: 2 })
const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger: pino({ level: 'silent' }) })

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await endPool(database.pool)
})

type Family = { owner: TestAccount; registry: { id: number; slug: string } }

/** A new family (account and baby registry 'Baby Rivera'), for one test. */
async function newFamily(): Promise<Family> {
  const owner = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Rivera' })
  const res = await fetch(`${baseUrl}/api/v3/registries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
    body: JSON.stringify({ registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo Rivera', slug: `funds-${tag}-${++n}${Math.floor(Math.random() * 1e4)}`, isArrivalDateKnown: false }),
  })
  if (res.status !== 201) throw new Error(`registry create failed: ${res.status}`)
  return { owner, registry: (await res.json()) as { id: number; slug: string } }
}

/** Adds a fund to the family's registry through the API (the page that does it has its own test). */
async function addFund({ owner, registry }: Family, title = 'Parental Leave Fund', goalCents: number | null = 100_000) {
  const res = await fetch(`${baseUrl}/api/v3/registries/${registry.id}/cash_funds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
    body: JSON.stringify({ title, goalCents }),
  })
  if (res.status !== 201) throw new Error(`fund create failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { id: number }
}

/** A contribution whose card was authorised but not charged yet (status pending), as a failed charge leaves it. */
async function pendingContribution(family: Family, fundId: number, giverName: string, amountCents: number) {
  const key = `e2e-pending-${tag}-${++n}`
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
  const payment = await services.payments.authorize({ idempotencyKey: `cash-fund:${key}`, amountCents, purpose: 'cash_fund_contribution', purposeId: String(fundId), card })
  await database.db.insert(cashFundContributions).values({
    cashFundId: fundId,
    registryId: family.registry.id,
    amountCents,
    status: 'pending',
    giverName,
    giverEmail: `${giverName.split(' ')[0]!.toLowerCase()}.${key}@example.test`,
    message: `Love from ${giverName}`,
    idempotencyKey: key,
    paymentId: payment.id,
  })
}

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
    const { owner, registry } = await newFamily()
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
    const family = await newFamily()
    const { owner, registry } = family
    await addFund(family)
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
    const family = await newFamily()
    const { registry } = family
    await addFund(family)
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
    const { owner } = await newFamily()
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

  test('in the gift tracker the family charges one gift still being charged and declines another, on a phone', async () => {
    const family = await newFamily()
    const fund = await addFund(family, 'Rainy Day Fund', null)
    await pendingContribution(family, fund.id, 'Aunt Bea', 2_500)
    await pendingContribution(family, fund.id, 'Uncle Theo', 3_000)
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    await signInContext(context, baseUrl, family.owner)
    const page = await context.newPage()
    await open(page, '/registry/gift-tracker')
    const gifts = page.getByRole('region', { name: 'Cash fund and group gifts' })
    const gift = (giver: string) => gifts.getByRole('listitem').filter({ hasText: `${giver} gave` })
    expect(await gifts.innerText()).toContain('$0 received in all.')
    expect(await gift('Aunt Bea').getByText('Being charged').count()).toBe(1)
    await expectNoSeriousA11yViolations(page, 'gift tracker with gifts being charged 375')

    await gift('Aunt Bea').getByRole('button', { name: 'Charge now' }).click()
    await expect.poll(() => page.getByText('The $25 gift to Rainy Day Fund is received.').count()).toBe(1)
    await expect.poll(() => gift('Aunt Bea').getByText('Received', { exact: true }).count()).toBe(1)
    expect(await gift('Aunt Bea').getByRole('button').count()).toBe(0)
    expect(await gifts.innerText()).toContain('$25 received in all.')
    await expectNoSeriousA11yViolations(page, 'gift tracker after charging 375')

    await gift('Uncle Theo').getByRole('button', { name: 'Decline' }).click()
    await expect.poll(() => page.getByText("You declined the $30 gift to Rainy Day Fund. The giver's card was not charged.").count()).toBe(1)
    await expect.poll(() => gift('Uncle Theo').getByText('Cancelled', { exact: true }).count()).toBe(1)
    expect(await gift('Uncle Theo').getByRole('button').count()).toBe(0)
    expect(await gifts.innerText()).toContain('$25 received in all.')
    await expectNoSeriousA11yViolations(page, 'gift tracker after declining 375')

    // What the page said is what happened: one charge captured, the other hold released.
    const { rows } = await database.pool.query<{ giver_name: string; status: string; payment_status: string }>(
      `select c.giver_name, c.status, p.status as payment_status from cash_fund_contributions c join payments p on p.id = c.payment_id where c.cash_fund_id = $1 order by c.giver_name`,
      [fund.id],
    )
    expect(rows).toEqual([
      { giver_name: 'Aunt Bea', status: 'confirmed', payment_status: 'captured' },
      { giver_name: 'Uncle Theo', status: 'cancelled', payment_status: 'voided' },
    ])
    await context.close()
  })
})
