import { type ComponentType, type ReactNode, type Ref, useEffect, useId, useRef } from 'react'
import type { FieldErrors } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { Alert, Button, FieldError, inputClasses, Label, cx } from '~/ui'
import { MAX_QUANTITY, NOTE_MAX } from '../registry.constants'
import type { GuestItem } from '../registry.types'
import { GiverFields } from './giver-fields'
import { ItemPicture } from './item-picture'
import { RESERVATION_HOLD_DAYS } from '../registry.constants'

export type ReserveMode = 'reserve' | 'bought'

/** What the reserve action returns when it cannot reserve: the message, per-field errors and what was typed. */
export type ReserveFailure = {
  ok: false
  itemId: number
  mode: ReserveMode
  message: string
  fields: FieldErrors
  values: { quantity: string; giverName: string; giverEmail: string; giftMessage: string }
  /** True when the gift no longer needs that many (409): the quantities on the page are fresh again. */
  conflict: boolean
}

export const reserveCopy: Record<ReserveMode, { title: string; submit: string; pending: string; intro: string }> = {
  reserve: {
    title: 'Reserve this gift',
    submit: 'Reserve gift',
    pending: 'Reserving…',
    intro: `We hold it for you for ${RESERVATION_HOLD_DAYS} days so nobody else buys it. We email you a link to buy it, mark it bought or unreserve it.`,
  },
  bought: {
    title: 'I bought this elsewhere',
    submit: 'Mark as bought',
    pending: 'Saving…',
    intro: 'Tell the family you bought it somewhere else, so it no longer shows as needed.',
  },
}

type FormLike = ComponentType<{ method: 'post'; action?: string; noValidate?: boolean; className?: string; ref?: Ref<HTMLFormElement>; children?: ReactNode }>

/**
 * The reserve / 'I bought this elsewhere' form, for the modal (a fetcher form) and for the page section
 * that works without JavaScript (a plain form). Quantity goes up to what is still needed.
 */
export function ReserveForm({
  FormComponent,
  action,
  item,
  mode,
  failure,
  pending,
  defaults,
  footer,
}: {
  FormComponent: FormLike
  action?: string
  item: GuestItem
  mode: ReserveMode
  failure?: ReserveFailure | null
  pending: boolean
  defaults: { giverName: string; giverEmail: string }
  footer?: ReactNode
}) {
  const copy = reserveCopy[mode]
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()
  const max = Math.min(item.quantityStillNeeded, MAX_QUANTITY)
  const values = failure?.values
  const err = (k: string) => failure?.fields[k]?.[0]
  useEffect(() => {
    if (!failure || !formRef.current) return
    formRef.current.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus()
  }, [failure])
  const quantityError = failure?.conflict ? undefined : err('quantity')
  return (
    <FormComponent ref={formRef} method="post" action={action} noValidate className="flex flex-col gap-5">
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="itemId" value={item.id} />
      <div className="flex items-center gap-3">
        <ItemPicture item={item} width={64} height={64} className="size-16 shrink-0 rounded-xl border border-line bg-white object-cover" />
        <div className="min-w-0">
          <p className="font-semibold leading-snug text-ink">{item.title}</p>
          <p className="text-sm text-muted">
            {formatCents(item.priceCents)}&nbsp;· {item.quantityStillNeeded > 0 ? `${item.quantityStillNeeded} still needed` : 'Fulfilled'}
          </p>
        </div>
      </div>
      <p className="text-sm text-muted">{copy.intro}</p>
      {failure ? (
        <div tabIndex={-1} role="alert" className="outline-none">
          <Alert tone="error">{failure.conflict || Object.keys(failure.fields).length === 0 ? failure.message : 'Please check the fields marked below.'}</Alert>
        </div>
      ) : null}
      {max < 1 ? (
        <Alert tone="info">This gift is fulfilled: it needs no more. Thank you for thinking of it!</Alert>
      ) : (
        <>
          <div>
            <Label htmlFor={`${id}-quantity`}>Quantity</Label>
            <select
              id={`${id}-quantity`}
              name="quantity"
              defaultValue={values && Number(values.quantity) <= max ? values.quantity : '1'}
              aria-invalid={quantityError ? true : undefined}
              aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
              className={cx(inputClasses, 'mt-1.5 sm:max-w-40')}
            >
              {Array.from({ length: max }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-quantity-error`}>{quantityError}</FieldError>
          </div>
          <GiverFields
            values={{ ...defaults, ...values }}
            error={err}
            nameMax={80}
            emailHint="We send your confirmation here. The family does not see it."
            message={{ name: 'giftMessage', label: 'Gift message', id: `${id}-message`, max: NOTE_MAX }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" pending={pending} pendingLabel={copy.pending}>
              {copy.submit}
            </Button>
            {footer}
          </div>
        </>
      )}
    </FormComponent>
  )
}
