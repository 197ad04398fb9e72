import { useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { Alert, Button, cx, FieldError, inputClasses, Label, TextField } from '~/ui'
import { ELECTRONIC_GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS } from '../../catalog/catalog.constants'
import { GIFT_MESSAGE_MAX, MAX_GIFT_CARDS_PER_LINE, PRESET_AMOUNTS_CENTS } from '../giftcards.constants'

/** Where the purchase form posts (the gift cards page's action), from that page and from gift card product pages. */
export const GIFT_CARD_FORM_ACTION = '/store/gift-cards'
export const CHECKOUT_PATH = '/store/checkout?cart_type=store'

export type GiftCardFormResult =
  | {
      ok: true
      at: number
      added: { amountCents: number; quantity: number; recipientName: string }
    }
  | {
      ok: false
      at: number
      message: string
      fields: FieldErrors
      values: Record<string, string>
    }

export type GiftCardDesign = {
  id: number
  shortName: string
  imageUrl: string
}

const first = (fields: FieldErrors | undefined, name: string) => fields?.[name]?.[0]

/**
 * Choose an amount (preset or custom, whole dollars), a design when there are several, who it is for and a
 * message; adds an e-gift card line to the cart. A plain form without JavaScript (it posts to the gift cards
 * page), a fetcher with it, so a product page keeps its place while the card is added.
 */
export function GiftCardForm({ designs, productId, result: pageResult }: { designs: GiftCardDesign[]; productId?: number; result?: GiftCardFormResult }) {
  const fetcher = useFetcher<GiftCardFormResult>()
  const result = fetcher.data ?? pageResult
  const busy = fetcher.state !== 'idle'
  const failed = result && !result.ok ? result : undefined
  const values = failed?.values ?? {}
  const fields = failed?.fields
  const statusRef = useRef<HTMLDivElement>(null)
  // A new key after each success starts a fresh, empty form.
  const formKey = result?.ok ? `added-${result.at}` : 'gift-card'

  useEffect(() => {
    // After adding, the success message takes focus so keyboard and screen reader users hear it.
    if (result?.ok) statusRef.current?.focus()
  }, [result])

  return (
    <div className="flex flex-col gap-4">
      {result?.ok ? (
        <div ref={statusRef} tabIndex={-1} className="outline-none">
          <Alert tone="success" title="Added to your cart">
            <p>
              {result.added.quantity > 1 ? `${result.added.quantity} gift cards` : 'A gift card'} of {formatCents(result.added.amountCents)} for {result.added.recipientName}. We
              email it as soon as your order is paid.
            </p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <Link to={CHECKOUT_PATH} className="font-semibold text-berry-800 underline underline-offset-2">
                Check out
              </Link>
              <span>or send another one below.</span>
            </p>
          </Alert>
        </div>
      ) : null}
      {failed ? (
        <Alert tone="error" title="Please check the gift card details">
          {failed.message}
        </Alert>
      ) : null}
      <GiftCardFields key={formKey} Form={fetcher.Form} busy={busy} designs={designs} productId={productId} values={values} fields={fields} />
    </div>
  )
}

function GiftCardFields({
  Form,
  busy,
  designs,
  productId,
  values,
  fields,
}: {
  Form: ReturnType<typeof useFetcher>['Form']
  busy: boolean
  designs: GiftCardDesign[]
  productId?: number
  values: Record<string, string>
  fields?: FieldErrors
}) {
  const id = useId()
  const customRef = useRef<HTMLInputElement>(null)
  // Like the big shops: a preset chosen clears the custom amount, a custom amount typed unselects the presets.
  // The server takes a typed custom amount over a preset (so the form means the same without JavaScript).
  const [amount, setAmount] = useState(values.customAmount?.trim() ? 'custom' : values.amountCents || String(PRESET_AMOUNTS_CENTS[1]))
  const choosePreset = (cents: number) => {
    setAmount(String(cents))
    if (customRef.current) customRef.current.value = ''
  }
  const [message, setMessage] = useState(values.message ?? '')
  const chosenDesign = values.productId || String(productId ?? designs[0]?.id ?? '')
  const amountError = first(fields, 'amountCents')
  const customError = first(fields, 'customAmount')
  return (
    <Form method="post" action={GIFT_CARD_FORM_ACTION} className="flex flex-col gap-5" noValidate>
      {productId || designs.length <= 1 ? (
        <input type="hidden" name="productId" value={chosenDesign} />
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Design</legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {designs.map((d) => (
              <label
                key={d.id}
                className="flex cursor-pointer flex-col gap-2 rounded-xl border border-line-strong bg-white p-2 text-sm font-semibold text-ink has-checked:border-berry-700 has-checked:ring-2 has-checked:ring-berry-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-berry-700"
              >
                <img src={d.imageUrl} alt="" width={160} height={100} className="aspect-[8/5] w-full rounded-lg bg-cream-200 object-cover" />
                <span className="flex items-center gap-2">
                  <input type="radio" name="productId" value={d.id} defaultChecked={String(d.id) === chosenDesign} className="size-4 accent-berry-700" />
                  {d.shortName.replace(/^Store Gift Card: /, '')}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset aria-describedby={amountError || customError ? `${id}-amount-error` : undefined}>
        <legend className="text-sm font-semibold text-ink">Amount</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PRESET_AMOUNTS_CENTS.map((cents) => (
            <label
              key={cents}
              className="flex min-h-11 min-w-20 cursor-pointer items-center justify-center rounded-full border border-line-strong bg-white px-4 font-semibold text-ink has-checked:border-berry-700 has-checked:bg-berry-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-berry-700"
            >
              <input type="radio" name="amountCents" value={cents} checked={amount === String(cents)} onChange={() => choosePreset(cents)} className="sr-only" />
              {formatCents(cents)}
            </label>
          ))}
          <label className="flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-line-strong bg-white px-4 font-semibold text-ink has-checked:border-berry-700 has-checked:bg-berry-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-berry-700">
            <input
              type="radio"
              name="amountCents"
              value="custom"
              checked={amount === 'custom'}
              onChange={() => {
                setAmount('custom')
                customRef.current?.focus()
              }}
              className="sr-only"
            />
            Other amount
          </label>
        </div>
        <div className="mt-3 max-w-60">
          <Label htmlFor={`${id}-custom`}>
            Other amount in dollars{' '}
            <span className="font-normal text-muted">
              ({formatCents(ELECTRONIC_GIFT_CARD_MIN_CENTS)} to {formatCents(ELECTRONIC_GIFT_CARD_MAX_CENTS)})
            </span>
          </Label>
          <div className="relative mt-1.5">
            <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">
              $
            </span>
            <input
              ref={customRef}
              id={`${id}-custom`}
              name="customAmount"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.customAmount ?? ''}
              onInput={(e) => {
                if (e.currentTarget.value.trim()) setAmount('custom')
              }}
              aria-invalid={customError ? true : undefined}
              aria-describedby={customError ? `${id}-amount-error ${id}-custom-hint` : `${id}-custom-hint`}
              className={cx(inputClasses, 'pl-7')}
            />
          </div>
          <p id={`${id}-custom-hint`} className="mt-1 text-sm text-muted">
            Whole dollars. An amount typed here is used instead of the one chosen above.
          </p>
        </div>
        <FieldError id={`${id}-amount-error`}>{amountError ?? customError}</FieldError>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Recipient's name"
          name="recipientName"
          autoComplete="off"
          required
          maxLength={80}
          defaultValue={values.recipientName ?? ''}
          error={first(fields, 'recipientName')}
        />
        <TextField
          label="Recipient's email"
          name="recipientEmail"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          hint="We email the gift card here, right after your order is paid."
          defaultValue={values.recipientEmail ?? ''}
          error={first(fields, 'recipientEmail')}
        />
        <TextField label="Your name" name="senderName" autoComplete="name" required maxLength={80} defaultValue={values.senderName ?? ''} error={first(fields, 'senderName')} />
        <div>
          <Label htmlFor={`${id}-quantity`}>How many</Label>
          <select
            id={`${id}-quantity`}
            name="quantity"
            defaultValue={values.quantity ?? '1'}
            className={cx(inputClasses, 'mt-1.5')}
            aria-invalid={first(fields, 'quantity') ? true : undefined}
          >
            {Array.from({ length: MAX_GIFT_CARDS_PER_LINE }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-quantity-error`}>{first(fields, 'quantity')}</FieldError>
        </div>
      </div>

      <div>
        <Label htmlFor={`${id}-message`} optional>
          Message
        </Label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          maxLength={GIFT_MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          aria-describedby={`${id}-message-count${first(fields, 'message') ? ` ${id}-message-error` : ''}`}
          aria-invalid={first(fields, 'message') ? true : undefined}
          className={cx(inputClasses, 'mt-1.5 resize-y')}
        />
        <p id={`${id}-message-count`} className="mt-1 text-sm text-muted">
          {message.length} of {GIFT_MESSAGE_MAX} characters
        </p>
        <FieldError id={`${id}-message-error`}>{first(fields, 'message')}</FieldError>
      </div>

      <p className="text-sm text-muted">Delivered by email as soon as your order is paid. No shipping, no tax, and it never expires.</p>
      <div>
        <Button type="submit" pending={busy} pendingLabel="Adding…">
          Add gift card to cart
        </Button>
      </div>
    </Form>
  )
}
