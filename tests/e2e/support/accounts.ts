import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'

export type TestAccount = { email: string; password: string; firstName: string; lastName: string; cookie: string }

/** Creates a fresh account through the API (POST /api/v3/user) and returns its credentials and session cookie. */
export async function createAccount(baseUrl: string, overrides: Partial<Omit<TestAccount, 'cookie'>> = {}): Promise<TestAccount> {
  const account = {
    email: `e2e-${randomBytes(6).toString('hex')}@example.test`,
    password: `Nest ${randomBytes(6).toString('hex')} list`,
    firstName: 'Robin',
    lastName: 'Tester',
    ...overrides,
  }
  const res = await fetch(`${baseUrl}/api/v3/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const setCookie = res.headers.get('set-cookie') ?? ''
  const cookie = setCookie.split(';')[0]!
  return { ...account, cookie }
}

/** Puts an account's session cookie into a browser context, so its pages open signed in. */
export async function signInContext(context: BrowserContext, baseUrl: string, account: Pick<TestAccount, 'cookie'>) {
  const eq = account.cookie.indexOf('=')
  await context.addCookies([
    { name: account.cookie.slice(0, eq), value: account.cookie.slice(eq + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ])
}

/** The demo accounts the seed creates (also in the README). */
export const demoParent = { email: 'parent@nestlist.example', password: 'nestlist-demo-parent' }
export const demoStaff = { email: 'staff@nestlist.example', password: 'nestlist-demo-staff' }
