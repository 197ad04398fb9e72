/**
 * Orders: place an order from the viewer's cart (idempotent, stock taken in the order's transaction, the card
 * authorised before and charged after it commits), read it back, and settle what a crash left half done.
 *
 * This file is the module's public face: it builds the shared context once (orders-context.server.ts) and
 * hands each method to its use case in ./use-cases/:
 *   price-order.server.ts            quote (the checkout summary) and the pricing placing an order charges
 *   checkout-lines.server.ts         the lines a checkout takes (cart, scoped cart, reserved gifts)
 *   buy-now.server.ts                quick buy: one product without the cart
 *   registry-discount.server.ts      registryDiscountUsed, registryDiscountUsedOf (the single-use discount)
 *   place-order.server.ts            place, placeOrder (the one-by-one path and the hand-off to the batch)
 *   place-order-batch.server.ts      the group commit: batch queue, writeBatch, writeOrders (docs/decisions/025)
 *   insert-order.server.ts           the one-by-one path's order transaction
 *   capture-payment.server.ts        charging a placed order, issuing the gift cards it bought
 *   send-confirmation.server.ts      claimConfirmation and the confirmation email
 *   view-order.server.ts             forBuyer, forViewer, boxesOf (and the order views)
 *   list-buyer-orders.server.ts      listForBuyer
 *   check-stock.server.ts            stockOf
 *   reconcile-after-crash.server.ts  reconcile
 * The public types are in orders.types.ts.
 */
import { createOrdersContext } from './orders-context.server'
import type { OrdersDeps, OrderViewer } from './orders.types'
import { stockOf } from './use-cases/check-stock.server'
import { listForBuyer } from './use-cases/list-buyer-orders.server'
import { place, placeOrder } from './use-cases/place-order.server'
import { quote } from './use-cases/price-order.server'
import { reconcile } from './use-cases/reconcile-after-crash.server'
import { registryDiscountUsed } from './use-cases/registry-discount.server'
import { claimConfirmation } from './use-cases/send-confirmation.server'
import { boxesOf, forBuyer, forViewer } from './use-cases/view-order.server'

export type { BatchTimings, OrderQuote, OrderSummary, OrdersDeps, OrderView, OrderViewer } from './orders.types'
export { registryDiscountUsedOf } from './use-cases/registry-discount.server'

export function createOrdersService(deps: OrdersDeps) {
  const ctx = createOrdersContext(deps)
  const service = {
    /**
     * The order page's extras per box (by warehouse): its id for /shipments/{id} and, on the buyer's own boxes once
     * shipped, the tracking number (a gift's tracking shows where the family lives: it is theirs alone). Call it
     * only for an order the viewer may see (forViewer).
     */
    boxesOf: (order: Parameters<typeof boxesOf>[1]) => boxesOf(ctx, order),

    /** Whether the buyer's single-use registry discount already went on one of their orders (the shop's banner hides then). */
    registryDiscountUsed: (userId: number): Promise<boolean> => registryDiscountUsed(ctx, userId),

    /**
     * Places an order from the viewer's cart. The same idempotency key returns the same order (never a second
     * charge); with a different cart it is refused (422). A declined card places nothing and holds nothing;
     * sold-out stock rolls everything back, releases the authorisation and answers 409 naming the product.
     */
    placeOrder: (viewer: OrderViewer, input: unknown) => placeOrder(ctx, viewer, input),

    /**
     * placeOrder, telling a new order (`created`: the API answers 201) from a replay of a key already placed
     * (200). Same rules and errors as placeOrder.
     */
    place: (viewer: OrderViewer, input: unknown) => place(ctx, viewer, input),

    /** A signed-in buyer's orders, newest first, a page at a time (`page` from 1; `perPage` at most 50). */
    listForBuyer: (userId: number, options: { page?: number; perPage?: number } = {}) => listForBuyer(ctx, userId, options),

    /** One order for its buyer: the signed-in user who placed it (a guest's order is shown once, on placing). */
    forBuyer: (orderId: string, userId: number) => forBuyer(ctx, orderId, userId),

    /**
     * What placeOrder would charge for this scope (the same pricing): lines, the registry discount with each
     * excluded line's reason, shipping, tax (estimated at the default rate until the state is known), total.
     * Unavailable lines are listed (placeOrder refuses them). An empty scope is an 'empty cart' error.
     */
    quote: (viewer: OrderViewer, input: unknown) => quote(ctx, viewer, input),

    /**
     * One order for whoever may see it: the signed-in buyer who placed it, or the browser that placed it (it
     * holds the checkout's random key in a short-lived cookie; docs/decisions/022). Anyone else: not found.
     */
    forViewer: (orderId: string, who: { userId?: number | null; checkoutKeys?: readonly string[] }) => forViewer(ctx, orderId, who),

    /** True exactly once per order: whoever gets it sends the confirmation email (placeOrder does; retries never send twice). */
    claimConfirmation: (orderId: string) => claimConfirmation(ctx, orderId),

    /** Stock left of a product option (staff and tests). */
    stockOf: (productId: number, optionKey = '') => stockOf(ctx, productId, optionKey),

    /**
     * After a crash (run at server start): settles payments left pending, charges placed orders whose capture
     * never happened, and releases order authorisations that have no order. Only rows older than
     * `olderThanMs` are touched, so checkouts in flight are left alone.
     */
    reconcile: (olderThanMs = 30_000) => reconcile(ctx, olderThanMs),
  }
  return service
}

export type OrdersService = ReturnType<typeof createOrdersService>
