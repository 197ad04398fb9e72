// The mini cart's drawer: its own chunk, fetched on the first press of the header's cart button (decision 018).
import { useEffect } from 'react'
import { Link, useFetcher } from 'react-router'
import { formatCents } from '~/lib/money'
import { Drawer, LinkButton, Skeleton } from '~/ui'
import { FREE_SHIPPING_THRESHOLD_CENTS, MAX_LINE_QUANTITY } from '../cart.constants'
import type { CartLine, CartView } from '../cart.service.server'
import { CART_PAGE, MINI_CART_ROUTE, cartCopy } from './cart-copy'

type MiniCartAnswer = { ok: true; cart: CartView } | { ok: false; message: string; lineId: number; cart: CartView }

export default function MiniCartDrawer({ count, onClose }: { count: number; onClose: () => void }) {
  const load = useFetcher<MiniCartAnswer>()
  const change = useFetcher<MiniCartAnswer>()
  // The panel's cart: the latest answer (a change answers with the whole cart), else what the opening loaded.
  const cart: CartView | null = change.data?.cart ?? load.data?.cart ?? null
  const lineError = change.data && !change.data.ok ? { lineId: change.data.lineId, message: change.data.message } : null

  useEffect(() => {
    // Contents load when the panel opens, so shop pages pay only for the count.
    load.load(MINI_CART_ROUTE)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [])

  const submitting = change.state !== 'idle'
  const shipping = cart ? freeShippingOf(cart) : null

  return (
    <Drawer
      open
      side="right"
      onClose={onClose}
      title={cartCopy.cartTitle}
      description={cart ? cartCopy.itemsInCart(cart.itemCount) : cartCopy.itemsInCart(count)}
      footer={
        cart && cart.lines.length > 0 ? (
          <div className="flex w-full flex-col gap-3">
            <p className="flex items-center justify-between text-base font-bold">
              <span>{cartCopy.subtotal}</span>
              <span data-mini-cart-subtotal>{formatCents(cart.subtotalCents)}</span>
            </p>
            <LinkButton to={CART_PAGE} size="lg" className="w-full" onClick={onClose}>
              {cartCopy.viewCartAndCheckOut}
            </LinkButton>
          </div>
        ) : null
      }
    >
      {cart === null ? (
        <div aria-busy="true" className="flex flex-col gap-4" data-mini-cart-loading>
          <span className="sr-only">Loading your cart…</span>
          {Array.from({ length: Math.min(Math.max(count, 1), 3) }, (_, i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-16 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-4 w-2/5" />
              </div>
            </div>
          ))}
        </div>
      ) : cart.lines.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-base">{cartCopy.emptyCart}</p>
          <LinkButton to="/store" variant="secondary" onClick={onClose}>
            {cartCopy.keepShopping}
          </LinkButton>
        </div>
      ) : (
        <div className="flex flex-col gap-5" aria-busy={submitting || undefined}>
          {shipping ? (
            <div data-free-shipping>
              <p className="text-sm font-semibold">{shipping.reached ? cartCopy.freeShippingReached : cartCopy.freeShippingAway(shipping.remaining)}</p>
              <div
                className="mt-1.5 h-2 overflow-hidden rounded-full bg-line"
                role="progressbar"
                aria-label="Progress to free shipping"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={shipping.percent}
              >
                <div className="h-full rounded-full bg-sage-700" style={{ width: `${shipping.percent}%` }} />
              </div>
            </div>
          ) : null}
          <ul className="flex flex-col divide-y divide-line" aria-label="Items in your cart">
            {cart.lines.map((line) => (
              <MiniCartLine
                key={line.id}
                line={line}
                error={lineError?.lineId === line.id ? lineError.message : null}
                onQuantity={(quantity) => change.submit({ intent: 'update', lineId: line.id, quantity }, { method: 'post', action: MINI_CART_ROUTE })}
                onRemove={() => change.submit({ intent: 'remove', lineId: line.id }, { method: 'post', action: MINI_CART_ROUTE })}
                onNavigate={onClose}
              />
            ))}
          </ul>
        </div>
      )}
    </Drawer>
  )
}

/** Free shipping progress for the items that ship, or null when nothing ships. */
function freeShippingOf(cart: CartView) {
  const shippable = cart.lines.filter((l) => !l.isGiftCard && !l.unavailable).reduce((n, l) => n + l.lineTotalCents, 0)
  if (shippable <= 0) return null
  const remaining = cart.freeShippingRemainingCents
  return {
    reached: remaining <= 0,
    remaining,
    percent: Math.min(100, Math.round((shippable / FREE_SHIPPING_THRESHOLD_CENTS) * 100)),
  }
}

function MiniCartLine({
  line,
  error,
  onQuantity,
  onRemove,
  onNavigate,
}: {
  line: CartLine
  error: string | null
  onQuantity: (quantity: number) => void
  onRemove: () => void
  onNavigate: () => void
}) {
  const options = [line.options.size, line.options.color].filter(Boolean).join(', ')
  const menuMax = Math.min(MAX_LINE_QUANTITY, Math.max(10, line.quantity))
  const selectId = `mini-cart-qty-${line.id}`
  return (
    <li className="flex gap-3 py-4 first:pt-0" data-mini-cart-line={line.productId}>
      <img src={line.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-lg border border-line bg-white object-cover" />
      <div className="min-w-0 flex-1">
        <Link to={line.href} onClick={onNavigate} className="line-clamp-2 text-sm font-semibold text-ink underline-offset-2 hover:underline">
          {line.title}
        </Link>
        {options ? <p className="text-sm text-muted">{options}</p> : null}
        {line.gift ? <p className="text-sm text-muted">{cartCopy.giftFor(line.gift.familyName)}</p> : null}
        {line.unavailable ? <p className="text-sm font-semibold text-berry-700">{line.unavailable}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label htmlFor={selectId} className="sr-only">
            Quantity of {line.title}
          </label>
          <select
            id={selectId}
            value={line.quantity}
            onChange={(e) => onQuantity(Number(e.target.value))}
            className="min-h-11 rounded-xl border border-line-strong bg-white px-2.5 text-sm"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
          >
            {Array.from({ length: menuMax }, (_, i) => i + 1).map((q) => (
              <option key={q} value={q}>
                Qty {q}
              </option>
            ))}
          </select>
          <span className="text-sm font-semibold">{formatCents(line.lineTotalCents)}</span>
          <button type="button" onClick={onRemove} className="min-h-11 text-sm font-semibold text-berry-700 underline underline-offset-2">
            {cartCopy.remove}
            <span className="sr-only"> {line.title}</span>
          </button>
        </div>
        {error ? (
          <p id={`${selectId}-error`} role="alert" className="mt-1 text-sm font-medium text-berry-700">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  )
}
