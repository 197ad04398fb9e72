
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,

  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** A person with an account (spec §3 'User'). Emails are stored trimmed and lower-cased, unique. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** argon2id PHC string (decision 010). */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'staff'] }).notNull().default('user'),
    isBookmarkletUsed: boolean('is_bookmarklet_used').notNull().default(false),
    /** Set when the owner of the address clicked the confirmation link (or reset the password by email). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Registry activity email: each gift as it happens ('instant') or one daily digest ('daily'). */
    registryActivityDelivery: text('registry_activity_delivery', { enum: ['instant', 'daily'] }).notNull().default('instant'),
    /** The newest gift the last daily digest covered (the next digest starts after it). */
    registryDigestThrough: timestamp('registry_digest_through', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Only a confirmed address is unique: sign-up with any address creates an unconfirmed account, so sign-up
  // never reveals whether an address already has an account (decision 010).
  (t) => [
    uniqueIndex('users_verified_email_key').on(t.email).where(sql`${t.emailVerifiedAt} is not null`),
    index('users_email_idx').on(t.email, t.createdAt),
  ],
)

/** Links that confirm an address: a new account's, or a new address for an existing account. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['sign_up', 'change'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Server-side sessions (Lucia's documented pattern): the cookie holds a random token, the table holds
 * only its SHA-256, so a database read does not yield usable cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry: the session ends then whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** True between the password step and the authenticator code when two-factor sign-in is on. */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Single-use password reset links; only the token's SHA-256 is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)

/**
 * Every checked password (sign-in, and the password asked for before sensitive changes) and every sign-up, for
 * throttling per account and source address, per account and per source address (docs/decisions/033).
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** 'password': a password was checked; 'sign_up': an account was created (counts only toward the address). */
    kind: text('kind').$type<'password' | 'sign_up'>().notNull().default('password'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_email_idx').on(t.email, t.createdAt),
    index('sign_in_attempts_email_ip_idx').on(t.email, t.ip, t.createdAt),
    index('sign_in_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
)

/** Single-use sign-in links emailed to an account (the way in a password guesser cannot block); only the hash is stored. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId, t.createdAt)],
)

/** User events (spec §4): one per name; a newer event of the same name replaces the older one. */
export const userEvents = pgTable(
  'user_events',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: jsonb('value').$type<unknown>(),
    /** Ordering key: newest first ('prepended'). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
)

/** The account's saved shipping address (one per account). */
export const addresses = pgTable('addresses', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  phone: text('phone').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Opt-outs per email category; no row means subscribed. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
)

/** Authenticator-app (TOTP) second factor. The secret is encrypted at rest with the app's key. */
export const twoFactors = pgTable('two_factors', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  /** Null until the user confirms a first code. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted 30-second step, so a code cannot be replayed. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One-time recovery codes for two-factor sign-in; only hashes are stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/** Failed two-factor codes, counted for throttling like password attempts. */
export const twoFactorAttempts = pgTable(
  'two_factor_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_attempts_user_idx').on(t.userId, t.createdAt)],
)

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type AddressRow = typeof addresses.$inferSelect
