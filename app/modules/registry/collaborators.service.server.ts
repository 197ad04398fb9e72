import { and, asc, count, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { publicOrigin } from '~/lib/links'
import { parseInput } from '~/lib/parse-input'
import { users } from '~/modules/accounts/accounts.schema'
import { generateToken, hashToken } from '~/modules/accounts/tokens.server'
import type { EmailSender } from '~/modules/email/email.types'
import { registryCollaboratorInvites, registryCollaborators } from './collaborators.schema'
import { COLLABORATOR_INVITE_DAYS, inviteCollaboratorInput } from './collaborators.validation'
import { createRegistryAccess, type RegistryRole } from './registry-access.server'
import { registries } from './registry.schema'

/** Collaborators plus open invitations on one registry. */
export const MAX_COLLABORATORS = 10
/** Invitations one registry may send in any 24 hours (resends included), so the form cannot be used to spam. */
export const MAX_COLLABORATOR_INVITES_PER_DAY = 20
const DAY_MS = 86_400_000

export const collaboratorServiceMessages = {
  notFound: 'We could not find that registry.',
  ownerOnlyInvite: 'Only the registry’s owner can invite collaborators.',
  ownerOnlyRemove: 'Only the registry’s owner can remove collaborators.',
  ownerCannotBeRemoved: 'The registry’s owner cannot be removed.',
  notACollaborator: 'That person is not a collaborator on this registry.',
  inviteNotFound: 'That invitation is not open any more.',
  ownEmail: 'That is your own email address: you already manage this registry.',
  alreadyCollaborator: 'That person already helps manage this registry.',
  tooMany: `A registry can have up to ${MAX_COLLABORATORS} collaborators and open invitations. Remove one to invite someone new.`,
  dailyLimit: `You have sent ${MAX_COLLABORATOR_INVITES_PER_DAY} collaborator invitations today, the most for one day. You can send more tomorrow.`,
  linkUnknown: 'This invitation link is not valid. Check that you copied the whole link, or ask for a new invitation.',
  linkUsed: 'This invitation has already been used. Ask the registry’s owner for a new one if you need it.',
  linkExpired: `This invitation has expired (links work for ${COLLABORATOR_INVITE_DAYS} days). Ask the registry’s owner to send a new one.`,
  linkCancelled: 'The registry’s owner cancelled this invitation. Ask them for a new one if you need it.',
  ownRegistry: 'This is your own registry, so you already manage it.',
  otherEmail: 'This invitation was sent to another email address. Sign in with that address, or ask the owner to invite this one.',
  confirmEmailFirst: 'Please confirm your email address first: open the link we emailed you (or ask for a new one in Account settings), then accept the invitation.',
} as const

/**
 * Why this account may not accept an invitation sent to `invitedEmail`, or null when it may: only an account
 * whose confirmed address is the invited one (letter case aside), so a forwarded or leaked link opens nothing.
 */
export function acceptBlocker(invitedEmail: string, account: { email: string; emailVerified: boolean }): AcceptBlocker | null {
  if (account.email.trim().toLowerCase() !== invitedEmail.trim().toLowerCase()) return { reason: 'other_email', message: collaboratorServiceMessages.otherEmail }
  if (!account.emailVerified) return { reason: 'unconfirmed', message: collaboratorServiceMessages.confirmEmailFirst }
  return null
}

/** Why an account may not accept an invitation: signed in with another address, or the invited one not confirmed yet. */
export type AcceptBlocker = { reason: 'other_email' | 'unconfirmed'; message: string }

/** What /registry/join/{token} shows before the person accepts. */
export type CollaboratorInvitePreview = {
  status: 'open' | 'used' | 'expired' | 'cancelled'
  registry: { id: number; title: string; familyName: string }
  inviterFirstName: string
  email: string
  expiresAt: string
  /** Why the signed-in account given to preview() may not accept (see acceptBlocker); null when it may, or none was given. */
  blocked: AcceptBlocker | null
}

/** Who manages a registry, for /settings/collaborators and GET /api/v3/registries/{id}/collaborators. */
export type CollaboratorList = {
  role: RegistryRole
  owner: { userId: number; name: string; email: string }
  collaborators: { userId: number; name: string; email: string; joinedAt: string }[]
  /** Open and expired invitations that nobody used; the owner's to see (empty for collaborators). */
  invitations: { id: number; email: string; createdAt: string; expiresAt: string; expired: boolean }[]
}

type Deps = { db: Db; email: EmailSender; clock?: () => Date }

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim()

/** Collaborators: the owner invites a partner or helper by email; they join with an account and manage the registry too. */
export function createCollaboratorsService({ db, email, clock = () => new Date() }: Deps) {
  const access = createRegistryAccess(db)

  async function managed(registryId: number, userId: number) {
    const found = await access.of(registryId, userId)
    if (!found) throw new DomainError('not_found', collaboratorServiceMessages.notFound)
    return found
  }

  async function ownerOnly(registryId: number, userId: number, message: string) {
    const found = await managed(registryId, userId)
    if (found.role !== 'owner') throw new DomainError('forbidden', message)
    return found.registry
  }

  const service = {
    /** The owner, the collaborators and (for the owner) invitations not yet used. Owner and collaborators only. */
    async list(registryId: number, userId: number): Promise<CollaboratorList> {
      const { registry, role } = await managed(registryId, userId)
      const [ownerRows, collaboratorRows, inviteRows] = await Promise.all([
        db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, registry.ownerId)),
        db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, joinedAt: registryCollaborators.joinedAt })
          .from(registryCollaborators)
          .innerJoin(users, eq(users.id, registryCollaborators.userId))
          .where(eq(registryCollaborators.registryId, registry.id))
          .orderBy(asc(registryCollaborators.joinedAt)),
        role === 'owner'
          ? db
              .select()
              .from(registryCollaboratorInvites)
              .where(and(eq(registryCollaboratorInvites.registryId, registry.id), isNull(registryCollaboratorInvites.acceptedAt), isNull(registryCollaboratorInvites.cancelledAt)))
              .orderBy(asc(registryCollaboratorInvites.createdAt))
          : Promise.resolve([]),
      ])
      const owner = ownerRows[0]!
      const now = clock()
      return {
        role,
        owner: { userId: owner.id, name: fullName(owner), email: owner.email },
        collaborators: collaboratorRows.map((c) => ({ userId: c.id, name: fullName(c), email: c.email, joinedAt: c.joinedAt.toISOString() })),
        invitations: inviteRows.map((i) => ({
          id: i.id,
          email: i.email,
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
          expired: i.expiresAt <= now,
        })),
      }
    },

    /**
     * Emails a single-use link (valid for 7 days) that lets the person join as a collaborator. Owner only.
     * Inviting an address that already has an open invitation replaces it (the old link stops working).
     */
    async invite(registryId: number, userId: number, input: unknown, options: { origin: string; inviterFirstName: string }) {
      const registry = await ownerOnly(registryId, userId, collaboratorServiceMessages.ownerOnlyInvite)
      const { email: to } = parseInput(inviteCollaboratorInput, input)
      const fieldError = (message: string, code: 'invalid_input' | 'conflict' | 'rate_limited' = 'invalid_input', retryAfterSeconds?: number) =>
        new DomainError(code, message, { fields: { email: [message] }, retryAfterSeconds })

      const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, registry.ownerId))
      if (owner?.email.toLowerCase() === to) throw fieldError(collaboratorServiceMessages.ownEmail)
      const [existing] = await db
        .select({ id: users.id })
        .from(registryCollaborators)
        .innerJoin(users, eq(users.id, registryCollaborators.userId))
        .where(and(eq(registryCollaborators.registryId, registry.id), sql`lower(${users.email}) = ${to}`))
        .limit(1)
      if (existing) throw fieldError(collaboratorServiceMessages.alreadyCollaborator, 'conflict')

      const now = clock()
      const open = and(
        eq(registryCollaboratorInvites.registryId, registry.id),
        isNull(registryCollaboratorInvites.acceptedAt),
        isNull(registryCollaboratorInvites.cancelledAt),
        gt(registryCollaboratorInvites.expiresAt, now),
      )
      const [[people], [openInvites], [sentToday]] = await Promise.all([
        db.select({ n: count() }).from(registryCollaborators).where(eq(registryCollaborators.registryId, registry.id)),
        db.select({ n: count() }).from(registryCollaboratorInvites).where(and(open, sql`${registryCollaboratorInvites.email} <> ${to}`)),
        db
          .select({ n: count(), oldest: min(registryCollaboratorInvites.createdAt) })
          .from(registryCollaboratorInvites)
          .where(and(eq(registryCollaboratorInvites.registryId, registry.id), gt(registryCollaboratorInvites.createdAt, new Date(now.getTime() - DAY_MS)))),
      ])
      if ((people?.n ?? 0) + (openInvites?.n ?? 0) >= MAX_COLLABORATORS) throw fieldError(collaboratorServiceMessages.tooMany, 'conflict')
      if ((sentToday?.n ?? 0) >= MAX_COLLABORATOR_INVITES_PER_DAY) {
        // Another invitation can go when the oldest of the day's leaves the 24 hours.
        const freeAt = (sentToday?.oldest?.getTime() ?? now.getTime()) + DAY_MS
        throw fieldError(collaboratorServiceMessages.dailyLimit, 'rate_limited', (freeAt - now.getTime()) / 1000)
      }

      const token = generateToken()
      const expiresAt = new Date(now.getTime() + COLLABORATOR_INVITE_DAYS * DAY_MS)
      const invitation = await db.transaction(async (tx) => {
        // A new invitation to the same address replaces the open one: only the newest link works.
        await tx
          .update(registryCollaboratorInvites)
          .set({ cancelledAt: now })
          .where(and(eq(registryCollaboratorInvites.registryId, registry.id), eq(registryCollaboratorInvites.email, to), isNull(registryCollaboratorInvites.acceptedAt), isNull(registryCollaboratorInvites.cancelledAt)))
        const [row] = await tx
          .insert(registryCollaboratorInvites)
          .values({ registryId: registry.id, email: to, tokenHash: hashToken(token), invitedBy: userId, createdAt: now, expiresAt })
          .returning()
        return row!
      })
      const inviter = options.inviterFirstName.trim() || registry.familyName
      const url = `${publicOrigin(options.origin)}/registry/join/${token}`
      await email.send({
        to,
        template: 'notice',
        data: {
          category: 'account',
          subject: `${inviter} invited you to help with ${registry.title} on Nestlist`,
          heading: `Help manage ${registry.title}`,
          paragraphs: [
            `${inviter} would like you to help manage ${registry.familyName}’s registry on Nestlist: add and edit gifts, organize categories, change settings and keep track of what guests give.`,
            `Sign in or create a free account, then accept. The link works once and expires in ${COLLABORATOR_INVITE_DAYS} days.`,
            'If you were not expecting this, you can ignore this email.',
          ],
          action: { label: 'Accept the invitation', url },
        },
      })
      return { id: invitation.id, email: to, expiresAt: expiresAt.toISOString() }
    },

    /**
     * What an invitation link is for and whether it still works (not_found for an unknown token); given the
     * signed-in account, also whether that account may accept it.
     */
    async preview(token: string, account?: { email: string; emailVerified: boolean }): Promise<CollaboratorInvitePreview> {
      const row = await inviteByToken(token)
      if (!row) throw new DomainError('not_found', collaboratorServiceMessages.linkUnknown)
      return {
        status: statusOf(row.invite),
        registry: { id: row.registryId, title: row.title, familyName: row.familyName },
        inviterFirstName: row.inviterFirstName ?? row.familyName,
        email: row.invite.email,
        expiresAt: row.invite.expiresAt.toISOString(),
        blocked: account ? acceptBlocker(row.invite.email, account) : null,
      }
    },

    /**
     * The signed-in user accepts: they become a collaborator and the link is used up. Only an account whose
     * confirmed email is the invited address may (forbidden otherwise). One conditional update claims the
     * link, so two clicks at once (or two people) cannot both use it.
     */
    async accept(token: string, userId: number): Promise<{ registryId: number }> {
      const row = await inviteByToken(token)
      if (!row) throw new DomainError('not_found', collaboratorServiceMessages.linkUnknown)
      const { invite } = row
      if (row.ownerId === userId) throw new DomainError('conflict', collaboratorServiceMessages.ownRegistry)
      // Read from the table, not the session: the address must be confirmed now, as the link is used.
      const [account] = await db.select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId))
      const blocked = account
        ? acceptBlocker(invite.email, { email: account.email, emailVerified: account.emailVerifiedAt !== null })
        : { reason: 'other_email', message: collaboratorServiceMessages.otherEmail }
      if (blocked) throw new DomainError('forbidden', blocked.message)
      const now = clock()
      const result: { registryId: number; joined?: true } = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(registryCollaboratorInvites)
          .set({ acceptedAt: now, acceptedBy: userId })
          .where(
            and(
              eq(registryCollaboratorInvites.id, invite.id),
              isNull(registryCollaboratorInvites.acceptedAt),
              isNull(registryCollaboratorInvites.cancelledAt),
              gt(registryCollaboratorInvites.expiresAt, now),
            ),
          )
          .returning({ registryId: registryCollaboratorInvites.registryId })
        if (!claimed) {
          const status = statusOf(invite)
          // Claimed a moment ago by this same person (a double click): they are in, so that is fine.
          if (status === 'used' || status === 'open') {
            const [mine] = await tx
              .select({ registryId: registryCollaboratorInvites.registryId })
              .from(registryCollaboratorInvites)
              .where(and(eq(registryCollaboratorInvites.id, invite.id), eq(registryCollaboratorInvites.acceptedBy, userId)))
            const stillIn = mine && (await access.roleOf(mine.registryId, userId))
            if (mine && stillIn) return { registryId: mine.registryId }
          }
          const message =
            status === 'expired' ? collaboratorServiceMessages.linkExpired : status === 'cancelled' ? collaboratorServiceMessages.linkCancelled : collaboratorServiceMessages.linkUsed
          throw new DomainError('conflict', message)
        }
        await tx.insert(registryCollaborators).values({ registryId: claimed.registryId, userId, invitedBy: invite.invitedBy, joinedAt: now }).onConflictDoNothing()
        return { registryId: claimed.registryId, joined: true }
      })
      if ('joined' in result) await tellOwner(row, userId)
      return { registryId: result.registryId }
    },

    /** The owner removes a collaborator; a collaborator may remove only themselves (leave). The owner cannot be removed. */
    async remove(registryId: number, userId: number, collaboratorUserId: number) {
      const { registry, role } = await managed(registryId, userId)
      if (collaboratorUserId === registry.ownerId) throw new DomainError('forbidden', collaboratorServiceMessages.ownerCannotBeRemoved)
      if (role !== 'owner' && collaboratorUserId !== userId) throw new DomainError('forbidden', collaboratorServiceMessages.ownerOnlyRemove)
      const removed = await db
        .delete(registryCollaborators)
        .where(and(eq(registryCollaborators.registryId, registry.id), eq(registryCollaborators.userId, collaboratorUserId)))
        .returning({ userId: registryCollaborators.userId })
      if (removed.length === 0) throw new DomainError('not_found', collaboratorServiceMessages.notACollaborator)
    },

    /** A collaborator stops helping with the registry. */
    async leave(registryId: number, userId: number) {
      return service.remove(registryId, userId, userId)
    },

    /** The owner cancels an invitation nobody used yet; its link stops working. */
    async cancelInvitation(registryId: number, userId: number, invitationId: number) {
      const registry = await ownerOnly(registryId, userId, collaboratorServiceMessages.ownerOnlyInvite)
      if (!Number.isSafeInteger(invitationId) || invitationId <= 0) throw new DomainError('not_found', collaboratorServiceMessages.inviteNotFound)
      const cancelled = await db
        .update(registryCollaboratorInvites)
        .set({ cancelledAt: clock() })
        .where(
          and(
            eq(registryCollaboratorInvites.id, invitationId),
            eq(registryCollaboratorInvites.registryId, registry.id),
            isNull(registryCollaboratorInvites.acceptedAt),
            isNull(registryCollaboratorInvites.cancelledAt),
          ),
        )
        .returning({ id: registryCollaboratorInvites.id })
      if (cancelled.length === 0) throw new DomainError('not_found', collaboratorServiceMessages.inviteNotFound)
    },
  }

  /** Lets the owner know who joined (an optional 'registry activity' email; a failure never undoes the join). */
  async function tellOwner(row: { ownerId: number; title: string; registryId: number }, userId: number) {
    try {
      const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, [row.ownerId, userId]))
      const owner = people.find((p) => p.id === row.ownerId)
      const helper = people.find((p) => p.id === userId)
      if (!owner || !helper) return
      await email.send({
        to: owner.email,
        userId: owner.id,
        template: 'notice',
        data: {
          category: 'registry_activity',
          subject: `${fullName(helper)} is now helping with ${row.title}`,
          heading: 'Your invitation was accepted',
          firstName: owner.firstName,
          paragraphs: [
            `${fullName(helper)} (${helper.email}) accepted your invitation and can now help manage ${row.title}.`,
            'You can see who helps, and remove anyone, in Settings under Collaborators.',
          ],
        },
      })
    } catch {
      // The join stands; the owner sees the new collaborator in settings either way.
    }
  }

  function statusOf(invite: { acceptedAt: Date | null; cancelledAt: Date | null; expiresAt: Date }): CollaboratorInvitePreview['status'] {
    if (invite.acceptedAt) return 'used'
    if (invite.cancelledAt) return 'cancelled'
    if (invite.expiresAt <= clock()) return 'expired'
    return 'open'
  }

  async function inviteByToken(token: string) {
    // Tokens are base32 from generateToken(); anything else cannot match, so skip the query.
    if (typeof token !== 'string' || !/^[a-z2-7]{20,64}$/.test(token)) return undefined
    const [row] = await db
      .select({
        invite: registryCollaboratorInvites,
        registryId: registries.id,
        ownerId: registries.ownerId,
        title: registries.title,
        familyName: registries.familyName,
        inviterFirstName: users.firstName,
      })
      .from(registryCollaboratorInvites)
      .innerJoin(registries, eq(registries.id, registryCollaboratorInvites.registryId))
      .leftJoin(users, eq(users.id, registryCollaboratorInvites.invitedBy))
      .where(eq(registryCollaboratorInvites.tokenHash, hashToken(token)))
    return row
  }

  return service
}

export type CollaboratorsService = ReturnType<typeof createCollaboratorsService>
