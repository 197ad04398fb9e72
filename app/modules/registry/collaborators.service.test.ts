import { desc, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { emailOutbox } from '../email/email.schema'
import { createEmailService } from '../email/email.service.server'
import { registryCollaboratorInvites } from './collaborators.schema'
import { collaboratorServiceMessages, createCollaboratorsService, MAX_COLLABORATORS } from './collaborators.service.server'
import { createGiftTracker } from './gift-tracker.server'
import { createRegistryService } from './registry.service.server'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let collaborators: ReturnType<typeof createCollaboratorsService>
let tracker: ReturnType<typeof createGiftTracker>
let n = 0
let now = new Date('2030-03-01T12:00:00Z')
const clock = () => now
const origin = 'http://localhost:3000'

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db, clock })
  tracker = createGiftTracker({ db: database.db, email: { send: async () => ({}) as never }, publicOrigin: 'https://nestlist.test', clock })
  const email = createEmailService({ db: database.db, logger: pino({ level: 'silent' }), clock })
  collaborators = createCollaboratorsService({ db: database.db, email, clock })
})
afterAll(async () => {
  await database?.drop()
})

/** An account with a confirmed email unless told otherwise (only a confirmed invited address may accept). */
async function newUser(first = 'Sam', { confirmed = true }: { confirmed?: boolean } = {}) {
  const [u] = await database.db
    .insert(users)
    .values({ email: `${first.toLowerCase()}${++n}@example.test`, firstName: first, lastName: String(n), passwordHash: 'x', emailVerifiedAt: confirmed ? now : null })
    .returning()
  return u!
}

async function newRegistry(ownerId: number) {
  return registry.create(ownerId, {
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: 'Maya & Leo Rivera',
    slug: await registry.suggestSlug(`Collab ${++n}`),
    isArrivalDateKnown: false,
    planningStage: 'pregnant',
    expecting: 'unknown',
  })
}

/** The token in the newest email to `to` (from its /registry/join/{token} link). */
async function tokenSentTo(to: string) {
  const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1)
  const match = mail?.text.match(/\/registry\/join\/([a-z2-7]+)/)
  if (!match) throw new Error(`no invitation link in the email to ${to}`)
  return match[1]!
}

async function failure(p: Promise<unknown>) {
  try {
    await p
  } catch (error) {
    if (isDomainError(error)) return error
    throw error
  }
  throw new Error('expected a DomainError')
}

async function invited(ownerId: number, registryId: number, to: string) {
  await collaborators.invite(registryId, ownerId, { email: to }, { origin, inviterFirstName: 'Maya' })
  return tokenSentTo(to)
}

describe('collaborator invitations', () => {
  test('the owner invites by email; the link joins the signed-in person, who then manages items, categories and settings like the owner', async () => {
    const owner = await newUser('Maya')
    const helper = await newUser('Leo')
    const r = await newRegistry(owner.id)
    expect(await registry.roleOf(r.id, helper.id)).toBeNull()

    const token = await invited(owner.id, r.id, helper.email)
    const [stored] = await database.db.select().from(registryCollaboratorInvites).where(eq(registryCollaboratorInvites.registryId, r.id))
    expect(stored!.tokenHash).not.toContain(token) // only the hash is kept
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, helper.email))
    expect(mail!.subject).toBe('Maya invited you to help with Baby Rivera on Nestlist')

    expect((await collaborators.preview(token)).status).toBe('open')
    expect(await collaborators.accept(token, helper.id)).toEqual({ registryId: r.id })
    expect(await registry.roleOf(r.id, helper.id)).toBe('collaborator')
    const [told] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email))
    expect(told!.subject).toBe(`Leo ${helper.lastName} is now helping with Baby Rivera`)

    await registry.updateSettings(r.id, helper.id, { title: 'Baby Rivera!', familyName: 'Maya & Leo', slug: r.slug, welcomeNote: 'Hello from Leo', isArrivalDateKnown: false })
    const cat = await registry.addCategory(r.id, helper.id, { title: 'Books' })
    await registry.setVisibility(r.id, helper.id, { searchLevel: 'private' })
    const view = await registry.ownerView(r.id, helper.id)
    expect(view.role).toBe('collaborator')
    expect(view.title).toBe('Baby Rivera!')
    expect(view.categories.map((c) => c.id)).toContain(cat.id)
    expect(view.searchLevel).toBe('private')
    expect((await tracker.list(r.id, helper.id)).gifts).toEqual([])

    const list = await collaborators.list(r.id, owner.id)
    expect(list.collaborators.map((c) => c.userId)).toEqual([helper.id])
    expect(list.invitations).toEqual([])
  })

  test('a helper who owns no registry gets the one they help with as their current registry; their own comes first once they have one', async () => {
    const owner = await newUser('Maya')
    const helper = await newUser('Gran')
    const r = await newRegistry(owner.id)
    await collaborators.accept(await invited(owner.id, r.id, helper.email), helper.id)
    expect((await registry.currentFor(helper.id))?.id).toBe(r.id)
    expect((await registry.addTargetFor(helper.id))?.registryId).toBe(r.id)
    const own = await newRegistry(helper.id)
    expect((await registry.managedBy(helper.id)).map((x) => [x.id, x.role])).toEqual([
      [own.id, 'owner'],
      [r.id, 'collaborator'],
    ])
    expect((await registry.currentFor(helper.id))?.id).toBe(own.id)
    // The user API's list of owned registries is unchanged: only what they own.
    expect((await registry.ownedBy(helper.id)).map((x) => x.id)).toEqual([own.id])
  })

  test('a link works once: a second person cannot reuse it, and the same person clicking twice stays in', async () => {
    const owner = await newUser()
    const first = await newUser()
    const second = await newUser()
    const r = await newRegistry(owner.id)
    const token = await invited(owner.id, r.id, first.email)
    await collaborators.accept(token, first.id)
    expect(await collaborators.accept(token, first.id)).toEqual({ registryId: r.id })
    const e = await failure(collaborators.accept(token, second.id))
    expect([e.code, e.message]).toEqual(['forbidden', collaboratorServiceMessages.otherEmail])
    expect(await registry.roleOf(r.id, second.id)).toBeNull()
    expect((await collaborators.preview(token)).status).toBe('used')
  })

  test('two people accepting the same link at once: exactly one gets in', async () => {
    const owner = await newUser()
    const a = await newUser()
    const b = await newUser()
    const r = await newRegistry(owner.id)
    const token = await invited(owner.id, r.id, a.email)
    const results = await Promise.allSettled([collaborators.accept(token, a.id), collaborators.accept(token, b.id)])
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1)
    const roles = [await registry.roleOf(r.id, a.id), await registry.roleOf(r.id, b.id)]
    expect(roles.filter((x) => x === 'collaborator')).toHaveLength(1)
  })

  test('a link expires after 7 days', async () => {
    const owner = await newUser()
    const helper = await newUser()
    const r = await newRegistry(owner.id)
    const token = await invited(owner.id, r.id, helper.email)
    const sentAt = now
    now = new Date(sentAt.getTime() + 7 * 86_400_000 + 1000)
    try {
      expect((await collaborators.preview(token)).status).toBe('expired')
      const e = await failure(collaborators.accept(token, helper.id))
      expect([e.code, e.message]).toEqual(['conflict', collaboratorServiceMessages.linkExpired])
      expect(await registry.roleOf(r.id, helper.id)).toBeNull()
      expect((await collaborators.list(r.id, owner.id)).invitations.map((i) => i.expired)).toEqual([true])
    } finally {
      now = sentAt
    }
  })

  test('a cancelled invitation, or one replaced by a newer invitation to the same address, no longer works', async () => {
    const owner = await newUser()
    const helper = await newUser()
    const r = await newRegistry(owner.id)
    const old = await invited(owner.id, r.id, helper.email)
    const fresh = await invited(owner.id, r.id, helper.email)
    expect((await failure(collaborators.accept(old, helper.id))).message).toBe(collaboratorServiceMessages.linkCancelled)
    const [open] = (await collaborators.list(r.id, owner.id)).invitations
    await collaborators.cancelInvitation(r.id, owner.id, open!.id)
    expect((await failure(collaborators.accept(fresh, helper.id))).message).toBe(collaboratorServiceMessages.linkCancelled)
    expect(await registry.roleOf(r.id, helper.id)).toBeNull()
  })

  test('only the invited address may accept: anyone else holding the link is refused, and the link still works for the invitee', async () => {
    const owner = await newUser('Maya')
    const invitee = await newUser('Leo')
    const stranger = await newUser('Eve')
    const r = await newRegistry(owner.id)
    const token = await invited(owner.id, r.id, invitee.email)
    const e = await failure(collaborators.accept(token, stranger.id))
    expect([e.code, e.message]).toEqual(['forbidden', collaboratorServiceMessages.otherEmail])
    expect(e.message).toBe('This invitation was sent to another email address. Sign in with that address, or ask the owner to invite this one.')
    expect(await registry.roleOf(r.id, stranger.id)).toBeNull()
    expect((await collaborators.preview(token)).status).toBe('open')
    expect(await collaborators.accept(token, invitee.id)).toEqual({ registryId: r.id })
  })

  test('the invited address must be confirmed before accepting', async () => {
    const owner = await newUser('Maya')
    const invitee = await newUser('Leo', { confirmed: false })
    const r = await newRegistry(owner.id)
    const token = await invited(owner.id, r.id, invitee.email)
    const e = await failure(collaborators.accept(token, invitee.id))
    expect([e.code, e.message]).toEqual(['forbidden', collaboratorServiceMessages.confirmEmailFirst])
    expect(await registry.roleOf(r.id, invitee.id)).toBeNull()
    await database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, invitee.id))
    expect(await collaborators.accept(token, invitee.id)).toEqual({ registryId: r.id })
  })

  test('the invited address matches whatever its letter case', async () => {
    const owner = await newUser('Maya')
    const invitee = await newUser('Leo')
    const r = await newRegistry(owner.id)
    await collaborators.invite(r.id, owner.id, { email: invitee.email.toUpperCase() }, { origin, inviterFirstName: 'Maya' })
    const token = await tokenSentTo(invitee.email)
    expect(await collaborators.accept(token, invitee.id)).toEqual({ registryId: r.id })
  })

  test('the preview tells a signed-in account whether it may accept', async () => {
    const owner = await newUser('Maya')
    const invitee = await newUser('Leo')
    const r = await newRegistry(owner.id)
    const token = await invited(owner.id, r.id, invitee.email)
    expect((await collaborators.preview(token)).blocked).toBeNull()
    expect((await collaborators.preview(token, { email: invitee.email, emailVerified: true })).blocked).toBeNull()
    expect((await collaborators.preview(token, { email: invitee.email.toUpperCase(), emailVerified: true })).blocked).toBeNull()
    expect((await collaborators.preview(token, { email: invitee.email, emailVerified: false })).blocked).toEqual({ reason: 'unconfirmed', message: collaboratorServiceMessages.confirmEmailFirst })
    expect((await collaborators.preview(token, { email: 'someone-else@example.test', emailVerified: true })).blocked).toEqual({ reason: 'other_email', message: collaboratorServiceMessages.otherEmail })
  })

  test('unknown and malformed tokens are not found', async () => {
    const someone = await newUser()
    for (const token of ['', 'abc', 'a'.repeat(32), '../../etc', 'A'.repeat(32)]) {
      expect((await failure(collaborators.preview(token))).code).toBe('not_found')
      expect((await failure(collaborators.accept(token, someone.id))).code).toBe('not_found')
    }
  })

  test('the owner cannot accept an invitation to their own registry, nor invite themselves or someone already in', async () => {
    const owner = await newUser()
    const helper = await newUser()
    const r = await newRegistry(owner.id)
    expect((await failure(collaborators.invite(r.id, owner.id, { email: owner.email.toUpperCase() }, { origin, inviterFirstName: 'M' }))).fields?.email).toEqual([
      collaboratorServiceMessages.ownEmail,
    ])
    const token = await invited(owner.id, r.id, helper.email)
    expect((await failure(collaborators.accept(token, owner.id))).message).toBe(collaboratorServiceMessages.ownRegistry)
    await collaborators.accept(token, helper.id)
    expect((await failure(collaborators.invite(r.id, owner.id, { email: helper.email }, { origin, inviterFirstName: 'M' }))).code).toBe('conflict')
    expect((await failure(collaborators.invite(r.id, owner.id, { email: 'not an email' }, { origin, inviterFirstName: 'M' }))).code).toBe('invalid_input')
  })

  test(`at most ${MAX_COLLABORATORS} collaborators and open invitations per registry`, async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    for (let i = 0; i < MAX_COLLABORATORS; i++) await collaborators.invite(r.id, owner.id, { email: `many${n}-${i}@example.test` }, { origin, inviterFirstName: 'M' })
    const e = await failure(collaborators.invite(r.id, owner.id, { email: `one-more${n}@example.test` }, { origin, inviterFirstName: 'M' }))
    expect([e.code, e.message]).toEqual(['conflict', collaboratorServiceMessages.tooMany])
  })
})

describe('what collaborators may not do', () => {
  test('a collaborator cannot invite, cancel invitations, remove others or the owner, or delete the registry; they can leave', async () => {
    const owner = await newUser()
    const a = await newUser()
    const b = await newUser()
    const r = await newRegistry(owner.id)
    await collaborators.accept(await invited(owner.id, r.id, a.email), a.id)
    await collaborators.accept(await invited(owner.id, r.id, b.email), b.id)
    await collaborators.invite(r.id, owner.id, { email: 'pending@example.test' }, { origin, inviterFirstName: 'M' })
    const [pending] = (await collaborators.list(r.id, owner.id)).invitations

    expect((await failure(collaborators.invite(r.id, a.id, { email: 'friend@example.test' }, { origin, inviterFirstName: 'A' }))).code).toBe('forbidden')
    expect((await failure(collaborators.cancelInvitation(r.id, a.id, pending!.id))).code).toBe('forbidden')
    expect((await failure(collaborators.remove(r.id, a.id, b.id))).code).toBe('forbidden')
    expect((await failure(collaborators.remove(r.id, a.id, owner.id))).message).toBe(collaboratorServiceMessages.ownerCannotBeRemoved)
    expect((await failure(collaborators.remove(r.id, owner.id, owner.id))).message).toBe(collaboratorServiceMessages.ownerCannotBeRemoved)
    expect((await failure(registry.deleteRegistry(r.id, a.id, true))).code).toBe('forbidden')
    // Collaborators do not see pending invitations' addresses.
    expect((await collaborators.list(r.id, a.id)).invitations).toEqual([])
    expect(await registry.roleOf(r.id, owner.id)).toBe('owner')

    await collaborators.leave(r.id, a.id)
    expect(await registry.roleOf(r.id, a.id)).toBeNull()
    expect(await registry.roleOf(r.id, b.id)).toBe('collaborator')
  })

  test('after the owner revokes, a former collaborator is treated like a stranger: not_found everywhere', async () => {
    const owner = await newUser()
    const helper = await newUser()
    const r = await newRegistry(owner.id)
    await collaborators.accept(await invited(owner.id, r.id, helper.email), helper.id)
    await collaborators.remove(r.id, owner.id, helper.id)
    for (const attempt of [
      () => registry.ownerView(r.id, helper.id),
      () => registry.addCategory(r.id, helper.id, { title: 'Nope' }),
      () => registry.setVisibility(r.id, helper.id, { searchLevel: 'google' }),
      () => tracker.list(r.id, helper.id),
      () => collaborators.list(r.id, helper.id),
      () => registry.deleteRegistry(r.id, helper.id, true),
    ]) {
      expect((await failure(attempt())).code).toBe('not_found')
    }
    expect(await registry.currentFor(helper.id)).toBeNull()
    expect((await failure(collaborators.remove(r.id, owner.id, helper.id))).code).toBe('not_found')
  })

  test('only the owner deletes, and only when confirmed; the registry and its collaborators are gone', async () => {
    const owner = await newUser()
    const helper = await newUser()
    const r = await newRegistry(owner.id)
    await collaborators.accept(await invited(owner.id, r.id, helper.email), helper.id)
    expect((await failure(registry.deleteRegistry(r.id, owner.id, false))).code).toBe('invalid_input')
    expect(await registry.roleOf(r.id, owner.id)).toBe('owner')
    await registry.deleteRegistry(r.id, owner.id, true)
    expect(await registry.roleOf(r.id, owner.id)).toBeNull()
    expect(await registry.managedBy(helper.id)).toEqual([])
    expect((await failure(registry.guestView(r.id))).code).toBe('not_found')
  })
})
