import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { httpStatusOf, isDomainError } from '~/lib/errors'
import { flashCookie } from '~/lib/flash.server'
import { formatCents } from '~/lib/money'
import { orNotFound } from '~/routes/store/http-errors'
import { Alert, Button, Container, LinkButton } from '~/ui'
import type { Route } from './+types/unreserve'
import { ItemPicture } from '~/modules/registry/ui/item-picture'

export const meta = () => [{ title: 'Unreserve a gift | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** /reservation/unreserve/{id}: asks first (a GET changes nothing), then gives the gift back to the registry. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { reservation: await orNotFound(context.services.reservations.forGiver(params.id)) }
}

export async function action({ params, context }: Route.ActionArgs) {
  const r = await orNotFound(context.services.reservations.forGiver(params.id))
  try {
    await context.services.reservations.unreserve(r.id)
  } catch (error) {
    if (!isDomainError(error)) throw error
    return data({ message: error.message }, { status: httpStatusOf(error.code) })
  }
  throw redirect(`/list/${r.registry.id}`, { headers: { 'Set-Cookie': flashCookie('reservation_cancelled') } })
}

export default function Unreserve({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData.reservation
  const navigation = useNavigation()
  const back = `/reservations/${r.id}`
  return (
    <Container size="md" className="py-8 sm:py-12">
      <div className="mx-auto max-w-xl rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Unreserve this gift?</h1>
        <div className="mt-4 flex items-center gap-4">
          <ItemPicture item={r.item} width={80} height={80} className="size-20 shrink-0 rounded-xl border border-line object-cover" />
          <div className="min-w-0">
            <p className="font-semibold text-ink">{r.item.title}</p>
            <p className="text-sm text-muted">
              {formatCents(r.item.priceCents)}&nbsp;· Quantity {r.quantity}&nbsp;· for {r.registry.familyName}
            </p>
          </div>
        </div>
        {actionData ? (
          <Alert tone="error" className="mt-5">
            {actionData.message}
          </Alert>
        ) : null}
        {r.status === 'reserved' ? (
          <>
            <p className="mt-5 text-ink">The gift goes back on {r.registry.familyName}’s registry, so someone else can give it.</p>
            <Form method="post" className="mt-6 flex flex-wrap items-center gap-4">
              <Button type="submit" pending={navigation.state === 'submitting'} pendingLabel="Unreserving…">
                Yes, unreserve it
              </Button>
              <Link to={back} className="font-semibold text-berry-700 underline underline-offset-2">
                Keep my reservation
              </Link>
            </Form>
          </>
        ) : (
          <>
            <p className="mt-5 text-ink">
              {r.status === 'cancelled'
                ? 'This gift is already unreserved. There is nothing more to do.'
                : 'This gift is already marked as bought, so it cannot be unreserved.'}
            </p>
            <LinkButton to={`/${r.registry.slug}`} variant="secondary" className="mt-6">
              Back to the registry
            </LinkButton>
          </>
        )}
      </div>
    </Container>
  )
}
