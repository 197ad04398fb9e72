import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { INSERT_CARD_QUANTITIES, insertCardStatuses, insertCardStatusLabels, type InsertCardStatus } from '~/modules/insert-cards/insert-cards.validation'
import { InsertCardPreview } from '~/modules/insert-cards/ui/insert-card-preview'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { qrCodeDataUri } from '~/modules/registry/ui/share-qr.server'
import { Alert, Badge, Button, Card, cx, FieldError, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/insert-cards'

export const meta = () => [{ title: 'Insert cards | Nestlist' }, { name: 'robots', content: 'noindex' }]

// The shipping address is on this page: never in a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const formatDate = (iso: string) => dateFormat.format(new Date(iso))

/** /registry/share/insert-cards: order printed insert cards for shower invitations, with a preview, and follow the orders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new')
  const url = new URL(request.url)
  // The address printed on the cards: the one public origin, as the order below prints it (docs/decisions/034).
  const link = `${context.services.publicOrigin}/${registry.slug}`
  const [qr, { orders, freeOrderAvailable }] = await Promise.all([qrCodeDataUri(link), context.services.insertCards.list(registry.id, user.id)])
  const query = url.searchParams.get('registry') ? `?registry=${registry.id}` : ''
  return {
    registry: { id: registry.id, title: registry.title, familyName: registry.familyName, shippingAddress: registry.shippingAddress },
    link,
    qr,
    orders,
    freeOrderAvailable,
    query,
  }
}

type ActionResult = { ok: true; orderId: number; quantity: number; at: number } | (FormFailure & { quantity: string; at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new')
  const form = await request.formData()
  const quantity = String(form.get('quantity') ?? '').slice(0, 10)
  const at = Date.now()
  try {
    const order = await context.services.insertCards.order(registry.id, user.id, { quantity }, { origin: context.services.publicOrigin })
    return data<ActionResult>({ ok: true, orderId: order.id, quantity: order.quantity, at })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, quantity, at }, { status: failure.status })
  }
}

export default function InsertCards({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, link, qr, orders, freeOrderAvailable, query } = loaderData
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : undefined
  const navigation = useNavigation()
  const [quantity, setQuantity] = useState<number>(Number(failure?.quantity) || 20)
  const address = registry.shippingAddress
  const quantityError = failure?.fields.quantity?.[0]
  return (
    <div className="flex flex-col gap-8 py-4 sm:py-8">
      <header className="flex flex-col gap-3">
        <Link to={`/registry/share${query}`} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
          <Icon name="chevron-left" className="size-4" />
          Back to sharing
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">Insert cards</h1>
        <p className="max-w-prose text-base text-muted">
          Tuck a card into each shower invitation so guests can find {registry.title} with a quick scan. Your first set is free, with free shipping.
        </p>
      </header>

      {result?.ok ? (
        <Alert tone="success" title="Your insert cards are ordered" key={result.at}>
          We will print {result.quantity} cards and send them to your shipping address. You can follow the order below.
        </Alert>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {freeOrderAvailable ? (
            <Card as="section" aria-labelledby="order-title" className="p-5 sm:p-7">
              <h2 id="order-title" className="text-xl font-bold text-ink">
                Order your free cards
              </h2>
              {!address ? (
                <Alert tone="info" title="Add a shipping address first" className="mt-4">
                  <p>We send the cards to your registry’s shipping address, and it is not set yet.</p>
                  <LinkButton to={`/settings/registry${query}#gift-address-title`} size="sm" className="mt-3">
                    Add a shipping address
                  </LinkButton>
                </Alert>
              ) : (
                <Form method="post" className="mt-4 flex flex-col gap-6" noValidate>
                  {failure && !quantityError ? <Alert tone="error">{failure.message}</Alert> : null}
                  <fieldset aria-describedby={quantityError ? 'quantity-error' : undefined}>
                    <legend className="text-sm font-semibold text-ink">How many cards?</legend>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {INSERT_CARD_QUANTITIES.map((q) => (
                        <label
                          key={q}
                          className={cx(
                            'flex min-h-11 min-w-16 cursor-pointer items-center justify-center rounded-full border px-4 text-base font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-berry-700',
                            quantity === q ? 'border-berry-700 bg-berry-700 text-white' : 'border-line-strong bg-white text-ink hover:bg-berry-50',
                          )}
                        >
                          <input type="radio" name="quantity" value={q} checked={quantity === q} onChange={() => setQuantity(q)} className="sr-only" />
                          {q}
                        </label>
                      ))}
                    </div>
                    <FieldError id="quantity-error">{quantityError}</FieldError>
                  </fieldset>
                  <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-xl border border-line bg-cream p-4 text-base">
                    <dt className="text-muted">{quantity} insert cards</dt>
                    <dd className="text-right font-semibold text-ink">Free</dd>
                    <dt className="text-muted">Shipping</dt>
                    <dd className="text-right font-semibold text-ink">Free</dd>
                    <dt className="font-bold text-ink">Total</dt>
                    <dd className="text-right font-bold text-ink">{formatCents(0)}</dd>
                  </dl>
                  <div>
                    <p className="text-sm font-semibold text-ink">Ships to</p>
                    <address className="mt-1 text-base text-ink not-italic">
                      {address.name}
                      <br />
                      {address.line1}
                      {address.line2 ? (
                        <>
                          <br />
                          {address.line2}
                        </>
                      ) : null}
                      <br />
                      {address.city}, {address.state} {address.zip}
                    </address>
                    <Link to={`/settings/registry${query}#gift-address-title`} className="mt-1 inline-block text-sm font-semibold text-berry-700 underline underline-offset-2">
                      Change the shipping address
                    </Link>
                  </div>
                  <div>
                    <Button type="submit" size="lg" pending={navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'} pendingLabel="Ordering…">
                      Order {quantity} free cards
                    </Button>
                  </div>
                </Form>
              )}
            </Card>
          ) : (
            <Alert tone="info" title="Your free cards are ordered">
              Each registry gets one free set of insert cards. Follow your order below.
            </Alert>
          )}

          <section aria-labelledby="orders-title" className="flex flex-col gap-3">
            <h2 id="orders-title" className="text-xl font-bold text-ink">
              Your orders
            </h2>
            {orders.length === 0 ? (
              <p className="text-base text-muted">No insert card orders yet.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {orders.map((o) => (
                  <li key={o.id}>
                    <Card className="flex flex-col gap-3 p-4 sm:p-5">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="font-semibold text-ink">
                          {o.quantity} insert cards&nbsp;· ordered {formatDate(o.createdAt)}
                        </p>
                        <Badge variant={o.status === 'shipped' ? 'success' : 'info'}>{insertCardStatusLabels[o.status]}</Badge>
                      </div>
                      <OrderSteps status={o.status} />
                      <p className="text-sm text-muted">
                        {o.priceCents + o.shippingCents === 0 ? 'Free, with free shipping' : formatCents(o.priceCents + o.shippingCents)}&nbsp;· to {o.shipTo.name}, {o.shipTo.city}, {o.shipTo.state}
                      </p>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside aria-label="Card preview" className="lg:sticky lg:top-6">
          <InsertCardPreview familyName={registry.familyName} title={registry.title} url={link} qr={qr} quantity={freeOrderAvailable && address ? quantity : undefined} />
        </aside>
      </div>
    </div>
  )
}

/** ordered → printed → shipped, with the current step marked for screen readers too. */
function OrderSteps({ status }: { status: InsertCardStatus }) {
  const reached = insertCardStatuses.indexOf(status)
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Order progress">
      {insertCardStatuses.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i === reached ? 'step' : undefined}>
          <span
            className={cx(
              'inline-flex min-h-8 items-center gap-1 rounded-full px-3 font-semibold',
              i <= reached ? 'bg-sage-100 text-sage-700' : 'border border-line bg-white text-muted',
            )}
          >
            {i <= reached ? <Icon name="check" className="size-4" /> : null}
            {insertCardStatusLabels[s]}
            {i <= reached ? null : <span className="sr-only"> (not yet)</span>}
          </span>
          {i < insertCardStatuses.length - 1 ? <span aria-hidden="true" className="text-muted">→</span> : null}
        </li>
      ))}
    </ol>
  )
}
