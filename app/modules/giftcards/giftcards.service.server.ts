/**
 * The gift cards module's public face. Each use case lives in its own file; this file builds the shared
 * context once (giftcards-context.server.ts) and hands it to them:
 *
 *   use-cases/list-designs.server.ts                  designs
 *   use-cases/pay-with-gift-card-or-credit.server.ts  planTenders, takeTenders, tendersOf
 *   use-cases/issue-gift-cards.server.ts              onOrderPaid, reconcile
 *   use-cases/view-purchased-gift-cards.server.ts     purchasedBy, forPurchaser
 *   use-cases/view-store-credit.server.ts             creditOf
 *   use-cases/grant-store-credit.server.ts            grantCredit, grantPromotion, recentPromotions, grantCreditIn, cashFundCreditIn
 *   use-cases/refund-tenders.server.ts                refundTendersIn
 *   use-cases/redeem-gift-card.server.ts              redeem, redeemForCustomer
 *   use-cases/return-gift.server.ts                   returnableGifts, returnGift
 *   use-cases/view-gift-returns.server.ts             giftReturnsFor, giftReturnFor
 *   use-cases/receive-gift-return.server.ts           staffGiftReturns, receiveGiftReturn
 *
 * Shared types are in giftcards.types.ts, code generation and hashing in gift-card-codes.server.ts.
 */
import { createGiftCardsContext, type GiftCardsContext, type GiftCardsDeps } from './giftcards-context.server'
import { cashFundCreditIn, grantCredit, grantCreditIn, grantPromotion, recentPromotions } from './use-cases/grant-store-credit.server'
import { onOrderPaid, reconcile } from './use-cases/issue-gift-cards.server'
import { designs } from './use-cases/list-designs.server'
import { planTenders, takeTenders, tendersOf } from './use-cases/pay-with-gift-card-or-credit.server'
import { receiveGiftReturn, staffGiftReturns } from './use-cases/receive-gift-return.server'
import { redeem, redeemForCustomer } from './use-cases/redeem-gift-card.server'
import { refundTendersIn } from './use-cases/refund-tenders.server'
import { returnableGifts, returnGift } from './use-cases/return-gift.server'
import { giftReturnFor, giftReturnsFor } from './use-cases/view-gift-returns.server'
import { forPurchaser, purchasedBy } from './use-cases/view-purchased-gift-cards.server'
import { creditOf } from './use-cases/view-store-credit.server'

export { generateCode, generateReturnCode, hashCode, normaliseReturnCode } from './gift-card-codes.server'
export type { GiftCardsDeps } from './giftcards-context.server'
export type { CreditEntry, GiftReturnDetail, GiftReturnView, OrderTender, ReturnableGift, StaffGiftReturnRow, TenderPlan, Tx } from './giftcards.types'

/**
 * Gift cards (issued when an order that bought them is paid, emailed with their code, spent at checkout or
 * moved into store credit), the store credit ledger, and gift returns for store credit.
 */
export function createGiftCardsService(deps: GiftCardsDeps) {
  const ctx = createGiftCardsContext(deps)
  const bind =
    <A extends unknown[], R>(useCase: (ctx: GiftCardsContext, ...args: A) => R) =>
    (...args: A): R =>
      useCase(ctx, ...args)

  return {
    designs: bind(designs),

    // checkout
    planTenders: bind(planTenders),
    takeTenders: bind(takeTenders),
    tendersOf: bind(tendersOf),

    // issuing
    onOrderPaid: bind(onOrderPaid),
    reconcile: bind(reconcile),
    purchasedBy: bind(purchasedBy),
    forPurchaser: bind(forPurchaser),

    // store credit
    creditOf: bind(creditOf),
    grantCredit: bind(grantCredit),
    grantPromotion: bind(grantPromotion),
    recentPromotions: bind(recentPromotions),
    grantCreditIn: bind(grantCreditIn),
    refundTendersIn: bind(refundTendersIn),
    cashFundCreditIn: bind(cashFundCreditIn),
    redeem: bind(redeem),
    redeemForCustomer: bind(redeemForCustomer),

    // gift returns
    returnableGifts: bind(returnableGifts),
    giftReturnsFor: bind(giftReturnsFor),
    giftReturnFor: bind(giftReturnFor),
    returnGift: bind(returnGift),

    // staff: receiving shipped gift returns
    staffGiftReturns: bind(staffGiftReturns),
    receiveGiftReturn: bind(receiveGiftReturn),
  }
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>
