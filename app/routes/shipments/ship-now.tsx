import { data, redirect } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { flashCookie } from '~/lib/flash.server'
import { requireUser } from '~/modules/accounts/auth.server'
import type { Route } from './+types/ship-now'

/** Only where this form came from: the shipments list or this shipment's page (never an outside address). */
function safeReturnTo(raw: FormDataEntryValue | null, id: number) {
  const own = `/shipments/${id}`
  return raw === '/shipments' || raw === own ? raw : own
}

/** GET /shipments/{id}/ship_now: nothing to show; the shipment's page has the button. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(/^\d{1,15}$/.test(params.id) ? `/shipments/${params.id}` : '/shipments')
}

/** POST /shipments/{id}/ship_now: the family sends held gifts now (owner or collaborator; 404 for anyone else). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0
  const returnTo = safeReturnTo((await request.formData()).get('returnTo'), id)
  try {
    await context.services.shipments.shipNow(id, user.id)
    return redirect(returnTo, { headers: { 'Set-Cookie': flashCookie('gifts_ship_now') } })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    if (isDomainError(error) && error.code === 'conflict') return redirect(returnTo, { headers: { 'Set-Cookie': flashCookie('gifts_already_shipping') } })
    throw error
  }
}
