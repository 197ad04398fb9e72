// The staff outbox pages: who may open them, and what their loaders answer. Loaders run as React Router
// calls them, with a real session cookie and the real services over a test database.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { startSmtpTestServer } from '~/modules/email/testing/smtp-test-server'
import { action as detailAction, loader as detailLoader } from './email'
import { loader as listLoader } from './emails'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let userCookie: string
let staffCookie: string
let messageId: number

let n = 0
async function signUp(role: 'user' | 'staff') {
  const { token, user } = await signUpConfirmed(
    services.accounts,
    database.db,
    { firstName: 'Sam', lastName: 'Okafor', email: `${role}${++n}@example.test`, password: 'sunflower meadow 42' },
    { ip: `203.0.113.${n}`, userAgent: 'vitest' },
  )
  if (role === 'staff') await database.pool.query(`update users set role = 'staff' where id = $1`, [user.id])
  return `${SESSION_COOKIE}=${token}`
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' }
  userCookie = await signUp('user')
  staffCookie = await signUp('staff')
  messageId = (
    await services.email.send({
      to: 'parent@example.test',
      template: 'password_reset',
      data: { firstName: 'Maya', resetUrl: 'https://nestlist.test/password_resets?token=tok_route', expiresInMinutes: 60 },
    })
  ).id
})

afterAll(async () => {
  await database?.drop()
})

const request = (path: string, cookie?: string) => new Request(`http://nestlist.test${path}`, { headers: cookie ? { Cookie: cookie } : {} })

/** The status a loader answers with: thrown Responses and data() results carry theirs; plain objects are 200. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run()
    const init = (result as { init?: { status?: number } } | null)?.init
    return init?.status ?? 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    const init = (thrown as { init?: { status?: number } } | null)?.init
    if (init?.status) return init.status
    throw thrown
  }
}

const list = (path: string, cookie?: string) => listLoader({ request: request(path, cookie), params: {}, context } as Parameters<typeof listLoader>[0])
const detail = (id: string, cookie?: string) =>
  detailLoader({ request: request(`/admin/emails/${id}`, cookie), params: { id }, context } as Parameters<typeof detailLoader>[0])

describe('/admin/emails authorisation', () => {
  test('anonymous visitors get the 404 page for the list and for a message', async () => {
    expect(await statusOf(() => list('/admin/emails'))).toBe(404)
    expect(await statusOf(() => detail(String(messageId)))).toBe(404)
  })

  test('signed-in customers get the 404 page too, so the staff area does not announce itself', async () => {
    expect(await statusOf(() => list('/admin/emails', userCookie))).toBe(404)
    expect(await statusOf(() => detail(String(messageId), userCookie))).toBe(404)
  })

  test('staff see the list and the message', async () => {
    expect(await statusOf(() => list('/admin/emails', staffCookie))).toBe(200)
    expect(await statusOf(() => detail(String(messageId), staffCookie))).toBe(200)
  })
})

describe('/admin/emails for staff', () => {
  test('lists the newest messages with recipient, subject, template, status and time, and says emails are not being sent', async () => {
    const result = (await list('/admin/emails', staffCookie)) as Exclude<Awaited<ReturnType<typeof list>>, { init: unknown }>
    expect(result.delivering).toBe(false)
    expect(result.messages[0]).toMatchObject({ id: messageId, to: 'parent@example.test', subject: 'Reset your Nestlist password', template: 'password_reset', status: 'kept' })
    expect(result.messages[0]!.createdAt).toBeInstanceOf(Date)
  })

  test('narrows to one recipient, and refuses a recipient that is not an email address with a 400 and a message', async () => {
    const narrowed = (await list('/admin/emails?to=PARENT@example.test', staffCookie)) as { to: string; total: number }
    expect(narrowed).toMatchObject({ to: 'parent@example.test', total: 1 })
    const bad = (await list('/admin/emails?to=parent', staffCookie)) as unknown as { init: { status: number }; data: { error: string; to: string } }
    expect(bad.init.status).toBe(400)
    expect(bad.data).toMatchObject({ to: 'parent', error: 'Enter a whole email address, like name@example.com.' })
  })

  test('a page number that is not a page moves to one that is', async () => {
    for (const page of ['0', 'two', '99']) {
      const thrown = await list(`/admin/emails?page=${page}`, staffCookie).catch((e: unknown) => e)
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).status).toBe(302)
      expect((thrown as Response).headers.get('Location')).toBe('/admin/emails')
    }
  })

  test('a message shows its text and HTML; unknown or malformed ids are 404', async () => {
    const result = (await detail(String(messageId), staffCookie)) as Awaited<ReturnType<typeof detail>>
    expect(result.message.text).toContain('https://nestlist.test/password_resets?token=tok_route')
    expect(result.message.html).toContain('<html lang="en"')
    for (const id of [String(messageId + 1000), 'abc', '0', '1e3', '99999999999999999999']) {
      expect(await statusOf(() => detail(id, staffCookie))).toBe(404)
    }
  })
})

describe('delivery status for staff', () => {
  test('the list narrows to one status; a status that does not exist is a 400 with a message', async () => {
    const failedId = (await services.email.send({ to: 'status@example.test', template: 'password_reset', data: { firstName: 'Ana', resetUrl: 'https://nestlist.test/r', expiresInMinutes: 60 } })).id
    await database.pool.query(`update email_outbox set status = 'failed', error = 'Attempt 5 of 5 failed: 550 Mailbox unavailable' where id = $1`, [failedId])
    const failed = (await list('/admin/emails?status=failed', staffCookie)) as { status: string; messages: { id: number; attempts: number | null }[] }
    expect(failed.status).toBe('failed')
    expect(failed.messages.map((m) => m.id)).toEqual([failedId])
    expect(failed.messages[0]!.attempts).toBe(5)
    const kept = (await list('/admin/emails?status=kept', staffCookie)) as { messages: { id: number }[] }
    expect(kept.messages.map((m) => m.id)).not.toContain(failedId)
    const bad = (await list('/admin/emails?status=lost', staffCookie)) as unknown as { init: { status: number }; data: { statusError: string } }
    expect(bad.init.status).toBe(400)
    expect(bad.data.statusError).toBe('Choose one of the statuses in the list.')
    const detail = (await detailLoaderFor(failedId)) as { message: { attempts: number; maxAttempts: number; error: string } }
    expect(detail.message).toMatchObject({ attempts: 5, maxAttempts: 5, error: '550 Mailbox unavailable' })
  })

  test("'Send again' is for staff and failed messages only; with SMTP it delivers the message", async () => {
    const post = (id: number, cookie: string | undefined, ctx: AppLoadContext = context) => {
      const body = new URLSearchParams({ intent: 'send-again' })
      const req = new Request(`http://nestlist.test/admin/emails/${id}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) } })
      return detailAction({ request: req, params: { id: String(id) }, context: ctx } as Parameters<typeof detailAction>[0])
    }
    expect(await statusOf(() => post(messageId, userCookie))).toBe(404)
    // Without SMTP_URL nothing can be sent: a 409 that says why.
    const noSmtp = (await post(messageId, staffCookie)) as unknown as { init: { status: number }; data: { message: string } }
    expect(noSmtp.init.status).toBe(409)
    expect(noSmtp.data.message).toBe('Emails are not being sent: set SMTP_URL to send this message.')

    const smtp = await startSmtpTestServer()
    try {
      const logger = pino({ level: 'silent' })
      const smtpServices = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test', SMTP_URL: smtp.url }, logger })
      const smtpContext = { ...context, services: smtpServices }
      const { rows } = await database.pool.query<{ id: number }>(
        `insert into email_outbox (to_address, category, template, subject, html, text, status, error)
         values ('again@example.test', 'account', 'password_reset', 'Reset your Nestlist password', '<p>Hi</p>', 'Hi', 'failed', 'Attempt 5 of 5 failed: ECONNREFUSED') returning id::int`,
      )
      const row = rows[0]
      const done = (await post(row!.id, staffCookie, smtpContext)) as unknown as { data: { ok: boolean; message: string } }
      expect(done.data).toEqual({ ok: true, message: 'Sent again.' })
      expect(smtp.messages.map((m) => m.envelopeTo)).toEqual([['again@example.test']])
      // Sent now, so a second press is refused rather than sending it twice.
      const twice = (await post(row!.id, staffCookie, smtpContext)) as unknown as { init: { status: number } }
      expect(twice.init.status).toBe(409)
      expect(await statusOf(() => post(row!.id + 100_000, staffCookie, smtpContext))).toBe(404)
    } finally {
      await smtp.close()
    }
  })
})

const detailLoaderFor = (id: number) => detail(String(id), staffCookie)
