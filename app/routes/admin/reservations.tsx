import { data, Form, Link, useNavigation } from 'react-router'
import { StaffPageHeader, StaffSearchForm } from '~/components/staff-page'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { formFailure } from '~/lib/form-errors'
import { requireStaff } from '~/modules/accounts/auth.server'
import type { StaffReservation } from '~/modules/registry/reservation-support.server'
import { Alert, Badge, Button, Card, TextField } from '~/ui'
import type { Route } from './+types/reservations'

export const meta = () => [{ title: 'Reservations | Nestlist staff' }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
})

const t = {
  title: 'Reservations',
  intro:
    'Help with gifts guests reserved to buy elsewhere. Ask a giver whether they bought a gift (givers are also asked once, a week after reserving), release a gift nobody is buying so others can give it (the giver is emailed your reason), or set a gift marked bought by mistake back to reserved. Gifts bought in the Nestlist shop are orders: cancel or return them from the order.',
  searchLabel: 'Find reservations',
  searchField: 'Giver’s email, or registry id or link name',
  searchHint: 'For example grandma@example.com, or rivera-family from nestlist.com/rivera-family.',
  find: 'Find reservations',
  clear: 'Clear search',
  results: (n: number) => (n === 1 ? '1 reservation' : `${n} reservations`),
  none: 'No reservation matches that search.',
  status: {
    reserved: 'Reserved',
    purchased: 'Bought',
    cancelled: 'Released',
  } as const,
  shop: 'Bought in the shop',
  gone: 'Item removed',
  by: (name: string, email: string) => `${name} (${email})`,
  on: (family: string) => `on ${family}'s registry`,
  reservedOn: (d: string) => `Reserved ${d}`,
  boughtOn: (d: string) => `bought ${d}`,
  remindedOn: (d: string) => `reminded ${d}`,
  remind: 'Send a reminder',
  reminding: 'Sending…',
  reminded: (email: string) => `We asked ${email} whether they bought the gift.`,
  reason: 'Why release it (the giver sees this)',
  release: 'Release the gift',
  releasing: 'Releasing…',
  released: (title: string, email: string) => `${title} was released and ${email} was told why.`,
  unpurchase: 'Mark as not bought',
  unpurchasing: 'Saving…',
  unpurchased: (title: string) => `${title} is reserved again by the same giver.`,
}

/** /admin/reservations: staff find reservations and help with them. Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 254)
  if (!q) return { q, reservations: null, error: null }
  try {
    return {
      q,
      reservations: await context.services.reservationSupport.find(q),
      error: null,
    }
  } catch (error) {
    if (isDomainError(error) && error.code === 'invalid_input') return { q, reservations: null, error: error.message }
    throw error
  }
}

type Intent = 'remind' | 'release' | 'unpurchase'
type Result =
  | { ok: true; message: string }
  | {
      ok: false
      message: string
      reservationId: string
      intent: Intent
      reason: string
      fields: Record<string, string[]>
    }

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context)
  const form = await request.formData()
  const reservationId = String(form.get('reservationId') ?? '').slice(0, 40)
  const intent: Intent = form.get('intent') === 'release' ? 'release' : form.get('intent') === 'unpurchase' ? 'unpurchase' : 'remind'
  const reason = String(form.get('reason') ?? '').slice(0, 300)
  const support = context.services.reservationSupport
  try {
    if (intent === 'remind') {
      const r = await support.remindNow(reservationId)
      return data<Result>({ ok: true, message: t.reminded(r.giverEmail) })
    }
    if (intent === 'release') {
      const r = await support.release({ reservationId, reason })
      return data<Result>({
        ok: true,
        message: t.released(r.itemTitle, r.giverEmail),
      })
    }
    const r = await support.unpurchase(reservationId)
    return data<Result>({ ok: true, message: t.unpurchased(r.itemTitle) })
  } catch (error) {
    const f = formFailure(error)
    return data<Result>(
      {
        ok: false,
        message: f.message,
        reservationId,
        intent,
        reason,
        fields: f.fields,
      },
      { status: f.status },
    )
  }
}

const badge = {
  reserved: 'info',
  purchased: 'success',
  cancelled: 'neutral',
} as const

function ReservationCard({ r, failure }: { r: StaffReservation; failure: Extract<Result, { ok: false }> | null }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('reservationId') === r.id ? navigation.formData.get('intent') : null
  const mine = failure?.reservationId === r.id ? failure : null
  return (
    <Card as="article" aria-labelledby={`res-${r.id}`} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`res-${r.id}`} className="text-lg font-bold break-words">
          {r.quantity > 1 ? `${r.quantity} × ` : ''}
          {r.itemTitle}
        </h3>
        <Badge variant={badge[r.status]}>{t.status[r.status]}</Badge>
        {r.source === 'nestlist_order' ? <Badge>{t.shop}</Badge> : null}
        {r.itemRemoved ? <Badge variant="soon">{t.gone}</Badge> : null}
      </div>
      <p className="text-sm break-words text-muted">
        {t.by(r.giverName, r.giverEmail)}{' '}
        <Link to={`/${r.registry.slug}`} className="text-berry-700 underline underline-offset-2">
          {t.on(r.registry.familyName)}
        </Link>
        . {t.reservedOn(formatLongDate(r.createdAt))}
        {r.purchasedAt ? `, ${t.boughtOn(formatLongDate(r.purchasedAt))}` : ''}
        {r.remindedAt ? `, ${t.remindedOn(formatLongDate(r.remindedAt))}` : ''}.
      </p>
      {mine ? <Alert tone="error">{mine.message}</Alert> : null}
      {r.status === 'reserved' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <Form method="post">
            <input type="hidden" name="reservationId" value={r.id} />
            <input type="hidden" name="intent" value="remind" />
            <Button type="submit" variant="secondary" pending={busy === 'remind'} pendingLabel={t.reminding}>
              {t.remind}
            </Button>
          </Form>
          <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="reservationId" value={r.id} />
            <input type="hidden" name="intent" value="release" />
            <TextField
              label={t.reason}
              name="reason"
              id={`reason-${r.id}`}
              maxLength={200}
              defaultValue={mine?.intent === 'release' ? mine.reason : ''}
              error={mine?.intent === 'release' ? mine.fields.reason?.[0] : undefined}
              containerClassName="sm:w-80"
            />
            <Button type="submit" variant="secondary" pending={busy === 'release'} pendingLabel={t.releasing}>
              {t.release}
            </Button>
          </Form>
        </div>
      ) : r.status === 'purchased' && r.source !== 'nestlist_order' && !r.itemRemoved ? (
        <Form method="post">
          <input type="hidden" name="reservationId" value={r.id} />
          <input type="hidden" name="intent" value="unpurchase" />
          <Button type="submit" variant="secondary" pending={busy === 'unpurchase'} pendingLabel={t.unpurchasing}>
            {t.unpurchase}
          </Button>
        </Form>
      ) : null}
    </Card>
  )
}

export default function AdminReservations({ loaderData, actionData }: Route.ComponentProps) {
  const { q, reservations, error } = loaderData
  const result = actionData as Result | undefined
  const failure = result && !result.ok ? result : null
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.title} success={result?.ok ? result.message : null}>
        {t.intro}
      </StaffPageHeader>
      <StaffSearchForm label={t.searchLabel} name="q" field={t.searchField} hint={t.searchHint} value={q} submitLabel={t.find} clear={{ to: '/admin/reservations', label: t.clear }} maxLength={254} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {failure && !reservations?.some((r) => r.id === failure.reservationId) ? <Alert tone="error">{failure.message}</Alert> : null}
      {reservations ? (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <h2 id="results-title" className="text-xl font-bold">
            {t.results(reservations.length)}
          </h2>
          {reservations.length === 0 ? <p className="text-base text-muted">{t.none}</p> : reservations.map((r) => <ReservationCard key={r.id} r={r} failure={failure} />)}
        </section>
      ) : null}
    </div>
  )
}
