// Changing the email of an account that has not confirmed its address yet (security issue 32): the new address
// takes effect only from the link sent to it, and the answer is the same whether or not it has an account.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EmailSender, SendEmailInput } from '~/modules/email/email.types'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { createAccountsService } from './accounts.service.server'

let database: TestDatabase
let accounts: ReturnType<typeof createAccountsService>
const sent: SendEmailInput[] = []
const email: EmailSender = {
  async send(input) {
    sent.push(input as SendEmailInput)
    return { id: sent.length, status: 'kept' }
  },
}
// The work the service hands over to run after answering (the sign-up email), kept so a test can wait for it.
const deferred: Promise<void>[] = []
const defer = (work: () => Promise<void>) => {
  deferred.push(work())
}
const settle = async () => {
  await Promise.all(deferred.splice(0))
}
const meta = { ip: '203.0.113.8', userAgent: 'vitest' }
let n = 0
const newAccount = () => ({ firstName: 'Maya', lastName: 'Rivera', email: `change${++n}.${Date.now()}@example.test`, password: 'sunflower meadow 42' })
const linkTo = (to: string) => {
  const mail = sent.filter((m) => m.to === to).at(-1)
  const url = (mail?.data as { action?: { url: string } } | undefined)?.action?.url
  return url ? new URL(url).searchParams.get('token') : null
}

/** Signs up and opens the link in the sign-up email (sent just after the answer), which confirms the account and signs in. */
async function signUpConfirmed(input: ReturnType<typeof newAccount>) {
  await accounts.signUp(input, meta)
  await settle()
  expect(sent.at(-1)).toMatchObject({ to: input.email, data: { subject: 'Confirm your email to finish signing up' } })
  const { userId, session } = await accounts.confirmEmail(linkTo(input.email)!, meta)
  expect(session).toMatchObject({ status: 'signed_in', user: { id: userId, email: input.email, emailVerified: true } })
  return userId
}

beforeAll(async () => {
  database = await createTestDatabase()
  accounts = createAccountsService({ db: database.db, email, defer })
})

afterAll(async () => {
  await database?.drop()
})

describe("an unconfirmed account's email change", () => {
  test('an unconfirmed account cannot change its email without confirming the new one, and taken and free addresses get the same answer', async () => {
    const owner = newAccount()
    await signUpConfirmed(owner)

    const probe = newAccount()
    const probeId = await signUpConfirmed(probe)
    // Stands for an account made before email-first sign-up (decision 035): signed in, its email never confirmed; its session still works.
    await database.pool.query('update users set email_verified_at = null where id = $1', [probeId])
    const user = (await accounts.viewer(probeId))!
    expect(user.emailVerified).toBe(false)
    const free = `fresh${++n}.${Date.now()}@example.test`

    const toTaken = await accounts.updateProfile(user.id, { firstName: 'Maya', lastName: 'Rivera', email: owner.email, currentPassword: probe.password })
    // Read back later (the settings page), the pending change looks the same too.
    expect(await accounts.pendingEmailChange(user.id)).toBe(owner.email)
    // The taken address's owner is told; no link goes to it.
    expect(sent.at(-1)).toMatchObject({ to: owner.email, data: { subject: 'You already have a Nestlist account' } })
    const toFree = await accounts.updateProfile(user.id, { firstName: 'Maya', lastName: 'Rivera', email: free, currentPassword: probe.password })
    expect(await accounts.pendingEmailChange(user.id)).toBe(free)
    const freeLink = linkTo(free)

    // The same answer either way: nothing moved yet, the new address is waiting for its link.
    expect(toFree).toEqual({ user: { ...toFree.user }, emailChangePending: free })
    expect(toTaken).toEqual({ user: toFree.user, emailChangePending: owner.email })
    expect(toFree.user).toMatchObject({ email: probe.email, emailVerified: false })
    expect(await accounts.viewer(user.id)).toMatchObject({ email: probe.email, emailVerified: false })

    // The link sent to the free address moves the account there, confirmed.
    expect(freeLink).toBeTruthy()
    expect(await accounts.confirmEmail(freeLink!, meta)).toMatchObject({ purpose: 'change', email: free, userId: user.id, session: null })
    expect(await accounts.viewer(user.id)).toMatchObject({ email: free, emailVerified: true })
  })
})
