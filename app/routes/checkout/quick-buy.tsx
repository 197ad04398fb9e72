import { type AppLoadContext, data, Form, Link, useNavigation, useSubmit } from 'react-router'
import { useEffect, useRef } from 'react'
import { isDomainError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { type CheckoutFailure, checkoutValuesFrom, newCheckoutKey, placeOrderFromForm } from '~/modules/orders/checkout.server'
import { checkoutStrings as ct } from '~/modules/orders/checkout.strings'
import { quickBuyStrings as t } from '~/modules/orders/quick-buy.strings'
import { ShownAmountFields } from '~/modules/orders/ui/checkout-form'
import { OrderSummary } from '~/modules/orders/ui/order-summary'
import { savedCardsFor } from '~/modules/payments/saved-cards.server'
import { CardChoice } from '~/modules/payments/ui/card-choice'
import { Alert, Button, Card, Container, FieldError, inputClasses, Label, LinkButton } from '~/ui'
import type { Route } from './+types/quick-buy'

export const meta = () => [{ title: 'Buy now | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

const QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

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

/**
 * /quick_buy (docs/decisions/026): one product in one step for a signed-in shopper: the product (options and
 * quantity), the saved address, the default saved card (or another, or a new one), the same quote as checkout,
 * and one 'Buy now'. Anonymous visitors sign in first and come back here (requireUser's safe redirect).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const scope = buyNowOf(request)
  const product = await context.services.catalog.product({ id: scope.buyNow.productId }).catch((error: unknown) => {
    if (isDomainError(error) && error.code === 'not_found') throw data({ message: error.message }, { status: 404 })
    throw error
  })
  const [address, cards] = await Promise.all([savedAddressOf(context, user.id), savedCardsFor(context, user.id)])
  let quote: (Awaited<ReturnType<typeof context.services.orders.quote>> & { unavailable?: string[] }) | null = null
  let problem: string | null = null
  let needsOptions = false
  try {
    quote = await context.services.orders.quote({ userId: user.id }, { scope, state: address?.state })
  } catch (error) {
    // A size or colour not chosen yet: the selectors ask for it. Anything else (not for sale…): say it.
    if (!isDomainError(error)) throw error
    needsOptions = !!(error.fields?.size || error.fields?.color) && (!scope.buyNow.size || !scope.buyNow.color)
    problem = error.message
  }
  return {
    product: { id: product.productId, title: product.title, brand: product.brand.name, imageUrl: product.imageUrl, path: product.path, options: product.options, available: product.available },
    chosen: scope.buyNow,
    quote,
    problem,
    needsOptions,
    address,
    cards,
    checkoutKey: newCheckoutKey(),
    search: new URL(request.url).search,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const address = await savedAddressOf(context, user.id)
  if (!address) return data<CheckoutFailure>({ ok: false, message: t.noAddress, fields: {}, values: checkoutValuesFrom(form) }, { status: 422 })
  // The receipt goes to the account's email, in the account holder's name: nothing to type.
  form.set('email', user.email)
  form.set('buyerName', `${user.firstName} ${user.lastName}`.trim() || address.name)
  return placeOrderFromForm(request, context, form, buyNowOf(request), { shipsToRegistry: false, shippingAddress: address })
}

function OptionSelect({ name, label, options, value, error }: { name: string; label: string; options: string[]; value?: string; error?: string }) {
  return (
    <div>
      <Label htmlFor={`qb-${name}`}>{label}</Label>
      <select
        id={`qb-${name}`}
        name={name}
        defaultValue={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `qb-${name}-error` : undefined}
        className={`${inputClasses} mt-1.5`}
      >
        {value ? null : <option value="">{t.chooseOption}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <FieldError id={`qb-${name}-error`}>{error}</FieldError>
    </div>
  )
}

export default function QuickBuy({ loaderData, actionData }: Route.ComponentProps) {
  const { product, chosen, problem, needsOptions, address, cards, search } = loaderData
  const failure = actionData as CheckoutFailure | undefined
  // A refused 'Buy now' comes back with the summary as it stands now (a price or tax that changed meanwhile).
  const quote = failure?.quote ?? loaderData.quote
  const navigation = useNavigation()
  const placing = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const submit = useSubmit()
  const buyForm = useRef<HTMLFormElement>(null)
  // After a failure the card number and security code are asked again, as on checkout (never sent back either).
  useEffect(() => {
    if (!failure || !buyForm.current) return
    for (const name of ['cardNumber', 'cardCvc']) {
      const input = buyForm.current.elements.namedItem(name) as HTMLInputElement | null
      if (input) input.value = ''
    }
  }, [failure])
  useFocusFirstInvalid(buyForm, failure)
  const soldOut = quote?.unavailable && quote.unavailable.length > 0 ? quote.unavailable : null
  const sizes = product.options.sizes ?? []
  // The selectors turn red only after the shopper sent the options form without a choice, not on arrival.
  const optionsSent = /[?&](size|color)=/.test(search)
  const colors = product.options.colors ?? []

  return (
    <Container size="lg" className="flex flex-col gap-6 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold">{t.title}</h1>
        <p className="mt-1 text-muted">{t.intro}</p>
      </div>
      {!address ? (
        <div className="flex flex-col items-start gap-4">
          <Alert tone="info">{t.noAddress}</Alert>
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/settings/shipping">{t.addAddress}</LinkButton>
            {/* Not a dead end: the product's own page still has Add to Cart and the regular checkout. */}
            <LinkButton to={product.path} variant="secondary">
              {t.backToProduct}
            </LinkButton>
          </div>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
          <div className="flex flex-col gap-6">
            <Card as="section" aria-labelledby="qb-item-title" className="flex flex-col gap-5 p-5 sm:p-6">
              <h2 id="qb-item-title" className="text-xl font-bold">
                {t.productHeading}
              </h2>
              <div className="flex items-start gap-4">
                <img src={product.imageUrl} alt="" width={96} height={96} className="size-24 shrink-0 rounded-xl border border-line bg-white object-contain" />
                <div className="min-w-0">
                  <p className="text-sm text-muted">{product.brand}</p>
                  <Link to={product.path} className="font-semibold text-ink underline-offset-2 hover:underline">
                    {product.title}
                  </Link>
                  {quote?.lines[0] ? <p className="mt-1 font-semibold tabular-nums">{formatCents(quote.lines[0].unitPriceCents)}</p> : null}
                </div>
              </div>
              {/* Options and quantity: a GET form (the page quotes again); with JavaScript it updates as soon as one changes. */}
              <Form method="get" action="/quick_buy" replace preventScrollReset className="grid gap-4 sm:grid-cols-3 sm:items-end" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
                <input type="hidden" name="product_id" value={product.id} />
                {sizes.length > 0 ? <OptionSelect name="size" label={t.size} options={sizes} value={chosen.size} error={optionsSent && needsOptions && !chosen.size ? (problem ?? undefined) : undefined} /> : null}
                {colors.length > 0 ? <OptionSelect name="color" label={t.color} options={colors} value={chosen.color} error={optionsSent && needsOptions && !chosen.color && (chosen.size || sizes.length === 0) ? (problem ?? undefined) : undefined} /> : null}
                <div>
                  <Label htmlFor="qb-quantity">{t.quantity}</Label>
                  <select id="qb-quantity" name="quantity" defaultValue={String(chosen.quantity)} className={`${inputClasses} mt-1.5`}>
                    {QUANTITIES.map((q) => (
                      <option key={q} value={q}>
                        {q}
                      </option>
                    ))}
                  </select>
                </div>
                <noscript>
                  <Button type="submit" variant="secondary">
                    {t.update}
                  </Button>
                </noscript>
              </Form>
            </Card>

            <Form ref={buyForm} id="qb-buy" method="post" action={`/quick_buy${search}`} noValidate className="flex flex-col gap-6">
              <input type="hidden" name="checkoutKey" value={failure?.values.checkoutKey || loaderData.checkoutKey} />
              {quote ? <ShownAmountFields quote={quote} /> : null}
              <Card as="section" aria-labelledby="qb-ship-title" className="flex flex-col gap-3 p-5 sm:p-6">
                <div className="flex flex-wrap items-baseline justify-between gap-3">
                  <h2 id="qb-ship-title" className="text-xl font-bold">
                    {t.shipTo}
                  </h2>
                  <Link to="/settings/shipping" className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2" aria-label={t.changeAddressLabel}>
                    {t.changeAddress}
                  </Link>
                </div>
                <address className="not-italic">
                  {[address.name, address.line1, address.line2, `${address.city}, ${address.state} ${address.zip}`].filter(Boolean).map((l) => (
                    <span key={l} className="block">
                      {l}
                    </span>
                  ))}
                </address>
              </Card>
              <Card as="section" aria-labelledby="qb-pay-title" className="flex flex-col gap-4 p-5 sm:p-6">
                <h2 id="qb-pay-title" className="text-xl font-bold">
                  {t.payWith}
                </h2>
                {cards.length === 0 ? (
                  <p className="text-sm text-muted">
                    {t.noCard}{' '}
                    <Link to="/settings/payment-methods" className="font-semibold text-berry-700 underline underline-offset-2">
                      {t.addCardLink}
                    </Link>
                  </p>
                ) : cards.every((c) => c.expired) ? (
                  <p className="text-sm text-muted">{t.noUsableCard}</p>
                ) : null}
                <CardChoice
                  cards={cards}
                  chosen={failure?.values.paymentMethodId}
                  errors={failure?.fields}
                  defaults={{ cardExpiry: failure?.values.cardExpiry ?? '', cardName: failure?.values.cardName ?? '' }}
                  canSave
                  saveChecked={failure?.values.saveCard ?? cards.length === 0}
                  testCardHint={ct.testCardHint}
                  labels={{ cardNumber: ct.cardNumber, cardExpiry: ct.cardExpiry, cardCvc: ct.cardCvc, cardName: ct.cardName }}
                />
              </Card>
            </Form>
          </div>

          <div className="flex flex-col gap-4 lg:sticky lg:top-6">
            {failure ? <Alert tone="error">{failure.message}</Alert> : null}
            {soldOut ? (
              <div className="flex flex-col items-start gap-3">
                <Alert tone="error">{t.soldOut(soldOut.join(', '))}</Alert>
                <LinkButton to={product.path} variant="secondary">
                  {t.backToProduct}
                </LinkButton>
              </div>
            ) : quote ? (
              <>
                <OrderSummary quote={quote} idPrefix="qb-summary" className="flex" />
                <Button type="submit" form="qb-buy" size="lg" pending={placing} pendingLabel={t.placing} disabled={placing} className="w-full">
                  {`${t.buyNow}\u00a0· ${formatCents(quote.totalCents)}`}
                </Button>
              </>
            ) : needsOptions ? (
              <Alert tone="info">{t.chooseFirst}</Alert>
            ) : (
              <div className="flex flex-col items-start gap-3">
                <Alert tone="error">{problem ?? t.notForQuickBuy}</Alert>
                <LinkButton to={product.path} variant="secondary">
                  {t.backToProduct}
                </LinkButton>
              </div>
            )}
          </div>
        </div>
      )}
    </Container>
  )
}
