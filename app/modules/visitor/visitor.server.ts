// What the site knows about the person looking at it, for the personal parts of a page (docs/decisions/037): who is
// signed in, how many items their cart holds, their registry (the 'My registry' link, the registry discount banner,
// the birthday prompt, the registry 'Add to Registry' adds to), and their address for 'Notify me'. The one
// definition: GET /api/v3/me/header answers it for shared pages (app/api/v3/me.ts), and the root loader of a
// personal page reads the header's part of it (app/root.tsx).
//
// A signed-in visitor's facts are one statement: the session check with every fact as a column of it (each round trip
// costs a system call to wake a PostgreSQL backend). An invalid session counts a guest cart's cookie.
//
// Its own module, not part of accounts: it reads across accounts, cart, orders, registry and discount, and none of
// them imports it, so no module has to import another that imports it back.
import type { AnyColumn } from 'drizzle-orm'
import type { HeaderViewer } from '~/components/account-menu'
import type { BirthdayPromptUser } from '~/modules/birthday-prompt/birthday-prompt'
import { readCartToken } from '~/modules/cart/cart-cookie.server'
import { type CartService, cartItemCountOf } from '~/modules/cart/cart.service.server'
import type { DiscountService, ShopDiscount } from '~/modules/discount/discount.service.server'
import { registryDiscountUsedOf } from '~/modules/orders/orders.service.server'
import { quickBuyOfferedOf } from '~/modules/orders/quick-buy-offer.server'
import { type AddTarget, addTargetOf, currentRegistryDiscountFactsOf, ownedRegistriesOf } from '~/modules/registry/registry.service.server'
import type { AccountsService } from '~/modules/accounts/accounts.service.server'
import { readSessionToken } from '~/modules/accounts/auth.server'

export type VisitorFacts = {
  viewer: HeaderViewer
  /** The visitor's own address ('Notify me' writes to it); null for a guest. */
  email: string | null
  cartCount: number
  /** The registry the visitor owns (the header's 'My registry' link); null when they own none. */
  myRegistry: { href: string } | null
  /** The registry discount banner's facts for an owner whose discount is open; null otherwise. */
  discountBanner: ShopDiscount | null
  birthdayPrompt: BirthdayPromptUser | null
  /** The registry 'Add to Registry' adds to (their own first, else one they help with); null when none. */
  addTarget: AddTarget | null
  /** 'Buy now in one step' is offered: a saved shipping address and an unexpired saved card (orders' quick-buy-offer). */
  quickBuy: boolean
}

export const ANONYMOUS_VISITOR: VisitorFacts = { viewer: null, email: null, cartCount: 0, myRegistry: null, discountBanner: null, birthdayPrompt: null, addTarget: null, quickBuy: false }

/** Where the 'My registry' link goes: the owner's registry home. */
export const MY_REGISTRY_PATH = '/registry/home'

export type VisitorReader = ReturnType<typeof createVisitorReader>

export function createVisitorReader(services: {
  accounts: Pick<AccountsService, 'sessionReaderWith'>
  cart: Pick<CartService, 'itemCount'>
  discount: Pick<DiscountService, 'discountBannerOf' | 'birthdayPromptOf'>
}) {
  const signedIn = services.accounts.sessionReaderWith('visitor_facts', (userId: AnyColumn) => ({
    cartCount: cartItemCountOf(userId),
    registry: currentRegistryDiscountFactsOf(userId),
    discountUsed: registryDiscountUsedOf(userId),
    addTarget: addTargetOf(userId),
    owned: ownedRegistriesOf(userId),
    quickBuy: quickBuyOfferedOf(userId),
  }))
  return async (cookie: string | null | undefined): Promise<VisitorFacts> => {
    const session = await signedIn(readSessionToken(cookie))
    if (!session) {
      const cartToken = readCartToken(cookie)
      return { ...ANONYMOUS_VISITOR, cartCount: cartToken ? await services.cart.itemCount({ guestToken: cartToken }) : 0 }
    }
    const { user, values } = session
    const owned = (values.owned ?? []) as { id: number; ownerId: number; registryType: string }[]
    const mine = owned.filter((r) => r.ownerId === user.id)
    return {
      viewer: { firstName: user.firstName, role: user.role, emailVerified: user.emailVerified },
      email: user.email,
      cartCount: Number(values.cartCount),
      myRegistry: mine.length > 0 ? { href: MY_REGISTRY_PATH } : null,
      discountBanner: await services.discount.discountBannerOf(values.registry, () => values.discountUsed === true),
      birthdayPrompt: services.discount.birthdayPromptOf(user, owned),
      addTarget: (values.addTarget ?? null) as AddTarget | null,
      quickBuy: values.quickBuy === true,
    }
  }
}
