import { useEffect, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { formatCents } from '~/lib/money'
import type { CartLine, CartView } from '~/modules/cart/cart.service.server'
import { Alert, Badge, Button, Card, cx, Icon, inputClasses, LinkButton } from '~/ui'
import { checkoutStrings as t, optionText } from '../checkout.strings'

/** One cart line with its quantity and remove forms (plain POSTs; fetchers with pending states with JS). */
function CartLineRow({ line, onDone }: { line: CartLine; onDone: (message: string) => void }) {
  const update = useFetcher<{ ok: boolean; message?: string }>()
  const remove = useFetcher<{ ok: boolean; message?: string }>()
  // The result arrives while the page reloads the cart (this row may then be gone): report it upwards.
  useEffect(() => {
    if (remove.data?.ok) onDone(t.removed)
  }, [remove.data, onDone])
  useEffect(() => {
    if (update.data?.ok) onDone(t.updated)
  }, [update.data, onDone])
  const removing = remove.state !== 'idle'
  const qtyId = `qty-${line.id}`
  return (
    <li className={cx('flex gap-3 py-5 sm:gap-4', removing && 'opacity-50')}>
      <img src={line.imageUrl} alt="" width={88} height={88} className="size-16 shrink-0 sm:size-20 rounded-xl border border-line bg-white object-contain" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <p className="text-sm text-muted">{line.brand}</p>
            <Link to={line.href} className="font-semibold text-ink underline-offset-2 hover:underline">
              {line.title}
            </Link>
            {optionText(line.options) ? <p className="text-sm text-muted">{optionText(line.options)}</p> : null}
            {line.gift ? (
              <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-berry-800">
                <Icon name="gift" className="size-4 shrink-0" />
                {t.giftLine(line.gift.familyName, line.gift.shipsTo)}
              </p>
            ) : null}
            {line.unavailable ? (
              <p className="mt-1">
                <Badge variant="discount">{line.unavailable}</Badge>
              </p>
            ) : null}
          </div>
          <p className="font-semibold tabular-nums">{formatCents(line.lineTotalCents)}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {/* Wraps: on a 320 px phone the Update button goes under the quantity rather than out of the card. */}
          <update.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <div>
              <label htmlFor={qtyId} className="block text-sm font-semibold">
                {t.quantity}
              </label>
              <input
                id={qtyId}
                name="quantity"
                type="number"
                min={1}
                max={99}
                inputMode="numeric"
                defaultValue={line.quantity}
                key={line.quantity}
                className={cx(inputClasses, 'mt-1 w-20')}
              />
            </div>
            <Button type="submit" variant="secondary" size="sm" className="min-h-11" pending={update.state !== 'idle'} pendingLabel="Updating…">
              {t.update}
              <span className="sr-only"> {line.title}</span>
            </Button>
          </update.Form>
          <remove.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <Button type="submit" variant="ghost" size="sm" className="min-h-11" pending={removing} pendingLabel="Removing…">
              {t.remove}
              <span className="sr-only"> {line.title}</span>
            </Button>
          </remove.Form>
        </div>
        {update.data?.ok === false || remove.data?.ok === false ? (
          <p className="text-sm font-medium text-berry-700" role="alert">
            {update.data?.message ?? remove.data?.message}
          </p>
        ) : null}
      </div>
    </li>
  )
}

type Group = { key: string; title: string; lines: CartLine[]; checkoutHref: string; checkoutLabel: string; note?: string }

/** Lines grouped as they are checked out: own items, then one group per registry. */
export function groupCart(cart: CartView): Group[] {
  const own = cart.lines.filter((l) => !l.gift)
  const groups: Group[] = own.length ? [{ key: 'store', title: t.yourItems, lines: own, checkoutHref: '/store/checkout', checkoutLabel: t.checkOut }] : []
  const registries = new Map<number, CartLine[]>()
  for (const l of cart.lines) if (l.gift) registries.set(l.gift.registryId, [...(registries.get(l.gift.registryId) ?? []), l])
  for (const [id, lines] of registries) {
    groups.push({
      key: `registry-${id}`,
      title: t.giftsFor(lines[0]!.gift!.familyName),
      lines,
      checkoutHref: `/store-checkout-hbb?registry_id=${id}`,
      checkoutLabel: t.checkOutGifts,
      note: t.giftsApart,
    })
  }
  return groups
}

/** Subtotal and shipping of one group as it will be checked out (free shipping at $45 per order). */
function groupTotals(lines: CartLine[]) {
  const buyable = lines.filter((l) => !l.unavailable)
  const subtotal = buyable.reduce((n, l) => n + l.lineTotalCents, 0)
  return { subtotal }
}

export function CartReview({
  cart,
  shipping,
  message,
}: {
  cart: CartView
  /** Per group: shipping and what is left for free shipping, priced by the orders service. */
  shipping: Record<string, { shippingCents: number; freeShippingRemainingCents: number } | undefined>
  message?: string | null
}) {
  const [done, setDone] = useState<string | null>(null)
  const shown = done ?? message
  if (cart.lines.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-4 p-8 text-center sm:p-12">
        <Icon name="cart" className="size-10 text-berry-700" />
        <h2 className="text-2xl font-bold">{t.cartEmptyTitle}</h2>
        {shown ? <p role="status">{shown}</p> : null}
        <p className="text-muted">{t.cartEmptyBody}</p>
        <LinkButton to="/store">{t.shopLink}</LinkButton>
      </Card>
    )
  }
  return (
    <div className="flex flex-col gap-6">
      <div aria-live="polite">{shown ? <Alert tone="success">{shown}</Alert> : null}</div>
      {groupCart(cart).map((g) => {
        const { subtotal } = groupTotals(g.lines)
        const ship = shipping[g.key]
        const blocked = g.lines.some((l) => l.unavailable)
        return (
          <Card as="section" key={g.key} aria-labelledby={`${g.key}-title`} className="p-5 sm:p-6">
            <h2 id={`${g.key}-title`} className="text-xl font-bold">
              {g.title}
            </h2>
            {g.note ? <p className="mt-1 text-sm text-muted">{g.note}</p> : null}
            <ul className="divide-y divide-line">
              {g.lines.map((l) => (
                <CartLineRow key={l.id} line={l} onDone={setDone} />
              ))}
            </ul>
            <dl className="flex flex-col gap-2 border-t border-line pt-4 text-sm">
              <div className="flex justify-between gap-4">
                <dt>{t.subtotal}</dt>
                <dd className="font-semibold tabular-nums">{formatCents(subtotal)}</dd>
              </div>
              {ship ? (
                <div className="flex justify-between gap-4">
                  <dt>{t.shippingLine}</dt>
                  <dd className="font-semibold tabular-nums">{ship.shippingCents === 0 ? t.free : formatCents(ship.shippingCents)}</dd>
                </div>
              ) : null}
            </dl>
            {ship ? (
              <p className={cx('mt-2 text-sm', ship.freeShippingRemainingCents > 0 ? 'text-ink' : 'text-sage-700')}>
                {ship.freeShippingRemainingCents > 0 ? t.freeShippingLeft(ship.freeShippingRemainingCents) : ship.shippingCents === 0 ? t.freeShippingReached : null}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {blocked ? (
                <>
                  <Button disabled aria-describedby={`${g.key}-blocked`}>
                    {g.checkoutLabel}
                  </Button>
                  <p id={`${g.key}-blocked`} className="text-sm text-muted">
                    {t.unavailableNote}
                  </p>
                </>
              ) : (
                <LinkButton to={g.checkoutHref}>{g.checkoutLabel}</LinkButton>
              )}
            </div>
          </Card>
        )
      })}
    </div>
  )
}
