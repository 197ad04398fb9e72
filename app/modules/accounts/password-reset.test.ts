// Forgot password must not tell whether an address has an account: not by its answer, nor by how long it takes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EmailSender, SendEmailInput } from '~/modules/email/email.types'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createAccountsService } from './accounts.service.server'

let database: TestDatabase
const sent: SendEmailInput[] = []
const email: EmailSender = {
  async send(input) {
    sent.push(input as SendEmailInput)
    return { id: sent.length, status: 'kept' }
  },
}
// The work the service hands over to run after answering, kept so a test can see it and wait for it.
const deferred: Promise<void>[] = []
const defer = (work: () => Promise<void>) => {
  deferred.push(work())
}
const settle = async () => {
  await Promise.all(deferred.splice(0))
}

let accounts: ReturnType<typeof createAccountsService>
const meta = { ip: '203.0.113.7', userAgent: 'vitest' }

/** Signs up and opens the link in the sign-up email (sent after the answer, so read once the deferred work is done). */
async function signUpConfirmed(input: { firstName: string; lastName: string; email: string; password: string }) {
  await accounts.signUp(input, meta)
  await settle()
  const mail = sent.filter((m) => m.to === input.email && (m.data as { subject?: string }).subject === 'Confirm your email to finish signing up').at(-1)
  const url = (mail?.data as { action?: { url: string } } | undefined)?.action?.url
  if (!url) throw new Error(`no sign-up link was emailed to ${input.email}`)
  const { session } = await accounts.confirmEmail(new URL(url).searchParams.get('token')!, meta)
  if (session?.status !== 'signed_in') throw new Error(`the sign-up link for ${input.email} did not sign in`)
}
const known = `known.${Date.now()}@example.test`
const unknown = `nobody.${Date.now()}@example.test`

beforeAll(async () => {
  database = await createTestDatabase()
  // No hourly cap here: every request for the known address does the whole work of a real reset.
  accounts = createAccountsService({ db: database.db, email, defer, config: { resetsPerAccountPerHour: 10_000 } })
  await signUpConfirmed({ firstName: 'Maya', lastName: 'Rivera', email: known, password: 'sunflower meadow 42' })
})
afterAll(async () => {
  await database?.drop()
})

describe('forgot password', () => {
  test('known and unknown addresses get the same answer, and both hand the same work over to run after answering', async () => {
    sent.length = 0
    for (const address of [known, unknown, known.toUpperCase()]) {
      const before = deferred.length
      await expect(accounts.requestPasswordReset({ email: address })).resolves.toBeUndefined()
      // Answered before anything that depends on the account (lookup, link, email) has happened.
      expect(deferred.length - before).toBe(1)
      expect(sent).toEqual([])
      await settle()
      sent.length = 0
    }
    await accounts.requestPasswordReset({ email: known })
    await settle()
    expect(sent.map((m) => [m.to, m.template])).toEqual([[known, 'password_reset']])
    sent.length = 0
    await accounts.requestPasswordReset({ email: unknown })
    await settle()
    expect(sent).toEqual([])
  })

  test('a malformed address is refused the same way, before any work is handed over', async () => {
    const before = deferred.length
    const error = await accounts.requestPasswordReset({ email: 'not an email' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'invalid_input' })
    expect(deferred.length).toBe(before)
  })

  test('known and unknown addresses take about as long to answer (medians over many requests)', async () => {
    const timings = { known: [] as number[], unknown: [] as number[] }
    const timeOne = async (address: string) => {
      const started = performance.now()
      await accounts.requestPasswordReset({ email: address })
      const took = performance.now() - started
      await settle() // the work after the answer is not part of the answer's time
      return took
    }
    for (let i = 0; i < 5; i++) await timeOne(i % 2 ? known : unknown) // warm up both paths
    for (let i = 0; i < 40; i++) {
      // Alternate the order so neither address always runs first.
      const order = i % 2 ? ([known, unknown] as const) : ([unknown, known] as const)
      for (const address of order) timings[address === known ? 'known' : 'unknown'].push(await timeOne(address))
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    const ratio = median(timings.unknown) / median(timings.known)
    expect(ratio, `median unknown ${median(timings.unknown).toFixed(3)} ms, known ${median(timings.known).toFixed(3)} ms`).toBeGreaterThan(0.5)
    expect(ratio, `median unknown ${median(timings.unknown).toFixed(3)} ms, known ${median(timings.known).toFixed(3)} ms`).toBeLessThan(2)
  })
})
