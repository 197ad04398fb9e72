// What the cart's pages and panels say, in one place (no server imports: the browser bundle reads it).
import { formatCents } from '~/lib/money'

/** The cart review page (built by the checkout pages). */
export const CART_PAGE = '/store/checkout?cart_type=store'
/** Where the product page, product cards and the mini cart post an 'Add to Cart' (a resource route). */
export const ADD_TO_CART_ACTION = '/cart/add'
/** Where the mini cart reads its contents and changes lines (a resource route). */
export const MINI_CART_ROUTE = '/cart/mini'

export const cartCopy = {
  addToCart: 'Add to Cart',
  adding: 'Adding…',
  added: 'Added to cart',
  addedShort: 'Added',
  viewCart: 'View cart',
  viewCartAndCheckOut: 'View cart & check out',
  keepShopping: 'Keep shopping',
  chooseOptions: 'Choose options',
  soldOut: 'Sold out',
  notifyMe: 'Notify me when available',
  notifyMeSending: 'Saving…',
  notifyMeHelp: 'We will send you one email when it is back in stock.',
  buyFromNestlist: 'Buy from Nestlist',
  noGiftAddress: "The family has not added a shipping address yet, so this can't be shipped from Nestlist yet. You can still reserve it.",
  emptyCart: 'Your cart is empty.',
  cartTitle: 'Your cart',
  subtotal: 'Subtotal',
  remove: 'Remove',
  freeShippingReached: 'You get free shipping',
  freeShippingAway: (cents: number) => `${formatCents(cents)} away from free shipping`,
  cartLabel: (count: number) => (count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`),
  itemsInCart: (count: number) => `${count} ${count === 1 ? 'item' : 'items'} in your cart`,
  notifyDone: (email: string) => `Thanks! We will email ${email} when it is back in stock.`,
  giftFor: (familyName: string) => `Gift for ${familyName}`,
} as const
