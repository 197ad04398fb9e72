import { data, Link } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { isUsStateCode } from '~/modules/accounts/us-states'
import { pageCartViewer } from '~/modules/cart/cart-cookie.server'
import { type CheckoutFailure, checkoutViewer, creditBalance, checkoutDefaults, newCheckoutKey, placeOrderFromForm, quoteFor } from '~/modules/orders/checkout.server'
import { groupGiftCopy } from '~/modules/cash-funds/cash-funds.strings'
import { savedCardsFor } from '~/modules/payments/saved-cards.server'
import { checkoutStrings as t } from '~/modules/orders/checkout.strings'
import { CartReview, groupCart } from '~/modules/orders/ui/cart-review'
import { checkoutShouldRevalidate } from '~/modules/orders/ui/checkout-form'
import { CheckoutLayout } from '~/modules/orders/ui/checkout-layout'
import { Alert, Container, Icon } from '~/ui'
import type { Route } from './+types/store-checkout'

export const meta = ({ location }: Route.MetaArgs) => [
  { title: `${new URLSearchParams(location.search).get('cart_type') === 'store' ? t.cartTitle : t.checkoutTitle} | Nestlist` },
  { name: 'robots', content: 'noindex' },
]

// A cart and a checkout are personal: no shared cache may keep them.
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

// 'Apply' on the checkout form asks for the summary only: no loader to run again.
export const shouldRevalidate = checkoutShouldRevalidate

/**
 * /store/checkout?cart_type=store: the cart review (own items and each registry's gifts, checked out apart).
 * /store/checkout: the one-page checkout of the shopper's own items.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { viewer, session } = await checkoutViewer(request, context)
  if (url.searchParams.get('cart_type') === 'store') {
    const cart = await context.services.cart.view(viewer)
    // Shipping as each group will be charged (one order per group), from the orders service's pricing.
    const shipping: Record<string, { shippingCents: number; freeShippingRemainingCents: number } | undefined> = {}
    for (const g of groupCart(cart)) {
      const scope = g.key === 'store' ? ('store' as const) : { registryId: Number(g.key.slice('registry-'.length)) }
      const { quote } = await quoteFor(context, viewer, scope)
      shipping[g.key] = quote ? { shippingCents: quote.shippingCents, freeShippingRemainingCents: quote.freeShippingRemainingCents } : undefined
    }
    return { mode: 'cart' as const, cart, shipping }
  }
  const saved = session ? await context.services.address.get(session.user.id) : null
  // The summary's state: ?state= (the form asks again when the shopper picks one), else the saved address's.
  const asked = url.searchParams.get('state')?.toUpperCase() ?? ''
  const state = isUsStateCode(asked) ? asked : (saved?.state ?? null)
  // ?apply_credit=1 (a link that knows the shopper has credit to spend, e.g. after "Order it" on a group gift)
  // starts with 'Apply my store credit' ticked and the summary showing it; ?group_gift={itemId} says where it came from.
  const creditBalanceCents = await creditBalance(context, session?.user.id)
  const applyCredit = url.searchParams.get('apply_credit') === '1' && creditBalanceCents > 0
  const groupGift = session && url.searchParams.has('group_gift') ? await context.services.cashFunds.orderedGroupGift(Number(url.searchParams.get('group_gift')), session.user.id) : null
  const { quote, message: problemMessage } = await quoteFor(context, viewer, 'store', state, applyCredit)
  const base = checkoutDefaults(session?.user, { applyCredit })
  const defaults = saved
    ? { ...base, name: saved.name || base.buyerName, line1: saved.line1, line2: saved.line2 ?? '', city: saved.city, state: saved.state, zip: saved.zip, phone: saved.phone ?? '' }
    : { ...base, name: base.buyerName }
  return {
    mode: 'checkout' as const,
    quote,
    problemMessage,
    defaults,
    checkoutKey: newCheckoutKey(),
    signedIn: !!session,
    savedAddressUsed: !!saved,
    creditBalanceCents,
    savedCards: await savedCardsFor(context, session?.user.id),
    groupGiftMessage: groupGift ? groupGiftCopy.ordered(groupGift.amountCents, groupGift.title) : null,
  }
}

type CartActionResult = { ok: true; intent: 'update' | 'remove' } | { ok: false; message: string }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'update' || intent === 'remove') {
    const { viewer } = await pageCartViewer(request, context)
    const lineId = Number(form.get('lineId'))
    try {
      if (intent === 'remove') await context.services.cart.remove(viewer, lineId)
      else await context.services.cart.update(viewer, lineId, { quantity: form.get('quantity') })
      return data<CartActionResult>({ ok: true, intent })
    } catch (error) {
      if (isDomainError(error) && error.code === 'not_found') return data<CartActionResult>({ ok: false, message: error.message }, { status: 404 })
      const failure = formFailure(error)
      return data<CartActionResult>({ ok: false, message: failure.fields.quantity?.[0] ?? failure.message }, { status: failure.status })
    }
  }
  // After "Order it" (?group_gift={itemId}): the order is recorded against that group gift (one UPDATE by id,
  // after the order is placed; the service checks it is the family's redemption and this buyer's order).
  const groupGiftItem = Number(new URL(request.url).searchParams.get('group_gift'))
  return placeOrderFromForm(request, context, form, 'store', {
    shipsToRegistry: false,
    ...(groupGiftItem > 0 ? { afterPlaced: (order, userId) => (userId ? context.services.cashFunds.linkGroupGiftOrder(groupGiftItem, order.id, userId) : Promise.resolve(false)) } : {}),
  })
}

export default function StoreCheckout({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'cart') {
    const result = actionData as CartActionResult | undefined
    return (
      <Container size="md" className="flex flex-col gap-6 py-8 sm:py-12">
        <h1 className="text-3xl font-bold">{t.cartTitle}</h1>
        {result && !result.ok && !('intent' in result) ? <Alert tone="error">{result.message}</Alert> : null}
        <CartReview cart={loaderData.cart} shipping={loaderData.shipping} message={result?.ok ? (result.intent === 'remove' ? t.removed : t.updated) : null} />
      </Container>
    )
  }
  const failure = actionData && 'values' in actionData ? (actionData as CheckoutFailure) : undefined
  const { quote, problemMessage } = loaderData
  return (
    <CheckoutLayout
      title={t.checkoutTitle}
      aside={
        <Link to="/store/checkout?cart_type=store" className="inline-flex min-h-11 items-center gap-1 font-semibold text-berry-700 underline underline-offset-2">
          <Icon name="chevron-left" className="size-4" />
          {t.backToCart}
        </Link>
      }
      notices={loaderData.groupGiftMessage && !failure ? <Alert tone="success">{loaderData.groupGiftMessage}</Alert> : null}
      quote={quote}
      empty={{ message: problemMessage ?? t.checkoutEmpty, action: { to: '/store', label: t.shopLink } }}
      unavailableAction={{ to: '/store/checkout?cart_type=store', label: t.backToCart }}
      loaderData={loaderData}
      failure={failure}
      form={{ savedAddressUsed: loaderData.savedAddressUsed && !failure }}
    />
  )
}
