// The composition root wires the email module as the server runs it: SMTP_URL, the From address and the
// opt-outs people choose at /settings/email-preferences.
import pino from 'pino'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { readEnv } from '~/lib/env.server'
import { createJobQueue } from '~/modules/jobs/jobs.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { type SmtpTestServer, startSmtpTestServer } from './testing/smtp-test-server'

let database: TestDatabase
let smtp: SmtpTestServer
let services: Services

beforeAll(async () => {
  database = await createTestDatabase()
  smtp = await startSmtpTestServer()
  services = createServices({
    db: database.db,
    pool: database.pool,
    env: { SUPPORT_EMAIL: 'help@nestlist.test', PUBLIC_URL: 'https://nestlist.test', SMTP_URL: smtp.url },
    logger: pino({ level: 'silent' }),
  })
})

afterAll(async () => {
  await smtp?.close()
  await database?.drop()
})

test('with SMTP_URL, account mail from the accounts module arrives from the support address', async () => {
  await services.accounts.signUp({ firstName: 'Ines', lastName: 'Park', email: 'ines@example.test', password: 'sunflower meadow 42' }, { ip: '203.0.113.9', userAgent: 'vitest' })
  // The sign-up link goes out just after sign-up answers (decision 035): wait until the SMTP server has taken it.
  await vi.waitFor(async () => expect((await services.email.latestTo('ines@example.test'))?.status).toBe('sent'), { timeout: 5_000 })
  const arrived = smtp.messages.filter((m) => m.envelopeTo.includes('ines@example.test'))
  expect(arrived.length).toBeGreaterThan(0)
  expect(arrived[0]!.headers.get('from')).toBe('Nestlist <help@nestlist.test>')
  expect((await services.email.latestTo('ines@example.test'))!.status).toBe('sent')
})

test('a category turned off at /settings/email-preferences is skipped; the footer links to that page', async () => {
  const { user } = await signUpConfirmed(
    services.accounts,
    database.db,
    { firstName: 'Theo', lastName: 'Park', email: 'theo@example.test', password: 'sunflower meadow 42' },
    { ip: '203.0.113.10', userAgent: 'vitest' },
  )
  const optional = (await services.emailPreferences.preferences(user.id)).filter((p) => p.optional).map((p) => p.id)
  await services.emailPreferences.update(user.id, { subscribed: optional.filter((id) => id !== 'registry_tips') })
  const notice = (category: 'registry_tips' | 'registry_activity') =>
    services.email.send({
      to: user.email,
      userId: user.id,
      template: 'notice',
      data: { category, subject: `A ${category} note`, heading: 'Hello', paragraphs: ['A note.'] },
    })
  expect((await notice('registry_tips')).status).toBe('skipped')
  expect((await notice('registry_activity')).status).toBe('sent')
  const received = smtp.messages.filter((m) => m.envelopeTo.includes(user.email))
  expect(received.map((m) => m.subject)).not.toContain('A registry_tips note')
  expect(received.find((m) => m.subject === 'A registry_activity note')!.text).toContain('https://nestlist.test/settings/email-preferences')
})

test('with the job queue server/main.ts passes, mail is queued and delivered by its worker', async () => {
  const logger = pino({ level: 'silent' })
  const jobs = createJobQueue({ pool: database.pool, logger })
  const queued = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@nestlist.test', PUBLIC_URL: 'https://nestlist.test', SMTP_URL: smtp.url }, logger, jobs })
  expect(queued.jobs).toBe(jobs)
  await jobs.start()
  try {
    const result = await queued.email.send({ to: 'queue@example.test', template: 'notice', data: { category: 'account', subject: 'Queued', heading: 'Hello', paragraphs: ['A note.'] } })
    expect(result.status).toBe('queued')
    await vi.waitFor(async () => expect((await queued.email.get(result.id))?.status).toBe('sent'), { timeout: 10_000 })
    expect(smtp.messages.some((m) => m.envelopeTo.includes('queue@example.test'))).toBe(true)
  } finally {
    await jobs.stop()
  }
})

test('SMTP_URL must be an smtp:// or smtps:// address; empty means no SMTP', () => {
  expect(readEnv({ SMTP_URL: 'smtp://mailer:secret@mail.example:587' }).SMTP_URL).toBe('smtp://mailer:secret@mail.example:587')
  expect(readEnv({ SMTP_URL: 'smtps://mail.example:465' }).SMTP_URL).toBe('smtps://mail.example:465')
  expect(readEnv({ SMTP_URL: '' }).SMTP_URL).toBeUndefined()
  expect(readEnv({}).SMTP_URL).toBeUndefined()
  expect(() => readEnv({ SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL must look like smtp:/)
  // The message names the setting, never the value (which may hold a password).
  let message = ''
  try {
    readEnv({ SMTP_URL: 'mail.example:s3cret' })
  } catch (error) {
    message = (error as Error).message
  }
  expect(message).toMatch(/SMTP_URL/)
  expect(message).not.toContain('s3cret')
})
