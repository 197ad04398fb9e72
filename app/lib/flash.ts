/** Messages a page can leave for the next one after a redirect. */
export const flashMessages = {
  signed_in: { tone: 'success', message: 'Welcome back! You are signed in.' },
  already_signed_in: { tone: 'info', message: 'You are already signed in.' },
  signed_up: { tone: 'success', message: 'Welcome to Nestlist! Your email is confirmed and you are signed in.' },
  signed_out: { tone: 'success', message: 'You are signed out. See you soon!' },
  password_reset: { tone: 'success', message: 'Your new password is set and you are signed in.' },
  registry_item_added: { tone: 'success', message: 'Added to your registry.' },
  shared_link_missing: { tone: 'info', message: 'We could not find a product link in what you shared. Copy the product’s web address in the store, then paste it below.' },
  registry_created: { tone: 'success', message: 'Your registry is ready! Add a few favorites to get started.' },
  reservation_cancelled: { tone: 'success', message: 'Your reservation is cancelled, so the gift is free for someone else.' },
  registry_deleted: { tone: 'success', message: 'Your registry is deleted.' },
  collaborator_joined: { tone: 'success', message: 'You are in! You can now help manage this registry.' },
  collaborator_left: { tone: 'success', message: 'You left the registry. Its owner can invite you again any time.' },
  cart_added: { tone: 'success', message: 'Added to your cart.' },
  amazon_cart_added: { tone: 'success', message: 'Added to your Amazon cart. We hold it for you, so nobody else buys it.' },
  notify_me_saved: { tone: 'success', message: 'Thanks! We will email you once when it is back in stock.' },
  reservation_purchased: { tone: 'success', message: 'Thank you! The gift is marked as bought, so nobody buys it twice.' },
  gifts_ship_now: { tone: 'success', message: 'Your gifts are getting ready to ship. We will email you the tracking number when they leave.' },
  gifts_already_shipping: { tone: 'info', message: 'These gifts are already on their way to being shipped.' },
} as const satisfies Record<string, { tone: 'success' | 'info'; message: string }>

export type FlashKey = keyof typeof flashMessages

/** The cookie that carries a message to the next page (app/lib/flash.server.ts). */
export const FLASH_COOKIE = 'nestlist_flash'

/**
 * A message as the page gets it: the root loader sends its text, so the browser's bundles need not carry every
 * message (decision 018, amendment h18).
 */
export type FlashNote = { key: FlashKey; tone: 'success' | 'info'; message: string }
