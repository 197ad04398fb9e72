import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import type { EmailSender } from '../email/email.types'
import { createRegistryAccess } from '../registry/registry-access.server'
import { hashCode } from './gift-card-codes.server'
import { type CreditReason, giftCardRedeemAttempts, giftCards, type giftReturns, userCreditBalances, userCreditEntries } from './giftcards.schema'
import type { GiftReturnView, Tx } from './giftcards.types'
import { giftCardMessages, giftReturnReasons, looksLikeCode, normaliseCode, REDEEM_FAILURES_PER_HOUR } from './giftcards.validation'

export type GiftCardsDeps = {
  db: Db
  email: EmailSender
  /** Absolute origin for links in emails (services.publicOrigin, docs/decisions/034); without it the emails carry no button. */
  publicUrl?: string
  clock?: () => Date
  logger?: Pick<Logger, 'warn' | 'info'>
  /** Failed code entries allowed per hour per account (and three times that per network address). */
  failuresPerHour?: number
  /**
   * Told after a received gift return put units back in stock (inventory's 'Back in stock' emails to shoppers
   * waiting for the product). This module does not depend on inventory; the composition root wires it.
   */
  onRestocked?: (productId: number) => Promise<unknown>
}

/**
 * What the gift card use cases share, built once per service: the dependencies, the registry access check,
 * and the helpers several use cases read (the code-entry budget, the credit ledger, the gift return view).
 */
export type GiftCardsContext = ReturnType<typeof createGiftCardsContext>

/** Builds the shared context of the gift cards service from its dependencies. */
export function createGiftCardsContext({ db, email, publicUrl, clock = () => new Date(), logger, failuresPerHour = REDEEM_FAILURES_PER_HOUR, onRestocked }: GiftCardsDeps) {
  const access = createRegistryAccess(db)
  const link = (path: string) => (publicUrl ? new URL(path, publicUrl).toString() : undefined)

  /**
   * Records a code entry before it is checked, under a lock per actor, so parallel guesses cannot pass the
   * hourly budget (as sign-in does). Returns the attempt's id; mark it succeeded when the code was good.
   */
  async function admitAttempt(actor: string, ip: string): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`giftcard-attempt:${actor}`}))`)
      const since = new Date(clock().getTime() - 3_600_000).toISOString()
      const counted = await tx.execute<{ by_actor: number; by_ip: number; actor_oldest: string | null; ip_oldest: string | null }>(sql`
        select count(*) filter (where actor = ${actor})::int as by_actor,
               count(*) filter (where ${ip} <> '' and ip = ${ip})::int as by_ip,
               min(created_at) filter (where actor = ${actor}) as actor_oldest,
               min(created_at) filter (where ${ip} <> '' and ip = ${ip}) as ip_oldest
        from gift_card_redeem_attempts
        where succeeded = false and created_at >= ${since}::timestamptz and (actor = ${actor} or (${ip} <> '' and ip = ${ip}))`)
      const { by_actor, by_ip, actor_oldest, ip_oldest } = counted.rows[0]!
      // A code can be tried again when the oldest counted failure of each exhausted limit leaves the hour.
      const freeAt = Math.max(
        by_actor >= failuresPerHour && actor_oldest ? new Date(actor_oldest).getTime() + 3_600_000 : 0,
        by_ip >= failuresPerHour * 3 && ip_oldest ? new Date(ip_oldest).getTime() + 3_600_000 : 0,
      )
      if (freeAt > 0) throw new DomainError('rate_limited', giftCardMessages.tooManyAttempts, { retryAfterSeconds: (freeAt - clock().getTime()) / 1000 })
      const [row] = await tx.insert(giftCardRedeemAttempts).values({ actor, ip, createdAt: clock() }).returning({ id: giftCardRedeemAttempts.id })
      return row!.id
    })
  }
  const attemptSucceeded = (id: number) => db.update(giftCardRedeemAttempts).set({ succeeded: true }).where(eq(giftCardRedeemAttempts.id, id))

  /** The active card with this code, after counting the attempt; a wrong code is a field error on `code`. */
  async function findByCode(code: string, actor: string, ip: string, field: string) {
    const normalised = normaliseCode(code)
    const attempt = await admitAttempt(actor, ip)
    const [card] = looksLikeCode(normalised) ? await db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(normalised))) : []
    if (!card || !card.emailedAt) throw new DomainError('invalid_input', giftCardMessages.codeNotFound, { fields: { [field]: [giftCardMessages.codeNotFound] } })
    await attemptSucceeded(attempt)
    if (card.balanceCents === 0) throw new DomainError('invalid_input', giftCardMessages.codeUsedUp, { fields: { [field]: [giftCardMessages.codeUsedUp] }, reason: 'code_used_up' })
    return card
  }

  async function balanceOf(userId: number, tx: Db | Tx = db): Promise<number> {
    const [row] = await tx.select({ balance: userCreditBalances.balanceCents }).from(userCreditBalances).where(eq(userCreditBalances.userId, userId))
    return row?.balance ?? 0
  }

  /**
   * Adds (positive) or takes (negative) store credit in the caller's transaction. Taking more than the balance
   * changes nothing and returns false (a conditional update, so two spenders can never both take it).
   */
  async function moveCredit(
    tx: Tx,
    userId: number,
    amountCents: number,
    reason: CreditReason,
    refs: { orderId?: string; giftCardId?: string; giftReturnId?: string; note?: string; grantedByUserId?: number; idempotencyKey?: string },
  ): Promise<boolean> {
    if (amountCents === 0) return true
    const updated =
      amountCents > 0
        ? await tx.execute<{ balance_cents: number }>(sql`
            insert into user_credit_balances (user_id, balance_cents, updated_at) values (${userId}, ${amountCents}, ${clock().toISOString()}::timestamptz)
            on conflict (user_id) do update set balance_cents = user_credit_balances.balance_cents + excluded.balance_cents, updated_at = excluded.updated_at
            returning balance_cents`)
        : await tx.execute<{ balance_cents: number }>(sql`
            update user_credit_balances set balance_cents = balance_cents + ${amountCents}, updated_at = ${clock().toISOString()}::timestamptz
            where user_id = ${userId} and balance_cents >= ${-amountCents}
            returning balance_cents`)
    const after = updated.rows[0]
    if (!after) return false
    await tx.insert(userCreditEntries).values({
      userId,
      amountCents,
      reason,
      balanceAfterCents: Number(after.balance_cents),
      orderId: refs.orderId ?? null,
      giftCardId: refs.giftCardId ?? null,
      giftReturnId: refs.giftReturnId ?? null,
      note: refs.note ?? '',
      grantedByUserId: refs.grantedByUserId ?? null,
      idempotencyKey: refs.idempotencyKey ?? null,
      createdAt: clock(),
    })
    return true
  }

  return { db, email, clock, logger, onRestocked, access, link, admitAttempt, attemptSucceeded, findByCode, balanceOf, moveCredit }
}

type GiftReturnRow = typeof giftReturns.$inferSelect
export const giftReturnView = (r: GiftReturnRow, title: string): GiftReturnView => ({
  id: r.id,
  orderLineId: r.orderLineId,
  registryId: r.registryId,
  title,
  quantity: r.quantity,
  reason: r.reason,
  reasonLabel: giftReturnReasons.find((x) => x.id === r.reason)?.label ?? r.reason,
  creditCents: r.creditCents,
  status: r.status,
  returnCode: r.returnCode,
  creditPending: r.creditedAt === null,
  receivedAt: r.receivedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
})
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const addMonths = (d: Date, months: number) => {
  const r = new Date(d)
  r.setUTCMonth(r.getUTCMonth() + months)
  return r
}
