// The header's cart: a link to the cart page before scripts run; with scripts, a button that opens a drawer
// with the lines (loaded when it opens, with a skeleton), the subtotal and how far free shipping is.
import { lazy, Suspense, useState } from 'react'
import { useScripted } from '~/lib/use-scripted'
import { Icon } from '~/ui'
import { cx } from '~/ui/cx'
import { cartCopy } from './cart-copy'
import { CartLink, CountBadge, cartButtonClass } from './cart-link'
import { loadChunk } from '~/lib/chunk-load'

// The drawer's code comes with the first press of the button, not with the page.
const loadDrawer = () => loadChunk('mini-cart-drawer', () => import('./mini-cart-drawer'))
const MiniCartDrawer = lazy(loadDrawer)

/** `count` null: not known yet (a shared page before the visitor's facts come): the cart without a count. */
export function MiniCart({ count: known, className }: { count: number | null; className?: string }) {
  const count = known ?? 0
  const scripted = useScripted()
  const [open, setOpen] = useState(false)
  const label = known === null ? 'Cart' : cartCopy.cartLabel(count)
  if (!scripted) {
    return <CartLink count={known} className={className} />
  }
  return (
    <>
      <button type="button" aria-label={label} aria-haspopup="dialog" className={cx(cartButtonClass, className)} onPointerEnter={() => void loadDrawer()} onFocus={() => void loadDrawer()} onClick={() => setOpen(true)} data-mini-cart>
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
