import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { httpStatusOf, isDomainError } from '~/lib/errors'
import { flashCookie } from '~/lib/flash.server'
import { formatCents } from '~/lib/money'
import { orNotFound } from '~/routes/store/http-errors'
import { Alert, Button, Container, LinkButton } from '~/ui'
import type { Route } from './+types/email-purchase'
import { ItemPicture } from '~/modules/registry/ui/item-picture'

export const meta = () => [{ title: 'Mark your gift as bought | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * /email_actions/reservation_purchase/{id}?purchased=1: the 'I bought it' link in the giver's email. A GET
 * only asks (mail scanners open links); the button's POST marks the gift bought.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { reservation: await orNotFound(context.services.reservations.forGiver(params.id)) }
}

export async function action({ params, context }: Route.ActionArgs) {
  const r = await orNotFound(context.services.reservations.forGiver(params.id))
  try {
    await context.services.reservations.markPurchased(r.id)
  } catch (error) {
    if (!isDomainError(error)) throw error
    return data({ message: error.message }, { status: httpStatusOf(error.code) })
  }
  throw redirect(`/reservations/${r.id}`, { headers: { 'Set-Cookie': flashCookie('reservation_purchased') } })
}

export default function EmailPurchase({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData.reservation
  const navigation = useNavigation()
  return (
    <Container size="md" className="py-8 sm:py-12">
      <div className="mx-auto max-w-xl rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Did you buy this gift?</h1>
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
            <p className="mt-5 text-ink">Marking it as bought tells {r.registry.familyName} it is on its way, and takes it off their list of needs.</p>
            <Form method="post" className="mt-6 flex flex-wrap items-center gap-4">
              <Button type="submit" pending={navigation.state === 'submitting'} pendingLabel="Saving…">
                Mark as bought
              </Button>
              <Link to={`/reservations/${r.id}`} className="font-semibold text-berry-700 underline underline-offset-2">
                Not yet
              </Link>
            </Form>
          </>
        ) : (
          <>
            <p className="mt-5 text-ink">
              {r.status === 'purchased'
                ? 'This gift is already marked as bought. Thank you!'
                : 'You unreserved this gift, so there is nothing to mark. You can reserve it again from the registry if it is still needed.'}
            </p>
            <LinkButton to={r.status === 'purchased' ? `/reservations/${r.id}` : `/${r.registry.slug}`} variant="secondary" className="mt-6">
              {r.status === 'purchased' ? 'See your gift' : 'Back to the registry'}
            </LinkButton>
          </>
        )}
      </div>
    </Container>
  )
}
