import type { CashFundContributionRow } from './cash-funds.schema'
import type { GroupGiftProgress } from './group-gifts'

/** Who is acting: a signed-in user (staff may confirm and cancel any contribution). */
export type CashFundActor = { userId: number; role: 'user' | 'staff' }

/** A fund as guests see it: the total of confirmed contributions, never who gave. */
export type CashFundView = {
  id: number
  registryId: number
  productId: number | null
  title: string
  description: string
  imageUrl: string
  goalCents: number | null
  raisedCents: number
  /** Confirmed contributions (a count, no names). */
  contributionCount: number
}

/** A contribution as the registry's family and staff see it. The giver's email is for staff and the API only. */
export type ContributionView = {
  id: string
  /** cash_fund: a gift to a cash fund; group_gift: a chip-in towards a registry item marked as a group gift. */
  kind: 'cash_fund' | 'group_gift'
  cashFundId: number | null
  regItemId: number | null
  /** The fund's title, or the group gift item's. */
  fundTitle: string
  registryId: number
  amountCents: number
  status: CashFundContributionRow['status']
  giverName: string
  giverEmail: string
  message: string
  paymentId: string
  createdAt: string
  confirmedAt: string | null
  cancelledAt: string | null
  /**
   * A charged chip-in still waiting in its group gift's fund: the family has not used the fund yet, so the money
   * has not reached them (decision 030, h13). False for cash fund gifts (paid out when charged) and once redeemed.
   */
  waitingInGroupGift: boolean
  /**
   * How the money reaches the family: the gift's own payout (cash fund gifts), or its group gift fund's
   * redemption (chip-ins, once the fund is used); null while it is not theirs yet.
   */
  payout: 'store_credit' | 'bank_transfer' | null
  /** For a bank transfer: when Nestlist's payouts team sent it (h14); null while it waits for the transfer. */
  sentToBankAt: string | null
}

/** A registry item marked as a group gift, with its money (guests see this: no givers). */
export type GroupGiftView = GroupGiftProgress & { regItemId: number; registryId: number; title: string; imageUrl: string; priceCents: number; quantityNeeded: number; productId: number | null; storeName: string }

export type RedemptionView = {
  id: string
  regItemId: number
  registryId: number
  method: 'store_credit' | 'bank_transfer'
  /** 'order': the fund became store credit to order the item at Nestlist. */
  use: 'payout' | 'order'
  amountCents: number
  /** The store order placed with the fund after "Order it", once checkout placed it (h13). */
  orderId: string | null
  createdAt: string
}

/**
 * "Order it" for a product with a size or colour the registry item never chose: each option still to choose,
 * with the stock left (an option with fewer left than the quantity needed cannot be chosen).
 */
export type GroupGiftOrderChoice = { key: string; size?: string; color?: string; left: number; available: boolean }[]

/** What to put in the family's cart after an 'order' redemption: the item's product, chosen options and quantity. */
export type GroupGiftOrderLine = { productId: number; quantity: number; size?: string; color?: string }

/** What a contribution goes to: a cash fund, or a group gift (a registry item). */
export type Target = { kind: 'cash_fund'; id: number; registryId: number; title: string } | { kind: 'group_gift'; id: number; registryId: number; title: string }

export type CashFundPreferencesView = { registryId: number; method: 'store_credit' | 'bank_transfer'; accountHolder: string | null; accountLast4: string | null; chosen: boolean }
