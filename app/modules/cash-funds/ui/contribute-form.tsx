import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { checkoutStrings } from '~/modules/orders/checkout.strings'
import { CardChoice } from '~/modules/payments/ui/card-choice'
import { GiverFields } from '~/modules/registry/ui/giver-fields'
import { Alert, Button, FieldError, Icon, inputClasses, Label, cx } from '~/ui'
import type { ContributeValues } from '../contribute-form.server'

/** What a failed contribution answers: the message, per-field errors, what was typed (never the card) and the key for the next try. */
export type ContributeFailure = {
  ok: false
  message: string
  fields: FieldErrors
  values: ContributeValues
  idempotencyKey: string
}

/**
 * The card form for giving money (a cash fund gift or a group gift chip-in, docs/decisions/030): amount, name,
 * email, message and the card. A plain POST without JavaScript; with it, a pending button and focus on the
 * first problem. Typed values come back on failure (the card number never does).
 */
export function ContributeForm({
  idempotencyKey,
  failure,
  defaults,
  heading,
  amountHint,
  privacy,
  submitLabel,
  pendingLabel,
}: {
  idempotencyKey: string
  failure: ContributeFailure | null
  defaults: { giverName: string; giverEmail: string }
  heading: string
  amountHint: string
  privacy: string
  submitLabel: string
  pendingLabel: string
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  const values = failure?.values
  const err = (k: string) => failure?.fields[k]?.[0]
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-first]')?.focus()
  }, [failure])
  const t = checkoutStrings
  return (
    <Form ref={formRef} method="post" noValidate className="flex flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <input type="hidden" name="idempotencyKey" value={failure?.idempotencyKey ?? idempotencyKey} />
      <h2 className="text-xl font-bold text-ink">{heading}</h2>
      {failure ? (
        <div tabIndex={-1} data-focus-first className="outline-none">
          <Alert tone="error">{Object.keys(failure.fields).length === 0 || failure.fields.cardNumber ? failure.message : 'Please check the fields marked below.'}</Alert>
        </div>
      ) : null}
      <div>
        <Label htmlFor="amount">Amount (US dollars)</Label>
        <p id="amount-hint" className="mt-1 text-sm text-muted">
          {amountHint}
        </p>
        <div className="relative mt-1.5 sm:max-w-48">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">
            $
          </span>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={12}
            defaultValue={values?.amount ?? ''}
            aria-invalid={err('amount') ? true : undefined}
            aria-describedby={cx('amount-hint', err('amount') && 'amount-error')}
            className={cx(inputClasses, 'pl-7')}
          />
        </div>
        <FieldError id="amount-error">{err('amount')}</FieldError>
      </div>
      <GiverFields
        values={{ ...defaults, ...values }}
        error={err}
        nameMax={100}
        emailHint="We email your receipt here. The family does not see it."
        message={{ name: 'message', label: 'Message for the family', id: 'message', max: 500 }}
      />
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-bold text-ink">Pay by card</legend>
        <CardChoice
          cards={[]}
          errors={failure?.fields}
          defaults={{ cardExpiry: '', cardName: '' }}
          canSave={false}
          testCardHint={t.testCardHint}
          labels={{
            cardNumber: t.cardNumber,
            cardExpiry: t.cardExpiry,
            cardCvc: t.cardCvc,
            cardName: t.cardName,
          }}
        />
      </fieldset>
      <p className="flex items-start gap-2 text-sm text-muted">
        <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
        {privacy}
      </p>
      <div>
        <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}
