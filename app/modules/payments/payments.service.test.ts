import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDb } from '~/db/client.server'
import { isDomainError } from '~/lib/errors'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import type { CardProcessor } from './card-processor'
import { paymentAttempts, payments, testProcessorCharges } from './payments.schema'
import { createPaymentsService, paymentMessages } from './payments.service.server'
import { cardBrand, cardInput, luhnValid } from './payments.validation'
import { createTestProcessor } from './test-processor.server'

let database: TestDatabase
let service: ReturnType<typeof createPaymentsService>
let n = 0
const key = () => `test-key-${++n}-${Date.now()}`
const nextYear = new Date().getUTCFullYear() + 1
const card = (number = '4242 4242 4242 4242') => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' })

async function codeOf(p: Promise<unknown>) {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return e.code
    throw e
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  service = createPaymentsService({ db: database.db, processor: createTestProcessor({ db: database.db }) })
})
afterAll(async () => {
  await database?.drop()
})

describe('card input', () => {
  test('numbers pass the Luhn check, brands are named, expired cards and bad security codes are refused with clear messages', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(cardBrand('4242424242424242')).toBe('Visa')
    expect(cardBrand('5555555555554444')).toBe('Mastercard')
    expect(cardBrand('378282246310005')).toBe('American Express')
    expect(cardInput.safeParse(card('4242-4242-4242-4242')).success).toBe(true)
    const wrong = cardInput.safeParse(card('4242 4242 4242 4241'))
    expect(wrong.success || wrong.error.issues[0]!.message).toBe('That card number is not right. Check it and try again.')
    const expired = cardInput.safeParse({ ...card(), expMonth: 1, expYear: 2020 })
    expect(expired.success || expired.error.issues[0]!.message).toBe('This card has expired. Use another card.')
    const cvc = cardInput.safeParse({ ...card(), cvc: '12a' })
    expect(cvc.success || cvc.error.issues[0]!.message).toBe('The security code is the 3 or 4 digits on the card.')
    expect(cardInput.safeParse({ ...card(), expYear: 27, expMonth: 12 }).data?.expYear).toBe(2027)
  })
})

describe('payments with the test processor', () => {
  test('4242 is authorised and captured; only the brand and last four digits are stored', async () => {
    const p = await service.authorize({ idempotencyKey: key(), amountCents: 4599, purpose: 'order', card: card() })
    expect(p).toMatchObject({ status: 'authorized', amountCents: 4599, cardBrand: 'Visa', cardLast4: '4242', declineMessage: null })
    const charged = await service.capture(p.id)
    expect(charged).toMatchObject({ status: 'captured', capturedCents: 4599 })
    expect((await service.capture(p.id)).capturedCents).toBe(4599)
    const [row] = await database.db.select().from(payments).where(eq(payments.id, p.id))
    expect(JSON.stringify(row)).not.toContain('4242424242424242')
    expect((await service.attempts(p.id)).map((a) => [a.kind, a.outcome])).toEqual([
      ['authorize', 'succeeded'],
      ['capture', 'succeeded'],
    ])
  })

  test("a write given with the capture commits with it (an order turns paid in the capture's commit), or not at all", async () => {
    const p = await service.authorize({ idempotencyKey: key(), amountCents: 2500, purpose: 'order', card: card() })
    // The caller's write fails: the capture's own write rolls back with it, the payment stays authorised.
    await expect(service.capture(p.id, undefined, sql`select 1 / 0`)).rejects.toThrow()
    expect((await service.get(p.id)).status).toBe('authorized')
    const marked = sql`update payments set decline_code = 'marker' where id = ${p.id}::uuid`
    expect(await service.capture(p.id, undefined, marked)).toMatchObject({ status: 'captured', capturedCents: 2500 })
    const [row] = await database.db.select().from(payments).where(eq(payments.id, p.id))
    expect(row).toMatchObject({ status: 'captured', declineCode: 'marker' })
    // Already captured: the write still runs (a caller that crashed between the two before is brought up to date).
    await database.db.update(payments).set({ declineCode: null }).where(eq(payments.id, p.id))
    expect((await service.capture(p.id, undefined, marked)).status).toBe('captured')
    expect((await database.db.select().from(payments).where(eq(payments.id, p.id)))[0]!.declineCode).toBe('marker')
  })

  test('0002 is declined and 9995 is declined for insufficient funds, with messages for the shopper; neither can be charged', async () => {
    const declined = await service.authorize({ idempotencyKey: key(), amountCents: 1000, purpose: 'order', card: card('4000 0000 0000 0002') })
    expect(declined).toMatchObject({ status: 'declined', declineMessage: 'Your card was declined. Try another card or contact your bank.' })
    const poor = await service.authorize({ idempotencyKey: key(), amountCents: 1000, purpose: 'order', card: card('4000000000009995') })
    expect(poor).toMatchObject({ status: 'declined', declineMessage: 'Your card has insufficient funds. Try another card.' })
    expect(await codeOf(service.capture(declined.id))).toBe('conflict')
    const live = await service.authorize({ idempotencyKey: key(), amountCents: 1000, purpose: 'order', card: card('4111 1111 1111 1111') })
    expect(live.declineMessage).toContain('test mode')
    expect((await service.attempts(poor.id))[0]).toMatchObject({ kind: 'authorize', outcome: 'declined', code: 'insufficient_funds' })
  })

  test('the same idempotency key returns the same payment; with another amount or card it is refused (422)', async () => {
    const k = key()
    const first = await service.authorize({ idempotencyKey: k, amountCents: 2500, purpose: 'order', card: card() })
    const again = await service.authorize({ idempotencyKey: k, amountCents: 2500, purpose: 'order', card: card() })
    expect(again.id).toBe(first.id)
    for (const other of [{ amountCents: 2600, card: card() }, { amountCents: 2500, card: card('5555 5555 5555 4444') }]) {
      const refused = await service.authorize({ idempotencyKey: k, purpose: 'order', ...other }).catch((e: unknown) => e)
      expect(isDomainError(refused) && [refused.code, refused.message]).toEqual(['invalid_input', paymentMessages.keyReused])
    }
    expect(await database.db.select().from(testProcessorCharges).where(eq(testProcessorCharges.idempotencyKey, k))).toHaveLength(1)
  })

  test('20 parallel requests with one key from two app processes make one payment and one authorisation', async () => {
    const k = key()
    const apps = [createDb(database.url, { max: 10 }), createDb(database.url, { max: 10 })]
    try {
      const services = apps.map(({ db }) => createPaymentsService({ db, processor: createTestProcessor({ db }) }))
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => services[i % 2]!.authorize({ idempotencyKey: k, amountCents: 9900, purpose: 'order', card: card() })),
      )
      expect(new Set(results.map((r) => r.id)).size).toBe(1)
      expect(results.every((r) => r.status === 'authorized')).toBe(true)
      expect(await database.db.select().from(testProcessorCharges).where(eq(testProcessorCharges.idempotencyKey, k))).toHaveLength(1)
      const [p] = await database.db.select().from(payments).where(eq(payments.idempotencyKey, k))
      expect(await database.db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, p!.id))).toHaveLength(1)
    } finally {
      await Promise.all(apps.map(({ pool }) => pool.end()))
    }
  })

  test('refunds: partial keeps the rest refundable, never more than was charged, even in parallel', async () => {
    const p = await service.authorize({ idempotencyKey: key(), amountCents: 10_000, purpose: 'order', card: card() })
    await service.capture(p.id)
    // Each ask its own key: separate refunds, which together never exceed what was charged.
    const refund = (amountCents: number) => service.refundOnce(p.id, amountCents, key())
    expect((await refund(2_500)).payment).toMatchObject({ status: 'partially_refunded', refundedCents: 2_500 })
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => codeOf(refund(5_000))))
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'invalid_input')).toHaveLength(4)
    expect(await service.get(p.id)).toMatchObject({ refundedCents: 7_500, status: 'partially_refunded' })
    expect((await refund(2_500)).payment).toMatchObject({ refundedCents: 10_000, status: 'refunded' })
    expect(await codeOf(refund(1))).toBe('invalid_input')
    const [charge] = await database.db.select().from(testProcessorCharges).where(eq(testProcessorCharges.amountCents, 10_000))
    expect(charge!.refundedCents).toBe(10_000)
  })

  test('refunds with a key: parallel and repeated asks refund once; no answer stays pending and the same key finishes it; a refusal stays refused; the key with another amount is refused', async () => {
    const processor = createTestProcessor({ db: database.db })
    const p = await service.authorize({ idempotencyKey: key(), amountCents: 8_000, purpose: 'order', card: card() })
    await service.capture(p.id)
    const refundKey = key()
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => service.refundOnce(p.id, 3_000, refundKey)))
    expect(outcomes.map((o) => o.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded'])
    expect(await service.refundOnce(p.id, 3_000, refundKey)).toMatchObject({ status: 'succeeded', payment: { refundedCents: 3_000 } })
    const chargeOf = async () => (await database.db.select().from(testProcessorCharges).where(eq(testProcessorCharges.id, (await database.db.select().from(payments).where(eq(payments.id, p.id)))[0]!.providerRef!)))[0]!
    expect((await chargeOf()).refundedCents).toBe(3_000)
    expect(await codeOf(service.refundOnce(p.id, 2_000, refundKey))).toBe('invalid_input')

    // The processor does not answer (it did refund): pending, the amount stays reserved; asked again, it finishes once.
    const silent = createPaymentsService({ db: database.db, processor: { ...processor, refund: async (ref: string, amount: number, k?: string) => (await processor.refund(ref, amount, k), new Promise<never>(() => undefined)) }, timeoutMs: 50 })
    const second = key()
    expect(await silent.refundOnce(p.id, 1_000, second)).toMatchObject({ status: 'pending', payment: { refundedCents: 4_000 } })
    expect(await service.refundOnce(p.id, 1_000, second)).toMatchObject({ status: 'succeeded', payment: { refundedCents: 4_000 } })
    expect((await chargeOf()).refundedCents).toBe(4_000)

    // A refusal gives the amount back once and stays refused under its key.
    const refusing = createPaymentsService({ db: database.db, processor: { ...processor, refund: async (ref: string) => ({ ok: false, ref, code: 'refund_refused' }) } })
    const third = key()
    expect(await codeOf(refusing.refundOnce(p.id, 500, third))).toBe('conflict')
    expect(await codeOf(service.refundOnce(p.id, 500, third))).toBe('conflict')
    expect(await service.get(p.id)).toMatchObject({ refundedCents: 4_000, status: 'partially_refunded' })
    expect(await codeOf(service.refundOnce(p.id, 4_001, key()))).toBe('invalid_input')
  })

  test('an authorisation can be released (voided) instead of charged; a charged payment cannot be voided', async () => {
    const p = await service.authorize({ idempotencyKey: key(), amountCents: 1234, purpose: 'order', card: card() })
    expect((await service.void(p.id)).status).toBe('voided')
    expect(await codeOf(service.capture(p.id))).toBe('conflict')
    const q = await service.authorize({ idempotencyKey: key(), amountCents: 1234, purpose: 'order', card: card() })
    await service.capture(q.id)
    expect(await codeOf(service.void(q.id))).toBe('conflict')
  })

  test('a processor that does not answer in time leaves no charge: the payment is settled from what the processor knows', async () => {
    const real = createTestProcessor({ db: database.db })
    // Authorises on its books, then hangs: the answer is lost on the way back.
    const lossy: CardProcessor = { ...real, authorize: async (r) => (await real.authorize(r), new Promise(() => undefined)) }
    const slow = createPaymentsService({ db: database.db, processor: lossy, timeoutMs: 50 })
    const p = await slow.authorize({ idempotencyKey: key(), amountCents: 777, purpose: 'order', card: card() })
    expect(p.status).toBe('authorized')
    // A processor that never got the request: the payment is declined as interrupted, never charged.
    const silent: CardProcessor = { ...real, authorize: () => new Promise(() => undefined) }
    const lost = await createPaymentsService({ db: database.db, processor: silent, timeoutMs: 50 }).authorize({ idempotencyKey: key(), amountCents: 778, purpose: 'order', card: card() })
    expect(lost).toMatchObject({ status: 'declined', declineMessage: 'The payment was interrupted before your card was charged. Please try again.' })
  })

  test('reconcile settles payments a crash left pending', async () => {
    const k = key()
    await database.db.insert(payments).values({
      idempotencyKey: k,
      purpose: 'order',
      provider: 'test',
      amountCents: 500,
      status: 'pending',
      cardBrand: 'Visa',
      cardLast4: '4242',
      createdAt: new Date(Date.now() - 60_000),
    })
    await createTestProcessor({ db: database.db }).authorize({ idempotencyKey: k, amountCents: 500, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } })
    expect(await service.reconcilePending()).toBeGreaterThanOrEqual(1)
    expect((await service.byIdempotencyKey(k))?.status).toBe('authorized')
  })

  test('bad input gets clear messages: no card, tiny or huge amounts, short keys', async () => {
    const bad = await service.authorize({ idempotencyKey: 'x', amountCents: 0, purpose: 'order', card: { number: 'abc' } }).catch((e: unknown) => e)
    expect(isDomainError(bad) && bad.code).toBe('invalid_input')
    expect(isDomainError(bad) && Object.keys(bad.fields ?? {})).toEqual(expect.arrayContaining(['idempotencyKey', 'amountCents', 'card.number']))
    expect(await codeOf(service.get('not-a-uuid'))).toBe('not_found')
  })
})
