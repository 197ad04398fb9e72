import type { Db } from '~/db/client.server'
import type { CreditReason } from './giftcards.schema'
import type { GiftReturnStatus } from './giftcards.validation'
import type { RETURNS_WAREHOUSE } from './returns-warehouse'

/** A database transaction (the orders service passes its own, so tenders are taken with the order). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** How an order's total is paid: a gift card and store credit first, the card for the rest. */
export type TenderPlan = {
  giftCard: { id: string; last4: string; amountCents: number } | null
  creditCents: number
  /** What is left for the card (0: no card needed). */
  cardDueCents: number
}

export type OrderTender = { kind: 'gift_card' | 'store_credit'; amountCents: number; last4: string | null; label: string }

export type CreditEntry = { id: number; amountCents: number; reason: CreditReason; balanceAfterCents: number; note: string; orderId: string | null; createdAt: string }

export type ReturnableGift = {
  orderLineId: number
  registryId: number
  registryTitle: string
  title: string
  options: { size?: string; color?: string }
  productId: number | null
  quantity: number
  returnedQuantity: number
  /** What the remaining units would give in credit. */
  creditPerUnitCents: number
  boughtAt: string
  returnBy: string
}

export type GiftReturnView = {
  id: string
  orderLineId: number
  registryId: number
  title: string
  quantity: number
  reason: string
  reasonLabel: string
  /** The credit for these units: given at once, or on receipt for a shipped gift (`creditPending`). */
  creditCents: number
  status: GiftReturnStatus
  /** What to write on the box of a shipped gift ('RG-XXXX-XXXX'); null when nothing is sent back. */
  returnCode: string | null
  /** True while the credit waits for the gift to arrive at the returns warehouse. */
  creditPending: boolean
  receivedAt: string | null
  createdAt: string
}

/** One gift return for the family: what to send back, where, and what happens then (the printable page). */
export type GiftReturnDetail = GiftReturnView & {
  registryTitle: string
  options: { size?: string; color?: string }
  returnAddress: typeof RETURNS_WAREHOUSE | null
}

/** A gift return on the staff receiving page. */
export type StaffGiftReturnRow = {
  id: string
  returnCode: string | null
  status: GiftReturnStatus
  title: string
  options: { size?: string; color?: string }
  productId: number | null
  quantity: number
  reasonLabel: string
  creditCents: number
  familyName: string
  requester: { name: string; email: string }
  orderId: string
  createdAt: string
  receivedAt: string | null
  receivedBy: string | null
  restockedOnReceipt: boolean | null
}
