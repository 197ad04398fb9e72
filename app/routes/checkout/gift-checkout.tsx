import { data } from 'react-router'
import { type CheckoutFailure, checkoutViewer, creditBalance, giftCheckoutDefaults, newCheckoutKey, placeOrderFromForm, quoteFor } from '~/modules/orders/checkout.server'
import { savedCardsFor } from '~/modules/payments/saved-cards.server'
import { checkoutStrings as t } from '~/modules/orders/checkout.strings'
import { checkoutShouldRevalidate } from '~/modules/orders/ui/checkout-form'
import { CheckoutLayout, Way } from '~/modules/orders/ui/checkout-layout'
import { Alert } from '~/ui'
import type { Route } from './+types/gift-checkout'

export const meta = () => [{ title: 'Gift checkout | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

function registryIdOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get('registry_id') ?? ''
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: 'That registry link is not complete. Open the registry and choose Buy from Nestlist again.' }, { status: 404 })
  return id
}


// 'Apply' on the checkout form asks for the summary only: no loader to run again.
export const shouldRevalidate = checkoutShouldRevalidate

/**
 * /store-checkout-hbb?registry_id={id}: checkout of the cart's gifts for one registry. They ship to the family;
 * the buyer sees only the family name, city and state (never the street).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const registryId = registryIdOf(request)
  const { viewer, session } = await checkoutViewer(request, context)
  const { quote, problem, message: problemMessage } = await quoteFor(context, viewer, { registryId })
  // Without an address the quote cannot be made: name the family (never more) and offer reserving instead.
  const registry = problem === 'no_registry_address' ? await context.services.registry.guestView(registryId).catch(() => null) : null
  return {
    registryId,
    quote,
    problem,
    problemMessage,
    noAddressFamily: registry ? { familyName: registry.familyName, href: `/list/${registry.id}` } : null,
    defaults: await giftCheckoutDefaults(context, session?.user),
    checkoutKey: newCheckoutKey(),
    signedIn: !!session,
    creditBalanceCents: await creditBalance(context, session?.user.id),
    savedCards: await savedCardsFor(context, session?.user.id),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const registryId = registryIdOf(request)
  return placeOrderFromForm(request, context, await request.formData(), { registryId }, { shipsToRegistry: true })
}

export default function GiftCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, problem, problemMessage, noAddressFamily } = loaderData
  const failure = actionData as CheckoutFailure | undefined
  return (
    <CheckoutLayout
      title={quote?.registry ? t.giftCheckoutTitle(quote.registry.familyName) : t.checkoutTitle}
      quote={quote}
      blocked={
        problem === 'no_registry_address' ? (
          <Way action={noAddressFamily ? { to: noAddressFamily.href, label: t.reserveInstead } : undefined}>
            <Alert tone="info">{t.noRegistryAddress}</Alert>
          </Way>
        ) : null
      }
      empty={{ message: problemMessage ?? t.checkoutEmptyGifts, action: { to: '/store/checkout?cart_type=store', label: t.backToCart } }}
      unavailableAction={{ to: '/store/checkout?cart_type=store', label: t.backToCart }}
      loaderData={loaderData}
      failure={failure}
      form={{ registry: quote?.registry }}
    />
  )
}
