import { and, count, eq, gte, isNotNull, isNull, min, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { type AccountsContext, HOUR } from '../accounts-context.server'
import { emailVerifications, type UserRow, users } from '../accounts.schema'
import { generateToken, hashToken } from '../tokens.server'

/** The emails that prove an address (a sign-up's link, an email change's link, the note to an address's owner), and marking it proven. */

async function confirmedOwner(ctx: AccountsContext, emailKey: string, exceptUserId?: number) {
  const [u] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, emailKey), isNotNull(users.emailVerifiedAt), exceptUserId ? ne(users.id, exceptUserId) : undefined))
  return u
}

/**
 * Sends the address a confirmation link, or, when it already belongs to a confirmed account, a note saying
 * so to that address's owner. The person at the keyboard gets the same answer either way. A sign-up's link
 * finishes the sign-up (it confirms and signs in, docs/decisions/035) and can carry the page to continue on.
 */
export async function sendConfirmation(
  ctx: AccountsContext,
  user: { id: number; firstName: string },
  emailKey: string,
  purpose: 'sign_up' | 'change',
  continuePath?: string,
) {
  const { db, email, config, linkBase } = ctx
  const token = generateToken()
  const now = ctx.clock()
  // One email change waits at a time: a newer request replaces the older one (as the settings page shows it).
  if (purpose === 'change') {
    await db
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.userId, user.id), eq(emailVerifications.purpose, 'change'), isNull(emailVerifications.usedAt)))
  }
  // Recorded either way, so what the account reads back (the pending change, the hourly count of links) does not
  // tell a taken address from a free one. For a taken one the token is never sent, and confirmEmail would refuse it.
  await db.insert(emailVerifications).values({
    id: hashToken(token),
    userId: user.id,
    email: emailKey,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (purpose === 'sign_up' ? config.signUpLinkTtlMs : config.verificationTtlMs)),
  })
  if (await confirmedOwner(ctx, emailKey, user.id)) {
    await sendAlreadyHaveAccount(ctx, emailKey, purpose)
    return
  }
  const then = continuePath && continuePath !== '/' ? `&redirect_path=${encodeURIComponent(continuePath)}` : ''
  const hours = Math.round(config.signUpLinkTtlMs / HOUR)
  await email.send({
    to: emailKey,
    userId: user.id,
    template: 'notice',
    data: {
      category: 'account',
      subject: purpose === 'sign_up' ? 'Confirm your email to finish signing up' : 'Confirm your new email for Nestlist',
      heading: purpose === 'sign_up' ? 'Welcome to Nestlist!' : 'Confirm your new email',
      firstName: user.firstName,
      paragraphs:
        purpose === 'sign_up'
          ? [
              'Thanks for joining. Confirm that this is your email address to finish creating your account: the button signs you in and takes you back to where you were.',
              `The link works once, for ${hours} hours. If you did not sign up for Nestlist, you can ignore this email: without this link nobody can use an account with this address.`,
            ]
          : ['Please confirm this new email address for your Nestlist account. Until you do, we keep using your current one.'],
      action: {
        label: purpose === 'sign_up' ? 'Confirm and sign in' : 'Confirm my email',
        url: `${linkBase}/verify_email?token=${encodeURIComponent(token)}${then}`,
      },
    },
  })
}

/**
 * The note to an address that already has an account, when someone signs up with it (or asks to move another
 * account to it). A confirmed owner is pointed to sign-in; an account that was started but never confirmed is
 * finished by choosing a password from a reset link (which proves the address and replaces whatever password
 * the earlier sign-up chose, so a stranger who started it cannot keep a way in).
 */
export async function sendAlreadyHaveAccount(ctx: AccountsContext, emailKey: string, purpose: 'sign_up' | 'change') {
  const { linkBase } = ctx
  const owner = await ctx.accountForEmail(emailKey)
  if (!owner) return
  const confirmed = owner.emailVerifiedAt !== null
  await ctx.email.send({
    to: emailKey,
    userId: owner.id,
    template: 'notice',
    data: {
      category: 'account',
      subject: 'You already have a Nestlist account',
      heading: 'You already have an account',
      paragraphs: [
        purpose === 'sign_up'
          ? 'Someone, maybe you, just tried to create a Nestlist account with this email address. It already has an account, so nothing was changed.'
          : 'Someone, maybe you, just asked to move another Nestlist account to this email address. It already has an account, so nothing was changed.',
        confirmed
          ? 'If it was you, sign in to your account, or reset your password if you have forgotten it. If it was not you, you can ignore this email.'
          : 'That account was started but its email was never confirmed. If it is yours, choose a password for it: we will email you a link, and opening it confirms your address. If it was not you, you can ignore this email.',
      ],
      action: confirmed ? { label: 'Sign in to Nestlist', url: `${linkBase}/login` } : { label: 'Choose a password', url: `${linkBase}/forgot_password` },
    },
  })
}

/** Sends an unconfirmed account a fresh sign-up link, unless it has had 5 in the last hour: then not, and when one is free again. */
export async function sendSignUpLinkIfAllowed(ctx: AccountsContext, user: UserRow): Promise<{ sent: true } | { sent: false; freeAt: number }> {
  const { clock, config } = ctx
  const since = new Date(clock().getTime() - HOUR)
  const [recent] = await ctx.db
    .select({ n: count(), oldest: min(emailVerifications.createdAt) })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, user.id), gte(emailVerifications.createdAt, since)))
  // Another link can be sent when the oldest of the hour's links leaves the window.
  if ((recent?.n ?? 0) >= config.resetsPerAccountPerHour) return { sent: false, freeAt: (recent?.oldest?.getTime() ?? clock().getTime()) + HOUR }
  await sendConfirmation(ctx, user, user.email, 'sign_up')
  return { sent: true }
}

/** Marks an account's address confirmed after an emailed link to it was used, unless another account confirmed it first. */
export async function confirmIfUnclaimed(ctx: AccountsContext, tx: Pick<Db, 'execute'>, userId: number) {
  await tx.execute(sql`
    update users u set email_verified_at = ${ctx.clock().toISOString()}::timestamptz
    where u.id = ${userId} and u.email_verified_at is null
      and not exists (select 1 from users o where o.email = u.email and o.email_verified_at is not null)`)
}
