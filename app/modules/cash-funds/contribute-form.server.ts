// The contribute form's fields → the service's input, and the service's field paths → the form's names.
import type { FieldErrors } from '~/lib/errors'

export type ContributeValues = { amount: string; giverName: string; giverEmail: string; message: string }

const str = (form: FormData, name: string, max: number) => String(form.get(name) ?? '').slice(0, max)

/** What was typed (kept on failure; the card is never sent back) and the input for cashFunds.contribute. */
export function readContributeForm(form: FormData, cashFundId: number) {
  const values: ContributeValues = { amount: str(form, 'amount', 20), giverName: str(form, 'giverName', 200), giverEmail: str(form, 'giverEmail', 300), message: str(form, 'message', 2000) }
  const expiry = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(str(form, 'cardExpiry', 10))
  const cardName = str(form, 'cardName', 200).trim()
  const input = {
    cashFundId,
    amountCents: values.amount,
    giverName: values.giverName,
    giverEmail: values.giverEmail,
    message: values.message,
    idempotencyKey: str(form, 'idempotencyKey', 200),
    card: { number: str(form, 'cardNumber', 40), expMonth: expiry?.[1] ?? '', expYear: expiry?.[2] ?? '', cvc: str(form, 'cardCvc', 10), ...(cardName ? { nameOnCard: cardName } : {}) },
  }
  return { values, input }
}

/** Service field paths → the form's field names. */
export function contributeFormFields(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  const names: Record<string, string> = { amountCents: 'amount', card: 'cardNumber', 'card.number': 'cardNumber', 'card.expMonth': 'cardExpiry', 'card.expYear': 'cardExpiry', 'card.cvc': 'cardCvc', 'card.nameOnCard': 'cardName' }
  for (const [k, v] of Object.entries(fields)) (out[names[k] ?? k] ??= []).push(...v)
  return out
}
