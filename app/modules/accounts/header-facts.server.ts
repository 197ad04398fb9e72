// What the header shows about the visitor: who is signed in and how many items their cart holds. Read by the root
// loader for every page, and by the page cache for a page it answers from its shared copy (server/personal-copy.ts),
// so the two cannot differ.
import type { HeaderViewer } from '~/components/account-menu'
import { readCartToken } from '~/modules/cart/cart-cookie.server'
import type { Services } from '~/services.server'
import { sessionIdFor } from './accounts.service.server'
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
