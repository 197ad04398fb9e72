import { Link } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { Badge, cx, FieldError, TextField } from '~/ui'
import { savedCardStrings as s } from '../payment-methods.strings'
import { cardLabel, type PaymentMethodView } from '../payment-methods.validation'

/** Which card the form starts with: what was chosen before a failure, else the default card (if it can pay), else a new card. */
export function initialCardChoice(cards: PaymentMethodView[], chosen?: string): string {
  if (chosen && (chosen === 'new' || cards.some((c) => c.id === chosen && !c.expired))) return chosen
  return cards.find((c) => c.isDefault && !c.expired)?.id ?? cards.find((c) => !c.expired)?.id ?? 'new'
}

/**
 * The card part of a checkout form: the shopper's saved cards as a radio list (expired ones shown, not
 * choosable) and 'Use a new card' with the card fields, which show only while it is chosen (CSS :has, so it
 * works without JavaScript too). Signed-in shoppers can tick 'Save this card for next time'.
 */
export function CardChoice({
  cards,
  chosen,
  errors,
  defaults,
  canSave,
  saveChecked,
  testCardHint,
  labels,
  cardOptional = false,
}: {
  cards: PaymentMethodView[]
  chosen?: string
  errors?: FieldErrors
  defaults: { cardExpiry: string; cardName: string }
  /** Signed in: the 'Save this card' box is offered. */
  canSave: boolean
  saveChecked?: boolean
  testCardHint: string
  labels: { cardNumber: string; cardExpiry: string; cardCvc: string; cardName: string }
  /** Gift cards and store credit cover the total (docs/decisions/029): the card fields are not required. */
  cardOptional?: boolean
}) {
  const err = (k: string) => errors?.[k]?.[0]
  const initial = initialCardChoice(cards, chosen)
  const newCardFields = (
    <div className="flex flex-col gap-5">
      <p className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm font-semibold text-ink">{testCardHint}</p>
      <TextField label={labels.cardNumber} name="cardNumber" autoComplete="cc-number" inputMode="numeric" required={!cardOptional} optional={cardOptional} maxLength={23} error={err('cardNumber')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.cardExpiry}
          name="cardExpiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          required={!cardOptional}
          optional={cardOptional}
          maxLength={7}
          defaultValue={defaults.cardExpiry}
          error={err('cardExpiry')}
        />
        <TextField label={labels.cardCvc} name="cardCvc" autoComplete="cc-csc" inputMode="numeric" required={!cardOptional} optional={cardOptional} maxLength={4} error={err('cardCvc')} />
      </div>
      <TextField label={labels.cardName} name="cardName" autoComplete="cc-name" optional maxLength={100} defaultValue={defaults.cardName} error={err('cardName')} />
      {canSave ? (
        <div>
          <label className="flex min-h-11 items-center gap-3 text-base">
            <input type="checkbox" name="saveCard" defaultChecked={saveChecked} aria-describedby="saveCard-hint" className="size-5 accent-berry-700" />
            {s.saveThisCard}
          </label>
          <p id="saveCard-hint" className="text-sm text-muted">
            {s.saveThisCardHint}
          </p>
        </div>
      ) : null}
    </div>
  )
  if (cards.length === 0) return newCardFields

  const choiceError = err('paymentMethodId')
  return (
    <div className="group/cards flex flex-col gap-5">
      <fieldset aria-describedby={choiceError ? 'paymentMethodId-error' : undefined} className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">{s.payWith}</legend>
        {cards.map((c) => (
          <label
            key={c.id}
            className={cx(
              'flex min-h-11 items-center gap-3 rounded-xl border px-4 py-2 text-base',
              c.expired ? 'border-line bg-cream-200/40 text-muted' : 'border-line-strong has-[:checked]:border-berry-700 has-[:checked]:bg-berry-50',
            )}
          >
            <input
              type="radio"
              name="paymentMethodId"
              value={c.id}
              defaultChecked={initial === c.id}
              disabled={c.expired}
              aria-invalid={choiceError && initial === c.id ? true : undefined}
              className="size-5 shrink-0 accent-berry-700"
            />
            <span className="flex flex-wrap items-center gap-x-2">
              {cardLabel(c)}
              {c.isDefault && !c.expired ? <Badge>{s.defaultBadge}</Badge> : null}
              {c.expired ? <span className="text-sm">({s.expiredNote})</span> : null}
            </span>
          </label>
        ))}
        <label className="flex min-h-11 items-center gap-3 rounded-xl border border-line-strong px-4 py-2 text-base has-[:checked]:border-berry-700 has-[:checked]:bg-berry-50">
          <input type="radio" name="paymentMethodId" value="new" defaultChecked={initial === 'new'} className="size-5 shrink-0 accent-berry-700" />
          {s.useNewCard}
        </label>
        <FieldError id="paymentMethodId-error">{choiceError}</FieldError>
        <Link to="/settings/payment-methods" className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-berry-700 underline underline-offset-2">
          {s.manageCards}
        </Link>
      </fieldset>
      {/* Only while 'Use a new card' is chosen: without JavaScript too. */}
      <div className="hidden group-has-[input[name=paymentMethodId][value=new]:checked]/cards:block">{newCardFields}</div>
    </div>
  )
}
