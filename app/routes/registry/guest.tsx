import { useState } from 'react'
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useLocation, useNavigation } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { publicOrigin } from '~/lib/links'
import { getViewer } from '~/modules/accounts/auth.server'
import { amazonAsinOf } from '~/modules/cart/amazon'
import { pageCartViewer } from '~/modules/cart/cart-cookie.server'
import { AMAZON_CART_PAGE, amazonCartCopy } from '~/modules/cart/ui/amazon-cart-copy'
import { CashFundsSection } from '~/modules/cash-funds/ui/cash-funds-section'
import { GuestFilterBar } from '~/modules/registry/ui/guest-filter-bar'
import { arrivalLine, guestSections, parseGuestFilters, registryTypeLabels } from '~/modules/registry/ui/guest-filters'
import { GuestItemCard, type VisitorGift } from '~/modules/registry/ui/guest-item-card'
import { type ReserveFailure, type ReserveMode, ReserveForm, reserveCopy } from '~/modules/registry/ui/reserve-form'
import { orNotFound } from '~/routes/store/http-errors'
import { rememberReservationCookie, visitorReservationIds } from '~/routes/reservations/reserve.server'
import { Alert, buttonClasses, Container, Icon, LinkButton, Modal } from '~/ui'
import type { Route } from './+types/guest'

/** /list/{id} and /reg/{id} take the registry's number; /{slug} its web address. Anything else is a 404. */
function registryKey(params: Record<string, string | undefined>): number | string {
  if (params.id !== undefined) {
    if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 })
    return Number(params.id)
  }
  const slug = params.slug ?? ''
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(slug) || slug.length > 60) throw data(null, { status: 404 })
  return slug.toLowerCase()
}

/**
 * A family's registry is theirs, not a shared cache's: no proxy or CDN keeps it, and a browser asks again every time
 * (what is still needed changes with every gift). A giver's or the family's own view says `private, no-store`
 * (server/cache-control.ts).
 */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-cache' })

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Registry not found | Nestlist' }, { name: 'robots', content: 'noindex' }]
  const { registry, indexable, origin } = loaderData
  const arrival = arrivalLine(registry.registryType, registry.arrivalMonth)
  return [
    { title: `${registry.familyName}: ${registry.title} | Nestlist` },
    {
      name: 'description',
      content: `${registry.familyName}'s ${registryTypeLabels[registry.registryType]?.toLowerCase() ?? 'registry'} on Nestlist${arrival ? `. ${arrival}` : ''}.`,
    },
    // Only registries their family made public ('google') may be listed by search engines.
    { name: 'robots', content: indexable ? 'index, follow' : 'noindex' },
    { tagName: 'link', rel: 'canonical', href: `${origin}/${registry.slug}` },
  ]
}

/** The registry as guests see it (no account needed), with an owner bar when its owner visits. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = registryKey(params)
  const url = new URL(request.url)
  const registry = await orNotFound(context.services.registry.guestView(key))
  const viewer = await getViewer(request, context)
  // The owner and collaborators see the owner bar (and no giver defaults): they manage this registry.
  const [isOwner, searchLevel, visitor, offers, cashFunds, groupGifts] = await Promise.all([
    viewer ? context.services.registry.canManage(registry.id, viewer.user.id) : false,
    context.services.registry.searchLevelOf(registry.id),
    context.services.reservations.visitorReservations(registry.id, visitorReservationIds(request)),
    context.services.externalProducts.offersFor(registry.items.map((i) => i.id)),
    // Cash funds with their totals (never who gave: docs/decisions/030).
    context.services.cashFunds.fundsOf(registry.id),
    // Group gifts' progress (totals and a count only), by item.
    registry.items.some((i) => i.groupGift) ? context.services.cashFunds.groupGiftsOf(registry.id) : [],
  ])
  // Items sold on Amazon (their link or another place to buy them) get 'Add to Amazon cart' (docs/decisions/032-amazon-cart.md).
  const amazonItemIds = registry.items.filter((i) => !i.groupGift && amazonAsinOf({ href: i.productId === null ? i.href : null }, offers[i.id] ?? [])).map((i) => i.id)
  const { viewer: cartViewer } = await pageCartViewer(request, context)
  const [amazonHeld, amazonCount] =
    amazonItemIds.length > 0 && !isOwner
      ? await Promise.all([context.services.amazonCart.heldOn(cartViewer, registry.id), context.services.amazonCart.itemCount(cartViewer)])
      : [{} as Record<number, number>, 0]
  const filters = parseGuestFilters(url.searchParams)
  const asGuest = url.searchParams.get('view') === 'guest'
  const reserveId = Number(url.searchParams.get('reserve'))
  const reserveMode: ReserveMode = url.searchParams.get('mode') === 'bought' ? 'bought' : 'reserve'
  const mine: Record<number, VisitorGift[]> = {}
  for (const v of visitor) (mine[v.regItemId] ??= []).push({ id: v.id, quantity: v.quantity, status: v.status })
  return {
    registry,
    // Other stores the family added for an item ('Where to buy'), by item id.
    offers,
    amazon: { itemIds: amazonItemIds, held: amazonHeld, count: amazonCount },
    cashFunds: cashFunds.map(({ registryId: _r, productId: _p, ...f }) => f),
    groupGifts: Object.fromEntries(
      groupGifts.map((g) => [g.regItemId, { goalCents: g.goalCents, fundedCents: g.fundedCents, contributorCount: g.contributorCount, fullyFunded: g.fullyFunded, redeemed: g.redeemed }]),
    ),
    sections: guestSections(registry.categories, registry.items, filters),
    filters,
    mine,
    ownerBar: isOwner && !asGuest,
    keep: asGuest ? { view: 'guest' } : ({} as Record<string, string>),
    indexable: searchLevel === 'google',
    origin: publicOrigin(url.origin),
    // The page section that reserves without JavaScript (?reserve=ITEM).
    reserve: url.searchParams.has('reserve') ? { itemId: reserveId, mode: reserveMode } : null,
    // A signed-in giver's own name and email start the form (never the owner's: they see no form defaults).
    defaults: viewer && !isOwner ? { giverName: `${viewer.user.firstName} ${viewer.user.lastName}`.trim(), giverEmail: viewer.user.email } : { giverName: '', giverEmail: '' },
  }
}

/** Reserve or 'I bought this elsewhere': on success the giver lands on their reservation page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const registry = await orNotFound(context.services.registry.guestView(registryKey(params)))
  const form = await request.formData()
  const mode: ReserveMode | null = form.get('intent') === 'reserve' ? 'reserve' : form.get('intent') === 'bought' ? 'bought' : null
  const itemId = Number(form.get('itemId'))
  const values = {
    quantity: String(form.get('quantity') ?? '1').slice(0, 12),
    giverName: String(form.get('giverName') ?? '').slice(0, 200),
    giverEmail: String(form.get('giverEmail') ?? '').slice(0, 300),
    giftMessage: String(form.get('giftMessage') ?? '').slice(0, 2000),
  }
  const fail = (status: number, message: string, fields: ReserveFailure['fields'] = {}) =>
    data<ReserveFailure>({ ok: false, itemId, mode: mode ?? 'reserve', message, fields, values, conflict: status === 409 }, { status })
  if (!mode) return fail(400, 'Choose to reserve the gift or to mark it as bought.')
  const item = registry.items.find((i) => i.id === itemId)
  if (!item) return fail(404, 'This gift is no longer on the registry.')
  const viewer = await getViewer(request, context)
  const service = context.services.reservations
  let done: { id: string; quantity: number }
  try {
    done = await (mode === 'reserve' ? service.reserve : service.boughtElsewhere)(item.id, values, viewer?.user.id)
  } catch (error) {
    const failure = formFailure(error)
    return fail(failure.status, failure.message, failure.fields)
  }
  // The giver's confirmation email and the family's notice are sent by the service (as for the API).
  throw redirect(`/reservations/${done.id}?show_purchase_confirmation_modal=true`, {
    headers: { 'Set-Cookie': rememberReservationCookie(request, context, done.id) },
  })
}

/** After a 409 the quantities on the page are stale: reload them (React Router skips loaders after 4xx by default). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ReserveFailure | undefined)?.conflict) return true
  return defaultShouldRevalidate
}

export default function GuestRegistryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, sections, filters, mine, ownerBar, keep, reserve, defaults, offers, cashFunds, groupGifts, amazon } = loaderData
  const amazonItems = new Set(amazon.itemIds)
  const location = useLocation()
  const navigation = useNavigation()
  const [dialog, setDialog] = useState<{ itemId: number; mode: ReserveMode; n: number } | null>(null)
  const fetcher = useFetcher<ReserveFailure>({ key: `reserve-${dialog?.n ?? 0}` })
  const arrival = arrivalLine(registry.registryType, registry.arrivalMonth)
  const shown = sections.reduce((n, s) => n + s.items.length, 0)

  const reserveHref = (itemId: number) => (mode: ReserveMode) => {
    const q = new URLSearchParams(location.search)
    q.set('reserve', String(itemId))
    if (mode === 'bought') q.set('mode', 'bought')
    else q.delete('mode')
    return `?${q.toString()}#reserve`
  }
  const closeHref = (() => {
    const q = new URLSearchParams(location.search)
    q.delete('reserve')
    q.delete('mode')
    const s = q.toString()
    return s ? `?${s}` : location.pathname
  })()

  const inlineItem = reserve ? registry.items.find((i) => i.id === reserve.itemId) : undefined
  const inlineFailure = actionData && !actionData.ok && reserve && actionData.itemId === reserve.itemId ? actionData : null
  const dialogItem = dialog ? registry.items.find((i) => i.id === dialog.itemId) : undefined
  const dialogFailure = fetcher.data && !fetcher.data.ok ? fetcher.data : null

  return (
    <div className="pb-16">
      {ownerBar ? (
        <div className="border-b border-line bg-sky-50">
          <Container className="flex flex-wrap items-center justify-between gap-3 py-3">
            <p className="flex items-center gap-2 text-sm font-semibold text-ink">
              <Icon name="eye" className="size-4" /> This is your registry. Guests see it like this, without this bar.
            </p>
            <div className="flex flex-wrap gap-2">
              <LinkButton to="/registry/home" size="sm" variant="secondary">
                Registry home
              </LinkButton>
              <LinkButton to="?view=guest" size="sm" variant="ghost">
                View as guest
              </LinkButton>
            </div>
          </Container>
        </div>
      ) : null}

      <header className="bg-berry-50">
        <Container size="lg" className="py-8 sm:py-12">
          <p className="text-sm font-semibold tracking-wide text-berry-800 uppercase">{registryTypeLabels[registry.registryType] ?? 'Registry'}</p>
          <h1 className="mt-1 text-3xl font-bold text-ink sm:text-4xl">{registry.familyName}</h1>
          <p className="mt-1 text-lg text-ink">{registry.title}</p>
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            {arrival ? (
              <li className="flex items-center gap-1.5">
                <Icon name="heart" className="size-4 text-berry-700" /> {arrival}
              </li>
            ) : null}
            {registry.shipsTo ? (
              <li className="flex items-center gap-1.5">
                <Icon name="truck" className="size-4 text-berry-700" /> Gifts ship to {registry.shipsTo.city}, {registry.shipsTo.state}
              </li>
            ) : null}
          </ul>
          {amazonItems.size > 0 && !ownerBar ? (
            <p className="mt-4">
              <Link to={AMAZON_CART_PAGE} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                <Icon name="cart" className="size-4" />
                {amazonCartCopy.link(amazon.count)}
              </Link>
            </p>
          ) : null}
          {registry.welcomeNote ? <p className="mt-5 max-w-2xl rounded-card bg-white p-4 whitespace-pre-line text-ink shadow-card">{registry.welcomeNote}</p> : null}
        </Container>
      </header>

      <Container size="lg" className="mt-8 flex flex-col gap-8">
        {reserve ? (
          <section id="reserve" aria-labelledby="reserve-title" className="scroll-mt-24 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
            <h2 id="reserve-title" className="text-xl font-bold text-ink">
              {reserveCopy[reserve.mode].title}
            </h2>
            <div className="mt-4">
              {inlineItem ? (
                <ReserveForm
                  key={`${inlineItem.id}-${reserve.mode}`}
                  FormComponent={Form}
                  action={`${location.pathname}${location.search}`}
                  item={inlineItem}
                  mode={reserve.mode}
                  failure={inlineFailure}
                  pending={navigation.state === 'submitting' && navigation.formData?.get('itemId') === String(inlineItem.id)}
                  defaults={defaults}
                  footer={
                    <Link to={closeHref} preventScrollReset className="font-semibold text-berry-700 underline underline-offset-2">
                      Back to the registry
                    </Link>
                  }
                />
              ) : (
                <Alert tone="info">
                  This gift is no longer on the registry.{' '}
                  <Link to={closeHref} className="font-semibold underline">
                    See the other gifts
                  </Link>
                </Alert>
              )}
            </div>
          </section>
        ) : null}

        {cashFunds.length > 0 ? <CashFundsSection funds={cashFunds} /> : null}

        <GuestFilterBar categories={registry.categories} filters={filters} keep={keep} shown={shown} total={registry.items.length} />

        {registry.items.length === 0 ? (
          <div className="rounded-card border border-dashed border-line-strong p-8 text-center">
            <Icon name="gift" className="mx-auto size-8 text-berry-700" />
            <p className="mt-2 font-semibold text-ink">No gifts on this registry yet.</p>
            <p className="text-muted">The family is still choosing. Check back soon!</p>
          </div>
        ) : sections.length === 0 ? (
          <div className="rounded-card border border-dashed border-line-strong p-8 text-center">
            <p className="font-semibold text-ink">No gifts match these filters.</p>
            <Link to={`?${new URLSearchParams(keep).toString()}`} className="font-semibold text-berry-700 underline underline-offset-2">
              Clear filters
            </Link>
          </div>
        ) : (
          sections.map((section) => (
            <section key={section.id ?? 'all'} aria-labelledby={`section-${section.id ?? 'all'}`}>
              <h2 id={`section-${section.id ?? 'all'}`} className="text-xl font-bold text-ink">
                {section.title} <span className="text-base font-normal text-muted">({section.items.length})</span>
              </h2>
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
                {section.items.map((item) => (
                  <li key={item.id}>
                    <GuestItemCard
                      item={item}
                      registryId={registry.id}
                      canShip={registry.shipsTo !== null}
                      mine={mine[item.id] ?? []}
                      offers={offers[item.id] ?? []}
                      groupGift={groupGifts[item.id]}
                      amazon={amazonItems.has(item.id) && !ownerBar ? { held: amazon.held[item.id] ?? 0 } : undefined}
                      reserveHref={reserveHref(item.id)}
                      onReserve={(mode) => setDialog((d) => ({ itemId: item.id, mode, n: (d?.n ?? 0) + 1 }))}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </Container>

      <Modal open={Boolean(dialog && dialogItem)} onClose={() => setDialog((d) => (d ? { ...d, itemId: -1 } : d))} title={dialog ? reserveCopy[dialog.mode].title : ''}>
        {dialog && dialogItem ? (
          <ReserveForm
            key={dialog.n}
            FormComponent={fetcher.Form}
            action={location.pathname}
            item={dialogItem}
            mode={dialog.mode}
            failure={dialogFailure}
            pending={fetcher.state !== 'idle'}
            defaults={defaults}
          />
        ) : null}
      </Modal>
    </div>
  )
}
