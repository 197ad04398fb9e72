import { and, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { executeNamed } from '~/db/named-statement.server'

/** Several data-modifying statements as one (each a CTE): one round trip, atomic. */
export function asOneStatement(writes: SQL[], select: SQL = sql`select 1`): SQL {
  if (writes.length === 0) return select
  return sql`with ${sql.join(writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`), sql`, `)} ${select}`
}
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { isUuid } from '~/lib/uuid'
import { type CardProcessor, type ProcessorAnswer, type ProcessorCard, type ProcessorSavedCard, declineMessage } from './card-processor'
import { createPaymentMethodsService, type PaymentMethodsService } from './payment-methods.service.server'
import { type PaymentRow, paymentAttempts, paymentRefunds, payments } from './payments.schema'
import { authorizeInput, cardBrand } from './payments.validation'

/** What callers (checkout, gift cards, staff) see of a payment. Never the card number. */
export type PaymentView = {
  id: string
  status: PaymentRow['status']
  amountCents: number
  capturedCents: number
  refundedCents: number
  cardBrand: string
  cardLast4: string
  /** Why the card was declined, in words for the shopper. */
  declineMessage: string | null
  /** The processor's decline code ('interrupted': the request never reached it, e.g. a crash; safe to ask again). */
  declineCode: string | null
}

export const paymentMessages = {
  keyReused: 'This payment request was already used for a different amount or card. Start the payment again.',
  notFound: 'We could not find that payment.',
  refundTooLarge: 'A refund cannot be more than what was charged and not yet refunded.',
  refundRefused: 'The refund could not be made. Nothing was refunded; please try again.',
  refundKeyReused: 'This refund key was already used for another payment or amount.',
  notCapturable: 'This payment cannot be charged: it was declined, voided or already charged.',
  notVoidable: 'Only a payment that was authorized and not charged can be released.',
} as const

/** A card to charge as the processor takes it (a typed card or a saved card's token), with what the shopper sees of it. */
export type ChargeSource = { card: ProcessorCard | ProcessorSavedCard; brand: string; last4: string }

export type PaymentsDeps = {
  db: Db
  processor: CardProcessor
  clock?: () => Date
  /** How long to wait for the processor before giving up (a real processor is reached over the network). */
  timeoutMs?: number
  /** Saved cards (docs/decisions/026): resolves a buyer's saved card to its token, for its owner only. */
  paymentMethods?: Pick<PaymentMethodsService, 'chargeSource'>
}

const view = (p: PaymentRow): PaymentView => ({
  id: p.id,
  status: p.status,
  amountCents: p.amountCents,
  capturedCents: p.capturedCents,
  refundedCents: p.refundedCents,
  cardBrand: p.cardBrand,
  cardLast4: p.cardLast4,
  declineMessage: p.declineCode ? declineMessage(p.declineCode) : null,
  declineCode: p.declineCode,
})

/**
 * Payments through one card processor. Authorise, then capture (charge) once the order exists, so a crash
 * between the two leaves at most an authorisation, which reconcile() settles; never a charge without its
 * order. Every processor call is recorded in payment_attempts.
 */
export function createPaymentsService({ db, processor, clock = () => new Date(), timeoutMs = 5_000, paymentMethods = createPaymentMethodsService({ db, processor, clock }) }: PaymentsDeps) {
  async function withTimeout(call: Promise<ProcessorAnswer>): Promise<ProcessorAnswer> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<ProcessorAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, ref: null, code: 'processor_error' }), timeoutMs)
    })
    try {
      return await Promise.race([call.catch((): ProcessorAnswer => ({ ok: false, ref: null, code: 'processor_error' })), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  async function byId(id: string) {
    if (!isUuid(id)) throw new DomainError('not_found', paymentMessages.notFound)
    const [row] = await db.select().from(payments).where(eq(payments.id, id))
    if (!row) throw new DomainError('not_found', paymentMessages.notFound)
    return row
  }

  async function record(paymentId: string, kind: 'authorize' | 'capture' | 'refund' | 'void', amountCents: number, answer: ProcessorAnswer) {
    await db.insert(paymentAttempts).values({
      paymentId,
      kind,
      amountCents,
      outcome: answer.ok ? 'succeeded' : answer.code === 'processor_error' ? 'failed' : 'declined',
      code: answer.ok ? null : answer.code,
      message: answer.ok ? null : declineMessage(answer.code),
      createdAt: clock(),
    })
  }

  /** The insert of payment_attempts rows (one statement, to run alone or as part of a caller's statement). */
  function attemptsInsert(attempts: { paymentId: string; kind: 'authorize' | 'capture'; amountCents: number; answer: ProcessorAnswer }[]): SQL {
    return sql`
      insert into payment_attempts (payment_id, kind, amount_cents, outcome, code, message, created_at)
      select a.payment_id, a.kind, a.amount, a.outcome, a.code, a.message, ${clock().toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(
        attempts.map((a) => ({
          payment_id: a.paymentId,
          kind: a.kind,
          amount: a.amountCents,
          outcome: a.answer.ok ? 'succeeded' : a.answer.code === 'processor_error' ? 'failed' : 'declined',
          code: a.answer.ok ? null : a.answer.code,
          message: a.answer.ok ? null : declineMessage(a.answer.code),
        })),
      )}::jsonb) as a(payment_id uuid, kind text, amount int, outcome text, code text, message text)`
  }

  /**
   * Settles a payment left pending (its request crashed or timed out, or a checkout batch handed it back before
   * writing its order) from what the processor knows. `whenUnknown: 'wait'` leaves a payment the processor has
   * not heard of pending (its request may still be on its way); otherwise that payment is declined.
   */
  async function settlePending(row: PaymentRow, { whenUnknown = 'decline' }: { whenUnknown?: 'decline' | 'wait' } = {}): Promise<PaymentRow> {
    if (row.status !== 'pending') return row
    const known = await processor.lookup(row.idempotencyKey).catch(() => undefined)
    if (known === undefined) return row // the processor is unreachable: leave it pending for the next try
    if (known === null && whenUnknown === 'wait') return row
    const status = known && (known.status === 'authorized' || known.status === 'captured') ? 'authorized' : 'declined'
    const [updated] = await db
      .update(payments)
      .set({
        status,
        providerRef: known?.ref ?? null,
        declineCode: status === 'declined' ? (known?.declineCode ?? 'interrupted') : null,
        updatedAt: clock(),
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
      .returning()
    return updated ?? (await byId(row.id))
  }

  /** What the processor is asked to charge: a typed card, or a saved card's token (its owner only: another account's card is 'not found'). */
  async function chargeSource(pay: { card?: ProcessorCard; savedCard?: { userId: number; paymentMethodId: string } }): Promise<ChargeSource> {
    if (pay.card) return { card: pay.card, brand: cardBrand(pay.card.number), last4: pay.card.number.slice(-4) }
    return paymentMethods.chargeSource(pay.savedCard!.userId, pay.savedCard!.paymentMethodId)
  }

  const service = {
    chargeSource,

    /**
     * Holds the amount on the card. The idempotency key makes it safe to retry: the same key returns the same
     * payment (never a second authorisation); the same key with another amount or card is refused (422).
     * A declined card returns status 'declined' with a message for the shopper.
     */
    async authorize(input: unknown): Promise<PaymentView> {
      const data = parseInput(authorizeInput, input)
      const source = await chargeSource(data)
      const last4 = source.last4
      const [created] = await db
        .insert(payments)
        .values({
          idempotencyKey: data.idempotencyKey,
          purpose: data.purpose,
          purposeId: data.purposeId ?? null,
          provider: processor.name,
          amountCents: data.amountCents,
          status: 'pending',
          cardBrand: source.brand,
          cardLast4: last4,
          createdAt: clock(),
          updatedAt: clock(),
        })
        .onConflictDoNothing({ target: payments.idempotencyKey })
        .returning()
      if (!created) {
        // A retry (or a parallel twin) of a request we have seen: answer what that one got.
        let [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, data.idempotencyKey))
        if (!existing || existing.amountCents !== data.amountCents || existing.cardLast4 !== last4 || existing.purpose !== data.purpose) {
          throw new DomainError('invalid_input', paymentMessages.keyReused, { fields: { idempotencyKey: [paymentMessages.keyReused] } })
        }
        // The processor's books first: a payment it has answered is settled at once (a checkout batch hands its
        // payments back pending when the one-by-one path is to place the order). One it has not heard of yet is
        // waited for, up to 5 s, while its own request finishes.
        existing = await settlePending(existing, { whenUnknown: 'wait' })
        for (let i = 0; existing.status === 'pending' && i < 50; i++) {
          await new Promise((r) => setTimeout(r, 100))
          existing = await settlePending(await byId(existing.id), { whenUnknown: 'wait' })
        }
        return view(await settlePending(existing))
      }

      const answer = await withTimeout(
        processor.authorize({ idempotencyKey: data.idempotencyKey, amountCents: data.amountCents, card: source.card }),
      )
      if (!answer.ok && answer.code === 'processor_error') {
        // The processor may or may not have it: ask it, rather than guess.
        await record(created.id, 'authorize', data.amountCents, answer)
        return view(await settlePending(created))
      }
      const [updated] = await db
        .update(payments)
        .set({
          status: answer.ok ? 'authorized' : 'declined',
          providerRef: answer.ref,
          declineCode: answer.ok ? null : answer.code,
          updatedAt: clock(),
        })
        .where(eq(payments.id, created.id))
        .returning()
      await record(created.id, 'authorize', data.amountCents, answer)
      return view(updated!)
    },

    /**
     * Group commit, step 1 (checkout, docs/decisions/025): one multi-row insert of 'pending' payments (the
     * durable intent, so a crash after the processor answered is settled by reconcile), then the processor is
     * asked for each. The answers are written by `authorizationWrites` in the caller's statement (with the
     * orders). Each card is a typed card or a saved card's token, resolved by `chargeSource` beforehand (so a
     * saved card that is not the buyer's fails that checkout alone). A request whose key was used before gets
     * `null`: the caller takes the one-by-one path.
     *
     * `done` (optional) folds the caller's own check into the same statement (one round trip): given the
     * requests' `doneKey`s as a text[] parameter, it selects (as column `k`) those already settled elsewhere
     * (the orders service: checkout keys that have an order). Those requests get no payment row, are not sent
     * to the processor, and come back as `'done'`.
     */
    async beginAuthorizations(
      requests: { idempotencyKey: string; amountCents: number; purpose: string; source: ChargeSource; doneKey?: string }[],
      done?: (keys: SQL) => SQL,
    ) {
      if (requests.length === 0) return []
      const now = clock().toISOString()
      const rows = JSON.stringify(requests.map((r) => ({ key: r.idempotencyKey, purpose: r.purpose, amount: r.amountCents, brand: r.source.brand, last4: r.source.last4, done_key: r.doneKey ?? null })))
      const insert = (skipDone: boolean) => sql`
        insert into payments (idempotency_key, purpose, provider, amount_cents, status, card_brand, card_last4, created_at, updated_at)
        select r.key, r.purpose, ${processor.name}, r.amount, 'pending', r.brand, r.last4, ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${rows}::jsonb) as r(key text, purpose text, amount int, brand text, last4 text, done_key text)
        ${skipDone ? sql`where r.done_key is null or not exists (select 1 from done where done.k = r.done_key)` : sql``}
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key`
      const doneKeys = requests.flatMap((r) => (r.doneKey ? [r.doneKey] : []))
      const inserted = await executeNamed<{ id: string | null; idempotency_key: string }>(
        db,
        done && doneKeys.length > 0
          ? sql`with done as (${done(sql`${sql.param(doneKeys)}::text[]`)}), begun as (${insert(true)})
              select id, idempotency_key from begun union all select null, k from done`
          : insert(false),
      )
      const doneSet = new Set(inserted.rows.flatMap((r) => (r.id === null ? [r.idempotency_key] : [])))
      const idOf = new Map(inserted.rows.flatMap((r) => (r.id === null ? [] : [[r.idempotency_key, r.id] as const])))
      return Promise.all(
        requests.map(async (r) => {
          if (r.doneKey && doneSet.has(r.doneKey)) return 'done' as const
          const id = idOf.get(r.idempotencyKey)
          if (!id) return null
          const answer = await withTimeout(processor.authorize({ idempotencyKey: r.idempotencyKey, amountCents: r.amountCents, card: r.source.card }))
          const view: PaymentView = {
            id,
            status: answer.ok ? 'authorized' : answer.code === 'processor_error' ? 'pending' : 'declined',
            amountCents: r.amountCents,
            capturedCents: 0,
            refundedCents: 0,
            cardBrand: r.source.brand,
            cardLast4: r.source.last4,
            declineMessage: answer.ok || answer.code === 'processor_error' ? null : declineMessage(answer.code),
            declineCode: answer.ok || answer.code === 'processor_error' ? null : answer.code,
          }
          return { view, answer }
        }),
      )
    },

    /**
     * Group commit, step 2: the statements that record what the processor answered for payments begun with
     * beginAuthorizations, for the caller to run in its transaction (as parts of one statement, with the
     * orders): every attempt, and the declines on their payments. An approved payment's row is not updated
     * here: it stays 'pending' until `captureMany` writes it once as 'captured' with the processor's reference
     * (each status change of a payment is a non-HOT update: a new row version and an entry in every index;
     * docs/decisions/025, h11). Until then the approval is on record in its attempt and at the processor, and
     * whatever reads the payment first settles it from the processor's books (`settlePending`: reconcile after
     * a crash, `void` for an order that sold out, `capture`, `authorize` with the same key). A processor error
     * leaves the payment pending too (reconcile asks the processor).
     */
    authorizationWrites(settled: { view: PaymentView; answer: ProcessorAnswer }[]): SQL[] {
      const declined = settled.filter((s) => !s.answer.ok && s.answer.code !== 'processor_error')
      const now = clock().toISOString()
      const writes: SQL[] = []
      if (declined.length > 0) {
        writes.push(sql`
          update payments p set status = 'declined', decline_code = s.code, updated_at = ${now}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(declined.map((s) => ({ id: s.view.id, code: s.answer.ok ? null : s.answer.code })))}::jsonb)
            as s(id uuid, code text)
          where p.id = s.id and p.status = 'pending' and p.id = any(${sql.param(declined.map((k) => k.view.id))}::uuid[])`)
      }
      if (settled.length > 0) writes.push(attemptsInsert(settled.map((s) => ({ paymentId: s.view.id, kind: 'authorize', amountCents: s.view.amountCents, answer: s.answer }))))
      return writes
    },

    /**
     * Group commit for charges: the processor is asked for each approved payment (begun with
     * beginAuthorizations, still 'pending' in the table, or 'authorized'), then one statement marks the charged
     * ones captured with their processor reference, records every attempt and runs `alsoWrite` (the orders mark
     * themselves paid in the same commit). Returns the ids that were charged; the others stay as they were (and
     * are settled from the processor's books when next read).
     */
    async captureMany(items: { paymentId: string; providerRef: string; amountCents: number }[], alsoWrite?: (capturedIds: string[]) => SQL | null): Promise<Set<string>> {
      if (items.length === 0) return new Set()
      const answers = await Promise.all(items.map((i) => withTimeout(processor.capture(i.providerRef, i.amountCents))))
      const captured = items.filter((_, k) => answers[k]!.ok)
      const now = clock().toISOString()
      // One statement (atomic on its own): the captures, every attempt, and the caller's write.
      const writes: SQL[] = [attemptsInsert(items.map((i, k) => ({ paymentId: i.paymentId, kind: 'capture', amountCents: i.amountCents, answer: answers[k]! })))]
      if (captured.length > 0) {
        writes.push(sql`
          update payments p set status = 'captured', captured_cents = c.amount, provider_ref = coalesce(p.provider_ref, c.ref), decline_code = null, updated_at = ${now}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(captured.map((c) => ({ id: c.paymentId, amount: c.amountCents, ref: c.providerRef })))}::jsonb) as c(id uuid, amount int, ref text)
          where p.id = c.id and p.status in ('pending', 'authorized') and p.id = any(${sql.param(captured.map((c) => c.paymentId))}::uuid[])`)
        const extra = alsoWrite?.(captured.map((c) => c.paymentId))
        if (extra) writes.push(extra)
      }
      // Not a named statement: its generic plan would find the payments through payments_unsettled_idx (its
      // predicate is this update's status test), which keeps an entry for every payment until vacuum; planned for
      // the ids at hand it looks them up by primary key (docs/decisions/025, h16).
      await db.execute(asOneStatement(writes))
      return new Set(captured.map((c) => c.paymentId))
    },

    /**
     * Charges an authorised payment (all of it unless a smaller amount is given). Capturing twice is harmless.
     * `alsoWrite` runs whenever the payment ends captured: in one transaction with its capture (an order marks
     * itself paid, so a crash cannot leave a charged payment whose order still says placed; docs/decisions/025,
     * h13), or on its own when it was captured already.
     */
    async capture(paymentId: string, amountCents?: number, alsoWrite?: SQL): Promise<PaymentView> {
      const row = await settlePending(await byId(paymentId))
      if (row.status === 'captured') {
        if (alsoWrite) await db.execute(alsoWrite)
        return view(row)
      }
      if (row.status !== 'authorized' || !row.providerRef) throw new DomainError('conflict', paymentMessages.notCapturable)
      const amount = amountCents ?? row.amountCents
      if (!Number.isInteger(amount) || amount < 1 || amount > row.amountCents) throw new DomainError('invalid_input', 'The amount to charge must be between 1 cent and what was authorized.')
      const answer = await withTimeout(processor.capture(row.providerRef, amount))
      await record(row.id, 'capture', amount, answer)
      if (!answer.ok) throw new DomainError('conflict', declineMessage(answer.code))
      const markCaptured = (q: Pick<Db, 'update'>) =>
        q
          .update(payments)
          .set({ status: 'captured', capturedCents: amount, updatedAt: clock() })
          .where(and(eq(payments.id, row.id), eq(payments.status, 'authorized')))
          .returning()
      const [updated] = alsoWrite
        ? await db.transaction(async (tx) => {
            const rows = await markCaptured(tx)
            await tx.execute(alsoWrite)
            return rows
          })
        : await markCaptured(db)
      return view(updated ?? (await byId(row.id)))
    },

    /**
     * Refunds `amountCents` once per idempotency key, however often it is asked: the first call reserves the
     * amount on the payment and records the key (one transaction); every call asks the processor with the key,
     * so a call after a crash or a timeout finishes the same refund (the processor refunds at most once).
     * 'pending': the processor's answer is not known yet (unreachable or timed out); ask again later with the
     * same key. A refusal gives the amount back and answers conflict; asked again, the same key stays refused.
     */
    async refundOnce(paymentId: string, amountCents: number, idempotencyKey: string): Promise<{ status: 'succeeded' | 'pending'; payment: PaymentView }> {
      const row = await byId(paymentId)
      if (!Number.isInteger(amountCents) || amountCents < 1 || !row.providerRef || !idempotencyKey) {
        throw new DomainError('invalid_input', paymentMessages.refundTooLarge, { fields: { amountCents: [paymentMessages.refundTooLarge] } })
      }
      const refund = await db.transaction(async (tx) => {
        const [fresh] = await tx.insert(paymentRefunds).values({ paymentId: row.id, idempotencyKey, amountCents, status: 'pending', createdAt: clock(), updatedAt: clock() }).onConflictDoNothing().returning()
        if (!fresh) {
          const [seen] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, idempotencyKey))
          return seen!
        }
        // Take the amount from what is refundable, under the payment row's lock, so two refunds cannot both pass.
        const [reserved] = await tx
          .update(payments)
          .set({
            refundedCents: sql`${payments.refundedCents} + ${amountCents}`,
            status: sql`case when ${payments.refundedCents} + ${amountCents} = ${payments.capturedCents} then 'refunded' else 'partially_refunded' end`,
            updatedAt: clock(),
          })
          .where(and(eq(payments.id, row.id), sql`${payments.refundedCents} + ${amountCents} <= ${payments.capturedCents}`))
          .returning({ id: payments.id })
        if (!reserved) throw new DomainError('invalid_input', paymentMessages.refundTooLarge, { fields: { amountCents: [paymentMessages.refundTooLarge] } })
        return fresh
      })
      if (refund.paymentId !== row.id || refund.amountCents !== amountCents) {
        throw new DomainError('invalid_input', paymentMessages.refundKeyReused, { fields: { idempotencyKey: [paymentMessages.refundKeyReused] } })
      }
      if (refund.status === 'succeeded') return { status: 'succeeded', payment: view(await byId(row.id)) }
      if (refund.status === 'failed') throw new DomainError('conflict', paymentMessages.refundRefused)

      const answer = await withTimeout(processor.refund(row.providerRef, amountCents, idempotencyKey))
      await record(row.id, 'refund', amountCents, answer)
      if (answer.ok) {
        await db.update(paymentRefunds).set({ status: 'succeeded', updatedAt: clock() }).where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')))
        return { status: 'succeeded', payment: view(await byId(row.id)) }
      }
      // No answer: the processor may or may not have refunded; the key finds out next time.
      if (answer.code === 'processor_error') return { status: 'pending', payment: view(await byId(row.id)) }
      // Refused: the amount goes back to what is refundable, once (only the call that marks the key failed gives it back).
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(paymentRefunds)
          .set({ status: 'failed', updatedAt: clock() })
          .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')))
          .returning({ id: paymentRefunds.id })
        if (!failed) return
        await tx
          .update(payments)
          .set({
            refundedCents: sql`${payments.refundedCents} - ${amountCents}`,
            status: sql`case when ${payments.refundedCents} - ${amountCents} = 0 then 'captured' else 'partially_refunded' end`,
            updatedAt: clock(),
          })
          .where(eq(payments.id, row.id))
      })
      throw new DomainError('conflict', paymentMessages.refundRefused)
    },

    /** Releases an authorisation that will not be charged (an order that failed, or an abandoned one). */
    async void(paymentId: string): Promise<PaymentView> {
      const row = await settlePending(await byId(paymentId))
      if (row.status === 'voided' || row.status === 'declined') return view(row)
      if (row.status !== 'authorized' || !row.providerRef) throw new DomainError('conflict', paymentMessages.notVoidable)
      const answer = await withTimeout(processor.void(row.providerRef))
      await record(row.id, 'void', row.amountCents, answer)
      if (!answer.ok) throw new DomainError('conflict', paymentMessages.notVoidable)
      const [updated] = await db.update(payments).set({ status: 'voided', updatedAt: clock() }).where(eq(payments.id, row.id)).returning()
      return view(updated!)
    },

    /** The payment made with this idempotency key, if any. */
    async byIdempotencyKey(key: string): Promise<PaymentView | null> {
      const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key))
      return row ? view(await settlePending(row)) : null
    },

    async get(paymentId: string): Promise<PaymentView> {
      return view(await byId(paymentId))
    },

    /** Every processor call for a payment, oldest first (staff and support). */
    async attempts(paymentId: string) {
      await byId(paymentId)
      return db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paymentId)).orderBy(paymentAttempts.id)
    },

    /**
     * After a crash: payments left pending for longer than `olderThanMs` are settled from the processor's
     * books. Returns how many were settled.
     */
    async reconcilePending(olderThanMs = 30_000): Promise<number> {
      const stale = await db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(clock().getTime() - olderThanMs))))
        .limit(500)
      let settled = 0
      for (const row of stale) if ((await settlePending(row)).status !== 'pending') settled++
      return settled
    },
  }
  return service
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
