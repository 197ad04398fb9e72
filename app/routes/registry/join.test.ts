// /registry/join/{token}: only the invited address, confirmed, may accept; anyone else sees why instead of the button.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { collaboratorServiceMessages } from '~/modules/registry/collaborators.service.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { action, loader } from './join'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let owner: Person
let registryId: number

type Person = { id: number; email: string; cookie: string }
let n = 0
async function signUp(first: string, { confirmed = true } = {}): Promise<Person> {
  const email = `${first.toLowerCase()}${++n}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: first, lastName: 'Tester', email, password: 'sunflower meadow 42' }, { ip: `203.0.113.${n}`, userAgent: 'vitest' })
  // Stands for an account made before email-first sign-up (decision 035): signed in, its email never confirmed; its session still works.
  if (!confirmed) await database.pool.query('update users set email_verified_at = null where id = $1', [user.id])
  return { id: user.id, email, cookie: `${SESSION_COOKIE}=${token}` }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
  owner = await signUp('Maya')
  registryId = (
    await services.registry.create(owner.id, {
      registryType: 'baby',
      title: 'Baby Rivera',
      familyName: 'Maya & Leo Rivera',
      slug: await services.registry.suggestSlug('Join page'),
      isArrivalDateKnown: false,
      planningStage: 'pregnant',
      expecting: 'unknown',
    })
  ).id
})
afterAll(async () => {
  await database?.drop()
})

async function invite(email: string) {
  await services.collaborators.invite(registryId, owner.id, { email }, { origin: 'https://nestlist.test', inviterFirstName: 'Maya' })
  const { rows } = await database.pool.query<{ text: string }>('select text from email_outbox where to_address = $1 order by id desc limit 1', [email])
  return rows[0]!.text.match(/\/registry\/join\/([a-z2-7]+)/)![1]!
}

const request = (token: string, cookie: string, method = 'GET') => new Request(`https://nestlist.test/registry/join/${token}`, { method, headers: { Cookie: cookie } })
type Loaded = { data: { state: string; invite: { blocked: { reason: string; message: string } | null } } }
const load = async (token: string, who: Person) => ((await loader({ request: request(token, who.cookie), params: { token }, context } as never)) as unknown as Loaded).data
const post = async (token: string, who: Person) =>
  (await action({ request: request(token, who.cookie, 'POST'), params: { token }, context } as never)) as unknown as Response | { init: { status: number }; data: { message: string } }

describe('the join page', () => {
  test('someone signed in with another address sees why they cannot accept, and posting anyway is a 403 with that message', async () => {
    const invitee = await signUp('Leo')
    const stranger = await signUp('Eve')
    const token = await invite(invitee.email)
    expect((await load(token, stranger)).invite.blocked).toEqual({ reason: 'other_email', message: collaboratorServiceMessages.otherEmail })
    const refused = await post(token, stranger)
    expect(refused).not.toBeInstanceOf(Response)
    expect(refused).toMatchObject({ init: { status: 403 }, data: { message: collaboratorServiceMessages.otherEmail } })
    expect(await services.registry.roleOf(registryId, stranger.id)).toBeNull()

    expect((await load(token, invitee)).invite.blocked).toBeNull()
    const joined = await post(token, invitee)
    expect(joined).toBeInstanceOf(Response)
    expect((joined as Response).status).toBe(302)
    expect(await services.registry.roleOf(registryId, invitee.id)).toBe('collaborator')
  })

  test('the invited address not yet confirmed is asked to confirm it first', async () => {
    const invitee = await signUp('Gran', { confirmed: false })
    const token = await invite(invitee.email)
    expect((await load(token, invitee)).invite.blocked).toEqual({ reason: 'unconfirmed', message: collaboratorServiceMessages.confirmEmailFirst })
    expect(await post(token, invitee)).toMatchObject({ init: { status: 403 }, data: { message: collaboratorServiceMessages.confirmEmailFirst } })
    expect(await services.registry.roleOf(registryId, invitee.id)).toBeNull()
  })
})
