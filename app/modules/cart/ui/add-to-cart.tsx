// 'Add to Cart' on the product page (size, colour, quantity, stock) and 'Notify me when available' for what
// is sold out. Plain forms first (the product page's action answers with a redirect and a flash message),
// then a fetcher with a pending state and an 'Added to cart' panel once scripts run.
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { FormFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { stockLabel } from '~/modules/inventory/stock-label'
import { useScripted } from '~/lib/use-scripted'
import { SelectField } from '~/modules/registry/ui/add-to-registry-fields'
import { Alert, Button, Icon, LinkButton, TextField } from '~/ui'
import { optionKey } from '~/modules/catalog/product-options'
import { MAX_LINE_QUANTITY } from '../cart.constants'
import { CART_PAGE, cartCopy } from './cart-copy'

export type AddToCartResult =
  | {
      ok: true
      intent: 'add-to-cart'
      productId: number | null
      lineId: number
      title: string
      imageUrl: string
      options: { size?: string; color?: string }
      quantity: number
      itemCount: number
      subtotalCents: number
      at: number
    }
  | (FormFailure & {
      intent: 'add-to-cart'
      productId: number | null
      typed: { size: string; color: string; quantity: string }
      at: number
    })

export type NotifyMeResult =
  | {
      ok: true
      intent: 'notify-me'
      productId: number | null
      email: string
      at: number
    }
  | (FormFailure & {
      intent: 'notify-me'
      productId: number | null
      typed: { email: string; size: string; color: string }
      at: number
    })

export type StockView = { total: number; byOption: Record<string, number> }

type Product = {
  productId: number
  title: string
  options: { sizes?: string[]; colors?: string[] }
}

/** How many the quantity menu offers at most. */
const QUANTITY_MENU_MAX = 10

const fieldError = (result: { ok: boolean; fields?: Record<string, string[]> } | undefined, name: string) =>
  result && !result.ok ? result.fields?.[name]?.[0] : undefined

/** Is every combination with this value sold out? (Then the value is offered but marked sold out.) */
function valueSoldOut(stock: StockView, part: string): boolean {
  const keys = Object.keys(stock.byOption).filter((k) => k.split('|').includes(part))
  return keys.length > 0 && keys.every((k) => (stock.byOption[k] ?? 0) <= 0)
}

/**
 * The product page's buy box. `action` is the product page (its action handles intent add-to-cart and
 * notify-me); `failure` is that action's answer to a plain form, so what was typed stays.
 */
export function AddToCart({
  product,
  stock,
  viewerEmail,
  action,
  failure,
}: {
  product: Product
  stock: StockView
  viewerEmail: string | null
  action: string
  failure?: AddToCartResult | NotifyMeResult
}) {
  const scripted = useScripted()
  const fetcher = useFetcher<AddToCartResult>()
  const plainFailure = failure && !failure.ok && failure.intent === 'add-to-cart' ? failure : undefined
  const result = fetcher.data ?? plainFailure
  const sizes = product.options.sizes ?? []
  const colors = product.options.colors ?? []
  const [size, setSize] = useState(plainFailure?.typed.size ?? (sizes.length === 1 ? sizes[0]! : ''))
  const [color, setColor] = useState(plainFailure?.typed.color ?? (colors.length === 1 ? colors[0]! : ''))
  const [quantity, setQuantity] = useState(plainFailure?.typed.quantity ?? '1')
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const panel = useRef<HTMLDivElement>(null)
  // Busy while sending; the page's data refreshing afterwards (the header count) does not hold the button.
  const busy = fetcher.state === 'submitting'

  const allChosen = (sizes.length === 0 || size !== '') && (colors.length === 0 || color !== '')
  const left = allChosen ? (stock.byOption[optionKey({ size: size || undefined, color: color || undefined })] ?? 0) : stock.total
  const soldOut = stock.total <= 0
  const chosenSoldOut = !soldOut && allChosen && left <= 0
  const menuMax = Math.max(1, Math.min(QUANTITY_MENU_MAX, MAX_LINE_QUANTITY, left > 0 ? left : QUANTITY_MENU_MAX))

  const added = fetcher.data?.ok && dismissedAt !== fetcher.data.at ? fetcher.data : null
  useEffect(() => {
    // Focus moves to the confirmation, so it is read out and 'View cart' is one Tab away.
    if (added) panel.current?.focus()
  }, [added])

  const stockText = soldOut ? cartCopy.soldOut : stockLabel(left)

  return (
    <section aria-labelledby="buy-heading" className="rounded-card border border-line bg-white p-4 sm:p-5" data-add-to-cart>
      <h2 id="buy-heading" className="sr-only">
        Buy from Nestlist
      </h2>
      <p
        className={soldOut || chosenSoldOut ? 'flex items-center gap-2 font-semibold text-muted' : 'flex items-center gap-2 font-semibold text-sage-700'}
        aria-live="polite"
        data-stock
      >
        <Icon name={soldOut || chosenSoldOut ? 'info' : 'check-circle'} />
        {!allChosen && !soldOut && stock.total > 0 && stockText === 'In stock' ? 'In stock' : stockText}
        {!allChosen && !soldOut ? <span className="font-normal text-muted">(choose options to see what is left)</span> : null}
      </p>
      {soldOut ? (
        <NotifyMe productId={product.productId} options={{}} viewerEmail={viewerEmail} action={action} failure={failure} />
      ) : (
        <>
          <fetcher.Form method="post" action={action} className="mt-4 flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="add-to-cart" />
            <input type="hidden" name="productId" value={product.productId} />
            {scripted ? <input type="hidden" name="js" value="1" /> : null}
            {result && !result.ok ? (
              <Alert tone="error" title="We could not add that to your cart">
                {result.message}
              </Alert>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {sizes.length > 0 ? (
                <SelectField label="Size" name="size" value={size} onChange={(e) => setSize(e.target.value)} error={fieldError(result, 'size')} required>
                  <option value="">Choose a size</option>
                  {sizes.map((s) => {
                    const out = valueSoldOut(stock, `size=${s}`)
                    return (
                      <option key={s} value={s}>
                        {out ? `${s} (sold out)` : s}
                      </option>
                    )
                  })}
                </SelectField>
              ) : null}
              {colors.length > 0 ? (
                <SelectField label="Color" name="color" value={color} onChange={(e) => setColor(e.target.value)} error={fieldError(result, 'color')} required>
                  <option value="">Choose a color</option>
                  {colors.map((c) => {
                    const out = valueSoldOut(stock, `color=${c}`)
                    return (
                      <option key={c} value={c}>
                        {out ? `${c} (sold out)` : c}
                      </option>
                    )
                  })}
                </SelectField>
              ) : null}
              <SelectField
                label="Quantity"
                name="quantity"
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                error={fieldError(result, 'quantity')}
              >
                {Array.from({ length: Math.max(menuMax, Number(quantity) || 1) }, (_, i) => String(i + 1)).map((q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </SelectField>
            </div>
            {chosenSoldOut ? null : (
              <Button type="submit" size="lg" pending={busy} pendingLabel={cartCopy.adding} icon={<Icon name="cart" className="size-5" />} className="w-full">
                {cartCopy.addToCart}
              </Button>
            )}
          </fetcher.Form>
          {chosenSoldOut ? (
            <NotifyMe productId={product.productId} options={{ size, color }} viewerEmail={viewerEmail} action={action} failure={failure} />
          ) : null}
        </>
      )}
      {added ? (
        <div
          ref={panel}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-card border border-sage-200 bg-sage-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-berry-700"
          data-added-panel
        >
          <p className="flex items-center gap-2 font-bold text-sage-800">
            <Icon name="check-circle" className="size-5" />
            {cartCopy.added}
          </p>
          <div className="mt-3 flex items-center gap-3">
            <img src={added.imageUrl} alt="" width={56} height={56} className="size-14 rounded-lg border border-line bg-white object-cover" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-semibold">{added.title}</p>
              <p className="text-muted">
                {[added.options.size, added.options.color].filter(Boolean).join(', ')}
                {added.options.size || added.options.color ? '\u00a0· ' : ''}Qty {added.quantity}
              </p>
            </div>
          </div>
          <p className="mt-3 text-sm">
            {cartCopy.itemsInCart(added.itemCount)}&nbsp;· {cartCopy.subtotal} {formatCents(added.subtotalCents)}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <LinkButton to={CART_PAGE} size="sm">
              {cartCopy.viewCart}
            </LinkButton>
            <Button size="sm" variant="ghost" onClick={() => setDismissedAt(added.at)}>
              {cartCopy.keepShopping}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}

/** 'Notify me when available' for the product, or the chosen option of it. */
export function NotifyMe({
  productId,
  options,
  viewerEmail,
  action,
  failure,
  compact = false,
}: {
  productId: number
  options: { size?: string; color?: string }
  viewerEmail: string | null
  action: string
  failure?: AddToCartResult | NotifyMeResult
  compact?: boolean
}) {
  const scripted = useScripted()
  const fetcher = useFetcher<NotifyMeResult>()
  const plain = failure && failure.intent === 'notify-me' && failure.productId === productId ? failure : undefined
  const result = fetcher.data ?? plain
  const [email, setEmail] = useState(plain && !plain.ok ? plain.typed.email : '')
  if (result?.ok) {
    return (
      <p role="status" className="mt-4 flex items-start gap-2 rounded-card bg-sage-50 p-3 text-sm font-semibold text-sage-800" data-notify-done>
        <Icon name="check-circle" className="mt-0.5 size-5" />
        {cartCopy.notifyDone(result.email)}
      </p>
    )
  }
  return (
    <fetcher.Form method="post" action={action} className={compact ? 'mt-2 flex flex-col gap-2' : 'mt-4 flex flex-col gap-3'} noValidate data-notify-me>
      <input type="hidden" name="intent" value="notify-me" />
      <input type="hidden" name="productId" value={productId} />
      {options.size ? <input type="hidden" name="size" value={options.size} /> : null}
      {options.color ? <input type="hidden" name="color" value={options.color} /> : null}
      {scripted ? <input type="hidden" name="js" value="1" /> : null}
      {result && !result.ok && !result.fields.email ? (
        <Alert tone="error" title="We could not save that">
          {result.message}
        </Alert>
      ) : null}
      <p className="text-sm text-muted">{viewerEmail ? `${cartCopy.notifyMeHelp} We will write to ${viewerEmail}.` : cartCopy.notifyMeHelp}</p>
      {viewerEmail ? null : (
        <TextField
          // A fixed id: a page has one 'Notify me' at a time.
          id="notify-me-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={result && !result.ok ? result.fields.email?.[0] : undefined}
          required
        />
      )}
      <Button
        type="submit"
        variant="secondary"
        pending={fetcher.state !== 'idle'}
        pendingLabel={cartCopy.notifyMeSending}
        icon={<Icon name="bell" className="size-5" />}
      >
        {cartCopy.notifyMe}
      </Button>
    </fetcher.Form>
  )
}
