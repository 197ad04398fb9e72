// What the staff stock and promotional credit pages say, in one place. No server imports.
import { formatCents } from '~/lib/money'

export const staffToolStrings = {
  stockTitle: 'Stock',
  stockIntro:
    'Find a product by name or id and set how many of each option are on hand. Raising an option from 0 emails everyone who asked to be told it is back in stock.',
  stockSearchLabel: 'Products by name or id',
  stockSearchField: 'Product name or id',
  stockSearchHint: 'Part of the name, like “swaddle”, or the product id.',
  find: 'Find products',
  noProducts: (q: string) => `No stocked products match “${q}”. Gift cards, cash funds and favors have no stock.`,
  productId: (id: number) => `Product ${id}`,
  waiting: (n: number) => (n === 0 ? 'Nobody is waiting for it' : n === 1 ? '1 shopper waits for it' : `${n} shoppers wait for it`),
  stockFormLabel: (product: string, option: string) => `Stock of ${product}, ${option}`,
  stockFieldLabel: (option: string) => `In stock: ${option}`,
  soldOut: 'Sold out now.',
  inStock: (n: number) => `${n} on hand now.`,
  save: 'Save',
  saving: 'Saving…',
  stockSaved: (name: string, option: string, quantity: number, notified: number) =>
    `${name} (${option}) now has ${quantity} in stock.${notified > 0 ? ` ${notified === 1 ? '1 shopper was' : `${notified} shoppers were`} emailed that it is back in stock.` : ''}`,

  creditTitle: 'Promotional store credit',
  creditIntro:
    'Give store credit to a customer’s account, for example to make up for a late delivery. They see the amount and your reason in their credit history, and it pays at checkout.',
  creditEmail: 'Customer’s account email',
  creditAmount: 'Amount (dollars)',
  creditAmountHint: (max: number) => `From $1.00 to ${formatCents(max)}.`,
  creditReason: 'Reason',
  creditReasonHint: 'Shown to the customer, e.g. “Sorry your order arrived late”.',
  grant: 'Give store credit',
  granting: 'Giving store credit…',
  granted: (amount: number, email: string, balance: number) => `${formatCents(amount)} of store credit was given to ${email}. Their balance is now ${formatCents(balance)}.`,
  alreadyGranted: (amount: number, email: string) => `This grant of ${formatCents(amount)} to ${email} was already made; nothing more was given.`,
  recentTitle: 'Recent grants',
  recentEmpty: 'No promotional credit has been given yet.',
  recentBy: (staff: string) => `by ${staff}`,
  fixFields: 'Please check the fields marked below.',
} as const
