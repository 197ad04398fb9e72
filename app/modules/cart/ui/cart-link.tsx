// The header cart's look without scripts: a link to the cart with the item count on its icon (mini-cart.tsx); on a
// shared page the count is not known until the visitor's facts come (app/components/visitor.tsx), and it shows none.
import { Icon } from '~/ui/icon'
import { cx } from '~/ui/cx'
import { CART_PAGE, cartCopy } from './cart-copy'

export const cartButtonClass =
  'relative inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full px-2.5 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800'

/** The count on the cart icon (hidden when empty; the accessible name says it either way). */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-berry-700 px-1 text-xs leading-5 font-bold text-white"
      data-cart-count
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

/** The cart as a plain link (before scripts run, and in pages without them). */
export function CartLink({ count, className }: { count: number | null; className?: string }) {
  return (
    <a href={CART_PAGE} aria-label={count === null ? 'Cart' : cartCopy.cartLabel(count)} className={cx(cartButtonClass, className)} data-mini-cart>
      <Icon name="cart" className="size-6" />
      <CountBadge count={count ?? 0} />
    </a>
  )
}
