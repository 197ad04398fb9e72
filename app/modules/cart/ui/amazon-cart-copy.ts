// Words of the Amazon cart (docs/decisions/032-amazon-cart.md), in one place.

/** The Amazon cart page. */
export const AMAZON_CART_PAGE = '/registry/amazon-cart'

export const amazonCartCopy = {
  title: 'Your Amazon cart',
  intro: 'Registry gifts sold on Amazon. We hold them for you on the registry, so nobody else buys the same gift. You pay on amazon.com: Nestlist takes no payment.',
  add: 'Add to Amazon cart',
  adding: 'Adding…',
  inCart: (n: number) => (n > 1 ? `${n} in your Amazon cart` : 'In your Amazon cart'),
  link: (n: number) => (n > 0 ? `Amazon cart (${n})` : 'Amazon cart'),
  empty: 'Your Amazon cart is empty.',
  emptyHint: 'On a registry, gifts sold on Amazon have an ‘Add to Amazon cart’ button.',
  giftsFor: (family: string) => `Gifts for ${family}`,
  checkout: 'Check out on Amazon',
  checkoutHint: (n: number) =>
    `Opens amazon.com in a new tab with ${n === 1 ? 'this gift' : `these ${n} gifts`} in your own Amazon cart. Come back here afterwards to tell us what you bought.`,
  shipsTo: (family: string, city: string, state: string) =>
    `${family}’s gifts ship to ${city}, ${state}. Nestlist keeps their street address private: on Amazon, send the gift to yourself or ask the family for their address.`,
  noShipsTo: (family: string) => `Nestlist does not share ${family}’s address: on Amazon, send the gift to yourself or ask the family for their address.`,
  askTitle: 'Did you buy these on Amazon?',
  askIntro: 'Tell us what you bought, so the registry shows it as bought. Gifts you have not bought yet stay held for you.',
  yes: 'Yes, I bought it',
  notYet: 'Not yet',
  saving: 'Saving…',
  bought: (title: string) => `Thank you! ${title} is marked as bought on the registry.`,
  stillHeld: (title: string) => `No problem: we are still holding ${title} for you.`,
  updated: 'Quantity updated. The registry holds that many for you.',
  removed: 'Removed from your Amazon cart. The gift is free for others again.',
  boughtTitle: 'Bought on Amazon',
  seeGift: 'See your gift',
  update: 'Update',
  remove: 'Remove',
  viewOnAmazon: 'View on Amazon',
  whoTitle: 'Who is this gift from?',
  whoIntro: 'We hold the gift in your name and email you a link to change or cancel it. The family does not see your email.',
  whoSubmit: 'Add to Amazon cart',
  backToRegistry: 'Back to the registry',
  couldNotAdd: 'We could not add that to your Amazon cart.',
} as const
