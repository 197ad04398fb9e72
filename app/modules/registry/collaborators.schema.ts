import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../accounts/accounts.schema'
import { registries } from './registry.schema'

/**
 * Someone the owner let in to manage a registry with them (a partner, a grandparent, a helper). They edit
 * items, categories and settings like the owner, but cannot delete the registry or change who collaborates.
 * Revoking or leaving deletes the row, so access ends at once.
 */
export const registryCollaborators = pgTable(
  'registry_collaborators',
  {
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registry_collaborators_key').on(t.registryId, t.userId), index('registry_collaborators_user_idx').on(t.userId)],
)

/**
 * An emailed invitation to collaborate. Only the SHA-256 of the link's token is kept; the link works once,
 * until it expires, and not after the owner cancels it.
 */
export const registryCollaboratorInvites = pgTable(
  'registry_collaborator_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registryId: bigint('registry_id', { mode: 'number' })
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: bigint('accepted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('registry_collaborator_invites_token_key').on(t.tokenHash), index('registry_collaborator_invites_registry_idx').on(t.registryId, t.createdAt)],
)

export type RegistryCollaboratorInviteRow = typeof registryCollaboratorInvites.$inferSelect
