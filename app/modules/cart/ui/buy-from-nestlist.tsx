// 'Buy from Nestlist' on a registry's guest view: adds the item as a gift line (it ships to the family) and goes on
// to that registry's gift checkout. Options the family left open ('any color') are chosen here, from those in stock;
// options they chose stay fixed. A plain form first (a refusal answers with a page that offers the choice again);
// with scripts a fetcher shows a refusal right at the card, keeping what the giver chose.
import { useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { useScripted } from '~/lib/use-scripted'
import { SelectField } from '~/modules/registry/ui/add-to-registry-fields'
import { Button, Icon } from '~/ui'
import type { OpenOptionChoice } from '~/modules/catalog/product-options'
import type { AddToCartResult } from './add-to-cart'
import { ADD_TO_CART_ACTION, cartCopy } from './cart-copy'

export type BuyFromNestlistItem = {
  id: number
  productId: number | null
  title: string
  options: Record<string, string>
  openOptions?: OpenOptionChoice[]
}

const optionLabels = { size: 'Size', color: 'Color' } as const
const choosePrompt = { size: 'Choose a size', color: 'Choose a color' } as const

export function BuyFromNestlist({
  item,
  registryId,
  failure,
  returnTo,
}: {
  item: BuyFromNestlistItem
  /** The registry the item is on: a refused plain form offers the choice again on its own page. */
  registryId: number
  /** A plain form's refusal, when this form is shown again on the /cart/add page. */
  failure?: AddToCartResult
  /** Where a plain form comes back to (default: this page). */
  returnTo?: string
}) {
  const { pathname, search } = useLocation()
  const scripted = useScripted()
  const fetcher = useFetcher<AddToCartResult>({ key: `buy-from-nestlist-${item.id}` })
  const result = fetcher.data ?? failure
  const refused = result && !result.ok ? result : undefined
  const typed = refused?.typed
  const [chosen, setChosen] = useState<Record<string, string>>({ size: typed?.size ?? '', color: typed?.color ?? '' })
  if (item.productId === null) return null
  const open = item.openOptions ?? []
  const idBase = `buy-${item.id}`
  const fieldError = (field: string) => refused?.fields?.[field]?.[0]
  // A refusal that no option field names (out of stock, only N left, no longer needed) is said above the button.
  const general = refused && !open.some((o) => fieldError(o.field)) ? refused.message : undefined
  return (
    <fetcher.Form method="post" action={ADD_TO_CART_ACTION} className="flex flex-col gap-2" data-buy-from-nestlist noValidate={scripted}>
      <input type="hidden" name="productId" value={item.productId} />
      <input type="hidden" name="regItemId" value={item.id} />
      <input type="hidden" name="registryId" value={registryId} />
      <input type="hidden" name="quantity" value="1" />
      {item.options.size ? <input type="hidden" name="size" value={item.options.size} /> : null}
      {item.options.color ? <input type="hidden" name="color" value={item.options.color} /> : null}
      <input type="hidden" name="returnTo" value={returnTo ?? pathname + search} />
      {scripted ? <input type="hidden" name="js" value="1" /> : null}
      {open.map((o) => (
        <SelectField
          key={o.field}
          id={`${idBase}-${o.field}`}
          label={
            <>
              {optionLabels[o.field]}
              <span className="sr-only"> for {item.title}</span>
            </>
          }
          name={o.field}
          value={chosen[o.field] ?? ''}
          onChange={(e) => setChosen((c) => ({ ...c, [o.field]: e.target.value }))}
          error={fieldError(o.field)}
          className="min-h-11 text-sm"
          required
        >
          <option value="">{choosePrompt[o.field]}</option>
          {o.values.map((v) => (
            <option key={v.value} value={v.value} disabled={v.left <= 0}>
              {v.left <= 0 ? `${v.value} (sold out)` : v.value}
            </option>
          ))}
        </SelectField>
      ))}
      {general ? (
        <p role="alert" className="text-sm font-medium text-berry-700" data-buy-error>
          {general}
        </p>
      ) : null}
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        className="w-full"
        pending={fetcher.state !== 'idle'}
        pendingLabel={cartCopy.adding}
        icon={<Icon name="cart" className="hidden size-4 min-[400px]:block" />}
      >
        {cartCopy.buyFromNestlist}
        <span className="sr-only">: {item.title}</span>
      </Button>
    </fetcher.Form>
  )
}

/** Why an item of a registry without a gift address has no 'Buy from Nestlist' (it can still be reserved). */
export function NoGiftAddressNote({ itemId }: { itemId: number }) {
  return (
    <p id={`item-${itemId}-no-address`} className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-ink" data-no-gift-address>
      {cartCopy.noGiftAddress}
    </p>
  )
}
