/**
 * Use case: placing an order (idempotent by its checkout key): priced, tenders planned, the card authorised,
 * then the group commit (place-order-batch.server.ts) or the one-by-one transaction (insert-order.server.ts),
 * captured, the family told of registry gifts, and the confirmation sent.
 */
import { DomainError, errorReasonOf } from '~/lib/errors'
import type { TenderPlan } from '../../giftcards/giftcards.service.server'
import { giftCardMessages } from '../../giftcards/giftcards.validation'
import type { PaymentView } from '../../payments/payments.service.server'
import { paymentMethodMessages } from '../../payments/payment-methods.validation'
import { MissingStockRows, type OrdersContext, parseFields, pgCode, sha } from '../orders-context.server'
import type { OrderRow } from '../orders.schema'
import type { OrderView, OrderViewer } from '../orders.types'
import { orderMessages, placeOrderInput, type PlaceOrderData } from '../orders.validation'
import { differsFromShown } from '../shown-amounts'
import { ensureProductStock } from '../stock.seed.server'
import { capture, issueBoughtGiftCards } from './capture-payment.server'
import { insertOrder } from './insert-order.server'
import { submit } from './place-order-batch.server'
import { fingerprintOf, type Placeable, price, type Priced } from './price-order.server'
import { confirm } from './send-confirmation.server'
import { placedView, viewOf } from './view-order.server'

/** One attempt at placing a checkout (place() makes sure a key is placed by one attempt at a time in this process). */
async function placeOnce(ctx: OrdersContext, viewer: OrderViewer, data: PlaceOrderData, startedAt: number): Promise<{ order: OrderView; created: boolean }> {
  const { db, groupCommit, giftCards, paymentsService, notices, byKey, sameBuyer } = ctx
  {
    const key = data.idempotencyKey
    const priceOrEmpty = async () => {
      try {
        return await price(ctx, viewer, { scope: data.scope, shippingAddress: data.shippingAddress, idempotencyKey: data.idempotencyKey })
      } catch (error) {
        if (errorReasonOf(error) === 'empty_cart') return null
        throw error
      }
    }

    /** A retry of a placed checkout: its order, to its buyer only, and only for the same cart (or the emptied one). */
    const replay = async (existing: OrderRow, pricedNow: { p: Priced | null } | { error: unknown }) => {
      // A retry: the cart was cleared when the order was placed, or is the same cart. Only its buyer (the same
      // account, or a guest giving the same email) gets the order back: a key alone never shows an address.
      if (!sameBuyer(existing, viewer, data.email)) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
      if ('error' in pricedNow) throw pricedNow.error
      const again = pricedNow.p
      if (again && fingerprintOf(again, data.email) !== existing.fingerprint) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
      return { order: await viewOf(ctx, await capture(ctx, existing)), created: false }
    }

    // The key's order (a retry) and the cart, read at once. A checkout that may go through the group commit
    // leaves the key to the batch (one read for all its keys, before anything is authorised).
    const keyInBatch = groupCommit && (!!data.card || !!data.paymentMethodId) && !data.giftCardCode && !data.applyCredit
    const [early, pricedNow] = await Promise.all([keyInBatch ? undefined : byKey(key), priceOrEmpty().then((p) => ({ p }), (error: unknown) => ({ error }))])
    // An order taking the one-time registry discount goes one by one too (its check under a lock, in insertOrder).
    const batchable = keyInBatch && 'p' in pricedNow && !!pricedNow.p?.address && !pricedNow.p.registryId && !pricedNow.p.lines.some((l) => l.giftCard) && !pricedNow.p.singleUseDiscount
    const existing = early ?? (keyInBatch && !batchable ? await byKey(key) : undefined)
    if (existing) return replay(existing, pricedNow)

    if ('error' in pricedNow) throw pricedNow.error
    const pricedOrEmpty = pricedNow.p
    if (!pricedOrEmpty) {
      // A parallel submission with this key may have placed the order and cleared the cart a moment ago.
      const placed = await byKey(key)
      if (placed && sameBuyer(placed, viewer, data.email)) return { order: await viewOf(ctx, placed), created: false }
      if (placed) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
      throw new DomainError('invalid_input', orderMessages.emptyCart, { reason: 'empty_cart' })
    }
    const destination = pricedOrEmpty.address
    if (!destination) throw new DomainError('invalid_input', orderMessages.address, { fields: { shippingAddress: [orderMessages.address] } })
    const priced: Placeable = { ...pricedOrEmpty, address: destination }
    const fingerprint = fingerprintOf(priced, data.email)
    // A scoped checkout takes only its own lines out of the cart (quick buy and reserved gifts: none).
    const cartLineIds = data.scope === undefined ? null : priced.lines.flatMap((l) => (l.cartLineId ? [l.cartLineId] : []))

    // A gift card, then store credit, then the card for what is left (no card needed when nothing is).
    const plan: TenderPlan =
      giftCards && (data.giftCardCode || data.applyCredit)
        ? await giftCards
            .planTenders(viewer, priced.totalCents, {
              giftCardCode: data.giftCardCode,
              applyCredit: data.applyCredit,
              // Gift cards are paid by card only (gift card balances and credit cannot buy more gift cards).
              excludedCents: priced.lines.filter((l) => l.giftCard).reduce((n, l) => n + l.lineTotalCents - l.discountCents, 0),
            })
            .catch((error: unknown) => {
              // A card the summary showed paying part of the order, used up since: its balance changed.
              if (errorReasonOf(error) === 'code_used_up' && (data.expected?.giftCardCents ?? 0) > 0) throw new DomainError('conflict', giftCardMessages.balanceChanged)
              throw error
            })
        : { giftCard: null, creditCents: 0, cardDueCents: priced.totalCents }
    // Money shown = money charged (docs/decisions/029, amendment h10): before anything is authorised, the
    // total and tenders placing would charge are compared with what the shopper was shown.
    const changed = data.expected ? differsFromShown(data.expected, priced, plan) : null
    if (changed) {
      // A retry of a checkout already placed (its cart since changed) is answered by its key as before.
      const placed = await byKey(key)
      if (placed) return replay(placed, pricedNow)
      throw changed
    }
    if (plan.cardDueCents > 0 && !data.card && !data.paymentMethodId) throw new DomainError('invalid_input', giftCardMessages.cardNeeded, { fields: { card: [giftCardMessages.cardNeeded] } })
    const card = plan.cardDueCents > 0 ? data.card : undefined
    // A saved card (docs/decisions/026): the buyer's own only; the payments service answers 'not found' for any other.
    const savedCard = plan.cardDueCents > 0 && !card && data.paymentMethodId ? { paymentMethodId: data.paymentMethodId, userId: viewer.userId ?? 0 } : undefined
    if (savedCard && !savedCard.userId) throw new DomainError('not_found', paymentMethodMessages.notFound, { fields: { paymentMethodId: [paymentMethodMessages.notFound] } })

    // One payment per (checkout key, cart, card, amount): parallel twins share it; another card after a decline gets its own.
    const paymentKey = card
      ? `order:${sha(`${key}\u0000${fingerprint}\u0000${card.number.replace(/\D/g, '').slice(-4)}${plan.cardDueCents === priced.totalCents ? '' : `\u0000${plan.cardDueCents}`}`)}`
      : savedCard
        ? `order:${sha(`${key}\u0000${fingerprint}\u0000pm:${savedCard.paymentMethodId}${plan.cardDueCents === priced.totalCents ? '' : `\u0000${plan.cardDueCents}`}`)}`
        : ''
    // Shop orders go through the group commit; registry gifts (reg_items and reservations to update), gift card
    // purchases (cards to issue) and gift card or store credit tenders take the one-by-one path.
    if (batchable && !card && !savedCard) {
      // Left to the batch, but nothing to charge after all: the key is read here.
      const placed = await byKey(key)
      if (placed) return replay(placed, pricedNow)
    }
    if (batchable && (card || savedCard)) {
      // A saved card is resolved here (the buyer's own, not expired), so a card that cannot be used fails this
      // checkout alone; a retry of an order it placed before it was removed still gets that order.
      const source = await paymentsService.chargeSource({ card, savedCard }).catch(async (error: unknown) => {
        const placed = await byKey(key)
        if (placed) return { replay: placed }
        throw error
      })
      if ('replay' in source) return replay(source.replay, pricedNow)
      const batched = await submit(ctx, { viewer, key, fingerprint, email: data.email, name: data.name, priced, cartLineIds, paymentKey, source, startedAt })
      if (batched.kind === 'placed') return { order: batched.order, created: true }
      if (batched.kind === 'replay') {
        const placed = await byKey(key)
        if (placed) return replay(placed, pricedNow)
      }
    }
    // A payment a crash interrupted (never reached the processor, or released by reconcile with no order) is
    // asked again under the next key, so retrying the same checkout works (twins agree on the same next key).
    let payment: PaymentView | null = null
    if (card || savedCard) {
      payment = await paymentsService.authorize({ idempotencyKey: paymentKey, amountCents: plan.cardDueCents, purpose: 'order', card, savedCard })
      for (let again = 2; (payment.status === 'declined' || payment.status === 'voided') && payment.declineCode === 'interrupted' && again <= 5; again++) {
        payment = await paymentsService.authorize({ idempotencyKey: `${paymentKey}:${again}`, amountCents: plan.cardDueCents, purpose: 'order', card, savedCard })
      }
    }
    if (payment?.status === 'declined') {
      const message = payment.declineMessage ?? orderMessages.paymentUnconfirmed
      throw new DomainError('invalid_input', message, { fields: { card: [message] } })
    }
    if (payment?.status === 'pending') throw new DomainError('conflict', orderMessages.paymentUnconfirmed)
    // Released after an earlier attempt with this key sold out: that checkout is over; a new one gets a new key.
    if (payment && payment.status !== 'authorized' && payment.status !== 'captured') throw new DomainError('conflict', orderMessages.checkoutCancelled)

    let order: Awaited<ReturnType<typeof insertOrder>>
    try {
      // A product added after the seed, met at checkout for the first time: its stock rows come from
      // products.stock, then the order is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          order = await insertOrder(ctx, viewer, key, fingerprint, { email: data.email, name: data.name, giftMessage: data.giftMessage, thankYouAddress: data.thankYouAddress }, priced, payment?.id ?? null, plan, cartLineIds)
          break
        } catch (error) {
          if (!(error instanceof MissingStockRows) || attempt >= 3) throw error instanceof MissingStockRows ? new DomainError('conflict', orderMessages.unavailable) : error
          await ensureProductStock(db, error.productIds)
        }
      }
    } catch (error) {
      const twin = pgCode(error) === '23505' ? await byKey(key) : undefined
      if (twin) order = null
      else {
        if (payment && !(await byKey(key))) await paymentsService.void(payment.id).catch(() => undefined)
        if (pgCode(error) === '23514' || pgCode(error) === '40P01') throw new DomainError('conflict', orderMessages.unavailable)
        throw error
      }
    }
    if (!order) {
      // A parallel submission with this key placed it first.
      const winner = await byKey(key)
      if (!winner) throw new DomainError('conflict', orderMessages.unavailable)
      if (winner.fingerprint !== fingerprint) throw new DomainError('invalid_input', orderMessages.keyReused, { fields: { idempotencyKey: [orderMessages.keyReused] } })
      // The submission that placed it charges it (or reconcile() does, if that one crashed).
      return { order: await viewOf(ctx, winner), created: false }
    }
    const buysGiftCards = priced.lines.some((l) => l.giftCard)
    // Paid when placed (gift cards and credit covered it all): only the gift cards it bought are left to issue.
    if (order.status === 'paid' && buysGiftCards) await issueBoughtGiftCards(ctx, order)
    const captured = await capture(ctx, order, buysGiftCards)
    // The family hears of the gifts (never failing the order: notices log their own failures).
    if (order.registryId) await notices?.order(order.id)
    // Everything the buyer sees is in hand: no need to read the order back.
    return { order: placedView(captured, priced, payment, order.assignedShipments, plan), created: true }
  }
}

/**
 * Places an order from the viewer's cart. The same idempotency key returns the same order (never a second
 * charge); with a different cart it is refused (422). A declined card places nothing and holds nothing;
 * sold-out stock rolls everything back, releases the authorisation and answers 409 naming the product.
 */
export async function placeOrder(ctx: OrdersContext, viewer: OrderViewer, input: unknown): Promise<OrderView> {
  return (await place(ctx, viewer, input)).order
}

/**
 * placeOrder, telling a new order (`created`: the API answers 201) from a replay of a key already placed
 * (200). Same rules and errors as placeOrder.
 */
export async function place(ctx: OrdersContext, viewer: OrderViewer, input: unknown): Promise<{ order: OrderView; created: boolean }> {
  const { placing } = ctx
  const startedAt = performance.now()
  const data = parseFields(placeOrderInput, input)
  const key = data.idempotencyKey
  // A twin of a checkout this process is placing right now waits for it, then finds its order by key.
  for (let twin = placing.get(key); twin; twin = placing.get(key)) await twin.catch(() => undefined)
  const done = placeOnce(ctx, viewer, data, startedAt)
  placing.set(key, done)
  let placed: { order: OrderView; created: boolean }
  try {
    placed = await done
  } finally {
    if (placing.get(key) === done) placing.delete(key)
  }
  // A replay too: if the attempt that placed it stopped before its email, the retry sends it (never twice).
  await confirm(ctx, placed.order, viewer)
  return placed
}
