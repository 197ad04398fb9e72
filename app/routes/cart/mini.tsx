import { data } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { pageCartViewer } from '~/modules/cart/cart-cookie.server'
import type { Route } from './+types/mini'

const noStore = { 'Cache-Control': 'no-store' }

/** GET /cart/mini: the cart for the header's mini cart panel (loaded when it opens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await pageCartViewer(request, context)
  return data({ ok: true as const, cart: await context.services.cart.view(viewer) }, { headers: noStore })
}

/** POST /cart/mini: change a line's quantity (intent=update) or remove it (intent=remove) from the panel. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const { viewer } = await pageCartViewer(request, context)
  const lineId = Number(form.get('lineId'))
  try {
    const cart =
      form.get('intent') === 'remove'
        ? await context.services.cart.remove(viewer, lineId)
        : await context.services.cart.update(viewer, lineId, {
            quantity: form.get('quantity'),
          })
    return data({ ok: true as const, cart }, { headers: noStore })
  } catch (error) {
    const failure = formFailure(error)
    return data({ ...failure, lineId, cart: await context.services.cart.view(viewer) }, { status: failure.status, headers: noStore })
  }
}
