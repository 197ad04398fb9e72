import { Link } from 'react-router'
import { isDomainError } from '~/lib/errors'
import type { AddToCartResult } from '~/modules/cart/ui/add-to-cart'
import { addToCartFromForm, returnPathOf } from '~/modules/cart/ui/add-to-cart.server'
import { BuyFromNestlist, type BuyFromNestlistItem } from '~/modules/cart/ui/buy-from-nestlist'
import { CART_PAGE, cartCopy } from '~/modules/cart/ui/cart-copy'
import { Alert } from '~/ui'
import type { Route } from './+types/add'

export const meta = () => [{ title: 'Add to cart | Nestlist' }, { name: 'robots', content: 'noindex' }]

/**
 * Nothing to add on a GET. No redirect: React Router runs this loader to show the page of a refused plain form too,
 * and a redirect here would hide the refusal behind the cart page.
 */
export function loader() {
  return null
}

type GiftRetry = { item: BuyFromNestlistItem; registryId: number; familyName: string; returnTo: string }

/**
 * POST /cart/add: 'Add to Cart' from product cards and 'Buy from Nestlist' on a registry guest view. Scripts get
 * data for their fetcher; a plain form goes back where it came from (or on to the registry gift checkout). A refused
 * registry gift of a plain form answers with the gift's own form, so an option still to choose is chosen here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const returnTo = returnPathOf(form, CART_PAGE)
  const answer = await addToCartFromForm(request, context, form, { returnTo })
  const failure = answer.data
  if (failure.ok || form.get('js') === '1' || !form.get('regItemId')) return answer
  const registryId = Number(form.get('registryId'))
  const regItemId = Number(form.get('regItemId'))
  const registry = Number.isSafeInteger(registryId) && registryId > 0 ? await context.services.registry.guestView(registryId).catch((error: unknown) => {
    if (isDomainError(error)) return null
    throw error
  }) : null
  const item = registry?.items.find((i) => i.id === regItemId && i.buyFromShop)
  const gift: GiftRetry | null =
    registry && item
      ? { item: { id: item.id, productId: item.productId, title: item.title, options: item.options, openOptions: item.openOptions }, registryId: registry.id, familyName: registry.familyName, returnTo: form.get('returnTo') ? returnTo : `/${registry.slug}` }
      : null
  answer.data = { ...failure, gift } as AddToCartResult
  return answer
}

/** A plain form that failed lands here: why, the gift's choice again when it was one, and the way back. */
export default function AddToCartFailed({ actionData }: Route.ComponentProps) {
  const failure = actionData as (AddToCartResult & { gift?: GiftRetry | null }) | undefined
  if (!failure) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-extrabold tracking-tight">Nothing to add</h1>
        <p>
          <Link to={CART_PAGE} className="font-semibold text-berry-700 underline underline-offset-2">
            {cartCopy.viewCart}
          </Link>
        </p>
      </div>
    )
  }
  const gift = failure.gift
  const message = !failure.ok ? failure.message : 'Please try again.'
  const optionMissing = !failure.ok && Object.keys(failure.fields ?? {}).some((f) => f === 'size' || f === 'color')
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-extrabold tracking-tight">{gift && optionMissing ? `Choose an option for ${gift.item.title}` : 'We could not add that to your cart'}</h1>
      {gift ? (
        <>
          <p className="text-muted">{cartCopy.giftFor(gift.familyName)}</p>
          {/* The gift's form shows the message beside the option it is about. */}
          {optionMissing ? null : <Alert tone="error">{message}</Alert>}
          <div className="max-w-sm rounded-card border border-line bg-white p-4 shadow-card">
            <p className="mb-3 font-semibold text-ink">{gift.item.title}</p>
            <BuyFromNestlist item={gift.item} registryId={gift.registryId} failure={failure} returnTo={gift.returnTo} />
          </div>
          <p>
            <Link to={gift.returnTo} className="font-semibold text-berry-700 underline underline-offset-2">
              Back to the registry
            </Link>
          </p>
        </>
      ) : (
        <>
          <Alert tone="error">{message}</Alert>
          <p>
            <Link to={failure.productId ? `/gp/p/${failure.productId}` : '/store'} className="font-semibold text-berry-700 underline underline-offset-2">
              Back to the product
            </Link>
          </p>
        </>
      )}
    </div>
  )
}
