// Gift card, store credit and gift return inputs, shared by the pages' forms and the JSON API. No server imports.
import { z } from 'zod'
import { int4Id } from '~/lib/input-rules'
import { formatCents } from '~/lib/money'
import { ELECTRONIC_GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS } from '../catalog/catalog.constants'
import { CODE_ALPHABET, CODE_LENGTH, GIFT_MESSAGE_MAX, GIFT_RETURN_WINDOW_MONTHS, MAX_GIFT_CARDS_PER_LINE, PROMOTION_MAX_CENTS } from './giftcards.constants'

export {
  CODE_ALPHABET,
  CODE_LENGTH,
  GIFT_MESSAGE_MAX,
  GIFT_RETURN_WINDOW_MONTHS,
  MAX_GIFT_CARDS_PER_LINE,
  PRESET_AMOUNTS_CENTS,
  PROMOTION_MAX_CENTS,
  REDEEM_FAILURES_PER_HOUR,
} from './giftcards.constants'

export const giftCardMessages = {
  amount: `Choose an amount from ${formatCents(ELECTRONIC_GIFT_CARD_MIN_CENTS)} to ${formatCents(ELECTRONIC_GIFT_CARD_MAX_CENTS)}.`,
  wholeDollars: 'Enter a whole-dollar amount, like 40.',
  customAmount: 'Enter the amount in dollars, like 40.',
  customTooLow: `Gift cards start at ${formatCents(ELECTRONIC_GIFT_CARD_MIN_CENTS)}. Enter ${formatCents(ELECTRONIC_GIFT_CARD_MIN_CENTS)} or more.`,
  customTooHigh: `Gift cards go up to ${formatCents(ELECTRONIC_GIFT_CARD_MAX_CENTS)}. Enter ${formatCents(ELECTRONIC_GIFT_CARD_MAX_CENTS)} or less.`,
  recipientName: "Enter the recipient's name.",
  recipientEmail: "Enter the recipient's email address.",
  senderName: 'Enter your name, so they know who it is from.',
  message: `Keep the message to ${GIFT_MESSAGE_MAX} characters.`,
  quantity: `Choose from 1 to ${MAX_GIFT_CARDS_PER_LINE} cards.`,
  notAGiftCard: 'That product is not a Nestlist gift card.',
  code: 'Enter the 16-character code from the gift card email, like ABCD-EFGH-JKLM-NPQR.',
  codeNotFound: 'We could not find a gift card with that code. Check the code in the email and try again.',
  codeUsedUp: 'This gift card has no balance left.',
  tooManyAttempts: 'Too many gift card codes were tried. For your security, please wait an hour and try again.',
  balanceChanged: 'Your gift card or store credit balance changed while you were checking out. Nothing was charged. Review the total and try again.',
  noCredit: 'You have no store credit to apply.',
  signInForCredit: 'Sign in to use your store credit.',
  cardNeeded: 'Enter a card for the rest of the total.',
  returnNotFound: 'We could not find that gift.',
  returnQuantity: 'Choose how many to return.',
  returnTooMany: (left: number) => (left === 0 ? 'This gift has already been returned.' : `You can return at most ${left} of this gift.`),
  returnWindow: `Gifts can be returned for store credit within ${GIFT_RETURN_WINDOW_MONTHS} months of being bought. This one is past that.`,
  returnNotPaid: 'This gift is still being paid for. Try again in a few minutes.',
  reason: 'Choose a reason.',
  promotionEmail: 'Enter the email address of the account to credit.',
  promotionNoAccount: 'There is no Nestlist account with that email address.',
  promotionAmount: `Enter an amount from $1.00 to ${formatCents(PROMOTION_MAX_CENTS)}, like 15 or 12.50.`,
  promotionReason: 'Say why the credit is given (3 to 200 characters); the customer sees it in their credit history.',
  promotionKeyReused: 'This form was already used for another grant. Reload the page to grant again.',
  staffRedeemNothing: 'Nothing can be moved: this card has no balance left, its balance is already in someone’s store credit, or it is still being emailed.',
  staffRedeemReason: 'Say why support moves the balance (3 to 200 characters), e.g. “Customer lost the email; order checked”.',
  giftReturnNotFound: 'We could not find that gift return.',
  receiveRestockChoice: 'Choose whether the gift can be sold again (put back in stock) or not.',
  alreadyReceived: 'This return was already received, so nothing more was credited. Reload to see it.',
  notAwaitingShipment: 'This gift never left our warehouse, so there is nothing to receive: it was credited when it was returned.',
} as const

/** Uppercase, without spaces or dashes: what is hashed. */
export const normaliseCode = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '')

/** XXXX-XXXX-XXXX-XXXX. */
export const formatCode = (code: string) => normaliseCode(code).replace(/(.{4})(?=.)/g, '$1-')

/** True when the normalised text could be a code (right length, only our symbols). */
export const looksLikeCode = (normalised: string) => normalised.length === CODE_LENGTH && [...normalised].every((c) => CODE_ALPHABET.includes(c))

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** A dollar amount as typed ('40', '$40', '40.00') or cents from the API. */
const dollarsToCents = (v: unknown) => {
  if (typeof v !== 'string') return v
  const t = v.trim().replace(/^\$/, '').replace(/,/g, '')
  if (t === '') return undefined
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN
  return Math.round(Number(t) * 100)
}

/**
 * The purchase form: a preset amount (`amountCents`) or a custom one in dollars (`customAmount`). A custom
 * amount, when given, is the one bought (also without JavaScript, where a preset stays chosen while one is
 * typed); otherwise the preset. The API sends `amountCents` as a number.
 */
const amountCents = z
  .number({ error: giftCardMessages.amount })
  .int(giftCardMessages.amount)
  .min(ELECTRONIC_GIFT_CARD_MIN_CENTS, giftCardMessages.amount)
  .max(ELECTRONIC_GIFT_CARD_MAX_CENTS, giftCardMessages.amount)
  // Only said of an amount in the range (one message per mistake).
  .refine((c) => c < ELECTRONIC_GIFT_CARD_MIN_CENTS || c > ELECTRONIC_GIFT_CARD_MAX_CENTS || c % 100 === 0, giftCardMessages.wholeDollars)

/** A custom amount as typed, with a message per mistake (not a number, under or over the range, cents). */
const customAmountCents = z
  .number({ error: giftCardMessages.customAmount })
  .min(ELECTRONIC_GIFT_CARD_MIN_CENTS, giftCardMessages.customTooLow)
  .max(ELECTRONIC_GIFT_CARD_MAX_CENTS, giftCardMessages.customTooHigh)
  .refine((c) => c < ELECTRONIC_GIFT_CARD_MIN_CENTS || c > ELECTRONIC_GIFT_CARD_MAX_CENTS || c % 100 === 0, giftCardMessages.wholeDollars)

export const giftCardPurchaseInput = z
  .object({
    productId: int4Id(giftCardMessages.notAGiftCard),
    amountCents: z.preprocess((v) => (v === 'custom' || v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), amountCents.optional()),
    customAmount: z.preprocess(dollarsToCents, customAmountCents.optional()),
    quantity: z.coerce.number({ error: giftCardMessages.quantity }).int(giftCardMessages.quantity).min(1, giftCardMessages.quantity).max(MAX_GIFT_CARDS_PER_LINE, giftCardMessages.quantity).default(1),
    recipientName: z.string({ error: giftCardMessages.recipientName }).trim().min(1, giftCardMessages.recipientName).max(80, giftCardMessages.recipientName),
    recipientEmail: z.string({ error: giftCardMessages.recipientEmail }).trim().toLowerCase().max(254, giftCardMessages.recipientEmail).email(giftCardMessages.recipientEmail),
    senderName: z.string({ error: giftCardMessages.senderName }).trim().min(1, giftCardMessages.senderName).max(80, giftCardMessages.senderName),
    message: z.preprocess(blankToUndefined, z.string().trim().max(GIFT_MESSAGE_MAX, giftCardMessages.message).optional()),
  })
  .transform((d, ctx) => {
    const cents = d.customAmount ?? d.amountCents
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customAmount'], message: giftCardMessages.amount })
      return z.NEVER
    }
    return {
      productId: d.productId,
      quantity: d.quantity,
      details: { amountCents: cents, recipientName: d.recipientName, recipientEmail: d.recipientEmail, senderName: d.senderName, message: d.message ?? '' },
    }
  })
export type GiftCardPurchaseInput = z.input<typeof giftCardPurchaseInput>

/** Staff moving a card's balance into a customer's store credit (the card is chosen on its page, not by code). */
export const staffRedeemInput = z.object({
  giftCardId: z.string().uuid('We could not find that gift card.'),
  email: z.string({ error: giftCardMessages.promotionEmail }).trim().toLowerCase().max(254, giftCardMessages.promotionEmail).email(giftCardMessages.promotionEmail),
  reason: z.string({ error: giftCardMessages.staffRedeemReason }).trim().min(3, giftCardMessages.staffRedeemReason).max(200, giftCardMessages.staffRedeemReason),
  idempotencyKey: z.string({ error: giftCardMessages.promotionKeyReused }).trim().min(8, giftCardMessages.promotionKeyReused).max(80, giftCardMessages.promotionKeyReused),
})

export const redeemInput = z.object({
  code: z
    .string({ error: giftCardMessages.code })
    .max(40, giftCardMessages.code)
    .transform(normaliseCode)
    .refine((c) => c.length > 0, giftCardMessages.code),
})

/** Why store credit changed (the ledger's reason column). */
export const creditReasons = ['gift_return', 'promotion', 'gift_card_redeemed', 'order_payment', 'refund', 'cash_fund'] as const
export type CreditReason = (typeof creditReasons)[number]

export const giftReturnReasons = [
  { id: 'duplicate', label: 'I received more than one' },
  { id: 'not_needed', label: 'We no longer need it' },
  { id: 'changed_mind', label: 'We chose something else' },
  { id: 'damaged', label: 'It arrived damaged' },
  { id: 'other', label: 'Another reason' },
] as const
export type GiftReturnReason = (typeof giftReturnReasons)[number]['id']

/** A gift return's life (docs/decisions/023, 029): see gift_returns.status. */
export const giftReturnStatuses = ['restocked', 'awaiting_return_shipment', 'received'] as const
export type GiftReturnStatus = (typeof giftReturnStatuses)[number]

export const giftReturnStatusLabels: Record<GiftReturnStatus, string> = {
  restocked: 'Returned',
  awaiting_return_shipment: 'Waiting for you to send it back',
  received: 'Received',
}

/** 'RG-' and 8 symbols of the gift card alphabet (40 random bits): what the family writes on the box. */
export const RETURN_CODE_PATTERN = /^RG-?[2-9A-HJ-NP-Z]{4}-?[2-9A-HJ-NP-Z]{4}$/

/** Staff: receive a shipped gift return, saying whether it can be sold again. */
export const giftReturnReceiveInput = z.object({
  restock: z.preprocess(
    (v) => (v === 'true' || v === 'restock' ? true : v === 'false' || v === 'no_restock' ? false : v),
    z.boolean({ error: giftCardMessages.receiveRestockChoice }),
  ),
})
export type GiftReturnReceiveInput = z.input<typeof giftReturnReceiveInput>

export const giftReturnInput = z.object({
  orderLineId: z.coerce.number({ error: giftCardMessages.returnNotFound }).int().positive(giftCardMessages.returnNotFound),
  quantity: z.coerce.number({ error: giftCardMessages.returnQuantity }).int(giftCardMessages.returnQuantity).min(1, giftCardMessages.returnQuantity).max(99, giftCardMessages.returnQuantity),
  reason: z.enum(giftReturnReasons.map((r) => r.id) as [GiftReturnReason, ...GiftReturnReason[]], { error: giftCardMessages.reason }),
})

/** Staff tools: promotional store credit for an account (amount typed in dollars, or cents from code). */
export const promotionGrantInput = z.object({
  email: z.string({ error: giftCardMessages.promotionEmail }).trim().toLowerCase().min(3, giftCardMessages.promotionEmail).max(254, giftCardMessages.promotionEmail).email(giftCardMessages.promotionEmail),
  amountCents: z.preprocess(
    (v) => (typeof v === 'string' ? dollarsToCents(v) : v),
    z.number({ error: giftCardMessages.promotionAmount }).int(giftCardMessages.promotionAmount).min(100, giftCardMessages.promotionAmount).max(PROMOTION_MAX_CENTS, giftCardMessages.promotionAmount),
  ),
  reason: z.string({ error: giftCardMessages.promotionReason }).trim().min(3, giftCardMessages.promotionReason).max(200, giftCardMessages.promotionReason),
  idempotencyKey: z.string({ error: giftCardMessages.promotionKeyReused }).trim().min(8, giftCardMessages.promotionKeyReused).max(80, giftCardMessages.promotionKeyReused),
})
export type PromotionGrantInput = z.input<typeof promotionGrantInput>
