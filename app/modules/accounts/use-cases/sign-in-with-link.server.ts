import { and, count, eq, gt, gte, isNull } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type AccountsContext, accountMessages, HOUR } from '../accounts-context.server'
import { signInLinks } from '../accounts.schema'
import type { SessionMeta, SignInResult } from '../accounts.types'
import { signInLinkRequestInput } from '../accounts.validation'
import { generateToken, hashToken } from '../tokens.server'
import { startSession } from './manage-sessions.server'
import { confirmIfUnclaimed } from './send-confirmation.server'

/** The part of a sign-in link request that depends on the account; runs after the answer (see requestSignInLink). */
async function sendSignInLink(ctx: AccountsContext, emailKey: string) {
  const { db, clock, config, linkBase } = ctx
  const user = await ctx.accountForEmail(emailKey)
  if (!user) return
  const since = new Date(clock().getTime() - HOUR)
  const [recent] = await db
    .select({ n: count() })
    .from(signInLinks)
    .where(and(eq(signInLinks.userId, user.id), gte(signInLinks.createdAt, since)))
  if ((recent?.n ?? 0) >= config.resetsPerAccountPerHour) return
  const token = generateToken()
  const now = clock()
  await db.insert(signInLinks).values({ id: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + config.signInLinkTtlMs) })
  const minutes = Math.round(config.signInLinkTtlMs / 60_000)
  await ctx.email.send({
    to: user.email,
    userId: user.id,
    template: 'notice',
    data: {
      category: 'account',
      subject: 'Your Nestlist sign-in link',
      heading: 'Sign in to Nestlist',
      firstName: user.firstName,
      paragraphs: [
        `Use the button below to sign in. The link works once and expires in ${minutes} minutes.`,
        'If you did not ask for it, you can ignore this email: nobody can use it without access to your inbox.',
      ],
      action: { label: 'Sign in to Nestlist', url: `${linkBase}/login/email?token=${encodeURIComponent(token)}` },
    },
  })
}

/**
 * Emails the account a single-use sign-in link (the way in a password guesser cannot block). Answers the
 * same, in the same time, whether or not the email has an account: as for a password reset, everything that
 * depends on the account runs after the answer. At most 5 links per account per hour are sent.
 */
export async function requestSignInLink(ctx: AccountsContext, input: unknown) {
  const data = parse(signInLinkRequestInput, input)
  ctx.defer(() => sendSignInLink(ctx, data.email))
}

/** True when a sign-in link can still be used (its page checks before showing the button). */
export async function signInLinkUsable(ctx: AccountsContext, token: string) {
  if (!token || token.length > 200) return false
  const [row] = await ctx.db
    .select({ id: signInLinks.id })
    .from(signInLinks)
    .where(and(eq(signInLinks.id, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, ctx.clock())))
  return Boolean(row)
}

/** Signs in with an emailed link, once; two-factor sign-in still asks for the code. */
export async function signInWithLink(ctx: AccountsContext, token: string, meta: SessionMeta): Promise<SignInResult> {
  const { db, clock } = ctx
  if (!token || token.length > 200) throw new DomainError('invalid_input', accountMessages.signInLinkInvalid)
  const [used] = await db
    .update(signInLinks)
    .set({ usedAt: clock() })
    .where(and(eq(signInLinks.id, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, clock())))
    .returning({ userId: signInLinks.userId })
  if (!used) throw new DomainError('invalid_input', accountMessages.signInLinkInvalid)
  // The link reached the address, which confirms it (unless another account confirmed it meanwhile).
  await confirmIfUnclaimed(ctx, db, used.userId)
  const user = await ctx.userById(used.userId)
  if (!user) throw new DomainError('invalid_input', accountMessages.signInLinkInvalid)
  return startSession(ctx, user, meta)
}
