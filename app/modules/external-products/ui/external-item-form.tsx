// The editable preview (and the manual form) for an item from another store. Works as a plain form; with
// JavaScript the submit shows its pending state. Every value the owner typed comes back after a failure.
import { useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { formatCents } from '~/lib/money'
import { CheckboxField, SelectField, TextAreaField } from '~/modules/registry/ui/add-to-registry-fields'
import { Alert, Button, cx, FieldError, Icon, TextField } from '~/ui'

export type ExternalFormValues = {
  url: string
  title: string
  price: string
  quantity: string
  categoryId: string
  note: string
  mostWanted: boolean
  storeName: string
  imageId: string
}

export type ExternalFormImage = { id: string; path: string }

export const centsToPriceText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

/** Where the form posts: /registry/external saves (its loader never fetches, so a failed save costs nothing). */
export const EXTERNAL_SAVE_ACTION = '/registry/external'

export function ExternalItemForm({
  registryId,
  categories,
  values,
  images,
  fields = {},
  mode,
}: {
  registryId: number
  categories: { id: number; title: string; isDefault: boolean }[]
  values: ExternalFormValues
  images: ExternalFormImage[]
  fields?: Record<string, string[]>
  mode: 'preview' | 'manual'
}) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formAction === EXTERNAL_SAVE_ACTION
  const err = (name: string) => fields[name]?.[0]
  const formRef = useRef<HTMLFormElement>(null)
  // After a failed save, keyboard and screen-reader users land on the first field to fix.
  useFocusFirstInvalid(formRef, Object.keys(fields).length > 0 ? fields : undefined)
  const chosen = values.imageId || images[0]?.id || ''
  return (
    <Form ref={formRef} method="post" action={EXTERNAL_SAVE_ACTION} className="flex flex-col gap-5" noValidate aria-label={mode === 'preview' ? 'Check and save the item' : 'Add the item yourself'}>
      <input type="hidden" name="registryId" value={registryId} />
      {images.map((i) => (
        <input key={i.id} type="hidden" name="imageOption" value={i.id} />
      ))}
      {images.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Picture</legend>
          <p className="mt-1 text-sm text-muted">We keep a copy on Nestlist, so it stays even if the shop changes its page.</p>
          <div className="mt-2 flex flex-wrap gap-3">
            {images.map((image, n) => (
              <label key={image.id} className="cursor-pointer">
                <input type="radio" name="imageId" value={image.id} defaultChecked={chosen === image.id} className="peer sr-only" />
                <span className="block size-24 overflow-hidden rounded-xl border-2 border-line bg-white peer-checked:border-berry-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-berry-700 sm:size-28">
                  <img src={image.path} alt={`Picture ${n + 1}`} className="size-full object-contain" />
                </span>
              </label>
            ))}
            <label className="cursor-pointer">
              <input type="radio" name="imageId" value="" defaultChecked={chosen === ''} className="peer sr-only" />
              <span className="flex size-24 items-center justify-center rounded-xl border-2 border-dashed border-line-strong bg-cream px-2 text-center text-sm font-semibold text-muted peer-checked:border-berry-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-berry-700 sm:size-28">
                No picture
              </span>
            </label>
          </div>
          <FieldError id="imageId-error">{err('imageId')}</FieldError>
        </fieldset>
      ) : null}
      <TextField label="Link to the product" name="url" type="url" inputMode="url" defaultValue={values.url} error={err('url')} required autoComplete="off" />
      <TextField label="Item name" name="title" defaultValue={values.title} error={err('title')} required maxLength={200} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Price"
          hint="In US dollars, like 24.99"
          name="price"
          inputMode="decimal"
          defaultValue={values.price}
          error={err('priceCents') ?? err('price')}
          required
        />
        <TextField label="Store name" name="storeName" defaultValue={values.storeName} error={err('storeName')} required maxLength={80} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="How many?" name="quantity" type="number" min={1} max={99} inputMode="numeric" defaultValue={values.quantity} error={err('quantity')} required />
        <SelectField label="Category" name="categoryId" defaultValue={values.categoryId || String(categories.find((c) => c.isDefault)?.id ?? '')} error={err('categoryId')}>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Note for guests" optional name="note" maxLength={500} defaultValue={values.note} error={err('note')} hint="Size, color or why you love it." />
      <CheckboxField label="Most wanted" name="mostWanted" value="true" defaultChecked={values.mostWanted} hint="Guests see a heart on it." />
      {fields._error ? <Alert tone="error">{fields._error[0]}</Alert> : null}
      <div>
        <Button type="submit" size="lg" pending={saving} pendingLabel="Saving…" icon={<Icon name="gift" className="size-5" />}>
          Add to my registry
        </Button>
      </div>
    </Form>
  )
}

/** The facts we read, shown above the form so the owner can compare. */
export function PreviewSummary({ title, priceCents, currency, brand, description, storeName }: { title: string | null; priceCents: number | null; currency: string | null; brand: string | null; description: string | null; storeName: string }) {
  return (
    <div className={cx('rounded-card border border-line bg-cream p-4 text-sm text-ink')}>
      <p className="font-semibold">We found this at {storeName}:</p>
      <p className="mt-1">
        {title ?? 'No name'}
        {brand ? <span className="text-muted">&nbsp;· {brand}</span> : null}
        {priceCents !== null ? <span className="font-semibold">&nbsp;· {currency && currency !== 'USD' ? `${(priceCents / 100).toFixed(2)} ${currency}` : formatCents(priceCents)}</span> : null}
      </p>
      {description ? <p className="mt-1 line-clamp-3 text-muted">{description}</p> : null}
    </div>
  )
}
