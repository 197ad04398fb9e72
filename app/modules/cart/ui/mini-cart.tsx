// The header's cart: a link to the cart page before scripts run; with scripts, a button that opens a drawer
// with the lines (loaded when it opens, with a skeleton), the subtotal and how far free shipping is.
import { lazy, Suspense, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import { useScripted } from '~/lib/use-scripted'
import { Icon } from '~/ui'
import { cx } from '~/ui/cx'
import { CART_PAGE, cartCopy } from './cart-copy'

// The drawer's code comes with the first press of the button, not with the page.
const loadDrawer = () => import('./mini-cart-drawer')
const MiniCartDrawer = lazy(loadDrawer)

const buttonClass =
  'relative inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full px-2.5 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800'

/** The count on the cart icon (hidden when empty; the accessible name says it either way). */
function CountBadge({ count }: { count: number }) {
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

export function MiniCart({ className }: { className?: string }) {
  const root = useRouteLoaderData('root') as { cartCount?: number } | undefined
  const count = root?.cartCount ?? 0
  const scripted = useScripted()
  const [open, setOpen] = useState(false)
  const label = cartCopy.cartLabel(count)
  if (!scripted) {
    return (
      <a href={CART_PAGE} aria-label={label} className={cx(buttonClass, className)} data-mini-cart>
        <Icon name="cart" className="size-6" />
        <CountBadge count={count} />
      </a>
    )
  }
  return (
    <>
      <button type="button" aria-label={label} aria-haspopup="dialog" className={cx(buttonClass, className)} onPointerEnter={() => void loadDrawer()} onFocus={() => void loadDrawer()} onClick={() => setOpen(true)} data-mini-cart>
        <Icon name="cart" className="size-6" />
        <CountBadge count={count} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MiniCartDrawer count={count} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
