import { Link } from 'react-router'
import { addToCartFromForm, returnPathOf } from '~/modules/cart/ui/add-to-cart.server'
import type { AddToCartResult } from '~/modules/cart/ui/add-to-cart'
import { CART_PAGE } from '~/modules/cart/ui/cart-copy'
import { Alert } from '~/ui'
import type { Route } from './+types/add'

export const meta = () => [{ title: 'Add to cart | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** Nothing to show on a GET: the cart is the place to look. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: CART_PAGE } })
}

/**
 * POST /cart/add: 'Add to Cart' from product cards and 'Buy from Nestlist' on a registry guest view. Scripts get
 * data for their fetcher; a plain form goes back where it came from (or on to the registry gift checkout).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  return addToCartFromForm(request, context, form, {
    returnTo: returnPathOf(form, CART_PAGE),
  })
}

/** A plain form that failed lands here: why, and the way back. */
export default function AddToCartFailed({ actionData }: Route.ComponentProps) {
  const failure = actionData as AddToCartResult | undefined
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-extrabold tracking-tight">We could not add that to your cart</h1>
      <Alert tone="error">{failure && !failure.ok ? failure.message : 'Please try again.'}</Alert>
      <p>
        <Link to={failure?.productId ? `/gp/p/${failure.productId}` : '/store'} className="font-semibold text-berry-700 underline underline-offset-2">
          Back to the product
        </Link>
      </p>
    </div>
  )
}
