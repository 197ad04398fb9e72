import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import { isUuid } from '~/lib/uuid'
import { type CardProcessor, declineMessage, type ProcessorSavedCard } from './card-processor'
import { type SavedPaymentMethodRow, savedPaymentMethods } from './payment-methods.schema'
import { isExpired, type PaymentMethodView, paymentMethodMessages as m } from './payment-methods.validation'
import { cardInput } from './payments.validation'

export type PaymentMethodsDeps = { db: Db; processor: CardProcessor; clock?: () => Date }

/** The processor's customer for a Nestlist account: a saved card is only chargeable for the account that saved it. */
export const customerRef = (userId: number) => `nestlist_user_${userId}`

const pgCode = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code

/**
 * Saved cards (docs/decisions/026): the processor keeps the card and answers a token; we keep the token, the
 * brand, last four and expiry, for the account that saved it. Every read and change is by owner: another
 * account's card is 'not found'.
 */
export function createPaymentMethodsService({ db, processor, clock = () => new Date() }: PaymentMethodsDeps) {
  const view = (row: SavedPaymentMethodRow): PaymentMethodView => ({
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    expired: isExpired(row, clock()),
    createdAt: row.createdAt.toISOString(),
  })

  async function owned(userId: number, id: string): Promise<SavedPaymentMethodRow> {
    if (!isUuid(id)) throw new DomainError('not_found', m.notFound)
    const [row] = await db.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
    if (!row) throw new DomainError('not_found', m.notFound)
    return row
  }

  /** Makes the newest card that can still pay the default when the shopper has none (first card, default removed). */
  async function ensureDefault(userId: number) {
    try {
      await db.execute(sql`
        update saved_payment_methods set is_default = true, updated_at = ${clock().toISOString()}::timestamptz
        where id = (select id from saved_payment_methods where user_id = ${userId}
                    order by (exp_year * 12 + exp_month) >= ${clock().getUTCFullYear() * 12 + clock().getUTCMonth() + 1} desc, created_at desc limit 1)
          and not exists (select 1 from saved_payment_methods where user_id = ${userId} and is_default)`)
    } catch (error) {
      // Another request made one the default at the same moment: that is all this wanted.
      if (pgCode(error) !== '23505') throw error
    }
  }

  const service = {
    /** The shopper's saved cards: the default first, then the newest. */
    async list(userId: number): Promise<PaymentMethodView[]> {
      const rows = await db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.userId, userId))
        .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.createdAt))
      return rows.map(view)
    },

    async get(userId: number, id: string): Promise<PaymentMethodView> {
      return view(await owned(userId, id))
    },

    /**
     * Saves a card: the processor checks and keeps it, we keep its token. The same card (brand, last four,
     * expiry) saved again answers the saved one (`created: false`). The first card becomes the default.
     */
    async save(userId: number, input: unknown, options: { makeDefault?: boolean } = {}): Promise<{ method: PaymentMethodView; created: boolean }> {
      const card = parseInput(cardInput, input)
      const answer = await processor.tokenize({ card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc }, customer: customerRef(userId) })
      if (!answer.ok) {
        const message = declineMessage(answer.code)
        throw new DomainError('invalid_input', message, { fields: { number: [message] } })
      }
      const now = clock()
      const [created] = await db
        .insert(savedPaymentMethods)
        .values({ userId, provider: processor.name, token: answer.token, brand: answer.brand, last4: answer.last4, expMonth: answer.expMonth, expYear: answer.expYear, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [savedPaymentMethods.userId, savedPaymentMethods.brand, savedPaymentMethods.last4, savedPaymentMethods.expMonth, savedPaymentMethods.expYear] })
        .returning()
      let row = created
      if (!row) {
        // Already saved: the processor's new copy is not needed.
        await processor.detach(answer.token, customerRef(userId))
        ;[row] = await db
          .select()
          .from(savedPaymentMethods)
          .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.brand, answer.brand), eq(savedPaymentMethods.last4, answer.last4), eq(savedPaymentMethods.expMonth, answer.expMonth), eq(savedPaymentMethods.expYear, answer.expYear)))
        if (!row) throw new DomainError('conflict', m.couldNotSave)
      }
      if (options.makeDefault) await service.makeDefault(userId, row.id)
      else await ensureDefault(userId)
      return { method: await service.get(userId, row.id), created: !!created }
    },

    /** Makes one of the shopper's cards the default (an expired card cannot be). */
    async makeDefault(userId: number, id: string): Promise<PaymentMethodView> {
      const row = await owned(userId, id)
      if (isExpired(row, clock())) throw new DomainError('invalid_input', m.expired, { fields: { paymentMethodId: [m.expired] } })
      if (row.isDefault) return view(row)
      const now = clock()
      await db.transaction(async (tx) => {
        await tx.update(savedPaymentMethods).set({ isDefault: false, updatedAt: now }).where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isDefault, true)))
        await tx.update(savedPaymentMethods).set({ isDefault: true, updatedAt: now }).where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
      })
      return service.get(userId, id)
    },

    /** Removes a card: the processor forgets it, so its token can never be charged again. */
    async remove(userId: number, id: string): Promise<void> {
      const row = await owned(userId, id)
      const [deleted] = await db.delete(savedPaymentMethods).where(and(eq(savedPaymentMethods.id, row.id), eq(savedPaymentMethods.userId, userId))).returning()
      if (!deleted) throw new DomainError('not_found', m.notFound)
      await processor.detach(deleted.token, customerRef(userId))
      if (deleted.isDefault) await ensureDefault(userId)
    },

    /**
     * What the payments service charges for a saved card: its token, for its owner only (another account's card,
     * or one removed, is 'not found'); an expired card is refused before the processor is asked.
     */
    async chargeSource(userId: number, id: string): Promise<{ card: ProcessorSavedCard; brand: string; last4: string }> {
      let row: SavedPaymentMethodRow
      try {
        row = await owned(userId, id)
      } catch (error) {
        throw new DomainError('not_found', m.notFound, { fields: { paymentMethodId: [m.notFound] }, cause: error })
      }
      if (isExpired(row, clock())) throw new DomainError('invalid_input', m.expired, { fields: { paymentMethodId: [m.expired] } })
      return { card: { token: row.token, customer: customerRef(userId) }, brand: row.brand, last4: row.last4 }
    },
  }
  return service
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>
