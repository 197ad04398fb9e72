import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import { latestEmailLink } from './outbox'

export type TestAccount = { email: string; password: string; firstName: string; lastName: string; cookie: string }

/**
 * Creates a fresh account as a person does, through the API: POST /api/v3/user, then the link from the email it
 * sends (read from the staff outbox) to POST /api/v3/user/email_confirmations, which confirms it and signs in.
 * Returns its credentials and session cookie.
 */
export async function createAccount(baseUrl: string, overrides: Partial<Omit<TestAccount, 'cookie'>> = {}): Promise<TestAccount> {
  const account = {
    email: `e2e-${randomBytes(6).toString('hex')}@example.test`,
    password: `Nest ${randomBytes(6).toString('hex')} list`,
    firstName: 'Robin',
    lastName: 'Tester',
    ...overrides,
  }
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  const started = await post('/api/v3/user', account)
  if (started.status !== 202) throw new Error(`sign-up failed: ${started.status} ${await started.text()}`)
  const token = new URL(await latestEmailLink(baseUrl, account.email, /\/verify_email\?token=/)).searchParams.get('token')
  const confirmed = await post('/api/v3/user/email_confirmations', { token })
  if (confirmed.status !== 200) throw new Error(`confirming the sign-up failed: ${confirmed.status} ${await confirmed.text()}`)
  const cookie = (confirmed.headers.get('set-cookie') ?? '').split(';')[0]!
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
