import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { emailOutbox } from '../email/email.schema'
import { createEmailService } from '../email/email.service.server'
import { createRegistryInvitations, invitationMessages, MAX_INVITES_PER_DAY, parseInvitationEmails } from './registry-invitations.server'
import { createRegistryService } from './registry.service.server'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let email: ReturnType<typeof createEmailService>
let n = 0
let now = new Date()
const clock = () => now

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db })
  email = createEmailService({ db: database.db, logger: pino({ level: 'silent' }), clock })
})
afterAll(async () => {
  await database?.drop()
})

async function newUser() {
  const [u] = await database.db
    .insert(users)
    .values({ email: `inviter${++n}@example.test`, firstName: 'Maya', lastName: String(n), passwordHash: 'x' })
    .returning()
  return u!.id
}

async function newRegistry(ownerId: number) {
  return registry.create(ownerId, {
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: 'Maya & Leo Rivera',
    slug: await registry.suggestSlug(`Maya Leo ${++n}`),
    isArrivalDateKnown: false,
    planningStage: 'pregnant',
    expecting: 'unknown',
  })
}

const addresses = (count: number, prefix = 'guest') => Array.from({ length: count }, (_, i) => `${prefix}${++n}-${i}@example.test`)

async function failure(p: Promise<unknown>) {
  try {
    await p
  } catch (error) {
    if (isDomainError(error)) return error
    throw error
  }
  throw new Error('expected a DomainError')
}

describe('registry invitations', () => {
  test('addresses may be one per line or comma-separated; duplicates are sent once; bad or too many are refused with a clear message', () => {
    expect(parseInvitationEmails('a@example.test,\nB@Example.test; a@example.test  c@example.test')).toEqual({
      emails: ['a@example.test', 'b@example.test', 'c@example.test'],
    })
    expect(parseInvitationEmails('   ').error).toBe(invitationMessages.noEmails)
    expect(parseInvitationEmails('a@example.test, not-an-email').error).toBe(invitationMessages.badEmail('not-an-email'))
    expect(parseInvitationEmails(addresses(11).join('\n')).error).toBe(invitationMessages.tooMany)
  })

  test("the owner's invitation reaches each guest with a permanent registry link and the owner's note, escaped", async () => {
    const owner = await newUser()
    const r = await newRegistry(owner)
    const invitations = createRegistryInvitations({ registry, email, clock })
    const [one, two] = addresses(2)
    expect((await registry.ownerView(r.id, owner)).goals.find((g) => g.key === 'share_registry')!.done).toBe(false)
    const result = await invitations.invite(r.id, owner, { emails: `${one}, ${two}`, message: 'See you at the shower <3' }, { origin: 'https://my.nestlist.example', senderFirstName: 'Maya' })
    expect(result.invited).toEqual([one, two])
    expect(result.remainingToday).toBe(MAX_INVITES_PER_DAY - 2)
    const message = (await email.latestTo(one!))!
    expect(message.category).toBe('registry_activity')
    expect(message.userId).toBeNull()
    expect(message.subject).toBe('Maya & Leo Rivera shared their registry with you')
    // The my. host maps to the main public host, and the link uses the id, which survives a slug change.
    expect(message.html).toContain(`href="https://nestlist.example/list/${r.id}"`)
    expect(message.text).toContain('See you at the shower <3')
    expect(message.html).toContain('See you at the shower &lt;3')
    expect(message.html).not.toContain('<3')
    // sending invitations completes the 'share your registry' goal
    expect((await registry.ownerView(r.id, owner)).goals.find((g) => g.key === 'share_registry')!.done).toBe(true)
  })

  test('someone who does not own the registry cannot send invitations for it (not found), and nothing is sent', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const r = await newRegistry(owner)
    const invitations = createRegistryInvitations({ registry, email, clock })
    const [to] = addresses(1)
    const error = await failure(invitations.invite(r.id, stranger, { emails: to! }, { origin: 'http://localhost', senderFirstName: 'X' }))
    expect(error.code).toBe('not_found')
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to!))).toHaveLength(0)
  })

  test('at most 50 invitations per registry in 24 hours: a batch over the limit is refused whole, another registry is unaffected, and the next day it resets', async () => {
    now = new Date('2030-01-01T12:00:00Z')
    const owner = await newUser()
    const r = await newRegistry(owner)
    const other = await newRegistry(owner)
    const invitations = createRegistryInvitations({ registry, email, clock })
    const send = (id: number, count: number) => invitations.invite(id, owner, { emails: addresses(count).join('\n') }, { origin: 'http://localhost:5173', senderFirstName: 'Maya' })
    for (let i = 0; i < 4; i++) await send(r.id, 10)
    expect(await invitations.remainingToday(r.id)).toBe(10)
    await send(r.id, 6)
    const over = await failure(send(r.id, 5))
    expect(over.code).toBe('rate_limited')
    expect(over.message).toBe(invitationMessages.dailyLimit(4))
    await send(r.id, 4)
    expect((await failure(send(r.id, 1))).message).toBe(invitationMessages.dailyLimit(0))
    expect((await send(other.id, 10)).invited).toHaveLength(10)
    now = new Date('2030-01-02T12:00:01Z')
    expect(await invitations.remainingToday(r.id)).toBe(MAX_INVITES_PER_DAY)
    now = new Date()
  })

  test("a note that names another registry's link does not use up that registry's invitations", async () => {
    const owner = await newUser()
    const victimOwner = await newUser()
    const mine = await newRegistry(owner)
    const theirs = await newRegistry(victimOwner)
    const invitations = createRegistryInvitations({ registry, email, clock })
    await invitations.invite(mine.id, owner, { emails: addresses(10).join(','), message: `href="http://localhost/list/${theirs.id}"` }, { origin: 'http://localhost', senderFirstName: 'M' })
    expect(await invitations.remainingToday(theirs.id)).toBe(MAX_INVITES_PER_DAY)
  })
})
