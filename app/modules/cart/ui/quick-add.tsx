// A product card's quick 'Add to Cart': one of a product without options, straight from the grid. Products
// with sizes or colours lead to their page to choose; sold-out ones say so; gift cards, cash funds and
// favors have none (their pages have their own forms).
import { useFetcher, useLocation } from 'react-router'
import type { ProductCardView } from '~/modules/catalog/catalog.service.server'
import { useScripted } from '~/lib/use-scripted'
import { Button, Icon } from '~/ui'
import type { AddToCartResult } from './add-to-cart'
import { ADD_TO_CART_ACTION, cartCopy } from './cart-copy'

type Product = Pick<ProductCardView, 'productId' | 'title' | 'path' | 'productType' | 'available' | 'hasOptions'>

export function QuickAddToCart({ product }: { product: Product }) {
  if (product.productType !== 'product') return null
  if (!product.available) {
    return (
      <p className="mt-auto pt-2 text-sm font-semibold text-muted" data-sold-out>
        {cartCopy.soldOut}
      </p>
    )
  }
  if (product.hasOptions) {
    // Not a second link: the whole card already leads to the product page, where sizes and colours are chosen.
    return (
      <p className="mt-auto pt-2 text-sm font-semibold text-berry-700 underline underline-offset-2" data-choose-options>
        {cartCopy.chooseOptions}
      </p>
    )
  }
  return <QuickAddForm product={product} />
}

function QuickAddForm({ product }: { product: Product }) {
  const scripted = useScripted()
  const fetcher = useFetcher<AddToCartResult>()
  const { pathname, search } = useLocation()
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  const justAdded = result?.ok === true
  return (
    <fetcher.Form method="post" action={ADD_TO_CART_ACTION} className="relative z-10 mt-auto pt-2" data-quick-add>
      <input type="hidden" name="productId" value={product.productId} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={pathname + search} />
      {scripted ? <input type="hidden" name="js" value="1" /> : null}
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        pending={fetcher.state === 'submitting'}
        pendingLabel={cartCopy.adding}
        icon={<Icon name={justAdded ? 'check' : 'cart'} className="size-4" />}
        className="w-full"
      >
        {justAdded ? cartCopy.addedShort : cartCopy.addToCart}
        <span className="sr-only"> {product.title}</span>
      </Button>
      {/* Said once per answer: 'Added to cart: …', or why not (say, the last one just sold). */}
      <p role="status" className={result && !result.ok ? 'mt-1 text-sm font-medium text-berry-700' : 'sr-only'}>
        {result ? (result.ok ? `${cartCopy.added}: ${result.title}` : result.message) : ''}
      </p>
    </fetcher.Form>
  )
}
