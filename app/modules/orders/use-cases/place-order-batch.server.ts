/**
 * Use case: placing shop orders through the group commit (docs/decisions/025): the batch queue, one batch's
 * payments, its orders written in one statement, and one capture commit. The one-by-one path
 * (place-order.server.ts) hands checkouts here and takes back whatever a batch cannot place.
 */
import { type SQL, sql } from 'drizzle-orm'
import { executeNamed } from '~/db/named-statement.server'
import { DomainError } from '~/lib/errors'
import { guestTokenHash } from '../../cart/cart.service.server'
import { asOneStatement, type ChargeSource, type PaymentView } from '../../payments/payments.service.server'
import { optionWords, type OrdersContext } from '../orders-context.server'
import type { BatchTimings, OrderView, OrderViewer } from '../orders.types'
import { orderMessages } from '../orders.validation'
import type { Placeable, Priced } from './price-order.server'
import { placedView } from './view-order.server'

/** What the stock rows must give for an order: per (product, option), in (product, option) order. */
function needsOf(p: Priced) {
  const needs = new Map<string, { productId: number; optionKey: string; quantity: number; title: string }>()
  for (const l of p.lines) {
    const k = `${l.productId}\u0000${l.optionKey}`
    const title = optionWords(l.options) ? `${l.title} (${optionWords(l.options)})` : l.title
    const had = needs.get(k)
    needs.set(k, { productId: l.productId, optionKey: l.optionKey, quantity: (had?.quantity ?? 0) + l.quantity, title })
  }
  return [...needs.values()]
}

// Group commit (docs/decisions/025). Checkouts that arrive while `maxBatchesInFlight` batches are being
// written, or while the latest batch is in its first phase, wait here; the next batch takes them all (≤ maxBatchSize): one insert of their pending payments, the processor
// asked for each, then ONE transaction writes the processor's answers, every order with its lines and
// shipments, takes the stock (hot rows locked once, for the last few statements only) and empties the carts;
// then one commit records the charges and marks the orders paid. Anything unusual (a key or payment seen
// before, stock rows not set up yet, a failed batch) goes back to the one-by-one path, which handles it.
type Job = {
  viewer: OrderViewer
  key: string
  fingerprint: string
  email: string
  name: string
  priced: Placeable
  /** A scoped checkout: only these cart lines leave the cart (null: the whole cart). */
  cartLineIds: number[] | null
  paymentKey: string
  /** The typed card, or the buyer's saved card's token (docs/decisions/026). */
  source: ChargeSource
  /** performance.now() when place() was called, and when the checkout joined the queue. */
  startedAt: number
  queuedAt: number
  resolve: (r: BatchResult) => void
  reject: (e: unknown) => void
}
/** placed; one_by_one: take the one-by-one path; replay: the key already has an order (no payment was begun). */
type BatchResult = { kind: 'placed'; order: OrderView } | { kind: 'one_by_one' } | { kind: 'replay' }

/** The group commit's state, one per service (kept in its context): the queue and the batches being written. */
export type BatchQueue = {
  queue: Job[]
  inFlight: number
  // Batches start staggered (docs/decisions/025, h12): the next batch starts once the one before it has begun
  // its payments and heard from the processor (its first phase), not as soon as a slot is free. Otherwise the
  // batches in flight drift into step (they start together, so they finish together), and a checkout that
  // arrives just after they started waits for a whole batch in the queue before its own batch even begins.
  firstPhase: Promise<void> | null
}

// The batch's keys that have an order already (retries): read in the statement that begins the batch's
// payments (one round trip), so a retry is answered from its order with nothing authorised.
const placedKeys = (keys: SQL) => sql`select idempotency_key as k from orders where idempotency_key = any(${keys})`

/** Queues a checkout for the next batch; answers once its batch has placed it (or sent it back). */
export function submit(ctx: OrdersContext, job: Omit<Job, 'resolve' | 'reject' | 'queuedAt'>) {
  const { batches, maxBatchesInFlight } = ctx
  return new Promise<BatchResult>((resolve, reject) => {
    batches.queue.push({ ...job, queuedAt: performance.now(), resolve, reject })
    if (batches.inFlight < maxBatchesInFlight) void pump(ctx)
  })
}

async function pump(ctx: OrdersContext) {
  const { batches, maxBatchSize, staggerBatches, logger } = ctx
  batches.inFlight++
  try {
    for (;;) {
      while (batches.firstPhase) await batches.firstPhase
      if (batches.queue.length === 0) break
      const batch = batches.queue.splice(0, maxBatchSize)
      let open!: () => void
      const gate = new Promise<void>((resolve) => (open = resolve))
      if (staggerBatches) batches.firstPhase = gate
      const next = () => {
        if (batches.firstPhase === gate) batches.firstPhase = null
        open()
      }
      try {
        await writeBatch(ctx, batch, next)
      } catch (error) {
        // Nothing of this batch committed: each checkout goes the one-by-one way (its authorisation is reused).
        logger?.warn({ err: error, orders: batch.length }, 'a checkout batch failed; placing its orders one by one')
        for (const job of batch) job.resolve({ kind: 'one_by_one' })
      } finally {
        next()
      }
    }
  } finally {
    batches.inFlight--
  }
}

type LiveEntry = { job: Job; payment: PaymentView; ref: string }

/**
 * The batch's orders in ONE statement, its own transaction (one round trip): the processor's answers (the
 * payments service's writes, as data-modifying CTEs), then checkout_batch() (drizzle/0017): every order with
 * its lines and boxes, then the hot stock rows locked in (product, option) order, handed out in arrival order
 * while enough is left, taken; the orders that do not fit deleted again and the accepted orders' carts emptied.
 */
async function writeOrders(ctx: OrdersContext, live: LiveEntry[], authorizationWrites: SQL[]) {
  const { db, clock } = ctx
  const accepted: LiveEntry[] = []
  const soldOut: { entry: LiveEntry; title: string }[] = []
  const retry: LiveEntry[] = []
  const rows = new Map<string, { id: string; created_at: string }>()
  if (live.length === 0) {
    if (authorizationWrites.length > 0) await db.execute(asOneStatement(authorizationWrites))
    return { accepted, soldOut, retry, rows }
  }
  const needs = new Map(live.map((e) => [e.job.key, needsOf(e.job.priced)]))
  const lines = live.flatMap(({ job }) =>
    job.priced.lines.map((l) => ({
      pos: 0,
      key: job.key,
      product_id: l.productId,
      title: l.title,
      options: l.options,
      option_key: l.optionKey,
      quantity: l.quantity,
      unit: l.unitPriceCents,
      total: l.lineTotalCents,
      discount: l.discountCents,
      warehouse_id: l.warehouseId,
    })),
  )
  lines.forEach((l, i) => (l.pos = i)) // lines keep the cart's order (their ids are the order page's order)
  const batch = {
    now: clock().toISOString(),
    orders: live.map(({ job, payment }) => ({
      key: job.key,
      user_id: job.viewer.userId ?? null,
      email: job.email,
      buyer_name: job.name,
      fingerprint: job.fingerprint,
      address: job.priced.address,
      tax_state: job.priced.address.state,
      subtotal: job.priced.subtotalCents,
      shipping: job.priced.shippingCents,
      discount: job.priced.discountCents,
      tax: job.priced.taxCents,
      total: job.priced.totalCents,
      payment_id: payment.id,
      needs: needs.get(job.key)!.map((w) => ({ product_id: w.productId, option_key: w.optionKey, quantity: w.quantity })),
      // A scoped checkout takes only its own lines out of the cart; otherwise the whole cart empties.
      clear:
        job.cartLineIds !== null
          ? { line_ids: job.cartLineIds }
          : job.viewer.userId
            ? { user_id: job.viewer.userId }
            : job.viewer.guestToken
              ? { guest_hash: guestTokenHash(job.viewer.guestToken) }
              : {},
    })),
    lines,
    sites: live.flatMap(({ job }) => [...new Set(job.priced.lines.map((l) => l.warehouseId))].map((w) => ({ key: job.key, warehouse_id: w }))),
  }
  // The payments' CTEs are not read by the select, so PostgreSQL runs them after it (in the same statement and commit).
  // A named statement (parsed and planned once per connection; docs/decisions/025, h16) when it only inserts the
  // attempts: a batch with declines also updates payments by status, whose generic plan would go through
  // payments_unsettled_idx, so that rarer statement is planned for its own ids each time.
  type Outcome = { r_key: string; r_outcome: 'accepted' | 'sold_out' | 'missing_stock' | 'taken'; r_order_id: string | null; r_created_at: string | null; r_product_id: number | null; r_option_key: string | null }
  const statement = asOneStatement(authorizationWrites, sql`select * from checkout_batch(${JSON.stringify(batch)}::jsonb)`)
  const outcome = authorizationWrites.length <= 1 ? await executeNamed<Outcome>(db, statement) : await db.execute<Outcome>(statement)
  const byKey = new Map(live.map((e) => [e.job.key, e]))
  for (const r of outcome.rows) {
    const entry = byKey.get(r.r_key)!
    if (r.r_outcome === 'accepted') {
      accepted.push(entry)
      rows.set(r.r_key, { id: r.r_order_id!, created_at: r.r_created_at! })
    } else if (r.r_outcome === 'sold_out') {
      const short = needs.get(r.r_key)!.find((w) => w.productId === Number(r.r_product_id) && w.optionKey === r.r_option_key)
      soldOut.push({ entry, title: short?.title ?? entry.job.priced.lines[0]!.title })
    } else {
      // taken: another process placed this key a moment ago (with another cart or card); missing_stock: a
      // product's stock rows are not set up yet. Nothing of theirs was kept: the one-by-one path handles both.
      retry.push(entry)
    }
  }
  return { accepted, soldOut, retry, rows }
}

/** Writes one batch; `firstPhaseDone` is called once its payments are begun and the processor has answered. */
async function writeBatch(ctx: OrdersContext, all: Job[], firstPhaseDone: () => void) {
  const { paymentsService, clock, logger, observeBatch, batches } = ctx
  const t0 = performance.now()
  const timings: BatchTimings | undefined = observeBatch
    ? { size: all.length, startedAt: t0, queueWaitMs: all.map((j) => t0 - j.queuedAt), beforeQueueMs: all.map((j) => j.queuedAt - j.startedAt), inFlight: batches.inFlight, authorizeMs: 0, transactionMs: 0, captureMs: 0, totalMs: 0 }
    : undefined
  // The batch's pending payments and, in the same statement, which of its keys have an order already: a
  // retry of a placed checkout gets no payment and is answered from its order (placeOnce replays it).
  const begun = await paymentsService.beginAuthorizations(
    all.map((j) => ({ idempotencyKey: j.paymentKey, amountCents: j.priced.totalCents, purpose: 'order', source: j.source, doneKey: j.key })),
    placedKeys,
  )
  const t1 = performance.now()
  firstPhaseDone()
  const settled: Exclude<(typeof begun)[number], null | 'done'>[] = []
  const live: LiveEntry[] = []
  const after: (() => void)[] = []
  all.forEach((job, i) => {
    const b = begun[i]
    if (b === 'done') return job.resolve({ kind: 'replay' })
    if (!b) return after.push(() => job.resolve({ kind: 'one_by_one' })) // this payment key was used before
    settled.push(b)
    if (b.answer.ok) live.push({ job, payment: b.view, ref: b.answer.ref })
    else if (b.view.status === 'pending') after.push(() => job.reject(new DomainError('conflict', orderMessages.paymentUnconfirmed)))
    else {
      const message = b.view.declineMessage ?? orderMessages.paymentUnconfirmed
      after.push(() => job.reject(new DomainError('invalid_input', message, { fields: { card: [message] } })))
    }
  })
  if (settled.length === 0 && after.length === 0) return

  const t2 = performance.now()
  const result = await writeOrders(ctx, live, paymentsService.authorizationWrites(settled))
  const t3 = performance.now()
  for (const f of after) f()
  for (const e of result.retry) e.job.resolve({ kind: 'one_by_one' })

  // Sold out: nothing was written for them; their authorisations are released before they are told.
  await Promise.all(
    result.soldOut.map(async ({ entry, title }) => {
      await paymentsService.void(entry.payment.id).catch((err: unknown) => logger?.warn({ err, paymentId: entry.payment.id }, 'releasing a sold-out checkout authorisation failed; reconcile() will'))
      entry.job.reject(new DomainError('conflict', orderMessages.soldOut(title)))
    }),
  )
  if (result.accepted.length === 0) return
  let charged = new Set<string>()
  try {
    charged = await paymentsService.captureMany(
      result.accepted.map((e) => ({ paymentId: e.payment.id, providerRef: e.ref, amountCents: e.job.priced.totalCents })),
      (ids) => sql`update orders set status = 'paid', updated_at = ${clock().toISOString()}::timestamptz where status = 'placed' and payment_id = any(${sql.param(ids)}::uuid[])`,
    )
  } catch (error) {
    logger?.warn({ err: error, orders: result.accepted.length }, 'capturing a batch of order payments failed; reconcile() will retry')
  }
  if (timings) {
    const t4 = performance.now()
    Object.assign(timings, { authorizeMs: t1 - t0, transactionMs: t3 - t2, captureMs: t4 - t3, totalMs: t4 - t0 })
    observeBatch!(timings)
  }
  for (const e of result.accepted) {
    const row = result.rows.get(e.job.key)!
    const status = charged.has(e.payment.id) ? ('paid' as const) : ('placed' as const)
    e.job.resolve({ kind: 'placed', order: placedView({ id: row.id, status, email: e.job.email, createdAt: new Date(row.created_at), buyerName: e.job.name, giftMessage: '' }, e.job.priced, e.payment) })
  }
}
