import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { type ThankYouValues, ReserveThankYouForm, thankYouValuesFrom } from '~/modules/registry/ui/reserve-thank-you-form'
import { orNotFound } from '~/routes/store/http-errors'
import { Alert, Badge, Button, buttonClasses, Container, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/show'
import { ItemPicture } from '~/modules/registry/ui/item-picture'
import { rememberReservationCookie, visitorReservationIds } from './reserve.server'

export const meta = () => [{ title: 'Your gift | Nestlist' }, { name: 'robots', content: 'noindex' }]

// The link is the key to this page, so nothing here may be stored by shared caches.
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** /reservations/{id}: the giver's reservation (whoever holds the link from the email or the confirmation). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const reservation = await orNotFound(context.services.reservations.forGiver(params.id))
  const url = new URL(request.url)
  let buyHref = reservation.item.href
  if (!buyHref) {
    // A shop product: its page in our shop is where to buy it.
    const registry = await context.services.registry.guestView(reservation.registry.id).catch(() => null)
    buyHref = registry?.items.find((i) => i.id === reservation.item.id)?.href ?? null
  }
  // Other stores the family added for this item.
  const offers = (await context.services.externalProducts.offersFor([reservation.item.id]))[reservation.item.id] ?? []
  // A shop gift still held: buy it now, shipped to the family (the reserved-gifts checkout turns this same
  // reservation purchased). That checkout takes only reservations this browser (or the signed-in giver) holds, and
  // this page's link is the giver's key (the email's), so ?buy=1 lets this browser hold it, then goes to checkout.
  const buyable = reservation.status === 'reserved' && reservation.item.href === null
  const checkoutHref = `/store/checkout/reservations?tokens[]=${reservation.id}`
  if (buyable && url.searchParams.get('buy') === '1') {
    const held = visitorReservationIds(request).includes(reservation.id)
    throw redirect(checkoutHref, held ? undefined : { headers: { 'Set-Cookie': rememberReservationCookie(request, context, reservation.id) } })
  }
  const buyNowHref = buyable ? `/reservations/${reservation.id}?buy=1` : null
  return { reservation, buyHref, buyNowHref, offers, justReserved: url.searchParams.get('show_purchase_confirmation_modal') === 'true' }
}

type ActionResult =
  | { ok: true; intent: 'purchased' | 'thank_you' }
  | { ok: false; intent: 'purchased' | 'thank_you'; message: string; fields: Record<string, string[]>; values?: ThankYouValues }

/** 'I bought it' and the thank-you address. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = form.get('intent')
  const service = context.services.reservations
  if (intent === 'purchased') {
    try {
      await service.markPurchased(params.id)
      return data<ActionResult>({ ok: true, intent })
    } catch (error) {
      if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
      const f = formFailure(error)
      return data<ActionResult>({ ok: false, intent, message: f.message, fields: f.fields }, { status: f.status })
    }
  }
  if (intent === 'thank_you') {
    const values = thankYouValuesFrom(form)
    try {
      await service.setThankYouAddress(params.id, values)
      return data<ActionResult>({ ok: true, intent })
    } catch (error) {
      if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
      const f = formFailure(error)
      return data<ActionResult>({ ok: false, intent, message: f.message, fields: f.fields, values }, { status: f.status })
    }
  }
  return data<ActionResult>({ ok: false, intent: 'purchased', message: 'That action is not available.', fields: {} }, { status: 400 })
}

const statusBadge = {
  reserved: <Badge variant="info">Reserved by you</Badge>,
  purchased: <Badge variant="success">Bought</Badge>,
  cancelled: <Badge variant="neutral">Unreserved</Badge>,
}

export default function ReservationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reservation: r, buyHref, buyNowHref, offers, justReserved } = loaderData
  const navigation = useNavigation()
  const pending = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const result = actionData as ActionResult | undefined
  const external = buyHref !== null && /^https?:/.test(buyHref)
  const registryHref = `/${r.registry.slug}`
  return (
    <Container size="md" className="flex flex-col gap-6 py-8 sm:py-12">
      {justReserved && r.status !== 'cancelled' ? (
        <Alert tone="success" title={r.status === 'purchased' ? 'Thank you for your gift!' : 'You reserved this gift!'}>
          {r.status === 'purchased'
            ? `${r.registry.familyName}'s registry now shows it as bought.`
            : 'Nobody else can reserve it while it is yours. We emailed you this page and an “I bought it” link.'}
        </Alert>
      ) : null}
      {result?.ok && result.intent === 'purchased' ? <Alert tone="success">Thank you! The gift is marked as bought, so nobody buys it twice.</Alert> : null}
      {result && !result.ok && result.intent === 'purchased' ? <Alert tone="error">{result.message}</Alert> : null}

      <div>
        <p className="text-sm font-semibold tracking-wide text-berry-800 uppercase">Your gift</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">
          For {r.registry.familyName}
        </h1>
        <p className="mt-1 text-muted">
          On their registry{' '}
          <Link to={registryHref} className="font-semibold text-berry-700 underline underline-offset-2">
            {r.registry.title}
          </Link>
        </p>
      </div>

      <section aria-labelledby="gift-title" className="rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row">
          <ItemPicture item={r.item} width={160} height={160} showStore className="size-32 shrink-0 rounded-xl border border-line object-cover sm:size-40" />
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div>{statusBadge[r.status]}</div>
            <h2 id="gift-title" className="text-xl font-bold text-ink">
              {r.item.title}
            </h2>
            <p className="text-ink">
              {formatCents(r.item.priceCents)}&nbsp;· Quantity {r.quantity}&nbsp;· {r.item.storeName}
            </p>
            <p className="text-sm text-muted">
              {r.status === 'purchased' ? 'Bought' : 'Reserved'} by {r.giverName} on{' '}
              {new Date(r.purchasedAt ?? r.createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}
            </p>
          </div>
        </div>

        {r.status === 'cancelled' ? (
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <p className="text-ink">
              {r.cancelReason === 'expired'
                ? 'Your hold on this gift ended before it was marked bought, so it is back on the registry for someone else.'
                : r.cancelReason === 'staff'
                  ? 'Our support team released this reservation, so it is free for someone else.'
                  : 'You unreserved this gift, so it is free for someone else.'}
            </p>
            <LinkButton to={registryHref} variant="secondary">
              Back to the registry
            </LinkButton>
          </div>
        ) : (
          <div className="mt-5 flex flex-col gap-4 border-t border-line pt-5">
            {buyHref ? (
              <div>
                <h3 className="font-semibold text-ink">Where to buy it</h3>
                <p className="mt-1 text-sm text-muted">
                  {external
                    ? `The family picked it at ${r.item.storeName}.`
                    : buyNowHref
                      ? 'It is in the Nestlist Shop. Buy it now and we ship it to the family; your reservation becomes the purchase.'
                      : 'It is in the Nestlist Shop.'}
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  {buyNowHref ? (
                    <LinkButton to={buyNowHref} icon={<Icon name="cart" className="size-5" />}>
                      Buy it now
                    </LinkButton>
                  ) : null}
                  {external ? (
                    <a href={buyHref} target="_blank" rel="noopener noreferrer nofollow" className={buttonClasses({ variant: 'secondary' })}>
                      Buy it at {r.item.storeName} <Icon name="arrow-right" className="size-4" />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <LinkButton to={buyHref} variant="secondary">
                      See it in the Nestlist Shop
                    </LinkButton>
                  )}
                </div>
                {offers.length > 0 ? (
                  <div className="mt-4">
                    <p className="text-sm font-semibold text-ink">Also sold at</p>
                    <ul className="mt-2 flex flex-col gap-2">
                      {offers.map((o) => (
                        <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                          <a href={o.url} target="_blank" rel="noopener noreferrer nofollow" className="font-semibold text-berry-700 underline underline-offset-2">
                            {o.storeName}
                            <span className="sr-only"> (opens in a new tab)</span>
                          </a>
                          <span className="font-semibold text-ink">{formatCents(o.priceCents)}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            ) : null}
            {r.delivery ? <GiftDelivery familyName={r.registry.familyName} delivery={r.delivery} /> : null}
            {r.status === 'reserved' && r.expiresAt ? (
              <p className="text-sm text-muted">
                {`Held for you until ${new Date(r.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}. If it is not marked bought by then, it goes back on the registry; we remind you a week before.`}
              </p>
            ) : null}
            {r.status === 'reserved' ? (
              <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="purchased" />
                  <Button type="submit" pending={pending('purchased')} pendingLabel="Saving…" icon={<Icon name="check" className="size-5" />}>
                    I bought it
                  </Button>
                </Form>
                <Link to={`/reservation/unreserve/${r.id}`} className="font-semibold text-berry-700 underline underline-offset-2">
                  Unreserve
                </Link>
              </div>
            ) : (
              <p className="flex items-center gap-2 font-semibold text-sage-800">
                <Icon name="check-circle" className="size-5" /> Thank you! The family sees it as bought.
              </p>
            )}
          </div>
        )}
      </section>

      {r.status !== 'cancelled' ? (
        <ReserveThankYouForm
          familyName={r.registry.familyName}
          giverName={r.giverName}
          provided={r.thankYouAddressProvided}
          saved={Boolean(result?.ok && result.intent === 'thank_you')}
          failure={result && !result.ok && result.intent === 'thank_you' && result.values ? { message: result.message, fields: result.fields, values: result.values } : null}
          pending={pending('thank_you')}
        />
      ) : null}

      <p className="text-sm text-muted">
        <Link to={registryHref} className="font-semibold text-berry-700 underline underline-offset-2">
          See all of {r.registry.familyName}'s gifts
        </Link>
      </p>
    </Container>
  )
}

/**
 * How a gift bought at another store reaches the family: their address when they chose to show it to givers
 * (this giver only: the page is reached with the reservation's own key), else their note or the shower.
 */
function GiftDelivery({ familyName, delivery }: { familyName: string; delivery: { address: { name: string; line1: string; line2: string; city: string; state: string; zip: string } | null; note: string } }) {
  const a = delivery.address
  return (
    <div>
      <h3 className="font-semibold text-ink">Getting it to {familyName}</h3>
      {a ? (
        <>
          <p className="mt-1 text-sm text-muted">If you buy it at another store, you can have it shipped here. The family shares this address only with guests who reserved a gift.</p>
          <address className="mt-2 rounded-xl border border-line bg-cream-200/40 p-3 not-italic">
            {[a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).map((l) => (
              <span key={l} className="block">
                {l}
              </span>
            ))}
          </address>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">The family keeps their address private. Bring the gift to the shower or give it to them in person.</p>
      )}
      {delivery.note ? <p className="mt-2 text-sm">{`From the family: “${delivery.note}”`}</p> : null}
    </div>
  )
}
