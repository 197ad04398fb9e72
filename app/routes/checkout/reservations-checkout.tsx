import { type AppLoadContext, redirect } from 'react-router'
import { getViewer } from '~/modules/accounts/auth.server'
import { type CheckoutFailure, checkoutViewer, creditBalance, checkoutDefaults, newCheckoutKey, placeOrderFromForm, quoteFor } from '~/modules/orders/checkout.server'
import { savedCardsFor } from '~/modules/payments/saved-cards.server'
import { checkoutStrings as t } from '~/modules/orders/checkout.strings'
import { checkoutShouldRevalidate } from '~/modules/orders/ui/checkout-form'
import { CheckoutLayout } from '~/modules/orders/ui/checkout-layout'
import { heldReservations } from '~/modules/registry/reservation-holder.server'
import { isUuid } from '~/lib/uuid'
import { Alert } from '~/ui'
import type { Route } from './+types/reservations-checkout'

export const meta = () => [{ title: 'Buy your reserved gifts | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * The reservations this request may check out: ids in the link (tokens[]=) that this browser holds (its
 * reservation cookie) or that the signed-in giver made (the same rule as POST /api/v3/checkouts). Others are left
 * out, and counted for a message.
 */
async function heldReservationsOf(request: Request, context: AppLoadContext) {
  const url = new URL(request.url)
  const asked = [...new Set([...url.searchParams.getAll('tokens[]'), ...url.searchParams.getAll('tokens')].map((s) => s.toLowerCase()))].filter((id) => isUuid(id)).slice(0, 50)
  const session = await getViewer(request, context)
  const { held } = await heldReservations(context.services.reservations, asked, { cookieHeader: request.headers.get('Cookie'), user: session?.user ?? null })
  return { ids: held, askedCount: asked.length }
}

// 'Apply' on the checkout form asks for the summary only: no loader to run again.
export const shouldRevalidate = checkoutShouldRevalidate

/** /store/checkout/reservations?tokens[]=…: buy gifts reserved earlier; the same reservations turn purchased. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ids, askedCount } = await heldReservationsOf(request, context)
  const { viewer, session } = await checkoutViewer(request, context)
  const found = ids.length ? await quoteFor(context, viewer, { reservationIds: ids }) : { quote: null, problem: 'empty' as const, message: null }
  const quote = found.quote
  const usable = quote ? quote.lines.length : 0
  const defaults = checkoutDefaults(session?.user)
  return { quote, problem: found.problem, problemMessage: found.message, ignored: Math.max(0, askedCount - usable), ids, defaults, checkoutKey: newCheckoutKey(), signedIn: !!session, creditBalanceCents: await creditBalance(context, session?.user.id), savedCards: await savedCardsFor(context, session?.user.id) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ids } = await heldReservationsOf(request, context)
  if (ids.length === 0) throw redirect(new URL(request.url).pathname + new URL(request.url).search)
  return placeOrderFromForm(request, context, await request.formData(), { reservationIds: ids }, { shipsToRegistry: true })
}

export default function ReservationsCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, problem, problemMessage, ignored } = loaderData
  const failure = actionData as CheckoutFailure | undefined
  return (
    <CheckoutLayout
      title={t.reservationsTitle}
      notices={ignored > 0 && quote ? <Alert tone="info">{t.reservationsIgnored(ignored)}</Alert> : null}
      quote={quote}
      blocked={problem === 'no_registry_address' ? <Alert tone="info">{t.noRegistryAddress}</Alert> : null}
      empty={{ message: problemMessage ?? t.reservationsNone, action: { to: '/reservations', label: t.reservationsLink } }}
      loaderData={loaderData}
      failure={failure}
      form={{ registry: quote?.registry }}
    />
  )
}
