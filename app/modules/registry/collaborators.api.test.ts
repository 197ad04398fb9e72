// POST /api/v3/collaborator_invitations/accept: holding the link is not enough; the signed-in account's confirmed
// email must be the invited address.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailOutbox } from '../email/email.schema'
import { collaboratorServiceMessages } from './collaborators.service.server'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'

let h: RegistryApiHarness
let owner: { cookie: string; id: number; email: string }
let registryId: number

beforeAll(async () => {
  h = await registryApiHarness(97_000)
  owner = await h.signUp('Owner')
  registryId = (await h.createRegistry(owner.cookie)).id
})
afterAll(async () => {
  await h?.drop()
})

async function invite(email: string) {
  expect((await h.call('POST', `/api/v3/registries/${registryId}/collaborators`, { cookie: owner.cookie, body: { email } })).status).toBe(201)
  const [mail] = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id)).limit(1)
  return mail!.text.match(/\/registry\/join\/([a-z2-7]+)/)![1]!
}

const accept = (cookie: string, token: string) => h.call('POST', '/api/v3/collaborator_invitations/accept', { cookie, body: { token } })
const roleOf = async (cookie: string) => (await h.call('GET', `/api/v3/registries/${registryId}/collaborators`, { cookie })).status

describe('accepting a collaborator invitation', () => {
  test('another signed-in account holding the link gets 403 with a clear message and does not join', async () => {
    const invitee = await h.signUp('Leo')
    const stranger = await h.signUp('Eve')
    const token = await invite(invitee.email)
    const res = await accept(stranger.cookie, token)
    expect(res.status).toBe(403)
    expect(res.json.error).toEqual({ code: 'forbidden', message: collaboratorServiceMessages.otherEmail })
    expect(await roleOf(stranger.cookie)).toBe(404)

    expect((await accept(invitee.cookie, token)).status).toBe(200)
    expect(await roleOf(invitee.cookie)).toBe(200)
  })

  test('the invited address gets 403 until it is confirmed, then joins', async () => {
    const invitee = await h.signUp('Gran')
    // stands for an account made before email-first sign-up: signed in, address not yet confirmed (its session still works)
    await h.database.pool.query('update users set email_verified_at = null where id = $1', [invitee.id])
    const token = await invite(invitee.email)
    const res = await accept(invitee.cookie, token)
    expect(res.status).toBe(403)
    expect(res.json.error).toEqual({ code: 'forbidden', message: collaboratorServiceMessages.confirmEmailFirst })
    expect(await roleOf(invitee.cookie)).toBe(404)

    await h.confirmEmail(invitee.email)
    expect((await accept(invitee.cookie, token)).status).toBe(200)
    expect(await roleOf(invitee.cookie)).toBe(200)
  })
})
