import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailOptOuts, users } from '~/modules/accounts/accounts.schema'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { emailOutbox } from './email.schema'
import { createEmailService, type EmailServiceDeps, OUTBOX_PAGE_SIZE } from './email.service.server'
import type { EmailCategory } from './email.types'
import { closedPort, type SmtpTestServer, startSilentServer, startSmtpTestServer } from './testing/smtp-test-server'

let database: TestDatabase
let smtp: SmtpTestServer

beforeAll(async () => {
  database = await createTestDatabase()
  smtp = await startSmtpTestServer()
})

afterAll(async () => {
  await smtp?.close()
  await database?.drop()
})

/** A logger whose JSON lines the test can read. */
function capturingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

/** The same query the product wires in: one row in email_opt_outs means opted out. */
const isOptedOut = async (userId: number, category: EmailCategory) => {
  const rows = await database.db
    .select()
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.category, category)))
  return rows.length > 0
}

function service(overrides: Partial<EmailServiceDeps> = {}) {
  return createEmailService({ db: database.db, logger: pino({ level: 'silent' }), isOptedOut, ...overrides })
}

let userSeq = 0
async function createUser() {
  userSeq += 1
  const [user] = await database.db
    .insert(users)
    .values({ email: `parent${userSeq}-${Date.now()}@example.test`, firstName: 'Maya', passwordHash: 'not-used' })
    .returning()
  return user!
}

const outboxRow = async (id: number) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!

const reset = (to: string, userId?: number) =>
  ({
    to,
    userId,
    template: 'password_reset',
    data: { firstName: '<Maya>', resetUrl: 'https://nestlist.test/password_resets?token=tok_123', expiresInMinutes: 60 },
  }) as const

const registryNotice = (to: string, userId?: number) =>
  ({
    to,
    userId,
    template: 'notice',
    data: { category: 'registry_activity', subject: 'A gift was reserved', heading: 'Good news', paragraphs: ['Grandma reserved the crib.'] },
  }) as const

describe('without SMTP_URL', () => {
  test('every message is rendered and kept in the outbox with its recipient, account, category and both parts', async () => {
    const user = await createUser()
    const email = service()
    const result = await email.send(reset(user.email, user.id))
    expect(result.status).toBe('kept')
    const row = await outboxRow(result.id)
    expect(row).toMatchObject({
      toAddress: user.email,
      userId: user.id,
      category: 'account',
      template: 'password_reset',
      subject: 'Reset your Nestlist password',
      status: 'kept',
      error: null,
      sentAt: null,
    })
    expect(row.text).toContain('https://nestlist.test/password_resets?token=tok_123')
    expect(row.html).toContain('Hi &lt;Maya&gt;,')
    expect(email.delivering).toBe(false)
    expect(await email.latestTo(user.email)).toMatchObject({ id: result.id, text: row.text })
  })

  test('in development the text body is logged so a developer can follow the reset link', async () => {
    const { logger, lines } = capturingLogger()
    await service({ logger, env: { NODE_ENV: 'development' } }).send(reset('dev@example.test'))
    expect(lines.some((l) => l.msg.includes('https://nestlist.test/password_resets?token=tok_123'))).toBe(true)
  })

  test('outside development the body (and its reset link) never reaches the log', async () => {
    const { logger, lines } = capturingLogger()
    await service({ logger, env: { NODE_ENV: 'production' } }).send(reset('prod@example.test'))
    expect(lines.length).toBeGreaterThan(0)
    expect(JSON.stringify(lines)).not.toContain('tok_123')
  })
})

describe('opt-outs', () => {
  test('an optional category the user turned off is skipped, recorded, and never delivered', async () => {
    const user = await createUser()
    await database.db.insert(emailOptOuts).values({ userId: user.id, category: 'registry_activity' })
    const before = smtp.messages.length
    const result = await service({ smtpUrl: smtp.url }).send(registryNotice(user.email, user.id))
    expect(result.status).toBe('skipped')
    expect(await outboxRow(result.id)).toMatchObject({ status: 'skipped', category: 'registry_activity', error: 'The recipient turned off "Registry activity" emails.' })
    expect(smtp.messages.length).toBe(before)
  })

  test('the same category still goes to a user who did not opt out', async () => {
    const user = await createUser()
    await database.db.insert(emailOptOuts).values({ userId: user.id, category: 'shop_offers' })
    const result = await service().send(registryNotice(user.email, user.id))
    expect(result.status).toBe('kept')
  })

  test('account and order mail always goes, whatever the opt-out lookup says', async () => {
    const asked: string[] = []
    const email = service({
      isOptedOut: async (_userId, category) => {
        asked.push(category)
        return true
      },
    })
    const user = await createUser()
    expect((await email.send(reset(user.email, user.id))).status).toBe('kept')
    const order = await email.send({
      to: user.email,
      userId: user.id,
      template: 'notice',
      data: { category: 'orders', subject: 'Your order shipped', heading: 'On its way', paragraphs: ['Your stroller shipped.'] },
    })
    expect(order.status).toBe('kept')
    expect(asked).toEqual([])
  })
})

describe('over SMTP', () => {
  test('a message arrives with its subject, sender, recipient, plain-text and HTML parts, and is recorded as sent', async () => {
    const user = await createUser()
    const before = smtp.messages.length
    const email = service({ smtpUrl: smtp.url, from: 'Nestlist <help@nestlist.test>' })
    expect(email.delivering).toBe(true)
    const result = await email.send(reset(user.email, user.id))
    expect(result.status).toBe('sent')
    expect(smtp.messages.length).toBe(before + 1)
    const mail = smtp.messages.at(-1)!
    expect(mail.envelopeTo).toEqual([user.email])
    expect(mail.envelopeFrom).toBe('help@nestlist.test')
    expect(mail.subject).toBe('Reset your Nestlist password')
    expect(mail.headers.get('to')).toBe(user.email)
    expect(mail.headers.get('from')).toBe('Nestlist <help@nestlist.test>')
    expect(mail.text).toContain('Hi <Maya>,')
    expect(mail.text).toContain('https://nestlist.test/password_resets?token=tok_123')
    expect(mail.html).toContain('<html lang="en"')
    expect(mail.html).toContain('Hi &lt;Maya&gt;,')
    expect(mail.html).toContain('href="https://nestlist.test/password_resets?token=tok_123"')
    const row = await outboxRow(result.id)
    expect(row.status).toBe('sent')
    expect(row.sentAt).toBeInstanceOf(Date)
    expect(row.error).toBeNull()
  })

  test('a server that refuses the recipient: the send resolves, the failure and its reason are recorded and logged', async () => {
    const refusing = await startSmtpTestServer({ refuseRecipients: true })
    try {
      const { logger, lines } = capturingLogger()
      const result = await service({ smtpUrl: refusing.url, logger }).send(reset('refused@example.test'))
      expect(result.status).toBe('failed')
      const row = await outboxRow(result.id)
      expect(row.status).toBe('failed')
      expect(row.error).toMatch(/550/)
      expect(row.sentAt).toBeNull()
      expect(refusing.messages).toEqual([])
      expect(lines.some((l) => l.level === 50 && l.emailId === result.id)).toBe(true)
    } finally {
      await refusing.close()
    }
  })

  test('a server that is down: the failure is recorded, not thrown', async () => {
    const port = await closedPort()
    const result = await service({ smtpUrl: `smtp://127.0.0.1:${port}` }).send(reset('down@example.test'))
    expect(result.status).toBe('failed')
    expect((await outboxRow(result.id)).error).toMatch(/ECONNREFUSED|ECONNECTION/)
  })

  test('a server that never answers is given up on after the timeout', async () => {
    const silent = await startSilentServer()
    try {
      const started = Date.now()
      const result = await service({ smtpUrl: silent.url, timeoutMs: 400 }).send(reset('slow@example.test'))
      const took = Date.now() - started
      expect(result.status).toBe('failed')
      expect(took).toBeLessThan(3000)
      expect((await outboxRow(result.id)).error).toMatch(/Timed out|timeout/i)
    } finally {
      await silent.close()
    }
  })

  test('the SMTP password never appears in the recorded error', async () => {
    const port = await closedPort()
    const result = await service({ smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${port}` }).send(reset('secret@example.test'))
    expect(result.status).toBe('failed')
    expect((await outboxRow(result.id)).error).not.toContain('s3cret-pass')
  })
})

describe('the staff list', () => {
  test('pages through the newest messages first and can narrow to one address', async () => {
    const to = `pages-${Date.now()}@example.test`
    const email = service()
    const ids: number[] = []
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 3; i++) ids.push((await email.send({ ...reset(to), data: { ...reset(to).data, firstName: `N${i}` } })).id)
    const first = await email.list({ to })
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: OUTBOX_PAGE_SIZE + 3 })
    expect(first.messages.map((m) => m.id)).toEqual(ids.slice(-OUTBOX_PAGE_SIZE).reverse())
    expect(first.messages[0]).toMatchObject({ to, subject: 'Reset your Nestlist password', template: 'password_reset', status: 'kept' })
    const second = await email.list({ to, page: 2 })
    expect(second.messages.map((m) => m.id)).toEqual(ids.slice(0, 3).reverse())
    // A page past the end shows the last page rather than an empty list.
    expect((await email.list({ to, page: 99 })).page).toBe(2)
    const all = await email.list()
    expect(all.total).toBeGreaterThanOrEqual(OUTBOX_PAGE_SIZE + 3)
  })

  test('get returns one message in full, and null for ids that do not exist', async () => {
    const email = service()
    const { id } = await email.send(reset('detail@example.test'))
    expect(await email.get(id)).toMatchObject({ id, to: 'detail@example.test', status: 'kept', error: null })
    expect(await email.get(id + 100000)).toBeNull()
    expect(await email.get(Number.NaN)).toBeNull()
    expect(await email.get(-1)).toBeNull()
  })
})
