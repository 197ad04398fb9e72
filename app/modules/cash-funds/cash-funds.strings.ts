// What people read about cash funds (docs/decisions/030), in one place for the pages, the API and the emails.
import { formatCents } from '~/lib/money'

export const CONTRIBUTION_MIN_CENTS = 100
export const CONTRIBUTION_MAX_CENTS = 500_000
export const GOAL_MAX_CENTS = 10_000_000

export const cashFundMessages = {
  fundNotFound: 'We could not find that cash fund. It may have been taken off the registry.',
  contributionNotFound: 'We could not find that contribution.',
  registryNotFound: 'We could not find that registry, or you do not manage it.',
  noRegistry: 'Start a registry first, then add cash funds to it.',
  notACashFund: 'That product is not a cash fund.',
  amountMin: `Contributions start at ${formatCents(CONTRIBUTION_MIN_CENTS)}.`,
  amountMax: `One contribution can be at most ${formatCents(CONTRIBUTION_MAX_CENTS)}.`,
  amountFormat: 'Enter an amount in dollars, such as 25 or 25.50.',
  goalRange: `A goal is between ${formatCents(100)} and ${formatCents(GOAL_MAX_CENTS)}, or leave it empty.`,
  titleRequired: 'Give your fund a name.',
  titleTooLong: 'Fund names are at most 80 characters.',
  descriptionTooLong: 'Descriptions are at most 500 characters.',
  nameRequired: 'Enter your name, so the family knows who gave.',
  emailInvalid: 'Enter an email address like name@example.com, for your receipt.',
  messageTooLong: 'Messages are at most 500 characters.',
  keyReused: 'This contribution was already made with different details. Reload the page and try again.',
  alreadyCancelled: 'This contribution was cancelled, so it cannot be confirmed.',
  confirmedOwnerCannotCancel: 'This contribution was already charged. To refund it, contact Nestlist support.',
  notCharged: 'We could not charge this contribution yet. Nothing was taken; please try again in a moment.',
  accountHolderRequired: 'Enter the name on the bank account.',
  last4Format: 'Enter the last 4 digits of the account number only (we never keep the full number).',
  creditSpent: 'The family has already spent the store credit this gift became, so it cannot be refunded here. Refund it from the order it paid for.',
  someone: 'A guest (surprise)',
  methodRequired: 'Choose how you want to receive your cash fund money.',
} as const

export const cashFundCopy = {
  contributed: (amount: number, fund: string) => `Thank you! Your ${formatCents(amount)} contribution to ${fund} went through. We emailed you a receipt.`,
  pendingCharge: (amount: number, fund: string) =>
    `Thank you! Your ${formatCents(amount)} contribution to ${fund} is recorded; the charge will go through shortly. We emailed you a receipt.`,
  raised: (raised: number, goal: number | null) => (goal ? `${formatCents(raised)} of ${formatCents(goal)} raised` : `${formatCents(raised)} raised`),
  /** The gift tracker's answer after the family charged or declined a gift still being charged. */
  // No giver's name: the family may have the registry's surprise setting on.
  charged: (amount: number, fund: string) => `The ${formatCents(amount)} gift to ${fund} is received.`,
  declined: (amount: number, fund: string) => `You declined the ${formatCents(amount)} gift to ${fund}. The giver's card was not charged.`,
  privacy: 'Other guests see only the total raised, never who gave what. The family sees your name, amount and message.',
  preferencesIntro:
    'Guests pay cash fund contributions by card. Choose how the money reaches you: as Nestlist store credit the moment each gift is charged, or by a bank transfer that our payouts team sends.',
  storeCredit: 'Nestlist store credit',
  storeCreditHint: 'Each gift is added to your store credit as soon as it is charged. Spend it on anything in the Nestlist shop. No fees.',
  bankTransfer: 'Bank transfer',
  bankTransferHint: 'We keep only the name on the account and its last 4 digits to show you where the money goes.',
} as const

/** Group gifts (h12): a registry item guests chip in to. */
export const groupGiftMessages = {
  itemNotFound: 'We could not find that gift. It may have been taken off the registry.',
  notGroupGift: 'This gift is not a group gift, so it takes no chip-ins. Reserve or buy it instead.',
  noPrice: 'Only a gift with a price can be a group gift.',
  alreadyGiven: 'Guests have already reserved or bought this gift, so it cannot become a group gift.',
  hasChipIns: (n: number) => `${n === 1 ? '1 person has' : `${n} people have`} already chipped in, so this stays a group gift.`,
  closed: 'This group gift is fully funded, so it takes no more chip-ins. Thank you!',
  redeemed: 'The family has already used this group gift fund, so it takes no more chip-ins.',
  amountMin: (min: number) => `Chip in at least ${formatCents(min)}.`,
  amountLeft: (left: number) => `Only ${formatCents(left)} is left to fund this gift. Chip in ${formatCents(left)} or less.`,
  tookLast: (left: number) =>
    left > 0 ? `Someone else just chipped in: only ${formatCents(left)} is left now. Nothing was charged; please enter a smaller amount.` : 'Someone else just chipped in the rest: this gift is fully funded. Nothing was charged.',
  isGroupGift: 'This is a group gift: guests chip in towards it instead of reserving or buying it whole.',
  stillCharging: 'Some chip-ins are still being charged. Charge or decline them in your gift tracker first.',
  nothingToRedeem: 'Nobody has chipped in yet, so there is nothing to redeem.',
  orderNotCatalogue: 'Only a gift from the Nestlist shop can be ordered with its fund. Use the fund as store credit or a bank transfer instead.',
  orderNotFunded: (left: number) => `This group gift is not fully funded yet (${formatCents(left)} to go), so it cannot be ordered with its fund yet.`,
  orderSoldOut: (o: { size?: string; color?: string }, left: number) => {
    const what = [o.size ? `size ${o.size}` : '', o.color ? `color ${o.color}` : ''].filter(Boolean).join(', ')
    const stock = left > 0 ? `only ${left} ${left === 1 ? 'is' : 'are'} left` : 'it is sold out'
    return `${what ? `In ${what}, ` : 'Right now '}${stock}, so it cannot be ordered as it is. ${what ? 'Choose another option, or use' : 'Use'} the fund as store credit instead. Nothing was redeemed.`
  },
  chooseOption: 'Choose which one to order.',
  redeemedRefund: 'The family has already used this group gift fund, so the chip-in cannot be refunded here.',
} as const

export const groupGiftCopy = {
  label: 'Group gift',
  bufferReason: 'The goal is the price plus 10% to cover tax and shipping.',
  goalFixed: 'The goal was set when the first guest chipped in, so a later price change does not move it.',
  goal: (goal: number) => `Goal ${formatCents(goal)}`,
  funded: (funded: number, goal: number) => `${formatCents(funded)} of ${formatCents(goal)} funded`,
  people: (n: number) => (n === 1 ? '1 person chipped in' : `${n} people chipped in`),
  fullyFunded: 'Fully funded',
  closed: 'Closed by the family',
  chippedIn: (amount: number, title: string) => `Thank you! You chipped in ${formatCents(amount)} towards ${title}. We emailed you a receipt.`,
  pendingCharge: (amount: number, title: string) => `Thank you! Your ${formatCents(amount)} chip-in towards ${title} is recorded; the charge will go through shortly. We emailed you a receipt.`,
  privacy: 'Other guests see only the total and how many people chipped in. The family sees your name, amount and message.',
  marked: (title: string) => `${title} is now a group gift. Guests can chip in towards it.`,
  unmarked: (title: string) => `${title} is no longer a group gift. Guests can reserve or buy it again.`,
  redeemedCredit: (amount: number) => `${formatCents(amount)} was added to your Nestlist store credit.`,
  ordered: (amount: number, title: string) =>
    `The group gift fund (${formatCents(amount)}) is now your Nestlist store credit and ${title} is in your cart. The credit is applied at checkout.`,
  orderedNotInCart: (amount: number, why: string) =>
    `The group gift fund (${formatCents(amount)}) is now your Nestlist store credit. We could not put the gift in your cart: ${why} Add it from its page in the shop; the credit is applied at checkout.`,
  redeemedOrder: (amount: number) => `${formatCents(amount)} became your Nestlist store credit to order this gift.`,
  orderedWithFund: (amount: number) => `You ordered this gift with its fund (${formatCents(amount)} in store credit).`,
  orderChoiceHint: (quantity: number) => `Your registry did not say which one. ${quantity > 1 ? `You need ${quantity}; options` : 'Options'} with too few left cannot be chosen.`,
  optionLeft: (left: number) => (left > 20 ? 'In stock' : `${left} left`),
  optionTooFew: (left: number) => `Only ${left} left`,
  optionSoldOut: 'Sold out',
  noOptionInStock: 'None of its sizes or colors is in stock for the quantity you need right now, so it cannot be ordered with the fund yet. You can turn the fund into store credit instead.',
  redeemedBank: (amount: number) => `${formatCents(amount)} will be sent to your bank account by our payouts team.`,
} as const

/** The gift tracker's money totals (h13): received, waiting in group gift funds, still being charged. */
export const contributionTotalsCopy = {
  received: (cents: number) => `${formatCents(cents)} received in all.`,
  waiting: (cents: number) => `${formatCents(cents)} waiting in group gifts, yours once you use each group gift's fund.`,
  useFund: 'Use the fund',
  charging: (cents: number) => `${formatCents(cents)} still being charged.`,
  waitingBadge: 'In the group gift fund',
} as const

export const contributionStatusLabels = { pending: 'Being charged', confirmed: 'Received', cancelled: 'Cancelled' } as const

/** Bank transfer payouts (h14): what staff record at /admin/payouts and what the family reads. */
export const PAYOUT_REFERENCE_MIN = 3
export const PAYOUT_REFERENCE_MAX = 64

export const payoutMessages = {
  notFound: 'We could not find that registry.',
  referenceRequired: 'Enter the transfer reference the bank gave you.',
  referenceFormat: `The reference is ${PAYOUT_REFERENCE_MIN} to ${PAYOUT_REFERENCE_MAX} characters: letters, digits, spaces and - _ . / # :`,
  nothingChosen: 'Choose at least one gift this transfer covers.',
  noBankAccount:
    'This family has no bank account on file any more (they switched to store credit). Nothing was recorded: ask them to choose a bank transfer again at /settings/cash-fund-preferences before you send money.',
  accountChanged: (last4: string) =>
    `The family changed their bank account since you opened the page (it now ends in ${last4}). Nothing was recorded: reload the page and check the account before you send money.`,
  itemsChanged:
    'What this family is owed changed since you opened the page (a gift was paid out by someone else, or refunded). Nothing was recorded: reload the page and check the total before recording the transfer.',
  paidOutNoRefund: (date: string, reference: string) =>
    `This gift was already sent to the family's bank account on ${date} (transfer ${reference}), so it cannot be refunded here: the money has left Nestlist. Ask the payouts team to recover it from the family first.`,
} as const

export const payoutCopy = {
  sentOn: (date: string) => `Sent to your bank account on ${date}`,
  waiting: 'Waiting for transfer',
  sentBadge: 'Sent to your bank',
  familyWaiting: (cents: number, count: number) => `${formatCents(cents)} from ${count === 1 ? '1 gift' : `${count} gifts`} is waiting for a transfer from our payouts team.`,
  familyNothingWaiting: 'Nothing is waiting for a transfer right now.',
  familySent: (amount: number, last4: string, date: string) => `${formatCents(amount)} sent to your account ending in ${last4} on ${date}`,
  toSend: (cents: number) => `${formatCents(cents)} of it is waiting for a bank transfer from our payouts team.`,
  recorded: (amount: number, family: string, last4: string, reference: string) =>
    `Recorded: ${formatCents(amount)} sent to ${family} (account ****${last4}), reference ${reference}. The family was emailed.`,
  repeated: (amount: number, family: string, reference: string) => `This transfer (${reference}, ${formatCents(amount)} to ${family}) was already recorded. Nothing more was recorded.`,
  emailSubject: 'Your cash fund transfer is on its way',
  emailParagraphs: (amount: number, holder: string, last4: string, reference: string, count: number) => [
    `We sent ${formatCents(amount)} to the bank account of ${holder} ending in ${last4}.`,
    `Transfer reference: ${reference}. Banks usually take 1 to 3 business days to show it.`,
    `It covers ${count === 1 ? '1 gift' : `${count} gifts`} from your cash funds and group gifts, which you chose to receive by bank transfer. Your gift tracker shows each one.`,
  ],
} as const
