import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { CardProcessor, ProcessorAnswer } from './card-processor'
import { testProcessorCharges } from './payments.schema'

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

/** A card processor's test mode, kept in our database so it behaves like a real one across restarts. */
export function createTestProcessor({ db }: { db: Db }): CardProcessor {
  const newRef = () => `ch_test_${randomBytes(12).toString('hex')}`
  return {
    name: 'test',

    async authorize({ idempotencyKey, amountCents, card }) {
      const declineCode = (TEST_CARDS[card.number] ?? { declineCode: 'test_mode_live_card' }).declineCode
      const [created] = await db
        .insert(testProcessorCharges)
        .values({ id: newRef(), idempotencyKey, amountCents, status: declineCode ? 'declined' : 'authorized', declineCode })
        .onConflictDoNothing({ target: testProcessorCharges.idempotencyKey })
        .returning()
      const charge = created ?? (await db.select().from(testProcessorCharges).where(eq(testProcessorCharges.idempotencyKey, idempotencyKey)))[0]!
      return charge.declineCode ? { ok: false, ref: charge.id, code: charge.declineCode } : { ok: true, ref: charge.id }
    },

    async capture(ref, amountCents): Promise<ProcessorAnswer> {
      const [row] = await db
        .update(testProcessorCharges)
        .set({ status: 'captured', capturedCents: amountCents })
        .where(and(eq(testProcessorCharges.id, ref), eq(testProcessorCharges.status, 'authorized'), sql`${testProcessorCharges.amountCents} >= ${amountCents}`))
        .returning()
      if (row) return { ok: true, ref }
      const [existing] = await db.select().from(testProcessorCharges).where(eq(testProcessorCharges.id, ref))
      if (existing?.status === 'captured' && existing.capturedCents === amountCents) return { ok: true, ref }
      return { ok: false, ref, code: 'capture_refused' }
    },

    async refund(ref, amountCents) {
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

    async lookup(idempotencyKey) {
      const [row] = await db.select().from(testProcessorCharges).where(eq(testProcessorCharges.idempotencyKey, idempotencyKey))
      return row ? { ref: row.id, status: row.status, declineCode: row.declineCode } : null
    },
  }
}
