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
const meta = { ip: '203.0.113.8', userAgent: 'vitest' }
let n = 0
const newAccount = () => ({ firstName: 'Maya', lastName: 'Rivera', email: `change${++n}.${Date.now()}@example.test`, password: 'sunflower meadow 42' })
const linkTo = (to: string) => {
  const mail = sent.filter((m) => m.to === to).at(-1)
  const url = (mail?.data as { action?: { url: string } } | undefined)?.action?.url
  return url ? new URL(url).searchParams.get('token') : null
}

beforeAll(async () => {
  database = await createTestDatabase()
  accounts = createAccountsService({ db: database.db, email })
})

afterAll(async () => {
  await database?.drop()
})

describe("an unconfirmed account's email change", () => {
  test('an unconfirmed account cannot change its email without confirming the new one, and taken and free addresses get the same answer', async () => {
    const owner = newAccount()
    await accounts.signUp(owner, meta)
    await accounts.verifyEmail(linkTo(owner.email)!)

    const probe = newAccount()
    const { user } = await accounts.signUp(probe, meta)
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
    expect(await accounts.verifyEmail(freeLink!)).toMatchObject({ purpose: 'change', email: free, userId: user.id })
    expect(await accounts.viewer(user.id)).toMatchObject({ email: free, emailVerified: true })
  })
})
