// Email delivery through the job queue (docs/decisions/038): queued, retried with backoff, sent or failed, and
// sent again by staff. A real SMTP server that refuses recipients until told otherwise stands for a flaky mail server.
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createJobQueue, type JobQueue } from '~/modules/jobs/jobs.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { emailOutbox } from './email.schema'
import { createEmailService, type EmailServiceDeps } from './email.service.server'
import { type SmtpTestServer, startSmtpTestServer } from './testing/smtp-test-server'

let database: TestDatabase
let smtp: SmtpTestServer
// Read by the server on every RCPT TO, so a test can turn refusing on and off.
const refusing = { refuseRecipients: false }
const queues: JobQueue[] = []
const logger = pino({ level: 'silent' })

beforeAll(async () => {
  database = await createTestDatabase()
  smtp = await startSmtpTestServer(refusing)
})

afterEach(async () => {
  refusing.refuseRecipients = false
  await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 1_000 })))
})

afterAll(async () => {
  await smtp?.close()
  await database?.drop()
})

/** An email service on a started queue, with short retry delays (1 s, doubled with jitter). */
async function queuedService(delivery: EmailServiceDeps['delivery'] = {}) {
  const queue = createJobQueue({ pool: database.pool, logger })
  queues.push(queue)
  const email = createEmailService({ db: database.db, logger, smtpUrl: smtp.url, queue, delivery: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, ...delivery } })
  await queue.start()
  return email
}

const reset = (to: string) =>
  ({ to, template: 'password_reset', data: { firstName: 'Maya', resetUrl: 'https://nestlist.test/password_resets?token=tok_q', expiresInMinutes: 60 } }) as const

const row = async (id: number) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!
const arrivedFor = (to: string) => smtp.messages.filter((m) => m.envelopeTo.includes(to))
const waitForStatus = (id: number, status: string, timeout = 15_000) =>
  vi.waitFor(async () => expect((await row(id)).status).toBe(status), { timeout, interval: 100 })

test('with a queue, send() answers at once with the message queued, and a worker delivers it', async () => {
  const email = await queuedService()
  const result = await email.send(reset('queued@example.test'))
  expect(result.status).toBe('queued')
  await waitForStatus(result.id, 'sent')
  expect(arrivedFor('queued@example.test')).toHaveLength(1)
  expect(await email.get(result.id)).toMatchObject({ status: 'sent', attempts: null, error: null })
})

test('a mail server that refuses, then takes the message: retried after a backoff, sent, the attempts recorded', async () => {
  refusing.refuseRecipients = true
  const email = await queuedService()
  const { id } = await email.send(reset('flaky@example.test'))
  await waitForStatus(id, 'retrying')
  const retrying = await email.get(id)
  expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, maxAttempts: 5 })
  expect(retrying!.error).toMatch(/550/)
  // The next try is pg-boss's backoff, read from its job row: later than the failure.
  expect(retrying!.nextTryAt).toBeInstanceOf(Date)
  expect((await email.list({ status: 'retrying' })).messages.find((m) => m.id === id)).toMatchObject({ attempts: 1, nextTryAt: retrying!.nextTryAt })
  refusing.refuseRecipients = false
  await waitForStatus(id, 'sent')
  expect(await email.get(id)).toMatchObject({ status: 'sent', attempts: 2, maxAttempts: 5, error: null, nextTryAt: null })
  expect(arrivedFor('flaky@example.test')).toHaveLength(1)
})

test('a message the server always refuses ends failed after the last try, with the count and the reason; staff can send it again', async () => {
  refusing.refuseRecipients = true
  const email = await queuedService({ retryLimit: 2 })
  const { id } = await email.send(reset('never@example.test'))
  await waitForStatus(id, 'failed', 20_000)
  const failed = await email.get(id)
  expect(failed).toMatchObject({ status: 'failed', attempts: 3, maxAttempts: 3, nextTryAt: null })
  expect(failed!.error).toMatch(/550/)
  expect(arrivedFor('never@example.test')).toEqual([])
  expect((await email.list({ status: 'failed' })).messages.map((m) => m.id)).toContain(id)
  expect((await email.list({ status: 'sent' })).messages.map((m) => m.id)).not.toContain(id)

  refusing.refuseRecipients = false
  expect(await email.sendAgain(id)).toEqual({ id, status: 'queued' })
  await waitForStatus(id, 'sent')
  expect(arrivedFor('never@example.test')).toHaveLength(1)
  // Only a failed message can be sent again.
  await expect(email.sendAgain(id)).rejects.toMatchObject({ code: 'conflict' })
  await expect(email.sendAgain(id + 100_000)).rejects.toMatchObject({ code: 'not_found' })
})

test('when the queue cannot take the job, send() delivers at once instead of failing', async () => {
  const queue = createJobQueue({ pool: database.pool, logger })
  // Never started: sending on it fails.
  const email = createEmailService({ db: database.db, logger, smtpUrl: smtp.url, queue })
  const result = await email.send(reset('fallback@example.test'))
  expect(result.status).toBe('sent')
  expect((await row(result.id)).status).toBe('sent')
})

test('without SMTP_URL a queue changes nothing: messages are kept, and cannot be sent again', async () => {
  const queue = createJobQueue({ pool: database.pool, logger })
  queues.push(queue)
  const email = createEmailService({ db: database.db, logger, queue })
  await queue.start()
  const result = await email.send(reset('kept@example.test'))
  expect(result.status).toBe('kept')
  await expect(email.sendAgain(result.id)).rejects.toMatchObject({ code: 'conflict' })
})
