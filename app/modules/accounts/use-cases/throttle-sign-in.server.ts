import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { type AccountsContext, accountMessages, DAY, HOUR } from '../accounts-context.server'
import { signInAttempts } from '../accounts.schema'

/** The sign-in throttle (docs/decisions/033): admits password checks and sign-ups, or refuses with rate_limited. */

/** The wait after `excess` wrong tries past the free ones: doubling from the base, capped. */
const backoffMs = (ctx: AccountsContext, excess: number) =>
  Math.min(ctx.config.backoffMaxMs, ctx.config.backoffBaseMs * 2 ** Math.min(excess, 40))

/** Refuses with rate_limited (and how long to wait) while `until` is in the future. */
function refuseUntil(ctx: AccountsContext, until: number) {
  const waitMs = until - ctx.clock().getTime()
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    throw new DomainError('rate_limited', accountMessages.tooManyAttempts(seconds), { retryAfterSeconds: seconds })
  }
}

/** Attempts from one address in the last hour: past the free ones, each waits a doubling delay after the last. */
async function checkAddress(ctx: AccountsContext, tx: Pick<Db, 'execute'>, ip: string) {
  const { config, clock } = ctx
  const { rows } = await tx.execute<{ n: number; last: string | null }>(sql`
    select count(*)::int as n, max(created_at) as last from sign_in_attempts
    where ip = ${ip} and created_at > ${new Date(clock().getTime() - HOUR).toISOString()}::timestamptz`)
  const byIp = rows[0]
  if (byIp && byIp.last && byIp.n >= config.attemptsPerIpPerHour) refuseUntil(ctx, new Date(byIp.last).getTime() + backoffMs(ctx, byIp.n - config.attemptsPerIpPerHour))
}

/**
 * Records a password check before it is made, under per-account and per-address locks, so parallel guesses
 * cannot slip past the throttle (docs/decisions/033). Wrong passwords are counted per account and address:
 * a few are free, then each waits a doubling delay after the last, up to a cap; a success clears the address's
 * record. The account's total only shortens the free allowance (to one), so a guesser slows everyone down but
 * never locks the owner out, and the owner can always ask for a sign-in link by email. Returns the attempt id,
 * or throws rate_limited with the seconds to wait.
 */
export async function admitAttempt(ctx: AccountsContext, emailKey: string, ip: string): Promise<number> {
  const { db, config, clock } = ctx
  return db.transaction(async (tx) => {
    // Always the account's lock before the address's, so two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin:' + emailKey}))`)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin-ip:' + ip}))`)
    const now = clock().getTime()
    const { rows } = await tx.execute<{ failures: number; last: string | null; account_failures: number }>(sql`
      with pair as (
        select succeeded, created_at from sign_in_attempts
        where email = ${emailKey} and ip = ${ip} and kind = 'password' and created_at > ${new Date(now - DAY).toISOString()}::timestamptz
      ), cleared as (
        select coalesce(max(created_at) filter (where succeeded), '-infinity'::timestamptz) as at from pair
      )
      select
        (select count(*)::int from pair, cleared where not succeeded and created_at > cleared.at) as failures,
        (select max(created_at) from pair where not succeeded) as last,
        (select count(*)::int from sign_in_attempts
          where email = ${emailKey} and kind = 'password' and not succeeded
            and created_at > ${new Date(now - HOUR).toISOString()}::timestamptz) as account_failures`)
    const pair = rows[0]!
    const free = pair.account_failures >= config.accountUnderAttackFailures ? 1 : config.freeFailuresPerAccountAndAddress
    if (pair.last && pair.failures >= free) refuseUntil(ctx, new Date(pair.last).getTime() + backoffMs(ctx, pair.failures - free))
    await checkAddress(ctx, tx, ip)
    const [row] = await tx
      .insert(signInAttempts)
      .values({ email: emailKey, ip, kind: 'password', succeeded: false, createdAt: clock() })
      .returning({ id: signInAttempts.id })
    return row!.id
  })
}

/** A sign-up is throttled per address only: naming an email that a guesser has throttled never refuses it. */
export async function admitSignUp(ctx: AccountsContext, emailKey: string, ip: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin-ip:' + ip}))`)
    await checkAddress(ctx, tx, ip)
    await tx.insert(signInAttempts).values({ email: emailKey, ip, kind: 'sign_up', succeeded: true, createdAt: ctx.clock() })
  })
}
