// The reset link in the email starts with the public origin (docs/decisions/034), whatever host the request named.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { action } from './forgot-password'

let database: TestDatabase
let services: Services
let context: AppLoadContext

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', HOST: '127.0.0.1', PORT: 4321 }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
})
afterAll(async () => {
  await database?.drop()
})

test.each(['http://evil.example', 'http://localhost:5173'])('POST /forgot_password sent to %s mails a reset link on the public origin', async (origin) => {
  const email = `reset.${Date.now()}.${origin.length}@example.test`
  await signUpConfirmed(services.accounts, database.db, { firstName: 'Rae', lastName: 'Set', email, password: 'counting engine 1843' }, { ip: '203.0.113.9', userAgent: 'vitest' })
  const request = new Request(`${origin}/forgot_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }),
  })
  await action({ request, params: {}, context } as never)
  // The reset email is sent without waiting (so timing does not reveal the account): wait for it here.
  let reset: { text: string; html: string } | undefined
  for (let i = 0; i < 100 && !reset; i++) {
    const listed = (await services.email.list({ to: email })).messages.find((m) => m.template === 'password_reset')
    reset = listed ? (await services.email.get(listed.id)) ?? undefined : undefined
    if (!reset) await new Promise((r) => setTimeout(r, 20))
  }
  expect(reset).toBeDefined()
  expect(reset!.text).toContain('http://127.0.0.1:4321/password_resets?token=')
  expect(reset!.text + reset!.html).not.toContain(new URL(origin).host)
})
