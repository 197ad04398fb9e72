// The staff outbox pages: who may open them, and what their loaders answer. Loaders run as React Router
// calls them, with a real session cookie and the real services over a test database.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { loader as detailLoader } from './email'
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
