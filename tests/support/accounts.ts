import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { createAccountsService } from '~/modules/accounts/accounts.service.server'
import type { SessionMeta, Viewer } from '~/modules/accounts/accounts.types'

type Accounts = Pick<ReturnType<typeof createAccountsService>, 'signUp' | 'confirmEmail'>
type SignUp = {
  firstName: string
  lastName: string
  email: string
  password: string
}

export const testMeta: SessionMeta = {
  ip: '203.0.113.10',
  userAgent: 'vitest',
}

/**
 * The token of the newest sign-up link emailed to `email`, read from the outbox as a person would read their inbox.
 * The email goes out just after sign-up answers (decision 035), so this waits for it (up to 5 s).
 */
export async function signUpLinkToken(db: Db, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await db.execute<{ text: string }>(
      sql`select text from email_outbox where to_address = ${email.toLowerCase()} and text like '%/verify_email?token=%' order by id desc limit 1`,
    )
    const token = rows[0]?.text.match(/\/verify_email\?token=([^&\s"<>]+)/)?.[1]
    if (token) return decodeURIComponent(token)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no sign-up link emailed to ${email}`)
}

/**
 * Makes an account the way a person does (sign up, then open the emailed link, which confirms it and signs in)
 * and returns its session token and viewer, for tests whose subject is something the account does next.
 */
export async function signUpConfirmed(accounts: Accounts, db: Db, input: SignUp, meta: SessionMeta = testMeta): Promise<{ token: string; user: Viewer }> {
  await accounts.signUp(input, meta)
  const { session } = await accounts.confirmEmail(await signUpLinkToken(db, input.email), meta)
  if (session?.status !== 'signed_in') throw new Error(`the sign-up link for ${input.email} did not sign in`)
  return { token: session.token, user: session.user }
}

type Call = (method: string, path: string, init: { body?: unknown }) => Promise<{ status: number; headers: Headers; text: string }>

/**
 * The same through the JSON API: POST /api/v3/user, then POST /api/v3/user/email_confirmations with the emailed token.
 * Returns the session cookie ("name=value") and the account's id.
 */
export async function signUpThroughApi(call: Call, db: Db, input: SignUp): Promise<{ cookie: string; id: number }> {
  const started = await call('POST', '/api/v3/user', { body: input })
  if (started.status !== 202) throw new Error(`sign-up answered ${started.status}: ${started.text}`)
  const confirmed = await call('POST', '/api/v3/user/email_confirmations', {
    body: { token: await signUpLinkToken(db, input.email) },
  })
  if (confirmed.status !== 200) throw new Error(`confirming answered ${confirmed.status}: ${confirmed.text}`)
  const cookie = confirmed.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error('confirming set no session cookie')
  return {
    cookie,
    id: (JSON.parse(confirmed.text) as { user: { id: number } }).user.id,
  }
}
