/**
 * Cash funds on registries and guests' contributions to them (docs/decisions/030): the module's public face.
 * Each use case lives in its own file; this file builds the shared context once (cash-funds-context.server.ts)
 * and hands it to them:
 *
 *   use-cases/add-cash-fund.server.ts                   catalogueFunds, addFund, removeFund
 *   use-cases/view-cash-funds.server.ts                 fundsOf, fundForGuest
 *   use-cases/contribute-or-chip-in.server.ts           contribute, chipIn
 *   use-cases/charge-contribution.server.ts             (charging a held contribution and its emails, shared)
 *   use-cases/view-contributions.server.ts              get, contributionsOf
 *   use-cases/confirm-or-cancel-contribution.server.ts  confirm, cancel
 *   use-cases/view-group-gifts.server.ts                groupGiftsOf, groupGiftForGuest, groupGiftForFamily
 *   use-cases/mark-group-gift.server.ts                 markGroupGift, unmarkGroupGift
 *   use-cases/redeem-group-gift.server.ts               redeemGroupGift, orderedGroupGift, linkGroupGiftOrder, redemptionsOf
 *   use-cases/choose-payout-method.server.ts            preferences, setPreferences
 *   payouts.server.ts                                   the payouts team's use cases (bank transfers), spread in as they are
 *
 * Shared types are in cash-funds.types.ts.
 */
import { type CashFundsContext, type CashFundsDeps, createCashFundsContext } from './cash-funds-context.server'
import { addFund, catalogueFunds, removeFund } from './use-cases/add-cash-fund.server'
import { preferences, setPreferences } from './use-cases/choose-payout-method.server'
import { cancel, confirm } from './use-cases/confirm-or-cancel-contribution.server'
import { chipIn, contribute } from './use-cases/contribute-or-chip-in.server'
import { markGroupGift, unmarkGroupGift } from './use-cases/mark-group-gift.server'
import { linkGroupGiftOrder, orderedGroupGift, redeemGroupGift, redemptionsOf } from './use-cases/redeem-group-gift.server'
import { fundForGuest, fundsOf } from './use-cases/view-cash-funds.server'
import { contributionsOf, get } from './use-cases/view-contributions.server'
import { groupGiftForFamily, groupGiftForGuest, groupGiftsOf } from './use-cases/view-group-gifts.server'

export type { CashFundsDeps } from './cash-funds-context.server'
export type {
  CashFundActor,
  CashFundPreferencesView,
  CashFundView,
  ContributionView,
  GroupGiftOrderChoice,
  GroupGiftOrderLine,
  GroupGiftView,
  RedemptionView,
} from './cash-funds.types'

export function createCashFundsService(deps: CashFundsDeps) {
  const ctx = createCashFundsContext(deps)
  const bind =
    <A extends unknown[], R>(useCase: (ctx: CashFundsContext, ...args: A) => R) =>
    (...args: A): R =>
      useCase(ctx, ...args)

  return {
    ...ctx.payoutCases.useCases,

    // funds
    catalogueFunds: bind(catalogueFunds),
    addFund: bind(addFund),
    removeFund: bind(removeFund),
    fundsOf: bind(fundsOf),
    fundForGuest: bind(fundForGuest),

    // contributions
    contribute: bind(contribute),
    chipIn: bind(chipIn),
    get: bind(get),
    contributionsOf: bind(contributionsOf),
    confirm: bind(confirm),
    cancel: bind(cancel),

    // group gifts
    groupGiftsOf: bind(groupGiftsOf),
    groupGiftForGuest: bind(groupGiftForGuest),
    groupGiftForFamily: bind(groupGiftForFamily),
    markGroupGift: bind(markGroupGift),
    unmarkGroupGift: bind(unmarkGroupGift),
    redeemGroupGift: bind(redeemGroupGift),
    orderedGroupGift: bind(orderedGroupGift),
    linkGroupGiftOrder: bind(linkGroupGiftOrder),
    redemptionsOf: bind(redemptionsOf),

    // how the money reaches the family
    preferences: bind(preferences),
    setPreferences: bind(setPreferences),
  }
}

export type CashFundsService = ReturnType<typeof createCashFundsService>
