import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, demoParent, demoStaff, signInContext } from './support/accounts'
import { latestEmailLink } from './support/outbox'
import { launchBrowser, seriousA11yViolations } from './support/browser'

// A parent signs up, signs out, signs in, forgets the password and resets it from the email, in Chromium.

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function openPage(options: { width?: number; javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, javaScriptEnabled: options.javaScriptEnabled ?? true })
  const page = await context.newPage()
  // The browser may already be closing (afterAll): a context that is gone needs no closing.
  page.on('close', () => void context.close().catch(() => undefined))
  return page
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]')

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name.endsWith('nestlist_session'))
}

describe('sign up, sign out, sign in', () => {
  test('a new parent creates an account from the sign-in page and is greeted by name', async () => {
    const page = await openPage()
    await page.goto(`${baseUrl}/login`)
    await hydrated(page)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.waitForURL(/\/signup$/)
    expect(await seriousA11yViolations(page)).toEqual([])
    const email = `june-${randomBytes(4).toString('hex')}@example.test`
    await page.getByLabel('First name').fill('June')
    await page.getByLabel('Last name').fill('Park')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('tiny socks and big dreams')
    await page.getByRole('button', { name: 'Create account' }).click()
    // Nobody is signed in yet: the account is finished from the emailed link (decision 035).
    await expect.poll(() => page.getByRole('status').filter({ hasText: `We sent a link to ${email}` }).count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Check your email' }).count()).toBe(1)
    expect(await sessionCookie(page)).toBeUndefined()
    expect(await seriousA11yViolations(page)).toEqual([])
    // Signing in before the link is opened says so where the person acted, and sends a fresh link.
    await page.goto(`${baseUrl}/login`)
    await hydrated(page)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('tiny socks and big dreams')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Please confirm your email address before you sign in.' }).count()).toBe(1)
    expect(await page.getByLabel('Email').inputValue()).toBe(email)
    expect(await sessionCookie(page)).toBeUndefined()
    const link = await latestEmailLink(baseUrl, email, /\/verify_email\?token=/)
    await page.goto(link)
    await hydrated(page)
    expect(await page.getByRole('heading', { name: 'Finish creating your account' }).count()).toBe(1)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Welcome to Nestlist! Your email is confirmed and you are signed in.' }).count()).toBe(1)
    await expect.poll(() => page.locator('summary', { hasText: 'June' }).count()).toBe(1)
    expect(await page.getByText('Please confirm your email address').count()).toBe(0)
    const cookie = await sessionCookie(page)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(cookie!.value).toMatch(/^[a-z2-7]{32}$/)
    // the link works once
    await page.goto(link)
    expect(await page.getByRole('heading', { name: 'We could not confirm that link' }).count()).toBe(1)
  })

  test('signing up with an address that has an account shows the same page and signs nobody in; the owner is emailed', async () => {
    const owner = await createAccount(baseUrl)
    const page = await openPage({ javaScriptEnabled: false })
    await page.goto(`${baseUrl}/signup`)
    await page.getByLabel('First name').fill('Eve')
    await page.getByLabel('Last name').fill('Probe')
    await page.getByLabel('Email').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill('a guess at it 99')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()
    expect(await page.getByText(`We sent a link to ${owner.email}`).count()).toBe(1)
    expect(await sessionCookie(page)).toBeUndefined()
    expect(await latestEmailLink(baseUrl, owner.email, /\/login$/)).toMatch(/\/login$/)
  })

  test('sign-up keeps what was typed and explains each problem', async () => {
    const page = await openPage()
    await page.goto(`${baseUrl}/signup`)
    await hydrated(page)
    await page.getByLabel('First name').fill('Lee')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).fill('password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => page.getByText('Enter your last name.').count()).toBe(1)
    expect(await page.getByText('Enter an email address like name@example.com.').count()).toBe(1)
    expect(await page.getByLabel('First name').inputValue()).toBe('Lee')
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email')
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('sign out from the header menu, then sign in again and come back to where you were', async () => {
    const account = await createAccount(baseUrl)
    const page = await openPage()
    await page.goto(`${baseUrl}/store`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Sign in' }).click()
    await page.waitForURL(/\/login\?redirect_path=%2Fstore$/)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill('wrong password here')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'That email and password do not match' }).count()).toBe(1)
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email)
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('')
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${baseUrl}/store`)
    await expect.poll(() => page.getByText('Welcome back! You are signed in.').count()).toBe(1)
    const signedInCookie = await sessionCookie(page)

    await page.locator('summary', { hasText: account.firstName }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await expect.poll(() => page.getByText('You are signed out. See you soon!').count()).toBe(1)
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBe(1)
    expect(await page.locator('[data-account-menu]').count()).toBe(0)
    // the old session is gone on the server, not just in the browser
    const me = await fetch(`${baseUrl}/api/v3/user`, { headers: { Cookie: `${signedInCookie!.name}=${signedInCookie!.value}` } })
    expect(me.status).toBe(401)
  })

  test("the account menu's code loads only for people signed in, and a menu opened before it arrives stays open and works", async () => {
    // A personal page (the home page) has the server's menu; a shop page, the same for everyone, gets it once it knows
    // who is looking (below).
    const account = await createAccount(baseUrl)
    const page = await openPage()
    await signInContext(page.context(), baseUrl, account)
    // Hold the menu's code until the menu has been opened from the server's HTML.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const requested: string[] = []
    await page.route(/\/assets\/account-menu-panel-[\w-]+\.js$/, async (route) => {
      requested.push(route.request().url())
      await held
      await route.continue()
    })
    await page.goto(`${baseUrl}/`)
    await hydrated(page)
    await expect.poll(() => requested.length).toBe(1)
    const summary = page.locator('summary', { hasText: account.firstName })
    await summary.click()
    await expect.poll(() => page.locator('details[data-account-menu]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true)
    release()
    // Hydrated with the code: still open; Escape now closes it and gives focus back to its button.
    await page.waitForTimeout(300)
    expect(await page.locator('details[data-account-menu]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true)
    await page.getByRole('link', { name: 'Account settings' }).focus()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('details[data-account-menu]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false)
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true)
    // On a shop page the menu comes once the page knows who is looking, and works.
    await page.goto(`${baseUrl}/store`)
    await hydrated(page)
    await page.locator('summary', { hasText: account.firstName }).click()
    await expect.poll(() => page.locator('details[data-account-menu]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true)
    expect(await page.getByRole('link', { name: 'Account settings' }).isVisible()).toBe(true)
    // Anonymous visitors never load it.
    const visitor = await openPage()
    const visitorRequests: string[] = []
    visitor.on('request', (request) => (/account-menu-panel/.test(request.url()) ? visitorRequests.push(request.url()) : undefined))
    await visitor.goto(`${baseUrl}/store`)
    await hydrated(visitor)
    await visitor.getByRole('link', { name: 'Sign in' }).waitFor()
    expect(visitorRequests).toEqual([])
    await visitor.close()
    await page.close()
  })

  test('redirect_path only ever leads to our own pages', async () => {
    const account = await createAccount(baseUrl)
    for (const target of ['//evil.example/steal', '/\\evil.example', '%2F%2Fevil.example', 'https://evil.example/']) {
      const page = await openPage()
      await page.goto(`${baseUrl}/login?redirect_path=${encodeURIComponent(target)}`)
      await page.getByLabel('Email').fill(account.email)
      await page.getByLabel('Password', { exact: true }).fill(account.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL(`${baseUrl}/`)
      await page.close()
    }
  })

  test('the popup sign-in shows just the form, at 320 px', async () => {
    const page = await openPage({ width: 320 })
    await page.goto(`${baseUrl}/login?popup=true`)
    expect(await page.locator('header').count()).toBe(0)
    expect(await page.locator('footer').count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Welcome back' }).count()).toBe(1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('signing in works before JavaScript loads (a plain form post), and a failed form never echoes the password', async () => {
    const page = await openPage({ javaScriptEnabled: false })
    await page.goto(`${baseUrl}/signup`)
    await page.getByLabel('First name').fill('Noor')
    await page.getByLabel('Password', { exact: true }).fill('secret but typed')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText('Enter your last name.').waitFor()
    expect(await page.getByLabel('First name').inputValue()).toBe('Noor')
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('')
    expect(await page.content()).not.toContain('secret but typed')

    await page.goto(`${baseUrl}/login?redirect_path=%2Fstore`)
    await page.getByLabel('Email').fill(demoParent.email)
    await page.getByLabel('Password', { exact: true }).fill(demoParent.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${baseUrl}/store`)
    await page.getByText('Welcome back! You are signed in.').waitFor()
    expect(await page.getByText('Welcome back! You are signed in.').count()).toBe(1)
    expect(await page.locator('summary', { hasText: 'Maya' }).count()).toBe(1)
  })
})

describe('forgotten password', () => {
  test('the answer is the same for any email; the emailed link sets a new password once', async () => {
    const account = await createAccount(baseUrl)
    const page = await openPage()
    await page.goto(`${baseUrl}/login`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.waitForURL(/\/forgot_password$/)
    expect(await seriousA11yViolations(page)).toEqual([])

    const answerFor = async (email: string) => {
      await page.goto(`${baseUrl}/forgot_password`)
      await hydrated(page)
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await page.getByRole('heading', { name: 'Check your email' }).waitFor()
      return (await page.locator('main').innerText()).replace(email, '<email>')
    }
    const unknown = await answerFor(`nobody-${randomBytes(3).toString('hex')}@example.test`)
    const known = await answerFor(account.email)
    expect(known).toBe(unknown)

    const link = await latestEmailLink(baseUrl, account.email, /\/password_resets\?token=/)
    await page.goto(link)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByLabel('New password').fill('fresh start for tired parents')
    await page.getByLabel('Type it again').fill('fresh start for tired parents')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await expect.poll(() => page.getByText('Your new password is set and you are signed in.').count()).toBe(1)

    // the old password no longer works, the new one does, and the link is spent
    const old = await fetch(`${baseUrl}/api/v3/user_session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    expect(old.status).toBe(401)
    const fresh = await fetch(`${baseUrl}/api/v3/user_session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'fresh start for tired parents' }),
    })
    expect(fresh.status).toBe(200)
    await page.goto(link)
    expect(await page.getByRole('heading', { name: 'This link has expired' }).count()).toBe(1)
  })
})

test('a cross-site form post to sign in is refused', async () => {
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    body: new URLSearchParams({ email: demoParent.email, password: demoParent.password }).toString(),
    redirect: 'manual',
  })
  expect(res.status).toBe(403)
  expect(res.headers.get('set-cookie')).toBeNull()
})

test('staff pages answer 404 to visitors and parents, and open for staff', async () => {
  const parent = await createAccount(baseUrl)
  const staffRes = await fetch(`${baseUrl}/api/v3/user_session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(demoStaff),
  })
  const staffCookie = staffRes.headers.get('set-cookie')!.split(';')[0]!
  for (const path of ['/admin/emails', '/admin/emails/1']) {
    expect((await fetch(`${baseUrl}${path}`)).status).toBe(404)
    expect((await fetch(`${baseUrl}${path}`, { headers: { Cookie: parent.cookie } })).status).toBe(404)
  }
  expect((await fetch(`${baseUrl}/admin/emails`, { headers: { Cookie: staffCookie } })).status).toBe(200)
})

test('moving the account to a new email needs the password and happens from the link sent there', async () => {
  const account = await createAccount(baseUrl)
  const page = await openPage()
  await page.context().addCookies([{ name: account.cookie.split('=')[0]!, value: account.cookie.split('=')[1]!, url: baseUrl }])
  await page.goto(`${baseUrl}/settings/account`)
  await hydrated(page)
  const newEmail = `moved-${randomBytes(4).toString('hex')}@example.test`
  await page.getByLabel('Email').fill(newEmail)
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect.poll(() => page.getByText('Enter your current password to change your email.').count()).toBe(1)
  await page.getByLabel('Confirm with your password').fill(account.password)
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect.poll(() => page.getByText(`We sent a link to ${newEmail}`).count()).toBe(1)
  // still the old address until the link is opened
  const before = (await (await fetch(`${baseUrl}/api/v3/user`, { headers: { Cookie: account.cookie } })).json()) as { email: string }
  expect(before.email).toBe(account.email)
  await page.goto(await latestEmailLink(baseUrl, newEmail, /\/verify_email\?token=/))
  await hydrated(page)
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await expect.poll(() => page.getByRole('heading', { name: 'Your email is confirmed' }).count()).toBe(1)
  const after = (await (await fetch(`${baseUrl}/api/v3/user`, { headers: { Cookie: account.cookie } })).json()) as { email: string }
  expect(after.email).toBe(newEmail)
})
