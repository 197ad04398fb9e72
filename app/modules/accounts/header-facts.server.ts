// What the header shows about the visitor: who is signed in and how many items their cart holds. Read by the root
// loader for every page, and by the page cache for a page it answers from its shared copy (server/personal-copy.ts),
// so the two cannot differ.
import type { AnyColumn } from 'drizzle-orm'
import type { HeaderViewer } from '~/components/account-menu'
import { readCartToken } from '~/modules/cart/cart-cookie.server'
import { type CartService, cartItemCountOf } from '~/modules/cart/cart.service.server'
import type { DiscountService, ShopDiscount } from '~/modules/discount/discount.service.server'
import { registryDiscountUsedOf } from '~/modules/orders/orders.service.server'
import type { BirthdayPromptUser } from '~/modules/birthday-prompt/birthday-prompt'
import { type AddTarget, addTargetOf, currentRegistryDiscountFactsOf, ownedRegistriesOf } from '~/modules/registry/registry.service.server'
import type { Services } from '~/services.server'
import { type AccountsService, sessionIdFor } from './accounts.service.server'
import type { Viewer } from './accounts.types'
import { readSessionToken } from './auth.server'

export type HeaderUser = { id: number; firstName: string; role: 'user' | 'staff'; emailVerified: boolean; createdAt: Date }

export type HeaderFacts<U extends HeaderUser = HeaderUser> = { user: U | null; viewer: HeaderViewer; cartCount: number }

/**
 * The header's facts for a Cookie header. `user` checks the session (the root loader's is shared with the page's
 * other loaders). The cart count is one indexed query, and none without a session or a guest cart cookie: with a
 * session it is read by the session's id at the same time as the session is checked (one round trip, not two)
 * and used only if the session is valid; a guest's by their cookie's token.
 */
export async function headerFacts<U extends HeaderUser>(
  cookie: string | null | undefined,
  services: Pick<Services, 'cart'>,
  user: () => Promise<U | null>,
): Promise<HeaderFacts<U>> {
  const cartToken = readCartToken(cookie)
  const sessionId = sessionIdFor(readSessionToken(cookie))
  const [signedIn, sessionCartCount] = await Promise.all([user(), sessionId ? services.cart.itemCountForSession(sessionId) : 0])
  const cartCount = signedIn ? sessionCartCount : cartToken ? await services.cart.itemCount({ guestToken: cartToken }) : 0
  return {
    user: signedIn,
    viewer: signedIn ? { firstName: signedIn.firstName, role: signedIn.role, emailVerified: signedIn.emailVerified } : null,
    cartCount,
  }
}

/** What a shop page made from the shared copy needs about its visitor (server/personal-copy.ts): the header and the banner. */
export type CopyHeaderFacts = HeaderFacts<Viewer> & {
  discountBanner: ShopDiscount | null
  /** With `addTarget` asked for (a product page), the registry the signed-in user adds products to (addTargetFor). */
  addTarget?: AddTarget | null
  /** With `birthdayPrompt` asked for (the landing page), the birthday prompt's facts (discount.shopExtrasFor's). */
  birthdayPrompt?: BirthdayPromptUser | null
}

/**
 * The header's facts and the registry discount banner for a page made from the shared copy (server/page-cache.ts),
 * in one statement for a signed-in visitor: the session check with the cart count, the current registry's discount
 * facts and whether its single-use discount was used read as columns of it (decision 028 h29; three to four round
 * trips before, each a system call of ~0.2 ms to wake a PostgreSQL backend). The same rules as headerFacts and
 * discount.shopExtrasFor: an invalid session counts a guest cart's cookie; the banner is the one a page without home
 * banner ads shows (the caller leaves it out of a page that has no banner).
 */
export function createCopyHeaderReader(services: {
  accounts: Pick<AccountsService, 'sessionReaderWith'>
  cart: Pick<CartService, 'itemCount'>
  discount: Pick<DiscountService, 'discountBannerOf' | 'birthdayPromptOf'>
}) {
  const columns = (userId: AnyColumn) => ({
    cartCount: cartItemCountOf(userId),
    registry: currentRegistryDiscountFactsOf(userId),
    discountUsed: registryDiscountUsedOf(userId),
  })
  const signedIn = services.accounts.sessionReaderWith('shop_copy_header', columns)
  // A product page's: the same, and the registry its Add to Registry block adds to.
  const signedInOnProduct = services.accounts.sessionReaderWith('shop_copy_header_product', (userId) => ({ ...columns(userId), addTarget: addTargetOf(userId) }))
  // The landing page's: the same, and the registries the user owns (the birthday prompt's facts, decision 028 h30).
  const signedInOnLanding = services.accounts.sessionReaderWith('shop_copy_header_landing', (userId) => ({ ...columns(userId), owned: ownedRegistriesOf(userId) }))
  return async (cookie: string | null | undefined, options: { addTarget?: boolean; birthdayPrompt?: boolean } = {}): Promise<CopyHeaderFacts> => {
    const token = readSessionToken(cookie)
    const read = options.addTarget ? signedInOnProduct : options.birthdayPrompt ? signedInOnLanding : signedIn
    const session = sessionIdFor(token) ? await read(token) : null
    if (session) {
      const { user, values } = session
      return {
        user,
        viewer: { firstName: user.firstName, role: user.role, emailVerified: user.emailVerified },
        cartCount: Number(values.cartCount),
        discountBanner: await services.discount.discountBannerOf(values.registry, () => values.discountUsed === true),
        ...('addTarget' in values ? { addTarget: values.addTarget as AddTarget | null } : {}),
        ...('owned' in values ? { birthdayPrompt: services.discount.birthdayPromptOf(user, values.owned as { id: number; ownerId: number; registryType: string }[]) } : {}),
      }
    }
    const cartToken = readCartToken(cookie)
    return {
      user: null,
      viewer: null,
      cartCount: cartToken ? await services.cart.itemCount({ guestToken: cartToken }) : 0,
      discountBanner: null,
      ...(options.birthdayPrompt ? { birthdayPrompt: null } : {}),
    }
  }
}

export type CopyHeaderReader = ReturnType<typeof createCopyHeaderReader>
