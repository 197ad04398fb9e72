import { randomBytes } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { executeNamed } from '~/db/named-statement.server'
import { type CardProcessor, isSavedCard, type ProcessorAnswer, type ProcessorCard, type ProcessorSavedCard } from './card-processor'
import { testProcessorPaymentMethods } from './payment-methods.schema'
import { testProcessorCharges, testProcessorRefunds } from './payments.schema'
import { cardBrand } from './payments.validation'

/**
 * The test cards, as card processors' test modes document them: 4242… succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 9995 is declined for insufficient funds; a few other brands' test numbers succeed.
 * Any other number is refused: in test mode no real card is ever charged.
 */
const TEST_CARDS: Record<string, { declineCode: string | null }> = {
  '4242424242424242': { declineCode: null },
  '4000056655665556': { declineCode: null },
  '5555555555554444': { declineCode: null },
  '2223003122003222': { declineCode: null },
  '378282246310005': { declineCode: null },
  '6011111111111117': { declineCode: null },
  '4000000000000002': { declineCode: 'card_declined' },
  '4000000000009995': { declineCode: 'insufficient_funds' },
}

/**
 * Calls made in the same turn of the event loop are written together (one statement, one commit), as a real
 * processor's servers would absorb many checkouts at once; each caller still gets its own answer.
 */
function coalesced<T, R>(flush: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = []
  const run = () => {
    const batch = waiting
    waiting = []
    flush(batch.map((w) => w.item)).then(
      (results) => batch.forEach((w, i) => w.resolve(results[i]!)),
      (error: unknown) => batch.forEach((w) => w.reject(error)),
    )
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(run)
      waiting.push({ item, resolve, reject })
    })
}

/** A card processor's test mode, kept in our database so it behaves like a real one across restarts. */
export function createTestProcessor({ db }: { db: Db }): CardProcessor {
  // References drawn 32 at a time (one system call, not one per charge); 12 random bytes each, as before.
  let refBytes = Buffer.alloc(0)
  let refAt = 0
  const newRef = () => {
    if (refAt >= refBytes.length) {
      refBytes = randomBytes(12 * 32)
      refAt = 0
    }
    refAt += 12
    return `ch_test_${refBytes.toString('hex', refAt - 12, refAt)}`
  }

  const authorizeMany = coalesced(async (requests: { idempotencyKey: string; amountCents: number; card: ProcessorCard | ProcessorSavedCard }[]): Promise<ProcessorAnswer[]> => {
    // Saved cards answer what their test card answers; a token of another customer, or detached, is refused.
    const tokens = requests.flatMap((r) => (isSavedCard(r.card) ? [r.card.token] : []))
    const vault = new Map<string, { customer: string; declineCode: string | null; detachedAt: Date | null }>()
    if (tokens.length > 0) for (const m of await db.select().from(testProcessorPaymentMethods).where(inArray(testProcessorPaymentMethods.id, [...new Set(tokens)]))) vault.set(m.id, m)
    const rows = requests.map((r) => {
      const card = r.card
      let declineCode: string | null
      if (isSavedCard(card)) {
        const saved = vault.get(card.token)
        declineCode = saved && saved.customer === card.customer && !saved.detachedAt ? saved.declineCode : 'token_unusable'
      } else declineCode = (TEST_CARDS[card.number] ?? { declineCode: 'test_mode_live_card' }).declineCode
      return { id: newRef(), idempotencyKey: r.idempotencyKey, amountCents: r.amountCents, status: declineCode ? ('declined' as const) : ('authorized' as const), declineCode }
    })
    // One statement from a JSON parameter (no query builder per row); only what the answers need comes back.
    const created = await executeNamed<{ id: string; idempotency_key: string; decline_code: string | null }>(db, sql`
      insert into test_processor_charges (id, idempotency_key, amount_cents, status, decline_code)
      select r.id, r.key, r.amount, r.status, r.code
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, key: r.idempotencyKey, amount: r.amountCents, status: r.status, code: r.declineCode })))}::jsonb)
        as r(id text, key text, amount int, status text, code text)
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key, decline_code`)
    const byKey = new Map<string, { id: string; declineCode: string | null }>(created.rows.map((c) => [c.idempotency_key, { id: c.id, declineCode: c.decline_code }]))
    // A key asked before (a retry) answers what it first got, from the books.
    const seen = [...new Set(requests.map((r) => r.idempotencyKey).filter((k) => !byKey.has(k)))]
    if (seen.length > 0) for (const c of await db.select().from(testProcessorCharges).where(inArray(testProcessorCharges.idempotencyKey, seen))) byKey.set(c.idempotencyKey, c)
    return requests.map((r) => {
      const charge = byKey.get(r.idempotencyKey)!
      return charge.declineCode ? { ok: false, ref: charge.id, code: charge.declineCode } : { ok: true, ref: charge.id }
    })
  })

  const captureMany = coalesced(async (requests: { ref: string; amountCents: number }[]): Promise<ProcessorAnswer[]> => {
    const updated = await executeNamed<{ id: string; status: 'captured'; captured_cents: number }>(db, sql`
      update test_processor_charges t set status = 'captured', captured_cents = r.amount
      from jsonb_to_recordset(${JSON.stringify(requests.map((r) => ({ ref: r.ref, amount: r.amountCents })))}::jsonb) as r(ref text, amount int)
      where t.id = r.ref and t.status = 'authorized' and t.amount_cents >= r.amount and t.id = any(${sql.param(requests.map((r) => r.ref))}::text[])
      returning t.id, t.status, t.captured_cents`)
    const rows = updated.rows.map((r) => ({ id: r.id, status: r.status as string, capturedCents: Number(r.captured_cents) }))
    // Captured before (a retry) or refused: from the books.
    const others = [...new Set(requests.map((r) => r.ref).filter((ref) => !rows.some((x) => x.id === ref)))]
    if (others.length > 0) rows.push(...(await db.select().from(testProcessorCharges).where(inArray(testProcessorCharges.id, others))))
    const byRef = new Map(rows.map((c) => [c.id, c]))
    return requests.map(({ ref, amountCents }) => {
      const row = byRef.get(ref)
      return row?.status === 'captured' && row.capturedCents === amountCents ? { ok: true, ref } : { ok: false, ref, code: 'capture_refused' }
    })
  })

  return {
    name: 'test',

    async authorize({ idempotencyKey, amountCents, card }) {
      return authorizeMany({ idempotencyKey, amountCents, card })
    },

    async capture(ref, amountCents): Promise<ProcessorAnswer> {
      return captureMany({ ref, amountCents })
    },

    async refund(ref, amountCents, idempotencyKey) {
      if (idempotencyKey) {
        // The key's record and the charge's refunded amount change together: a repeat finds the record and refunds nothing.
        return db.transaction(async (tx) => {
          const [fresh] = await tx.insert(testProcessorRefunds).values({ idempotencyKey, chargeId: ref, amountCents }).onConflictDoNothing().returning()
          if (!fresh) {
            const [seen] = await tx.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.idempotencyKey, idempotencyKey))
            return seen && seen.chargeId === ref && seen.amountCents === amountCents ? { ok: true as const, ref } : { ok: false as const, ref, code: 'refund_refused' }
          }
          const [row] = await tx
            .update(testProcessorCharges)
            .set({ refundedCents: sql`${testProcessorCharges.refundedCents} + ${amountCents}` })
            .where(and(eq(testProcessorCharges.id, ref), eq(testProcessorCharges.status, 'captured'), sql`${testProcessorCharges.refundedCents} + ${amountCents} <= ${testProcessorCharges.capturedCents}`))
            .returning()
          if (row) return { ok: true as const, ref }
          // Refused: nothing is kept under the key.
          await tx.delete(testProcessorRefunds).where(eq(testProcessorRefunds.idempotencyKey, idempotencyKey))
          return { ok: false as const, ref, code: 'refund_refused' }
        })
      }
      const [row] = await db
        .update(testProcessorCharges)
        .set({ refundedCents: sql`${testProcessorCharges.refundedCents} + ${amountCents}` })
        .where(and(eq(testProcessorCharges.id, ref), eq(testProcessorCharges.status, 'captured'), sql`${testProcessorCharges.refundedCents} + ${amountCents} <= ${testProcessorCharges.capturedCents}`))
        .returning()
      return row ? { ok: true, ref } : { ok: false, ref, code: 'refund_refused' }
    },

    async void(ref) {
      const [row] = await db
        .update(testProcessorCharges)
        .set({ status: 'voided' })
        .where(and(eq(testProcessorCharges.id, ref), sql`${testProcessorCharges.status} in ('authorized', 'voided')`))
        .returning()
      return row ? { ok: true, ref } : { ok: false, ref, code: 'void_refused' }
    },

    async tokenize({ card, customer }) {
      // In test mode only test cards can be saved, as a real processor's test mode refuses real numbers.
      const known = TEST_CARDS[card.number]
      if (!known) return { ok: false, code: 'test_mode_live_card' }
      const [row] = await db
        .insert(testProcessorPaymentMethods)
        .values({ id: `pm_test_${randomBytes(12).toString('hex')}`, customer, brand: cardBrand(card.number), last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear, declineCode: known.declineCode })
        .returning()
      return { ok: true, token: row!.id, brand: row!.brand, last4: row!.last4, expMonth: row!.expMonth, expYear: row!.expYear }
    },

    async detach(token, customer) {
      await db
        .update(testProcessorPaymentMethods)
        .set({ detachedAt: sql`coalesce(${testProcessorPaymentMethods.detachedAt}, now())` })
        .where(and(eq(testProcessorPaymentMethods.id, token), eq(testProcessorPaymentMethods.customer, customer)))
    },

    async lookup(idempotencyKey) {
      const [row] = await db.select().from(testProcessorCharges).where(eq(testProcessorCharges.idempotencyKey, idempotencyKey))
      return row ? { ref: row.id, status: row.status, declineCode: row.declineCode } : null
    },
  }
}
