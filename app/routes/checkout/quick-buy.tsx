import { type AppLoadContext, data, Link } from 'react-router'
import { requireUser } from '~/modules/accounts/auth.server'
import { isDomainError } from '~/lib/errors'
import { type CheckoutFailure, checkoutDefaults, newCheckoutKey, placeOrderFromForm } from '~/modules/orders/checkout.server'
import { checkoutStrings as t } from '~/modules/orders/checkout.strings'
import { checkoutShouldRevalidate, CheckoutForm } from '~/modules/orders/ui/checkout-form'
import { Alert, Container, LinkButton } from '~/ui'
import type { Route } from './+types/quick-buy'

export const meta = () => [{ title: 'Buy now | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** ?product_id=&size=&color=&quantity= → the one-product scope (checked by the orders service). */
function buyNowOf(request: Request) {
  const q = new URL(request.url).searchParams
  const productId = Number(q.get('product_id') ?? '')
  if (!Number.isSafeInteger(productId) || productId <= 0) throw data({ message: 'Choose a product to buy from its page.' }, { status: 404 })
  const quantity = Number(q.get('quantity') ?? '1')
  return {
    buyNow: {
      productId,
      quantity: Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= 10 ? quantity : 1,
      size: q.get('size') || undefined,
      color: q.get('color') || undefined,
    },
  }
}

async function savedAddressOf(context: AppLoadContext, userId: number) {
  const a = await context.services.address.get(userId)
  return a ? { name: a.name, line1: a.line1, line2: a.line2, city: a.city, state: a.state, zip: a.zip, phone: a.phone } : null
}

// 'Apply' on the checkout form asks for the summary only: no loader to run again.
export const shouldRevalidate = checkoutShouldRevalidate

/**
 * /quick_buy: one product in one step for a signed-in shopper with a saved address. Nestlist keeps no cards
 * (the card processor has no stored-card charge yet), so the card is entered here; nothing else is asked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const scope = buyNowOf(request)
  const address = await savedAddressOf(context, user.id)
  let quote: Awaited<ReturnType<typeof context.services.orders.quote>> | null = null
  let problem: string | null = null
  try {
    quote = await context.services.orders.quote({ userId: user.id }, { scope, state: address?.state })
  } catch (error) {
    // An unknown product, a missing size or colour: say which, as Add to Cart would.
    if (!isDomainError(error)) throw error
    problem = error.message
  }
  const defaults = checkoutDefaults(user)
  return { quote, problem, address, defaults, checkoutKey: newCheckoutKey(), here: new URL(request.url).search }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const address = await savedAddressOf(context, user.id)
  const form = await request.formData()
  if (!address) return data<CheckoutFailure>({ ok: false, message: t.quickBuyNeedsAddress, fields: {}, values: { checkoutKey: String(form.get('checkoutKey') ?? ''), email: '', buyerName: '', name: '', line1: '', line2: '', city: '', state: '', zip: '', phone: '', giftMessage: '', giftCardCode: '', applyCredit: false, cardExpiry: '', cardName: '' } }, { status: 422 })
  return placeOrderFromForm(request, context, form, buyNowOf(request), { shipsToRegistry: false, shippingAddress: address })
}

export default function QuickBuy({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, problem, address } = loaderData
  const failure = actionData as CheckoutFailure | undefined
  return (
    <Container size="lg" className="flex flex-col gap-6 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold">{t.quickBuyTitle}</h1>
        <p className="mt-1 text-muted">{t.quickBuyIntro}</p>
      </div>
      {!address ? (
        <div className="flex flex-col items-start gap-4">
          <Alert tone="info">{t.quickBuyNeedsAddress}</Alert>
          <LinkButton to="/settings/shipping">{t.addAddress}</LinkButton>
        </div>
      ) : problem || !quote ? (
        <Alert tone="error">{problem ?? t.checkoutEmpty}</Alert>
      ) : quote.unavailable.length > 0 ? (
        <Alert tone="error">{`${quote.unavailable.join(', ')}: sold out.`}</Alert>
      ) : (
        <>
          <Alert tone="info">{t.quickBuyCardNote}</Alert>
          <CheckoutForm
            quote={quote}
            checkoutKey={failure?.values.checkoutKey || loaderData.checkoutKey}
            defaults={failure ? { ...loaderData.defaults, ...failure.values } : loaderData.defaults}
            failure={failure}
            signedIn
            submitLabel={t.buyNow}
            address={
              <div className="flex flex-wrap items-start justify-between gap-3">
                <address className="not-italic">
                  {[address.name, address.line1, address.line2, `${address.city}, ${address.state} ${address.zip}`].filter(Boolean).map((l) => (
                    <span key={l} className="block">
                      {l}
                    </span>
                  ))}
                </address>
                <Link to="/settings/shipping" className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2">
                  {t.change}
                  <span className="sr-only"> shipping address</span>
                </Link>
              </div>
            }
          />
        </>
      )}
    </Container>
  )
}
